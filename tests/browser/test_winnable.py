"""Winnable deals only and the difficulty, in a real JupyterLab: the switch and the
grade are turned on in the toolbar's More row, New deals a deal the published list
proves won, the status line shows its grade, and the switch stays on for the next New.
With SW_DOCS_IMAGES=1 the table's picture is copied to docs/img/table-winnable.png, and
the statistics panel's, with its line for the grade, to docs/img/table-stats-graded.png."""

from __future__ import annotations

import json

import pytest

from .harness import picture
from .lab import notebook, run_cell, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]


def test_winnable_deals_and_their_difficulty_in_jupyterlab(lab, browser, tmp_path):
    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            "from solitaire_widget.statistics import Statistics\n"
            "w = SolitaireWidget('saratoga', seed=5, statistics=Statistics())\nw",
            "from solitaire_widget.deals import published_list\n"
            "p = published_list(w.game.name, w.game.options)\n"
            "d = w.game.difficulty()\n"
            "print('DEALT', w.winnable_only, w.difficulty, w.game.seed, p.won(w.game.seed),"
            " d.grade if d else None)",
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
        root.locator(".sw-card").first.wait_for()
        # seed 5 is lost from the deal (Q♠ on A♠): not dealt winnable, no grade shown
        assert root.locator(".sw-st-difficulty").is_hidden()

        def seq() -> int:
            return int(root.get_attribute("data-seq") or 0)

        root.locator(".sw-btn-more").click()
        box = root.locator(".sw-opt-winnable_only")
        assert root.locator(".sw-difficulty").is_disabled()  # a grade is for winnable deals
        s = seq()
        box.check()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.seq) > {s}")
        assert box.is_checked() and root.locator(".sw-difficulty").is_enabled()
        s = seq()
        root.locator(".sw-difficulty").select_option("easy")
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.seq) > {s}")
        for _ in range(2):  # the switch and the grade stay on across deals
            old = root.locator(".sw-seed").input_value()
            root.locator(".sw-btn-new").click()
            page.wait_for_function(
                "old => document.querySelector('.sw-seed').value !== old", arg=old
            )
            grade = root.locator(".sw-st-difficulty")
            grade.wait_for()
            assert grade.get_attribute("data-grade") == "easy"
            assert grade.inner_text().split() in (["Difficulty:", "easy"], ["Difficulty:easy"])
            assert box.is_checked()
            assert root.locator(".sw-difficulty").input_value() == "easy"
        seed = int(root.locator(".sw-seed").input_value())
        picture(root, "jupyterlab-winnable", "table-winnable")
        # the kernel agrees: the switch on, the deal proved won and graded easy
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="DEALT").wait_for(timeout=60_000)
        words = out.filter(has_text="DEALT").inner_text().split()
        assert words == ["DEALT", "True", "easy", str(seed), "True", "easy"]
        # a deal of a grade with a move, left for New: the statistics count it lost,
        # under its grade, in the panel
        s = seq()
        root.locator('.sw-card[data-pile="s"]').last.click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.seq) > {s}")
        old = root.locator(".sw-seed").input_value()
        root.locator(".sw-btn-new").click()
        page.wait_for_function("old => document.querySelector('.sw-seed').value !== old", arg=old)
        root.locator(".sw-btn-stats").click()
        graded = root.locator('.sw-stats [data-stat="graded-easy"]')
        graded.wait_for()
        assert graded.inner_text() == "0 of 1"
        label = graded.locator("xpath=preceding-sibling::dt").inner_text()
        assert label == "Won (easy deals)", label
        assert root.locator('.sw-stats [data-stat="played"]').inner_text() == "1"
        assert root.locator('.sw-stats [data-stat="graded-hard"]').count() == 0
        picture(root, "jupyterlab-stats-graded", "table-stats-graded")
        # Greek: the same controls, grade and figures, translated
        root.locator(".sw-lang").select_option("el")
        root.locator(".sw-st-difficulty", has_text="Δυσκολία:").wait_for()
        assert "εύκολο" in root.locator(".sw-st-difficulty").inner_text()
        assert "Μόνο μοιράσματα" in root.locator(".sw-dealing label").inner_text()
        root.locator('.sw-stats [data-stat="graded-easy"]', has_text="0 από 1").wait_for()
        label = graded.locator("xpath=preceding-sibling::dt").inner_text()
        assert label == "Νίκες (δυσκολία: εύκολο)", label
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()
