"""How much more search the undecided deals of a published variant need: a fixed
random sample of the deals its CSV leaves undecided at their recorded budget, each
solved again with ``--factor`` times that many nodes (one process a deal, one deal at
a time, so that time and memory are the deal's own). Prints, per deal and in all, the
verdict, nodes, seconds, nodes per second and the process's peak memory, and the share
the bigger budget decides: with the run's time per deal, what settling the rest would
cost on this machine (the winnability run itself goes to a Dask cluster with
``winnability_figures.py --retry --dask``).

    python benchmarks/undecided_budget.py --only kansas --sample 20 --factor 10 \
        [--from-seed 5552]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from winnability_figures import VARIANTS, read  # noqa: E402


def solve_one(game: str, seed: int, nodes: int, options: dict) -> dict:
    """One deal in a fresh process: its verdict (a win replayed) and what it cost."""
    from winnability_figures import solve_checked

    t0 = time.perf_counter()
    row = solve_checked(game, seed, nodes, options)
    row["wall"] = time.perf_counter() - t0
    row["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", required=True, choices=sorted(VARIANTS))
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--factor", type=float, default=10.0)
    ap.add_argument("--csv", type=Path, help="the variant's CSV (default docs/winnability)")
    ap.add_argument("--seed", type=int, default=2026, help="the sample's random seed")
    ap.add_argument("--from-seed", type=int, default=1, help="only deals from this seed on")
    args = ap.parse_args()
    _title, game, options = VARIANTS[args.only]
    path = args.csv or ROOT / "docs" / "winnability" / f"{args.only}.csv"
    rows = read(path)
    undecided = [r for r in rows if r["result"] == "unknown"]
    if not undecided:
        print(f"{args.only}: nothing undecided in {path}")
        return
    # a search stops a little past its budget: the rows at the run's budget are those
    # within 5% of the largest count (from --from-seed on: where the solver as it now
    # is ran, if the CSV mixes runs of older solvers)
    budget = max(int(r["nodes"]) for r in undecided)
    at_budget = [
        r
        for r in undecided
        if int(r["nodes"]) >= 0.95 * budget and int(r["seed"]) >= args.from_seed
    ]
    sample = sorted(
        random.Random(args.seed).sample(at_budget, min(args.sample, len(at_budget))),
        key=lambda r: int(r["seed"]),
    )
    nodes = int(budget * args.factor)
    print(
        f"{args.only}: {len(undecided)} undecided of {len(rows)}, {len(at_budget)} of them "
        f"at {budget:,} nodes; {len(sample)} sampled, solved again with {nodes:,} nodes"
    )
    out = []
    for r in sample:
        with ProcessPoolExecutor(max_workers=1) as pool:
            row = pool.submit(solve_one, game, int(r["seed"]), nodes, options).result()
        out.append(row)
        rate = row["nodes"] / row["wall"] if row["wall"] else 0.0
        print(
            f"  seed {row['seed']:>6}: {row['result']:<7} {row['nodes']:>12,} nodes "
            f"{row['wall']:7.1f} s {rate / 1e3:7.0f} k nodes/s  peak {row['peak_mb']:6.0f} MB",
            flush=True,
        )
    decided = [o for o in out if o["result"] != "unknown"]
    walls = [o["wall"] for o in out]
    print(
        f"decided {len(decided)} of {len(out)} ({100 * len(decided) / len(out):.0f}%: "
        f"{sum(o['result'] == 'won' for o in decided)} won, "
        f"{sum(o['result'] == 'lost' for o in decided)} lost); "
        f"time per deal median {statistics.median(walls):.1f} s, "
        f"mean {statistics.mean(walls):.1f} s; "
        f"peak memory max {max(o['peak_mb'] for o in out):.0f} MB"
    )
    per_deal = statistics.mean(walls)
    print(
        f"all {len(at_budget)} deals at {nodes:,} nodes: about "
        f"{len(at_budget) * per_deal / 3600:.1f} CPU-hours on this machine, deciding "
        f"about {len(at_budget) * len(decided) / len(out):.0f} of them"
    )


if __name__ == "__main__":
    main()
