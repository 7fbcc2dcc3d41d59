"""How fast the exact solver is, per game and option.

    python benchmarks/solver.py                    # 200 deals per variant, 10 s each
    python benchmarks/solver.py --deals 50 --seconds 10 --workers 2

For each variant, deals 1..N are solved one by one in a fresh worker process with a
time budget per deal. Printed: median / p90 / p99 seconds per deal (undecided deals
count at the budget, so the tail is a lower bound when some are undecided), search nodes
per second, the worker's peak memory (max RSS) and the share of deals decided (won or
proved lost) within 1 s and within the budget.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS = [
    ("Eagle Wing", "eagle-wing", {}),
    ("Kansas", "kansas", {}),
    ("Saratoga d1 r2", "saratoga", {"draw": 1, "redeals": 2}),
    ("Saratoga d1 unlimited", "saratoga", {"draw": 1, "redeals": None}),
    ("Saratoga d3 unlimited", "saratoga", {"draw": 3, "redeals": None}),
]


def bench(game: str, options: dict, deals: int, seconds: float) -> dict:
    """Run in its own process so that the peak memory is this variant's alone."""
    from solitaire_widget import Game

    times, nodes, results = [], 0, []
    for seed in range(1, deals + 1):
        r = Game(game, seed=seed, **options).solve(seconds=seconds)
        times.append(r.seconds)
        nodes += r.nodes
        results.append(r.result)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"times": times, "nodes": nodes, "results": results, "peak_mb": peak_kb / 1024}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=1, help="variants measured at once")
    args = ap.parse_args()
    start = time.time()
    with ProcessPoolExecutor(args.workers, max_tasks_per_child=1) as pool:
        jobs = [pool.submit(bench, g, o, args.deals, args.seconds) for _, g, o in VARIANTS]
        out = [j.result() for j in jobs]
    print(f"{args.deals} deals per variant (seeds 1-{args.deals}), budget {args.seconds:g} s "
          f"per deal, wall time {time.time() - start:.0f} s\n")
    print("| Variant | median s | p90 s | p99 s | nodes/s | peak MB | decided ≤1 s "
          f"| decided ≤{args.seconds:g} s | won / lost / unknown |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for (title, _, _), r in zip(VARIANTS, out, strict=True):
        t = r["times"]
        res = r["results"]
        decided = [x for x, v in zip(t, res, strict=True) if v != "unknown"]
        n = len(t)
        print(
            f"| {title} | {statistics.median(t):.3f} | {pct(t, 0.9):.3f} | {pct(t, 0.99):.3f} "
            f"| {r['nodes'] / sum(t):,.0f} | {r['peak_mb']:.0f} "
            f"| {sum(x <= 1 for x in decided) / n:.1%} | {len(decided) / n:.1%} "
            f"| {res.count('won')} / {res.count('lost')} / {res.count('unknown')} |"
        )


if __name__ == "__main__":
    main()
