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
from collections.abc import Callable
from typing import Any, TypeVar

from . import budgets, hints, progress
from .budgets import shown
from .chance import (
    FIRST_SECONDS,
    FIRST_WORLDS,
    WORLD_NODES,
    WORLD_SECONDS,
    Chance,
    HonestHint,
    best_move,
    check_budget,
)
from .core_search import Memory
from .deals import Difficulty, check_grade, published_list, published_list_of
from .game import DEAL_NODES, DEAL_TRIES, Game
from .games import DEFAULT_GAME, make_rules
from .games.base import Table
from .information import Information
from .moves import DRAW, STOCK, Move
from .solve_result import SolveResult
from .solver import Solver
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


# ---- honest help (chance.py) ------------------------------------------------------------
#: the memory budget of one world's search in the compiled core, in MB (a world's
#: search is short: a table grows by doubling, so most take far less)
WORLD_MB = 64.0


def world_search(table: Table, memory: Memory | None = None) -> Solver:
    """The search of one world (or of the one position, when nothing is unseen): the
    exact solver's, as ``Game.solve`` runs it (one thread), within ``memory`` if given."""
    return Solver(table, memory_mb=None if memory is not None else WORLD_MB, memory=memory)


def _stuck_on_its_face(info: Information) -> bool:
    # Game.status's "no more moves" test (progress.py) follows the moves that change
    # nothing for good until it meets one that does. Turning a face-down card over or
    # dealing a reserve card into a column changes the game for good, so it stops
    # before any unseen card of the columns or the reserve shows; a click on the stock
    # does too where redeals are limited. Only with unlimited redeals does it go round
    # the stock, looking at its cards as they come up: its verdict then rests on what
    # the player has seen only where no unseen card is left in the stock.
    return not any(index == STOCK for index, _ in info.slots)


def settled_on_its_face(game: Game, info: Information) -> str | None:
    """``"won"`` for a game won, ``"lost"`` for one stuck on what the player can see
    (``info``: what they have seen), else None: what the honest chance answers without
    a search."""
    if game.is_won:
        return "won"
    if game.status == "lost" and _stuck_on_its_face(info):
        return "lost"
    return None


def _check(samples: object, nodes: object, seconds: object, seed: object) -> int:
    # every budget checked before anything is read or searched
    check_budget(nodes, seconds)
    budgets.count(seed, "seed", optional=False)
    return budgets.count(samples, "samples", optional=False)


def chance(
    game: Game,
    samples: int,
    nodes: int | None,
    seconds: float | None,
    seed: int,
    memory: Memory | None = None,
) -> Chance:
    """``Game.chance``: the chance of winning from what the player of ``game`` has seen,
    from ``samples`` worlds (see there)."""
    count = _check(samples, nodes, seconds, seed)
    with game.lock:  # what was seen and the verdict on its face, of one moment
        info = Information.of(game)
        settled = settled_on_its_face(game, info)
    return _sampled(info, settled, count, nodes, seconds, seed, memory)


def _sampled(
    info: Information,
    settled: str | None,
    count: int,
    nodes: int | None,
    seconds: float | None,
    seed: int,
    memory: Memory | None,
) -> Chance:
    """The chance over ``count`` worlds of ``seed`` (none searched where ``settled``
    answered on the table's face): ``Game.chance``'s, and the honest hint's before."""
    found = Chance(
        info,
        lambda t: world_search(t, memory),
        nodes=nodes,
        seconds=seconds,
        seed=seed,
        settled=settled,
    )
    if settled is None:
        found.refine(samples=count)
    return found


def first_chance(
    info: Information, settled: str | None = None, memory: Memory | None = None
) -> Chance:
    """The live table's first estimate of the honest chance (``info``: what the player
    has seen; ``settled``: ``settled_on_its_face``'s verdict): the first
    ``FIRST_WORLDS`` worlds, as many as fit in ``FIRST_SECONDS`` (one at least), each
    searched for ``WORLD_NODES`` nodes or ``WORLD_SECONDS``, whichever ends first, so
    that the answer comes within a quarter of a second in every game. Time-bounded, so
    not reproducible to the world as ``Game.chance`` is; refine it with ``refine``."""
    found = Chance(
        info,
        lambda t: world_search(t, memory),
        nodes=WORLD_NODES,
        seconds=WORLD_SECONDS,
        settled=settled,
    )
    if settled is None:
        found.refine(samples=1)
        found.refine(samples=FIRST_WORLDS - 1, seconds=max(0.0, FIRST_SECONDS - found.spent))
    return found


def chance_after(
    game: Game,
    action: Move | str,
    samples: int,
    nodes: int | None,
    seconds: float | None,
    seed: int,
    memory: Memory | None = None,
) -> Chance:
    """``Game.chance_after``: the chance once ``action`` is played, over the worlds
    ``chance`` draws with the same seed (see there). IllegalMove for an illegal
    ``action``; nothing is played."""
    count = _check(samples, nodes, seconds, seed)
    with game.lock:
        move = game._allowed(action)
        info = Information.of(game)
    found = Chance(
        info,
        lambda t: world_search(t, memory),
        move=move,
        nodes=nodes,
        seconds=seconds,
        seed=seed,
    )
    return found.refine(samples=count)


def hint_order(game: Game) -> list[Move]:
    """The heuristic hints' order, as the honest hint breaks ties by it: the moves
    worth playing (``hints.worth_playing``, which reads only faces the player sees),
    then the stock. ``Game.hints`` is the same list, but asks the status too, whose
    "no more moves" test may go round a stock the player has not seen."""
    with game.lock:
        legal = game.legal_moves
        last = game._undo[-1] if game._undo else None
        order = hints.worth_playing(game.table, legal, last)
    if DRAW in legal:
        order.append(DRAW)
    return order


def honest_hint(
    game: Game,
    samples: int,
    nodes: int | None,
    seconds: float | None,
    seed: int,
    memory: Memory | None = None,
) -> HonestHint | None:
    """``Game.honest_hint``: the legal move with the best chance from what the player
    has seen (see there); None when there is no legal move."""
    return honest_hint_work(game, samples, nodes, seconds, seed, memory)()


def honest_hint_work(
    game: Game,
    samples: int,
    nodes: int | None,
    seconds: float | None,
    seed: int,
    memory: Memory | None = None,
) -> Callable[[], HonestHint | None]:
    """``honest_hint`` in two halves: what the player has seen and the legal moves are
    read now (the table's Hint reads them on the kernel's thread, from the live game and
    its history), the worlds are searched when the function returned is called (in the
    background, on nothing the live game shares). Budgets are checked now."""
    count = _check(samples, nodes, seconds, seed)
    with game.lock:  # the position, what was seen of it and its moves, as one
        info = Information.of(game)
        settled = settled_on_its_face(game, info)
        legal = game.legal_moves
        order = hint_order(game)

    def work() -> HonestHint | None:
        if settled == "won" or not legal:
            return None
        before = _sampled(info, settled, count, nodes, seconds, seed, memory)
        return best_move(before, legal, order, count)

    return work


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
    chance = staticmethod(chance)
    chance_after = staticmethod(chance_after)
    honest_hint = staticmethod(honest_hint)


SEARCHES = _Searches()
Game.searches = SEARCHES

__all__ = [
    "SEARCHES",
    "chance",
    "chance_after",
    "deal",
    "difficulty",
    "exact_hint",
    "first_chance",
    "hint_policy_wins",
    "honest_hint",
    "honest_hint_work",
    "is_fatal",
    "is_stuck",
    "is_winnable",
    "losing_move",
    "settled_on_its_face",
    "solve",
    "stuck_memo",
    "world_search",
]
