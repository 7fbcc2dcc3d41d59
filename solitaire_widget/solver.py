"""Solving a position: the portfolio of searches that answers "can this still be won,
and how?" within a budget.

A ``Solver`` runs one position's main search (the compiled core where it has a part for
the game, else the Python reference search of ``solitaire_widget.search``, the same
search node for node) and, by turns, the side searches that decide what the main one
would take long over: probes in random move orders, the same position under the game's
loosest rules, streamliners that keep the waste short. ``solve`` is one run of one
``Solver``. The search itself, its pruning rules and what they rest on, are described in
``solitaire_widget.search``; this module knows no game by name either.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from typing import TYPE_CHECKING, Any, Protocol

from . import budgets, core_search
from .games import search_scope
from .games.base import Rules as RulesType
from .games.base import Table as TableType
from .generic_search import GenericSearch
from .moves import Move
from .search import CHECK_EVERY, BudgetSpent, Search
from .solve_result import PARTS, SolveResult

if TYPE_CHECKING:
    from .games.base import Rules, Table


class Positioned(Protocol):
    """Anything with a position to solve: a ``Game`` (this module knows nothing of
    ``game.py``; ``game_search.solve``, which ``Game.solve`` hands the game to, calls
    it with the game's table)."""

    @property
    def table(self) -> Table: ...


def search_threads() -> int:
    """The threads a search someone is waiting for may take (``Solver``'s ``threads``):
    2 where this process may run on two CPUs or more, else 1."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return 2 if cpus >= 2 else 1


# What the transposition table of one streamliner may take at most, in MB, in the
# compiled core: a side search beside the main one, so at most a sixteenth of the
# solve's budget too (most run out, and are dropped with their tables, long before)
STREAMLINER_MB = 32.0

# One solve keeps to one memory budget (``memory_mb``), shared out in the compiled core
# (``core_search.Memory``) so that its searches never hold more together, the helper
# threads' included: the probes, one at a time, have an eighth of it, the streamliners
# together a quarter (each its STREAMLINER_MB, and its memo), and the main search the
# rest, half of it while the search under the loosest rules runs beside it (that one
# has the other half; when it is let go, the main search may have the whole rest). A
# table grows by doubling, so of the default 768 MB the two halves of 672 MB hold
# tables of 256 MB each, and a main search alone one of 512 MB.
PROBES_SHARE = 1 / 8
STREAMLINERS_SHARE = 1 / 4


# A time budget of this many seconds (some 30 years) or more is no time bound: the
# search runs as with ``seconds=None`` (its node budget, if any, bounds it). Clocks and
# the compiled core's deadline (a 64-bit count of ticks) are not made for more, and a
# deadline that overflowed would end every turn at once with nothing searched, while
# the clock, never reaching the budget, kept the turns coming for ever.
NO_CLOCK = 1e9


ENGINES = ("auto", "core", "python")


def _engine(engine: str, rules: Rules) -> str:
    """The search that will run: ``"auto"`` is the compiled core where it is loaded and
    has the part that searches the game (``rules.core_part``), else the Python search;
    ``"core"`` where it has none is an error that says why."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if engine == "auto":
        return "core" if core_search.available(rules) else "python"
    if engine == "core" and not core_search.available(rules):
        generic = search_scope.untrusted(rules)
        if not core_search.available():
            why = "the compiled core (solitaire_core) is not installed here"
        elif generic is not None:
            # the core's part plays the rules it was written for, not these
            why = f"its part searches other rules: {generic}"
        elif rules.core_part is None:
            why = f"{rules.title} has no part in the compiled core (its Rules name no core_part)"
        else:
            why = (
                f"the compiled core has no part {rules.core_part!r} for {rules.title} "
                f"(it has {', '.join(core_search.parts())})"
            )
        raise RuntimeError(f"engine='core' asked for, but {why}; engine='python' searches it")
    return engine


def _check_threads(threads: object) -> None:
    # 1 or 2 as an int: True == 1 and 2.0 == 2, but neither is a number of threads
    if isinstance(threads, bool) or not isinstance(threads, int) or threads not in (1, 2):
        raise ValueError(f"threads must be 1 or 2, not {threads!r}")


def _parts(
    rules: Rules, prune: bool, probes: bool, wide: bool, streamliners: tuple[int, ...]
) -> tuple[str, ...]:
    """The parts of ``PARTS`` a solve of ``rules`` runs: those the game defines and its
    options leave on (``Rules.search_off``), as ``Search`` and the core's part switch
    them; none without pruning (the generic search, ``prune=False``)."""
    if not prune:
        return ()
    kind, base = type(rules), RulesType
    on = {
        "safe moves": kind.safe_card is not base.safe_card
        or kind.search_force is not base.search_force,
        "mirror targets": bool(rules.search_mirror),
        "pending rule": rules.search_pending_rule() is not None,
        "bared card up": bool(rules.search_bared_up),
        "blocked cards": kind.blocked_cards is not base.blocked_cards
        or kind.search_blocked is not base.search_blocked,
        "capacity proof": bool(rules.search_capacity),
        "looser rules": wide,
        "probes": probes,
        "streamliners": bool(streamliners),
    }
    off = rules.search_off()
    return tuple(name for name in PARTS if on[name] and name not in off)


def _loosest(table: Table) -> Table | None:
    """The same position under the loosest rules of its game (``Rules.loosest``, which
    argues that a position they lose is lost under these too), when ``table``'s rules
    are stricter; None otherwise. A win there is a win here only if it replays here."""
    loose = table.rules.loosest()
    if loose is None:
        return None
    return TableType(loose, [list(p) for p in table.piles], 0, table.base, list(table.hidden))


def _wins_here(table: Table, line: list[str]) -> bool:
    """Whether ``line`` is legal move by move on ``table`` (a copy) and wins it."""
    t = table.copy()
    for action in line:
        move = Move.parse(action)
        if t.reason(move) is not None:
            return False
        t.apply(move)
    return t.is_won()


class Solver:
    """A search for a win from one position that can go on where it stopped: after an
    ``"unknown"``, calling ``run`` again spends a further budget on the same search
    instead of starting over. ``solve`` is one call of one ``Solver``.

    The position is copied when the solver is made, so the game may go on meanwhile.
    Options as for ``solve``.
    """

    def __init__(
        self,
        game: Positioned | Table,
        *,
        prune: bool = True,
        probes: bool | None = None,
        relax: bool | None = None,
        streamline: bool | None = None,
        engine: str = "auto",
        memory_mb: float | None = None,
        threads: int = 1,
        memory: core_search.Memory | None = None,
    ) -> None:
        _check_threads(threads)
        memory_mb = budgets.megabytes(memory_mb, "memory_mb")
        if isinstance(game, TableType):
            table = game.copy()
        else:
            # a Game another thread may be playing on: copied under its lock, in one step
            # (the search then runs on the copy, holding nothing)
            with getattr(game, "lock", None) or contextlib.nullcontext():
                table = game.table.copy()
        self.table = table
        rules = table.rules
        self.engine = _engine(engine, rules)
        # whose search runs: the game's where its knowledge was argued for these rules,
        # else the generic one (games/search_scope.py), alone: no side search either
        self.why_generic = search_scope.untrusted(rules)
        self.search = "game" if self.why_generic is None else "generic"
        if self.search == "generic":
            prune = False
        self.probes = (rules.search_probes if probes is None else probes) and prune
        self.threads = threads
        loose = _loosest(table) if self.probes and relax is not False else None
        # the streamliners' waste caps (made at their first turn), while any is running
        self.streamliners: tuple[int, ...] = (
            tuple(rules.search_streamliners) if prune and streamline is not False else ()
        )
        # what of the game's search knowledge runs (SolveResult.parts)
        self.parts = _parts(rules, prune, self.probes, loose is not None, self.streamliners)
        self.memory_mb: float | None = None
        self.memory: core_search.Memory | None = None  # the solve's budget (the core's)
        self._shares: dict[str, core_search.Memory] = {}
        self._rest = 0.0  # what the main search and the loosest rules' share together
        if self.engine == "core":
            self._share_memory(memory_mb, memory, wide=loose is not None)
        self.main = self._search(table, prune=prune, threads=threads, share="main")
        # the search under the loosest rules, while it may still decide something
        # (with threads=2 it has a helper too: the helper thread goes with the turn)
        self.wide = (
            self._search(loose, threads=threads, share="wide") if loose is not None else None
        )
        self._lines: list[Any] | None = None
        self._next_line = 0  # the streamliner whose turn is next
        self.runs = 0  # calls to run so far
        self.k = 0  # probes started so far (each probe's order is seeded by its number)
        self._probe: Any = None  # the probe having its turn
        self._wide_set_up = False  # whether the loosest rules' search has had a run
        self._cancelled = False
        self.nodes = 0
        self.seconds = 0.0
        self.verdict: tuple[str, list[str]] | None = None

    def _share_memory(
        self, memory_mb: float | None, within: core_search.Memory | None, wide: bool
    ) -> None:
        """The solve's budget (``memory_mb``, by default ``within``'s whole or
        ``core_search.MEMORY_MB``; within ``within`` if given) and its shares (see
        PROBES_SHARE)."""
        if memory_mb is None:
            memory_mb = core_search.MEMORY_MB if within is None else within.mb
        self.memory_mb = memory_mb
        budget = self.memory = core_search.Memory(memory_mb, within)
        rest = memory_mb
        if self.probes:
            self._shares["probe"] = core_search.Memory(memory_mb * PROBES_SHARE, budget)
            rest -= memory_mb * PROBES_SHARE
        if self.streamliners:
            self._shares["lines"] = core_search.Memory(memory_mb * STREAMLINERS_SHARE, budget)
            rest -= memory_mb * STREAMLINERS_SHARE
        self._rest = rest
        self._shares["main"] = core_search.Memory(rest / 2 if wide else rest, budget)
        if wide:
            self._shares["wide"] = core_search.Memory(rest / 2, budget)

    def _drop_wide(self) -> None:
        """The search under the loosest rules is let go: its share is the main one's."""
        self.wide = None
        if "main" in self._shares:
            self._shares["main"].mb = self._rest

    def _search(
        self,
        table: Table,
        *,
        prune: bool = True,
        order: int | None = None,
        waste_cap: int | None = None,
        threads: int = 1,
        share: str = "main",
    ) -> Any:
        """One search of ``table`` by this solver's engine; ``order`` seeds a probe's,
        ``waste_cap`` makes a streamliner, ``threads`` 2 gives the core's a helper;
        ``share`` names the part of the solve's memory budget it draws from."""
        if self.engine == "core":
            assert self.memory_mb is not None
            # its own cap is the solve's whole budget: the share holds it to less
            mb = self.memory_mb
            if waste_cap is not None:  # a streamliner is a side search: it keeps less
                mb = max(1.0, min(mb / 16, STREAMLINER_MB))
            return core_search.CoreSearch(
                table,
                prune=prune,
                order=order,
                memory_mb=mb,
                waste_cap=waste_cap,
                threads=threads,
                memory=self._shares[share],
            )
        if self.search == "generic":
            return GenericSearch(table)
        rng = None if order is None else random.Random(order)
        return Search(table, prune=prune, order=rng, waste_cap=waste_cap)

    def _searches(self) -> list[Any]:
        return [
            s for s in (self.main, self.wide, self._probe, *(self._lines or ())) if s is not None
        ]

    def cancel(self) -> None:
        """From another thread: the run in progress (or else the next one) ends within
        a moment, undecided unless it has just decided; ``run`` may be called again to
        go on."""
        self._cancelled = True
        for s in self._searches():
            s.cancel()

    @property
    def result(self) -> str:
        """``"won"``, ``"lost"``, or ``"unknown"`` while undecided."""
        return "unknown" if self.verdict is None else self.verdict[0]

    def run(self, seconds: float | None = 10.0, nodes: int | None = None) -> SolveResult:
        """Search on for at most ``seconds`` and ``nodes`` more (None: no bound). The
        result's ``nodes`` and ``seconds`` count every run so far. TypeError or
        ValueError, before any search, for a budget that is not a finite number >= 0
        (``solitaire_widget.budgets``): NaN would never run out."""
        seconds = budgets.seconds(seconds, "seconds")
        nodes = budgets.count(nodes, "nodes")
        if seconds is not None and seconds >= NO_CLOCK:
            seconds = None  # a clock that never runs out is none (see NO_CLOCK)
        start = time.perf_counter()
        try:
            if self.verdict is None:
                self.verdict = self._run(seconds, nodes, start)
        finally:
            # the helper threads (threads=2) must not run on between calls
            self.main.pause()
            if self.wide is not None:
                self.wide.pause()
            # a cancel is for the run it met (or the next, if it came between runs)
            self._cancelled = False
            for search in self._searches():
                search.cancel(False)
            self.runs += 1
            self.seconds += time.perf_counter() - start
        result, line = self.verdict if self.verdict is not None else ("unknown", [])
        memory = self.memory
        return SolveResult(
            result,
            list(line),
            self.nodes,
            self.seconds,
            self.engine,
            self.memory_mb,
            0.0 if memory is None else memory.peak_mb,
            memory is not None and memory.full,
            self.search,
            self.parts,
        )

    def _run(
        self, seconds: float | None, nodes: int | None, start: float
    ) -> tuple[str, list[str]] | None:
        main = self.main
        lines = self.streamliners
        if not (self.probes or lines) or (seconds is None and nodes is None):
            before = main.nodes
            try:
                if self.threads > 1 and seconds is not None and nodes is None and not self.runs:
                    # the helper starts after a first run: most deals need none
                    try:
                        return main.run(seconds / 16, None)
                    except BudgetSpent:
                        seconds -= time.perf_counter() - start
                return main.run(max(0.0, seconds) if seconds is not None else None, nodes)
            except BudgetSpent:
                return None
            finally:
                self.nodes += main.nodes - before
        # The first run gives the main search 1/16 (most deals are decided in it); then
        # turns of (loosest rules 2/16, probe 1/16, main 2/16), or of (probe, main)
        # where there are no looser rules: the side searches decide many of the deals
        # the main search would take long over (seeds 1-100 of each rule set that has
        # probes, 16 million nodes each: as many decided as with the main search's half
        # first, 95-98 of them within 2 million nodes instead of 90-97). Streamliners (for
        # games with no probes) have 1/16 after the main search's first 1/16, then the
        # main search 6/16, then turns of (streamliners 1/16, main 3/16): their wins come
        # cheap, but only the main search proves a loss.
        share_s = None if seconds is None else seconds / 16
        share_n = None if nodes is None else max(nodes // 16, CHECK_EVERY)
        used = 0

        def left() -> bool:
            if self._cancelled:
                return False
            if seconds is not None and time.perf_counter() - start >= seconds:
                return False
            return nodes is None or used < nodes

        def spend(
            search: Search, secs: float | None, count: int | None
        ) -> tuple[str, list[str]] | None:
            # never past what is left of the whole budget (a search looks at its budget
            # every CHECK_EVERY nodes, so the whole run ends within that of its bound)
            # (a budget of 0 still lets a search answer for a position its forced moves
            # win, and costs nothing else)
            nonlocal used
            if nodes is not None and count is not None:
                count = max(0, min(count, nodes - used))
            if seconds is not None and secs is not None:
                secs = max(0.0, min(secs, seconds - (time.perf_counter() - start)))
            before = search.nodes
            if search is main or search is self.wide:
                # one helper thread at a time: the one of the search whose turn it is
                # (during a probe's or streamliner's turn the last one keeps going)
                for other in (main, self.wide):
                    if other is not None and other is not search:
                        other.pause()
            try:
                return search.run(secs, count)
            except BudgetSpent:
                return None
            finally:
                used += search.nodes - before
                self.nodes += search.nodes - before

        def turn(search: Search, parts: int) -> tuple[str, list[str]] | None:
            return spend(
                search,
                None if share_s is None else share_s * parts,
                None if share_n is None else share_n * parts,
            )

        def streamline() -> tuple[str, list[str]] | None:
            # One turn (1/16) for the streamliners still running, shared out in turn from
            # where the last turn stopped (a search looks at its budget only every
            # CHECK_EVERY nodes, so each gets at least that many and the turn ends when
            # its share is spent). One that runs out has searched all it covers, with no
            # win, and is dropped.
            if self._lines is None:
                self._lines = [self._search(self.table, waste_cap=c, share="lines") for c in lines]
            began, spent_before = time.perf_counter(), used
            todo = len(self._lines)  # each runs at most once a turn
            while todo and self._lines and left():
                secs = count = None
                if share_s is not None:
                    secs = share_s - (time.perf_counter() - began)
                    if secs <= 0:
                        break
                    secs /= todo
                if share_n is not None:
                    count = share_n - (used - spent_before)
                    if count <= 0:
                        break
                    count = max(count // todo, CHECK_EVERY)
                todo -= 1
                search = self._lines[self._next_line % len(self._lines)]
                verdict = spend(search, secs, count)
                if verdict is None:
                    self._next_line += 1
                elif verdict[0] == "won":
                    return verdict
                else:
                    self._lines.remove(search)
            return None

        out = None
        if self.runs == 0:
            # the main search first, briefly (most deals are decided at once); with
            # streamliners, then they and the main search again
            out = turn(main, 1)
            if lines and not self.probes:
                if out is None and left():
                    out = streamline()
                if out is None and left():
                    out = turn(main, 6)
        while out is None and left():
            used_before = used
            if self.wide is not None:
                verdict = None
                if self.threads > 1 and self.engine == "core" and not self._wide_set_up and share_s:
                    # Its first turn comes only once the main search has had its first
                    # sixteenth undecided, so it has its helper at once: a first run of
                    # no nodes sets the search up (it may answer from its root), and a
                    # timed run after that starts the helper (a first run does not).
                    self._wide_set_up = True
                    verdict = spend(self.wide, None, 0)
                if verdict is None:
                    verdict = turn(self.wide, 2)
                if verdict is not None:
                    self._drop_wide()  # decided: it has nothing more to give
                    if verdict[0] == "lost" or _wins_here(self.table, verdict[1]):
                        return verdict
                if not left():
                    break
            if self.probes:
                self.k += 1
                probe = self._probe = self._search(self.table, order=self.k, share="probe")
                if self._cancelled:
                    probe.cancel()
                found = turn(probe, 1)
                # let go of it before the next is made: the two would share the share
                self._probe = probe = None
                if found is not None:  # a probe that runs to the end is a whole search too
                    return found
            elif lines and (self._lines is None or self._lines):
                # (None: the first run's budget ran out before their first turn)
                found = streamline()
                if found is not None:
                    return found
            if left():
                out = turn(main, 2 if self.probes else 3)
            if out is None and seconds is None and used == used_before:
                # Defence in depth: with no clock to run out, a round of turns that
                # searched no node would come round for ever (each search answers or
                # spends at least a node of a budget it is given; this holds the loop
                # to that rather than trusting it). With a clock, a round may well
                # search nothing (a fresh probe's setup can outlast a short turn) and
                # the clock ends the loop.
                break
        return out


def solve(
    game: Positioned | Table,
    seconds: float | None = 10.0,
    nodes: int | None = None,
    *,
    prune: bool = True,
    probes: bool | None = None,
    relax: bool | None = None,
    streamline: bool | None = None,
    engine: str = "auto",
    memory_mb: float | None = None,
    threads: int = 1,
    memory: core_search.Memory | None = None,
) -> SolveResult:
    """Search for a win from ``game``'s current position.

    ``seconds`` and ``nodes`` bound the search (None: no bound); when either runs out the
    result is ``"unknown"``. ``prune=False`` turns off the dominance rules (slow; for
    tests). The position itself is never changed. To go on with a search that ran out
    of budget, use a ``Solver``.

    ``probes`` (by default as the game's ``Rules.search_probes`` says): once a
    sixteenth of the budget is spent undecided, the rest goes by turns to short
    searches in random move orders, which often find a win that the main order would
    reach late, and to the main search going on where it stopped (only it can prove a
    deal lost). Each probe is a fresh, complete search; a win from any of them is as
    good as any other, and is replayed by the tests.

    ``relax`` (by default on where the game names looser rules, ``Rules.loosest``, and
    ``probes`` is on): the turns also go to a search of the same position under the
    loosest rules (see ``_loosest``). If that search proves the position lost, it is
    lost here too; if it finds a win whose line is also legal here, that is the answer.

    ``streamline`` (by default on where the game names waste caps,
    ``Rules.search_streamliners``, and there are no probes): a sixteenth of the budget,
    after the main search's first sixteenth, then turns, go to streamliners, searches
    that never expand a position whose waste holds more cards than their cap. Each
    covers only part of the game, so a win from one is a win and its running out
    proves nothing; the main search keeps the rest of the budget, and only it proves a
    deal lost.

    ``engine``: ``"auto"`` (the compiled core where it is loaded, else Python), ``"core"``
    or ``"python"``; the result's ``engine`` says which ran. Both searches are the same
    search, node for node (tests/test_core.py); the core is some 20-40 times faster.
    ``memory_mb`` is the memory budget of the whole solve in the compiled core
    (``core_search.MEMORY_MB``, 768 MB, by default): every search it runs, the helper
    threads' too, draws its transposition table and memos from it (shared out as
    PROBES_SHARE says), and a search that finds its share full forgets positions off its
    path instead of growing: slower, never wrong. ``memory`` (a ``core_search.Memory``)
    makes the solve's budget part of a larger one that other solves share (the
    widget's searches do); ``memory_mb`` then defaults to all of it. The result's
    ``memory_mb``, ``memory_peak_mb`` and ``memory_hit`` say what the solve kept to, the
    most it held and whether it reached it.

    ``threads=2`` (the core only, and only for a budget of time alone) gives the main
    search a helper on a second thread once its first sixteenth is spent undecided: a
    second search of the same position in a random move order, sharing the table, each
    skipping what the other has searched to its end; the first to end answers. It
    keeps running while the side searches have their turns. A loss that takes one search
    14 s to prove takes the two 7.5 s, with as many nodes in all (benchmarks/solver.py,
    ``core-2t``). ``search_threads()`` says what the machine can give; the widget's
    Solve and exact hint use that.
    """
    # checked before the Solver takes its copy and its memory (Solver.run checks again)
    budgets.seconds(seconds, "seconds")
    budgets.count(nodes, "nodes")
    return Solver(
        game,
        prune=prune,
        probes=probes,
        relax=relax,
        streamline=streamline,
        engine=engine,
        memory_mb=memory_mb,
        threads=threads,
        memory=memory,
    ).run(seconds, nodes)


# BudgetSpent and Search are the reference searchs (solitaire_widget.search), here too
__all__ = ["BudgetSpent", "Search", "SolveResult", "Solver", "search_threads", "solve"]
