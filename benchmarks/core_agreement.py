"""The compiled core against the Python search, deal by deal: the same verdict, the
same node count and the same winning line for the same node budget.

    python benchmarks/core_agreement.py                       # 300 deals x every rule set
    python benchmarks/core_agreement.py --deals 1000 --nodes 20000 --workers 2

Every rule set of every registered game whose part the core has (``rule_sets()``).
The two are one search written twice (search.py and core/cpp), so below the core's
memory cap they must agree exactly, node for node; tests/test_core.py checks a sample of
this on every run, this checks thousands of deals. Every won line is also replayed
through ``Game.play``. Prints one line per variant and exits non-zero on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_widget import core_search
from solitaire_widget.games import rule_sets

VARIANTS = [(v.game, dict(v.options)) for v in rule_sets() if core_search.available(v.game)]


def compare(name: str, options: dict, seeds: range, nodes: int) -> dict:
    from solitaire_widget import Game
    from solitaire_widget.core_search import CoreSearch
    from solitaire_widget.search import BudgetSpent, Search

    out = {
        "deals": 0,
        "won": 0,
        "lost": 0,
        "unknown": 0,
        "differ": [],
        "replay_failed": [],
        "python_s": 0.0,
        "core_s": 0.0,
    }
    for seed in seeds:
        g = Game(name, seed=seed, **options)
        runs = []
        for make, clock in ((Search, "python_s"), (CoreSearch, "core_s")):
            s = make(g.table)
            t0 = time.process_time()
            try:
                result, line = s.run(None, nodes)
            except BudgetSpent:
                result, line = "unknown", []
            out[clock] += time.process_time() - t0
            runs.append((result, list(line), s.nodes))
        out["deals"] += 1
        out[runs[0][0]] += 1
        if runs[0] != runs[1]:
            out["differ"].append(seed)
        if runs[1][0] == "won":
            for action in runs[1][1]:
                g.play(action)
            if not g.is_won:
                out["replay_failed"].append(seed)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300, help="per variant")
    ap.add_argument("--nodes", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    start = time.time()
    chunks = [range(a, min(a + 50, args.deals + 1)) for a in range(1, args.deals + 1, 50)]
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = {
            (n, str(o)): [pool.submit(compare, n, o, c, args.nodes) for c in chunks]
            for n, o in VARIANTS
        }
        total, bad = 0, 0
        for (name, opts), parts in jobs.items():
            rs = [p.result() for p in parts]
            agg = {
                k: sum(r[k] for r in rs)
                if not isinstance(rs[0][k], list)
                else [x for r in rs for x in r[k]]
                for k in rs[0]
            }
            total += agg["deals"]
            bad += len(agg["differ"]) + len(agg["replay_failed"])
            print(
                f"{name} {opts}: {agg['deals']} deals, {agg['won']} won / {agg['lost']} lost"
                f" / {agg['unknown']} unknown at {args.nodes:,} nodes; differ: "
                f"{agg['differ'] or 'none'}; replays failed: {agg['replay_failed'] or 'none'}"
                f"; CPU s Python {agg['python_s']:.1f}, core {agg['core_s']:.2f}",
                flush=True,
            )
    print(
        f"{total} deals compared in {time.time() - start:.0f} s; "
        f"{'all equal' if not bad else f'{bad} DIFFERENCES'}"
    )
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
