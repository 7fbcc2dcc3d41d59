"""One table's play, without Jupyter: the live Game on it, the table's version, the
notice and hint of the moment, looking back through the game, the clock, the deals it
records in the statistics, and the two sessions that search (Solve and its kin, the live
answer) with the one record of what the history has proved, which they share.

The widget (solitaire_widget.widget) owns one ``PlaySession``, gives it its settings (the
switches and budgets are the widget's traits and attributes) and a ``send`` function,
then shows the first game with ``attach``; the intents (solitaire_widget.intents) act
on it, and the view (solitaire_widget.view) is built from it. ``send(what)`` asks for
the page to be brought up to date: ``"game"`` (another game on the table: everything,
its rules text too), ``"view"`` (the view after a change) or ``"live"`` (only the live
answer and the warning it may raise, so the notice of the last move and the page's
selection stay).

The table's jobs are parts it coordinates, each in a module of its own: the deal as
the statistics count it and its clock (``deal``: solitaire_widget.deal_recorder), looking
back through the game and the other line (``review``: solitaire_widget.review), the move
the fatal-move warning holds back (``fatal``: solitaire_widget.fatal_hold) and what is
said of the statistics store (``store``: solitaire_widget.store_notices). This module
keeps the table's version, the notice and hint of the moment, dealing and sending.

The sessions hear about every change before the view is built and are asked to search
only after it was sent (``check_soon``), so the redraw never waits for a search.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from .deal_recorder import DealRecorder
from .dealer import Dealer, deal_key
from .deals import published_list_of
from .fatal_hold import FatalHold
from .game import Game
from .lines import Left, LineKeeper
from .live import LiveSettings, LiveSolver
from .moves import IllegalMove, Move
from .proofs import Proofs
from .review import Review
from .solve_session import Refused, Said, SolveSession, SolveSettings
from .statistics import Statistics
from .store_notices import StoreWatch
from .texts import move_words
from .texts import notice as _notice
from .texts import text as _text

__all__ = ["PlaySession", "Refused", "Settings"]

_log = logging.getLogger(__name__)


class Settings(SolveSettings, LiveSettings, Protocol):
    """Everything a table reads from its owner: the searches' knobs and the hint's."""

    exact_hint: bool
    # New deals only deals proved winnable (solitaire_widget.dealer), of this grade
    # ("" or None: any)
    winnable_only: bool
    difficulty: str | None


class PlaySession:
    """The state of one table; see the module's docstring."""

    def __init__(
        self,
        settings: Settings,
        game: Game,
        statistics: Statistics,
        send: Callable[[str], None],
        lock: threading.RLock | None = None,
    ) -> None:
        self._settings = settings
        self._send = send
        self.lock = lock or threading.RLock()
        self.closed = False
        self.version = 0  # grows with every change of the table
        self.seq = 0  # grows with every view sent
        self.notice: dict[str, str] | None = None  # lives for one view
        self.hint: str | None = None
        self._unsubscribe: Callable[[], None] | None = None
        # what the history has proved: one record, read and written by both sessions
        self.proofs = Proofs()
        self.solver = SolveSession(self, self.proofs, self.lock)
        self.live = LiveSolver(self, self.proofs, self.lock)
        self.dealer = Dealer(self, self.lock)
        # the deal on the table when it was dealt winnable-only (None: it was not), so
        # a restart keeps saying so and another deal does not
        self.winnable_deal: tuple[str, str, int | None] | None = None
        self.dealer_failed = False  # the last search for a winnable deal found none
        # the parts (see the module's docstring)
        self.deal = DealRecorder(
            statistics, self.proofs, game, deal_key(game), self.dealer.grade_by_key, self._recorded
        )
        self.review = Review()
        self.fatal = FatalHold(settings, self.proofs, self._is_fatal, self._honest_lowers)
        self.store = StoreWatch(statistics, self.say)
        # while a step of several changes runs (Play on, the other line), the view goes
        # out once, at its end: what is to be sent waits here
        self._held: str | None = None
        self._holding = False
        # shown once the owner calls ``attach(game)`` (its ``send`` must be ready first)
        self._game = game
        # a statistics store that had to be set aside, or that can only be read, is
        # said on the first view
        self._first_notice = self.store.opening()

    # ------------------------------------------------------------------ the sessions' host

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def game(self) -> Game:
        return self._game

    def shown(self) -> tuple[Game, list[str]]:
        """The position on the table and its history: the game, or while looking back
        the position reviewed (the live answer describes what is shown)."""
        return self.review.shown(self._game)

    @property
    def statistics(self) -> Statistics:
        """The figures this table records its deals in (another may be given)."""
        return self.deal.statistics

    @statistics.setter
    def statistics(self, statistics: Statistics) -> None:
        self.deal.statistics = self.store.statistics = statistics

    @property
    def table_version(self) -> int:
        return self.version

    @property
    def scheduler(self) -> Any:
        return self._settings.scheduler

    @property
    def dealt_winnable(self) -> bool:
        """The deal on the table was dealt by "winnable deals only"."""
        return self.winnable_deal is not None and deal_key(self._game) == self.winnable_deal

    @property
    def lang(self) -> str:
        return self._settings.lang

    def report(self, said: Said | None = None) -> None:
        """The solve session's state changed (and it may have something to say)."""
        self.deal.count_proved_loss(self._game)  # Solve or the warning may have proved it lost
        if said is None:
            self.publish()
        elif said.hint:
            self.show_hint(said.move, said.key, **said.args)
        else:
            self.refuse(said.key, said.level, **said.args)

    def report_live(self) -> None:
        if self.closed:
            return
        if self.deal.count_proved_loss(self._game):
            self.publish()  # the figures changed too
        else:
            self._send("live")

    # ------------------------------------------------------------------ the game

    def attach(self, game: Game) -> None:
        """Shows ``game`` (a new Game object): what ran for the old one stops."""
        given_up = 0
        if self._unsubscribe is not None:
            self._unsubscribe()
            given_up = self.deal.left()
        old_rules = (self._game.name, self._game.options)
        self._game = game
        self.review.forget()
        self.fatal.drop()
        self.deal.show(game, deal_key(game), self.dealt_winnable)
        self.dealer.cancel()
        self.dealer.forget()
        self._unsubscribe = game.on_change(self._game_changed)
        self.proofs.follow(game)
        self.solver.reset()
        self.live.reset()
        self.hint = None
        self.notice, self._first_notice = self._first_notice, None
        if given_up and self.notice is None:
            # another game or other options: the game in progress is not left silently
            key = "given_up_rules" if old_rules[0] == game.name else "given_up_game"
            self.notice = {"text": self.say(key, moves=given_up, seed=game.seed), "level": "info"}
        self.version += 1
        self.publish("game")
        self.check_soon()

    def _game_changed(self, game: Game) -> None:
        """Any change to the game, from the page or from Python code. Never raises into
        the game (the change is made: code that played it must not see the table's
        trouble); an error is logged and the page told."""
        if game is not self._game:
            return
        try:
            self._follow(game)
        except Exception:
            _log.exception("solitaire_widget: error while following a change of the game")
            self.notice = {"text": self.say("error"), "level": "error"}
            try:
                self.publish()
            except Exception:
                _log.exception("solitaire_widget: error while reporting an error")
                self.send_error()

    def _follow(self, game: Game) -> None:
        self.version += 1
        self.hint = None
        # moves that waited on Redo and that this change dropped are kept, and said so
        # (not by a restart or a new deal: the deal's lines are let go with it)
        dealt = game.moves == 0 and not game.can_redo
        # the game changed under the review: the game is shown again
        left = self.review.game_changed(game, dealt)
        if left is not None:
            self.notice = {"text": self._left_words(left), "level": "info"}
        self.fatal.drop()  # whatever changed the game, the held move is not played
        self.proofs.changed(game)  # a restart or a new deal may show another deal
        self.dealer.cancel()  # the player acts: a winnable deal still sought is not dealt
        self.solver.game_changed()
        self.live.moved()  # what is known goes out with this view; no search yet
        if dealt:  # a restart or a new deal: the deal before is left
            self.deal.next_deal(game, deal_key(game), self.dealt_winnable)
            if self.dealt_winnable:
                self.dealer.look_up(game)  # a published grade goes out with this view
        # counted when it ends, won or lost (no move left), at once, or proved lost
        self.deal.follow(game, dealt=dealt, solving=self.solver.stepping)
        self._check_store()
        self.publish()
        self.check_soon()

    def check_soon(self) -> None:
        """After the view is sent: the searches that answer whether the deal can still
        be won. The live answer, when on, also raises the warning (one search)."""
        if self.closed or self._holding:
            return
        if self._settings.live_solver:
            self.live.check_soon()
            if self.live.honest:
                # the honest chance proves nothing: the unwinnable warning (every card
                # known, a switch of its own) runs its own check
                self.solver.check_soon()
        else:
            self.solver.check_soon()
        if self.dealt_winnable:
            self.dealer.grade(self._game)  # in the background where it needs a search

    # ------------------------------------------------------------------ the statistics

    def _recorded(self, ok: bool) -> None:
        """The deal recorder recorded a deal (``ok``) or the statistics refused it."""
        if ok:
            self._check_store()
        elif self.notice is None:
            self.notice = {"text": self.say("stats_failed"), "level": "error"}

    def _check_store(self) -> None:
        """Deals the store could not take are said while they wait, and said once when
        they are written at last (solitaire_widget.store_notices)."""
        said = self.store.check()
        if said is not None and self.notice is None:
            self.notice = said

    def store_notice(self) -> dict[str, str] | None:
        """While finished deals wait for the statistics store: how many, why, and where
        they are kept."""
        return self.store.waiting()

    def setting_changed(self, name: str) -> None:
        """A switch of the settings was flipped (``warn_unwinnable``, ``exact_hint``,
        ``live_solver``, ``warn_fatal``)."""
        if name == "warn_fatal":
            self.fatal.drop()
        self.live.setting_changed(name)
        self.publish()
        self.check_soon()

    def scheduler_changed(self) -> None:
        """The live question asked on the old scheduler (the constructor's, most often)
        is asked again on the new one, and the old answer dropped: otherwise it could
        land at any moment from a thread the new scheduler knows nothing of."""
        self.live.moved()
        self.report_live()
        self.live.check_soon()

    # ------------------------------------------------------------------ dealing

    def new_deal(self, seed: int | None = None) -> None:
        """New: the deal ``seed`` as asked (typed: dealt even if it is lost), else with
        "winnable deals only" on a deal proved winnable (at once from the published
        list, or when the dealer's search finds one), else a random deal."""
        self.dealer_failed = False
        if seed is not None or not self._settings.winnable_only:
            self.winnable_deal = None
            self._game.new(seed=seed)
            return
        g = self._game
        found = self.dealer.new(g.rules, self._settings.difficulty or None)
        if found is None:
            self.publish()  # "looking for a winnable deal"
        else:
            self.dealt(found)

    def select(self, game: Game, asked_seed: bool) -> None:
        """Another game or other options: ``game`` (on the seed asked for, or the deal on
        the table's). With "winnable deals only" on and no seed typed, the deal is one
        proved winnable under the new rules: the same seed where it is, else another."""
        self.dealer_failed = False
        if asked_seed or not self._settings.winnable_only:
            self.winnable_deal = None
            self.attach(game)
            return
        # the same seed, proved won under the new rules too, stays (and is said so)
        listed = published_list_of(game.rules)
        if self.dealt_winnable and listed is not None and listed.won(game.seed or 0):
            self.winnable_deal = deal_key(game)
            self.attach(game)
            return
        self.winnable_deal = None
        self.attach(game)
        found = self.dealer.new(game.rules, self._settings.difficulty or None)
        if found is None:
            self.publish()
        else:
            self.dealt(found)

    def dealt(self, seed: int) -> None:
        """The dealer's seed, proved winnable: dealt on the table."""
        g = self._game
        key = deal_key(g)
        self.winnable_deal = (key[0], key[1], seed)
        g.new(seed=seed)

    def dealer_changed(self, failed: bool = False) -> None:
        if failed:
            self.dealer_failed = True
        self.publish()

    # ------------------------------------------------------------------ playing

    def play(self, action: Any) -> None:
        """Plays ``action``; a refusal becomes the notice, worded in the view's language
        from the reason IllegalMove carries."""
        try:
            self._game.play(action)
        except IllegalMove as e:
            self.notice = {"text": e.text(self.lang), "level": "error"}
            self.publish()

    def play_checked(self, action: str) -> None:
        """A move the page asks for (``"draw"`` too): with ``warn_fatal`` on, a move that
        would lose a deal proved winnable is held back and the page asked to confirm it
        (``pending``); otherwise, or when the check cannot decide in time, it is played."""
        if self.holds_fatal(action):
            self.fatal.hold(action, self.version)
            self.publish()
        elif action == "draw":
            self.draw()
        else:
            self.play(action)

    def holds_fatal(self, action: str) -> bool:
        """True when the warning is on, the position on the table is proved winnable
        and ``action`` is proved to lose it within ``fatal_budget`` seconds. Never a
        guess: undecided, illegal (refused when played) or not known winnable is False."""
        return self.fatal.loses(self._game, action, reviewing=self.review.at is not None)

    def _is_fatal(self, action: str, budget: float) -> bool | None:
        return self.live.is_fatal(action, budget=budget)

    def _honest_lowers(self, action: str) -> tuple[Any, Any] | None:
        return self.live.honest_lowers(action)

    def confirm_fatal(self, action: str, version: int) -> None:
        """ "Play it anyway": the move held back is played, if this is the one held for
        this very table; anything else is refused (stale or forged) and changes nothing."""
        if not self.fatal.release(action, version, self.version):
            raise Refused("stale")
        if action == "draw":
            self.draw()
        else:
            self.play(action)

    def cancel_fatal(self) -> bool:
        """ "Take it back" (or anything else the player does): the held move is dropped;
        True if one was held."""
        return self.fatal.drop()

    def draw(self) -> None:
        """A click on the stock; a refusal becomes the notice."""
        try:
            self._game.draw()
        except IllegalMove as e:
            self.notice = {"text": e.text(self.lang), "level": "error"}
            self.publish()

    def ask_hint(self) -> None:
        if self._game.status == "playing":
            # Aisleriot starts its clock on a hint too.
            self.deal.clock.start()
            if self._settings.exact_hint:
                self.hint = None
                self.solver.exact_hint()
                return
        self.show_hint(self._game.hint(), "hint")

    def show_hint(self, move: Any, key: str, **args: Any) -> None:
        if move is None:
            self.hint = None
            self.notice = {"text": self.say("no_hint"), "level": "info"}
        else:
            self.hint = str(move)
            try:
                text = self._game.explain(move, lang=self.lang)
                # "Hint: ..." says the move is allowed: not "Hint: Legal: ..."
                legal = _text("legal", self.lang, text="")
                text = text[len(legal) :] if text.startswith(legal) else text
            except Exception:
                _log.exception("explain(%r) failed", move)
                text = move_words(str(move), self.lang)
            self.notice = {"text": self.say(key, text=text, **args), "level": "hint"}
        self.publish()

    def point_out(self, move: Any, text: str) -> None:
        """Mark ``move``'s cards and target on the table as a hint is marked, legal or
        not (an exercise's referee points out the move it judged), with ``text`` as
        the notice; the mark goes as soon as the game changes."""
        if not isinstance(move, Move):
            move = Move.parse(move)  # IllegalMove for what is no move at all
        self.hint = str(move)
        self.notice = {"text": str(text), "level": "info"}
        self.publish()

    def solve(self) -> None:
        """Solve: a search, then its replay; a refusal becomes the notice."""
        try:
            self.hint = None
            self.solver.solve()
        except Refused as r:
            self.refuse(r.key, **r.args_)

    # ------------------------------------------------------------------ review mode

    def show_review(self, at: int) -> None:
        self.solver.halt()  # the solver's replay would change the game under the review
        self.review.look(self._game, at)
        self.notice = {"text": self.say("reviewing", i=at, n=self._game.moves), "level": "info"}
        # the live answer is about the position shown: asked again for it
        self.live.moved()
        self.publish()
        self._check_shown()

    def leave_review(self) -> None:
        if self.review.leave():
            self.live.moved()
            self.publish()
            self._check_shown()

    def _check_shown(self) -> None:
        if not self.closed and self._settings.live_solver:
            self.live.check_soon()

    def refuse_in_review(self, action: str) -> None:
        """A move asked for while looking back (``action``: "draw", "t0>t3*2"...): not
        played, but checked against the position shown and, when legal there, offered:
        "Play on from here" plays it there, and the moves after that position are kept
        as the other line (``lines``), one click away. An illegal one is refused with
        its reason."""
        at = self.review.at
        assert at is not None
        try:
            self.review.ask(self._game, action)
        except IllegalMove as e:
            self.notice = {"text": e.text(self.lang), "level": "error"}
            self.publish()
            return
        n = self._game.moves
        self.refuse("review_offer", level="info", i=at, n=n, k=n - at)

    def play_on(self) -> None:
        """Plays on from the position looked back at: the moves after it are taken back
        (they wait on Redo), the review ends, and the move offered (if any) is played;
        the moves that waited on Redo are then kept as the other line."""
        if self.review.at is None:
            self.publish()  # every view shows the game again
            return
        with self.batch():
            done = self.review.play_on(self._game)
            assert done is not None
            if done.reached != done.at:  # an automatic chain spans it: where undo stopped
                self.refuse("play_on_chain", level="info", i=done.reached)
                return
            if done.offer is None:
                words = self.say("play_on_redo", i=done.at, k=done.later)
                self.notice = {"text": words, "level": "info"}
                self.publish()
            elif done.offer == "draw":
                self.draw()
            else:
                self.play(done.offer)

    def restore_line(self) -> None:
        """The other line (``lines``) comes back on the table; the line left is kept
        as the other line in turn. Refused when there is none, or when it does not
        follow from this deal any more (nothing changes then)."""
        lines = self.review.lines
        if lines.describe(self._game) is None:
            raise Refused("no_line", level="info")
        try:
            with self.batch():
                back, left = lines.restore(self._game)
                words = self.say("line_back", i=back.at, k=back.moves)
                if left is not None and left.moves:
                    words += " " + self._left_words(left)
                self.notice = {"text": words, "level": "info"}
                self.publish()
        except IllegalMove:
            _log.exception("solitaire_widget: the other line does not replay")
            raise Refused("line_failed") from None

    def _left_words(self, left: Left) -> str:
        words = self.say("line_kept", i=left.at, k=left.moves)
        if left.dropped:
            words += " " + self.say("line_dropped", k=left.dropped)
        return words

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several changes as one: the view goes out once, at the end (with what the
        last change had to say), and the searches are asked after it."""
        if self._holding:
            yield
            return
        self._holding, self._held = True, None
        try:
            yield
        finally:
            self._holding = False
            held, self._held = self._held, None
            if held is not None:
                self.publish(held)
                self.check_soon()

    # ------------------------------------------------------------------ words and sending

    def say(self, key: str, **args: Any) -> str:
        return _notice(key, self.lang, **args)

    def refuse(self, key: str, level: str = "error", **args: Any) -> None:
        self.notice = {"text": self.say(key, **args), "level": level}
        self.publish()

    def send_error(self) -> None:
        """The last resort when no view can be built: the owner sends the page its last
        view again, newer, with the error in its status line (never raises)."""
        if self.closed:
            return
        self.seq += 1
        self.notice = None
        try:
            self._send("error")
        except Exception:
            _log.exception("solitaire_widget: the page could not be told of an error")

    def publish(self, what: str = "view") -> None:
        """Sends the view; ``seq`` grows on every send so each one is a change. A notice
        lives for one view: the next change clears it. Within a ``batch`` it waits for
        the batch's end (a "game" send stays one)."""
        if self.closed:
            return
        if self._holding:
            self._held = "game" if "game" in (what, self._held) else "view"
            return
        self.seq += 1
        self._send(what)
        self.notice = None

    # ------------------------------------------------------------------ what the view reads

    # of the parts, as the view (solitaire_widget.view) and the intents read them

    @property
    def outcome(self) -> str | None:
        """How the deal on the table ended, as counted ("won", "lost", "solved")."""
        return self.deal.outcome

    @property
    def review_at(self) -> int | None:
        """The position after this many actions is shown (None: the game)."""
        return self.review.at

    @property
    def review_game(self) -> Game | None:
        return self.review.position

    @property
    def offer(self) -> str | None:
        """A move asked for while looking back, offered to be played from there."""
        return self.review.offer

    @property
    def lines(self) -> LineKeeper:
        """The other line of the game (solitaire_widget.lines)."""
        return self.review.lines

    @property
    def pending(self) -> dict[str, Any] | None:
        """A move held back by the fatal-move warning: {"move", "version"} (the honest
        warning's also ``chances``: the Chance now and after the move)."""
        return self.fatal.held

    @property
    def timer_running(self) -> bool:
        return self.deal.clock.running

    def elapsed(self) -> float:
        return self.deal.clock.elapsed()

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Nothing more is played, searched, kept or sent: the searches are let go."""
        self.closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.solver.close()
        self.live.close()
        self.dealer.close()
