"""The deck settings in a real JupyterLab, with its own stylesheet and themes: each of
the More row's deck controls changes the cards drawn (the suits' inks, the corner
index's size, the backs' pattern), the high-contrast felt keeps its contrast in the dark
theme too, the settings survive New and a change of game, and the kernel's traits say
the same. SW_DOCS_IMAGES=1 also writes the README's pictures to docs/img."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from .harness import ARTIFACTS, ROOT
from .lab import notebook, run_cell, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]

# js/cardsvg.js DECKS: each suit's ink
INKS = {
    "classic": {"C": "#1b1b22", "D": "#c0162c", "H": "#c0162c", "S": "#1b1b22"},
    "four_colour": {"C": "#12702a", "D": "#1f57c3", "H": "#c0162c", "S": "#1b1b22"},
    "high_contrast": {"C": "#1c7282", "D": "#6c30bf", "H": "#bb261c", "S": "#000"},
}
# js/cardsvg.js INDEX: the corner's rank font size, normal and large (and for "10")
INDEX = {False: ("18", "15"), True: ("32", "27")}


def index_size(card: str, large: bool) -> str:
    return INDEX[large][card[0] == "T"]


# What every face-up and face-down card shows: its suit's ink, its index's size, the back.
CARDS_JS = """root => [...root.querySelectorAll('.sw-card')].map(e => {
  const svg = e.querySelector(':scope > svg');
  const ink = svg && svg.querySelector(':scope > g');
  const idx = e.querySelector('.sw-idx');
  return {card: e.dataset.card || null, down: e.classList.contains('sw-down'),
          fill: ink ? ink.getAttribute('fill') : null,
          index: idx ? idx.getAttribute('font-size') : null,
          back: svg ? svg.getAttribute('data-back') : null};
})"""

# The felt as the page's stylesheet and theme draw it: the felt's middle colour, the
# slots' outline and label colours, read from computed styles.
FELT_JS = """root => {
  const cs = getComputedStyle(root);
  const slot = root.querySelector('.sw-slot');
  const span = slot.querySelector('span');
  return {felt1: cs.getPropertyValue('--sw-felt1').trim(),
          felt2: cs.getPropertyValue('--sw-felt2').trim(),
          line: getComputedStyle(slot).borderTopColor, ink: getComputedStyle(span).color,
          opacity: getComputedStyle(span).opacity,
          light: document.body.dataset.jpThemeLight};
}"""


def _rgb(c: str) -> tuple[float, float, float, float]:
    c = c.strip()
    if c.startswith("#"):
        h = c[1:]
        if len(h) == 3:
            h = "".join(x * 2 for x in h)
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    parts = [float(x) for x in c[c.index("(") + 1 : c.index(")")].split(",")]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def _lum(rgb: tuple[float, ...]) -> float:
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(top: str, under: str, opacity: float = 1.0) -> float:
    """WCAG 2.x contrast of ``top`` (maybe translucent) drawn over opaque ``under``."""
    t, u = _rgb(top), _rgb(under)
    a = t[3] * opacity
    mixed = tuple(t[i] * a + u[i] * (1 - a) for i in range(3))
    hi, lo = sorted([_lum(mixed), _lum(u)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_deck_settings_in_jupyterlab(lab, browser, tmp_path):
    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            "w = SolitaireWidget('klondike', seed=5, live_solver=False)\nw",
            "print('LOOKS=' + ' '.join(map(str, (w.deck, w.card_back, w.large_index,"
            " w.game.name, w.game.seed))))",
        ]
    )
    (tmp_path / "NB.ipynb").write_text(json.dumps(nb))
    ctx = browser.new_context(viewport={"width": 1000, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    shots: dict[str, str] = {}
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto(lab.page_url("NB.ipynb"))
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        wait_idle(page)
        run_cell(page, 0)
        root = page.locator(".jp-OutputArea .sw-root").first
        root.wait_for(timeout=60_000)
        page.locator(".sw-card.sw-down").first.wait_for()
        root.locator(".sw-btn-more").click()

        def cards() -> list[dict]:
            return root.evaluate(CARDS_JS)

        def drawn(deck: str, large: bool, back: str) -> bool:
            """Every card drawn as asked: face-up ones in the deck's inks with the index
            size, face-down ones with the back (and no name)."""
            cs = cards()
            up = [c for c in cs if not c["down"]]
            down = [c for c in cs if c["down"]]
            return (
                len(up) >= 7
                and len(down) >= 20
                and all(c["fill"] == INKS[deck][c["card"][1]] for c in up)
                and all(c["index"] == index_size(c["card"], large) for c in up)
                and all(c["back"] == back and c["card"] is None for c in down)
            )

        def wait_drawn(deck: str, large: bool, back: str) -> None:
            for _ in range(600):
                if drawn(deck, large, back):
                    return
                page.wait_for_timeout(50)
            up = [c for c in cards() if not c["down"]]
            raise AssertionError(f"not drawn as {deck}, {large}, {back}: {up}")

        def shot(name: str) -> None:
            path = ARTIFACTS / f"{name}.png"
            root.locator(".sw-table").screenshot(path=str(path))
            shots[name] = str(path)

        wait_drawn("classic", False, "lattice")
        suits = {c["card"][1] for c in cards() if not c["down"]}
        assert {"C", "D"} & suits and {"H", "S"} & suits  # the deal shows both colours
        labels = root.locator("select.sw-deck option").all_inner_texts()
        assert labels == ["Classic", "Four colours", "High contrast"]

        root.locator("select.sw-deck").select_option("four_colour")
        wait_drawn("four_colour", False, "lattice")
        shot("deck-four-colour")

        root.locator("select.sw-deck").select_option("high_contrast")
        wait_drawn("high_contrast", False, "lattice")
        felt = root.evaluate(FELT_JS)
        assert felt["light"] == "true"
        shot("deck-high-contrast")

        backs: dict[str, str] = {}
        for back in ("chevrons", "rings", "lattice"):
            root.locator("select.sw-back").select_option(back)
            wait_drawn("high_contrast", False, back)
            backs[back] = root.locator(".sw-card.sw-down > svg").first.evaluate("e => e.outerHTML")
        root.locator("select.sw-deck").select_option("classic")
        root.locator("input.sw-large").check()
        wait_drawn("classic", True, "lattice")
        shot("deck-large-index")

        # all three on: they survive New, a typed deal number, another game
        root.locator("select.sw-deck").select_option("four_colour")
        root.locator("select.sw-back").select_option("rings")
        wait_drawn("four_colour", True, "rings")
        seed = root.locator("input.sw-seed").input_value()
        root.locator(".sw-btn-new").click()
        page.wait_for_function(
            "s => document.querySelector('.sw-root input.sw-seed').value !== s", arg=seed
        )
        wait_drawn("four_colour", True, "rings")
        root.locator("select.sw-game").select_option("eagle-wing")
        page.wait_for_function(
            "() => document.querySelector('.sw-root').dataset.deck === 'four_colour'"
            " && document.querySelector('.sw-card[data-pile=\"r\"]') !== null"
        )
        ups = [c for c in cards() if not c["down"]]
        assert ups and all(c["fill"] == INKS["four_colour"][c["card"][1]] for c in ups)
        assert all(c["index"] == index_size(c["card"], True) for c in ups)
        assert all(c["back"] == "rings" for c in cards() if c["down"])
        # the controls show what is on
        assert root.locator("select.sw-deck").input_value() == "four_colour"
        assert root.locator("select.sw-back").input_value() == "rings"
        assert root.locator("input.sw-large").is_checked()
        assert root.locator(".sw-notice").inner_text().strip() == ""

        # the kernel agrees
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="LOOKS=").wait_for(timeout=60_000)
        looks = out.filter(has_text="LOOKS=").inner_text().split("LOOKS=", 1)[1].split()
        assert looks[:4] == ["four_colour", "rings", "True", "eagle-wing"]

        # High contrast in JupyterLab's light theme, then its dark theme (its felt
        # darkens the classic felt by a rule the high-contrast one must outrank).
        root.locator("select.sw-deck").select_option("high_contrast")
        page.wait_for_function(
            "() => document.querySelector('.sw-root').dataset.deck === 'high_contrast'"
        )
        classic_dark = None
        for theme in ("light", "dark"):
            if theme == "dark":
                page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
                page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
                menu = page.locator(".lm-Menu-itemLabel")
                menu.get_by_text("JupyterLab Dark", exact=True).click()
                page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
            felt = root.evaluate(FELT_JS)
            assert felt["light"] == ("true" if theme == "light" else "false")
            for bg in (felt["felt1"], felt["felt2"]):
                assert contrast(felt["line"], bg) >= 3, (theme, felt)
                assert contrast(felt["ink"], bg, float(felt["opacity"])) >= 4.5, (theme, felt)
                assert contrast("#ffffff", bg) >= 3, (theme, felt)
            if theme == "dark":
                root.locator("select.sw-deck").select_option("classic")
                page.wait_for_function(
                    "() => document.querySelector('.sw-root').dataset.deck === 'classic'"
                )
                classic_dark = root.evaluate(FELT_JS)
        # the dark theme's own felt is there, so the high-contrast one did outrank it
        assert classic_dark and classic_dark["felt1"] != felt["felt1"]
        assert not errors, errors
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()

    # the backs side by side, drawn by the page's own markup
    pic = browser.new_page(viewport={"width": 420, "height": 200})
    try:
        cells = "".join(
            f'<figure><div class="c">{svg}</div><figcaption>{name}</figcaption></figure>'
            for name, svg in backs.items()
        )
        pic.set_content(
            "<style>body{margin:0;background:radial-gradient(ellipse at 50% 35%,#3a8a57,#1f6039);"
            "display:flex;gap:24px;padding:16px 24px;font:14px system-ui,sans-serif;color:#fff}"
            "figure{margin:0;text-align:center}.c{width:100px;height:140px;border-radius:7%/5%;"
            "box-shadow:0 1px 2px rgba(0,0,0,.35),0 3px 8px rgba(0,0,0,.18)}"
            ".c svg{display:block;width:100%;height:100%}</style>" + cells
        )
        path = ARTIFACTS / "deck-backs.png"
        pic.locator("body").screenshot(path=str(path))
        shots["deck-backs"] = str(path)
    finally:
        pic.close()
    if os.environ.get("SW_DOCS_IMAGES"):
        for name, path in shots.items():
            shutil.copy(path, ROOT / "docs" / "img" / f"{name}.png")
