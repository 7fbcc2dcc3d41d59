"""End to end in a real JupyterLab: run the cell that shows the widget, click the stock
and move a card in the rendered output, and check the kernel's game changed."""

from __future__ import annotations

import ast
import json

import pytest

from solitaire_widget import Game

from .harness import ARTIFACTS, pile_cards
from .lab import notebook, run_cell, wait_idle
from .test_play import a_turning_move, parts

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab, pytest.mark.slow]

SEED = 7


def test_play_in_jupyterlab(lab, browser, tmp_path):
    # Work out, on our side, a card move that is legal after one draw.
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
            "w  # a second view of the same widget",
            # The solver in a real kernel: its replay runs on the kernel's event loop.
            "s = SolitaireWidget('eagle-wing', seed=3, lang='el')\ns.replay_delay = 0.01\ns",
            "print('SOLVED=' + s.game.status + ' ' + str(s.game.moves) + ' '"
            " + str(len(s.last_solve.solution)))",
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
        # Nothing the front end sent on its own was refused.
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

        # Keys typed after a click go to the table, not to JupyterLab's shortcuts
        # (in command mode "d d" would delete the cell).
        v = version()
        page.keyboard.press("d")
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")
        page.keyboard.press("d")
        page.wait_for_function(
            f"Number(document.querySelector('.sw-root').dataset.version) > {v + 1}"
        )
        assert page.locator(".jp-Notebook .jp-Cell").count() == len(nb["cells"]), (
            "no cell was deleted"
        )

        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / "jupyterlab-kansas.png"))
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="HISTORY=").wait_for(timeout=60_000)
        text = out.filter(has_text="HISTORY=").inner_text()
        history = ast.literal_eval(text.split("HISTORY=", 1)[1].strip())
        assert history == ["draw", action, "draw", "draw"]

        # Two views of one widget stay in sync: a click in the second shows in the first.
        run_cell(page, 2)
        cells = page.locator(".jp-Notebook .jp-Cell")
        first, second = cells.nth(0).locator(".sw-root"), cells.nth(2).locator(".sw-root")
        second.locator(".sw-card").first.wait_for()
        v = int(first.get_attribute("data-version"))
        assert int(second.get_attribute("data-version")) == v
        second.locator('.sw-card[data-pile="s"]').last.click()
        page.wait_for_function(
            "v => [...document.querySelectorAll('.sw-root')].every("
            "r => Number(r.dataset.version) > v)",
            arg=v,
        )

        def cards(view) -> list[str]:
            return sorted(
                view.locator(".sw-card").evaluate_all(
                    "els => els.map(e => `${e.dataset.pile}:${e.dataset.index}:${e.dataset.card}`)"
                )
            )

        assert cards(first) == cards(second)

        # Solve: the kernel finds the win and sends it move by move; the page shows
        # every step (its version climbs while the game is still open) and ends won.
        wait_idle(page)
        run_cell(page, 3)
        solver = cells.nth(3).locator(".sw-root")
        solver.locator(".sw-card").first.wait_for()
        v0 = int(solver.get_attribute("data-version"))
        solver.locator(".sw-btn-solve").click()
        solver.locator(".sw-btn-solve", has_text="Διακοπή").wait_for()
        page.wait_for_function(
            "v => Number(document.querySelectorAll('.sw-root')[2].dataset.version) > v + 20", arg=v0
        )
        assert solver.locator(".sw-over:not([hidden])").count() == 0, "played step by step"
        solver.locator(".sw-over:not([hidden])").wait_for(timeout=60_000)
        page.wait_for_timeout(50)
        solver.screenshot(path=str(ARTIFACTS / "jupyterlab-eagle-wing-solved.png"))
        wait_idle(page)
        run_cell(page, 4)
        out = cells.nth(4).locator(".jp-OutputArea-output").filter(has_text="SOLVED=")
        out.wait_for(timeout=60_000)
        status, moves, length = out.inner_text().split("SOLVED=", 1)[1].split()
        assert status == "won" and moves == length
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()


def test_klondike_in_jupyterlab(lab, browser, tmp_path):
    """Klondike in a real JupyterLab: its face-down cards are backs that name no card
    (no data-card, nothing in the page's HTML), and a click move that lays one bare
    turns it over, in the kernel and on the page."""
    for seed in range(1, 300):
        g = Game("klondike", seed=seed)
        action = a_turning_move(g)
        if action:
            break
    else:
        raise AssertionError("no Klondike deal with a move that uncovers a card")
    snap = g.snapshot()
    src, dst, n = parts(action)
    col = pile_cards(snap, src)
    hidden = {c.upper() for p in [snap["s"], *snap["t"]] for c in p if not c.isupper()}
    after = Game("klondike", seed=seed)
    after.play(action)
    turned = pile_cards(after.snapshot(), src)[-1]

    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            f"k = SolitaireWidget('klondike', seed={seed})\nk",
            "print('HISTORY=' + repr(k.game.history))",
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
        page.locator(f'.sw-card[data-pile="{src}"][data-index="{len(col) - 1}"]').wait_for()
        backs = root.locator(".sw-card.sw-down")
        assert backs.count() >= 20  # the stock's top cards and the columns' face-down ones
        assert root.locator(".sw-card.sw-down[data-card]").count() == 0
        html = root.inner_html()
        named = {c for c in hidden if f'"{c}"' in html or f'"{c.lower()}"' in html}
        assert not named, f"face-down cards named in the page: {named}"
        under = root.locator(f'.sw-card[data-pile="{src}"][data-index="{len(col) - n - 1}"]')
        assert "sw-down" in under.get_attribute("class")

        v = int(root.get_attribute("data-version"))
        root.locator(f'.sw-card[data-pile="{src}"][data-index="{len(col) - n}"]').click(
            position={"x": 10, "y": 8}
        )
        target = root.locator(f'.sw-card[data-pile="{dst}"]')
        (target.last if target.count() else root.locator(f'.sw-slot[data-pile="{dst}"]')).click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")
        page.wait_for_function(
            "([p, i, c]) => document.querySelector("
            '`.sw-card[data-pile="${p}"][data-index="${i}"]`)?.dataset.card === c',
            arg=[src, len(col) - n - 1, turned],
        )
        assert "sw-down" not in under.get_attribute("class")
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / "jupyterlab-klondike.png"))
        wait_idle(page)
        run_cell(page, 1)
        out = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        out.filter(has_text="HISTORY=").wait_for(timeout=60_000)
        text = out.filter(has_text="HISTORY=").inner_text()
        assert ast.literal_eval(text.split("HISTORY=", 1)[1].strip()) == [action]
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()


def test_stray_keys_and_the_statistics_panel_in_jupyterlab(lab, browser, tmp_path):
    """Issue 20, items 1 and 2, under JupyterLab's own key bindings and stylesheet: keys
    pressed while the table has the focus never reach the notebook's command mode (`m`
    made the cell Markdown, `x` cut it, `b` inserted one), and the statistics panel's
    labels sit above their figures (JupyterLab floats every output's dt at 20%)."""
    nb = notebook(
        [
            "from solitaire_widget import SolitaireWidget\n"
            "from solitaire_widget.statistics import Statistics\n"
            f"w = SolitaireWidget('kansas', seed={SEED}, statistics=Statistics())\nw",
            "print('two cells')",
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
        cells = page.locator(".jp-Notebook .jp-Cell")
        # a click on a card: the notebook is in command mode, the table has the focus
        root.locator('.sw-card[data-pile="t0"]').last.click(position={"x": 10, "y": 8})
        page.wait_for_function(
            "() => document.querySelector('.jp-Notebook').classList.contains('jp-mod-commandMode')"
        )
        for key in ("m", "x", "b", "1", "c", "Shift+Enter"):
            page.keyboard.press(key)
        # and on a toolbar button too
        root.locator(".sw-btn-more").focus()
        for key in ("m", "x", "Enter"):
            page.keyboard.press(key)
        page.wait_for_timeout(300)  # a shortcut acts at once; give it the chance
        assert cells.count() == 2
        assert "jp-CodeCell" in (cells.nth(0).get_attribute("class") or "")
        assert root.is_visible() and page.locator(".jp-OutputArea .sw-root").count() == 1
        assert page.evaluate("() => !!document.activeElement.closest('.sw-root')")
        # the statistics panel in JupyterLab's stylesheet: each label above its figure
        if not root.locator(".sw-btn-stats").is_visible():
            root.locator(".sw-btn-more").click()
        root.locator(".sw-btn-stats").click()
        root.locator(".sw-stats dd").first.wait_for()
        # measured in one go, from the table's root: the panel is drawn again with every
        # view, so a dl found first and measured after may already be a detached one
        # (zero boxes, no style), as a loaded machine showed
        pairs = root.evaluate(
            """r => [...r.querySelector(".sw-stats dl").children].map(p => {
                const [t, d] = [p.querySelector("dt"), p.querySelector("dd")];
                const [a, b] = [t.getBoundingClientRect(), d.getBoundingClientRect()];
                return {label: t.textContent, float: getComputedStyle(t).float,
                        dt: [a.left, a.top, a.width, a.height], dd: [b.left, b.top, b.width]};
            })"""
        )
        assert len(pairs) >= 6
        for p in pairs:
            (_, top, width, height), (_, dd_top, dd_width) = p["dt"], p["dd"]
            assert p["float"] == "none" and dd_top >= top + height - 1, p  # below, not over
            assert dd_width > 0.5 * width, p
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / "jupyterlab-statistics.png"))
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(lab.logs())
        raise
    finally:
        ctx.close()
