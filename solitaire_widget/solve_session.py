"""What the table's solver buttons do, without Jupyter: Solve and the replay of its
solution, the exact Hint, and the "warn me when this deal can no longer be won" check.

A ``SolveSession`` follows one live :class:`~solitaire_widget.Game` through a
``SessionHost`` (the play session of a widget, or a test's stand-in): the host shows the
game and its ``settings`` (where work runs, how long it may take, which switches are on),
and hears back through one call, ``report``: the session's state changed (it is part of
the view), with what to tell the player if anything (a ``Said``). What the searches prove
goes into the ``Proofs`` the session shares with the live answer (solitaire_widget.proofs),
and what is proved there is used before any search.

Searches run on detached copies of the game through the settings' scheduler, so
``ManualScheduler`` steps all of it by hand in tests. Every piece of background work
carries the job number it was started under; when the table changes the number moves on
and a late answer is dropped instead of applied to a position it was not computed for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import budgets, core_search
from .cards import card_name
from .chance import FIRST_WORLDS, WORLD_NODES, HonestHint
from .game import Game
from .game_search import honest_hint_work
from .proofs import Proofs, detached
from .scheduling import Scheduler, close_at_exit
from .solver import Solver, SolveResult, search_threads

_log = logging.getLogger(__name__)

__all__ = [
    "MEMORY",
    "Refused",
    "Said",
    "SessionHost",
    "SolveSession",
    "SolveSettings",
    "detached",
]

# Solve, the exact hint and the unwinnable check of every table of the process keep
# together to one memory budget in the compiled core (core_search.MEMORY_MB, 768 MB;
# None where the core is not loaded): two of them may run at once (the scheduler's two
# workers) and an undecided Solve keeps its search for ``solve_keep`` seconds, so that a
# budget for each would add up. Solve's search may have all of it but an eighth, which
# the hint's and the check's short searches then find free (each at most that eighth).
MEMORY = core_search.Memory(core_search.MEMORY_MB) if core_search.available() else None
SOLVE_MB = core_search.MEMORY_MB * 7 / 8
SIDE_MB = core_search.MEMORY_MB / 8


def _delay(value: Any) -> float:
    """``replay_delay`` as seconds (``budgets.seconds``): a finite number, not negative,
    not a bool; else TypeError or ValueError naming it (a timer given anything else
    would never fire, or fail in a thread where no one hears of it). The widget checks
    it when it is set; a host's settings of another kind are checked here."""
    return budgets.seconds(value, "replay_delay", optional=False)


class Refused(Exception):
    """An intent that is turned down with a notice; the game is not touched."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


@dataclass(frozen=True)
class Said:
    """What a session tells the player: the notice ``key`` (texts.NOTICES) with ``args``
    at ``level``. A hint (``hint`` True) also lights up ``move`` on the table (None: no
    move to show, the notice says why)."""

    key: str
    level: str = "info"
    args: Mapping[str, Any] = field(default_factory=dict)
    hint: bool = False
    move: str | None = None


class SolveSettings(Protocol):
    """The knobs a SolveSession reads when it needs them (the widget's, in a notebook)."""

    scheduler: Scheduler
    solve_budget: float
    hint_budget: float
    check_budget: float
    replay_delay: float
    solve_node_limit: int
    # seconds an undecided Solve's search is kept to go on from (memory: up to the
    # core's table), before it is let go
    solve_keep: float
    warn_unwinnable: bool
    lang: str


class SessionHost(Protocol):
    """What a SolveSession needs from the table that owns it."""

    @property
    def settings(self) -> SolveSettings: ...

    @property
    def game(self) -> Game: ...

    @property
    def table_version(self) -> int:
        """Grows with every change of the table."""
        ...

    def report(self, said: Said | None = None) -> None:
        """The session's state changed: the view goes out again, with ``said`` shown."""


class SolveSession:
    """Solve, its replay, the exact hint and the unwinnable check for one host."""

    def __init__(
        self, host: SessionHost, proofs: Proofs | None = None, lock: threading.RLock | None = None
    ) -> None:
        self.host = host
        self.proofs = proofs if proofs is not None else Proofs()
        self.lock = lock or threading.RLock()
        self.closed = False
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
        # Solve's undecided search and the history it stood at (it can be large: let go
        # when the table changes, on Stop, and ``solve_keep`` seconds after it stopped)
        self._resume: tuple[list[str], Solver] | None = None
        self._cancel_release: Callable[[], None] | None = None
        # let go of its searches when the interpreter ends, if the table is still open
        close_at_exit(self)

    @property
    def settings(self) -> SolveSettings:
        return self.host.settings

    # ------------------------------------------------------------------ state read by the view

    @property
    def replaying(self) -> bool:
        """True while Solve searches or plays its solution."""
        return self._solving or bool(self._replay)

    @property
    def stepping(self) -> bool:
        """True while the replay itself plays a move (that change keeps the replay)."""
        return self._stepping

    @property
    def warning(self) -> bool:
        """The unwinnable warning is up: the switch is on and the position on the table
        is proved lost (by this session's check or by the live answer)."""
        return bool(self.settings.warn_unwinnable) and self.proofs.lost(self.host.game.history)

    @property
    def keeps_search(self) -> bool:
        """True while an undecided Solve's search is kept to go on from."""
        return self._resume is not None

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

    def known_line(self) -> list[str] | None:
        """The rest of a winning line from the position on the table, if one is known."""
        return self.proofs.line(self.host.game.history)

    def known_lost(self) -> bool:
        return self.proofs.lost(self.host.game.history)

    # ------------------------------------------------------------------ the table changed

    def reset(self) -> None:
        """Another game is shown: everything running is dropped."""
        self.halt()
        self.release()
        self.hint_busy = False

    def game_changed(self) -> None:
        """Any change to the game, from the page or from Python code; the host
        publishes afterwards and then calls ``check_soon``."""
        self.release()
        if not self._stepping:
            # Anything but the replay's own step takes the table back from the solver.
            self.halt()
        self.hint_busy = False

    def close(self) -> None:
        """The table closes: nothing more is searched, kept or said."""
        self.closed = True
        self.halt()
        self.release()

    # ------------------------------------------------------------------ Solve and its replay

    def solve(self) -> None:
        """Search for a win (``solve_budget`` seconds, off the main thread) and, when one
        is found, play it on the table step by step. Refused says why not."""
        g = self.host.game
        self.halt()
        if g.status == "won":
            raise Refused("already_won", level="info")
        known = self.proofs.known(g.history)
        if known is not None and known.result == "won":
            # a line found earlier (an exact hint, the warning's check, the live answer)
            # still holds: it is Solve's answer, with no search now (0 nodes)
            self.release()
            self.last_solve = SolveResult("won", list(known.line), 0, 0.0, known.engine)
            self._begin_replay(known.line)
            return
        if known is not None:
            self.release()
            key, args = self._lost()
            raise Refused(key, level="info", **args)
        self._job += 1
        job = self._job
        history = g.history
        # Solve pressed again at a position it could not decide goes on with that
        # search (see Solver) rather than starting over.
        resume, self._resume = self._resume, None
        self._stop_release_timer()
        if resume is not None and resume[0] == history:
            solver = resume[1]
        else:
            # someone is waiting for this answer: the search may take a second CPU
            solver = Solver(
                detached(g), threads=search_threads(), memory=MEMORY, memory_mb=SOLVE_MB
            )
        budget = self.settings.solve_budget
        # The node limit keeps the Python search's memory in bounds (some 290 bytes a
        # position); the compiled core caps its own table (core_search.MEMORY_MB) and
        # forgets what does not fit, so it needs none.
        limit = self.settings.solve_node_limit if solver.engine == "python" else None
        self._solving = True
        self.host.report()

        def done(result: Any) -> None:
            if job != self._job:
                return  # stopped, or the table changed
            self._solving = False
            self._solver = None
            self.last_solve = result
            self.proofs.learn_result(history, result)
            if result.result == "won" and result.solution:
                self._begin_replay(list(result.solution))
            elif result.result == "won":
                self._say("already_won")
            elif result.result == "lost":
                key, args = self._lost()
                self._say(key, **args)
            else:
                spent = result.seconds
                s = f"{spent:.0f}" if spent >= 1 else f"{spent:.2g}"
                if limit is None or result.nodes < limit:
                    self._keep(history, solver)
                    self._say("solve_unknown", s=s)
                else:
                    sep = "." if self.settings.lang == "el" else ","
                    n = f"{result.nodes:,}".replace(",", sep)
                    self._say("solve_gave_up", s=s, n=n)

        nodes = None if limit is None else max(limit - solver.nodes, 1)
        self._solver = solver
        self._background(lambda: solver.run(seconds=budget, nodes=nodes), done)

    def stop(self) -> bool:
        """Stops a search or replay started by Solve; True if one was running. A search
        kept to go on from is let go too (Stop: the player will not press Solve again
        at once)."""
        running = self.halt()
        self.release()
        if running:
            self._say("stopped")
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
            self._say("replay_failed", level="error")
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

    def release(self) -> None:
        """Lets go of the search an undecided Solve kept (its table can take hundreds
        of MB); Solve then starts afresh."""
        self._resume = None
        self._stop_release_timer()

    def _keep(self, history: list[str], solver: Solver) -> None:
        self._resume = (history, solver)
        self._stop_release_timer()

        def let_go() -> None:
            with self.lock:
                self._cancel_release = None
                if self._resume is not None and self._resume[1] is solver:
                    self._resume = None

        self._cancel_release = self.settings.scheduler.later(self.settings.solve_keep, let_go)

    def _stop_release_timer(self) -> None:
        cancel, self._cancel_release = self._cancel_release, None
        if cancel is not None:
            cancel()

    def _begin_replay(self, line: list[str]) -> None:
        self._replay = list(line)
        self._replay_total = len(line)
        self._say("solved", n=len(line))
        self._schedule_step()

    def _schedule_step(self) -> None:
        """The replay's next move, ``replay_delay`` seconds from now. Whatever goes wrong
        in scheduling it (a delay that is no number of seconds, a scheduler that
        fails) ends the replay and says so: the Solve button never stays on Stop."""
        try:
            self._schedule_next()
        except Exception as err:
            _log.warning("solitaire_widget: the replay stopped: %s", err)
            self.halt()
            self._say("replay_setting", level="error", why=str(err)[:120])

    def _schedule_next(self) -> None:
        job = self._job
        draw = bool(self._replay) and self._replay[0] == "draw"
        delay = _delay(self.settings.replay_delay) * (0.5 if draw else 1)  # draws go faster

        def fire() -> None:
            with self.lock:
                if job != self._job or self.closed:
                    return
                self._cancel_step = None
                try:
                    self.step()
                except Exception:
                    _log.exception("solitaire_widget: error in a replay step")
                    self.halt()
                    self._say("error", level="error")

        self._cancel_step = self.settings.scheduler.later(delay, fire)

    # ------------------------------------------------------------------ the exact hint

    def exact_hint(self) -> None:
        """Hint with ``exact=True``: the first move of a winning line. The search runs
        off the main thread on a copy (like ``Game.hint(exact=True)``, which it
        mirrors, but it also says whether the move is known to lead to a win). With
        ``thoughtful`` off, the honest hint instead (``honest_hint``)."""
        if not getattr(self.settings, "thoughtful", True):
            self.honest_hint()
            return
        g = self.host.game
        known = self.proofs.known(g.history)
        if known is not None and known.result == "won":
            self._hint(known.line[0], "hint_exact")
            return
        if known is not None:
            key, args = self._lost("hint")
            self._hint(g.hint(), key, **args)
            return
        self._hint_job += 1
        job, version = self._hint_job, self.host.table_version
        history, clone = g.history, detached(g)
        budget = self.settings.hint_budget
        self.hint_busy = True
        self.host.report()

        def done(result: Any) -> None:
            if job != self._hint_job or version != self.host.table_version:
                return  # the table changed, or another hint was asked for
            self.hint_busy = False
            self.proofs.learn_result(history, result)
            if result.result == "won" and result.solution:
                self._hint(result.solution[0], "hint_exact")
            elif result.result == "lost":
                key, args = self._lost("hint")
                self._hint(self.host.game.hint(), key, **args)
            else:
                self._hint(self.host.game.hint(), "hint_unknown")

        self._background(
            lambda: clone.solve(seconds=budget, threads=search_threads(), memory=_side()), done
        )

    def honest_hint(self) -> None:
        """The searched hint with ``thoughtful`` off: the move with the best chance from
        what the player can see and has seen (``Game.honest_hint``), never from a
        face-down card: every legal move tried in the same ``FIRST_WORLDS`` worlds, each
        world's search bounded so that the whole takes about ``hint_budget`` seconds.
        What the player has seen is read now, from the live game and its history; the
        worlds are searched off the main thread. Its words say what it rests on (the
        best chance from what you can see, or every card known where none is unseen)."""
        g = self.host.game
        budget = self.settings.hint_budget
        with g.lock:
            moves = len(g.legal_moves)
        per_world = budget / (FIRST_WORLDS * (1 + max(moves, 1)))
        work = honest_hint_work(g, FIRST_WORLDS, WORLD_NODES, per_world, 0, _side())
        self._hint_job += 1
        job, version = self._hint_job, self.host.table_version
        self.hint_busy = True
        self.host.report()

        def done(found: HonestHint | None) -> None:
            if job != self._hint_job or version != self.host.table_version:
                return  # the table changed, or another hint was asked for
            self.hint_busy = False
            if found is None:
                self._hint(self.host.game.hint(), "hint")
                return
            if found.chance.exact:
                key = "hint_honest_exact"
            elif found.chance.share is None:  # no world decided: the heuristics' move
                key = "hint_honest_unknown"
            else:
                key = "hint_honest"
            self._hint(found.move, key, chance=found.chance.text(self.settings.lang))

        self._background(work, done)

    # ------------------------------------------------------------------ the unwinnable warning

    def check_soon(self) -> None:
        """After a change has been sent: if the switch is on, ask the solver (a small
        budget, off the main thread) whether the deal can still be won. One check at a
        time; changes made meanwhile are checked when it ends."""
        if not self.settings.warn_unwinnable:
            return
        g = self.host.game
        if g.status != "playing" or self.replaying or self.proofs.known(g.history) is not None:
            return
        if self._checking:
            self._check_again = True
            return
        self._checking = True
        version, history, clone = self.host.table_version, g.history, detached(g)
        budget = self.settings.check_budget

        def done(result: Any) -> None:
            self._checking = False
            if version == self.host.table_version:
                self.proofs.learn_result(history, result)
                if result.result == "lost" and self.settings.warn_unwinnable:
                    self.host.report()  # the warning comes up
            if self._check_again or version != self.host.table_version:
                self._check_again = False
                self.check_soon()

        self._background(lambda: clone.solve(seconds=budget, memory=_side()), done)

    # ------------------------------------------------------------------ words

    def _say(self, key: str, level: str = "info", **args: Any) -> None:
        self.host.report(Said(key, level, args))

    def _hint(self, move: Any, key: str, **args: Any) -> None:
        shown = None if move is None else str(move)
        self.host.report(Said(key, "hint", args, hint=True, move=shown))

    def _lost(self, what: str = "solve") -> tuple[str, dict[str, str]]:
        """The notice for a position proved lost (Solve's, or with ``"hint"`` the hint's):
        which card can never move, where the position is lost on its face (as a
        teacher would say it), else just that."""
        g = self.host.game
        t = g.table
        # a face-down card is never named, not even as the one that holds the rest down
        shown = {
            card
            for index, pile in enumerate(t.piles)
            for position, card in enumerate(pile)
            if t.is_face_up(index, position)
        }
        blocked = [c for c in g.rules.blocked_cards(t.piles, t.hidden) if c in shown]
        if not blocked:
            # at the deal itself a loss is not "no longer": it was lost from the start
            return f"{what}_lost{'_start' if g.moves == 0 else ''}", {}
        lang = self.settings.lang
        names = [card_name(c, lang) for c in blocked]
        word = " και " if lang == "el" else " and "
        cards = ", ".join(names[:-1]) + word + names[-1] if len(names) > 1 else names[0]
        # Solve's words agree with the number of cards; the hint's read for either
        many = "_many" if len(names) > 1 and what == "solve" else ""
        return f"{what}_blocked{many}", {"cards": cards}

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
                if self.closed:
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
                    self._say("error", level="error")

        self.settings.scheduler.background(safe_work, finish)


def _side() -> core_search.Memory | None:
    """The budget of a hint's or a check's search: an eighth of the session's, within it."""
    return None if MEMORY is None else core_search.Memory(SIDE_MB, MEMORY)
