"""The honest chance's speed (goal: its first estimate within 250 ms at p95 on one core)
and how fast its interval narrows, for every registered game's variants.

For each variant, ``--positions`` positions: deals 1, 2, ... each played on by the
heuristic hints for a number of moves that cycles through 0 to ``--moves`` (the deal,
the early game, the middle game), skipping positions already won or stuck. Per position:

- first: the wall time of the live table's first estimate (reading what was seen,
  then ``game_search.first_chance``: up to ``FIRST_WORLDS`` worlds within
  ``FIRST_SECONDS``, each ``WORLD_NODES`` nodes or ``WORLD_SECONDS``): what the table
  waits for before it can show a first answer; beside it ``Game.chance()`` with its
  defaults (``FIRST_WORLDS`` worlds of ``WORLD_NODES`` nodes, reproducible);
- the interval's width (high - low, in points) after the live first estimate has been
  refined for a total of 0.25 s and of 1 s of wall time (``Chance.refine``), and the
  worlds it holds then;
- the share of worlds left undecided at their budget (they widen the interval: each is
  counted lost for its low end and won for its high one).

The process is held to one CPU (``os.sched_setaffinity``) and each world's search to
one thread, as a kernel's worker would have it.

    python benchmarks/honest_chance.py [--positions 30] [--moves 40] [--nodes N]
                                       [--first K] [--only LABEL]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solitaire_widget import Game  # noqa: E402
from solitaire_widget.chance import (  # noqa: E402
    FIRST_SECONDS,
    FIRST_WORLDS,
    WORLD_NODES,
    WORLD_SECONDS,
)
from solitaire_widget.game_search import first_chance, settled_on_its_face  # noqa: E402
from solitaire_widget.games import variants as registered  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def positions(v, count: int, moves: int) -> list[Game]:
    out: list[Game] = []
    seed = 0
    while len(out) < count and seed < count * 4:
        seed += 1
        g = Game(v.game, seed=seed, **v.options)
        steps = (seed * 7) % (moves + 1)
        seen = {g.table.key()}
        for _ in range(steps):
            if g.status != "playing":
                break
            table = g.table
            for move in g.hints():  # the first hint to a position not seen yet
                record = table.apply(move)
                key = table.key()
                table.revert(record)
                if key not in seen:
                    break
            else:
                break
            g.play(move)
            seen.add(g.table.key())
        if g.status == "playing":
            out.append(g)
    return out


def measure(g: Game, nodes: int, first: int) -> dict[str, float]:
    start = time.perf_counter()
    c = g.chance(first, nodes=nodes)
    row = {"chance": time.perf_counter() - start}
    # the live table's first estimate: what was seen, read from the game, and
    # game_search.first_chance, as live.py runs them
    start = time.perf_counter()
    info = g.information()
    c = first_chance(info, settled_on_its_face(g, info))
    row["first"] = time.perf_counter() - start
    row["worlds_first"] = c.samples
    for total, name in ((0.25, "q"), (1.0, "s")):
        left = total - (time.perf_counter() - start)
        if left > 0:
            c.refine(seconds=left)
        low, high = c.interval
        row[f"width_{name}"] = (high - low) * 100
        row[f"worlds_{name}"] = c.samples
        row[f"exact_{name}"] = float(c.exact)
    row["undecided"] = c.undecided / max(c.samples, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=WORLD_NODES)
    parser.add_argument("--first", type=int, default=FIRST_WORLDS)
    parser.add_argument("--only", default="", help="variants whose label contains this")
    args = parser.parse_args()
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        print("(could not hold the process to one CPU)")
    print(
        f"first estimate (the live table's): up to {FIRST_WORLDS} worlds within "
        f"{FIRST_SECONDS} s, each {WORLD_NODES:,} nodes or {WORLD_SECONDS} s; "
        f"Game.chance(): {args.first} worlds of {args.nodes:,} nodes; "
        f"{args.positions} positions a variant"
    )
    head = (
        f"{'variant':24} {'first p50':>9} {'p95':>7} {'max':>7} {'worlds':>6}  "
        f"{'chance() p50':>12} {'p95':>7}  "
        f"{'width@0.25s':>11} {'worlds':>6}  {'width@1s':>8} {'worlds':>6}  "
        f"{'exact':>5} {'undec.':>6}"
    )
    print(head)
    print("-" * len(head))
    every: list[float] = []
    for v in registered():
        if args.only and args.only not in v.label:
            continue
        found = positions(v, args.positions, args.moves)
        rows = [measure(g, args.nodes, args.first) for g in found]
        firsts = [r["first"] * 1000 for r in rows]
        plain = [r["chance"] * 1000 for r in rows]
        every.extend(firsts)
        print(
            f"{v.label:24} {statistics.median(firsts):7.0f}ms {percentile(firsts, 0.95):5.0f}ms "
            f"{max(firsts):5.0f}ms {statistics.median(r['worlds_first'] for r in rows):6.0f}  "
            f"{statistics.median(plain):10.0f}ms {percentile(plain, 0.95):5.0f}ms  "
            f"{statistics.median(r['width_q'] for r in rows):9.0f}pt "
            f"{statistics.median(r['worlds_q'] for r in rows):6.0f}  "
            f"{statistics.median(r['width_s'] for r in rows):6.0f}pt "
            f"{statistics.median(r['worlds_s'] for r in rows):6.0f}  "
            f"{sum(r['exact_s'] for r in rows):5.0f} "
            f"{100 * statistics.mean(r['undecided'] for r in rows):5.1f}%",
            flush=True,
        )
    if every:
        print(
            f"{'all':24} {statistics.median(every):7.0f}ms {percentile(every, 0.95):5.0f}ms "
            f"{max(every):5.0f}ms"
        )
    print(
        "(widths: the median over the positions, in percentage points; exact: positions "
        "with nothing unseen, answered exactly; undec.: the share of worlds undecided at "
        "their budget, after 1 s)"
    )


if __name__ == "__main__":
    main()
