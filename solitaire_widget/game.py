"""``Game``: one deal of one game, with its history, in the spirit of python-chess.

The position lives in a ``Table`` (games/base.py); ``Game`` adds what a player and a
program need around it: notation, undo/redo, hints, autoplay, explanations, status,
observers, saving and pictures. It is the single source of truth the widget follows.
"""

from __future__ import annotations

import functools
import json
import math
import random
import threading
import time
from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import Any, TypeVar

from . import budgets, progress
from .budgets import shown
from .cards import RANKS, code, parse_code
from .core_search import Memory
from .deal import check_seed, random_seed, shuffled_deck
from .deals import Difficulty, check_grade, published_list
from .explain import explain as _explain
from .explain import refusal as _refusal
from .explain import wordings as _wordings
from .games import DEFAULT_GAME, GAMES, make_rules
from .games.base import F0, F3, Record, Rules, Table
from .history import history_frame as _history_frame
from .moves import (
    DRAW,
    FIRST_TABLEAU,
    FOUNDATIONS,
    RESERVE,
    STOCK,
    WASTE,
    IllegalMove,
    Move,
    bad_move,
    pile_index,
)
from .render import table_svg, table_text
from .solver import SolveResult
from .solver import solve as _solve

JSON_FORMAT = "solitaire_widget.game"
#: the search one deal gets when ``Game.deal`` solves random seeds on the spot (nodes,
#: not seconds, so what is dealt does not depend on the machine's speed); the core
#: searches some 2 million nodes a second
DEAL_NODES = 200_000
#: how many random seeds ``Game.deal`` tries on the spot before it gives up
DEAL_TRIES = 200
JSON_VERSION = 1

Listener = Callable[["Game"], None]
F = TypeVar("F", bound=Callable[..., Any])


def _serialised(method: F) -> F:
    """Runs ``method`` holding the game's lock (``Game.lock``), so that threads sharing
    a Game take turns: each public method sees and leaves a whole position and history.

    The lock is re-entrant (a method calls others). What a change tells its listeners
    is told once the outermost call lets the lock go, on the thread that made the
    change: a listener (the widget's table) may take locks of its own and call back
    into the game, and a thread holding such a lock while it plays on the game (the
    widget's replay timer) could otherwise wait on this lock while the listener waits
    on its lock: the game's lock is taken last, and held around nothing but the game."""

    @functools.wraps(method)
    def locked(self: Game, *args: Any, **kwargs: Any) -> Any:
        # (acquire and release by hand: a "with" costs a reader of ``score`` a third more)
        lock = self._lock
        lock.acquire()
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1
            notify = self._unheard and not self._depth
            if notify:
                self._unheard = False
            lock.release()
            if notify:
                self._notify()

    return locked  # type: ignore[return-value]


def _as_move(action: object) -> Move:
    if isinstance(action, Move):
        why = bad_move(action)
        if why is not None:
            raise why
        return action
    if isinstance(action, str):
        return Move.parse(action)
    raise TypeError(f"a move is a Move or a string like 't2>f0', not {type(action).__name__}")


def check_deck(deck: Iterable[object]) -> list[int]:
    """52 distinct card codes -> card numbers; ValueError names the problem."""
    if isinstance(deck, (str, bytes)):
        raise ValueError("deck must be a list of 52 card codes, not a string")
    try:
        items = list(deck)
    except TypeError:
        raise ValueError("deck must be a list of 52 card codes") from None
    if len(items) != 52:
        raise ValueError(f"deck must hold 52 cards, not {len(items)}")
    cards = []
    for item in items:
        if isinstance(item, str):
            card, _ = parse_code(item.upper())
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 52:
            card = item
        else:
            raise ValueError(f"{shown(item)} is not a card code")
        cards.append(card)
    if len(set(cards)) != 52:
        dupes = sorted({code(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"deck has duplicate cards: {', '.join(dupes)}")
    return cards


class Game:
    """A deal of Eagle Wing, Saratoga or Kansas, played exactly as Aisleriot plays it.

    >>> g = Game("kansas", seed=1)
    >>> [str(m) for m in g.legal_moves]
    ['draw', 't1>f1', 't1>f2', 't1>f3']
    >>> g.play("t1>f1")
    Move.parse('t1>f1')

    Threads may share a Game: its methods take turns (``lock``), and a search works on
    a copy taken under the lock, so the game goes on while it runs.
    """

    def __init__(
        self,
        name: str = DEFAULT_GAME,
        seed: int | None = None,
        *,
        deck: Iterable[object] | None = None,
        **options: Any,
    ) -> None:
        self._blank(make_rules(name, **options))
        if deck is not None and seed is not None:
            raise ValueError("give a seed or a deck, not both")
        if deck is not None:
            cards = check_deck(deck)
        else:
            self._seed = check_seed(random_seed() if seed is None else seed)
            cards = shuffled_deck(self._seed)
        self._deck = cards
        piles = self._rules.deal(list(cards))
        base = piles[F0][0] % 13 + 1 if self._rules.has_base_card else None
        hidden = self._rules.deal_hidden()
        self._rules.check_position(piles, hidden, 0)  # a game's own deal fits its limits
        self._reset(Table(self._rules, piles, 0, base, hidden))

    _rules: Rules
    _seed: int | None
    _deck: list[int] | None
    _listeners: list[Listener]

    def _blank(self, rules: Rules) -> None:
        # what every Game holds besides its position (the constructors' common part)
        self._rules = rules
        self._seed = None
        self._deck = None
        self._listeners = []
        self._lock = threading.RLock()
        self._depth = 0  # calls of this game's methods in progress (on the lock's thread)
        self._unheard = False  # a change the listeners are yet to hear of

    @classmethod
    def _from_table(
        cls, rules: Rules, table: Table, seed: int | None, deck: list[int] | None
    ) -> Game:
        game = cls.__new__(cls)
        game._blank(rules)
        game._seed, game._deck = seed, deck
        game._reset(table)
        return game

    def __getstate__(self) -> dict[str, Any]:
        # pickle and copy.deepcopy: a lock is not copied; a copy gets one of its own
        with self._lock:
            state = dict(self.__dict__)
        del state["_lock"]
        state["_depth"], state["_unheard"] = 0, False
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    @property
    def lock(self) -> threading.RLock:
        """The lock every method of this game holds while it runs (re-entrant): hold it
        too to read several things as one moment of the game (``with g.lock: ...``)."""
        return self._lock

    @property
    def seed(self) -> int | None:
        """The seed the deal was dealt from (0 to 2**32-1), or None for a deck or a
        position given by hand."""
        return self._seed

    def _reset(self, table: Table) -> None:
        self._start = table.copy()
        self._table = table
        self._undo: list[list[Record]] = []
        self._redo: list[list[Move]] = []
        self._times: list[float] = []
        self._cache: dict[str, Any] = {}
        self._stuck = progress.StuckMemo()

    # ---- dealing winnable deals -------------------------------------------------------
    @classmethod
    def deal(
        cls,
        name: str = DEFAULT_GAME,
        winnable: bool = True,
        difficulty: str | None = None,
        *,
        nodes: int = DEAL_NODES,
        tries: int = DEAL_TRIES,
        rng: random.Random | None = None,
        **options: Any,
    ) -> Game:
        """A new deal of game ``name`` with ``options`` on a seed the solver proved
        winnable under those rules (``winnable=False``: any random deal, as ``Game``).

        Where verdicts are published for the rules (docs/winnability: seeds 1–20,000 of
        each variant with figures, every win replayed) the seed is drawn from the seeds
        proved won there (solitaire_widget.deals); otherwise random seeds are solved on
        the spot, ``nodes`` positions each, and the first one proved won is dealt (a
        deal the search does not decide is skipped, never guessed); after ``tries``
        seeds without a win, RuntimeError. ``difficulty`` ("easy", "medium", "hard";
        see ``deals.grade``) deals only a deal of that grade: from the published
        list's graded seeds where it has some, else measured on the spot
        (``Game.difficulty``). ``rng`` draws the seeds (a ``random.Random``, for
        reproducible choices). The seed is the game's ``seed``, as for any deal:
        ``Game(name, seed=...)`` deals it again, won or lost.
        """
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

    def difficulty(self, nodes: int = DEAL_NODES) -> Difficulty | None:
        """How hard this deal is (from its start, whatever was played): the solver's
        winning line and the search it took (up to ``nodes`` positions), and whether the
        hint policy wins it alone; ``.grade`` is "easy", "medium" or "hard"
        (``deals.grade``). None when the deal is lost or the search did not decide it.
        A deal the published list grades is answered from there, with no search."""
        budgets.count(nodes, "nodes", optional=False)
        with self._lock:  # the deal and its seed as one (``new`` changes both)
            seed, start = self._seed, self.position(0)
        listed = published_list(self.name, self.options) if seed is not None else None
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

    def hint_policy_wins(self, max_moves: int = 1000) -> bool:
        """Does following the hints alone win from here? Plays, on a copy, the first of
        ``hints()`` that leads to a position not yet seen (as ``strategies.hint_player``
        plays), until the game is won, no such hint is left or ``max_moves`` actions."""
        budgets.count(max_moves, "max_moves", optional=False)
        game = self._here()
        seen = {game.table.key()}
        for _ in range(max_moves):
            if game.is_won:
                return True
            table = game.table
            for move in game.hints():
                record = table.apply(move)
                key = table.key()
                table.revert(record)
                if key not in seen:
                    break
            else:
                return False
            game.play(move)
            seen.add(game.table.key())
        return game.is_won

    # ---- construction from saved forms ------------------------------------------------
    @classmethod
    def from_snapshot(
        cls, state: dict, name: str = DEFAULT_GAME, *, base: str | int | None = None, **options: Any
    ) -> Game:
        """A game starting from a position in the trace/snapshot format.

        ``base`` (a rank like ``"5"`` or 5) is needed only when no foundation is started.
        ``state["redeals_used"]`` (0 if absent) counts the redeals already used: at most
        the rules' ``redeals``, any count when they are unlimited. ValueError if the
        position cannot occur in that game, naming the pile and the limit where a pile
        holds more than the game's rules let it (``Rules.check_position``: a Kansas
        reserve holds at most the 12 cards it is dealt, an Eagle Wing column 3...).
        """
        rules = make_rules(name, **options)
        piles, redeals_used, hidden = _piles_from_state(rules, state)
        base_rank = _base_rank(rules, piles, base)
        return cls._from_table(
            rules, Table(rules, piles, redeals_used, base_rank, hidden), None, None
        )

    # ---- reading ---------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._rules.name

    @property
    def title(self) -> str:
        return self._rules.title

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._rules.options)

    @property
    def table(self) -> Table:
        """The live position (read it; change it only through the game)."""
        return self._table

    @property
    def deck(self) -> list[str] | None:
        """The dealt deck, first card dealt first (None for a game set up by snapshot)."""
        return None if self._deck is None else [code(c) for c in self._deck]

    @property
    @_serialised
    def legal_moves(self) -> list[Move]:
        moves = self._cache.get("legal")
        if moves is None:
            moves = self._cache["legal"] = self._table.legal_moves()
        return list(moves)

    @_serialised
    def is_legal(self, action: object) -> bool:
        try:
            return self._table.reason(_as_move(action)) is None
        except (IllegalMove, TypeError):
            return False

    @property
    @_serialised
    def score(self) -> int:
        """Aisleriot's score: the number of cards on the foundations."""
        return self._table.foundation_cards()

    @property
    @_serialised
    def status(self) -> str:
        """``"won"``, ``"lost"`` (only moves that cycle without progress remain) or
        ``"playing"``."""
        status = self._cache.get("status")
        if status is None:
            if self._table.is_won():
                status = "won"
            elif progress.is_stuck(self._table, memo=self._stuck):
                status = "lost"
            else:
                status = "playing"
            self._cache["status"] = status
        return status

    @property
    @_serialised
    def is_won(self) -> bool:
        return self._table.is_won()

    @property
    @_serialised
    def history(self) -> list[str]:
        """Every action played since the deal, in notation (autoplay chains included)."""
        return [str(move) for group in self._undo for move, _ in group]

    @property
    @_serialised
    def moves(self) -> int:
        return sum(len(group) for group in self._undo)

    @property
    @_serialised
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    @_serialised
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    @_serialised
    def stock_left(self) -> int:
        return len(self._table.piles[STOCK])

    @property
    @_serialised
    def waste_size(self) -> int:
        return len(self._table.piles[WASTE])

    @property
    @_serialised
    def reserve_left(self) -> int | None:
        return len(self._table.piles[RESERVE]) if self._rules.has_reserve else None

    @property
    @_serialised
    def redeals_left(self) -> int | None:
        """None when redeals are unlimited."""
        return self._table.redeals_left

    @property
    @_serialised
    def redeals_used(self) -> int:
        return self._table.redeals_used

    @property
    @_serialised
    def base_rank(self) -> str | None:
        """The base card's rank (``"5"``, ``"T"``, ``"K"``), or None in Saratoga."""
        return None if self._table.base is None else RANKS[self._table.base - 1]

    @property
    def draw_count(self) -> int:
        return self._rules.draw_count

    @property
    def n_tableau(self) -> int:
        return self._rules.n_tableau

    @_serialised
    def pile(self, pile: str) -> list[str]:
        """The cards of one pile, bottom to top, in the snapshot's codes."""
        index = pile_index(pile)
        if index >= FIRST_TABLEAU + self._rules.n_tableau or (
            index == RESERVE and not self._rules.has_reserve
        ):
            raise ValueError(f"{self.title} has no pile {shown(pile)}")
        return self._codes(index)

    def _codes(self, index: int) -> list[str]:
        return _pile_codes(self._table, index)

    @_serialised
    def snapshot(self) -> dict[str, Any]:
        """The position in the trace format: ``{"s", "w", "r", "f", "t"}``."""
        return table_state(self._table)

    # ---- playing ---------------------------------------------------------------------
    @_serialised
    def play(self, action: Move | str) -> Move:
        """Play one action with everything that follows from it; return the Move.

        ``IllegalMove`` says why when the rules refuse it; the game is then unchanged.
        """
        move = self._allowed(action)
        self._play_legal(move)
        return move

    def _allowed(self, action: Move | str) -> Move:
        # ``action`` as a Move, or IllegalMove saying why the rules refuse it
        move = _as_move(action)
        why = _refusal(self._table, move)
        if why is not None:
            key, params = why
            words = _wordings(key, params)
            raise IllegalMove(words["en"], key, params, words)
        return move

    push = play  # python-chess spelling

    @_serialised
    def _play_legal(self, move: Move) -> None:
        # ``play`` without its check, for a caller that took ``move`` from this
        # position's legal moves and knows the position has not changed since (the
        # Gymnasium environment, by ``_version``): the check is a fifth of its step
        self._push([self._table.apply(move)])
        self._redo.clear()
        self._changed()

    def draw(self) -> Move:
        """Click the stock: deal, or turn the waste over when a redeal is left."""
        return self.play(DRAW)

    def _push(self, group: list[Record]) -> None:
        self._undo.append(group)
        self._times.append(time.time())

    @_serialised
    def undo(self) -> list[Move]:
        """Take back the last action (a whole autoplay chain at once); return its moves."""
        if not self._undo:
            raise IllegalMove("There is nothing to undo.")
        group = self._undo.pop()
        self._times.pop()
        for record in reversed(group):
            self._table.revert(record)
        moves = [move for move, _ in group]
        self._redo.append(moves)
        self._changed()
        return moves

    def pop(self) -> Move:
        """python-chess spelling of ``undo``: return the last move taken back."""
        return self.undo()[-1]

    @_serialised
    def redo(self) -> list[Move]:
        """Play again the last action taken back."""
        if not self._redo:
            raise IllegalMove("There is nothing to redo.")
        moves = self._redo.pop()
        self._push([self._table.apply(move) for move in moves])
        self._changed()
        return moves

    @_serialised
    def restart(self) -> None:
        """Back to the deal (same cards); history and redo are cleared."""
        self._reset(self._start.copy())
        self._changed()

    @_serialised
    def new(self, seed: int | None = None) -> None:
        """A new deal of the same game and options (random seed unless given)."""
        fresh = Game(self.name, seed, **self.options)
        self._seed, self._deck = fresh.seed, fresh._deck
        self._reset(fresh._table)
        self._changed()

    @_serialised
    def position(self, moves: int) -> Game:
        """The game as it stood after its first ``moves`` actions of ``history`` (0: the
        deal), as a new Game with no history: for looking back without undoing.
        ValueError outside 0..len(history)."""
        history = [move for group in self._undo for move, _ in group]
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= len(history):
            raise ValueError(f"moves must be from 0 to {len(history)}, not {shown(moves)}")
        if moves == len(history):
            table = self._table.copy()  # where the replay would end
        else:
            table = self._start.copy()
            for move in history[:moves]:
                table.apply(move)
        return Game._from_table(self._rules, table, self._seed, self._deck)

    @_serialised
    def _here(self) -> Game:
        # the position now, as a Game of its own with no history: taken under the lock
        # in one step, for a search to work on outside it while this game goes on
        return Game._from_table(self._rules, self._table.copy(), self._seed, self._deck)

    # ---- help ------------------------------------------------------------------------
    @_serialised
    def explain(self, action: Move | str, lang: str = "en") -> str:
        """Why ``action`` is legal or not, in words (``lang="el"`` for Greek)."""
        return _explain(self._table, action, lang)

    @_serialised
    def foundation_move(self, pile: str) -> Move | None:
        """What a double-click on ``pile`` does: its top card to a foundation, or None
        (None too for anything that names no pile: a pile id like ``"t3"``, or its
        index)."""
        if isinstance(pile, str):
            try:
                src = pile_index(pile)
            except ValueError:
                return None
        elif isinstance(pile, int) and not isinstance(pile, bool):
            src = pile  # (an index out of range is refused by the rules: None)
        else:
            return None
        for f in FOUNDATIONS:
            move = Move(src, f, 1)
            if src != f and self._table.reason(move) is None:
                return move
        return None

    @_serialised
    def hints(self) -> list[Move]:
        """Moves worth playing, best first: Aisleriot's hint order, then what it misses."""
        cached = self._cache.get("hints")
        if cached is not None:
            return list(cached)
        out: list[Move] = []
        if self.status == "playing":
            t = self._table
            legal = set(self.legal_moves)
            last = self._undo[-1] if self._undo else None
            candidates = [*t.rules.aisleriot_hints(t), *self._extra_hints()]
            for move in candidates:
                if move in legal and move not in out and not self._pointless(move, last):
                    out.append(move)
            if DRAW in legal and DRAW not in out:
                out.append(DRAW)
            if not out:
                # only moves that look pointless are left (say, taking back the last
                # move to free a column): hint the first step of the shortest route to
                # a move that changes the game for good
                path = progress.path_to_progress(t)
                if path:
                    out.append(path[0])
        self._cache["hints"] = out
        return list(out)

    def hint(self, exact: bool = False, budget: float = 2.0) -> Move | None:
        """A move worth playing, or None when there is none.

        With ``exact=True`` the solver looks (for up to ``budget`` seconds) for a winning
        line and the hint is its first move; when no win is found in time, or the deal
        can no longer be won, the ordinary hint is given.
        """
        if not isinstance(exact, bool):
            raise TypeError(f"exact must be True or False, not {shown(exact)}")
        budgets.seconds(budget, "budget")
        if exact:
            with self._lock:  # the position searched, and the moment it was taken
                version, here, playing = self._version, self._here(), self.status == "playing"
            # searched outside the lock: the game goes on meanwhile
            if playing:
                result = here.solve(seconds=budget)
                if result.result == "won" and result.solution:
                    with self._lock:
                        if self._version == version:  # still the position searched
                            return Move.parse(result.solution[0])
        with self._lock:
            hints = self.hints()
            return hints[0] if hints else None

    # ---- solving (solver.py) -----------------------------------------------------------
    def solve(
        self,
        seconds: float | None = 10.0,
        nodes: int | None = None,
        engine: str = "auto",
        threads: int = 1,
        memory: Memory | None = None,
    ) -> SolveResult:
        """Search for a win from here, treating every card as known.

        Returns a ``solver.SolveResult``: ``result`` is ``"won"`` (with ``solution``, a
        list of actions that ``play`` accepts), ``"lost"`` (proved) or ``"unknown"``
        (budget spent), plus ``nodes``, ``seconds`` and ``engine`` (``"core"``, the
        compiled search, or ``"python"``; ``engine=`` asks for one). ``threads=2`` lets
        the core's search take a second CPU (see ``solver.solve``). Every search of it
        keeps together to one memory budget (``result.memory_mb``, 768 MB), within
        ``memory`` if given (a ``core_search.Memory`` other solves share). The position
        is copied when the search starts; the game may go on meanwhile (another
        thread). TypeError or ValueError for a budget that is not a finite number >= 0
        (None: no bound), before any search.
        """
        budgets.seconds(seconds, "seconds")
        budgets.count(nodes, "nodes")
        with self._lock:
            table = self._table.copy()
        return _solve(
            table, seconds=seconds, nodes=nodes, engine=engine, threads=threads, memory=memory
        )

    def is_winnable(self, seconds: float | None = 10.0) -> bool | None:
        """True or False when the solver decides within the budget, else None."""
        budgets.seconds(seconds, "seconds")
        result = self.solve(seconds=seconds).result
        return None if result == "unknown" else result == "won"

    def is_fatal(self, action: Move | str, seconds: float | None = 2.0) -> bool | None:
        """Whether playing ``action`` here turns a position proved winnable into one
        proved lost (the table's fatal-move warning, from Python): True or False, or
        None when ``seconds`` for each of the two searches did not decide. False too
        where this position is not winnable (nothing is left to lose). IllegalMove for
        an illegal ``action``; nothing is played."""
        budgets.seconds(seconds, "seconds")
        with self._lock:  # the move checked on the position searched
            move = self._allowed(action)
            here = self._here()
        before = here.is_winnable(seconds)
        if not before:
            return None if before is None else False
        here._play_legal(move)
        winnable = here.is_winnable(seconds)
        return None if winnable is None else not winnable

    def losing_move(self, seconds: float | None = 2.0) -> int | None:
        """The move that lost this game: k (from 1) when the position after the first
        k - 1 actions of ``history`` is proved winnable and the one after k proved
        lost, as the table marks it in review ("winnable until move k"). None when the
        game is not proved lost, was lost from the deal, or a search within
        ``seconds`` did not decide. A position after a lost one is lost too, so the
        positions are searched by halves: about log2(moves) searches."""
        budgets.seconds(seconds, "seconds")
        with self._lock:  # the game as it is now: the searches run on copies of it
            frozen = Game._from_table(self._rules, self._start.copy(), self._seed, self._deck)
            for group in self._undo:
                frozen._push([frozen._table.apply(move) for move, _ in group])
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

    # ---- analysis (analysis.py, needs the "analysis" extra) ------------------------------
    def history_frame(self) -> Any:
        """The history as a pandas DataFrame, one row per action (see analysis.py)."""
        return _history_frame(self)

    def _extra_hints(self) -> list[Move]:
        # Moves Aisleriot's hint does not look for but a player would: any card that can
        # go up, then what the game's rules add (rules.extra_hints).
        t = self._table
        extra = [m for m in self.legal_moves if F0 <= m.dst <= F3 and not F0 <= m.src <= F3]
        extra.extend(t.rules.extra_hints(t, self.legal_moves))
        return extra

    def _pointless(self, move: Move, last: list[Record] | None) -> bool:
        t = self._table
        src, dst, n = move
        if move == DRAW:
            return False
        spile = t.piles[src]
        # an Ace shuffled between empty foundations
        if F0 <= src <= F3 and F0 <= dst <= F3:
            return True
        # a whole column moved into an empty column changes nothing but its place
        if src >= FIRST_TABLEAU and dst >= FIRST_TABLEAU and not t.piles[dst] and n == len(spile):
            return True
        # the reverse of the last move
        if last is not None and len(last) == 1:
            (lm, info) = last[0]
            if not lm.is_draw and not info and (lm.dst, lm.src, lm.count) == (src, dst, n):
                return True
        return False

    @_serialised
    def autoplay(self) -> list[Move]:
        """Play every move to a foundation that can never cost a win; one undo reverts all.

        Each game's ``safe_to_foundation`` says (and proves in a comment) which are safe.
        """
        t = self._table
        group: list[Record] = []
        sources = [WASTE, RESERVE, *t.tableau]
        progress_made = True
        while progress_made:
            progress_made = False
            for src in sources:
                pile = t.piles[src]
                if not pile:
                    continue
                for f in FOUNDATIONS:
                    move = Move(src, f, 1)
                    if t.reason(move) is None and t.rules.safe_to_foundation(t, src):
                        group.append(t.apply(move))
                        progress_made = True
                        break
        if group:
            self._push(group)
            self._redo.clear()
            self._changed()
        return [move for move, _ in group]

    # ---- observers -------------------------------------------------------------------
    @_serialised
    def on_change(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(game)`` after every change; returns a function that stops it.

        It is called on the thread that made the change, once the game's lock is let
        go (a listener may take locks of its own and call back into the game)."""
        self._listeners.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._listeners:
                    self._listeners.remove(callback)

        return unsubscribe

    # counts the changes of the position (play, undo, redo, restart...), so that a reader
    # keeping its own copy of what it saw can tell whether it is still true
    _version = 0

    def _changed(self) -> None:
        self._version += 1
        self._cache.clear()
        # the listeners hear of it once the lock is let go (see _serialised)
        self._unheard = True
        if self._depth == 0:  # not within a method (none changes the game so): at once
            self._unheard = False
            self._notify()

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # ---- saving ----------------------------------------------------------------------
    @property
    @_serialised
    def action_times(self) -> list[float]:
        """Wall-clock time (``time.time()``) of each action on the undo stack."""
        return list(self._times)

    @_serialised
    def to_json(self) -> str:
        """The whole game: options, deal, history and redo stack, in a versioned format."""
        start = table_state(self._start)
        if self._start.redeals_used:
            # a position given by hand may start with redeals used (a deal never does)
            start["redeals_used"] = self._start.redeals_used
        # The seed and deck go with the game when it starts at their deal; a game that
        # starts later in one (``position``) keeps them but is saved as a position.
        dealt = self._deck is not None and self._starts_at_deal()
        data = {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "game": self.name,
            "options": self.options,
            "seed": self.seed if dealt else None,
            "deck": self.deck if dealt else None,
            "start": start,
            "base": self.base_rank,
            "history": [[str(m) for m, _ in group] for group in self._undo],
            "times": self._times,
            "redo": [[str(m) for m in group] for group in self._redo],
            "state": self.snapshot(),
        }
        return json.dumps(data, separators=(",", ":"))

    def _starts_at_deal(self) -> bool:
        start = self._start
        if self._deck is None or start.redeals_used:
            return False
        return (
            self._rules.deal(list(self._deck)) == start.piles
            and self._rules.deal_hidden() == start.hidden
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restore a game saved by ``to_json``; ValueError if it is corrupt or inconsistent
        (whatever is wrong with it: not JSON, nested too deep, NaN or Infinity, numbers
        out of range, fields of the wrong kind, a history the rules refuse...)."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except (TypeError, ValueError, RecursionError) as err:
            # (RecursionError: nesting deeper than the parser goes; ValueError covers
            # bad UTF-8 and ints of more digits than Python reads)
            raise ValueError(f"not a saved game: {_short(err)}") from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError("not a saved solitaire_widget game")
        if data.get("version") != JSON_VERSION:
            raise ValueError(f"unsupported saved-game version {_short(data.get('version'))}")
        try:
            return cls._from_saved(data)
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as err:
            raise ValueError(f"corrupt saved game: {_short(err)}") from None
        except RecursionError:
            raise ValueError("corrupt saved game: nested too deep") from None
        except IllegalMove as err:
            raise ValueError(f"corrupt saved game: {_short(err)}") from None

    @classmethod
    def _from_saved(cls, data: dict) -> Game:
        options = data["options"]
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise ValueError("options must be an object")
        name = data["game"]
        if not isinstance(name, str):
            raise ValueError(f"game must be a game's name, not {type(name).__name__}")
        game = cls.from_snapshot(data["start"], name, base=data.get("base"), **options)
        seed, deck = data.get("seed"), data.get("deck")
        if seed is not None:
            seed = check_seed(seed)  # a larger int would deal the same cards as its low bits
        if deck is not None or seed is not None:
            dealt = check_deck(deck) if deck is not None else shuffled_deck(seed or 0)
            if game._rules.deal(list(dealt)) != game._start.piles:
                what = "deck" if deck is not None else "seed"
                raise ValueError(f"the {what} does not deal the saved starting position")
            if seed is not None and shuffled_deck(seed) != dealt:
                raise ValueError("the seed does not deal the saved deck")
            if game._start.redeals_used:
                raise ValueError("a deal starts with no redeal used")
            game._deck, game._seed = dealt, seed
        history, redo = data["history"], data["redo"]
        if not isinstance(history, list) or not isinstance(redo, list):
            raise ValueError("history and redo must be lists of action lists")
        for group in history:
            if not isinstance(group, list) or not group:
                raise ValueError("history entries must be non-empty lists of actions")
            records = [game._table.apply(_checked(game._table, a)) for a in group]
            game._push(records)
        times = data.get("times")
        # Absent or null: saved by hand, the replay's own times stand. Anything else
        # must be one finite time per history entry, or the file is corrupt.
        if times is not None:
            if (
                not isinstance(times, list)
                or len(times) != len(game._times)
                or not all(_finite(x) for x in times)
            ):
                raise ValueError("times must hold one finite number per history entry")
            game._times = [float(x) for x in times]
        for group in redo:
            if (
                not isinstance(group, list)
                or not group
                or not all(isinstance(a, str) for a in group)
            ):
                raise ValueError("redo entries must be non-empty lists of actions")
            game._redo.append([_as_move(a) for a in group])
        _check_redo_chain(game)
        if "state" in data and data["state"] != game.snapshot():
            raise ValueError("the saved position does not match the replayed history")
        return game

    # ---- pictures --------------------------------------------------------------------
    @_serialised
    def __str__(self) -> str:
        return table_text(self)

    @_serialised
    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        origin = f"seed={self.seed}" if self.seed is not None else "custom deal"
        return (
            f"<Game {self.name!r} {origin}{opts}: {self.status}, score {self.score}, "
            f"{self.moves} moves>"
        )

    @_serialised
    def svg(self, deck: str = "classic") -> str:
        """The table as a static SVG picture, its cards in the inks of ``deck`` (one of
        the widget's decks, ``cards.DECKS``: "classic", "four_colour", "high_contrast");
        the notebook shows the classic one."""
        return table_svg(self, deck)

    @_serialised
    def _repr_svg_(self) -> str:
        return table_svg(self)


def _no_constant(name: str) -> Any:
    # json.loads takes NaN, Infinity and -Infinity by default: no saved game holds one
    raise ValueError(f"{name} is not a number a saved game holds")


def _finite(x: object) -> bool:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    try:
        return math.isfinite(x)
    except OverflowError:  # an int past any float
        return False


def _short(thing: object) -> str:
    # a message's quote of something read from a file: never a huge one
    try:
        text = thing if isinstance(thing, str) else repr(thing)
    except Exception:  # (an int of more digits than Python prints)
        text = type(thing).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _checked(t: Table, action: object) -> Move:
    move = _as_move(action)
    why = t.reason(move)
    if why is not None:
        raise ValueError(f"saved action {shown(action)} is illegal there ({why})")
    return move


def _check_redo_chain(game: Game) -> None:
    # the redo stack must replay in order from the current position
    scratch = game._table.copy()
    for group in reversed(game._redo):
        for move in group:
            if scratch.reason(move) is not None:
                raise ValueError("the redo stack does not follow from the saved position")
            scratch.apply(move)


def _pile_codes(t: Table, index: int) -> list[str]:
    face_up = t.is_face_up
    return [code(c, face_up(index, i)) for i, c in enumerate(t.piles[index])]


def table_state(t: Table) -> dict[str, Any]:
    """A position in the trace format: ``{"s", "w", "r", "f", "t"}``, bottom to top."""
    state: dict[str, Any] = {"s": _pile_codes(t, STOCK), "w": _pile_codes(t, WASTE)}
    if t.rules.has_reserve:
        state["r"] = _pile_codes(t, RESERVE)
    state["f"] = [_pile_codes(t, f) for f in FOUNDATIONS]
    state["t"] = [_pile_codes(t, i) for i in t.tableau]
    return state


def _piles_from_state(rules: Rules, state: object) -> tuple[list[list[int]], int, list[int]]:
    if not isinstance(state, dict):
        raise ValueError("a position is a dict with keys s, w, f, t (and r)")
    expected = {"s", "w", "f", "t"} | ({"r"} if rules.has_reserve else set())
    if set(state) - {"redeals_used"} != expected:
        raise ValueError(f"a {rules.title} position has exactly the keys {sorted(expected)}")
    piles = rules.empty_piles()
    faces: list[list[bool]] = [[] for _ in piles]

    def fill(index: int, codes: object) -> None:
        if not isinstance(codes, list):
            raise ValueError("each pile is a list of card codes")
        for c in codes:
            card, up = parse_code(c)
            piles[index].append(card)
            faces[index].append(up)

    fill(STOCK, state["s"])
    fill(WASTE, state["w"])
    if rules.has_reserve:
        fill(RESERVE, state["r"])
    if not isinstance(state["f"], list) or len(state["f"]) != 4:
        raise ValueError("a position has 4 foundations")
    for i, pile in enumerate(state["f"]):
        fill(F0 + i, pile)
    if not isinstance(state["t"], list) or len(state["t"]) != rules.n_tableau:
        raise ValueError(f"{rules.title} has {rules.n_tableau} columns")
    for i, pile in enumerate(state["t"]):
        fill(FIRST_TABLEAU + i, pile)
    cards = [c for p in piles for c in p]
    if len(cards) != 52 or len(set(cards)) != 52:
        raise ValueError("a position holds each of the 52 cards exactly once")
    hidden = [0] * len(piles)
    for index, pile in enumerate(piles):
        ups = faces[index]
        if index >= FIRST_TABLEAU and rules.hidden_cards:
            # face-down cards only at the bottom of a column, under at least one face-up
            # card (the last one turns over as soon as it is uncovered)
            hidden[index] = down = ups.count(False)
            if any(ups[:down]) or (pile and down == len(pile)):
                raise ValueError(
                    f"column t{index - FIRST_TABLEAU}: face-down cards lie only at the bottom "
                    "of a column, under a face-up top card"
                )
            continue
        for i, up in enumerate(ups):
            if up != rules.face_up(index, i, len(pile)):
                raise ValueError(
                    f"card {code(pile[i])} is face {'up' if up else 'down'} where the rules "
                    "say otherwise"
                )
    for f in FOUNDATIONS:
        pile = piles[f]
        for a, b in pairwise(pile):
            if a // 13 != b // 13 or (a % 13 + 1) % 13 != b % 13:
                raise ValueError("each foundation must be one suit in rising order")
        if not rules.has_base_card and pile and pile[0] % 13 != 0:
            raise ValueError(f"{rules.title}'s foundations start with an Ace")
    # the game's limits on a position (a Kansas reserve holds at most the 12 cards it is
    # dealt...), the redeals used among them: checked here, where a position enters
    used = state.get("redeals_used", 0)
    rules.check_position(piles, hidden, used)
    return piles, used, hidden


def _base_rank(rules: Rules, piles: list[list[int]], base: str | int | None) -> int | None:
    if not rules.has_base_card:
        if base is not None:
            raise ValueError(f"{rules.title} has no base card")
        return None
    starts = {piles[f][0] % 13 + 1 for f in FOUNDATIONS if piles[f]}
    if base is not None:
        if isinstance(base, str):
            if len(base) != 1 or base.upper() not in RANKS:
                raise ValueError(f"base must be a rank like '5' or 'K', not {shown(base)}")
            value = RANKS.index(base.upper()) + 1
        elif isinstance(base, int) and 1 <= base <= 13:
            value = base
        else:
            raise ValueError(f"base must be a rank like '5' or 'K', not {shown(base)}")
        starts.add(value)
    if len(starts) > 1:
        raise ValueError("every foundation must start with the same (base) rank")
    if not starts:
        raise ValueError(f"{rules.title} needs base= when no foundation is started")
    return starts.pop()


__all__ = ["GAMES", "Game", "IllegalMove", "Move", "check_deck"]
