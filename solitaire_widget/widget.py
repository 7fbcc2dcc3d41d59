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
from .scheduling import KernelScheduler, ManualScheduler, Scheduler
from .solver import Solver

__all__ = ["KernelScheduler", "ManualScheduler", "Scheduler", "SolitaireWidget"]

_log = logging.getLogger(__name__)

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"

LANGS = ("en", "el")
# Seeds are GLib guint32 values (g_rand_new_with_seed).
MAX_SEED = 2**32 - 1

# Notices written here (the reasons for illegal moves come from Game.explain).
_NOTICES = {
    "en": {
        "stale": "The table changed before that move arrived; try it again.",
        "malformed": "That request could not be understood, so nothing changed.",
        "unknown": "Unknown request {kind!r}; nothing changed.",
        "no_undo": "Nothing to undo.",
        "no_redo": "Nothing to redo.",
        "no_hint": "No useful move is left.",
        "hint": "Hint: {text}",
        "no_auto": "No card can go to the foundations safely right now.",
        "auto": "Autoplay moved {n} card(s).",
        "no_found": "The top card of {pile} cannot go to a foundation now.",
        "won": "You won! Every card is on the foundations.",
        "lost": "No more moves.",
        "error": "Something went wrong; the game was left as it was.",
        "bad_option": "Those options are not valid for this game: {why}",
        "new": "New deal #{seed}.",
        "solving": "Searching for a win…",
        "solved": "Found a win in {n} moves; playing it on the table. Press Stop to take over.",
        "replaying": "Playing the solution: move {i} of {n}. Press Stop to take over.",
        "solve_lost": "The solver proved this deal can no longer be won from here; "
                      "nothing changed.",
        "solve_unknown": "No answer after {s} s of search; press Solve to search on. "
                         "Nothing changed.",
        "solve_gave_up": "No answer after {s} s of search ({n} positions, as many as "
                         "Solve keeps in memory); nothing changed.",
        "already_won": "This deal is already won.",
        "stopped": "Stopped; the table is yours.",
        "replay_failed": "The solution no longer fits the table, so the replay stopped.",
        "thinking": "Looking for a move that leads to a win…",
        "hint_exact": "Hint (leads to a win): {text}",
        "hint_lost": "This deal can no longer be won. Hint: {text}",
        "hint_unknown": "No winning line found in time. Hint: {text}",
        "unwinnable": "This deal can no longer be won.",
    },
    "el": {
        "stale": "Το τραπέζι άλλαξε πριν φτάσει η κίνηση· δοκιμάστε ξανά.",
        "malformed": "Το αίτημα δεν ήταν κατανοητό, οπότε δεν άλλαξε τίποτα.",
        "unknown": "Άγνωστο αίτημα {kind!r}· δεν άλλαξε τίποτα.",
        "no_undo": "Δεν υπάρχει κίνηση για αναίρεση.",
        "no_redo": "Δεν υπάρχει κίνηση για επανάληψη.",
        "no_hint": "Δεν μένει χρήσιμη κίνηση.",
        "hint": "Βοήθεια: {text}",
        "no_auto": "Κανένα φύλλο δεν μπορεί να πάει με ασφάλεια στις Βάσεις τώρα.",
        "auto": "Η αυτόματη κίνηση μετέφερε {n} φύλλα.",
        "no_found": "Το πάνω φύλλο από {pile} δεν μπορεί να πάει σε Βάση τώρα.",
        "won": "Κερδίσατε! Όλα τα φύλλα είναι στις Βάσεις.",
        "lost": "Δεν υπάρχουν άλλες κινήσεις.",
        "error": "Κάτι πήγε στραβά· το παιχνίδι έμεινε όπως ήταν.",
        "bad_option": "Αυτές οι επιλογές δεν ισχύουν για το παιχνίδι: {why}",
        "new": "Νέο μοίρασμα #{seed}.",
        "solving": "Αναζήτηση νίκης…",
        "solved": "Βρέθηκε νίκη σε {n} κινήσεις· παίζεται στο τραπέζι. "
                  "Πατήστε Διακοπή για να συνεχίσετε εσείς.",
        "replaying": "Παίζεται η λύση: κίνηση {i} από {n}. "
                     "Πατήστε Διακοπή για να συνεχίσετε εσείς.",
        "solve_lost": "Ο λύτης απέδειξε ότι το μοίρασμα δεν κερδίζεται πια από εδώ· "
                      "δεν άλλαξε τίποτα.",
        "solve_unknown": "Καμία απάντηση μετά από {s} δευτ. αναζήτησης· πατήστε «Λύση» "
                         "για να συνεχιστεί. Δεν άλλαξε τίποτα.",
        "solve_gave_up": "Καμία απάντηση μετά από {s} δευτ. αναζήτησης ({n} θέσεις, όσες "
                         "κρατά η «Λύση» στη μνήμη)· δεν άλλαξε τίποτα.",
        "already_won": "Αυτό το μοίρασμα έχει ήδη κερδηθεί.",
        "stopped": "Διακόπηκε· συνεχίστε εσείς.",
        "replay_failed": "Η λύση δεν ταιριάζει πια στο τραπέζι, οπότε η επανάληψη σταμάτησε.",
        "thinking": "Αναζήτηση κίνησης που οδηγεί σε νίκη…",
        "hint_exact": "Βοήθεια (οδηγεί σε νίκη): {text}",
        "hint_lost": "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί. Βοήθεια: {text}",
        "hint_unknown": "Δεν βρέθηκε νικηφόρα σειρά κινήσεων εγκαίρως. Βοήθεια: {text}",
        "unwinnable": "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί.",
    },
}

# The pile names used in notices (the page has its own copy for its labels).
_PILES = {
    "en": {"s": "the stock", "w": "the waste", "r": "the reserve", "f": "foundation",
           "t": "tableau"},
    "el": {"s": "τη Μάνα", "w": "τον Σωρό", "r": "τη Ρεζέρβα", "f": "Βάση", "t": "Ταμπλό"},
}

# Options the toolbar offers per game: option name -> the choices shown.
_OPTION_CHOICES = {"saratoga": {"draw": [1, 3], "redeals": [2, None]}}


def _pile_words(pile: str, lang: str) -> str:
    names = _PILES[lang]
    if pile[:1] in ("f", "t") and pile[1:].isdigit():
        return f"{names[pile[0]]} {int(pile[1:]) + 1}"
    return names.get(pile, pile)


class _Refused(Exception):
    """An intent that is turned down with a notice; the game is not touched."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


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


def _detached(game: Game) -> Game:
    """A copy of the position with no listeners, for the solver to read in another
    thread while the live game goes on."""
    state = {**game.snapshot(), "redeals_used": game.redeals_used}
    return Game.from_snapshot(state, game.name, base=game.base_rank, **game.options)


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
    ``solve_node_limit`` positions (about 300 bytes each). ``widget.scheduler`` says
    where that work runs
    (:class:`KernelScheduler`; :class:`ManualScheduler` to step it by hand).
    """

    _esm = _BUNDLE
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    rules = traitlets.Unicode("").tag(sync=True)
    catalog = traitlets.List().tag(sync=True)
    # Settings (not synced: the page reads them from the view and asks to change them).
    warn_unwinnable = traitlets.Bool(False)
    exact_hint = traitlets.Bool(False)

    # Budgets in seconds; set them on an instance to change one widget.
    solve_budget: float = 4.0
    hint_budget: float = 2.0
    check_budget: float = 0.75
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
        self.scheduler: Scheduler = KernelScheduler()
        self.last_solve: Any = None  # the SolveResult of the last Solve
        self._job = 0  # Solve and its replay; bumped to cancel them
        self._solving = False
        self._replay: list[str] = []
        self._replay_total = 0
        self._cancel_step: Callable[[], None] | None = None
        self._stepping = False
        self._hint_job = 0
        self._hint_busy = False
        self._checking = False
        self._check_again = False
        self._warning = False
        self._forget()
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
        self._game = game
        self._unsubscribe = game.on_change(self._game_changed)
        self._halt()
        self._forget()
        self._reset_timer()
        self._hint = None
        self._hint_busy = False
        self._notice = None
        self._warning = False
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
        self._resume = None
        if not self._stepping:
            # Anything but the replay's own step takes the table back from the solver.
            self._halt()
        self._hint_busy = False
        if game.moves == 0 and not game.can_redo:
            # Restart or a new deal (undoing back to the start keeps the clock going).
            self._reset_timer()
            self._forget()
        elif game.status == "playing":
            self._start_timer()
        else:
            # Won or lost: the clock stops (and runs again if an undo reopens the game).
            self._stop_timer()
        self._warning = self.warn_unwinnable and self._known_lost()
        self._publish()
        self._check_soon()

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

    def _double_clicks(self, snap: dict[str, Any]) -> dict[str, str]:
        """What a double-click on each pile would play (empty when nothing)."""
        out: dict[str, str] = {}
        piles = ["w", "r"] + [f"t{i}" for i in range(len(snap.get("t", [])))]
        for p in piles:
            try:
                m = self._game.foundation_move(p)
            except Exception:  # unknown pile for this game
                m = None
            if m is not None:
                out[p] = str(m)
        return out

    def _build_view(self) -> dict[str, Any]:
        g = self._game
        snap = g.snapshot()
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
            "legal": [str(m) for m in g.legal_moves],
            "dbl": self._double_clicks(snap),
            "accepts": self._accepts(),
            "hint": self._hint,
            "notice": self._notice or self._busy_notice() or self._end_notice(),
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "timer": {"running": self._t_since is not None, "elapsed": self._elapsed()},
            "solver": {
                "busy": "solve" if self._solving else "hint" if self._hint_busy else None,
                "step": self._replay_total - len(self._replay),
                "steps": self._replay_total,
            },
            "settings": {"exact_hint": self.exact_hint, "warn_unwinnable": self.warn_unwinnable},
            "warning": ({"text": self._say("unwinnable"), "level": "warn"}
                        if self._warning and self.warn_unwinnable else None),
            "version": self._version,
            "seq": self._seq,
        }

    def _busy_notice(self) -> dict[str, str] | None:
        if self._solving:
            return {"text": self._say("solving"), "level": "info"}
        if self._replay_total:
            return {"text": self._say("replaying", i=self._replay_total - len(self._replay),
                                      n=self._replay_total), "level": "info"}
        if self._hint_busy:
            return {"text": self._say("thinking"), "level": "info"}
        return None

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
        return _NOTICES[self.lang][key].format(**args)

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
        if kind in self._TAKES_OVER:
            # The player acts: the solver's replay stops even if the intent is refused.
            self._halt()
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
        try:
            self._game.play(action)
        except ValueError:  # IllegalMove subclasses ValueError
            self._explain_refusal(action)

    def _explain_refusal(self, action: str) -> None:
        try:
            text = self._game.explain(action, lang=self.lang)
        except Exception:
            _log.exception("explain(%r) failed", action)
            text = self._say("malformed")
        self._notice = {"text": text, "level": "error"}
        self._publish()

    def _do_draw(self, _msg: Mapping[str, Any]) -> None:
        try:
            self._game.draw()
        except ValueError:
            self._explain_refusal("draw")

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
        seed = msg.get("seed")
        if seed is not None:
            seed = _as_int(seed, 0, MAX_SEED)
        self._game.new(seed=seed)

    def _do_hint(self, _msg: Mapping[str, Any]) -> None:
        if self._game.status == "playing":
            # Aisleriot starts its clock on a hint too.
            self._start_timer()
            if self.exact_hint:
                self._exact_hint()
                return
        self._show_hint(self._game.hint(), "hint")

    def _show_hint(self, move: Any, key: str) -> None:
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
            self._notice = {"text": self._say(key, text=text), "level": "hint"}
        self._publish()

    def _exact_hint(self) -> None:
        """Hint with ``exact=True``: the first move of a winning line. The search runs
        off the main thread on a copy (like ``Game.hint(exact=True)``, which it
        mirrors, but it also says whether the move is known to lead to a win)."""
        line = self._known_line()
        if line:
            self._show_hint(line[0], "hint_exact")
            return
        if self._known_lost():
            self._show_hint(self._game.hint(), "hint_lost")
            return
        self._hint_job += 1
        job, version = self._hint_job, self._version
        history, clone = self._game.history, _detached(self._game)
        budget = self.hint_budget
        self._hint = None
        self._hint_busy = True
        self._publish()

        def done(result: Any) -> None:
            if job != self._hint_job or version != self._version:
                return  # the table changed, or another hint was asked for
            self._hint_busy = False
            self._learn(history, result)
            if result.result == "won" and result.solution:
                self._show_hint(result.solution[0], "hint_exact")
            else:
                key = "hint_lost" if result.result == "lost" else "hint_unknown"
                self._show_hint(self._game.hint(), key)

        self._background(lambda: clone.solve(seconds=budget), done)

    # ------------------------------------------------------------------ the solver

    def solve(self) -> None:
        """What the Solve button does: search for a win (``solve_budget`` seconds, off
        the main thread) and, when one is found, play it on the table step by step."""
        with self._lock:
            try:
                self._start_solve()
            except _Refused as r:
                self._refuse(r.key, **r.args_)

    def stop(self) -> bool:
        """Stops a search or replay started by Solve; True if one was running."""
        with self._lock:
            running = self._halt()
            if running:
                self._notice = {"text": self._say("stopped"), "level": "info"}
                self._publish()
            return running

    def step(self) -> bool:
        """Plays the replay's next move now; False when no replay is going on."""
        with self._lock:
            return self._step()

    @property
    def replaying(self) -> bool:
        """True while Solve searches or plays its solution."""
        return self._solving or bool(self._replay)

    def _halt(self) -> bool:
        """Cancels Solve's search and replay, without a word; True if one was running."""
        running = self.replaying
        self._job += 1
        self._solving = False
        self._replay = []
        self._replay_total = 0
        cancel, self._cancel_step = self._cancel_step, None
        if cancel is not None:
            cancel()
        return running

    def _start_solve(self) -> None:
        g = self._game
        self._halt()
        if g.status == "won":
            raise _Refused("already_won", level="info")
        line = self._known_line()
        if line:  # a line found earlier (an exact hint, the warning's check) still holds
            self._begin_replay(line)
            return
        if self._known_lost():
            raise _Refused("solve_lost", level="info")
        self._job += 1
        job = self._job
        history = g.history
        # Solve pressed again at a position it could not decide goes on with that
        # search (see Solver) rather than starting over.
        resume, self._resume = self._resume, None
        fresh = resume is None or resume[0] != history
        solver = Solver(_detached(g)) if fresh else resume[1]
        budget = self.solve_budget
        self._solving = True
        self._hint = None
        self._publish()

        def done(result: Any) -> None:
            if job != self._job:
                return  # stopped, or the table changed
            self._solving = False
            self.last_solve = result
            self._learn(history, result)
            if result.result == "won" and result.solution:
                self._begin_replay(list(result.solution))
            elif result.result == "won":
                self._refuse("already_won", level="info")
            elif result.result == "lost":
                self._refuse("solve_lost", level="info")
            else:
                spent = result.seconds
                s = f"{spent:.0f}" if spent >= 1 else f"{spent:.2g}"
                if result.nodes < limit:
                    self._resume = (history, solver)
                    self._refuse("solve_unknown", level="info", s=s)
                else:
                    n = f"{result.nodes:,}".replace(",", "." if self.lang == "el" else ",")
                    self._refuse("solve_gave_up", level="info", s=s, n=n)

        limit = self.solve_node_limit
        nodes = max(limit - solver.nodes, 1)
        self._background(lambda: solver.run(seconds=budget, nodes=nodes), done)

    def _begin_replay(self, line: list[str]) -> None:
        self._replay = list(line)
        self._replay_total = len(line)
        self._notice = {"text": self._say("solved", n=len(line)), "level": "info"}
        self._publish()
        self._schedule_step()

    def _schedule_step(self) -> None:
        job = self._job
        delay = self.replay_delay * (0.5 if self._replay and self._replay[0] == "draw" else 1)

        def fire() -> None:
            with self._lock:
                if job != self._job:
                    return
                self._cancel_step = None
                try:
                    self._step()
                except Exception:
                    _log.exception("solitaire_widget: error in a replay step")
                    self._halt()
                    self._refuse("error")

        self._cancel_step = self.scheduler.later(delay, fire)

    def _step(self) -> bool:
        if not self._replay:
            return False
        if self._cancel_step is not None:
            self._cancel_step()
            self._cancel_step = None
        action = self._replay.pop(0)
        last = not self._replay
        if last:
            # The last move's view is the final one: no "move n of n" left over.
            self._replay_total = 0
            self._job += 1
        self._stepping = True
        try:
            self._game.play(action)
        except ValueError:  # the table is not where the line expects it
            self._halt()
            self._refuse("replay_failed")
            return False
        finally:
            self._stepping = False
        if not last:
            self._schedule_step()
        return True

    # What the solver has proved about this deal, so it is not asked twice: a winning
    # line found at some point of the history (it still holds while the history follows
    # it), and a history from which the deal was proved lost (every position reached
    # from a lost one is lost too, since any win from there would be a win from it).
    def _forget(self) -> None:
        self._won_line: tuple[list[str], list[str]] | None = None
        self._lost_at: list[str] | None = None
        # Solve's undecided search and where it stood (it can be large: dropped as soon
        # as the table changes)
        self._resume: tuple[list[str], Solver] | None = None

    def _learn(self, history: list[str], result: Any) -> None:
        if result.result == "won" and result.solution:
            self._won_line = (history, list(result.solution))
        elif result.result == "lost":
            self._lost_at = history

    def _known_line(self) -> list[str] | None:
        if self._won_line is None:
            return None
        at, line = self._won_line
        h = self._game.history
        k = len(h) - len(at)
        if 0 <= k < len(line) and h[: len(at)] == at and h[len(at):] == line[:k]:
            return line[k:]
        return None

    def _known_lost(self) -> bool:
        at = self._lost_at
        if at is None:
            return False
        h = self._game.history
        return len(h) >= len(at) and h[: len(at)] == at

    def _background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Runs ``work`` through the scheduler; ``done`` runs under the lock, and an
        error in either one is logged and becomes a notice, as in a handler."""

        def safe_work() -> tuple[bool, Any]:
            try:
                return True, work()
            except Exception as e:  # reported in finish, where the lock is held
                return False, e

        def finish(outcome: tuple[bool, Any]) -> None:
            with self._lock:
                if self.comm is None:
                    return  # closed meanwhile: no one to tell
                ok, value = outcome
                try:
                    if not ok:
                        raise value
                    done(value)
                except Exception:
                    _log.exception("solitaire_widget: error in the solver's work")
                    self._halt()
                    self._hint_busy = False
                    self._checking = False
                    self._refuse("error")

        self.scheduler.background(safe_work, finish)

    # The "tell me when this deal can no longer be won" switch.
    def _check_soon(self) -> None:
        """After a change has been sent: if the switch is on, ask the solver (a small
        budget, off the main thread) whether the deal can still be won. One check at a
        time; changes made meanwhile are checked when it ends."""
        if not self.warn_unwinnable or self._warning:
            return
        g = self._game
        if g.status != "playing" or self.replaying or self._known_line():
            return
        if self._checking:
            self._check_again = True
            return
        self._checking = True
        version, history, clone = self._version, g.history, _detached(g)
        budget = self.check_budget

        def done(result: Any) -> None:
            self._checking = False
            if version == self._version:
                self._learn(history, result)
                if result.result == "lost" and self.warn_unwinnable:
                    self._warning = True
                    self._publish()
            if self._check_again or version != self._version:
                self._check_again = False
                self._check_soon()

        self._background(lambda: clone.solve(seconds=budget), done)

    @traitlets.observe("warn_unwinnable", "exact_hint")
    def _setting_changed(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "_game"):
            return
        with self._lock:
            if change["name"] == "warn_unwinnable":
                self._warning = bool(change["new"]) and self._known_lost()
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
        self._start_solve()

    def _do_stop(self, _msg: Mapping[str, Any]) -> None:
        if not self.stop():
            self._publish()

    def _do_setting(self, msg: Mapping[str, Any]) -> None:
        name, value = msg.get("name"), msg.get("value")
        if name not in ("warn_unwinnable", "exact_hint") or not isinstance(value, bool):
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
        if not isinstance(pile, str) or not 0 < len(pile) <= 4:
            raise _Refused("malformed")
        self._check_version(msg)
        try:
            move = self._game.foundation_move(pile)
        except (ValueError, KeyError, IndexError):
            raise _Refused("malformed") from None
        if move is None:
            raise _Refused("no_found", pile=_pile_words(pile, self.lang))
        try:
            self._game.play(move)
        except ValueError:
            self._explain_refusal(str(move))

    def _do_select(self, msg: Mapping[str, Any]) -> None:
        name = msg.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise _Refused("malformed")
        options = _check_options(name, msg.get("options"))
        seed = msg.get("seed")
        if seed is not None:
            seed = _as_int(seed, 0, MAX_SEED)
        try:
            game = Game(name, seed=seed, **options)
        except (TypeError, ValueError) as e:
            raise _Refused("bad_option", why=str(e)[:120]) from None
        self._attach(game)

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
    }
    # Intents that take the table back from a running Solve.
    _TAKES_OVER: ClassVar[frozenset[str]] = frozenset(
        {"move", "draw", "undo", "redo", "restart", "new", "autoplay", "foundation", "select"})

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
        if hasattr(self, "_job"):
            self._halt()
        super().close()

    def __repr__(self) -> str:
        return f"SolitaireWidget({self._game.name!r}, seed={self._game.seed}, lang={self.lang!r})"
