"""The exact solver, compiled core against the Python search, on the same deals.

    python benchmarks/solver.py                         # 40 deals per variant, 10 s each
    python benchmarks/solver.py --deals 100 --seconds 10 --python-seconds 2
    python benchmarks/solver.py --engines core          # the core alone
    python benchmarks/solver.py --engines core,core-plain --variants Kansas
    python benchmarks/solver.py --engines core-2t --workers 1   # what Solve runs
    python benchmarks/solver.py --engines core,core-2t --workers 1 --variants Kansas \
        --deals 100 --first 40001                       # held-out deals

``core-plain`` is the core without the game's streamliners (``solve(streamline=False)``:
the solver as it was before them), run only for the variants whose game has some, so
that the two stand side by side on the same deals.

``core-off`` is the core with the search switches named by ``--off`` turned off in
every search a solve makes (default ``suit_order``: the capacity proof as it was before
each suit's cards were known to go up in order), to set a reduction beside the core
with it on the same deals::

    python benchmarks/solver.py --engines core,core-off --variants Kansas --deals 100 \
        --first 40001 --workers 2

``core-2t`` is the core with ``threads=2``, as the widget's Solve runs it where the
machine has two CPUs: the main search has a helper on a second thread. It takes both
CPUs of this machine, so run it with ``--workers 1`` (one deal at a time) for its
times; its nodes per CPU second count both threads' CPU.

For each variant, deals 1..N are solved one by one by each engine, each engine in a
fresh worker process of its own (so that its peak memory is its own), the two engines of
a variant side by side at the same time (so that whatever else loads the machine loads
both alike). Printed per variant and engine: median / p90 / p99 seconds per deal
(undecided deals count at the budget, so the tail is a lower bound when some are
undecided), search nodes per CPU second, the worker's peak memory (max RSS), and the
share of deals decided (won or proved lost) within 1 s and within the budget. A last
table gives the core's speed-up in nodes per CPU second, and whether the two engines
ever disagree on a deal both decided (they must not).
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

from solitaire_widget.games import GAMES, variants

# every registered game's variants: (label, game, options)
VARIANTS = [(v.label, v.game, dict(v.options)) for v in variants()]


def bench(
    game: str,
    options: dict,
    deals: int,
    seconds: float,
    engine: str,
    first: int = 1,
    off: tuple[str, ...] = (),
) -> dict:
    """One engine over one variant's deals, in its own process."""
    from solitaire_widget import Game
    from solitaire_widget.solver import solve

    if engine == "core-off":
        from solitaire_widget import core_search

        made = core_search.CoreSearch.__init__

        def made_off(self, *a, **k) -> None:  # every search the solve makes, switched
            made(self, *a, **k)
            for switch in off:
                setattr(self, switch, False)

        core_search.CoreSearch.__init__ = made_off  # this worker process only

    plain = engine == "core-plain"
    streamline = False if plain else None  # None: as the game says
    threads = 2 if engine == "core-2t" else 1
    engine = "core" if engine in ("core-plain", "core-2t", "core-off") else engine
    times, cpu, nodes, results = [], [], 0, []
    for seed in range(first, first + deals):
        c0 = time.process_time()
        g = Game(game, seed=seed, **options)
        r = solve(g, seconds, engine=engine, streamline=streamline, threads=threads)
        cpu.append(time.process_time() - c0)
        times.append(r.seconds)
        nodes += r.nodes
        results.append(r.result)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "times": times,
        "cpu": cpu,
        "nodes": nodes,
        "results": results,
        "peak_mb": peak_kb / 1024,
    }


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument(
        "--first", type=int, default=1, help="the first seed (held-out deals: past any tuned on)"
    )
    ap.add_argument("--seconds", type=float, default=10.0, help="the core's budget per deal")
    ap.add_argument(
        "--python-seconds",
        type=float,
        default=None,
        help="the Python search's budget per deal (default: --seconds)",
    )
    ap.add_argument("--engines", default="core,python")
    ap.add_argument(
        "--off",
        default="suit_order",
        help="core-off: the search switches turned off (comma-separated)",
    )
    ap.add_argument("--workers", type=int, default=2, help="processes at once")
    ap.add_argument("--variants", default=None, help="comma-separated titles to run")
    args = ap.parse_args()
    engines = args.engines.split(",")
    py_seconds = args.seconds if args.python_seconds is None else args.python_seconds
    variants = [v for v in VARIANTS if args.variants is None or v[0] in args.variants.split(",")]

    def runs(game: str, engine: str) -> bool:  # core-plain only where it differs from core
        return engine != "core-plain" or bool(GAMES[game].search_streamliners)

    start = time.time()
    with ProcessPoolExecutor(args.workers, max_tasks_per_child=1) as pool:
        jobs = {
            (title, e): pool.submit(
                bench,
                g,
                o,
                args.deals,
                py_seconds if e == "python" else args.seconds,
                e,
                args.first,
                tuple(args.off.split(",")),
            )
            for title, g, o in variants
            for e in engines
            if runs(g, e)
        }
        out = {k: j.result() for k, j in jobs.items()}
    print(
        f"{args.deals} deals per variant (seeds {args.first}-{args.first + args.deals - 1}); "
        "budget per deal: core "
        f"{args.seconds:g} s, Python {py_seconds:g} s; wall time {time.time() - start:.0f} s\n"
    )
    print(
        "| Variant | engine | median s | p90 s | p99 s | nodes/CPU-s | peak MB "
        "| decided ≤1 s | decided ≤10 s | decided in budget | won / lost / unknown |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for title, _, _ in variants:
        for e in engines:
            if (title, e) not in out:
                continue
            r = out[title, e]
            t, res = r["times"], r["results"]
            decided = [x for x, v in zip(t, res, strict=True) if v != "unknown"]
            n = len(t)
            print(
                f"| {title} | {e} | {statistics.median(t):.3f} | {pct(t, 0.9):.3f} "
                f"| {pct(t, 0.99):.3f} | {r['nodes'] / max(sum(r['cpu']), 1e-9):,.0f} "
                f"| {r['peak_mb']:.0f} | {sum(x <= 1 for x in decided) / n:.1%} "
                f"| {sum(x <= 10 for x in decided) / n:.1%} | {len(decided) / n:.1%} "
                f"| {res.count('won')} / {res.count('lost')} / {res.count('unknown')} |"
            )
    if {"core", "python"} <= set(engines):
        print(
            "\n| Variant | core ÷ Python, nodes per CPU second | deals both decided "
            "| disagreements |"
        )
        print("|---|---:|---:|---:|")
        for title, _, _ in variants:
            c, p = out[title, "core"], out[title, "python"]
            rate = (c["nodes"] / max(sum(c["cpu"]), 1e-9)) / (p["nodes"] / max(sum(p["cpu"]), 1e-9))
            both = [
                (a, b)
                for a, b in zip(c["results"], p["results"], strict=True)
                if a != "unknown" and b != "unknown"
            ]
            print(f"| {title} | {rate:.1f}× | {len(both)} | {sum(a != b for a, b in both)} |")
    print("\nUndecided within the budget (seeds):")
    for title, _, _ in variants:
        for e in engines:
            if (title, e) in out:
                res = out[title, e]["results"]
                seeds = [str(i) for i, v in enumerate(res, args.first) if v == "unknown"]
                print(f"- {title}, {e}: {', '.join(seeds) or 'none'}")


if __name__ == "__main__":
    main()
