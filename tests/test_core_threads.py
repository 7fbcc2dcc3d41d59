"""The core's helper search (``threads=2``): a second search of the same position on
its own thread, sharing the transposition table. What it must never change is the
answer: every verdict equals the search alone's, every win replays, and a table that
forgets positions stays sound. Which of the two ends first is up to the machine, so
these tests look at answers, never at node counts.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solitaire_widget import Game
from solitaire_widget.games import variants
from solitaire_widget.solver import Solver, search_threads, solve

core = pytest.importorskip("solitaire_core")

from solitaire_widget import core_search  # noqa: E402
from solitaire_widget.core_search import CoreSearch  # noqa: E402
from solitaire_widget.search import BudgetSpent  # noqa: E402

# every variant of every game the core has a part for
VARIANTS = [v for v in variants() if core_search.available(v.game)]


def decided_deals(variant, won: int = 6, lost: int = 2) -> dict[int, str]:
    """Seed -> verdict of the search alone, for the first ``won`` deals from seed 100 on
    that it wins within 300,000 nodes and the first ``lost`` that it loses (both kinds,
    where seeds 100-399 hold them)."""
    found: dict[int, str] = {}
    for seed in range(100, 400):
        g = Game(variant.game, seed=seed, **variant.options)
        try:
            result = CoreSearch(g.table).run(None, 300_000)[0]
        except BudgetSpent:
            continue  # too long for a test
        if list(found.values()).count(result) < (won if result == "won" else lost):
            found[seed] = result
        if len(found) == won + lost:
            break
    return found


def with_helper(g: Game, memory_mb: float = 64) -> tuple[CoreSearch, tuple[str, list[str]]]:
    """Search ``g`` with a helper from (almost) the first node: a first run with no time
    leaves the search undecided at its root, and the next run starts the helper."""
    s = CoreSearch(g.table, threads=2, memory_mb=memory_mb)
    try:
        return s, s.run(0.0, None)  # decided at its root, by its forced moves alone
    except BudgetSpent:
        pass
    return s, s.run(120.0, None)


def replays(g: Game, line: list[str]) -> bool:
    for action in line:
        g.play(action)
    return g.is_won


@pytest.mark.slow  # a deal per variant, searched with and without the helper
@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_the_helper_never_changes_a_verdict(variant):
    deals = decided_deals(variant)
    # both kinds are checked: wins, and losses (which the helper must search to the end)
    assert sorted(set(deals.values())) == ["lost", "won"], deals
    for seed, alone in deals.items():
        g = Game(variant.game, seed=seed, **variant.options)
        _, (result, line) = with_helper(g)
        assert result == alone, seed
        if result == "won":
            assert replays(g, line), seed


def test_the_helper_searches_and_splits_the_work():
    g = Game("kansas", seed=25)  # lost, in some 125,000 nodes alone
    alone = CoreSearch(g.table)
    assert alone.run(None, None)[0] == "lost"
    s, (result, _) = with_helper(g)
    assert result == "lost"
    assert s._search.helper_nodes > 0
    # the two skip what the other has searched to its end: together they search about
    # what one search alone does, not twice as much
    assert s.nodes < 1.5 * alone.nodes


def test_a_win_found_with_a_helper_replays_through_a_table_that_forgets():
    for seed, want in ((25, "lost"), (32, "won")):
        g = Game("kansas", seed=seed)
        s, (result, line) = with_helper(g, memory_mb=1)
        assert result == want
        assert s._search.evictions > 0
        if result == "won":
            assert replays(g, line)


def test_the_helper_stops_between_runs_once_paused():
    # undecided for far longer than these runs
    s = CoreSearch(Game("kansas", seed=72).table, threads=2, memory_mb=64)
    for seconds in (0.0, 0.3):
        with pytest.raises(BudgetSpent):
            s.run(seconds, None)
    # a run of less than half a second does not start it (growing the table would cost
    # more than it wins back)
    assert s._search.helper_nodes == 0
    with pytest.raises(BudgetSpent):
        s.run(0.6, None)
    # between runs the helper goes on (the side searches have their turns meanwhile):
    # waited for, not timed (under TSan at load 12, 0.2 s saw no node of it)
    before = s._search.helper_nodes
    deadline = time.monotonic() + 30
    while s._search.helper_nodes <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert s._search.helper_nodes > before
    s.pause()
    paused = s.nodes
    time.sleep(0.2)
    assert s.nodes == paused
    # and a node budget is searched by the main search alone
    with pytest.raises(BudgetSpent):
        s.run(None, 10_000)
    helper = s._search.helper_nodes
    time.sleep(0.1)
    assert s._search.helper_nodes == helper


def test_the_solver_pauses_its_helper_and_answers_as_alone():
    g = Game("kansas", seed=25)
    solver = Solver(g, threads=2, memory_mb=64)
    r = solver.run(0.01)  # a small part of the 0.07 s it takes
    assert r.result == "unknown"  # the helper has started: it must not run on after run
    n = solver.main.nodes
    time.sleep(0.2)
    assert solver.main.nodes == n
    r = solver.run(60)
    assert r.result == "lost" and r.engine == "core"
    assert solve(Game("kansas", seed=10), 60, threads=2).result == "won"


def test_the_looser_rules_search_has_the_helper_in_its_turns():
    # Saratoga's default game: beside the main search, turns go to the same deal under
    # the loosest rules (where most of its losses are proved), and with threads=2 the
    # helper thread goes with the turn. Seed 276 is undecided after 4 s either way.
    solver = Solver(Game("saratoga", seed=276), threads=2, memory_mb=64)
    assert solver.wide is not None
    r = solver.run(4.0)
    assert r.result == "unknown"
    assert solver.main._search.helper_nodes > 0 and solver.wide._search.helper_nodes > 0
    n = solver.main.nodes + solver.wide.nodes
    time.sleep(0.2)  # neither helper runs on after the run
    assert solver.main.nodes + solver.wide.nodes == n


def test_threads_are_checked():
    g = Game("kansas", seed=3)
    for bad in (0, 3):
        with pytest.raises(ValueError, match="threads"):
            Solver(g, threads=bad)
        with pytest.raises(ValueError, match="threads"):
            CoreSearch(g.table, threads=bad)
    assert search_threads() in (1, 2)


def test_the_sanitized_build_is_the_one_tested():
    # core/scripts/sanitize.sh sets SC_SANITIZED to the folder of its build (this file
    # runs under AddressSanitizer and under ThreadSanitizer there)
    import os

    where = os.environ.get("SC_SANITIZED")
    if not where:
        pytest.skip("not the sanitizer run")
    assert core.__file__.startswith(where)


@pytest.mark.parametrize(("engine", "threads"), [("core", 2), ("core", 1), ("python", 1)])
def test_a_run_cancelled_from_another_thread_stops_and_can_go_on(engine, threads):
    # undecided for far longer than these runs
    solver = Solver(Game("kansas", seed=72), engine=engine, threads=threads, memory_mb=64)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(solver.run(60)))
    worker.start()
    time.sleep(0.5)
    solver.cancel()
    worker.join(20)  # well before the minute the run was given
    assert not worker.is_alive()
    assert out[0].result == "unknown" and out[0].seconds < 20
    # nothing runs on, and the next run goes on where it stopped
    stopped = solver.main.nodes
    time.sleep(0.1)
    assert solver.main.nodes == stopped
    again = solver.run(0.3)
    assert again.result == "unknown" and again.nodes > out[0].nodes
    # a cancel that comes between runs is for the next one
    solver.cancel()
    assert solver.run(60).seconds < 20
    assert solver.run(0.3).nodes > again.nodes


def test_pause_from_another_thread_waits_for_the_run_and_does_not_deadlock():
    # undecided for far longer than these runs
    s = CoreSearch(Game("kansas", seed=72).table, threads=2, memory_mb=64)
    with pytest.raises(BudgetSpent):
        s.run(0.0, None)
    ran: list[str] = []

    def run() -> None:
        try:
            s.run(1.0, None)
        except BudgetSpent:
            ran.append("unknown")

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(0.2)
    s.pause()  # returns once the run has ended (it needs the GIL to, which pause lets go)
    worker.join(20)
    assert not worker.is_alive() and ran == ["unknown"]
    paused = s.nodes
    time.sleep(0.1)
    assert s.nodes == paused


# Run in a process of its own: daemon threads that go in and out of the core (each call
# lets the GIL go and takes it back) while the program ends. Python before 3.14 ends such
# a thread with pthread_exit when it takes the GIL back during the interpreter's
# teardown, which unwinds its stack through the core's call.
AT_EXIT = r"""
import threading, time
from solitaire_widget import Game
from solitaire_widget.core_search import CoreSearch
from solitaire_widget.search import BudgetSpent

def busy(threads):
    s = CoreSearch(Game("kansas", seed=72).table, threads=threads, memory_mb=16)
    while True:
        try:
            s.run(0.001, None)
        except BudgetSpent:
            pass
        s.pause()

for threads in (1, 2, 1, 2):
    threading.Thread(target=busy, args=(threads,), daemon=True).start()
time.sleep(0.3)
"""


def test_a_daemon_thread_in_the_core_as_the_program_ends_does_not_abort_it():
    # it did (std::terminate through nanobind's gil_scoped_release, whose destructor may
    # not throw: "terminate called without an active exception", status -6) in most runs
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", AT_EXIT],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=Path(__file__).resolve().parent.parent,
            check=False,
        )
        assert out.returncode == 0, (out.returncode, out.stderr[-2000:])
        assert "terminate called" not in out.stderr
