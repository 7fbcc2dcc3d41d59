"""End to end in a real Notebook 7 (the `notebook` extra): run the cell that shows the
widget, draw from the stock and move a card by clicking on the rendered table, and check
the kernel's game has both moves."""

from __future__ import annotations

import ast
import json

import pytest

from solitaire_widget import Game

from .harness import ARTIFACTS, pile_cards
from .lab import LabServer, notebook, run_cell, wait_kernels_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]

SEED = 7


@pytest.fixture
def nb7(tmp_path, browser):
    pytest.importorskip("notebook", minversion="7")
    server = LabServer(tmp_path, app="notebook")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def test_play_in_notebook7(nb7, browser, tmp_path):
    g = Game("kansas", seed=SEED)
    g.draw()
    action = next(str(m) for m in g.legal_moves if str(m) != "draw")
    src, dst = action.split(">")[0], action.split(">")[1].split("*")[0]
    n = int(action.split("*")[1]) if "*" in action else 1
    src_index = len(pile_cards(g.snapshot(), src)) - n

    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            f"w = SolitaireWidget('kansas', seed={SEED})\nw",
            "print('HISTORY=' + repr(w.game.history))",
        ]
    )
    (tmp_path / "NB.ipynb").write_text(json.dumps(nb))

    ctx = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(nb7.page_url("NB.ipynb"))
        # Notebook 7's own page, not JupyterLab's: one notebook, no launcher, no side bar.
        page.wait_for_selector("#main-panel .jp-Notebook .jp-Cell", timeout=120_000)
        assert page.locator(".jp-LabShell").count() == 0
        wait_kernels_idle(nb7)
        run_cell(page, 0)
        root = page.locator(".jp-OutputArea .sw-root").first
        root.wait_for(timeout=60_000)
        page.locator('.sw-card[data-pile="s"]').last.wait_for()
        assert page.locator(".sw-notice").first.inner_text().strip() == ""
        # The output's SVG picture is for viewers without a kernel: here the view wins.
        assert page.locator(".jp-OutputArea .jp-RenderedSVG, .jp-OutputArea img").count() == 0
        # The felt and the piles laid out in a row: the stylesheet reached the page.
        felt = root.locator(".sw-table").evaluate("e => getComputedStyle(e).backgroundImage")
        assert "gradient" in felt

        def version() -> int:
            return int(root.get_attribute("data-version"))

        v = version()
        page.locator('.sw-card[data-pile="s"]').last.click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")
        page.locator('.sw-card[data-pile="w"]').first.wait_for()

        v = version()
        page.locator(f'.sw-card[data-pile="{src}"][data-index="{src_index}"]').click(
            position={"x": 10, "y": 8}
        )
        target = page.locator(f'.sw-card[data-pile="{dst}"]')
        (target.last if target.count() else page.locator(f'.sw-slot[data-pile="{dst}"]')).click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")

        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_timeout(300)  # the cards' 90 ms slide has ended
        page.screenshot(path=str(ARTIFACTS / "notebook7-kansas.png"))
        wait_kernels_idle(nb7)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="HISTORY=").wait_for(timeout=60_000)
        text = out.filter(has_text="HISTORY=").inner_text()
        assert ast.literal_eval(text.split("HISTORY=", 1)[1].strip()) == ["draw", action]
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(nb7.logs())
        raise
    finally:
        ctx.close()
