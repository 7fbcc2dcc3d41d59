"""In a real JupyterLab: the fatal-move warning (warn_fatal) and the review's mark of
the move that lost the deal.

The pair: Eagle Wing, seed 5, after t5>f1 the deal is winnable and t6>t5 loses it
(tests/test_fatal_warning.py proves it). SW_DOCS_IMAGES=1 writes the README's pictures
(docs/img/table-fatal-warning.png, docs/img/table-review-mark.png)."""

from __future__ import annotations

import ast
import json

import pytest

from .harness import picture
from .lab import notebook, run_cell, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]

SETUP = (
    "from solitaire_widget import SolitaireWidget\n"
    "w = SolitaireWidget('eagle-wing', seed=5, warn_fatal={warn}, thoughtful=True)\n"
    "w.game.play('t5>f1')\nw"
)
HISTORY = "print('HISTORY=' + repr(w.game.history))"


def _open(lab, browser, cells: list[str], name: str, answer: str = "winnable"):
    (lab.dir / name).write_text(json.dumps(notebook(cells)))
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.goto(lab.page_url(name))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    wait_idle(page)
    run_cell(page, 0)
    root = page.locator(".jp-OutputArea .sw-root").first
    root.wait_for(timeout=60_000)
    root.locator('.sw-card[data-pile="t6"]').last.wait_for()
    # the live answer (with every card known: the position is proved winnable before the
    # move is tried; honest: the chance's first estimate is in)
    root.locator(f".sw-live[data-answer={answer}]").wait_for(timeout=120_000)
    return ctx, page, root


def _seq(root) -> int:
    return int(root.get_attribute("data-seq"))


def _wait_seq(page, root, seq: int) -> None:
    page.wait_for_function(
        "([el, s]) => Number(el.dataset.seq) > s", arg=[root.element_handle(), seq]
    )


def _fatal_move(page, root) -> None:
    """t6>t5 by clicks: the top card of t6, then the top card of t5."""
    root.locator('.sw-card[data-pile="t6"]').last.click(position={"x": 10, "y": 8})
    seq = _seq(root)
    root.locator('.sw-card[data-pile="t5"]').last.click(position={"x": 10, "y": 8})
    _wait_seq(page, root, seq)


def _history(page, cell: int) -> list[str]:
    wait_idle(page)
    run_cell(page, cell)
    out = page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".jp-OutputArea-output")
    out.filter(has_text="HISTORY=").last.wait_for(timeout=60_000)
    text = out.filter(has_text="HISTORY=").last.inner_text()
    return ast.literal_eval(text.split("HISTORY=", 1)[1].strip().splitlines()[0])


def test_the_fatal_move_is_asked_about_taken_back_then_confirmed(lab, browser):
    ctx, page, root = _open(
        lab, browser, [SETUP.format(warn=True), HISTORY, HISTORY], "fatal.ipynb"
    )
    try:
        version = int(root.get_attribute("data-version"))
        assert root.locator(".sw-opt-warn_fatal").is_checked()
        _fatal_move(page, root)
        panel = root.locator(".sw-fatal-panel")
        panel.wait_for(state="visible")
        assert "can no longer be won" in panel.inner_text()
        # the move in words, not notation (issue 36, item 11)
        assert "(the top card of tableau 7 onto tableau 6)" in panel.inner_text()
        assert "t6>t5" not in panel.inner_text()
        # the question has the focus: Enter would play it, Esc takes it back
        assert page.evaluate("document.activeElement.classList.contains('sw-fatal-play')")
        assert int(root.get_attribute("data-version")) == version, "the move was not played"
        picture(root, "table-fatal-warning")

        seq = _seq(root)
        page.keyboard.press("Escape")
        _wait_seq(page, root, seq)
        panel.wait_for(state="hidden")
        assert int(root.get_attribute("data-version")) == version
        assert _history(page, 1) == ["t5>f1"]

        # again: Tab to "Take it back" and Enter takes it back (Enter is the button's)
        _fatal_move(page, root)
        panel.wait_for(state="visible")
        seq = _seq(root)
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('sw-fatal-back')")
        page.keyboard.press("Enter")
        _wait_seq(page, root, seq)
        panel.wait_for(state="hidden")
        assert int(root.get_attribute("data-version")) == version

        # and once more, "Play it anyway" with Enter (the question has the focus)
        _fatal_move(page, root)
        panel.wait_for(state="visible")
        seq = _seq(root)
        page.keyboard.press("Enter")
        _wait_seq(page, root, seq)
        panel.wait_for(state="hidden")
        root.locator(".sw-live[data-answer=lost]").wait_for(timeout=60_000)
        assert _history(page, 2) == ["t5>f1", "t6>t5"]
    finally:
        ctx.close()


def test_the_review_mark_looks_back_before_the_losing_move_and_plays_on(lab, browser):
    """Without the warning the losing move is played; the live answer marks it
    ("winnable until move 2 (the top card of tableau 7 onto tableau 6)"), a click looks
    back at the position before it, where the answer says winnable, and "Play on from
    here" goes on from there."""
    ctx, page, root = _open(lab, browser, [SETUP.format(warn=False), HISTORY], "mark.ipynb")
    try:
        _fatal_move(page, root)
        assert root.locator(".sw-fatal-panel:not([hidden])").count() == 0
        root.locator(".sw-live[data-answer=lost]").wait_for(timeout=60_000)
        mark = root.locator(".sw-fatal")
        mark.wait_for(state="visible", timeout=60_000)
        # the move in words, not notation (issue 36, item 11)
        assert mark.inner_text().strip() == (
            "winnable until move 2 (the top card of tableau 7 onto tableau 6)"
        )
        picture(root, "table-review-mark")
        seq = _seq(root)
        mark.click()
        _wait_seq(page, root, seq)
        root.locator(".sw-review-nav:not([hidden])").wait_for()
        assert "1" in root.locator(".sw-review-at").inner_text()
        # the live answer describes the position shown: still winnable there
        root.locator(".sw-live[data-answer=winnable]").wait_for(timeout=60_000)
        seq = _seq(root)
        root.locator(".sw-btn-review-playon").click()
        _wait_seq(page, root, seq)
        root.locator(".sw-review-nav").wait_for(state="hidden")
        assert _history(page, 1) == ["t5>f1"]
    finally:
        ctx.close()


HONEST = (
    "from solitaire_widget import SolitaireWidget, game_search, live\n"
    "# the worlds bounded by nodes alone, so that the chances are the same on any machine\n"
    "game_search.WORLD_SECONDS = live.WORLD_SECONDS = None\n"
    "game_search.FIRST_SECONDS = 1e6\n"
    "w = SolitaireWidget('eagle-wing', seed=15, warn_fatal=True)\n"
    "w"
)
# the honest warning's look-ahead runs in the background after the first estimate:
# waited for without holding the kernel's event loop (which runs its answers)
LOOKED = (
    "import asyncio\n"
    "for _ in range(1200):\n"
    "    if w.live._honest_ahead is not None:\n"
    "        break\n"
    "    await asyncio.sleep(0.1)\n"
    "print('LOOKED=' + repr(w.live._honest_ahead is not None))"
)


def test_the_honest_warning_gives_the_chances_and_plays_on_confirm(lab, browser):
    """thoughtful off (the default): the warning is the honest one. Eagle Wing 15's
    t7>t4 wins five of the eight worlds the deal wins in all eight (tests/
    test_honest_live.py): the panel says the chance falls, from what the player can
    see, and "Play it anyway" plays it."""
    ctx, page, root = _open(lab, browser, [HONEST, LOOKED, HISTORY], "honest.ipynb", "chance")
    try:
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="LOOKED=").last.wait_for(timeout=180_000)
        assert "LOOKED=True" in out.filter(has_text="LOOKED=").last.inner_text()
        version = int(root.get_attribute("data-version"))
        root.locator('.sw-card[data-pile="t7"]').last.click(position={"x": 10, "y": 8})
        seq = _seq(root)
        root.locator('.sw-card[data-pile="t4"]').last.click(position={"x": 10, "y": 8})
        _wait_seq(page, root, seq)
        panel = root.locator(".sw-fatal-panel")
        panel.wait_for(state="visible")
        text = panel.inner_text()
        assert "This move lowers your chance from about 100%" in text, text
        assert "from what you can see" in text and "Of 8 ways" in text, text
        assert "can no longer be won" not in text
        assert int(root.get_attribute("data-version")) == version, "the move was not played"
        seq = _seq(root)
        page.keyboard.press("Enter")  # "Play it anyway" has the focus
        _wait_seq(page, root, seq)
        panel.wait_for(state="hidden")
        assert _history(page, 2) == ["t7>t4"]
    finally:
        ctx.close()
