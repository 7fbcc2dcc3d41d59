"""Touch and pen: a phone-sized page with touch emulation taps and drags cards (real
touch events from Chromium, which it turns into pointer events of type "touch")."""

from __future__ import annotations

import logging

import pytest

from solitaire_widget import Game
from solitaire_widget.widget import SolitaireWidget

from .harness import Harness

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, caplog):
    caplog.set_level(logging.WARNING)
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
    )
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    ctx.close()
    assert not errors, errors
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not bad, [r.getMessage() for r in bad]


def center(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 8):
    """A finger pressed at `start`, moved to `end` and lifted, through the DevTools
    protocol (Playwright's touchscreen only taps)."""
    cdp = page.context.new_cdp_session(page)

    def point(x: float, y: float) -> list[dict]:
        return [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(*start)})
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(x, y)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def a_column_move(g: Game) -> str:
    """A card move, onto a column if there is one."""
    moves = sorted(
        (str(m) for m in g.legal_moves if str(m) != "draw"), key=lambda a: a.split(">")[1][0] != "t"
    )
    return moves[0]


def test_taps_deal_select_and_move(phone):
    g = Game("saratoga", seed=7)
    w = SolitaireWidget(g)
    h = Harness(phone, w, width=330)
    v = h.version()
    h.page.tap('.sw-slot[data-pile="s"]', force=True)
    h.wait_version(v)
    assert g.history == ["draw"]
    move = a_column_move(g)
    src, dst = move.split(">")[0], move.split(">")[1].split("*")[0]
    n = int(move.split("*")[1]) if "*" in move else 1
    first = len(g.pile(src)) - n
    box = h.card(src, first).bounding_box()
    v = h.version()
    h.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 6)
    assert h.page.locator(".sw-sel").count() == n
    h.page.touchscreen.tap(*center(h.top(dst).bounding_box()))
    h.wait_version(v)
    assert g.history == ["draw", move]
    h.screenshot("saratoga-touch-360px")


def test_a_finger_drags_a_card_onto_its_target(phone):
    g = Game("saratoga", seed=7)
    w = SolitaireWidget(g)
    h = Harness(phone, w, width=330)
    move = a_column_move(g)
    src, dst = move.split(">")[0], move.split(">")[1].split("*")[0]
    n = int(move.split("*")[1]) if "*" in move else 1
    box = h.card(src, len(g.pile(src)) - n).bounding_box()
    start = (box["x"] + box["width"] / 2, box["y"] + 6)
    end = center(h.top(dst).bounding_box())
    v = h.version()
    touch_drag(h.page, start, (end[0], end[1] + 4))
    h.wait_version(v)
    assert g.history == [move]
    # the page did not scroll or zoom under the finger: the table is where it was
    assert h.page.evaluate("window.scrollY") == 0


def test_a_short_wobble_of_the_finger_is_a_tap_not_a_drag(phone):
    g = Game("saratoga", seed=7)
    w = SolitaireWidget(g)
    h = Harness(phone, w, width=330)
    v = h.version()
    x, y = center(h.page.locator('.sw-slot[data-pile="s"]').bounding_box())
    touch_drag(h.page, (x, y), (x + 5, y + 3), steps=3)
    h.wait_version(v)
    assert g.history == ["draw"]


def test_a_pen_drags_a_card_onto_its_target(make_harness):
    g = Game("saratoga", seed=7)
    h = make_harness(SolitaireWidget(g), width=700)
    move = a_column_move(g)
    src, dst = move.split(">")[0], move.split(">")[1].split("*")[0]
    n = int(move.split("*")[1]) if "*" in move else 1
    box = h.card(src, len(g.pile(src)) - n).bounding_box()
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + 6
    x1, y1 = center(h.top(dst).bounding_box())
    cdp = h.page.context.new_cdp_session(h.page)

    def pen(kind: str, x: float, y: float, buttons: int) -> None:
        cdp.send(
            "Input.dispatchMouseEvent",
            {
                "type": kind,
                "x": x,
                "y": y,
                "button": "left",
                "buttons": buttons,
                "clickCount": 1,
                "pointerType": "pen",
            },
        )

    v = h.version()
    pen("mousePressed", x0, y0, 1)
    for i in range(1, 9):
        pen("mouseMoved", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8, 1)
    pen("mouseReleased", x1, y1, 0)
    cdp.detach()
    h.wait_version(v)
    assert g.history == [move]
