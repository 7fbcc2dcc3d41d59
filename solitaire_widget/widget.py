"""SolitaireWidget: the Jupyter front end of a :class:`~solitaire_widget.Game`.

The only module that knows about Jupyter. Python stays the source of truth: the page
draws one synced ``view`` trait and sends intents back as custom messages
(``{"kind": "move", "action": "t0>t3*2", "version": 17}``). Every intent is checked
here; anything malformed, stale or illegal becomes a notice in the view and changes
nothing. No exception raised while handling a message leaves this module.
"""

from __future__ import annotations

import logging
import math
import pathlib
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from .game import Game
from .games import GAMES
from .games.base import F0, F3
from .layouts import table_layout
from .live import LiveSolver
from .moves import IllegalMove
from .moves import pile_index as _pile_index
from .scheduling import KernelScheduler, ManualScheduler, Scheduler
from .solve_session import Refused as _Refused
from .solve_session import SolveSession
from .statistics import SESSION as _SESSION_STATS
from .statistics import Statistics
from .texts import notice as _notice
from .texts import pile_words as _pile_words

__all__ = ["KernelScheduler", "ManualScheduler", "Scheduler", "SolitaireWidget"]

_log = logging.getLogger(__name__)

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"
_STYLE = _STATIC / "widget.css"  # js/style.js, written by `npm run build`

LANGS = ("en", "el")
# Seeds are GLib guint32 values (g_rand_new_with_seed).
MAX_SEED = 2**32 - 1

# Options the toolbar offers per game: option name -> the choices shown.
_OPTION_CHOICES = {"saratoga": {"draw": [1, 3], "redeals": [2, None]}}


def _as_int(value: Any, lo: int, hi: int) -> int:
    """An integer in [lo, hi]; bools and floats with fractions are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Refused("malformed")
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise _Refused("malformed")
    n = int(value)
    if not lo <= n <= hi:
        raise _Refused("malformed")
    return n


def _check_options(game: str, options: Any) -> dict[str, Any]:
    """The options of a `select` intent, checked for shape (Game checks the values)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise _Refused("malformed")
    out: dict[str, Any] = {}
    for k, v in options.items():
        if v is None or isinstance(v, str):
            out[k] = v
        else:
            out[k] = _as_int(v, 0, 1000)
    return out


class SolitaireWidget(anywidget.AnyWidget):
    """A card table in a notebook cell, playing a live :class:`Game`.

    ``SolitaireWidget(game="kansas", seed=None, lang="en", **options)`` starts a deal;
    ``SolitaireWidget(existing_game)`` shows a game you already have. ``widget.game`` is
    that live Game: moves played on it from Python show in the cell at once, and moves
    played in the cell are in ``widget.game.history``.

    The solver: the Solve button (or ``widget.solve()``) searches for a win for up to
    ``solve_budget`` seconds off the main thread and, when it finds one, plays it on the
    table one undoable move every ``replay_delay`` seconds until the game is won or
    anything else changes the table (``widget.stop()``, a move, Undo, New...).
    ``exact_hint=True`` makes Hint give the first move of a winning line when the solver
    finds one within ``hint_budget`` seconds. ``warn_unwinnable=True`` checks after each
    change (``check_budget`` seconds, off the main thread) and warns once the solver
    proves the deal can no longer be won. Solve pressed again at a position it could
    not decide searches on from where it stopped, until the search holds
    ``solve_node_limit`` positions (about 300 bytes each). ``live_solver`` (on where the
    compiled core runs) answers after every move whether the deal can still be won, in
    the status line and as ``widget.live_answer`` (see solitaire_widget.live), searching
    ``live_budget`` seconds at first and on in slices up to ``live_limit``; with it on,
    ``warn_unwinnable`` takes its warning from that answer. ``widget.scheduler`` says
    where that work runs
    (:class:`KernelScheduler`; :class:`ManualScheduler` to step it by hand).
    """

    _esm = _BUNDLE
    # The styles travel with the widget (marimo draws it in a shadow root).
    _css = _STYLE
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    rules = traitlets.Unicode("").tag(sync=True)
    catalog: traitlets.List[Any] = traitlets.List().tag(sync=True)
    # Settings (not synced: the page reads them from the view and asks to change them).
    warn_unwinnable = traitlets.Bool(False)
    # The live answer after every move (solitaire_widget.live); on where the compiled
    # core runs. warn_unwinnable stays a switch of its own: the live indicator is a quiet
    # word in the status line, the warning a banner for players who want to be told, and
    # with the indicator on the banner comes from the same search (no second check).
    live_solver = traitlets.Bool(True)
    exact_hint = traitlets.Bool(False)

    # Budgets in seconds; set them on an instance to change one widget.
    solve_budget: float = 4.0
    hint_budget: float = 2.0
    check_budget: float = 0.75
    # the live answer: the first search after a move, later slices while it is not yet
    # known, the pause between them, and the most search one position gets in all
    live_budget: float = 0.2
    live_slice: float = 0.5
    live_pause: float = 0.05
    live_limit: float = 10.0
    replay_delay: float = 0.3  # between moves of a replayed solution (draws go faster)
    # the most positions an undecided Solve keeps to search on from (memory: ~1 GB)
    solve_node_limit: int = 3_000_000

    def __init__(
        self,
        game: Game | str = "kansas",
        seed: int | None = None,
        lang: str = "en",
        *,
        warn_unwinnable: bool = False,
        exact_hint: bool = False,
        live_solver: bool | None = None,
        statistics: Statistics | bool | None = None,
        **options: Any,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
        if isinstance(game, Game):
            if seed is not None or options:
                raise TypeError("seed and options go with a game name, not an existing Game")
            live = game
        elif isinstance(game, str):
            # Game raises TypeError for an unknown option and ValueError for a bad name.
            live = Game(game, seed=seed, **options)
        else:
            raise TypeError(f"game must be a Game or a game name, not {type(game).__name__}")
        super().__init__()
        self._version = 0
        self._seq = 0
        self._notice: dict[str, str] | None = None
        self._hint: str | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._lock = threading.RLock()
        self.scheduler = KernelScheduler()
        # Solve, its replay, the exact hint and the unwinnable check (no Jupyter in it).
        self.session = SolveSession(self, self._lock)
        # None: on where the compiled core has a part for the game. The Python search
        # (Pyodide) holds the GIL, or in Pyodide the only thread, for its whole budget
        # after every move, so it waits there until it is asked for.
        if live_solver is None:
            from . import core_search

            live_solver = core_search.available(live.name)
        self.live_solver = bool(live_solver)
        self.live = LiveSolver(self, self.session, self._lock)
        # Statistics: the session's own by default (shared by the widgets of this
        # kernel); True keeps them in the Jupyter data folder too; or a Statistics.
        if statistics is None or statistics is False:
            self.statistics: Statistics = _SESSION_STATS
        elif statistics is True:
            self.statistics = Statistics.saved()
        elif isinstance(statistics, Statistics):
            self.statistics = statistics
        else:
            raise TypeError("statistics must be a Statistics, True (saved) or None")
        self._deal_moves = 0  # the deal's moves so far (0: it does not count yet)
        self._deal_score = 0  # the best score it reached
        self._deal_counted = False  # recorded already (a win)
        # Review mode: the position after this many actions is shown (None: the game).
        self._review_at: int | None = None
        self._review_game: Game | None = None
        self._reset_timer()
        self._game: Game = live
        self.catalog = self._catalog()
        self.lang = lang
        self._attach(live)
        self.warn_unwinnable = bool(warn_unwinnable)
        self.exact_hint = bool(exact_hint)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live Game this widget shows."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"widget.game must be a Game, not {type(game).__name__}")
        self._attach(game)

    def _attach(self, game: Game) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._deal_left()
        self._game = game
        self._review_at = self._review_game = None
        self._deal_moves = game.moves
        self._deal_score = game.score
        self._deal_counted = game.status == "won"
        self._unsubscribe = game.on_change(self._game_changed)
        self.session.reset()
        self.live.reset()
        self._reset_timer()
        self._hint = None
        self._notice = None
        self._version += 1
        self.rules = self._rules_text()
        self._publish()
        self._check_soon()

    def _game_changed(self, game: Game) -> None:
        """Any change to the game, from the page or from Python code."""
        if game is not self._game:
            return
        self._version += 1
        self._hint = None
        # The game changed under the review: show the game again.
        self._review_at = self._review_game = None
        self.session.game_changed()
        self.live.moved()  # what is known goes out with this view; no search yet
        if game.moves == 0 and not game.can_redo:
            # Restart or a new deal (undoing back to the start keeps the clock going).
            self._deal_left()
            self._reset_timer()
        elif game.status == "playing":
            self._start_timer()
        else:
            # Won or lost: the clock stops (and runs again if an undo reopens the game).
            self._stop_timer()
        self._deal_moves = max(self._deal_moves, game.moves)
        self._deal_score = max(self._deal_score, game.score)
        if game.status == "won" and not self._deal_counted:
            self._deal_counted = True
            # A deal the solver's replay finished is played, but not the player's win.
            self.statistics.record(
                game.name,
                game.options,
                won=not self.session.stepping,
                seconds=self._elapsed(),
                score=game.score,
            )
        self._publish()
        self._check_soon()

    def _check_soon(self) -> None:
        """After the view is sent: the searches that answer whether the deal can still
        be won. The live answer, when on, also raises the warning (one search)."""
        if self.live_solver:
            self.live.check_soon()
        else:
            self.session.check_soon()

    def _deal_left(self) -> None:
        """The deal on the table is left (a new deal, a restart, another game): one that
        was played and not won counts as lost, as Aisleriot counts a game given up."""
        if self._deal_moves and not self._deal_counted:
            g = self._game
            self.statistics.record(
                g.name, g.options, won=False, seconds=self._elapsed(), score=self._deal_score
            )
        self._deal_moves = self._deal_score = 0
        self._deal_counted = False

    # ------------------------------------------------------------------ review mode

    def review(self, moves: int | None = 0) -> None:
        """Shows the position after the first ``moves`` actions of the history (0: the
        deal; -1 the position before the last move, -2 the one before...) without
        undoing anything; ``review(None)`` shows the game again. Moves are refused
        while reviewing."""
        with self._lock:
            if moves is None:
                self._leave_review()
                return
            n = self._game.moves
            if isinstance(moves, bool) or not isinstance(moves, int) or not -n <= moves <= n:
                raise ValueError(f"moves must be from {-n} to {n} (or None), not {moves!r}")
            self._show_review(n + moves if moves < 0 else moves)

    def review_step(self, delta: int) -> None:
        """One position (or ``delta``) back or forth; entering review from the game."""
        with self._lock:
            at = self._game.moves if self._review_at is None else self._review_at
            self._show_review(min(max(at + int(delta), 0), self._game.moves))

    @property
    def reviewing(self) -> int | None:
        """The number of actions of the position under review, or None."""
        return self._review_at

    def _show_review(self, at: int) -> None:
        self.session.halt()  # the solver's replay would change the game under the review
        self._review_at = at
        self._review_game = self._game.position(at)
        self._notice = {"text": self._say("reviewing", i=at, n=self._game.moves), "level": "info"}
        self._publish()

    def _leave_review(self) -> None:
        if self._review_at is not None:
            self._review_at = self._review_game = None
            self._publish()

    # ------------------------------------------------------------------ the session's host

    @property
    def table_version(self) -> int:
        """Grows with every change of the table (the view's ``version``)."""
        return self._version

    def publish(self) -> None:
        self._publish()

    def notify(self, key: str, level: str = "error", **args: Any) -> None:
        self._refuse(key, level, **args)

    def show_hint(self, move: Any, key: str, **args: Any) -> None:
        self._show_hint(move, key, **args)

    @property
    def scheduler(self) -> Scheduler:
        """Where the solver's work runs (:class:`KernelScheduler`; a
        :class:`ManualScheduler` steps it by hand)."""
        return self._scheduler

    @scheduler.setter
    def scheduler(self, scheduler: Scheduler) -> None:
        self._scheduler = scheduler
        live = getattr(self, "live", None)
        if live is not None and hasattr(self, "_game"):
            # The live question asked on the old scheduler (the constructor's, most
            # often) is asked again on this one, and the old answer dropped: otherwise it
            # could land at any moment from a thread the new scheduler knows nothing of.
            with self._lock:
                live.moved()
                self.publish_live()
                live.check_soon()

    def publish_live(self) -> None:
        """The live answer changed: only it (and the warning it may raise) is sent
        again, so the notice of the last move and the page's selection stay."""
        self.view = {**self.view, "live": self.live.view(), "warning": self._warning()}

    @property
    def live_answer(self) -> str:
        """Can the deal on the table still be won: "winnable", "lost", "unknown" (not
        yet known), "checking" (the first search runs), or "off" (``live_solver``)."""
        return self.live.answer

    def alive(self) -> bool:
        return self.comm is not None

    # The clock: seconds banked from earlier stretches plus the one running now.
    def _reset_timer(self) -> None:
        self._t_banked = 0.0
        self._t_since: float | None = None

    def _start_timer(self) -> None:
        if self._t_since is None:
            self._t_since = time.monotonic()

    def _stop_timer(self) -> None:
        if self._t_since is not None:
            self._t_banked += time.monotonic() - self._t_since
            self._t_since = None

    def _elapsed(self) -> float:
        running = time.monotonic() - self._t_since if self._t_since is not None else 0.0
        return round(self._t_banked + running, 3)

    # ------------------------------------------------------------------ state out

    def _catalog(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "title": getattr(cls, "title", name),
                "title_el": getattr(cls, "title_el", name),
                "options": _OPTION_CHOICES.get(name, {}),
            }
            for name, cls in GAMES.items()
        ]

    def _rules_text(self) -> str:
        from . import rules_text

        try:
            return rules_text(self._game.name, lang=self.lang)
        except Exception:  # a missing translation must not break the table
            _log.exception("rules_text failed")
            return ""

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if change["new"] not in LANGS:
            self.lang = change["old"]
            return
        if hasattr(self, "_game"):
            self.rules = self._rules_text()

    def _accepts(self) -> dict[str, str]:
        """What each empty slot takes, for its outline label (display only)."""
        g = self._game
        out: dict[str, str] = {}
        base = g.base_rank or "A"
        for i in range(4):
            out[f"f{i}"] = base
        n = g.n_tableau
        tab = g.rules.empty_column
        for i in range(n):
            out[f"t{i}"] = tab
        return out

    def _double_clicks(self, legal: list[Any]) -> dict[str, str]:
        """What a double-click on each pile plays: its top card to the first foundation
        that takes it, read off the legal moves (the same move ``Game.foundation_move``
        finds; a foundation's own card moving to another is not a double-click)."""
        out: dict[str, str] = {}
        for m in legal:
            if m.is_draw or m.count != 1 or not F0 <= m.dst <= F3 or F0 <= m.src <= F3:
                continue
            src = m.source
            if src not in out or m.dst < _pile_index(out[src].split(">")[1]):
                out[src] = str(m)
        return out

    def _piles(self) -> set[str]:
        """The ids of the piles this game has."""
        g = self._game
        piles = {"s", "w", *(f"f{i}" for i in range(4)), *(f"t{i}" for i in range(g.n_tableau))}
        if g.rules.has_reserve:
            piles.add("r")
        return piles

    def _build_view(self) -> dict[str, Any]:
        view = self._game_view()
        g = self._game
        view["stats"] = self.statistics.get(g.name, g.options)
        shown = self._review_game
        if shown is not None and self._review_at is not None:
            # A position looked back at: its cards and counts; nothing can be played.
            view.update(
                {
                    "piles": shown.snapshot(),
                    "score": shown.score,
                    "moves": self._review_at,
                    "stock_left": shown.stock_left,
                    "reserve_left": shown.reserve_left,
                    "redeals_left": shown.redeals_left,
                    "legal": [],
                    "dbl": {},
                    "hint": None,
                    "review": {"at": self._review_at, "of": g.moves},
                }
            )
        return view

    def _game_view(self) -> dict[str, Any]:
        g = self._game
        snap = g.snapshot()
        legal = g.legal_moves
        return {
            "game": g.name,
            "seed": g.seed,
            "options": dict(g.options),
            "piles": snap,
            "score": g.score,
            "status": g.status,
            "moves": g.moves,
            "stock_left": g.stock_left,
            "reserve_left": g.reserve_left,
            "redeals_left": g.redeals_left,
            "base_rank": g.base_rank,
            "draw_count": g.draw_count,
            "legal": [str(m) for m in legal],
            "dbl": self._double_clicks(legal),
            "layout": table_layout(g.rules),
            "accepts": self._accepts(),
            "hint": self._hint,
            "notice": self._notice or self._busy_notice() or self._end_notice(),
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "timer": {"running": self._t_since is not None, "elapsed": self._elapsed()},
            "solver": self.session.view(),
            "settings": {"exact_hint": self.exact_hint, "warn_unwinnable": self.warn_unwinnable},
            "warning": self._warning(),
            "live": self.live.view(),
            "review": None,
            "version": self._version,
            "seq": self._seq,
        }

    def _warning(self) -> dict[str, str] | None:
        if self.session.warning and self.warn_unwinnable:
            return {"text": self._say("unwinnable"), "level": "warn"}
        return None

    def _busy_notice(self) -> dict[str, str] | None:
        busy = self.session.busy_notice()
        if busy is None:
            return None
        key, args = busy
        return {"text": self._say(key, **args), "level": "info"}

    def _end_notice(self) -> dict[str, str] | None:
        status = self._game.status
        if status == "won":
            return {"text": self._say("won"), "level": "won"}
        if status == "lost":
            return {"text": self._say("lost"), "level": "info"}
        return None

    def _publish(self) -> None:
        """Sends the whole view; `seq` grows on every send so each one is a change."""
        self._seq += 1
        self.view = self._build_view()
        # A notice lives for one view: the next change clears it.
        self._notice = None

    def _say(self, key: str, **args: Any) -> str:
        return _notice(key, self.lang, **args)

    def _refuse(self, key: str, level: str = "error", **args: Any) -> None:
        self._notice = {"text": self._say(key, **args), "level": level}
        self._publish()

    # ------------------------------------------------------------------ intents in

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Handles one intent from the page. Never raises."""
        with self._lock:
            try:
                self._dispatch(content)
            except _Refused as r:
                self._refuse(r.key, **r.args_)
            except Exception:
                # A bug, not a bad message: record it for the developer, keep the game,
                # and tell the player. The game is rebuilt from nothing we half-changed,
                # since Game methods are all-or-nothing.
                _log.exception("solitaire_widget: error while handling %r", content)
                self._refuse("error")

    def _dispatch(self, msg: Any) -> None:
        if not isinstance(msg, Mapping):
            raise _Refused("malformed")
        kind = msg.get("kind")
        if not isinstance(kind, str):
            raise _Refused("malformed")
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise _Refused("unknown", kind=kind[:40])
        if self._review_at is not None and kind in self._PLAYS:
            # Looking back changes nothing: say how to play on instead.
            raise _Refused("review_on", level="info", i=self._review_at, n=self._game.moves)
        if kind in self._TAKES_OVER:
            # The player acts: the solver's replay stops even if the intent is refused.
            self.session.halt()
        handler(self, msg)

    def _check_version(self, msg: Mapping[str, Any]) -> None:
        if "version" not in msg:
            return
        v = msg["version"]
        if isinstance(v, bool) or not isinstance(v, int):
            raise _Refused("malformed")
        if v != self._version:
            raise _Refused("stale")

    def _do_move(self, msg: Mapping[str, Any]) -> None:
        action = msg.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 32:
            raise _Refused("malformed")
        self._check_version(msg)
        if action == "draw":
            self._do_draw(msg)
            return
        self._play(action)

    def _play(self, action: Any) -> None:
        """Plays ``action``; a refusal becomes the notice, worded in the view's language
        from the reason IllegalMove carries."""
        try:
            self._game.play(action)
        except IllegalMove as e:
            self._notice = {"text": e.text(self.lang), "level": "error"}
            self._publish()

    def _do_draw(self, _msg: Mapping[str, Any]) -> None:
        try:
            self._game.draw()
        except IllegalMove as e:
            self._notice = {"text": e.text(self.lang), "level": "error"}
            self._publish()

    def _do_undo(self, _msg: Mapping[str, Any]) -> None:
        if not self._game.can_undo:
            raise _Refused("no_undo", level="info")
        self._game.undo()

    def _do_redo(self, _msg: Mapping[str, Any]) -> None:
        if not self._game.can_redo:
            raise _Refused("no_redo", level="info")
        self._game.redo()

    def _do_restart(self, _msg: Mapping[str, Any]) -> None:
        self._game.restart()

    def _do_new(self, msg: Mapping[str, Any]) -> None:
        self._game.new(seed=self._seed_of(msg))

    def _seed_of(self, msg: Mapping[str, Any]) -> int | None:
        """The seed a `new` or `select` intent asks for: None (a random deal) or an int
        GLib takes. The page sends what the player typed, so a bad one is named."""
        seed = msg.get("seed")
        if seed is None:
            return None
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise _Refused("malformed")
        if isinstance(seed, int) and 0 <= seed <= MAX_SEED:
            return seed
        text = str(seed).strip()[:24]
        # ASCII digits only: int() would also read other scripts' digits
        if text.isascii() and text.isdigit() and int(text) <= MAX_SEED:
            return int(text)
        raise _Refused("bad_seed", seed=text, max=MAX_SEED)

    def _do_hint(self, _msg: Mapping[str, Any]) -> None:
        if self._game.status == "playing":
            # Aisleriot starts its clock on a hint too.
            self._start_timer()
            if self.exact_hint:
                self._hint = None
                self.session.exact_hint()
                return
        self._show_hint(self._game.hint(), "hint")

    def _show_hint(self, move: Any, key: str, **args: Any) -> None:
        if move is None:
            self._hint = None
            self._notice = {"text": self._say("no_hint"), "level": "info"}
        else:
            self._hint = str(move)
            try:
                text = self._game.explain(move, lang=self.lang)
            except Exception:
                _log.exception("explain(%r) failed", move)
                text = str(move)
            self._notice = {"text": self._say(key, text=text, **args), "level": "hint"}
        self._publish()

    # ------------------------------------------------------------------ the solver

    def solve(self) -> None:
        """What the Solve button does: search for a win (``solve_budget`` seconds, off
        the main thread) and, when one is found, play it on the table step by step."""
        with self._lock:
            try:
                self._hint = None
                self.session.solve()
            except _Refused as r:
                self._refuse(r.key, **r.args_)

    def stop(self) -> bool:
        """Stops a search or replay started by Solve; True if one was running."""
        with self._lock:
            return self.session.stop()

    def step(self) -> bool:
        """Plays the replay's next move now; False when no replay is going on."""
        with self._lock:
            return self.session.step()

    @property
    def replaying(self) -> bool:
        """True while Solve searches or plays its solution."""
        return self.session.replaying

    @property
    def last_solve(self) -> Any:
        """The SolveResult of the last Solve (None before the first)."""
        return self.session.last_solve

    @traitlets.observe("warn_unwinnable", "exact_hint", "live_solver")
    def _setting_changed(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "_game"):
            return
        with self._lock:
            self.session.setting_changed(change["name"], change["new"])
            self.live.setting_changed(change["name"])
            self._publish()
            self._check_soon()

    def _do_solve(self, msg: Mapping[str, Any]) -> None:
        stop = msg.get("stop", False)
        if not isinstance(stop, bool):
            raise _Refused("malformed")
        if stop or self.replaying:
            # Solve pressed again (the button reads Stop) stops it.
            if not self.stop():
                self._publish()
            return
        self._hint = None
        self.session.solve()

    def _do_stop(self, _msg: Mapping[str, Any]) -> None:
        if not self.stop():
            self._publish()

    def _do_setting(self, msg: Mapping[str, Any]) -> None:
        name, value = msg.get("name"), msg.get("value")
        if name not in ("warn_unwinnable", "exact_hint", "live_solver") or not isinstance(
            value, bool
        ):
            raise _Refused("malformed")
        if getattr(self, name) == value:
            self._publish()  # every view shows the truth again
        else:
            setattr(self, name, value)

    def _do_autoplay(self, _msg: Mapping[str, Any]) -> None:
        played = self._game.autoplay()
        if not played:
            raise _Refused("no_auto", level="info")

    def _do_foundation(self, msg: Mapping[str, Any]) -> None:
        pile = msg.get("pile")
        if not isinstance(pile, str) or pile not in self._piles():
            # a pile this table does not have (a forged or stale message) is named as
            # such, not reported as a card that cannot go up
            raise _Refused("malformed")
        self._check_version(msg)
        move = self._double_clicks(self._game.legal_moves).get(pile)
        if move is None:
            raise _Refused("no_found", pile=_pile_words(pile, self.lang))
        self._play(move)

    def _do_select(self, msg: Mapping[str, Any]) -> None:
        name = msg.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise _Refused("malformed")
        options = _check_options(name, msg.get("options"))
        seed = self._seed_of(msg)
        try:
            game = Game(name, seed=seed, **options)
        except (TypeError, ValueError) as e:
            raise _Refused("bad_option", why=str(e)[:120]) from None
        self._attach(game)

    def _do_review(self, msg: Mapping[str, Any]) -> None:
        """``{"kind": "review", "at": n}`` shows the position after n actions;
        ``"at": null`` the game again; ``"step": -1 / 1`` one back or forth."""
        if "step" in msg:
            step = msg["step"]
            if isinstance(step, bool) or not isinstance(step, int) or abs(step) > 10_000:
                raise _Refused("malformed")
            self.review_step(step)
            return
        at = msg.get("at")
        if at is None:
            if self._review_at is None:
                self._publish()  # every view shows the game again
            self._leave_review()
            return
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= self._game.moves:
            raise _Refused("malformed")
        self._show_review(at)

    def _do_lang(self, msg: Mapping[str, Any]) -> None:
        lang = msg.get("lang")
        if lang not in LANGS:
            raise _Refused("malformed")
        self.lang = lang
        self._publish()

    _HANDLERS: ClassVar[dict[str, Callable[[SolitaireWidget, Mapping[str, Any]], None]]] = {
        "move": _do_move,
        "draw": _do_draw,
        "undo": _do_undo,
        "redo": _do_redo,
        "restart": _do_restart,
        "new": _do_new,
        "hint": _do_hint,
        "autoplay": _do_autoplay,
        "foundation": _do_foundation,
        "select": _do_select,
        "lang": _do_lang,
        "solve": _do_solve,
        "stop": _do_stop,
        "setting": _do_setting,
        "review": _do_review,
    }
    # Intents that would change the game: refused while a position is reviewed.
    _PLAYS: ClassVar[frozenset[str]] = frozenset(
        {"move", "draw", "undo", "redo", "hint", "autoplay", "foundation", "solve"}
    )
    # Intents that take the table back from a running Solve.
    _TAKES_OVER: ClassVar[frozenset[str]] = frozenset(
        {"move", "draw", "undo", "redo", "restart", "new", "autoplay", "foundation", "select"}
    )

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait updates from the page are refused: the page sends intents, never state.
        Python's view is sent again so every open view goes back to the truth."""
        ours = {"view", "lang", "rules", "catalog"}
        try:
            rest = {k: v for k, v in sync_data.items() if k not in ours}
            if rest:
                super().set_state(rest)  # ipywidgets' own traits (layout, ...)
            if ours & set(sync_data):
                self._refuse("malformed")
        except Exception:
            _log.exception("solitaire_widget: error while handling a state update")

    def close(self) -> None:
        # Also runs from __del__, possibly on a half-built widget (a refused constructor).
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
            self._unsubscribe = None
        session = getattr(self, "session", None)
        if session is not None:
            session.halt()
        live = getattr(self, "live", None)
        if live is not None:
            live.halt()
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        # Beside the live view, a picture of the position when the cell ran: what GitHub,
        # nbviewer and nbconvert show where no kernel runs (front ends that have the
        # widget manager draw the view, which they rank above pictures).
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self._game._repr_svg_()}, metadata

    def __repr__(self) -> str:
        return f"SolitaireWidget({self._game.name!r}, seed={self._game.seed}, lang={self.lang!r})"
