"""What a Game's lock costs (issue 36: a Game two threads can share).

Every public method of ``Game`` runs holding the game's re-entrant lock
(``game._serialised``). This times, on one thread, a few calls with the lock and the
same calls without it (the method the lock wraps, ``__wrapped__``): a property read,
``legal_moves``, a move played and taken back, the history of a 500-move game, and
the notation of a Move (which checks its fields since the same issue). Run:
``python benchmarks/game_lock.py [--repeat N]``; best of N runs, microseconds a call.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from solitaire_widget import Game
from solitaire_widget.games import rule_sets
from solitaire_widget.moves import Move


def per_call(fn: Callable[[], object], calls: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, time.perf_counter() - t)
    return best / calls * 1e6


def unlocked(prop: property) -> Callable[[Game], object]:
    return prop.fget.__wrapped__  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    r = args.repeat

    g = Game(seed=3)  # the game a table opens with
    score = unlocked(Game.score)
    legal = unlocked(Game.legal_moves)
    rows = [
        ("g.score", per_call(lambda: g.score, 200_000, r), per_call(lambda: score(g), 200_000, r)),
        (
            "g.legal_moves (cached)",
            per_call(lambda: g.legal_moves, 100_000, r),
            per_call(lambda: legal(g), 100_000, r),
        ),
    ]
    play, undo = Game.play.__wrapped__, Game.undo.__wrapped__  # type: ignore[attr-defined]

    def locked_pair() -> None:
        g.play("draw")
        g.undo()

    def bare_pair() -> None:
        play(g, "draw")
        undo(g)

    rows.append(
        ("play('draw') + undo()", per_call(locked_pair, 20_000, r), per_call(bare_pair, 20_000, r))
    )
    # a long game: random play where the stock goes round for ever
    endless = next(
        v for v in rule_sets() if "redeals" in v.options and v.options["redeals"] is None
    )
    long = Game(endless.game, seed=5, **dict(endless.options))
    rng = random.Random(2)
    while long.moves < 500 and long.legal_moves:
        long.play(rng.choice(long.legal_moves))
    history = unlocked(Game.history)
    rows.append(
        (
            f"history of {long.moves} actions",
            per_call(lambda: long.history, 300, r),
            per_call(lambda: history(long), 300, r),
        )
    )
    print(f"{'call':<26}{'with lock':>12}{'without':>12}{'lock costs':>12}  (us a call)")
    for name, with_lock, without in rows:
        print(f"{name:<26}{with_lock:>12.3f}{without:>12.3f}{with_lock - without:>12.3f}")
    moves = [Move(7 + i % 7, 3 + i % 4, 1 + i % 3) for i in range(100_000)]
    each = per_call(lambda: [str(m) for m in moves], 1, r) / len(moves)
    print(f"str(Move), its fields checked: {each:.3f} us")


if __name__ == "__main__":
    main()
