"""Make the pictures of the README's "Teaching with it" section with the project's own code.

    python scripts/teaching_images.py          # needs the analysis extra, playwright
                                               # and Debian's /usr/bin/chromium

* docs/img/table-why.png: the widget in Chromium (through the browser tests' harness,
  which runs the built bundle against a real SolitaireWidget) right after a student
  tried an illegal move: the table says why.
* docs/img/strategies.png: win rates and final scores of three strategies over 300
  deals of each game (``analysis.play_many`` + ``plot``).
"""

from __future__ import annotations

import os
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
CHROMIUM = os.environ.get("SW_CHROMIUM", "/usr/bin/chromium")


def table_image(path: pathlib.Path) -> None:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from solitaire_widget import SolitaireWidget
    from tests.browser.harness import LAUNCH_ARGS, Harness

    widget = SolitaireWidget(game="saratoga", seed=7)
    for action in ["t2>f0", "t4>f1", "t2>t5"]:
        widget.game.play(action)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 760, "height": 620})
        harness = Harness(page, widget, width=720)
        # the student's try: the Three of diamonds onto the Eight of hearts
        seq = harness.seq()
        harness.top("t0").click()
        harness.top("t1").click()
        harness.wait_seq(seq)
        page.locator(".sw-root").screenshot(path=str(path))
        browser.close()


def strategies_image(path: pathlib.Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    from solitaire_widget import plot
    from solitaire_widget.analysis import play_many

    with ProcessPoolExecutor(max_workers=2) as pool:
        results = pd.concat(
            [
                play_many(game, range(300), strategy, pool, progress=False, max_moves=500)
                for game in ("eagle-wing", "saratoga", "kansas")
                for strategy in ("random", "greedy", "aisleriot")
            ],
            ignore_index=True,
        )
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.6), layout="constrained")
    plot.win_rates(results, ax=left)
    plot.score_distribution(results, ax=right)
    fig.savefig(path, dpi=80)
    plt.close(fig)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    strategies_image(OUT / "strategies.png")
    table_image(OUT / "table-why.png")
    for name in ("strategies.png", "table-why.png"):
        size = (OUT / name).stat().st_size
        print(f"docs/img/{name}: {size // 1024} KB")


if __name__ == "__main__":
    main()
