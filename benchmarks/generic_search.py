"""The generic search against the game's own search: nodes per second, and what each
decides, on a few positions of every game.

    python benchmarks/generic_search.py                 # end games, 1-second budgets
    python benchmarks/generic_search.py --seconds 5 --deals 1,2,3

Each row is one position (a small end game made as tests/solver_positions.py makes
them, or a whole deal by its seed with ``--deals``), searched for at most ``--seconds``
by the Python game search (``search.Search``, pruning and all) and by the generic search
(``generic_search.GenericSearch``: the rules' own moves, no pruning). The generic one
runs what the solver runs for rules the game's search knowledge was not argued for
(``games/search_scope.py``). Both are single-threaded Python; the compiled core is not
involved. Run it on one CPU (``taskset -c 1``) and say what load the machine had.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from solver_positions import small_position

from solitaire_widget import Game
from solitaire_widget.games import GAMES
from solitaire_widget.generic_search import GenericSearch
from solitaire_widget.search import BudgetSpent, Search


def timed(search, seconds: float) -> tuple[str, int, float]:
    start = time.perf_counter()
    try:
        result, _ = search.run(seconds, None)
    except BudgetSpent:
        result = "unknown"
    return result, search.nodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=4, help="end games per game")
    parser.add_argument("--deals", default="", help="whole deals by seed, e.g. 1,2,3")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.seconds:g} s a search")
    print(f"{'game':<11} {'position':<12} {'game search':>28} {'generic search':>28}")
    totals = {"game": [0, 0.0], "generic": [0, 0.0]}
    for name in sorted(GAMES):
        rng = random.Random(name)
        tables = []
        if args.deals:
            tables = [(f"seed {s}", Game(name, seed=int(s))) for s in args.deals.split(",")]
        else:
            for i in range(args.positions):
                off = rng.randint(14, 24)
                tables.append((f"{off} off", small_position(name, {}, rng, off, hard=i % 2 == 1)))
        for label, g in tables:
            cells = []
            for kind, search in (("game", Search(g.table)), ("generic", GenericSearch(g.table))):
                result, nodes, secs = timed(search, args.seconds)
                totals[kind][0] += nodes
                totals[kind][1] += secs
                cells.append(f"{result:>7} {nodes:>9} {nodes / max(secs, 1e-9):>8.0f}/s")
            print(f"{name:<11} {label:<12} {cells[0]:>28} {cells[1]:>28}")
    for kind, (nodes, secs) in totals.items():
        print(f"{kind:>8}: {nodes} nodes in {secs:.1f} s, {nodes / max(secs, 1e-9):.0f} nodes/s")


if __name__ == "__main__":
    main()
