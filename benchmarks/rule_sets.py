"""The compiled core on every rule set of one game (its variants and the rule switches'
further rule sets, ``games.rule_sets``), deal by deal at a fixed node budget.

    python benchmarks/rule_sets.py --game canfield                  # 100 deals, 200,000 nodes
    python benchmarks/rule_sets.py --game saratoga --deals 300 --nodes 50000 --first 40001

A node budget, not a time budget: the figures are the same on a loaded machine and a
quiet one, so a change of the search (a move order, a pruning rule) run before and after
is compared on what it decides and how many nodes it takes, not on the load. Printed per
rule set: deals won / lost / undecided, the share decided, the nodes of all deals
(undecided deals count their whole budget) and of the decided ones, and the median and
95th percentile of CPU seconds per deal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_widget import Game, core_search
from solitaire_widget.games import GAMES, rule_sets
from solitaire_widget.solver import solve


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=200_000)
    ap.add_argument("--first", type=int, default=1, help="the first deal's seed")
    args = ap.parse_args()
    if not core_search.available(args.game):
        sys.exit(f"the compiled core does not search {args.game} here")
    print(f"{args.game}: deals {args.first}..{args.first + args.deals - 1}, {args.nodes:,} nodes")
    head = f"{'rule set':<42} {'won':>5} {'lost':>5} {'undec':>5} {'decided':>8}"
    print(f"{head} {'nodes':>12} {'dec. nodes':>12} {'p50 s':>7} {'p95 s':>7}")
    for v in rule_sets():
        if v.game != args.game:
            continue
        won = lost = 0
        nodes = decided_nodes = 0
        cpu: list[float] = []
        for seed in range(args.first, args.first + args.deals):
            g = Game(args.game, seed=seed, **v.options)
            c0 = time.process_time()
            r = solve(g, seconds=None, nodes=args.nodes, engine="core")
            cpu.append(time.process_time() - c0)
            nodes += r.nodes
            if r.result != "unknown":
                decided_nodes += r.nodes
            won += r.result == "won"
            lost += r.result == "lost"
        undecided = args.deals - won - lost
        label = ", ".join(f"{k}={o}" for k, o in sorted(v.options.items())) or "(Aisleriot's)"
        print(
            f"{label:<42} {won:>5} {lost:>5} {undecided:>5} {(won + lost) / args.deals:>8.1%}"
            f" {nodes:>12,} {decided_nodes:>12,} {statistics.median(cpu):>7.3f}"
            f" {pct(cpu, 0.95):>7.3f}"
        )


if __name__ == "__main__":
    main()
