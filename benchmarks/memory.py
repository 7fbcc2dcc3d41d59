"""Peak memory of one solve: each deal solved in a fresh process of its own, its peak
resident set (VmHWM) printed beside the interpreter's own before the solve and the
solve's memory budget, for this tree and, side by side, another one (``--old``).

    python benchmarks/memory.py --variants "Klondike d3 unlimited" --seeds 2582 \\
        --seconds 60                                     # the issue's first deal
    python benchmarks/memory.py --variants "Klondike d3 unlimited" --seeds 2582 \\
        --seconds 60 --relax off                         # ... without the loosest rules
    python benchmarks/memory.py --variants "Klondike d3 unlimited" --seeds 2582 \\
        --seconds 60 --relax off --probes off            # ... nor probes
    python benchmarks/memory.py --variants "Klondike d1 r2" --seeds 3698921447 \\
        --seconds 4 --threads 2                          # two threads, as Solve runs
    python benchmarks/memory.py --hard 2 --seconds 30    # every variant's hard deals
    python benchmarks/memory.py ... --old /work/main/.venv/bin/python:/work/main
    python benchmarks/memory.py ... --nodes 160000000     # a budget of nodes: the same
                                                         # search, whatever the load

``--hard N`` takes, for every registered variant with published figures
(docs/winnability/<slug>.csv), the N deals those figures left undecided (else searched
longest), from the seeds above ``--held-out`` (default 10000), so that none of them is
a deal the memory budget was looked at on. ``--old PYTHON:PATH`` runs every deal also
with that interpreter and that source tree (main's, say: the searches as they were, a
cap per search), at the same time as this tree's, so that what loads the machine loads
both alike.

For each deal and tree: the interpreter's peak before the solve (the library imported,
the deal dealt, its rules loaded by a search of no nodes), the peak after it, the
difference (what the solve took), the solve's own count of its searches' memory at its
peak (``SolveResult.memory_peak_mb``: tables and memos) and whether it reached its
budget (``memory_hit``); the verdict, nodes and seconds.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_widget.games import variants  # noqa: E402

FIGURES = ROOT / "docs" / "winnability"

# run in the solving process: prints one line of JSON
CHILD = r"""
import json, sys

def peak():
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0

a = json.loads(sys.argv[1])
from solitaire_widget import Game
from solitaire_widget.games import variants
from solitaire_widget.solver import solve

v = next(v for v in variants() if v.label == a["variant"])
g = Game(v.game, seed=a["seed"], **dict(v.options))
kw = {k: a[k] for k in ("relax", "probes", "memory_mb") if a[k] is not None}
# the core and the rules loaded, by a search whose budget (1 MB) keeps it from raising
# the peak measured next (old trees: a table of 64 KB, whose cap is per search)
solve(g, None, 0, threads=a["threads"], **(kw | {"memory_mb": 1}))
base = peak()
r = solve(g, a["seconds"], a["nodes"], threads=a["threads"], **kw)
print(json.dumps({
    "base": base,
    "peak": peak(),
    "result": r.result,
    "nodes": r.nodes,
    "seconds": r.seconds,
    "budget": getattr(r, "memory_mb", None),
    "solve_peak": getattr(r, "memory_peak_mb", None),
    "hit": getattr(r, "memory_hit", None),
}))
"""


def hard_deals(slug: str, n: int, above: int) -> list[int]:
    """The ``n`` deals of a variant's published figures left undecided (else searched
    the longest), among the seeds above ``above``."""
    path = FIGURES / f"{slug}.csv"
    with path.open() as fh:
        rows = [r for r in csv.DictReader(fh) if int(r["seed"]) > above]
    rows.sort(key=lambda r: (r["result"] != "unknown", -float(r["seconds"] or 0)))
    return [int(r["seed"]) for r in rows[:n]]


def solve_in_child(python: str, path: str, args: dict, timeout: float) -> dict:
    env = {"PYTHONPATH": path, "PATH": "/usr/bin:/bin"}
    try:
        out = subprocess.run(
            [python, "-X", "faulthandler", "-c", CHILD, json.dumps(args)],
            capture_output=True,
            text=True,
            env=env,
            cwd=path,  # (python -c looks first in its working directory)
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout:.0f} s"}
    if out.returncode != 0:
        said = (out.stderr.strip().splitlines() or ["nothing on stderr"])[-1]
        return {"error": f"exit status {out.returncode}: {said}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def switch(text: str | None) -> bool | None:
    return None if text is None else text == "on"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default=None, help="comma-separated titles (default: all)")
    ap.add_argument("--seeds", default=None, help="comma-separated seeds for every variant")
    ap.add_argument("--hard", type=int, default=2, help="without --seeds: deals a variant")
    ap.add_argument("--held-out", type=int, default=10000, help="--hard: seeds above this")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="a budget of nodes instead of seconds (the same search whatever the load)",
    )
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--relax", choices=("on", "off"), default=None)
    ap.add_argument("--probes", choices=("on", "off"), default=None)
    ap.add_argument("--memory-mb", type=float, default=None, help="the solve's budget")
    ap.add_argument("--old", default=None, help="PYTHON:PATH of the tree to compare with")
    ap.add_argument("--workers", type=int, default=2, help="processes at once")
    args = ap.parse_args()
    chosen = args.variants.split(",") if args.variants else None
    cases: list[tuple[str, int]] = []
    for v in variants():
        if chosen is not None and v.label not in chosen:
            continue
        if args.seeds:
            cases += [(v.label, int(s)) for s in args.seeds.split(",")]
        elif (FIGURES / f"{v.slug}.csv").is_file():
            cases += [(v.label, s) for s in hard_deals(v.slug, args.hard, args.held_out)]
        else:
            print(f"({v.label}: no published figures to find hard deals in; left out)")
    trees = [("new", sys.executable, str(ROOT))]
    if args.old:
        python, path = args.old.split(":", 1)
        trees.append(("old", python, path))
    timeout = (args.nodes / 100_000 if args.nodes else args.seconds * 3) + 120
    start = time.time()
    with ThreadPoolExecutor(args.workers) as pool:
        jobs = {
            (label, seed, name): pool.submit(
                solve_in_child,
                python,
                path,
                {
                    "variant": label,
                    "seed": seed,
                    "seconds": None if args.nodes else args.seconds,
                    "nodes": args.nodes,
                    "threads": args.threads,
                    "relax": switch(args.relax),
                    "probes": switch(args.probes),
                    "memory_mb": args.memory_mb,
                },
                timeout,
            )
            for label, seed in cases
            for name, python, path in trees
        }
        out = {k: j.result() for k, j in jobs.items()}
    print(
        f"{len(cases)} deals, "
        + (f"{args.nodes:,} nodes" if args.nodes else f"{args.seconds:g} s")
        + f" each, threads={args.threads}, "
        f"relax={args.relax or 'default'}, probes={args.probes or 'default'}, "
        f"memory_mb={args.memory_mb or 'default'}; wall time {time.time() - start:.0f} s\n"
    )
    print(
        "| variant | seed | tree | budget MB | before MB | peak RSS MB | solve took MB "
        "| searches' peak MB | hit | result | nodes | s |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---|---|---:|---:|")
    for label, seed in cases:
        for name, _, _ in trees:
            r = out[label, seed, name]
            if "error" in r:
                print(f"| {label} | {seed} | {name} | error: {r['error']} |")
                continue
            budget = "cap per search" if r["budget"] is None else f"{r['budget']:.0f}"
            solve_peak = "" if r["solve_peak"] is None else f"{r['solve_peak']:.0f}"
            hit = "" if r["hit"] is None else ("yes" if r["hit"] else "no")
            print(
                f"| {label} | {seed} | {name} | {budget} | {r['base']:.0f} | {r['peak']:.0f} "
                f"| {r['peak'] - r['base']:.0f} | {solve_peak} | {hit} | {r['result']} "
                f"| {r['nodes']:,} | {r['seconds']:.1f} |"
            )


if __name__ == "__main__":
    main()
