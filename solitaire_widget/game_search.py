"""The searches a ``Game`` is handed to, as python-chess hands a board to an engine.

``Game`` (game.py) is the model: the table, its history, play/undo/redo, events,
notation and its lock. It imports no search (pyproject.toml's import-linter contract
"The model imports no search" holds it so). What takes a search is here, as free
functions over a game: dealing winnable deals (``deal``), grading a deal
(``difficulty``, ``hint_policy_wins``), solving (``solve``, ``is_winnable``), the
fatal-move and losing-move verdicts (``is_fatal``, ``losing_move``), the exact hint
(``exact_hint``) and the "no more moves" test behind ``Game.status`` and ``Game.hints``
(``progress.py``: ``is_stuck``, ``path_to_progress``).

The game is handed its searches, never imports them: ``SEARCHES`` (the calls of
``game.Searches``) is installed as ``Game.searches`` when this module is imported,
which the package's ``__init__`` does. So ``solitaire_widget.Game`` is one class, the
same as ``solitaire_widget.game.Game``, whose methods ``solve``, ``is_winnable``,
``deal``... are thin calls of the functions here: pickling, ``from_json`` and
``isinstance`` see one class, and a test may hand the model other searches
(``Game.searches``), as one hands a python-chess board to another engine.

Every function validates its budgets (budgets.py) before any search, takes what it
searches as a copy under the game's lock, in one step, and searches outside it: the
game goes on meanwhile (another thread), and its listeners are never told anything
from here (a search plays on copies only).

>>> from solitaire_widget import Game
>>> solve(Game("kansas", seed=1), seconds=None, nodes=0).result
'unknown'
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from . import budgets, progress
from .budgets import shown
from .core_search import Memory
from .deals import Difficulty, check_grade, published_list, published_list_of
from .game import DEAL_NODES, DEAL_TRIES, Game
from .games import DEFAULT_GAME, make_rules
from .games.base import Table
from .moves import Move
from .solve_result import SolveResult
from .solver import solve as _solve

G = TypeVar("G", bound=Game)


# ---- dealing winnable deals ---------------------------------------------------------
def deal(
    cls: type[G],
    name: str = DEFAULT_GAME,
    winnable: bool = True,
    difficulty: str | None = None,
    *,
    nodes: int = DEAL_NODES,
    tries: int = DEAL_TRIES,
    rng: random.Random | None = None,
    **options: Any,
) -> G:
    """``Game.deal``: a new game of class ``cls`` on a seed the solver proved winnable
    (see ``Game.deal``). Each seed tried on the spot is searched through its game's
    own ``solve`` or ``difficulty``."""
    if not isinstance(winnable, bool):
        raise TypeError(f"winnable must be True or False, not {shown(winnable)}")
    wanted = check_grade(difficulty)
    if wanted is not None and not winnable:
        raise ValueError("difficulty grades winnable deals: give winnable=True with it")
    budgets.count(nodes, "nodes", optional=False, least=1)
    budgets.count(tries, "tries", optional=False, least=1)
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (or None), not {type(rng).__name__}")
    make_rules(name, **options)  # a bad name or option fails here, before any search
    if not winnable:
        return cls(name, **options)
    pick = rng if rng is not None else random.SystemRandom()
    listed = published_list(name, options)
    if listed is not None:
        seeds = listed.seeds() if wanted is None else listed.graded(wanted)
        if seeds:
            return cls(name, seed=pick.choice(seeds), **options)
    for _ in range(tries):
        game = cls(name, seed=pick.getrandbits(32), **options)
        found = game.difficulty(nodes=nodes) if wanted else game.solve(None, nodes)
        if isinstance(found, Difficulty) and found.grade == wanted:
            return game
        if isinstance(found, SolveResult) and found.result == "won":
            return game
    what = f"{wanted} winnable" if wanted else "winnable"
    raise RuntimeError(
        f"no {what} deal of {name} found in {tries} random deals of {nodes} nodes each"
    )


def difficulty(game: Game, nodes: int = DEAL_NODES) -> Difficulty | None:
    """``Game.difficulty``: how hard the deal is, from its start (see there)."""
    budgets.count(nodes, "nodes", optional=False)
    with game.lock:  # the deal and its seed as one (``new`` changes both)
        seed, start = game.seed, game.position(0)
    listed = published_list_of(game.rules) if seed is not None else None
    known = listed.difficulty(seed) if listed and seed is not None else None
    if known is not None:
        return known
    result = start.solve(seconds=None, nodes=nodes)
    if result.result == "won":
        return Difficulty(result.moves, result.nodes, start.hint_policy_wins())
    if result.result == "unknown" and listed is not None and listed.won(seed or 0):
        # proved won in the published run, past this budget: the search it takes is
        # beyond the budget, so at least ``nodes``; the line's length is not known
        return Difficulty(0, result.nodes, start.hint_policy_wins())
    return None


def hint_policy_wins(game: Game, max_moves: int = 1000) -> bool:
    """``Game.hint_policy_wins``: does following the hints alone win from here? Plays,
    on a copy, the first hint that leads to a position not yet seen, until the game is
    won, no such hint is left or ``max_moves`` actions (``difficulty`` grades by it)."""
    budgets.count(max_moves, "max_moves", optional=False)
    copy = game._here()
    seen = {copy.table.key()}
    for _ in range(max_moves):
        if copy.is_won:
            return True
        table = copy.table
        for move in copy.hints():
            record = table.apply(move)
            key = table.key()
            table.revert(record)
            if key not in seen:
                break
        else:
            return False
        copy.play(move)
        seen.add(copy.table.key())
    return copy.is_won


# ---- solving (solver.py) ----------------------------------------------------------------
def solve(
    game: Game,
    seconds: float | None = 10.0,
    nodes: int | None = None,
    engine: str = "auto",
    threads: int = 1,
    memory: Memory | None = None,
) -> SolveResult:
    """``Game.solve``: a search for a win from the game's position, copied under its
    lock when the search starts (see there and ``solver.solve``)."""
    budgets.seconds(seconds, "seconds")
    budgets.count(nodes, "nodes")
    with game.lock:
        table = game.table.copy()
    return _solve(
        table, seconds=seconds, nodes=nodes, engine=engine, threads=threads, memory=memory
    )


def is_winnable(game: Game, seconds: float | None = 10.0) -> bool | None:
    """True or False when the game's ``solve`` decides within ``seconds``, else None."""
    budgets.seconds(seconds, "seconds")
    result = game.solve(seconds=seconds).result
    return None if result == "unknown" else result == "won"


def exact_hint(game: Game, budget: float = 2.0) -> Move | None:
    """The first move of a winning line the solver finds from here within ``budget``
    seconds (``Game.hint(exact=True)``), or None: no win found in time, the game is
    not being played, or the position changed while the search ran."""
    budgets.seconds(budget, "budget")
    with game.lock:  # the position searched, and the moment it was taken
        version, here, playing = game._version, game._here(), game.status == "playing"
    # searched outside the lock: the game goes on meanwhile
    if playing:
        result = here.solve(seconds=budget)
        if result.result == "won" and result.solution:
            with game.lock:
                if game._version == version:  # still the position searched
                    return Move.parse(result.solution[0])
    return None


def is_fatal(game: Game, action: Move | str, seconds: float | None = 2.0) -> bool | None:
    """``Game.is_fatal``: whether playing ``action`` turns a position proved winnable
    into one proved lost (see there). IllegalMove for an illegal ``action``."""
    budgets.seconds(seconds, "seconds")
    with game.lock:  # the move checked on the position searched
        move = game._allowed(action)
        here = game._here()
    before = here.is_winnable(seconds)
    if not before:
        return None if before is None else False
    here._play_legal(move)
    winnable = here.is_winnable(seconds)
    return None if winnable is None else not winnable


def losing_move(game: Game, seconds: float | None = 2.0) -> int | None:
    """``Game.losing_move``: the move k (from 1) after which the game, proved winnable
    after k - 1 actions, is proved lost (see there). A position after a lost one is lost
    too, so the positions are searched by halves: about log2(moves) searches."""
    budgets.seconds(seconds, "seconds")
    frozen = game._frozen()  # the game as it is now: the searches run on copies of it
    n = frozen.moves
    last = frozen.position(n).is_winnable(seconds)
    if last is not False:
        return None  # not lost (or not proved so): no move lost it
    first = frozen.position(0).is_winnable(seconds)
    if first is not True:
        return None  # lost from the deal, or the deal itself undecided
    low, high = 0, n  # winnable after ``low`` actions, lost after ``high``
    while high - low > 1:
        mid = (low + high) // 2
        winnable = frozen.position(mid).is_winnable(seconds)
        if winnable is None:
            return None
        low, high = (mid, high) if winnable else (low, mid)
    return high


# ---- the "no more moves" test (progress.py) -------------------------------------------
def stuck_memo() -> progress.StuckMemo:
    """A memo of the components proved stuck, one per game (see ``progress.StuckMemo``)."""
    return progress.StuckMemo()


def is_stuck(table: Table, memo: progress.StuckMemo | None) -> bool:
    """Whether only moves that change nothing for good are left (``Game.status``)."""
    return progress.is_stuck(table, memo=memo)


class _Searches:
    """The functions above as the object ``Game.searches`` holds (``game.Searches``)."""

    stuck_memo = staticmethod(stuck_memo)
    is_stuck = staticmethod(is_stuck)
    path_to_progress = staticmethod(progress.path_to_progress)
    deal = staticmethod(deal)
    difficulty = staticmethod(difficulty)
    hint_policy_wins = staticmethod(hint_policy_wins)
    exact_hint = staticmethod(exact_hint)
    solve = staticmethod(solve)
    is_winnable = staticmethod(is_winnable)
    is_fatal = staticmethod(is_fatal)
    losing_move = staticmethod(losing_move)


SEARCHES = _Searches()
Game.searches = SEARCHES

__all__ = [
    "SEARCHES",
    "deal",
    "difficulty",
    "exact_hint",
    "hint_policy_wins",
    "is_fatal",
    "is_stuck",
    "is_winnable",
    "losing_move",
    "solve",
    "stuck_memo",
]
