"""The compiled core's speed, in search nodes per CPU second, on the same deals: this
build against another (an older one, built from git into a folder of its own).

    python benchmarks/core_speed.py                               # the installed core alone
    python benchmarks/core_speed.py --other /tmp/oldcore/pkg      # and a build beside it
    python benchmarks/core_speed.py --deals 10 --nodes 300000 --rounds 3
    python benchmarks/core_speed.py --other /tmp/oldcore/pkg --variants Saratoga

Each variant of every registered game, deals 1..N, each searched by the core alone (one
thread, a node budget, no side searches) from its deal. The two builds run in processes
of their own, taking turns deal by deal (never at the same time), so that whatever else
loads the machine loads both alike; with ``--rounds`` the whole is repeated and the best
round of each build is kept (the least disturbed). ``--other`` is a folder holding a
``solitaire_core`` package; a build whose module predates ``parts`` takes the older
calling convention (the game's name and options), and a game it has no part for is
skipped there.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup(where: str | None) -> None:
    if where:
        sys.path.insert(0, where)
    sys.path.insert(1 if where else 0, str(ROOT))


def _search(mod, table):  # the module's Search for ``table``, whatever its convention
    rules = table.rules
    piles = [list(p) for p in table.piles]
    if hasattr(mod, "parts"):
        if rules.core_part not in mod.parts:
            return None
        return mod.Search(
            rules.core_part,
            rules.core_traits(),
            piles,
            list(table.hidden),
            table.redeals_used,
            table.base,
        )
    if rules.name not in getattr(mod, "games", ()) or any(table.hidden):
        return None
    return mod.Search(
        rules.name, piles, table.redeals_used, rules.max_redeals, rules.draw_count, table.base
    )


def measure(game: str, options: dict, seed: int, nodes: int) -> tuple[int, float] | None:
    """(nodes searched, CPU seconds) of one deal, or None where this build cannot."""
    import solitaire_core

    from solitaire_widget import Game

    s = _search(solitaire_core, Game(game, seed=seed, **options).table)
    if s is None:
        return None
    c0 = time.process_time()
    s.run(None, nodes)
    return s.nodes, time.process_time() - c0


def where_from() -> str:
    import solitaire_core

    return solitaire_core.__file__


def main() -> None:
    from solitaire_widget.games import variants

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--other", help="a folder holding another build's solitaire_core")
    ap.add_argument("--deals", type=int, default=8, help="per variant")
    ap.add_argument("--nodes", type=int, default=300_000, help="per deal")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--variants", default="", help="only labels holding this text")
    args = ap.parse_args()
    builds = {"this": None} if not args.other else {"other": args.other, "this": None}
    pools = {
        # spawned, not forked: a fork would inherit this process's modules
        k: ProcessPoolExecutor(
            1, multiprocessing.get_context("spawn"), initializer=_setup, initargs=(w,)
        )
        for k, w in builds.items()
    }
    for k, pool in pools.items():
        print(f"{k}: {pool.submit(where_from).result()}", flush=True)
    rows = []
    for v in variants():
        if args.variants not in v.label:
            continue
        best: dict[str, float | None] = {}
        for _ in range(args.rounds):
            total = {k: [0, 0.0] for k in builds}
            skipped = set()
            for seed in range(1, args.deals + 1):
                for k, pool in pools.items():
                    r = pool.submit(measure, v.game, dict(v.options), seed, args.nodes).result()
                    if r is None:
                        skipped.add(k)
                        continue
                    total[k][0] += r[0]
                    total[k][1] += r[1]
            for k in builds:
                rate = None if k in skipped else total[k][0] / total[k][1]
                old = best.get(k)
                best[k] = rate if old is None or (rate is not None and rate > old) else old
        rows.append((v.label, best))
        cells = "  ".join(
            f"{k} {best[k] / 1e6:6.3f} M nodes/s" if best[k] else f"{k}      -" for k in builds
        )
        ratio = ""
        if args.other and best.get("other") and best.get("this"):
            ratio = f"  this/other {best['this'] / best['other']:.3f}"
        print(f"{v.label:32} {cells}{ratio}", flush=True)
    for pool in pools.values():
        pool.shutdown()


if __name__ == "__main__":
    main()
