"""The live answer after every move: can the deal on the table still be won?

Like KPatience's solver line in its status bar, the table shows after each change one
of ``"winnable"``, ``"lost"`` (no longer winnable), ``"unknown"`` (not yet known) or
``"checking"`` while the first search for the new position runs (``"off"`` when the
switch is off). No Jupyter here: a ``LiveHost`` (the play session of a widget, or a
test's stand-in) shows the game and its settings (where work runs, the budgets) and
hears back through one call, ``report_live``; ``ManualScheduler`` steps it by hand.

How it stays out of the way of the table:

- ``moved()`` runs before the new view is built and only looks up what is already
  known (no search), so the view that goes out at once already says "winnable" on a
  known winning line, "lost" past a proved loss, or "checking". ``check_soon()`` runs
  after that view has been sent and hands the search to the scheduler's worker (the
  compiled core releases the GIL while it searches), so the redraw never waits for it.
- Every change moves the job number on; an answer computed for an older position is
  dropped, and a slice still queued for one returns without searching. A slice already
  running cannot be interrupted, but it is bounded by its budget (``live_budget``, then
  ``live_slice``), and the scheduler's pool (two workers) bounds how many run at once.
- "Not yet known" searches on in the background: the same ``Solver`` is run again in
  slices of ``live_slice`` seconds, ``live_pause`` apart, until it decides or
  ``live_limit`` seconds were spent on this position, then it stops for good.
- A search that has not decided when the player moves on is not thrown away: the
  oldest undecided position on the way to the table (``_carried``) keeps half of every
  later slice, up to ``live_limit`` seconds of its own. A loss proved there holds for
  every position reached from it, the one on the table included; so a deal lost from
  the start, too hard for one position's first slices, is answered a few moves on and
  at once from then on, instead of staying "not yet known" move after move.
- What is proved is remembered per deal, by history, in the ``Proofs`` shared with
  the solve session (solitaire_widget.proofs): a winning line holds while the play
  follows it (and again after undoing back onto it), a proved loss holds for every
  position reached from it, and what Solve, the exact hint or the unwinnable check
  found counts too. When the player leaves a known line, the old line is first tried
  with the played move taken out (moves that commute: the card the player moved was
  going there later anyway) and as it stands; a candidate counts only if it replays to
  a win from the new position, so no search is needed for it.
- The unwinnable warning is not this module's: a loss proved here is in the shared
  record, and the warning reads it from there.

All of that is the answer with every card known (the host's ``thoughtful`` setting on,
the solver literature's "thoughtful" game). With it off, the answer is the honest one:
the chance of winning from what the player can see (``"chance"``, solitaire_widget.chance:
sampled positions consistent with every card seen, each solved), a first estimate
within a quarter of a second (``game_search.first_chance``), then refined in slices as
above; no proof is learned from it, and the warnings run their own checks. Where no card
is unseen the honest answer is the exact one, searched as above, and the view says so
(``exact``).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

from . import budgets, core_search
from .chance import (
    FIRST_WORLDS,
    WORLD_NODES,
    WORLD_SECONDS,
    Chance,
    HonestHint,
    best_move,
    lowers_much,
)
from .game import Game
from .game_search import first_chance, hint_order, settled_on_its_face, world_search
from .information import Information
from .moves import Move
from .proofs import Proofs, detached, repaired, replays_to_win
from .scheduling import Scheduler, close_at_exit
from .solver import Solver

_log = logging.getLogger(__name__)

ANSWERS = ("winnable", "lost", "unknown", "checking", "off", "chance")

# Every live search of the process (each table's answer, the search carried on beside
# it, the fatal-move checks and the look-ahead) keeps together to this many MB in the
# compiled core (core_search.Memory; None where the core is not loaded): the core's
# default, 768 MB, is Solve's (solve_session.MEMORY), and searches after every move,
# several of them kept at once, keep less.
MEMORY_MB = 128.0
MEMORY = core_search.Memory(MEMORY_MB) if core_search.available() else None

# A move looked at ahead, its budget, and what _after_move found (None: the line's own)
_Checked = tuple[str, float, "tuple[list[str], str, list[str], str | None] | None"]

# The most a move of a position proved winnable is searched for in the background, for
# the fatal-move warning (``LiveSolver._look_ahead``): budgets 0.1, 0.4 and 1.6 s.
LOOK_AHEAD_LIMIT = 1.6

# Searching on past the first answer is for the table the player is looking at: one
# table in the whole process at a time (the last one that started to), so a notebook
# with many tables, or one left behind unclosed, costs at most one worker's time.
_SEARCHING_ON: dict[str, Any] = {"owner": None}
_SEARCHING_ON_LOCK = threading.Lock()


def _claim(owner: Any) -> None:
    """``owner`` is the table that searches on now. The one before lets go of its search
    at once, not at its next slice: its table and memo hold part of the one memory budget
    all live answers share (``MEMORY``), which a table left undecided and unclosed (or
    waiting for a slice that never comes) would otherwise keep from the new one."""
    with _SEARCHING_ON_LOCK:
        ref = _SEARCHING_ON["owner"]
        before = None if ref is None else ref()
        _SEARCHING_ON["owner"] = weakref.ref(owner)
    if before is not None and before is not owner:
        before.displaced()


def _owns(owner: Any) -> bool:
    with _SEARCHING_ON_LOCK:
        ref = _SEARCHING_ON["owner"]
        return ref is not None and ref() is owner


def _give_way() -> None:
    """Lowers the CPU priority of the worker thread this runs in (Linux: a thread's own
    nice value), so that when the cores are busy the kernel's main thread, which draws
    the table, gets the CPU before a search nobody waits for. The pool's workers also
    run Solve; it is background work as well, so it keeps the lower priority."""
    if sys.platform != "linux" or threading.current_thread() is threading.main_thread():
        return
    try:
        tid = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, tid) < _NICE:
            os.setpriority(os.PRIO_PROCESS, tid, _NICE)
    except OSError:  # not allowed here: the search runs at the usual priority
        pass


_NICE = 10


class LiveSettings(Protocol):
    """The knobs a LiveSolver reads when it needs them (the widget's, in a notebook)."""

    scheduler: Scheduler
    live_solver: bool
    live_budget: float  # the first search after a move, in seconds
    live_slice: float  # each later slice while "not yet known"
    live_pause: float  # between slices
    live_limit: float  # seconds of search per position, in all
    # True: the answer with every card known (the exact search); False: the honest
    # chance, from what the player can see (chance.py), exact where nothing is unseen
    thoughtful: bool


class LiveHost(Protocol):
    """What a LiveSolver needs from the table that owns it."""

    @property
    def settings(self) -> LiveSettings: ...

    @property
    def game(self) -> Game: ...

    def shown(self) -> tuple[Game, list[str]]:
        """The position the answer is about and its history in the deal: the game on the
        table, or the position looked back at (a teacher stepping back wants to know
        whether the deal could still be won there)."""
        ...

    def report_live(self) -> None:
        """The live answer changed: it (and the warning it may raise) goes to the page."""


class _Search:
    """One position's ``Solver`` with the history it was made for; run by one worker at
    a time (a slice of an older position may still be running when a newer one wants
    it: it is then skipped, never waited for)."""

    def __init__(self, history: list[str], solver: Solver) -> None:
        self.history = tuple(history)
        self.solver = solver
        self.seconds = 0.0
        self._lock = threading.Lock()

    def run(self, seconds: float) -> Any:
        """The solver's result for a further ``seconds``, or None if it is busy."""
        if not self._lock.acquire(blocking=False):
            return None
        t0 = time.perf_counter()
        try:
            return self.solver.run(seconds=seconds)
        finally:
            self.seconds += time.perf_counter() - t0
            self._lock.release()

    def let_go(self) -> None:
        """Nobody wants this search any more: a slice running now ends within a moment
        (undecided) instead of at its budget, and none runs again. Its memory goes when
        the last reference to it does."""
        cancel = getattr(self.solver, "cancel", None)  # (a test's stand-in may have none)
        if cancel is not None:
            cancel()


class LiveSolver:
    """The live winnability answer for one host; see the module's docstring."""

    def __init__(
        self, host: LiveHost, proofs: Proofs | None = None, lock: threading.RLock | None = None
    ) -> None:
        self.host = host
        self.proofs = proofs if proofs is not None else Proofs()
        self.lock = lock or threading.RLock()
        self.closed = False
        self.answer = "off"
        self.seconds = 0.0  # search spent on the position shown
        self.searching = False  # a search for it is under way or will go on
        self.engine: str | None = None
        self._job = 0
        self._solver: _Search | None = None
        # the oldest undecided position on the way to the table, searched on beside it
        self._carried: _Search | None = None
        # the position's first search while its first slice runs (not yet ``_solver``)
        self._first: _Search | None = None
        self._cancel: Callable[[], None] | None = None
        self._timing: dict[str, float] = {}  # for benchmarks: when the answer came
        self._looked = -1  # the job whose position's moves were looked ahead at
        self._looking: Solver | None = None  # its search running now, cancelled on a move
        # the honest chance of the position shown (``thoughtful`` off, cards unseen)
        self.chance: Chance | None = None
        # what was seen of the position shown, while its answer is the honest one
        self._seen: Information | None = None
        # the honest warning's look-ahead: every legal move's chance over the same worlds
        # (``honest_lowers``), for the job it was worked out for, and its search now
        self._honest_ahead: tuple[int, HonestHint] | None = None
        self._honest_looking: Chance | None = None
        # let go of its searches when the interpreter ends, if the table is still open
        close_at_exit(self)

    @property
    def settings(self) -> LiveSettings:
        return self.host.settings

    # ------------------------------------------------------------------ read by the view

    @property
    def thoughtful(self) -> bool:
        """Whether the answer is the one with every card known (``thoughtful`` on). The
        fatal-move warning follows it: with every card known it stands on this answer
        (a move is held back only in a position proved winnable), else it is the honest
        warning (``honest_lowers``)."""
        return bool(getattr(self.settings, "thoughtful", True))

    @property
    def honest(self) -> bool:
        """Whether the answer shown is the honest chance (some card unseen), which
        proves nothing about the deal (the warnings' own checks then run)."""
        return self._seen is not None

    def view(self) -> dict[str, Any]:
        chance = self.chance
        figures = None
        if chance is not None and self.answer == "chance":
            low, high = chance.interval
            figures = {
                "share": chance.share,
                "low": low,
                "high": high,
                "samples": chance.samples,
                "undecided": chance.undecided,
            }
        return {
            "on": bool(self.settings.live_solver),
            "answer": self.answer,
            "seconds": round(self.seconds, 2),
            "searching": self.searching,
            "thoughtful": self.thoughtful,
            # the honest answer where nothing is unseen: the exact one, and said so
            "exact": not self.thoughtful and self._seen is None and self.answer != "off",
            "chance": figures,
        }

    @property
    def holds_search(self) -> bool:
        """True while a search (the position's own or a carried one) is kept."""
        return self._solver is not None or self._carried is not None

    def _parent_line(self, history: list[str]) -> list[str] | None:
        """A winning line from the position before the last move, if one is known."""
        if not history:
            return None
        return self.proofs.line(history[:-1])

    # ------------------------------------------------------------------ the fatal move

    def is_fatal(
        self, action: str, budget: float = 0.1, history: list[str] | None = None
    ) -> bool | None:
        """Whether playing ``action`` on the position shown turns a deal proved winnable
        into one proved lost: True, False (the position is not proved winnable, or the
        move keeps a win), or None when ``budget`` seconds of search did not decide.
        Runs on the caller's thread (the page's check waits for it, so the budget is
        short); what it proves goes into the shared record. IllegalMove for an illegal
        ``action``; TypeError or ValueError for a budget that is not a finite number of
        seconds >= 0."""
        budgets.seconds(budget, "budget", optional=False)
        g, shown = self.host.shown()
        h = list(shown if history is None else history)
        found = self.proofs.known(h)
        if found is None:
            r = Solver(detached(g), memory=MEMORY).run(seconds=budget)
            self.proofs.learn(h, r.result, list(r.solution or ()), r.engine or "python")
            found = self.proofs.known(h)
        if found is None or found.result != "won":
            return None if found is None else False
        out = _after_move(g, h, list(found.line or ()), action, budget, self.proofs.known)
        if out is None:
            return False  # the winning line's own move
        h2, result, line, engine = out
        if engine is not None:
            self.proofs.learn(h2, result, line, engine)
        return None if result == "unknown" else result == "lost"

    def _look_ahead(self, history: list[str]) -> None:
        """With the fatal-move warning on, each legal move from a position just proved
        winnable is checked in the background while the player thinks, so that the
        check at the click (``is_fatal``, on the kernel's thread before the move is
        played) mostly finds its answer known: in Saratoga it was 41 ms at the 95th
        percentile of paced moves (benchmarks/widget_latency.py --warn-fatal), most of
        it a search of the position after a move off the winning line.

        Every move first gets ``fatal_budget`` seconds (0.1 at the most). A loss takes
        longer to prove than a win, so a move left undecided is searched again, one
        move a job, with four times the budget each time, up to ``LOOK_AHEAD_LIMIT``:
        by hand in JupyterLab, Saratoga seed 7's fatal t5>t2*2 was played without a
        warning when each move had only the first round. What the click then finds
        undecided is searched again for ``fatal_budget``, and played if still open.
        It stops as soon as the table changes. Not in Pyodide (JupyterLite): with no
        thread there it would run between the page's messages, and a click would wait
        behind it."""
        job = self._job
        if not getattr(self.settings, "warn_fatal", False) or self._looked == job:
            return
        if sys.platform == "emscripten":
            return
        g, shown = self.host.shown()
        found = self.proofs.known(history)
        if list(shown) != history or found is None or found.result != "won":
            return
        self._looked = job  # once a position
        clone = detached(g)
        line = list(found.line or ())
        budget = min(0.1, float(getattr(self.settings, "fatal_budget", 0.1)))
        self._look_at(job, clone, history, line, [(str(m), budget) for m in clone.legal_moves])

    def _look_at(
        self,
        job: int,
        clone: Game,
        history: list[str],
        line: list[str],
        todo: list[tuple[str, float]],
    ) -> None:
        """One round of ``_look_ahead``: the moves of ``todo`` with their budgets, the
        first round all at once, later ones a move each (so what a long search proves
        is known at the click as soon as it is found)."""
        known = self.proofs.known
        epoch = self.proofs.epoch
        batch, rest = (todo, []) if len(todo) and todo[0][1] <= 0.1 else (todo[:1], todo[1:])

        def started(solver: Solver) -> None:
            # a search runs to its budget unless cancelled: the table's next move
            # cancels it (_stop_later), so that up to 1.6 s of search for a position
            # gone does not take the CPU from the page and the kernel
            self._looking = solver
            if job != self._job or self.closed:
                solver.cancel()

        def work() -> list[_Checked]:
            out: list[_Checked] = []
            for action, seconds in batch:
                if job != self._job or self.closed:
                    break  # the table moved on: its moves are another position's
                _give_way()
                after = _after_move(clone, history, line, action, seconds, known, started)
                self._looking = None  # its table can be large: let it go
                if job == self._job and not self.closed:
                    out.append((action, seconds, after))
                elif after is not None and after[1] != "unknown":
                    out.append((action, seconds, after))  # decided before it was cancelled
                    break
                else:
                    break  # cancelled: undecided for want of time, nothing to learn
            return out

        def done(
            results: list[_Checked],
            spent: float,
        ) -> None:
            if self.proofs.epoch != epoch:
                return  # another deal: its histories mean other things
            again = list(rest)
            for action, seconds, out in results:
                if out is None:
                    continue  # the winning line's own move
                h2, result, solution, engine = out
                if engine is not None:
                    self.proofs.learn(h2, result, solution, engine)
                if result == "unknown" and seconds * 4 <= LOOK_AHEAD_LIMIT:
                    again.append((action, seconds * 4))
            if again and job == self._job and not self.closed:
                self._look_at(job, clone, history, line, again)

        self._background(work, done)

    # ------------------------------------------------------------------ the table changed

    def reset(self) -> None:
        """Another game is shown (a new Game object): a fresh answer."""
        self.moved()

    def moved(self) -> None:
        """Any change of the table, before its view is built: the old search loses
        interest and the answer is what is known without a search, or "checking"."""
        self._job += 1
        self._stop_later()
        old, self._solver = self._solver, None
        if (
            self._carried is None
            and old is not None
            and self.answer == "unknown"
            and old.seconds < self.settings.live_limit
        ):
            self._carried = old
        elif old is not None:
            old.let_go()  # its slice, if one runs, ends now: it is nobody's any more
        first, self._first = self._first, None
        if first is not None:
            first.let_go()  # a first slice for the position before ("checking": not carried)
        self.seconds = 0.0
        self.searching = False
        self.engine = None
        self._timing = {"moved": time.perf_counter()}
        g, history = self.host.shown()
        carried = self._carried
        if carried is not None:
            h = tuple(history)
            if len(h) <= len(carried.history) or h[: len(carried.history)] != carried.history:
                self._carried = None  # not on the way to the table (undone, a new deal)
                carried.let_go()
        self.chance = None
        self._seen = None
        if not self.settings.live_solver or self.closed:
            self.answer = "off"
            self._drop_carried()
            return
        if not self.thoughtful and g.status != "won":
            info = self._information(g, history)
            if not info.exact:
                # the honest answer: sampled, never the proofs (every card known)
                self._seen = info
                self._drop_carried()
                if settled_on_its_face(g, info) == "lost":
                    self.answer = "lost"
                    self._timing["answered"] = self._timing["moved"]
                else:
                    self.answer = "checking"
                return
        if g.status == "won":
            self.answer = "winnable"
        elif g.status == "lost":
            self.answer = "lost"
            # no move left: lost, for the shared record too (the warning reads it there)
            self.proofs.learn(history, "lost")
        else:
            found = self.proofs.known(history)
            self.answer = (
                "checking" if found is None else ("winnable" if found.result == "won" else "lost")
            )
        if self.answer != "checking":
            self._timing["answered"] = self._timing["moved"]

    def _information(self, g: Game, history: list[str]) -> Information:
        """What the player has seen of the position shown: the deal's start and the
        history up to it (the position looked back at included)."""
        start = self.host.game.played()[0]
        return Information.from_play(start, [Move.parse(a) for a in history], g.table)

    def setting_changed(self, name: str) -> None:
        """A switch was flipped: the answer is worked out again."""
        if name in ("live_solver", "thoughtful", "warn_fatal"):
            self.moved()

    def check_soon(self) -> None:
        """After the view has been sent: start the search if the answer is not known
        (and, known winnable, look ahead at its moves for the fatal-move warning)."""
        if (
            self.answer == "winnable"
            and not self.closed
            and getattr(self.settings, "warn_fatal", False)
        ):
            self._look_ahead(self.host.shown()[1])
        if self.answer != "checking" or self.searching or self.closed:
            return
        self.searching = True
        _claim(self)  # the table the player moved on is the one looked at
        if self._seen is not None:
            self._start_chance(self._job, self._seen)
        else:
            self._start(self._job, first=True)

    def displaced(self) -> None:
        """Another table searches on now (``_claim``): this one, if it was searching on
        past its first answer, stops at once and lets go of what it kept. Its answer
        stays "not yet known". A table still on its first search ("checking") finishes
        it. Never waits for this table's lock (the claiming table holds its own, and two
        tables claiming at once must not wait for each other): if it is busy, its next
        slice sees that it no longer searches on, as before."""
        if not self.lock.acquire(blocking=False):
            return
        try:
            if self.closed or self.answer == "checking":
                return
            if self.searching or self._solver is not None or self._carried is not None:
                self.halt()  # (a look-ahead for its fatal-move warning goes too)
                self.host.report_live()
        finally:
            self.lock.release()

    def halt(self) -> None:
        """Nothing more is searched for the table (it closes, or another table searches
        on): the searches kept are let go, and one running now ends within a moment
        rather than at its budget, so that the memory it holds of the budget all live
        answers share (``MEMORY``) is free for the next table at once."""
        self._job += 1
        self._stop_later()
        for s in (self._solver, self._carried, self._first):
            if s is not None:
                try:
                    s.let_go()
                except Exception:  # closing must go through: the search then ends later
                    _log.exception("solitaire_widget: a live search could not be cancelled")
        self._solver = None
        self._carried = None
        self._first = None
        self.searching = False

    def _drop_carried(self) -> None:
        carried, self._carried = self._carried, None
        if carried is not None:
            carried.let_go()

    def close(self) -> None:
        """The table closes: nothing more is searched, kept or sent."""
        self.closed = True
        self.halt()

    def _stop_later(self) -> None:
        chance = self.chance
        if chance is not None:
            chance.cancel()  # a refinement for a position no longer shown
        looking, self._looking = self._looking, None
        if looking is not None:
            looking.cancel()  # a look-ahead search for a position no longer shown
        honest, self._honest_looking = self._honest_looking, None
        if honest is not None:
            honest.cancel()  # the honest warning's look-ahead, likewise
        self._honest_ahead = None
        cancel, self._cancel = self._cancel, None
        if cancel is not None:
            cancel()

    # ------------------------------------------------------------------ the honest chance

    def _start_chance(self, job: int, info: Information) -> None:
        """The honest chance of the position shown: a first estimate
        (``game_search.first_chance``, within a quarter of a second), then refined in
        slices of ``live_slice`` seconds,
        ``live_pause`` apart, while this table is the one looked at, until
        ``live_limit`` seconds were spent on it. Nothing here reads a card the player
        has not seen (``chance.py``); no proof is learned from it."""

        def work() -> Chance | None:
            if job != self._job:
                return None  # the table moved on before it began (a replay, quick play)
            _give_way()
            return first_chance(info, memory=MEMORY)

        def done(chance: Chance | None, spent: float) -> None:
            if chance is None or job != self._job:
                return
            self.chance = chance
            self._refined(job, chance, spent)
            self._look_ahead_honestly(job, info)

        self._background(work, done)

    def _look_ahead_honestly(self, job: int, info: Information) -> None:
        """With the fatal-move warning on and the answer the honest one, every legal
        move's chance is worked out in the background over the same worlds as the
        position's (``chance.best_move``: the honest hint's figures), so that the click
        finds whether the move lowers the chance much (``honest_lowers``). What a
        world's search reads is what the player has seen; nothing is proved or kept
        for another position."""
        if not getattr(self.settings, "warn_fatal", False) or sys.platform == "emscripten":
            return
        g, history = self.host.shown()
        if list(history) != list(self.host.game.history) or g.status != "playing":
            return  # a position looked back at: nothing is played from it
        legal = list(g.legal_moves)
        order = hint_order(g)

        def work() -> HonestHint | None:
            if job != self._job or not legal:
                return None
            _give_way()
            before = Chance(
                info,
                lambda t: world_search(t, MEMORY),
                nodes=WORLD_NODES,
                seconds=WORLD_SECONDS,
            )
            self._honest_looking = before
            before.refine(samples=FIRST_WORLDS)
            if job != self._job:
                return None
            return best_move(before, legal, order, FIRST_WORLDS)

        def done(found: HonestHint | None, spent: float) -> None:
            self._honest_looking = None
            if found is not None and job == self._job:
                self._honest_ahead = (job, found)

        self._background(work, done)

    def honest_lowers(self, action: str) -> tuple[Chance, Chance] | None:
        """The honest warning for ``action`` on the position shown: the chance now and
        after it (over the same worlds) when the move lowers it much
        (``chance.lowers_much``), else None, as it is while the look-ahead has not
        answered (never a guess)."""
        ahead = self._honest_ahead
        if ahead is None or ahead[0] != self._job:
            return None
        found = ahead[1]
        try:
            after = found.chances.get(Move.parse(action))
        except ValueError:
            return None
        if after is None or not lowers_much(found.before, after):
            return None
        return found.before, after

    def _refined(self, job: int, chance: Chance, spent: float) -> None:
        if job != self._job or self.chance is not chance:
            return  # the table moved on: the estimate is another position's
        self.seconds += spent
        self.answer = "chance"
        self._timing.setdefault("answered", time.perf_counter())
        self.searching = self.seconds < self.settings.live_limit
        if self.searching:
            self._refine_later(job, chance)
        self.host.report_live()

    def _refine_later(self, job: int, chance: Chance) -> None:
        def again() -> None:
            with self.lock:
                self._cancel = None
                if job != self._job or self.closed:
                    return
                if not _owns(self):
                    # another table searches on now: this estimate stays as it is
                    self.searching = False
                    self.host.report_live()
                    return
                budget = min(self.settings.live_slice, self.settings.live_limit - self.seconds)

                def work() -> Chance:
                    _give_way()
                    if job == self._job:
                        chance.refine(seconds=max(budget, 0.0))
                    return chance

                try:
                    self._background(work, lambda c, spent: self._refined(job, c, spent))
                except RuntimeError:  # the interpreter shuts down: no pool left
                    self.searching = False

        _claim(self)
        self._cancel = self.settings.scheduler.later(self.settings.live_pause, again)

    # ------------------------------------------------------------------ the search

    def _start(self, job: int, first: bool) -> None:
        g, history = self.host.shown()
        clone = detached(g)
        search = self._solver
        parent = self._parent_line(history) if first else None
        budget = self.settings.live_budget if first else self.settings.live_slice
        # the first slice is the new position's own (most answers come in it); later
        # ones give half to the oldest undecided position on the way here
        carried = None if first else self._carried
        limit = self.settings.live_limit
        epoch = self.proofs.epoch
        # what the carried search decides, learned in ``done`` (on the kernel's side)
        learned: list[tuple[list[str], str, list[str], str]] = []

        def work() -> tuple[_Search | None, str, list[str], str | None]:
            if job != self._job:
                return None, "stale", [], None  # the table moved on before it began
            _give_way()
            if parent is not None:
                for line in repaired(parent, history[-1]):
                    if replays_to_win(clone.table, line):
                        return None, "won", line, None
            own = budget
            if carried is not None and carried.seconds < limit:
                r = carried.run(budget / 2)
                if r is not None:
                    own = budget / 2
                    if r.result != "unknown":
                        learned.append(
                            (list(carried.history), r.result, list(r.solution), r.engine)
                        )
                    if r.result == "lost":  # so is every position reached from it
                        return search, "lost", [], carried.solver.engine
            s = search
            if s is None:
                s = self._first = _Search(history, Solver(clone, memory=MEMORY))
                if job != self._job:  # halted while it was made: halt() may not have seen it
                    s.let_go()
            r = s.run(own)
            if r is None:  # not so: a position's own search runs one slice at a time
                return s, "unknown", [], s.solver.engine
            return s, r.result, list(r.solution), s.solver.engine

        def done(out: tuple[_Search | None, str, list[str], str | None], spent: float) -> None:
            s, result, line, engine = out
            if self._first is s:
                self._first = None  # kept as ``_solver`` if it is still undecided
            for at, what, solution, by in learned:
                if self.proofs.epoch != epoch:
                    break  # another deal is on the table: its histories mean other things
                self.proofs.learn(at, what, solution, by or "python")
                if self._carried is carried:
                    self._carried = None  # decided: nothing more to carry
            if carried is not None and carried.seconds >= limit and self._carried is carried:
                self._carried = None
            if job == self._job and result != "stale":
                self._answered(history, s, result, line, engine, spent)

        self._background(work, done)

    def _answered(
        self,
        history: list[str],
        solver: _Search | None,
        result: str,
        line: list[str],
        engine: str | None,
        spent: float,
    ) -> None:
        self.seconds += spent
        self.engine = engine or self.engine
        # a line repaired by replay was checked by the Python rules
        self.proofs.learn(history, result, line, self.engine or "python")
        if result in ("won", "lost"):
            self.answer = "winnable" if result == "won" else "lost"
            self.searching = False
            self._solver = None
            self._timing.setdefault("answered", time.perf_counter())
            self.host.report_live()
            if result == "won":
                self._look_ahead(history)
            return
        # Not yet known: say so, and search on in slices up to the limit.
        self.answer = "unknown"
        self._solver = solver
        self.searching = self.seconds < self.settings.live_limit
        self._timing.setdefault("unknown", time.perf_counter())
        if self.searching:
            job = self._job

            def again() -> None:
                with self.lock:
                    self._cancel = None
                    if job != self._job or self.closed:
                        return
                    if not _owns(self):
                        # another table searches on now: this answer stays unknown
                        self.searching = False
                        self._solver = None
                        self.host.report_live()
                        return
                    try:
                        self._start(job, first=False)
                    except RuntimeError:  # the interpreter shuts down: no pool left
                        self.searching = False
                        self._solver = None

            _claim(self)
            self._cancel = self.settings.scheduler.later(self.settings.live_pause, again)
        else:
            self._solver = None  # its table can be large: let it go
        self.host.report_live()

    def _background(self, work: Callable[[], Any], done: Callable[[Any, float], None]) -> None:
        """Runs ``work`` through the scheduler; ``done`` runs under the lock. An error
        is logged and leaves the answer "not yet known" (never a wrong answer)."""

        def safe_work() -> tuple[bool, Any, float]:
            t0 = time.perf_counter()
            try:
                return True, work(), time.perf_counter() - t0
            except Exception as e:  # reported in finish
                return False, e, time.perf_counter() - t0

        def finish(outcome: tuple[bool, Any, float]) -> None:
            with self.lock:
                ok, value, spent = outcome
                if self.closed:
                    return
                if not ok:
                    _log.error("solitaire_widget: the live solver failed", exc_info=value)
                    self.searching = False
                    self._solver = None
                    if self.answer == "checking":
                        self.answer = "unknown"
                        self.host.report_live()
                    return
                try:
                    done(value, spent)
                except Exception:
                    _log.exception("solitaire_widget: error in the live solver's answer")

        self.settings.scheduler.background(safe_work, finish)


def _after_move(
    g: Game,
    history: list[str],
    line: list[str],
    action: str,
    budget: float,
    known: Callable[[list[str]], Any],
    started: Callable[[Solver], None] | None = None,
) -> tuple[list[str], str, list[str], str | None] | None:
    """What ``action`` leaves of a position proved winnable by ``line``: None when it is
    that line's own move, else (the history after it, "won"/"lost"/"unknown", a winning
    line, the engine that decided it, None when nothing new was learned). A line
    repaired around the move is tried first, then a search of ``budget`` seconds.
    IllegalMove for an illegal ``action``."""
    after = detached(g)
    after.play(action)
    steps = list(after.history)  # a detached copy starts with no history
    played = steps[-1] if steps else action
    h2 = [*history, *steps]
    if line and line[: len(steps)] == steps:
        return None
    found = known(h2)
    if found is not None:
        return h2, found.result, list(found.line or ()), None
    for repair in repaired(line, played):
        if replays_to_win(after.table, repair):
            return h2, "won", repair, "python"
    if after.status != "playing":
        return h2, ("lost" if after.status == "lost" else "won"), [], None
    solver = Solver(after, memory=MEMORY)
    if started is not None:
        started(solver)  # so that it can be cancelled
    r = solver.run(seconds=budget)
    return h2, r.result, list(r.solution or ()), r.engine or "python"


__all__ = [
    "ANSWERS",
    "MEMORY",
    "MEMORY_MB",
    "LiveHost",
    "LiveSettings",
    "LiveSolver",
    "repaired",
    "replays_to_win",
]
