"""SolveSession without Jupyter: a stand-in host and a ManualScheduler step Solve, its
replay, the exact hint and the unwinnable check by hand. The host hears back through one
call (``report``); what the searches prove is in the Proofs it shares.

Eagle Wing deal 1 is won by the solver in milliseconds; deal 5 is won, but after
t5>f2, t6>t5 it is proved lost in milliseconds.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import Any

import pytest

from solitaire_widget import Game
from solitaire_widget.proofs import Proofs
from solitaire_widget.scheduling import ManualScheduler
from solitaire_widget.solve_session import Refused, Said, SolveSession


class Host:
    """What the play session does for its solve session, written down so tests can
    read it (it is its own settings too)."""

    solve_budget = 5.0
    hint_budget = 5.0
    check_budget = 5.0
    replay_delay = 0.3
    solve_node_limit = 3_000_000
    solve_keep = 30.0
    warn_unwinnable = False
    lang = "en"

    def __init__(self, game: Game) -> None:
        self.scheduler = ManualScheduler()
        self._game = game
        self.table_version = 0
        self.said: list[tuple[str, dict[str, Any]]] = []
        self.hints: list[tuple[Any, ...]] = []
        self.published = 0
        self.proofs = Proofs()
        self.proofs.follow(game)
        self.session = SolveSession(self, self.proofs)
        game.on_change(self._changed)

    @property
    def settings(self) -> Host:
        return self

    @property
    def game(self) -> Game:
        return self._game

    def _changed(self, game: Game) -> None:
        self.table_version += 1
        self.proofs.changed(game)
        self.session.game_changed()
        self.report()
        self.session.check_soon()

    def report(self, said: Said | None = None) -> None:
        self.published += 1
        if said is None:
            return
        if said.hint:
            self.hints.append((said.move, said.key, *said.args.values()))
        else:
            self.said.append((said.key, dict(said.args)))


def test_the_session_module_knows_no_jupyter():
    code = (
        "import sys, solitaire_widget.solve_session; "
        "print(any(m.split('.')[0] in ('anywidget', 'ipywidgets', 'traitlets', 'comm') "
        "for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_solve_replays_one_move_per_timer_until_won():
    host = Host(Game("eagle-wing", seed=1))
    line = Game("eagle-wing", seed=1).solve(seconds=5).solution
    host.session.solve()
    assert host.said[-1] == ("solved", {"n": len(line)})
    assert host.session.replaying and host.game.history == []
    assert host.session.view() == {"busy": None, "step": 0, "steps": len(line)}
    assert host.session.busy_notice() == ("replaying", {"i": 0, "n": len(line)})
    # a draw waits half as long as a card move
    assert host.scheduler.pending[0][0] == pytest.approx(0.15 if line[0] == "draw" else 0.3)
    host.scheduler.run_next()
    assert host.game.history == line[:1] and len(host.scheduler.pending) == 1
    host.scheduler.run_all()
    assert host.game.status == "won" and host.game.history == line
    assert not host.session.replaying and host.session.busy_notice() is None


def test_a_move_of_the_player_takes_the_table_back():
    host = Host(Game("eagle-wing", seed=1))
    host.session.solve()
    host.scheduler.run_next()
    host.game.undo()  # not the replay's own step
    assert not host.session.replaying and host.scheduler.pending == []
    assert host.session.stop() is False  # nothing left to stop, nothing said
    assert host.said[-1][0] == "solved"


def test_stop_says_so_and_a_late_timer_does_nothing():
    host = Host(Game("eagle-wing", seed=1))
    host.session.solve()
    fire = host.scheduler.pending[0][1]
    assert host.session.stop() is True and host.said[-1] == ("stopped", {})
    fire()  # a timer that fired anyway (cancelled too late) belongs to an old job
    assert host.game.history == []


def test_solve_on_a_won_or_lost_deal_is_refused():
    host = Host(Game("eagle-wing", seed=5))
    host.game.play("t5>f2")
    host.game.play("t6>t5")
    host.session.solve()
    assert host.said[-1] == ("solve_lost", {})
    with pytest.raises(Refused) as r:
        host.session.solve()  # known lost: no second search
    assert r.value.key == "solve_lost"


def test_an_answer_for_an_older_position_is_dropped():
    host = Host(Game("eagle-wing", seed=1))
    jobs: list[Any] = []
    host.scheduler.background = lambda work, done: jobs.append((work, done))
    host.session.solve()
    assert host.session.view()["busy"] == "solve"
    host.game.draw()  # the table changes while the search runs
    work, done = jobs.pop()
    done(work())
    assert host.game.history == ["draw"] and not host.session.replaying
    assert host.session.last_solve is None and host.said == []


def test_a_closed_session_says_nothing():
    host = Host(Game("eagle-wing", seed=1))
    host.session.close()
    host.session.solve()
    assert host.said == [] and host.scheduler.pending == []


def test_exact_hint_gives_the_line_and_then_follows_it_without_searching():
    host = Host(Game("eagle-wing", seed=1))
    host.session.exact_hint()
    line = host.session.known_line()
    assert line and host.hints[-1] == (line[0], "hint_exact")
    host.game.play(line[0])
    calls = []
    host.scheduler.background = lambda work, done: calls.append(1)
    host.session.exact_hint()
    assert calls == [] and host.hints[-1] == (line[1], "hint_exact")


def test_the_warning_comes_once_the_deal_is_proved_lost_and_goes_on_undo():
    host = Host(Game("eagle-wing", seed=5))
    host.warn_unwinnable = True
    host.game.play("t5>f2")
    assert not host.session.warning
    host.game.play("t6>t5")
    assert host.session.warning
    host.game.undo()
    assert not host.session.warning
    host.game.redo()
    assert host.session.warning  # known: the check is not asked again


def test_a_new_deal_forgets_what_was_proved():
    host = Host(Game("eagle-wing", seed=5))
    host.game.play("t5>f2")
    host.game.play("t6>t5")
    host.session.solve()
    assert host.session.known_lost()
    host.game.restart()
    assert not host.session.known_lost()


def test_a_deal_lost_on_its_face_names_the_card_that_can_never_move():
    # Saratoga seed 5: the Queen of spades lies on the two red Kings and the Ace of
    # spades, the only places it could go to; the notice says which card, and says it
    # again when Solve is pressed on the known loss
    host = Host(Game("saratoga", seed=5))
    host.session.solve()
    host.scheduler.run_all()
    assert host.session.last_solve.result == "lost"
    assert host.said[-1] == ("solve_blocked", {"cards": "Queen of spades"})
    with pytest.raises(Refused) as r:
        host.session.solve()
    assert r.value.key == "solve_blocked" and r.value.args_["cards"] == "Queen of spades"
    host.lang = "el"
    assert host.session._lost() == ("solve_blocked", {"cards": "Ντάμα μπαστούνι"})
    # seed 324: the Queen of spades has K♥ to go to, but the Queen of clubs above it
    # must take K♥ first and for good (K♦ lies under them both)
    twins = Host(Game("saratoga", seed=324))
    twins.session.solve()
    twins.scheduler.run_all()
    assert twins.said[-1] == ("solve_blocked", {"cards": "Queen of spades"})
    # several cards: named in a list
    t0, t1 = ["KH", "KD", "AS", "QS"], ["KS", "KC", "AD", "QD"]
    rest = [r + u for u in "CDHS" for r in "A23456789TJQK" if r + u not in t0 + t1]
    two = Game.from_snapshot(
        {
            "s": [c.lower() for c in rest],
            "w": [],
            "f": [[], [], [], []],
            "t": [t0, t1, [], [], [], [], []],
            "redeals_used": 0,
        },
        "saratoga",
    )
    assert Host(two).session._lost() == (
        "solve_blocked_many",
        {"cards": "Queen of diamonds and Queen of spades"},
    )
    # a position lost, but not on its face: just that
    lost = Game("eagle-wing", seed=5)
    lost.play("t5>f2")
    lost.play("t6>t5")
    assert Host(lost).session._lost() == ("solve_lost", {})


def test_a_face_down_card_is_never_named_as_the_one_that_holds_the_rest_down():
    # Klondike, three cards a click: seed 59 is lost on its face because of the Four of
    # spades, which shows; seed 5 because of a card that lies face down, which the
    # notice must not give away (it says only that the deal is lost)
    face_up = Host(Game("klondike", seed=59, draw=3, redeals=None))
    face_up.session.solve()
    face_up.scheduler.run_all()
    assert face_up.said[-1] == ("solve_blocked", {"cards": "Four of spades"})
    g = Game("klondike", seed=5, draw=3, redeals=None)
    assert g.rules.blocked_cards(g.table.piles, g.table.hidden)  # held by a hidden card
    down = Host(g)
    down.session.solve()
    down.scheduler.run_all()
    assert down.session.last_solve.result == "lost"
    assert down.said[-1] == ("solve_lost_start", {})  # at the deal: lost from the start


def test_an_exact_hint_on_a_deal_lost_on_its_face_names_the_card_too():
    host = Host(Game("saratoga", seed=5))
    host.session.exact_hint()
    host.scheduler.run_all()
    move, key, cards = host.hints[-1]
    assert key == "hint_blocked" and cards == "Queen of spades"
    assert move == str(host.game.hint())  # the ordinary hint, with the reason beside it
    host.session.exact_hint()  # known lost now: no search, the same words
    assert host.hints[-1] == (move, "hint_blocked", "Queen of spades")
    lost = Game("eagle-wing", seed=5)
    lost.play("t5>f2")
    lost.play("t6>t5")
    plain = Host(lost)
    plain.session.exact_hint()
    plain.scheduler.run_all()
    assert plain.hints[-1][1:] == ("hint_lost",)


def test_stop_ends_the_search_itself_not_only_its_answer():
    import threading
    import time

    class Threaded(Host):
        solve_budget = 60.0

        def __init__(self, game: Game) -> None:
            super().__init__(game)
            self.workers: list[threading.Thread] = []
            self.scheduler.background = self.background  # type: ignore[method-assign]

        def background(self, work: Any, done: Any) -> None:
            worker = threading.Thread(target=lambda: done(work()))
            self.workers.append(worker)
            worker.start()

    host = Threaded(Game("kansas", seed=72))  # undecided for far longer than a second
    host.session.solve()
    time.sleep(0.3)
    assert host.session.stop() is True
    host.workers[0].join(20)  # well before the minute Solve was given
    assert not host.workers[0].is_alive()
    assert host.said[-1] == ("stopped", {})


# ---------------------------------------------------------------------- a Solve that lets go


def undecided(budget: float = 0.2) -> Host:
    """Kansas deal 72: not decided in a fraction of a second; Solve keeps its search."""
    host = Host(Game("kansas", seed=72))
    host.solve_budget = budget
    host.session.solve()
    assert host.session.last_solve.result == "unknown" and host.session.keeps_search
    return host


def test_an_undecided_solve_lets_its_search_go_after_a_while_on_stop_and_on_a_move():
    host = undecided()
    # let go solve_keep seconds later (the timer is the scheduler's)
    assert [d for d, _ in host.scheduler.pending] == [host.solve_keep]
    host.scheduler.run_all()
    assert not host.session.keeps_search
    host = undecided()
    host.session.stop()  # nothing runs, but the kept search goes
    assert not host.session.keeps_search and host.scheduler.pending == []
    host = undecided()
    host.game.draw()
    assert not host.session.keeps_search and host.scheduler.pending == []
    # pressed again before the while is over, Solve goes on with the kept search
    host = undecided()
    kept = host.session._resume[1]
    host.session.solve()
    assert host.session.last_solve.result != "unknown" or host.session._resume[1] is kept


def rss_mb() -> float:
    import os

    pages = int(pathlib.Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not pathlib.Path("/proc/self/statm").exists(), reason="Linux /proc")
def test_the_memory_an_undecided_solve_kept_comes_back():
    """The compiled core's table of an undecided Solve (hundreds of MB) is freed once
    the session lets the search go: the process is back within 100 MB of where it was."""
    import gc

    from solitaire_widget import core_search

    if not core_search.available("kansas"):
        pytest.skip("the compiled core is not built")
    gc.collect()
    before = rss_mb()
    # 4 s: 2 s grew it by 110 MB in a process of its own and by only 64 MB in the fast
    # tier beside other work, since the Kansas proofs end many positions early
    host = undecided(budget=4.0)
    grown = rss_mb()
    host.scheduler.run_all()  # solve_keep is over
    gc.collect()
    after = rss_mb()
    assert grown - before > 100, f"the kept search took only {grown - before:.0f} MB"
    assert after - before < 100, f"{before:.0f} MB -> {grown:.0f} MB -> {after:.0f} MB"


def test_solve_and_the_hint_draw_from_the_sessions_one_budget(monkeypatch):
    """Solve's search (kept while undecided) and the hint's keep together to
    solve_session.MEMORY, the hint within an eighth of it, and give back what they held."""
    import gc

    from solitaire_widget import core_search, solve_session

    if solve_session.MEMORY is None or not core_search.available("kansas"):
        pytest.skip("the compiled core is not built")
    budget = solve_session.MEMORY
    gc.collect()
    before = budget.used_mb
    host = undecided()
    assert host.session.last_solve.memory_mb == solve_session.SOLVE_MB
    assert budget.used_mb > before  # the kept search's table is the session's
    asked: list[Any] = []
    solve = Game.solve

    def seen(self, *a, **k):
        asked.append(k.get("memory"))
        return solve(self, *a, **k)

    monkeypatch.setattr(Game, "solve", seen)
    host.session.exact_hint()
    assert asked and asked[0] is not None and asked[0].mb == solve_session.SIDE_MB
    host.scheduler.run_all()  # solve_keep is over: the kept search goes
    asked.clear()
    gc.collect()
    assert budget.used_mb == pytest.approx(before)
