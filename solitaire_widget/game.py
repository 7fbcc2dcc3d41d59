"""``Game``: one deal of one game, with its history, in the spirit of python-chess.

The games are those of ``games/`` (Eagle Wing, Saratoga, Kansas and Klondike, each with
its options). The position lives in a ``Table`` (games/base.py); ``Game`` adds what a
player and a program need around it: the history, play/undo/redo, notation, hints,
autoplay, explanations, status, observers and pictures, behind one lock (``Game.lock``).
It is the single source of truth the widget follows.

Two jobs live beside it, each in its own module: saving and reading back
(saving.py: ``to_json``, ``from_json``, ``from_snapshot`` and ``snapshot`` call it) and
everything that takes a search (game_search.py). This module imports no search: as
python-chess hands a board to an engine, a game hands itself to ``Game.searches`` (the
calls listed by ``Searches``), which game_search.py installs when the package is
imported. ``solve``, ``is_winnable``, ``is_fatal``, ``losing_move``, ``difficulty``,
``hint_policy_wins``, ``deal`` and ``hint(exact=True)`` are thin calls of it, and so is
the "no more moves" test behind ``status`` and ``hints`` (progress.py, a bounded search).
"""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol, TypeVar

from . import budgets, hints, saving
from .budgets import shown
from .cards import RANKS, code
from .chance import FIRST_WORLDS, WORLD_NODES, Chance, HonestHint
from .deal import check_seed, random_seed, shuffled_deck
from .deals import Difficulty
from .explain import explain as _explain
from .explain import refusal as _refusal
from .explain import wordings as _wordings
from .games import DEFAULT_GAME, GAMES, rules_for
from .games.base import F0, Record, Rules, Table
from .history import history_frame as _history_frame
from .information import Information
from .moves import (
    DRAW,
    FIRST_TABLEAU,
    RESERVE,
    STOCK,
    WASTE,
    IllegalMove,
    Move,
    pile_index,
)
from .render import table_svg, table_text
from .saving import as_move as _as_move
from .saving import check_deck
from .solve_result import SolveResult

#: the search one deal gets when ``Game.deal`` solves random seeds on the spot (nodes,
#: not seconds, so what is dealt does not depend on the machine's speed); the core
#: searches some 2 million nodes a second
DEAL_NODES = 200_000
#: how many random seeds ``Game.deal`` tries on the spot before it gives up
DEAL_TRIES = 200

Listener = Callable[["Game"], None]
F = TypeVar("F", bound=Callable[..., Any])
G = TypeVar("G", bound="Game")


class Searches(Protocol):
    """What a game hands itself to for anything that takes a search: the functions of
    game_search.py, as ``Game.searches`` holds them. Each validates its budgets and
    searches a copy taken under the game's lock, outside it."""

    def stuck_memo(self) -> Any: ...
    def is_stuck(self, table: Table, memo: Any) -> bool: ...
    def path_to_progress(self, table: Table) -> list[Move] | None: ...
    def deal(
        self,
        cls: type[G],
        name: str,
        winnable: bool,
        difficulty: str | None,
        *,
        nodes: int,
        tries: int,
        rng: random.Random | None,
        **options: Any,
    ) -> G: ...
    def difficulty(self, game: Game, nodes: int) -> Difficulty | None: ...
    def hint_policy_wins(self, game: Game, max_moves: int) -> bool: ...
    def exact_hint(self, game: Game, budget: float) -> Move | None: ...
    def solve(
        self,
        game: Game,
        seconds: float | None,
        nodes: int | None,
        engine: str,
        threads: int,
        memory: Any,
    ) -> SolveResult: ...
    def is_winnable(self, game: Game, seconds: float | None) -> bool | None: ...
    def is_fatal(self, game: Game, action: Move | str, seconds: float | None) -> bool | None: ...
    def losing_move(self, game: Game, seconds: float | None) -> int | None: ...
    def chance(
        self, game: Game, samples: int, nodes: int | None, seconds: float | None, seed: int
    ) -> Chance: ...
    def chance_after(
        self,
        game: Game,
        action: Move | str,
        samples: int,
        nodes: int | None,
        seconds: float | None,
        seed: int,
    ) -> Chance: ...
    def honest_hint(
        self, game: Game, samples: int, nodes: int | None, seconds: float | None, seed: int
    ) -> HonestHint | None: ...


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


class Game:
    """A deal of one game (``GAMES``: Eagle Wing, Saratoga, Kansas, Klondike), played
    exactly as Aisleriot plays it. Moves are written in the notation of ``Move``.

    The game is a registered game's name with its options (``Game("klondike",
    draw=3)``), or its rules given whole: an instance of a ``Rules`` subclass written
    anywhere, a notebook cell included (``Game(MyRules(), seed=1)``); register its
    class (``solitaire_widget.register``) to save it and have the toolbar offer it.

    >>> g = Game("kansas", seed=1)
    >>> [str(m) for m in g.legal_moves]
    ['draw', 't1>f1', 't1>f2', 't1>f3']
    >>> g.play("t1>f1")
    Move.parse('t1>f1')
    >>> g.push("draw")  # python-chess's spelling of play
    Move.parse('draw')
    >>> g.history, g.score
    (['t1>f1', 'draw'], 2)
    >>> g.undo()
    [Move.parse('draw')]
    >>> g.pop()  # python-chess's spelling of undo: the move taken back
    Move.parse('t1>f1')
    >>> g.history, g.can_redo
    ([], True)
    >>> g.play("t9>f0")
    Traceback (most recent call last):
    solitaire_widget.moves.IllegalMove: ...

    Threads may share a Game: its methods take turns (``lock``), and a search works on
    a copy taken under the lock, so the game goes on while it runs.
    """

    #: the searches this game hands itself to (game_search.py installs them)
    searches: ClassVar[Searches | None] = None

    def __init__(
        self,
        name: str | Rules = DEFAULT_GAME,
        seed: int | None = None,
        *,
        deck: Iterable[object] | None = None,
        **options: Any,
    ) -> None:
        self._blank(rules_for(name, **options))
        if deck is not None and seed is not None:
            raise ValueError("give a seed or a deck, not both")
        if deck is not None:
            cards = check_deck(deck)
        else:
            self._seed = check_seed(random_seed() if seed is None else seed)
            cards = shuffled_deck(self._seed)
        self._deck = cards
        piles = self._rules.checked_deal(list(cards))
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
        self._stuck: Any = None  # the stuck test's memo (Searches.stuck_memo), made once asked

    @classmethod
    def _searcher(cls) -> Searches:
        # the searches handed to the model: none only where game_search.py was never
        # imported, which the package's __init__ always does
        if cls.searches is None:
            raise RuntimeError("no searches installed: import solitaire_widget.game_search")
        return cls.searches

    # ---- dealing winnable deals (game_search.py) ----------------------------------------
    @classmethod
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
        return cls._searcher().deal(
            cls, name, winnable, difficulty, nodes=nodes, tries=tries, rng=rng, **options
        )

    def difficulty(self, nodes: int = DEAL_NODES) -> Difficulty | None:
        """How hard this deal is (from its start, whatever was played): the solver's
        winning line and the search it took (up to ``nodes`` positions), and whether the
        hint policy wins it alone; ``.grade`` is "easy", "medium" or "hard"
        (``deals.grade``). None when the deal is lost or the search did not decide it.
        A deal the published list grades is answered from there, with no search."""
        return self._searcher().difficulty(self, nodes)

    def hint_policy_wins(self, max_moves: int = 1000) -> bool:
        """Does following the hints alone win from here? Plays, on a copy, the first of
        ``hints()`` that leads to a position not yet seen (as ``strategies.hint_player``
        plays), until the game is won, no such hint is left or ``max_moves`` actions."""
        return self._searcher().hint_policy_wins(self, max_moves)

    # ---- construction from saved forms (saving.py) ------------------------------------
    @classmethod
    def from_snapshot(
        cls,
        state: dict,
        name: str | Rules = DEFAULT_GAME,
        *,
        base: str | int | None = None,
        **options: Any,
    ) -> Game:
        """A game starting from a position in the trace/snapshot format.

        ``base`` (a rank like ``"5"`` or 5) is needed only when no foundation is started.
        ``state["redeals_used"]`` (0 if absent) counts the redeals already used: at most
        the rules' ``redeals``, any count when they are unlimited. ValueError if the
        position cannot occur in that game, naming the pile and the limit where a pile
        holds more than the game's rules let it (``Rules.check_position``: a Kansas
        reserve holds at most the 12 cards it is dealt, an Eagle Wing column 3...).
        """
        rules = rules_for(name, **options)
        return cls._from_table(rules, saving.snapshot_table(rules, state, base), None, None)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restore a game saved by ``to_json``; ValueError if it is corrupt or inconsistent
        (whatever is wrong with it: not JSON, nested too deep, NaN or Infinity, numbers
        out of range, fields of the wrong kind, a history the rules refuse...)."""
        saved = saving.load(text)
        game = cls._from_table(saved.rules, saved.start, saved.seed, saved.deck)
        game._table, game._undo, game._times = saved.table, saved.undo, saved.times
        game._redo = saved.redo
        return game

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
            elif self._is_stuck():
                status = "lost"
            else:
                status = "playing"
            self._cache["status"] = status
        return status

    def _is_stuck(self) -> bool:
        # the "no more moves" test, handed to the model (``Searches.is_stuck``)
        searches = self._searcher()
        if self._stuck is None:
            self._stuck = searches.stuck_memo()
        return searches.is_stuck(self._table, self._stuck)

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
        return saving.pile_codes(self._table, index)

    @_serialised
    def snapshot(self) -> dict[str, Any]:
        """The position in the trace format: ``{"s", "w", "r", "f", "t"}``."""
        return saving.table_state(self._table)

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
            words = _wordings(key, params, self._rules)
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
        fresh = Game(self._rules, seed)
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

    @_serialised
    def _frozen(self) -> Game:
        # this game with its history, no listeners and no redo: taken under the lock in
        # one step, for searches of its positions outside it (game_search.losing_move)
        frozen = Game._from_table(self._rules, self._start.copy(), self._seed, self._deck)
        for group in self._undo:
            frozen._push([frozen._table.apply(move) for move, _ in group])
        return frozen

    @_serialised
    def played(self) -> tuple[Table, list[Move], Table]:
        """The start of this game (its deal, or the position it was set up from), every
        move played since (autoplay chains included) and the position now: copies,
        taken in one step (what ``information.Information.of`` replays to know which
        cards the player has seen)."""
        moves = [move for group in self._undo for move, _ in group]
        return self._start.copy(), moves, self._table.copy()

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
        return hints.foundation_move(self._table, pile)

    @_serialised
    def hints(self) -> list[Move]:
        """Moves worth playing, best first: Aisleriot's hint order, then what it misses
        (hints.py), then the stock."""
        cached = self._cache.get("hints")
        if cached is not None:
            return list(cached)
        out: list[Move] = []
        if self.status == "playing":
            t = self._table
            legal = self.legal_moves
            out = hints.worth_playing(t, legal, self._undo[-1] if self._undo else None)
            if DRAW in legal and DRAW not in out:
                out.append(DRAW)
            if not out:
                # only moves that look pointless are left (say, taking back the last
                # move to free a column): hint the first step of the shortest route to
                # a move that changes the game for good
                path = self._searcher().path_to_progress(t)
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
            move = self._searcher().exact_hint(self, budget)
            if move is not None:
                return move
        with self._lock:
            found = self.hints()
            return found[0] if found else None

    # ---- solving (game_search.py, solver.py) ------------------------------------------
    def solve(
        self,
        seconds: float | None = 10.0,
        nodes: int | None = None,
        engine: str = "auto",
        threads: int = 1,
        memory: Any = None,
    ) -> SolveResult:
        """Search for a win from here, treating every card as known.

        Returns a ``SolveResult``: ``result`` is ``"won"`` (with ``solution``, a list of
        actions that ``play`` accepts), ``"lost"`` (proved) or ``"unknown"`` (budget
        spent), plus ``nodes``, ``seconds`` and ``engine`` (``"core"``, the compiled
        search, or ``"python"``; ``engine=`` asks for one). ``threads=2`` lets the
        core's search take a second CPU (see ``solver.solve``). Every search of it
        keeps together to one memory budget (``result.memory_mb``, 768 MB), within
        ``memory`` if given (a ``core_search.Memory`` other solves share). The position
        is copied when the search starts; the game may go on meanwhile (another
        thread). TypeError or ValueError for a budget that is not a finite number >= 0
        (None: no bound), before any search.
        """
        return self._searcher().solve(self, seconds, nodes, engine, threads, memory)

    def is_winnable(self, seconds: float | None = 10.0) -> bool | None:
        """True or False when the solver decides within the budget, else None."""
        return self._searcher().is_winnable(self, seconds)

    def is_fatal(self, action: Move | str, seconds: float | None = 2.0) -> bool | None:
        """Whether playing ``action`` here turns a position proved winnable into one
        proved lost (the table's fatal-move warning, from Python): True or False, or
        None when ``seconds`` for each of the two searches did not decide. False too
        where this position is not winnable (nothing is left to lose). IllegalMove for
        an illegal ``action``; nothing is played."""
        return self._searcher().is_fatal(self, action, seconds)

    def losing_move(self, seconds: float | None = 2.0) -> int | None:
        """The move that lost this game: k (from 1) when the position after the first
        k - 1 actions of ``history`` is proved winnable and the one after k proved
        lost, as the table marks it in review ("winnable until move k"). None when the
        game is not proved lost, was lost from the deal, or a search within
        ``seconds`` did not decide: about log2(moves) searches."""
        return self._searcher().losing_move(self, seconds)

    # ---- honest help: from what the player can see (chance.py, game_search.py) -------
    def information(self) -> Information:
        """What the player has seen: the cards that were ever face up since the deal
        (a stock card dealt once stays known), the unseen ones and where they lie."""
        return Information.of(self)

    def chance(
        self,
        samples: int = FIRST_WORLDS,
        *,
        nodes: int | None = WORLD_NODES,
        seconds: float | None = None,
        seed: int = 0,
    ) -> Chance:
        """The chance of winning from here, from what the player can see: ``samples``
        positions consistent with every card seen so far (the unseen cards shuffled
        among the unseen places, seeded by ``seed``: the same seed, the same worlds)
        are each solved within ``nodes`` and/or ``seconds``, and the answer is the
        share won, with its interval (``Chance``: ``.text()`` says "about 64%
        (58–70%)"; ``.refine(seconds)`` adds worlds). Where no card is unseen the
        position itself is solved and the answer is exact, and says so; a game won, or
        stuck on what can be seen, is answered without a search. Nothing here looks
        at a card the player has not seen: ``solve`` is the answer with every card
        known. TypeError or ValueError for a bad budget (both None among them), before
        anything is searched."""
        return self._searcher().chance(self, samples, nodes, seconds, seed)

    def chance_after(
        self,
        action: Move | str,
        samples: int = FIRST_WORLDS,
        *,
        nodes: int | None = WORLD_NODES,
        seconds: float | None = None,
        seed: int = 0,
    ) -> Chance:
        """The chance of winning once ``action`` is played, from what the player can
        see now, over the same worlds as ``chance`` with the same seed: comparing the
        two says "this move lowers your chance from 64% to 20%" (``chance.lowers``).
        IllegalMove for an illegal ``action``; nothing is played."""
        return self._searcher().chance_after(self, action, samples, nodes, seconds, seed)

    def honest_hint(
        self,
        samples: int = FIRST_WORLDS,
        *,
        nodes: int | None = WORLD_NODES,
        seconds: float | None = None,
        seed: int = 0,
    ) -> HonestHint | None:
        """The legal move with the best chance from what the player can see: every
        legal move is tried in the same ``samples`` worlds (as ``chance``), the one
        that wins in most of them is given, ties broken by the order of ``hints``.
        ``HonestHint``: ``.move``, ``.chance`` (after it), ``.before`` and
        ``.text()``, which says it is the best chance from what you can see. None
        when the game is won or has no legal move."""
        return self._searcher().honest_hint(self, samples, nodes, seconds, seed)

    # ---- analysis (analysis.py, needs the "analysis" extra) ------------------------------
    def history_frame(self) -> Any:
        """The history as a pandas DataFrame, one row per action (see analysis.py)."""
        return _history_frame(self)

    @_serialised
    def autoplay(self) -> list[Move]:
        """Play every move to a foundation that can never cost a win; one undo reverts all.

        Each game's ``safe_to_foundation`` says (and proves in a comment) which are safe.
        """
        group = hints.play_safe_moves(self._table)
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
        """The whole game: options, deal, history and redo stack, in a versioned format
        (saving.py)."""
        return saving.dump(
            self._rules,
            self._start,
            self._table,
            self._seed,
            self._deck,
            self._undo,
            self._times,
            self._redo,
        )

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


__all__ = [
    "DEAL_NODES",
    "DEAL_TRIES",
    "GAMES",
    "Game",
    "IllegalMove",
    "Move",
    "Searches",
    "check_deck",
]
