"""Small players for batch play: each is a function ``Game -> Move | None``.

A strategy looks at a live :class:`~solitaire_widget.Game` and returns the move it
wants to play next, or None when it has nothing it is willing to play. Strategies are
plain module-level functions so that they pickle, and so cross process boundaries when
``analysis.play_many`` runs them on a ``ProcessPoolExecutor``.

Two things make batch play always terminate, whatever the strategy:

* **cycle avoidance**: every strategy here only chooses among :func:`fresh_moves`, the
  legal moves that lead to a position this game has not been in yet. A finite game
  has finitely many positions, so play without revisits ends;
* **a move cap**: :func:`play_out` stops after ``max_moves`` actions in any case (a
  safety net for strategies written by users, which need not avoid cycles).

Nothing here imports pandas or matplotlib: strategies belong to the core.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable

from . import budgets
from .game import Game
from .moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, WASTE, Move

Strategy = Callable[[Game], "Move | None"]

#: Default cap on actions per game in :func:`play_out` (a won game needs far fewer:
#: 52 cards to the foundations plus a few hundred deals, draws and column moves).
MAX_MOVES = 1000


class _Memory:
    """What the strategies remember about one live game."""

    __slots__ = ("rng", "seen")

    def __init__(self) -> None:
        self.seen: set[tuple] = set()
        self.rng: random.Random | None = None


# One memory per live game. Weak keys, so it goes away with the game. A restart or a
# new deal (nothing to undo) starts a fresh memory. ``can_undo`` is checked rather than
# ``moves``, which counts the whole history on every call.
_MEMORY: weakref.WeakKeyDictionary[Game, _Memory] = weakref.WeakKeyDictionary()


def _memory(game: Game) -> _Memory:
    memory = _MEMORY.get(game)
    if memory is None or not game.can_undo:
        memory = _MEMORY[game] = _Memory()
    memory.seen.add(game.table.key())
    return memory


def fresh_moves(game: Game) -> list[Move]:
    """The legal moves that lead to a position ``game`` has not been in (legal order).

    Positions count as "been in" from the first time a strategy looked at this game.
    """
    seen = _memory(game).seen
    table = game.table
    out = []
    for move in game.legal_moves:
        # try the move on the live table and take it back: cheaper than a copy, and
        # ``revert`` restores the position exactly
        record = table.apply(move)
        key = table.key()
        table.revert(record)
        if key not in seen:
            out.append(move)
    return out


def _to_foundation(move: Move) -> bool:
    return move.dst in FOUNDATIONS and move.src not in FOUNDATIONS


def random_player(game: Game) -> Move | None:
    """A uniformly random fresh move.

    Reproducible: each game gets its own random generator, seeded from the deal (game
    name and seed, or the dealt cards) when the player first sees it, so the same deal
    is always played the same way, in any process (string seeds of ``random.Random``
    do not depend on ``PYTHONHASHSEED``). A restart starts the same sequence again.
    """
    moves = fresh_moves(game)
    if not moves:
        return None
    memory = _memory(game)
    if memory.rng is None:
        origin = game.seed if game.seed is not None else ",".join(game.deck or ())
        memory.rng = random.Random(f"{game.name}:{origin}")
    return memory.rng.choice(moves)


def greedy_player(game: Game) -> Move | None:
    """Greedy to the foundations: any card that can go up goes up; otherwise bring a
    card from the waste or reserve into the columns, else draw, and move cards between
    columns only when the stock is spent. Ties go to the first in legal-move order.

    Drawing before shuffling columns keeps it from wandering through the many column
    rearrangements that change nothing that matters.
    """
    moves = fresh_moves(game)
    if not moves:
        return None

    def rank(move: Move) -> int:
        if _to_foundation(move):
            return 0
        if move.src in (WASTE, RESERVE):
            return 1
        if move == DRAW:
            return 2
        if move.src >= FIRST_TABLEAU:
            return 3
        return 4  # a card taken back down from a foundation: last resort

    return min(moves, key=rank)


def hint_player(game: Game) -> Move | None:
    """Follow the game's own hints (``Game.hints``, best first; ``Game.hint`` is the
    first of them), skipping any that would go back to a position already seen.

    Can be slow in Saratoga: ``Game.hints`` first runs the exact "is the game lost?"
    search (``Game.status``); most deals take well under a second, but a few end games
    make it explore many positions per move (measured: up to about two minutes for one
    deal). :func:`aisleriot_player` is the cheap alternative for batch play.
    """
    fresh = set(fresh_moves(game))
    for move in game.hints():
        if move in fresh:
            return move
    return None


def aisleriot_player(game: Game) -> Move | None:
    """Follow Aisleriot's own hint order (``game.rules.aisleriot_hints``), then any card
    to a foundation, then a draw, skipping moves back to a position already seen.

    Close to :func:`hint_player` but much cheaper: ``Game.hints`` first runs the exact
    "is the game lost?" search, which in Saratoga's end game explores thousands of
    positions per move.
    """
    fresh = fresh_moves(game)
    if not fresh:
        return None
    allowed = set(fresh)
    for move in game.rules.aisleriot_hints(game.table):
        if move in allowed:
            return move
    for move in fresh:
        if _to_foundation(move):
            return move
    return DRAW if DRAW in allowed else None


STRATEGIES: dict[str, Strategy] = {
    "random": random_player,
    "greedy": greedy_player,
    "hint": hint_player,
    "aisleriot": aisleriot_player,
}


def get_strategy(strategy: str | Strategy) -> Strategy:
    """A strategy by name (``"random"``, ``"greedy"``, ``"hint"``, ``"aisleriot"``) or
    the function itself."""
    if callable(strategy):
        return strategy
    try:
        return STRATEGIES[strategy]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)} "
            "or pass a function Game -> Move | None"
        ) from None


def strategy_name(strategy: str | Strategy) -> str:
    """The short name of a strategy (its registry name, else the function's name)."""
    if isinstance(strategy, str):
        get_strategy(strategy)  # validates
        return strategy
    for name, func in STRATEGIES.items():
        if func is strategy:
            return name
    return getattr(strategy, "__name__", type(strategy).__name__)


def play_out(game: Game, strategy: str | Strategy, max_moves: int = MAX_MOVES) -> Game:
    """Let ``strategy`` play ``game`` until it is won, the strategy returns None, or
    ``max_moves`` actions have been played. Returns the same (now played) game.

    The end test is deliberately cheap (``is_won`` and the strategy's own None): the
    exact "lost" verdict of ``Game.status`` searches the position and would dominate
    the cost of batch play.
    """
    budgets.count(max_moves, "max_moves", optional=False)
    player = get_strategy(strategy)
    for _ in range(max_moves):
        if game.is_won:
            break
        move = player(game)
        if move is None:
            break
        game.play(move)
    return game


__all__ = [
    "MAX_MOVES",
    "STRATEGIES",
    "Strategy",
    "aisleriot_player",
    "fresh_moves",
    "get_strategy",
    "greedy_player",
    "hint_player",
    "play_out",
    "random_player",
    "strategy_name",
]
