"""In a real JupyterLab: the table after a kernel restart says at once why it cannot
play (greyed, before any click) instead of looking live and then going dead with an
uncaught "Cannot send" error; and the toolbar keeps to one row in Lab's default notebook
cell, file browser open, in English and in Greek."""

from __future__ import annotations

import json

import pytest

from .harness import ARTIFACTS
from .lab import notebook, run_cell, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]


def restart_kernel(page) -> None:
    """Kernel > Restart Kernel… and the dialog's Restart, as a person does it (a restart
    through the REST API alone leaves the page's comms open)."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").click()
    page.locator(".lm-Menu-itemLabel", has_text="Restart Kernel…").first.click()
    page.locator(".jp-Dialog-button.jp-mod-accept").click()


def test_table_after_a_kernel_restart_says_why_it_cannot_play(lab, browser, tmp_path):
    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            "w = SolitaireWidget('saratoga', seed=7)\nw",
            "w2 = SolitaireWidget('kansas', seed=3, lang='el')\nw2",
        ]
    )
    (tmp_path / "NB.ipynb").write_text(json.dumps(nb))
    # JupyterLab's default: a 1280 x 800 window, file browser open.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(lab.page_url("NB.ipynb"))
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        wait_idle(page)
        run_cell(page, 0)
        root = page.locator(".jp-OutputArea .sw-root").first
        root.wait_for(timeout=60_000)
        run_cell(page, 1)
        page.locator(".jp-OutputArea .sw-root").nth(1).wait_for(timeout=60_000)
        wait_idle(page)
        # The toolbar in Lab's default cell width: one row in English and in Greek.
        for i in range(2):
            bar = page.locator(".jp-OutputArea .sw-root .sw-bar").nth(i)
            mids = bar.evaluate(
                "b => [...b.querySelectorAll('button, select, input')]"
                ".filter(e => e.offsetParent)"
                ".map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })"
            )
            width = page.locator(".jp-OutputArea .sw-root").nth(i).bounding_box()["width"]
            print(f"cell {i}: the table is {width:.0f} px wide in Lab's default cell")
            assert len(mids) >= 7 and max(mids) - min(mids) < 4, (i, width, mids)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-default-cell.png"))

        # A click reaches the kernel before the restart...
        v = int(root.get_attribute("data-version"))
        page.locator('.jp-OutputArea .sw-slot[data-pile="s"]').first.click(force=True)
        page.wait_for_function(
            f"Number(document.querySelector('.jp-OutputArea .sw-root').dataset.version) > {v}"
        )
        restart_kernel(page)
        wait_idle(page)
        # ...and after it the table says at once that it cannot play, before any click
        # (issue 36, item 11: it looked live until the first click): greyed, with the
        # notice on the felt and in the status line, every table of the notebook
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea .sw-root')]"
            ".every(r => r.dataset.offline === 'true')",
            timeout=15_000,
        )
        assert (
            "kernel is not connected"
            in page.locator(".jp-OutputArea .sw-root .sw-notice").first.inner_text()
        )
        assert (
            "πυρήνας δεν είναι συνδεδεμένος"
            in page.locator(".jp-OutputArea .sw-root .sw-notice").nth(1).inner_text()
        )
        # a click is answered on the table too, not thrown in the console
        page.locator('.jp-OutputArea .sw-slot[data-pile="s"]').first.click(force=True)
        notice = page.locator(".jp-OutputArea .sw-root .sw-notice").first
        page.wait_for_function(
            "() => document.querySelector('.jp-OutputArea .sw-root .sw-notice')"
            ".textContent.includes('kernel is not connected')",
            timeout=15_000,
        )
        assert "run the cell again" in notice.inner_text()
        assert root.get_attribute("data-offline") == "true"
        # said on the felt too, where the player clicked (the status line may be below)
        over = page.locator(".jp-OutputArea .sw-root .sw-over").first
        assert over.get_attribute("data-status") == "offline" and over.is_visible()
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-after-restart.png"))
        # Running the cell again brings a live table back.
        run_cell(page, 0)
        wait_idle(page)
        fresh = page.locator(".jp-OutputArea .sw-root").first
        fresh.wait_for()
        page.wait_for_function(
            "() => !document.querySelector('.jp-OutputArea .sw-root').dataset.offline"
        )
        assert not [e for e in errors if "Cannot send" in e], errors
    finally:
        ctx.close()
