"""A game written in a notebook cell plays in a real JupyterLab: the cell defines a
``Rules`` subclass (tests/test_rules_anywhere.py's scratch game, its source pasted into
the cell as a teacher would type it), shows ``SolitaireWidget`` on an instance of it, and
a click on the stock and a card moved by mouse change the kernel's game."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import json
import sys
from pathlib import Path

import pytest

from solitaire_widget import Game

from .harness import ARTIFACTS, pile_cards
from .lab import notebook, run_cell, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]

# tests/ is no package: the scratch game's module is read from its file
_spec = importlib.util.spec_from_file_location(
    "rules_anywhere", Path(__file__).parents[1] / "test_rules_anywhere.py"
)
assert _spec and _spec.loader
_module = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _module  # inspect.getsource finds the file through it
_spec.loader.exec_module(_module)
Scratch = _module.Scratch

CELL_IMPORTS = (
    "from solitaire_widget import Rules, SolitaireWidget\n"
    "from solitaire_widget.games.base import F0, F3, Table\n"
    "from solitaire_widget.moves import FIRST_TABLEAU, STOCK\n\n"
)


def test_a_game_written_in_a_cell_plays_in_jupyterlab(lab, browser, tmp_path):
    # the move the page will make, worked out on our side with the same class
    seed = next(s for s in range(1, 100) if _a_move_after_one_draw(s))
    action = _a_move_after_one_draw(seed)
    assert action is not None
    g = Game(Scratch(), seed=seed)
    g.draw()
    src, dst = action.split(">")[0], action.split(">")[1].split("*")[0]
    src_index = len(pile_cards(g.snapshot(), src)) - 1

    source = CELL_IMPORTS + inspect.getsource(Scratch).replace("  # noqa: RUF012", "")
    nb = notebook(
        [
            source + f"\nw = SolitaireWidget(Scratch(), seed={seed})\nw",
            "print('HISTORY=' + repr(w.game.history) + ' ' + w.game.title)",
        ]
    )
    (tmp_path / "NB.ipynb").write_text(json.dumps(nb))
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(lab.page_url("NB.ipynb"))
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        wait_idle(page)
        run_cell(page, 0)
        root = page.locator(".jp-OutputArea .sw-root").first
        root.wait_for(timeout=60_000)
        page.locator('.sw-card[data-pile="s"]').last.wait_for()
        # four columns, laid out from the game's pile counts (no layout was written)
        assert root.locator('.sw-slot[data-pile="t3"]').count() == 1
        assert root.locator('.sw-slot[data-pile="t4"]').count() == 0
        assert page.locator(".sw-notice").first.inner_text().strip() == ""

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
        root.screenshot(path=str(ARTIFACTS / "jupyterlab-cell-game.png"))
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="HISTORY=").wait_for(timeout=60_000)
        text = out.filter(has_text="HISTORY=").inner_text().split("HISTORY=", 1)[1].strip()
        history, title = text.split("]", 1)
        assert ast.literal_eval(history + "]") == ["draw", action]
        assert title.strip() == Scratch.title
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()


def _a_move_after_one_draw(seed: int) -> str | None:
    g = Game(Scratch(), seed=seed)
    g.draw()
    return next((str(m) for m in g.legal_moves if str(m) != "draw"), None)
