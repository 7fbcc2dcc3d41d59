"""What the widget's solver buttons do, without Jupyter: Solve and the replay of its
solution, the exact Hint, and the "warn me when this deal can no longer be won" check.

A ``SolveSession`` follows one live :class:`~solitaire_widget.Game` and a ``SessionHost``
(the widget, or a test's stand-in) that says where work runs (``scheduler``), how long it
may take (the budgets), which switches are on, and how to tell the player
(``publish``, ``notify``, ``show_hint``). Searches run on detached copies of the game
through the scheduler, so ``ManualScheduler`` steps all of it by hand in tests.

Every piece of background work carries the job number it was started under; when the
table changes the number moves on and a late answer is dropped instead of applied to a
position it was not computed for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Protocol

from .cards import card_name
from .game import Game
from .scheduling import Scheduler
from .solver import Solver, SolveResult, search_threads

_log = logging.getLogger(__name__)


class Refused(Exception):
    """An intent that is turned down with a notice; the game is not touched."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


class SessionHost(Protocol):
    """What a SolveSession needs from the widget that owns it."""

    scheduler: Scheduler
    solve_budget: float
    hint_budget: float
    check_budget: float
    replay_delay: float
    solve_node_limit: int
    warn_unwinnable: bool
    lang: str

    @property
    def game(self) -> Game: ...

    @property
    def table_version(self) -> int:
        """Grows with every change of the table."""
        ...

    def publish(self) -> None:
        """Sends the view again (the session's state is part of it)."""

    def notify(self, key: str, level: str = "error", **args: Any) -> None:
        """Shows the notice ``key`` (texts.NOTICES) with ``args`` and publishes."""

    def show_hint(self, move: Any, key: str, **args: Any) -> None:
        """Shows ``move`` as the hint, worded by notice ``key`` (with ``args``), and
        publishes."""

    def alive(self) -> bool:
        """False once the widget is closed: late answers then have no one to tell."""


def detached(game: Game) -> Game:
    """A copy of the position with no listeners, for the solver to read in another
    thread while the live game goes on."""
    state = {**game.snapshot(), "redeals_used": game.redeals_used}
    return Game.from_snapshot(state, game.name, base=game.base_rank, **game.options)


class SolveSession:
    """Solve, its replay, the exact hint and the unwinnable warning for one host."""

    def __init__(self, host: SessionHost, lock: threading.RLock | None = None) -> None:
        self.host = host
        self.lock = lock or threading.RLock()
        self.last_solve: Any = None  # the SolveResult of the last Solve
        self._job = 0  # Solve and its replay; bumped to cancel them
        self._solving = False
        self._solver: Solver | None = None  # Solve's search while it runs
        self._replay: list[str] = []
        self._replay_total = 0
        self._cancel_step: Callable[[], None] | None = None
        self._stepping = False
        self._hint_job = 0
        self.hint_busy = False
        self._checking = False
        self._check_again = False
        self.warning = False
        self.forget()

    # ------------------------------------------------------------------ state read by the view

    @property
    def replaying(self) -> bool:
        """True while Solve searches or plays its solution."""
        return self._solving or bool(self._replay)

    @property
    def stepping(self) -> bool:
        """True while the replay itself plays a move (that change keeps the replay)."""
        return self._stepping

    def view(self) -> dict[str, Any]:
        return {
            "busy": "solve" if self._solving else "hint" if self.hint_busy else None,
            "step": self._replay_total - len(self._replay),
            "steps": self._replay_total,
        }

    def busy_notice(self) -> tuple[str, dict[str, Any]] | None:
        """The notice key and arguments that say what the session is doing, if anything."""
        if self._solving:
            return "solving", {}
        if self._replay_total:
            return "replaying", {
                "i": self._replay_total - len(self._replay),
                "n": self._replay_total,
            }
        if self.hint_busy:
            return "thinking", {}
        return None

    # ------------------------------------------------------------------ the table changed

    def reset(self) -> None:
        """Another game is shown: everything known or running is dropped."""
        self.halt()
        self.forget()
        self.hint_busy = False
        self.warning = False

    def game_changed(self) -> None:
        """Any change to the game, from the page or from Python code; the host
        publishes afterwards and then calls ``check_soon``."""
        game = self.host.game
        self._resume = None
        if not self._stepping:
            # Anything but the replay's own step takes the table back from the solver.
            self.halt()
        self.hint_busy = False
        if game.moves == 0 and not game.can_redo:
            self.forget()  # restart or a new deal
        self.warning = self.host.warn_unwinnable and self.known_lost()

    def setting_changed(self, name: str, value: bool) -> None:
        if name == "warn_unwinnable":
            self.warning = bool(value) and self.known_lost()

    # ------------------------------------------------------------------ Solve and its replay

    def solve(self) -> None:
        """Search for a win (``solve_budget`` seconds, off the main thread) and, when one
        is found, play it on the table step by step. Refused says why not."""
        g = self.host.game
        self.halt()
        if g.status == "won":
            raise Refused("already_won", level="info")
        line = self.known_line()
        if line:  # a line found earlier (an exact hint, the warning's check, the live
            # answer) still holds: it is Solve's answer, with no search now (0 nodes)
            self.last_solve = SolveResult("won", list(line), 0, 0.0, self._line_engine)
            self._begin_replay(line)
            return
        if self.known_lost():
            key, args = self._lost()
            raise Refused(key, level="info", **args)
        self._job += 1
        job = self._job
        history = g.history
        # Solve pressed again at a position it could not decide goes on with that
        # search (see Solver) rather than starting over.
        resume, self._resume = self._resume, None
        fresh = resume is None or resume[0] != history
        # someone is waiting for this answer: the search may take a second CPU
        solver = Solver(detached(g), threads=search_threads()) if fresh else resume[1]
        budget = self.host.solve_budget
        # The node limit keeps the Python search's memory in bounds (some 290 bytes a
        # position); the compiled core caps its own table (core_search.MEMORY_MB) and
        # forgets what does not fit, so it needs none.
        limit = self.host.solve_node_limit if solver.engine == "python" else None
        self._solving = True
        self.host.publish()

        def done(result: Any) -> None:
            if job != self._job:
                return  # stopped, or the table changed
            self._solving = False
            self._solver = None
            self.last_solve = result
            self._learn(history, result)
            if result.result == "won" and result.solution:
                self._begin_replay(list(result.solution))
            elif result.result == "won":
                self.host.notify("already_won", level="info")
            elif result.result == "lost":
                key, args = self._lost()
                self.host.notify(key, level="info", **args)
            else:
                spent = result.seconds
                s = f"{spent:.0f}" if spent >= 1 else f"{spent:.2g}"
                if limit is None or result.nodes < limit:
                    self._resume = (history, solver)
                    self.host.notify("solve_unknown", level="info", s=s)
                else:
                    sep = "." if self.host.lang == "el" else ","
                    n = f"{result.nodes:,}".replace(",", sep)
                    self.host.notify("solve_gave_up", level="info", s=s, n=n)

        nodes = None if limit is None else max(limit - solver.nodes, 1)
        self._solver = solver
        self._background(lambda: solver.run(seconds=budget, nodes=nodes), done)

    def stop(self) -> bool:
        """Stops a search or replay started by Solve; True if one was running."""
        running = self.halt()
        if running:
            self.host.notify("stopped", level="info")
        return running

    def step(self) -> bool:
        """Plays the replay's next move now; False when no replay is going on."""
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
            self.host.game.play(action)
        except ValueError:  # the table is not where the line expects it
            self.halt()
            self.host.notify("replay_failed")
            return False
        finally:
            self._stepping = False
        if not last:
            self._schedule_step()
        return True

    def halt(self) -> bool:
        """Cancels Solve's search and replay, without a word; True if one was running."""
        running = self.replaying
        self._job += 1
        self._solving = False
        # a search nobody waits for any more stops now rather than at its budget's end
        # (it takes both CPUs where there are two)
        solver, self._solver = self._solver, None
        if solver is not None:
            solver.cancel()
        self._replay = []
        self._replay_total = 0
        cancel, self._cancel_step = self._cancel_step, None
        if cancel is not None:
            cancel()
        return running

    def _begin_replay(self, line: list[str]) -> None:
        self._replay = list(line)
        self._replay_total = len(line)
        self.host.notify("solved", level="info", n=len(line))
        self._schedule_step()

    def _schedule_step(self) -> None:
        job = self._job
        draw = bool(self._replay) and self._replay[0] == "draw"
        delay = self.host.replay_delay * (0.5 if draw else 1)  # draws go faster

        def fire() -> None:
            with self.lock:
                if job != self._job:
                    return
                self._cancel_step = None
                try:
                    self.step()
                except Exception:
                    _log.exception("solitaire_widget: error in a replay step")
                    self.halt()
                    self.host.notify("error")

        self._cancel_step = self.host.scheduler.later(delay, fire)

    # ------------------------------------------------------------------ the exact hint

    def exact_hint(self) -> None:
        """Hint with ``exact=True``: the first move of a winning line. The search runs
        off the main thread on a copy (like ``Game.hint(exact=True)``, which it
        mirrors, but it also says whether the move is known to lead to a win)."""
        g = self.host.game
        line = self.known_line()
        if line:
            self.host.show_hint(line[0], "hint_exact")
            return
        if self.known_lost():
            key, args = self._lost("hint")
            self.host.show_hint(g.hint(), key, **args)
            return
        self._hint_job += 1
        job, version = self._hint_job, self.host.table_version
        history, clone = g.history, detached(g)
        budget = self.host.hint_budget
        self.hint_busy = True
        self.host.publish()

        def done(result: Any) -> None:
            if job != self._hint_job or version != self.host.table_version:
                return  # the table changed, or another hint was asked for
            self.hint_busy = False
            self._learn(history, result)
            if result.result == "won" and result.solution:
                self.host.show_hint(result.solution[0], "hint_exact")
            elif result.result == "lost":
                key, args = self._lost("hint")
                self.host.show_hint(self.host.game.hint(), key, **args)
            else:
                self.host.show_hint(self.host.game.hint(), "hint_unknown")

        self._background(lambda: clone.solve(seconds=budget, threads=search_threads()), done)

    # ------------------------------------------------------------------ the unwinnable warning

    def check_soon(self) -> None:
        """After a change has been sent: if the switch is on, ask the solver (a small
        budget, off the main thread) whether the deal can still be won. One check at a
        time; changes made meanwhile are checked when it ends."""
        if not self.host.warn_unwinnable or self.warning:
            return
        g = self.host.game
        if g.status != "playing" or self.replaying or self.known_line():
            return
        if self._checking:
            self._check_again = True
            return
        self._checking = True
        version, history, clone = self.host.table_version, g.history, detached(g)
        budget = self.host.check_budget

        def done(result: Any) -> None:
            self._checking = False
            if version == self.host.table_version:
                self._learn(history, result)
                if result.result == "lost" and self.host.warn_unwinnable:
                    self.warning = True
                    self.host.publish()
            if self._check_again or version != self.host.table_version:
                self._check_again = False
                self.check_soon()

        self._background(lambda: clone.solve(seconds=budget), done)

    # ------------------------------------------------------------------ what is known

    # What the solver has proved about this deal, so it is not asked twice: a winning
    # line found at some point of the history (it still holds while the history follows
    # it), and a history from which the deal was proved lost (every position reached
    # from a lost one is lost too, since any win from there would be a win from it).
    def forget(self) -> None:
        self._won_line: tuple[list[str], list[str]] | None = None
        self._line_engine = "python"  # the search that found it
        self._lost_at: list[str] | None = None
        # Solve's undecided search and where it stood (it can be large: dropped as soon
        # as the table changes)
        self._resume: tuple[list[str], Solver] | None = None

    def _lost(self, what: str = "solve") -> tuple[str, dict[str, str]]:
        """The notice for a position proved lost (Solve's, or with ``"hint"`` the hint's):
        which card can never move, where the position is lost on its face (as a
        teacher would say it), else just that."""
        g = self.host.game
        blocked = g.rules.blocked_cards(g.table.piles)
        if not blocked:
            return f"{what}_lost", {}
        names = [card_name(c, self.host.lang) for c in blocked]
        word = " και " if self.host.lang == "el" else " and "
        cards = ", ".join(names[:-1]) + word + names[-1] if len(names) > 1 else names[0]
        # Solve's words agree with the number of cards; the hint's read for either
        many = "_many" if len(names) > 1 and what == "solve" else ""
        return f"{what}_blocked{many}", {"cards": cards}

    def _learn(self, history: list[str], result: Any) -> None:
        if result.result == "won" and result.solution:
            self._won_line = (history, list(result.solution))
            self._line_engine = getattr(result, "engine", "python")
        elif result.result == "lost":
            self._lost_at = history

    def known_line(self) -> list[str] | None:
        if self._won_line is None:
            return None
        at, line = self._won_line
        h = self.host.game.history
        k = len(h) - len(at)
        if 0 <= k < len(line) and h[: len(at)] == at and h[len(at) :] == line[:k]:
            return line[k:]
        return None

    def known_lost(self) -> bool:
        at = self._lost_at
        if at is None:
            return False
        h = self.host.game.history
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
            with self.lock:
                if not self.host.alive():
                    return  # closed meanwhile: no one to tell
                ok, value = outcome
                try:
                    if not ok:
                        raise value
                    done(value)
                except Exception:
                    _log.exception("solitaire_widget: error in the solver's work")
                    self.halt()
                    self.hint_busy = False
                    self._checking = False
                    self.host.notify("error")

        self.host.scheduler.background(safe_work, finish)


__all__ = ["Refused", "SessionHost", "SolveSession", "detached"]
