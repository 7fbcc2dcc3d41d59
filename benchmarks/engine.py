"""Engine speed: random playouts on fixed seeds, per game and option.

Prints legal-move generations per second and play+undo pairs per second, measured on
the ``Table`` (the solver's inner loop) and through ``Game`` (what a user's code pays,
with notation parsing, rule checks and undo bookkeeping), plus the cost of the exact
"no more moves" status. Run: ``python benchmarks/engine.py [--seeds N]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from solitaire_widget import Game
from solitaire_widget.games import variants

# every registered game's variants
VARIANTS = [(v.game, dict(v.options)) for v in variants()]


def positions(name: str, options: dict, seeds: range, steps: int = 120) -> list[Game]:
    """Games taken along random walks, so the figures cover whole games."""
    out = []
    for seed in seeds:
        g = Game(name, seed=seed, **options)
        rng = random.Random(seed)
        for i in range(steps):
            moves = g.legal_moves
            if not moves:
                break
            g.play(rng.choice(moves))
            if i % 10 == 0:
                out.append(Game.from_json(g.to_json()))
    return out


def rate(work: Callable[[], int], repeat: int = 3) -> float:
    """Operations per second, best of ``repeat`` runs, without the garbage collector."""
    best = 0.0
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            n = work()
            best = max(best, n / (time.perf_counter() - t0))
    finally:
        gc.enable()
    return best


def bench(name: str, options: dict, seeds: range) -> dict[str, float]:
    games = positions(name, options, seeds)
    tables = [g.table for g in games]
    pairs = [(t, m) for t in tables for m in t.legal_moves()]

    def generate() -> int:
        for t in tables:
            t.legal_moves()
        return len(tables)

    def table_play_undo() -> int:
        for t, m in pairs:
            t.revert(t.apply(m))
        return len(pairs)

    def game_play_undo() -> int:
        n = 0
        for g in games:
            for m in g.legal_moves:
                g.play(m)
                g.undo()
                n += 1
        return n

    gen_rate = rate(generate)
    table_rate = rate(table_play_undo)
    game_rate = rate(game_play_undo, repeat=1)

    times = []
    for g in games:
        g._cache.clear()
        t0 = time.perf_counter()
        g.status  # noqa: B018 - the exact "no more moves" test
        times.append(1000 * (time.perf_counter() - t0))
    status_ms = sum(times) / len(times)
    return {
        "positions": len(games),
        "legal/s": gen_rate,
        "table play+undo/s": table_rate,
        "Game play+undo/s": game_rate,
        "status ms": status_ms,
        "status max ms": max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    seeds = range(1, args.seeds + 1)
    header = f"{'game':<34}{'positions':>10}{'legal/s':>11}{'Table p+u/s':>13}"
    header += f"{'Game p+u/s':>12}{'status ms':>11}{'max ms':>9}"
    print(header)
    for name, options in VARIANTS:
        r = bench(name, options, seeds)
        label = name + (" " + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
        print(
            f"{label:<34}{r['positions']:>10}{r['legal/s']:>11,.0f}"
            f"{r['table play+undo/s']:>13,.0f}{r['Game play+undo/s']:>12,.0f}"
            f"{r['status ms']:>11.2f}{r['status max ms']:>9.1f}"
        )


if __name__ == "__main__":
    main()
