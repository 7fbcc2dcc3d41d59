"""A table's dealer for "winnable deals only", and the difficulty of the deal on it.

No Jupyter here. The table (solitaire_widget.play_session) asks ``new()`` for a deal
when New is pressed with the switch on. Where verdicts are published for the rules
(solitaire_widget.deals) a seed proved won is drawn at once, with no search. Otherwise
random seeds are solved on the scheduler's worker, one seed (``nodes`` positions) per
piece of work, so the table stays free between them; the first proved won is handed to
the table (``host.dealt``), a seed the search did not decide is skipped, and after
``tries`` seeds the table is told none was found. Anything else done to the table in
the meantime (a move, another New, another game) drops the search: its deal is never
dealt over the player's play.

``grade()`` finds how hard the deal on the table is (``Game.difficulty``: answered from
the published list where it grades the seed, else a search and a run of the hint policy
on the worker); until it is known the view says it is being measured.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from typing import Any, Protocol

from . import core_search
from .deals import Difficulty, published_list_of
from .game import DEAL_NODES, DEAL_TRIES, Game
from .games import game_key
from .games.base import Rules
from .scheduling import Scheduler

__all__ = ["Dealer", "DealerHost", "deal_key"]

_log = logging.getLogger(__name__)


class DealerHost(Protocol):
    """What a Dealer needs from its table."""

    @property
    def scheduler(self) -> Scheduler: ...

    @property
    def table_version(self) -> int: ...

    def dealt(self, seed: int) -> None:
        """Seed ``seed`` of the game and options asked for was proved won: the table
        deals it."""

    def dealer_changed(self, failed: bool = False) -> None:
        """The dealer's state changed (searching, a grade known, or none found)."""


class Dealer:
    """See the module's docstring."""

    def __init__(self, host: DealerHost, lock: threading.RLock) -> None:
        self.host = host
        self.lock = lock
        self.nodes = DEAL_NODES
        # where the compiled core has no part for the game (Pyodide has none), the
        # Python search runs some 100 times slower, and in Pyodide on the page's only
        # thread: each seed gets a tenth of the search, so one piece of work stays short
        self.python_nodes = DEAL_NODES // 10
        self.tries = DEAL_TRIES
        self.rng: random.Random = random.SystemRandom()
        self._job = 0  # grows with every request; older answers are dropped
        self.searching = False
        self.closed = False
        # grades measured: (game, options, seed) -> Difficulty, or None (not decided)
        self._grades: dict[tuple[str, str, int | None], Difficulty | None] = {}
        self._grading: tuple[str, str, int | None] | None = None
        # the next seed to try, asked for by an answer that came while trying one
        self._trying = False
        self._next: tuple[int, Rules, str | None, int, int] | None = None

    # ------------------------------------------------------------------ dealing

    def new(self, rules: Rules, difficulty: str | None) -> int | None:
        """A seed proved winnable under ``rules`` at once (from the published list),
        or None: then a search has started, and ``host.dealt`` deals what it finds."""
        self._job += 1
        self.searching = False
        listed = published_list_of(rules)
        if listed is not None:
            seeds = listed.seeds() if difficulty is None else listed.graded(difficulty)
            if seeds:
                seed: int = self.rng.choice(seeds)
                return seed
        self.searching = True
        self._try(self._job, rules, difficulty, self.tries, self.host.table_version)
        return None

    def cancel(self) -> None:
        """The table changed: a search under way is dropped."""
        if self.searching:
            self._job += 1
            self.searching = False

    def _try(self, job: int, rules: Rules, wanted: str | None, left: int, at: int) -> None:
        """Tries seeds, one at a time, until one is what is wanted or ``left`` ran out.
        A loop, not a recursion: a scheduler that runs background work at once (the
        tests', a script's) answers each seed inside the call that tried it, and 200
        seeds tried one inside another ran out of Python's stack (a rule set whose won
        deals are rare). An answer that comes while a seed is being tried leaves the
        next try here, and the loop takes it."""
        with self.lock:
            if self._trying:
                self._next = (job, rules, wanted, left, at)
                return
            self._trying = True
            try:
                step: tuple[int, Rules, str | None, int, int] | None = (
                    job,
                    rules,
                    wanted,
                    left,
                    at,
                )
                while step is not None:
                    self._next = None
                    self._try_one(*step)
                    step = self._next
            finally:
                self._trying = False
                self._next = None

    def _try_one(self, job: int, rules: Rules, wanted: str | None, left: int, at: int) -> None:
        seed = self.rng.getrandbits(32)
        nodes = self.budget(rules)

        def work() -> tuple[Game, Difficulty | None, bool]:
            if job != self._job:  # dropped while it waited for a worker
                return Game(rules, seed=seed), None, False
            game = Game(rules, seed=seed)
            if wanted is not None:
                found = game.difficulty(nodes=nodes)
                return game, found, found is not None and found.grade == wanted
            won = game.solve(seconds=None, nodes=nodes).result == "won"
            return game, None, won

        def done(out: tuple[Game, Difficulty | None, bool]) -> None:
            game, found, ok = out
            if job != self._job or self.closed:
                return
            if self.host.table_version != at:
                self.searching = False  # the player went on playing: nothing is dealt
                self.host.dealer_changed()
                return
            if ok:
                self.searching = False
                if found is not None:
                    self._grades[deal_key(game)] = found
                assert game.seed is not None
                self.host.dealt(game.seed)
            elif left > 1:
                self._try(job, rules, wanted, left - 1, at)
            else:
                self.searching = False
                self.host.dealer_changed(failed=True)

        self._background(work, done)

    def budget(self, rules: Rules) -> int:
        """The search one seed gets: ``nodes``, or ``python_nodes`` without the core."""
        return self.nodes if core_search.available(rules) else self.python_nodes

    # ------------------------------------------------------------------ the grade

    def grade_of(self, game: Game) -> tuple[str | None, bool]:
        """The grade of the deal ``game`` ("easy", "medium", "hard" or None: not known)
        and whether it is being measured."""
        key = deal_key(game)
        if key in self._grades:
            found = self._grades[key]
            return (found.grade if found else None), False
        return None, self._grading == key

    def grade_by_key(self, key: tuple[str, str, int | None]) -> str | None:
        """The grade of the deal ``key`` (``deal_key``) where it was measured."""
        found = self._grades.get(key)
        return found.grade if found else None

    def pending(self, game: Game) -> bool:
        """The grade of ``game`` is not measured yet (it may be under way)."""
        return deal_key(game) not in self._grades

    def difficulty_of(self, game: Game) -> Difficulty | None:
        return self._grades.get(deal_key(game))

    def look_up(self, game: Game) -> bool:
        """The grade of ``game`` from the published list, with no search; True if known."""
        key = deal_key(game)
        if key in self._grades:
            return True
        listed = published_list_of(game.rules) if game.seed is not None else None
        known = listed.difficulty(game.seed) if listed and game.seed is not None else None
        if known is not None:
            self._grades[key] = known
        return known is not None

    def grade(self, game: Game) -> None:
        """Measures the deal ``game`` (once), in the background where it needs a search."""
        key = deal_key(game)
        if self.look_up(game) or self._grading == key:
            return
        self._grading = key
        start = game.position(0)
        nodes = self.budget(game.rules)

        def work() -> Difficulty | None:
            if self._grading != key:
                return None
            return start.difficulty(nodes=nodes)

        def done(found: Difficulty | None) -> None:
            if self.closed or self._grading != key:
                return
            self._grading = None
            if len(self._grades) > 1000:  # a long session: keep the memory bounded
                self._grades.clear()
            self._grades[key] = found
            self.host.dealer_changed()

        self._background(work, done)

    def forget(self) -> None:
        """Another deal is on the table: a measurement under way is dropped."""
        self._grading = None

    # ------------------------------------------------------------------ running

    def _background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        def safe() -> tuple[bool, Any]:
            try:
                return True, work()
            except Exception as e:  # reported in finish
                return False, e

        def finish(out: tuple[bool, Any]) -> None:
            with self.lock:
                ok, value = out
                if self.closed:
                    return
                if not ok:
                    _log.error("solitaire_widget: the dealer's search failed", exc_info=value)
                    self.searching = False
                    self._grading = None
                    self.host.dealer_changed(failed=True)
                    return
                try:
                    done(value)
                except Exception:
                    _log.exception("solitaire_widget: error in the dealer's answer")

        self.host.scheduler.background(safe, finish)

    def close(self) -> None:
        self.closed = True
        self._job += 1


def deal_key(game: Game) -> tuple[str, str, int | None]:
    """Names a deal: the game (``games.game_key``), its options and the seed."""
    return game_key(game.rules), repr(sorted(game.options.items())), game.seed
