"""Loss proofs: where the search's nodes are, and what a reduction changes, for one
game (``--game``; the registry's default game, the one whose proofs are hardest, unless
told).

    python benchmarks/proofs.py profile --seeds 1,11,20 --nodes 1000000
    python benchmarks/proofs.py verdict --seeds 1,11,20,87,40
    python benchmarks/proofs.py decided --seeds 5001-5100 --seconds 10
    python benchmarks/proofs.py decided --seeds 5001-5100 --nodes 15000000

``profile`` runs the Python search (the reference) for a node budget on each deal and
prints where its nodes are: the share of nodes by cards left in the stock, in the
waste, in the reserve and on the foundations, the share of nodes that the table
answers (seen before), and how many distinct stock-and-waste sequences, layers (the
sequence, the reserve's size and the foundations' heights: what the columns then hold
is fixed) and positions the expanded nodes fall in.

``verdict`` runs the core's main search alone (no streamliners, one thread) to its
verdict on each deal, without and with the reduction (``--rule``; today the one that
sends a card laid bare by a group move up at once, ``send_bared``), and prints the node
counts side by side.

``decided`` runs ``solve`` (the core, one thread, streamliners and all, as the library
does by default) on each deal, without and with the reduction, interleaved deal by
deal so that whatever else loads the machine loads both alike, within ``--seconds``
(and/or ``--nodes``, which is deterministic), and prints the decided shares and the
undecided seeds. Run it on one CPU (``taskset -c 1``) and say what load the machine had:
the load average is printed.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_widget import Game
from solitaire_widget.games import DEFAULT_GAME, GAMES
from solitaire_widget.moves import FOUNDATIONS, RESERVE, STOCK, WASTE

# the reductions ``verdict`` and ``decided`` switch
RULES = ("capacity", "column_starts", "suit_order", "send_bared")


def seeds_of(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        elif part:
            out.append(int(part))
    return out


def profile(game: str, seed: int, nodes: int) -> None:
    from solitaire_widget.solver import BudgetSpent, Search

    s = Search(Game(game, seed=seed).table)
    hist: collections.Counter[tuple[int, int, int, int]] = collections.Counter()
    seqs: set = set()
    layers: set = set()
    keys: set = set()
    gen = s.gen

    def counted() -> list:
        p = s.piles
        found = sum(len(p[f]) for f in FOUNDATIONS)
        hist[(len(p[STOCK]), len(p[WASTE]), len(p[RESERVE]), found)] += 1
        k = s.key()
        seqs.add(k[0])
        layers.add(k[:3])
        keys.add(k)
        return gen()

    s.gen = counted
    try:
        result, _ = s.run(None, nodes)
    except BudgetSpent:
        result = "unknown"
    expanded = sum(hist.values())
    print(
        f"seed {seed}: {result} after {s.nodes:,} nodes; {expanded:,} expanded "
        f"({1 - expanded / max(s.nodes, 1):.0%} answered by the table); distinct: "
        f"{len(seqs):,} sequences, {len(layers):,} layers, {len(keys):,} positions"
    )
    for i, name in enumerate(("stock", "waste", "reserve", "foundations")):
        c: collections.Counter[int] = collections.Counter()
        for k, v in hist.items():
            c[k[i]] += v
        shares = " ".join(
            f"{a}:{b / expanded:.0%}" for a, b in sorted(c.items()) if b / expanded >= 0.01
        )
        print(f"  {name:11} {shares}")


def verdict(game: str, seed: int, rule: str, seconds: float | None) -> list[tuple[str, int, float]]:
    from solitaire_widget.core_search import CoreSearch
    from solitaire_widget.solver import BudgetSpent

    row = []
    for on in (False, True):
        s = CoreSearch(Game(game, seed=seed).table)
        setattr(s, rule, on)
        t = time.perf_counter()
        try:
            result, _ = s.run(seconds, None)
        except BudgetSpent:
            result = "unknown"
        row.append((result, s.nodes, time.perf_counter() - t))
    return row


def decided(
    game: str, seed: int, rule: str, seconds: float | None, nodes: int | None
) -> list[tuple]:
    from solitaire_widget import core_search
    from solitaire_widget.solver import solve

    row = []
    init = core_search.CoreSearch.__init__
    for on in (False, True):

        def patched(self, *a, _on=on, **k):  # every search of the run, streamliners too
            init(self, *a, **k)
            setattr(self, rule, _on)

        core_search.CoreSearch.__init__ = patched  # type: ignore[method-assign]
        try:
            r = solve(Game(game, seed=seed), seconds, nodes, engine="core")
        finally:
            core_search.CoreSearch.__init__ = init  # type: ignore[method-assign]
        if r.result == "won":  # every win replays
            g = Game(game, seed=seed)
            for action in r.solution:
                g.play(action)
            assert g.is_won, seed
        row.append((r.result, r.nodes, r.seconds))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("profile", "verdict", "decided"))
    ap.add_argument("--game", default=DEFAULT_GAME, choices=sorted(GAMES))
    ap.add_argument("--seeds", default="1,11,20")
    ap.add_argument("--nodes", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--rule", default=RULES[0], choices=RULES)
    args = ap.parse_args()
    seeds = seeds_of(args.seeds)
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    if args.mode == "profile":
        for seed in seeds:
            profile(args.game, seed, args.nodes or 1_000_000)
        return
    if args.mode == "verdict":
        tot = [0, 0]
        print(f"| seed | verdict | nodes without {args.rule} | with | ratio | s without | s with |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for seed in seeds:
            (r0, n0, t0), (r1, n1, t1) = verdict(args.game, seed, args.rule, args.seconds)
            assert r0 == r1 or "unknown" in (r0, r1), (seed, r0, r1)
            tot[0] += n0
            tot[1] += n1
            print(
                f"| {seed} | {r1 if r1 != 'unknown' else r0} | {n0:,} | {n1:,} "
                f"| {n1 / n0:.3f} | {t0:.1f} | {t1:.1f} |"
            )
        print(f"| all | | {tot[0]:,} | {tot[1]:,} | {tot[1] / max(tot[0], 1):.3f} | | |")
        return
    res: dict[bool, list[tuple]] = {False: [], True: []}
    for seed in seeds:
        row = decided(args.game, seed, args.rule, args.seconds, args.nodes)
        for on, r in zip((False, True), row, strict=True):
            res[on].append((seed, *r))
            if r[0] != "unknown" and row[0][0] != "unknown" and row[1][0] != "unknown":
                assert row[0][0] == row[1][0], (seed, row)
        print(
            f"seed {seed}: without {row[0][0]} {row[0][1]:,} nodes {row[0][2]:.1f} s; "
            f"with {row[1][0]} {row[1][1]:,} nodes {row[1][2]:.1f} s",
            flush=True,
        )
    budget = ", ".join(
        x
        for x in (args.seconds and f"{args.seconds:g} s", args.nodes and f"{args.nodes:,} nodes")
        if x
    )
    print(
        f"\n{len(seeds)} deals, {budget} each, one thread; load average at the end "
        f"{os.getloadavg()[0]:.2f}"
    )
    for on in (False, True):
        rows = res[on]
        n = len(rows)
        won = sum(r[1] == "won" for r in rows)
        lost = sum(r[1] == "lost" for r in rows)
        left = [str(r[0]) for r in rows if r[1] == "unknown"]
        name = f"with {args.rule}" if on else f"without {args.rule}"
        print(
            f"- {name}: decided {won + lost}/{n} ({(won + lost) / n:.1%}; won {won}, "
            f"lost {lost}); undecided: {', '.join(left) or 'none'}"
        )


if __name__ == "__main__":
    main()
