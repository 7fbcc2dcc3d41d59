"""SolitaireWidget: the Jupyter front end of a :class:`~solitaire_widget.Game`.

The only module that knows about Jupyter, and a thin one: the table's state lives in a
PlaySession (solitaire_widget.play_session), the page's intents are checked and carried
out by solitaire_widget.intents, and what is sent is built by solitaire_widget.view.
Python stays the source of truth: the page draws the synced traits and sends intents back
as custom messages; anything malformed, stale or illegal becomes a notice and changes
nothing, and no exception raised while handling a message leaves this module.
"""

from __future__ import annotations

import logging
import pathlib
from typing import Any

import anywidget
import traitlets

from . import budgets, intents
from . import view as _view
from .budgets import Count, Seconds
from .cards import CARD_BACKS, DECKS
from .deals import GRADES, check_grade
from .game import Game
from .games.base import Rules
from .play_session import PlaySession
from .scheduling import KernelScheduler, ManualScheduler, Scheduler
from .statistics import SESSION as _SESSION_STATS
from .statistics import Statistics

__all__ = ["KernelScheduler", "ManualScheduler", "Scheduler", "SolitaireWidget"]

_log = logging.getLogger(__name__)

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"
_STYLE = _STATIC / "widget.css"  # js/style.js, written by `npm run build`

LANGS = intents.LANGS
MAX_SEED = intents.MAX_SEED
#: whether a table's live answer is, unless told otherwise, the one with every card
#: known (``SolitaireWidget.thoughtful``): not by default (the honest chance)
THOUGHTFUL = False
# the traits the page draws; it may never set them (set_state)
_OURS = frozenset(
    {"view", "setup", "stats", "catalog", "lang", "rules", "deck", "card_back", "large_index"}
)


class SettingError(traitlets.TraitError, ValueError):
    """A setting given a value it does not take (a TraitError, and a ValueError as the
    constructor raises for the same value); the setting keeps its value."""


class SwitchError(traitlets.TraitError, TypeError):
    """A switch given something other than True or False (a TraitError, and a TypeError
    as the constructor raises for the same value); the switch keeps its value."""


class _Switch(traitlets.Bool):
    """True or False only: traitlets' Bool takes 0 and 1 too."""

    def validate(self, obj: Any, value: Any) -> bool:
        if not isinstance(value, bool):
            raise SwitchError(f"{self.name} must be True or False, not {value!r}")
        return value


class SolitaireWidget(anywidget.AnyWidget):
    """A card table in a notebook cell, playing a live :class:`Game`.

    ``SolitaireWidget(game="kansas", seed=None, lang="en", **options)`` starts a deal
    (with no game, of the game ``Game()`` opens with);
    ``SolitaireWidget(existing_game)`` shows a game you already have;
    ``SolitaireWidget(MyRules(), seed=1)`` deals a game written anywhere (a ``Rules``
    subclass's instance, with its options; ``solitaire_widget.register`` its class to
    have the toolbar offer it among the others). ``widget.game`` is
    that live Game: moves played on it from Python show in the cell at once, and moves
    played in the cell are in ``widget.game.history``.

    The solver: the Solve button (or ``widget.solve()``) searches for a win for up to
    ``solve_budget`` seconds off the main thread and, when it finds one, plays it on the
    table one undoable move every ``replay_delay`` seconds until the game is won or
    anything else changes the table (``widget.stop()``, a move, Undo, New...).
    ``exact_hint=True`` makes Hint search within ``hint_budget`` seconds: the move with
    the best chance from what the player can see (``thoughtful`` off), or the first move
    of a winning line when the solver finds one (``thoughtful`` on).
    ``warn_unwinnable=True`` checks after each change (``check_budget`` seconds, off
    the main thread) and warns once the solver proves the deal can no longer be won.
    Solve pressed again at a position it could not decide searches on from where it
    stopped, until the search holds ``solve_node_limit`` positions (about 300 bytes
    each); that search is let go ``solve_keep`` seconds after it stopped, and on Stop,
    a move or another deal.
    ``live_solver`` (on where the compiled core runs) answers after every move whether
    the deal can still be won, in the status line and as ``widget.live_answer`` (see
    solitaire_widget.live), searching ``live_budget`` seconds at first and on in slices
    up to ``live_limit``; with it on, ``warn_unwinnable`` takes its warning from that
    answer. ``thoughtful`` says what that answer is computed from: off (the default),
    from what the player can see only, the honest chance of winning ("about 64%
    (58–70%)", ``widget.live.chance``: sampled positions consistent with every card
    seen, each solved; see solitaire_widget.chance), refined in the background, and the
    exact answer, said so, where no card is unseen; on, with every card known
    ("winnable", "no longer winnable"). The searched hint and the fatal-move warning
    follow it: off, the honest hint and the honest warning (from what the player can
    see); on, the every-card-known ones. ``warn_fatal=True`` holds back a move until
    the player confirms it: with every card known, one that would turn a position
    proved winnable into one proved lost (checked within ``fatal_budget`` seconds;
    undecided is played; ``widget.is_fatal(move)`` asks the same from Python); honest,
    one that lowers the chance by a quarter or more over the same sampled worlds, as a
    look-ahead in the background found it (not yet looked at: played). What any of
    them proves is kept once, in ``widget.proofs``.
    ``rule_switches=True`` (a teacher's) offers the games' rule switches in the
    toolbar (worrying back on or off); off, the game keeps the rules it is played with.
    ``widget.scheduler`` says where that work runs (:class:`KernelScheduler`;
    :class:`ManualScheduler` to step it by hand).

    How the cards are drawn, kept across deals and games: ``deck`` ("classic", the
    common "four_colour" deck with blue diamonds and green clubs, or "high_contrast":
    four colour-blind-safe inks on white, opaque outlines on a darker felt),
    ``card_back`` ("lattice", "chevrons", "rings") and ``large_index`` (larger corner
    indices, for small screens). The toolbar's More row sets them too.
    """

    _esm = _BUNDLE
    # The styles travel with the widget, in every front end (marimo draws it in a shadow
    # root); the bundle itself carries none.
    _css = _STYLE
    # What the page draws, each sent only when it changes (see solitaire_widget.view).
    view = traitlets.Dict().tag(sync=True)
    setup = traitlets.Dict().tag(sync=True)
    stats = traitlets.Dict().tag(sync=True)
    catalog: traitlets.List[Any] = traitlets.List().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    rules = traitlets.Unicode("").tag(sync=True)
    # Settings (not synced: the page reads them from the view and asks to change them).
    warn_unwinnable = _Switch(False)
    # The live answer after every move (solitaire_widget.live); on where the compiled
    # core runs. warn_unwinnable stays a switch of its own: the live indicator is a quiet
    # word in the status line, the warning a banner for players who want to be told, and
    # with the indicator on the banner comes from the same search (no second check).
    live_solver = _Switch(True)
    # What the live answer is computed from. Off: from what the player can see (the
    # honest chance, "about 64% (58–70%)", chance.py), never a face-down card; the exact
    # answer where nothing is unseen. On: the answer with every card known (the stock's
    # order, the face-down cards), as the solver literature's "thoughtful" game has it:
    # for study and teaching.
    thoughtful = _Switch(THOUGHTFUL)
    exact_hint = _Switch(False)
    # New deals only deals the solver proved winnable (solitaire_widget.dealer), and
    # of this grade ("easy", "medium", "hard"; "": any) when one is asked for
    winnable_only = _Switch(False)
    difficulty = traitlets.Unicode("")
    # How the cards are drawn (js/decks.js): synced, and only Python sets them (the page
    # asks with a "deck" intent); a bad value raises TraitError and changes nothing.
    deck = traitlets.Enum(DECKS, "classic").tag(sync=True)
    card_back = traitlets.Enum(CARD_BACKS, "lattice").tag(sync=True)
    large_index = _Switch(False).tag(sync=True)
    # A teacher's switch: the toolbar offers the games' rule switches (worrying back
    # on or off) as option groups of their own (records.OptionGroup.switch). Off, they
    # are not offered, and the game keeps the rules it is played with.
    rule_switches = _Switch(False)
    # The fatal-move warning: a move that would lose a deal proved winnable is held
    # back for the player to confirm (solitaire_widget.play_session.holds_fatal).
    warn_fatal = _Switch(False)

    # Budgets in seconds; set them on an instance to change one widget. Each is checked
    # when it is set (solitaire_widget.budgets): a finite number >= 0, not a bool, or
    # TypeError/ValueError naming it, and the widget keeps its old value.
    solve_budget = Seconds(4.0)
    hint_budget = Seconds(2.0)
    check_budget = Seconds(0.75)
    # the fatal-move check runs before the move is drawn: short, so a click stays quick
    fatal_budget = Seconds(0.1)
    # the live answer: the first search after a move, later slices while it is not yet
    # known, the pause between them, and the most search one position gets in all
    live_budget = Seconds(0.2)
    live_slice = Seconds(0.5)
    live_pause = Seconds(0.05)
    live_limit = Seconds(10.0)
    replay_delay = Seconds(0.3)  # between moves of a replayed solution (draws go faster)
    # the most positions an undecided Solve keeps to search on from (memory: ~1 GB)
    solve_node_limit = Count(3_000_000, least=1)
    # how long an undecided Solve's search is kept for Solve pressed again
    solve_keep = Seconds(30.0)

    def __init__(
        self,
        game: Game | str | Rules | None = None,
        seed: int | None = None,
        lang: str = "en",
        *,
        warn_unwinnable: bool = False,
        exact_hint: bool = False,
        live_solver: bool | None = None,
        winnable_only: bool = False,
        difficulty: str | None = None,
        warn_fatal: bool = False,
        thoughtful: bool = THOUGHTFUL,
        statistics: Statistics | bool | None = None,
        deck: str = "classic",
        card_back: str = "lattice",
        large_index: bool = False,
        rule_switches: bool = False,
        **options: Any,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
        # Switches are True or False: bool("no") is True, so anything else is refused
        # here, before a table exists, rather than read as "on".
        for name, value in (
            ("warn_unwinnable", warn_unwinnable),
            ("exact_hint", exact_hint),
            ("live_solver", live_solver),
            ("winnable_only", winnable_only),
            ("warn_fatal", warn_fatal),
            ("thoughtful", thoughtful),
            ("rule_switches", rule_switches),
        ):
            if not isinstance(value, bool) and not (name == "live_solver" and value is None):
                allowed = "True, False or None" if name == "live_solver" else "True or False"
                raise TypeError(f"{name} must be {allowed}, not {value!r}")
        grade = check_grade(difficulty)
        if grade is not None and not winnable_only:
            raise ValueError("difficulty grades winnable deals: give winnable_only=True with it")
        if not isinstance(large_index, bool):
            raise TypeError(f"large_index must be True or False, not {large_index!r}")
        for trait, look, looks in (("deck", deck, DECKS), ("card_back", card_back, CARD_BACKS)):
            if not isinstance(look, str) or look not in looks:
                raise ValueError(f"{trait} must be one of {looks}, not {look!r}")
        if isinstance(game, Game):
            if seed is not None or options:
                raise TypeError("seed and options go with a game name, not an existing Game")
            live = game
        elif isinstance(game, (str, Rules)):
            # Game raises TypeError for an unknown option (or options given with the
            # rules), ValueError for a bad name, TypeError for rules that are no game.
            live = Game(game, seed=seed, **options)
        elif game is None:
            live = Game(seed=seed, **options)
        else:
            raise TypeError(
                f"game must be a Game, a game name or a Rules, not {type(game).__name__}"
            )
        # Statistics: the session's own by default (shared by the widgets of this
        # kernel); True keeps them in the Jupyter data folder too; or a Statistics.
        if statistics is None or statistics is False:
            stats: Statistics = _SESSION_STATS
        elif statistics is True:
            stats = Statistics.saved()
        elif isinstance(statistics, Statistics):
            stats = statistics
        else:
            raise TypeError("statistics must be a Statistics, True (saved) or None")
        super().__init__()
        self._scheduler: Scheduler = KernelScheduler()
        # None: on where the compiled core has a part for the game. The Python search
        # (Pyodide) holds the GIL, or in Pyodide the only thread, for its whole budget
        # after every move, so it waits there until it is asked for.
        if live_solver is None:
            from . import core_search

            live_solver = core_search.available(live.rules)
        self.live_solver = bool(live_solver)
        self.warn_unwinnable = bool(warn_unwinnable)
        self.exact_hint = bool(exact_hint)
        self.winnable_only = winnable_only
        self.difficulty = grade or ""
        self.deck, self.card_back, self.large_index = deck, card_back, large_index
        self.warn_fatal = warn_fatal
        self.thoughtful = thoughtful
        self.rule_switches = rule_switches
        self.lang = lang
        self._setup_key: tuple[Any, ...] | None = None
        self.catalog = _view.catalog(live, self.rule_switches)
        self._play = PlaySession(self, live, stats, self._update_page)
        self._play.attach(live)
        if winnable_only and seed is None and not isinstance(game, Game):
            # the first deal is proved winnable too: from the published list at once,
            # elsewhere found in the background while a random deal is shown
            self._play.new_deal(None)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live Game this widget shows."""
        return self._play.game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"widget.game must be a Game, not {type(game).__name__}")
        with self._play.lock:
            self._play.attach(game)

    @property
    def statistics(self) -> Statistics:
        """The figures this table records its deals in."""
        return self._play.statistics

    @property
    def play_session(self) -> PlaySession:
        """The table's state without Jupyter (solitaire_widget.play_session)."""
        return self._play

    @property
    def session(self) -> Any:
        """Solve, its replay, the exact hint and the unwinnable check
        (solitaire_widget.solve_session)."""
        return self._play.solver

    @property
    def live(self) -> Any:
        """The live answer (solitaire_widget.live)."""
        return self._play.live

    @property
    def proofs(self) -> Any:
        """What the history has proved, shared by Solve and the live answer
        (solitaire_widget.proofs)."""
        return self._play.proofs

    @property
    def scheduler(self) -> Scheduler:
        """Where the solver's work runs (:class:`KernelScheduler`; a
        :class:`ManualScheduler` steps it by hand)."""
        return self._scheduler

    @scheduler.setter
    def scheduler(self, scheduler: Scheduler) -> None:
        self._scheduler = scheduler
        play = getattr(self, "_play", None)
        if play is not None:
            with play.lock:
                play.scheduler_changed()

    @property
    def live_answer(self) -> str:
        """Can the deal on the table still be won: "winnable", "lost", "unknown" (not
        yet known), "checking" (the first search runs), or "off" (``live_solver``)."""
        return self._play.live.answer

    # ------------------------------------------------------------------ review mode

    def review(self, moves: int | None = 0) -> None:
        """Shows the position after the first ``moves`` actions of the history (0: the
        deal; -1 the position before the last move, -2 the one before...) without
        undoing anything; ``review(None)`` shows the game again. Moves are refused
        while reviewing."""
        play = self._play
        with play.lock:
            if moves is None:
                play.leave_review()
                return
            n = play.game.moves
            if isinstance(moves, bool) or not isinstance(moves, int) or not -n <= moves <= n:
                raise ValueError(f"moves must be from {-n} to {n} (or None), not {moves!r}")
            play.show_review(n + moves if moves < 0 else moves)

    def review_step(self, delta: int) -> None:
        """One position (or ``delta``) back or forth; entering review from the game."""
        play = self._play
        with play.lock:
            at = play.game.moves if play.review_at is None else play.review_at
            play.show_review(min(max(at + int(delta), 0), play.game.moves))

    @property
    def reviewing(self) -> int | None:
        """The number of actions of the position under review, or None."""
        return self._play.review_at

    # ------------------------------------------------------------------ the solver

    def solve(self) -> None:
        """What the Solve button does: search for a win (``solve_budget`` seconds, off
        the main thread) and, when one is found, play it on the table step by step."""
        with self._play.lock:
            self._play.solve()

    def stop(self) -> bool:
        """Stops a search or replay started by Solve; True if one was running."""
        with self._play.lock:
            return self._play.solver.stop()

    def step(self) -> bool:
        """Plays the replay's next move now; False when no replay is going on."""
        with self._play.lock:
            return self._play.solver.step()

    @property
    def replaying(self) -> bool:
        """True while Solve searches or plays its solution."""
        return self._play.solver.replaying

    @property
    def last_solve(self) -> Any:
        """The SolveResult of the last Solve (None before the first)."""
        return self._play.solver.last_solve

    @traitlets.validate("difficulty")
    def _valid_difficulty(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        try:
            check_grade(value or None)
        except ValueError:
            raise traitlets.TraitError(
                f"difficulty must be one of {', '.join(GRADES)} or '' (any), not {value!r}"
            ) from None
        return str(value)

    def is_fatal(self, move: Any, budget: float | None = None) -> bool | None:
        """Whether playing ``move`` now turns the deal, proved winnable, into one proved
        lost: True, False, or None when ``budget`` seconds (``fatal_budget``) of search
        do not decide. Nothing is played. IllegalMove for a move not allowed here;
        TypeError or ValueError for a budget that is not a finite number >= 0, before
        the table is touched."""
        checked = budgets.seconds(budget, "budget")
        with self._play.lock:
            b = self.fatal_budget if checked is None else checked
            return self._play.live.is_fatal(str(move), budget=b)

    @traitlets.observe(
        "warn_unwinnable",
        "exact_hint",
        "live_solver",
        "winnable_only",
        "difficulty",
        "warn_fatal",
        "thoughtful",
    )
    def _setting_changed(self, change: dict[str, Any]) -> None:
        play = getattr(self, "_play", None)
        if play is not None:
            with play.lock:
                play.setting_changed(change["name"])

    @traitlets.observe("rule_switches")
    def _rule_switches_changed(self, change: dict[str, Any]) -> None:
        # the toolbar's groups change: the catalog and the setup (its chosen entries)
        play = getattr(self, "_play", None)
        if play is not None:
            with play.lock:
                play.publish("game")

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        if value not in LANGS:
            raise SettingError(f"lang must be one of {', '.join(LANGS)}, not {value!r}")
        return str(value)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        play = getattr(self, "_play", None)
        if play is not None:
            self.rules = self._rules_text()
            with play.lock:
                play.publish()  # the notices in the new language

    # ------------------------------------------------------------------ sending

    def _update_page(self, what: str) -> None:
        """Brings the page up to date (``what``: "game", "view" or "live"; see
        solitaire_widget.play_session). The traits that changed together go in one
        message; a trait whose value did not change is not sent at all. Never raises:
        when the view cannot be built, the page gets the last one again with the error
        in its status line (``what`` "error" asks for just that), so it is never left
        waiting for an answer (dropped cards put back, a click answered)."""
        if what != "error":
            try:
                self._send_view(what)
                return
            except Exception:
                _log.exception("solitaire_widget: the view could not be built")
        try:
            self._send_error()
        except Exception:  # the page cannot be told: nothing more can be done here
            _log.exception("solitaire_widget: the page could not be told of an error")

    def _send_error(self) -> None:
        """The last view again, newer (``seq``), with the error in its status line."""
        play = self._play
        from .texts import notice

        lang = self.lang if self.lang in LANGS else "en"
        self.view = {
            **self.view,
            "notice": {"text": notice("error", lang), "level": "error"},
            "version": play.version,
            "seq": max(play.seq, int(self.view.get("seq", 0)) + 1),
        }

    def _send_view(self, what: str) -> None:
        play = self._play
        with self.hold_sync():
            if what == "live":
                self.view = {**self.view, **_view.live_part(play)}
                return
            if what == "game":
                self.rules = self._rules_text()
                # a game registered since, or one on the table that is not registered
                self.catalog = _view.catalog(play.game, self.rule_switches)
            g = play.game
            key = (id(g.rules), g.name, g.base_rank, g.n_tableau, self.rule_switches)
            if key != self._setup_key:
                self._setup_key = key
                self.setup = dict(_view.setup(g, self.rule_switches))
            self.stats = dict(_view.stats(play))
            self.view = dict(_view.build(play))

    def _rules_text(self) -> str:
        from . import rules_text

        try:
            return rules_text(self._play.game.rules, lang=self.lang)
        except Exception:  # a missing translation must not break the table
            _log.exception("rules_text failed")
            return ""

    # ------------------------------------------------------------------ intents in

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Handles one intent from the page (solitaire_widget.intents). Never raises."""
        intents.handle(self._play, content)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait updates from the page are refused: the page sends intents, never state.
        Every trait it tried to set is sent back as Python holds it (the view too), so
        every open view goes back to the truth."""
        try:
            rest = {k: v for k, v in sync_data.items() if k not in _OURS}
            if rest:
                super().set_state(rest)  # ipywidgets' own traits (layout, ...)
            forged = sorted(_OURS & set(sync_data))
            if forged:
                with self._play.lock:
                    self._play.refuse("malformed")
                    # the others unchanged in Python are not sent by assigning them
                    again = [k for k in forged if k != "view"]
                    if again:
                        self.send_state(key=again)
        except Exception:
            _log.exception("solitaire_widget: error while handling a state update")

    def close(self) -> None:
        # Also runs from __del__, possibly on a half-built widget (a refused constructor).
        play = getattr(self, "_play", None)
        if play is not None:
            play.close()
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        # Beside the live view, a picture of the position when the cell ran: what GitHub,
        # nbviewer and nbconvert show where no kernel runs (front ends that have the
        # widget manager draw the view, which they rank above pictures).
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.game._repr_svg_()}, metadata

    def __repr__(self) -> str:
        g = self._play.game
        return f"SolitaireWidget({g.name!r}, seed={g.seed}, lang={self.lang!r})"
