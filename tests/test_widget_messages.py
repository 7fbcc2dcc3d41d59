"""SolitaireWidget without a kernel: intents arrive through ipywidgets' own message
path (a comm message handled by ``Widget._handle_msg``), and what goes back is read
from the comm's outgoing ``update`` messages, as the front end would receive them."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

from comm.base_comm import BaseComm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game, IllegalMove
from solitaire_widget.games import GAMES
from solitaire_widget.view import masked
from solitaire_widget.widget import SolitaireWidget


class RecordingComm(BaseComm):
    """A comm that keeps what the widget sends instead of writing to a kernel."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        super().__init__(**kwargs)

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        # Round-trip through JSON: what the page gets must be plain JSON.
        self.sent.append({"type": msg_type, "data": json.loads(json.dumps(data or {}))})


@pytest.fixture(autouse=True)
def recording_comms(monkeypatch):
    import ipywidgets.widgets.widget as wmod

    monkeypatch.setattr(wmod.comm, "create_comm", lambda **kw: RecordingComm(**kw))


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets logs (and hides) exceptions raised by message callbacks; our handler
    logs unexpected errors too. Either one fails the test."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not bad, "\n".join(r.getMessage() for r in bad)


def send(w: SolitaireWidget, content: Any) -> dict[str, Any] | None:
    """Delivers one custom message from the page; returns the last view sent back."""
    before = len(w.comm.sent)
    w.comm.handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )
    return last_view(w, since=before)


def last_view(w: SolitaireWidget, since: int = 0) -> dict[str, Any] | None:
    for m in reversed(w.comm.sent[since:]):
        state = m["data"].get("state", {})
        if m["data"].get("method") == "update" and "view" in state:
            return state["view"]
    return None


def move(w: SolitaireWidget, action: str) -> dict[str, Any] | None:
    return send(w, {"kind": "move", "action": action, "version": w.view["version"]})


def test_constructor_forms():
    w = SolitaireWidget("saratoga", seed=3, lang="el", draw=3, redeals=None)
    assert w.game.name == "saratoga" and w.game.seed == 3
    assert w.game.options == {"draw": 3, "redeals": None}
    assert w.lang == "el" and w.view["draw_count"] == 3
    g = Game("kansas", seed=5)
    w2 = SolitaireWidget(g)
    assert w2.game is g
    with pytest.raises(TypeError):
        SolitaireWidget("kansas", colour="red")
    with pytest.raises(TypeError):
        SolitaireWidget(g, seed=4)
    with pytest.raises(ValueError):
        SolitaireWidget("kansas", lang="fr")


def test_view_carries_what_the_page_draws():
    w = SolitaireWidget("eagle-wing", seed=7)
    v = w.view
    assert v["piles"] == masked(w.game.snapshot())
    for key in (
        "score",
        "status",
        "moves",
        "stock_left",
        "reserve_left",
        "redeals_left",
        "base_rank",
        "legal",
        "hint",
        "notice",
        "can_undo",
        "can_redo",
        "timer",
        "version",
        "seq",
        "draw_count",
    ):
        assert key in v, key
    assert v["legal"] == [str(m) for m in w.game.legal_moves]
    assert w.rules and w.catalog and [g["name"] for g in w.catalog] == list(GAMES)


def test_move_from_page_reaches_the_game_and_comes_back():
    w = SolitaireWidget("kansas", seed=7)
    action = next(str(m) for m in w.game.legal_moves if str(m) != "draw")
    v0 = w.view["version"]
    sent = move(w, action)
    assert w.game.history == [action]
    assert sent is not None and sent["version"] == v0 + 1
    assert sent["piles"] == masked(w.game.snapshot())
    assert sent["moves"] == 1 and sent["can_undo"] is True
    assert sent["timer"]["running"] is True


def test_move_from_python_is_sent_to_the_page():
    w = SolitaireWidget("kansas", seed=7)
    before = len(w.comm.sent)
    w.game.draw()
    v = last_view(w, since=before)
    assert v is not None and v["piles"] == masked(w.game.snapshot()) and v["moves"] == 1


def test_every_command():
    w = SolitaireWidget("saratoga", seed=7)
    send(w, {"kind": "draw"})
    assert w.game.history == ["draw"]
    send(w, {"kind": "undo"})
    assert w.game.history == [] and w.game.can_redo
    send(w, {"kind": "redo"})
    assert w.game.history == ["draw"]
    v = send(w, {"kind": "hint"})
    hint = w.game.hint()
    assert v["hint"] == (str(hint) if hint else None)
    assert v["notice"]["level"] in ("hint", "info")
    send(w, {"kind": "restart"})
    assert w.game.history == [] and w.view["timer"]["elapsed"] == 0
    send(w, {"kind": "autoplay"})
    send(w, {"kind": "new", "seed": 11})
    assert w.game.seed == 11 and w.game.history == []
    send(w, {"kind": "select", "game": "eagle-wing", "options": {}, "seed": 4})
    assert w.game.name == "eagle-wing" and w.game.seed == 4
    send(w, {"kind": "select", "game": "saratoga", "options": {"draw": 3, "redeals": None}})
    assert w.game.options == {"draw": 3, "redeals": None}
    send(w, {"kind": "lang", "lang": "el"})
    assert w.lang == "el" and "Σαρατόγκα" in w.rules


def test_double_click_sends_to_a_foundation():
    w = SolitaireWidget("saratoga", seed=7)
    pile, mv = next(
        (p, w.game.foundation_move(p))
        for p in [f"t{i}" for i in range(7)]
        if w.game.foundation_move(p) is not None
    )
    send(w, {"kind": "foundation", "pile": pile, "version": w.view["version"]})
    assert w.game.history == [str(mv)]
    v = send(w, {"kind": "foundation", "pile": "w", "version": w.view["version"]})
    assert w.game.history == [str(mv)]
    assert v["notice"]["text"]


def test_illegal_move_gets_the_reason_and_changes_nothing():
    w = SolitaireWidget("kansas", seed=7, lang="en")
    snap = w.game.snapshot()
    legal = {str(m) for m in w.game.legal_moves}
    bad = next(a for a in ("t0>t1", "t0>t2", "t1>t0", "t2>f1", "w>t0") if a not in legal)
    v = move(w, bad)
    assert w.game.snapshot() == snap and w.game.history == []
    assert v["notice"]["level"] == "error"
    assert v["notice"]["text"] == w.game.explain(bad, lang="en")
    with pytest.raises(IllegalMove):
        w.game.play(bad)


@pytest.mark.parametrize(
    "content",
    [
        None,
        5,
        "move",
        [],
        {},
        {"kind": 3},
        {"kind": "fly"},
        {"kind": "move"},
        {"kind": "move", "action": 7},
        {"kind": "move", "action": ""},
        {"kind": "move", "action": "t9>f9"},
        {"kind": "move", "action": "x" * 500},
        {"kind": "move", "action": "t0>f0", "version": "1"},
        {"kind": "move", "action": "t0>f0", "version": True},
        {"kind": "new", "seed": -1},
        {"kind": "new", "seed": 2**40},
        {"kind": "new", "seed": "-5"},
        {"kind": "new", "seed": 1.5},
        {"kind": "new", "seed": "99999999999999"},
        {"kind": "new", "seed": "\uff11\uff12"},
        {"kind": "new", "seed": "abc"},
        {"kind": "new", "seed": [1]},
        {"kind": "foundation", "pile": "t99"},
        {"kind": "foundation", "pile": "t3"},
        {"kind": "select", "game": "spider"},
        {"kind": "select", "game": "saratoga", "options": [1]},
        {"kind": "select", "game": "saratoga", "options": {"draw": 2}},
        {"kind": "select", "game": "kansas", "options": {"bogus": 1}},
        {"kind": "foundation", "pile": None},
        {"kind": "foundation", "pile": "zz"},
        {"kind": "lang", "lang": "fr"},
        {"kind": "redo"},
    ],
)
def test_malformed_intents_change_nothing(content):
    w = SolitaireWidget("kansas", seed=7)
    snap, version, name = w.game.snapshot(), w.view["version"], w.game.name
    v = send(w, content)
    assert w.game.snapshot() == snap and w.game.history == [] and w.game.name == name
    assert w.view["version"] == version
    assert v is not None and v["notice"] and v["notice"]["text"]


@pytest.mark.parametrize("seed", ["-5", -5, "99999999999999", 2**32, "12ab", "\uff11"])
def test_a_bad_seed_is_named_not_dealt_at_random(seed):
    w = SolitaireWidget("saratoga", seed=7)
    v = send(w, {"kind": "new", "seed": seed})
    assert w.game.seed == 7 and v["notice"]["level"] == "error"
    assert "whole number from 0 to 4294967295" in v["notice"]["text"]
    w.lang = "el"
    v = send(w, {"kind": "new", "seed": seed})
    assert "ακέραιος από 0 έως 4294967295" in v["notice"]["text"]


def test_seeds_up_to_the_largest_deal():
    w = SolitaireWidget("saratoga", seed=7)
    send(w, {"kind": "new", "seed": "4090123456"})
    assert w.game.seed == 4090123456
    send(w, {"kind": "new", "seed": 4294967295})
    assert w.game.seed == 4294967295
    send(w, {"kind": "select", "game": "kansas", "seed": " 12 "})
    assert (w.game.name, w.game.seed) == ("kansas", 12)


def test_a_double_click_on_a_pile_the_table_lacks_is_malformed():
    w = SolitaireWidget("saratoga", seed=7)
    for pile in ("t99", "t7", "r"):
        v = send(w, {"kind": "foundation", "pile": pile, "version": w.view["version"]})
        assert v["notice"]["text"] == "That request could not be understood, so nothing changed."
        assert w.game.history == []
    v = send(w, {"kind": "foundation", "pile": "t0", "version": w.view["version"]})
    assert v["notice"]["text"] == "The top card of tableau 1 cannot go to a foundation now."


@pytest.mark.parametrize(
    "name,opts",
    [
        ("kansas", {}),
        ("eagle-wing", {}),
        ("saratoga", {}),
        ("saratoga", {"draw": 3, "redeals": None}),
    ],
)
def test_the_double_click_map_is_foundation_move_for_every_pile(name, opts):
    for seed in range(6):
        g = Game(name, seed=seed, **opts)
        w = SolitaireWidget(g)
        for step in range(60):
            expect = {}
            for p in ["w", "r", *(f"t{i}" for i in range(g.n_tableau))]:
                m = g.foundation_move(p)
                if m is not None and (p != "r" or g.rules.has_reserve):
                    expect[p] = str(m)
            assert w.view["dbl"] == expect, (seed, step)
            legal = g.legal_moves
            if not legal:
                break
            g.play(legal[(seed * 7 + step * 13) % len(legal)])


def test_stale_version_is_refused():
    w = SolitaireWidget("kansas", seed=7)
    old = w.view["version"]
    send(w, {"kind": "draw"})
    action = next(str(m) for m in w.game.legal_moves if str(m) != "draw")
    v = send(w, {"kind": "move", "action": action, "version": old})
    assert w.game.history == ["draw"]
    assert "changed" in v["notice"]["text"]


def test_timer_starts_on_first_action_and_stops_at_the_end():
    w = SolitaireWidget("kansas", seed=7)
    assert w.view["timer"] == {"running": False, "elapsed": 0.0}
    send(w, {"kind": "draw"})
    assert w.view["timer"]["running"] is True


def test_handler_bug_is_reported_not_raised(monkeypatch, caplog):
    """An unexpected exception becomes a notice plus one log record (which the autouse
    fixture would turn into a failure; here it is the expected outcome)."""
    w = SolitaireWidget("kansas", seed=7)

    def boom(*_a, **_k):
        raise RuntimeError("bug")

    monkeypatch.setattr(w.game, "draw", boom)
    v = send(w, {"kind": "draw"})
    assert v["notice"]["level"] == "error"
    assert any("bug" in (r.exc_text or str(r.exc_info)) for r in caplog.records)
    caplog.clear()


def test_two_widgets_one_game_stay_in_sync():
    g = Game("saratoga", seed=7)
    a, b = SolitaireWidget(g), SolitaireWidget(g)
    send(a, {"kind": "draw"})
    assert b.view["piles"] == a.view["piles"] == masked(g.snapshot())


def test_replacing_the_game_unsubscribes_the_old_one():
    w = SolitaireWidget("kansas", seed=7)
    old = w.game
    w.game = Game("saratoga", seed=2)
    seq = w.view["seq"]
    old.draw()
    assert w.view["seq"] == seq
    w.close()
    w.game.draw()  # no error once closed


TICK = "<a replay step is due>"  # not a message: the scheduler's timer fires

intent = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("move"),
            "action": st.one_of(
                st.sampled_from(
                    [
                        "draw",
                        "w>f0",
                        "w>t0",
                        "t0>t1",
                        "t1>f2",
                        "t0>t3*2",
                        "r>t1",
                        "t2>t0*3",
                        "r>f3",
                        "f0>t1",
                        "t6>f0",
                        "s>w",
                        "w>w",
                        ">",
                        "t0>t1*0",
                    ]
                ),
                st.text(max_size=12),
                st.integers(),
            ),
            "version": st.one_of(st.none(), st.integers(-2, 400)),
        }
    ),
    st.fixed_dictionaries(
        {"kind": st.sampled_from(["draw", "undo", "redo", "hint", "autoplay", "restart", "lang"])}
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("foundation"),
            "pile": st.sampled_from(["w", "r", "s", "t0", "t1", "t2", "t7", "f0", "q", ""]),
        }
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("new"),
            "seed": st.one_of(st.none(), st.integers(-5, 2**33), st.floats(), st.text(max_size=3)),
        }
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("select"),
            "game": st.sampled_from(["kansas", "saratoga", "eagle-wing", "nope", ""]),
            "options": st.one_of(
                st.none(),
                st.dictionaries(
                    st.sampled_from(["draw", "redeals", "x"]),
                    st.one_of(st.none(), st.integers(-1, 5)),
                    max_size=2,
                ),
            ),
        }
    ),
    st.fixed_dictionaries({"kind": st.sampled_from(["solve", "stop"])}),
    st.fixed_dictionaries(
        {"kind": st.just("solve"), "stop": st.one_of(st.booleans(), st.integers(0, 1), st.none())}
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("setting"),
            "name": st.sampled_from(["warn_unwinnable", "exact_hint", "x"]),
            "value": st.one_of(st.booleans(), st.integers(0, 1), st.none()),
        }
    ),
    st.lists(st.just(TICK), min_size=1, max_size=4),
    st.just(TICK),
    st.just(TICK),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.none(),
    st.integers(),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(intent, min_size=1, max_size=60))
@pytest.mark.parametrize("seed", [7, 2])  # the solver wins deal 2 at once: replays
def test_random_intents_keep_the_game_consistent(seed, intents):
    # the live answer's timers are fuzzed in tests/test_live.py
    w = SolitaireWidget("saratoga", seed=seed, live_solver=False)
    sched = manual(w)
    # Solve, exact hints and the warning in the mix, with small budgets.
    w.solve_budget = w.hint_budget = w.check_budget = 0.02
    for content in intents:
        before = (w.game.name, w.game.snapshot(), list(w.game.history))
        v0 = w.view["version"]
        if isinstance(content, list) and content and set(content) == {TICK}:  # ticks
            for _ in content:
                sched.run_next()
        elif content == TICK:
            sched.run_next()
        else:
            send(w, content)
        # pending: the replay's next step, and the timer that lets go of the search an
        # undecided Solve keeps
        assert len(sched.pending) == bool(w.session._replay) + w.session.keeps_search
        g = w.game
        snap = g.snapshot()
        cards = [c.upper() for pile in ("s", "w", "r") for c in snap.get(pile, [])]
        cards += [c.upper() for p in snap["f"] + snap["t"] for c in p]
        assert len(cards) == 52 and len(set(cards)) == 52
        assert w.view["piles"] == masked(snap)
        assert w.view["legal"] == [str(m) for m in g.legal_moves]
        assert w.view["moves"] == len(g.history)
        if w.view["version"] == v0:
            assert (g.name, snap, g.history) == before, content
    json.dumps(w.view)


def test_timer_stops_at_the_end_and_resets_on_restart():
    suits, ranks = "HSDC", "A23456789TJQK"
    f = [[r + s for r in ranks] for s in suits]
    last = f[0].pop()
    # Kansas: a small state space, so the exact "no more moves" test stays instant.
    g = Game.from_snapshot(
        {"s": [], "w": [last], "r": [], "f": f, "t": [[], [], []]}, "kansas", base="A"
    )
    w = SolitaireWidget(g)
    send(w, {"kind": "hint"})
    assert w.view["timer"]["running"] is True
    send(w, {"kind": "foundation", "pile": "w"})
    assert w.game.status == "won"
    assert w.view["timer"]["running"] is False
    stopped = w.view["timer"]["elapsed"]
    assert w.view["notice"]["level"] == "won"
    send(w, {"kind": "undo"})
    assert w.view["timer"]["running"] is True and w.view["timer"]["elapsed"] >= stopped
    send(w, {"kind": "restart"})
    assert w.view["timer"] == {"running": False, "elapsed": 0.0}


def test_state_updates_from_the_page_are_refused():
    """The page may only send intents; a trait update from it changes nothing."""
    w = SolitaireWidget("kansas", seed=7)
    snap, lang = w.game.snapshot(), w.lang
    fake = dict(w.view, piles={"s": [], "w": [], "r": [], "f": [[]] * 4, "t": [[]] * 3})
    before = len(w.comm.sent)
    w.comm.handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"view": fake, "lang": "el"}}},
            "buffers": [],
        }
    )
    assert w.game.snapshot() == snap and w.lang == lang
    assert w.view["piles"] == masked(snap)
    v = last_view(w, since=before)
    assert v is not None and v["piles"] == masked(snap) and v["notice"]["level"] == "error"


# ---------------------------------------------------------------------- the solver
# Eagle Wing deal 1 is won by the solver in milliseconds; deal 5 is won, but after
# t5>f2, t6>t5 it is proved lost in milliseconds.
# Tests that count the searches of Solve, the exact hint or the warning's own check
# switch the live answer (on by default, a search after every move) off; tests/test_live.py
# tests it, and what Solve, the hint and the warning take from it.

from solitaire_widget.scheduling import KernelScheduler, ManualScheduler  # noqa: E402
from solitaire_widget.solver import Solver, SolveResult  # noqa: E402


class Deferred(ManualScheduler):
    """Background work finishes only when the test says so (jobs wait in ``jobs``)."""

    def __init__(self):
        super().__init__()
        self.jobs = []

    def background(self, work, done):
        self.jobs.append((work, done))


def manual(w: SolitaireWidget) -> ManualScheduler:
    w.scheduler = ManualScheduler()
    return w.scheduler


def fake_solve(monkeypatch, result: str) -> list[int]:
    """Game.solve answers `result` at once; returns a list counting the calls."""
    calls: list[int] = []

    def solve(self, seconds=10.0, nodes=None, **options):
        calls.append(1)
        return SolveResult(result, [], 7, 4.001)

    monkeypatch.setattr(Game, "solve", solve)
    monkeypatch.setattr(Solver, "run", solve)
    return calls


def test_solve_replays_the_solution_step_by_step_then_undo_takes_one_back():
    w = SolitaireWidget("eagle-wing", seed=1, live_solver=False)
    sched = manual(w)
    line = Game("eagle-wing", seed=1).solve(seconds=5).solution
    v = send(w, {"kind": "solve"})
    # Found, nothing played yet: the first step waits for the scheduler.
    assert w.game.history == [] and w.replaying
    assert v["solver"] == {"busy": None, "step": 0, "steps": len(line)}
    assert str(len(line)) in v["notice"]["text"]
    assert len(sched.pending) == 1
    for i in range(1, 4):
        assert sched.run_next()
        assert w.game.history == line[:i]
        assert w.view["solver"]["step"] == i
        assert w.view["notice"]["text"].startswith(f"Playing the solution: move {i} of")
    assert len(sched.pending) == 1  # one timer at a time
    sched.run_all()
    assert w.game.status == "won" and w.game.history == line
    assert not w.replaying and w.view["solver"]["steps"] == 0
    assert w.view["notice"]["level"] == "won"
    assert w.game.can_undo
    send(w, {"kind": "undo"})
    assert w.game.history == line[:-1] and w.game.status == "playing"
    assert w.last_solve.result == "won"


def test_solve_steps_are_ordinary_undo_groups_and_step_drives_it():
    w = SolitaireWidget("saratoga", seed=2, redeals=None)
    manual(w)
    w.solve()
    assert w.replaying
    assert w.step() and w.step()
    assert w.game.moves == 2
    w.stop()
    assert not w.replaying and not w.step()
    send(w, {"kind": "undo"})
    assert w.game.moves == 1


@pytest.mark.parametrize(
    "stopper",
    [
        {"kind": "solve"},
        {"kind": "stop"},
        {"kind": "undo"},
        {"kind": "draw"},
        {"kind": "new", "seed": 3},
        {"kind": "restart"},
        {"kind": "move", "action": "t0>t0", "version": 0},  # even a refused move
    ],
)
def test_replay_stops_when_asked_or_when_the_player_acts(stopper):
    w = SolitaireWidget("eagle-wing", seed=1, thoughtful=True)
    sched = manual(w)
    send(w, {"kind": "solve"})
    for _ in range(5):
        sched.run_next()
    assert w.game.moves == 5
    v = send(w, stopper)
    assert not w.replaying and sched.pending == []
    assert v["solver"] == {"busy": None, "step": 0, "steps": 0}
    if stopper["kind"] in ("solve", "stop"):
        assert w.game.moves == 5
        assert v["notice"]["text"] == "Stopped; the table is yours."
    moves = w.game.moves
    sched.run_all()
    assert w.game.moves == moves


def test_a_move_from_python_stops_the_replay():
    w = SolitaireWidget("eagle-wing", seed=1, thoughtful=True)
    sched = manual(w)
    w.solve()
    sched.run_next()
    w.game.undo()
    assert not w.replaying and sched.pending == [] and w.game.moves == 0


@pytest.mark.parametrize(
    ("result", "text"),
    [
        # proved lost at the deal itself: lost from the start, not "no longer"
        ("lost", "cannot be won: it is lost from the start"),
        ("unknown", "No answer after 4 s of search; press Solve to search on"),
    ],
)
def test_solve_lost_or_unknown_says_so_and_changes_nothing(monkeypatch, result, text):
    calls = fake_solve(monkeypatch, result)
    w = SolitaireWidget("kansas", seed=7, live_solver=False)
    sched = manual(w)
    snap, version = w.game.snapshot(), w.view["version"]
    v = send(w, {"kind": "solve"})
    assert calls == [1]
    assert w.game.snapshot() == snap and w.game.history == [] and w.view["version"] == version
    assert text in v["notice"]["text"] and not w.replaying
    # an undecided search is kept to go on from, and let go after a while
    assert w.session.keeps_search is (result == "unknown")
    assert [d for d, _ in sched.pending] == ([w.solve_keep] if result == "unknown" else [])
    w.lang = "el"
    v = send(w, {"kind": "solve"})
    assert ("δεν κερδίζεται" if result == "lost" else "Καμία απάντηση") in v["notice"]["text"]


def test_solve_on_a_deal_lost_on_its_face_names_the_card():
    w = SolitaireWidget("saratoga", seed=5, live_solver=False)
    manual(w)
    v = send(w, {"kind": "solve"})
    assert w.last_solve.result == "lost" and w.last_solve.nodes == 0
    assert v["notice"]["text"].startswith("The Queen of spades can never move again")
    assert w.game.history == []
    w.lang = "el"
    v = send(w, {"kind": "solve"})
    assert v["notice"]["text"].startswith("Το φύλλο Ντάμα μπαστούνι δεν μπορεί")


def test_an_exact_hint_on_a_deal_lost_on_its_face_names_the_card():
    w = SolitaireWidget("saratoga", seed=5, live_solver=False, exact_hint=True, thoughtful=True)
    manual(w)
    v = send(w, {"kind": "hint"})
    assert v["notice"]["text"].startswith(
        "This deal can no longer be won: the Queen of spades can never move again"
    )
    assert v["notice"]["level"] == "hint" and w.game.history == []
    w.lang = "el"
    v = send(w, {"kind": "hint"})
    assert "κολλημένα για πάντα, ό,τι κι αν παιχτεί: Ντάμα μπαστούνι" in v["notice"]["text"]


def test_solve_really_unknown_and_really_lost():
    w = SolitaireWidget("kansas", seed=72, live_solver=False)
    manual(w)
    w.solve_budget = 0.05
    v = send(w, {"kind": "solve"})
    assert w.last_solve.result == "unknown" and "No answer after 0.0" in v["notice"]["text"]
    w = SolitaireWidget("eagle-wing", seed=5, live_solver=False)
    manual(w)
    for a in ("t5>f2", "t6>t5"):
        move(w, a)
    v = send(w, {"kind": "solve"})
    assert w.last_solve.result == "lost" and w.game.history == ["t5>f2", "t6>t5"]
    assert "can no longer be won" in v["notice"]["text"]


def test_solve_again_searches_on_where_it_stopped():
    # Kansas seed 11 is proved lost in some 1.3 million nodes (seconds even for the
    # compiled core): more than one short Solve
    w = SolitaireWidget("kansas", seed=11)
    manual(w)
    w.solve_budget = 0.2
    send(w, {"kind": "solve"})
    first = w.last_solve
    assert first.result == "unknown" and w.session._resume is not None
    v = send(w, {"kind": "solve"})
    assert w.last_solve.nodes > first.nodes and w.last_solve.seconds > first.seconds
    assert "No answer after" in v["notice"]["text"] or w.last_solve.result == "lost"
    # a move drops the search: the next Solve starts over, from the new position
    send(w, {"kind": "draw"})
    assert w.session._resume is None
    send(w, {"kind": "solve"})
    assert w.last_solve.result != "unknown" or w.session._resume[1].runs == 1
    w.solve_budget = 60
    while w.last_solve.result == "unknown":
        send(w, {"kind": "solve"})
    assert w.last_solve.result == "lost"


def test_solve_searches_on_only_up_to_its_node_limit(monkeypatch):
    # the limit holds for the Python search, as where the compiled core does not load
    # (the core caps its own table's memory and needs none)
    from solitaire_widget import core_search

    monkeypatch.setattr(core_search, "available", lambda game=None: False)
    w = SolitaireWidget("kansas", seed=25)
    manual(w)
    # the node limit stops it, not the time (60 s did, at load 12)
    w.solve_budget, w.solve_node_limit = 600, 20_000
    v = send(w, {"kind": "solve"})
    assert w.last_solve.result == "unknown" and 20_000 <= w.last_solve.nodes < 21_000
    assert w.session._resume is None and f"{w.last_solve.nodes:,} positions" in v["notice"]["text"]
    assert "as many as Solve keeps in memory" in v["notice"]["text"]
    w.lang = "el"
    v = send(w, {"kind": "solve"})  # starts over, and stops at the limit again
    count = f"{w.last_solve.nodes:,}".replace(",", ".")  # 20.287: Greek thousands
    assert w.last_solve.nodes < 21_000 and f"{count} θέσεις" in v["notice"]["text"]


def test_a_resumed_search_is_the_same_search():
    g = Game("kansas", seed=25)
    s = Solver(g)
    assert s.run(seconds=None, nodes=50_000).result == "unknown"
    assert s.run(seconds=None, nodes=50_000).result == "unknown"
    r = s.run(seconds=None, nodes=None)
    # the main search went on where it stopped: its nodes are those of one whole search
    # (the result counts the streamliners' too)
    assert r.result == "lost" and s.main.nodes == g.solve(seconds=None).nodes < r.nodes
    assert s.run(seconds=None, nodes=10).nodes == r.nodes  # decided: nothing more to do
    plain = Solver(g, streamline=False)
    assert plain.run(seconds=None, nodes=50_000).result == "unknown"
    assert plain.run(seconds=None, nodes=None).nodes == s.main.nodes
    sar = Solver(Game("saratoga", seed=125))  # decided by the loosest rules' search
    assert sar.run(seconds=None, nodes=500).result == "unknown"
    assert sar.run(seconds=None, nodes=20_000).result == "lost"


def test_solve_on_a_won_game_and_a_search_overtaken_by_a_move():
    suits, ranks = "HSDC", "A23456789TJQK"
    f = [[r + s for r in ranks] for s in suits]
    g = Game.from_snapshot(
        {"s": [], "w": [], "r": [], "f": f, "t": [[], [], []]}, "kansas", base="A"
    )
    w = SolitaireWidget(g)
    v = send(w, {"kind": "solve"})
    assert v["notice"]["text"] == "This deal is already won."

    w = SolitaireWidget("eagle-wing", seed=1, live_solver=False)
    w.scheduler = sched = Deferred()
    v = send(w, {"kind": "solve"})
    assert v["solver"]["busy"] == "solve" and v["notice"]["text"] == "Searching for a win…"
    send(w, {"kind": "draw"})  # the player moves on while the solver thinks
    work, done = sched.jobs.pop()
    done(work())
    assert w.game.history == ["draw"] and not w.replaying and sched.pending == []
    # Closed while the solver thinks: its answer goes nowhere.
    for kind in ("solve", "hint"):
        w = SolitaireWidget("eagle-wing", seed=1, exact_hint=True, live_solver=False)
        w.scheduler = sched = Deferred()
        send(w, {"kind": kind})
        w.close()
        work, done = sched.jobs.pop()
        done(work())
        assert w.game.history == [] and sched.pending == []


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "solve", "stop": "yes"},
        {"kind": "solve", "stop": 1},
        {"kind": "setting"},
        {"kind": "setting", "name": "warn_unwinnable", "value": "yes"},
        {"kind": "setting", "name": "warn_unwinnable", "value": 1},
        {"kind": "setting", "name": "solve_budget", "value": True},
        {"kind": "setting", "name": None, "value": True},
    ],
)
def test_malformed_solver_intents_change_nothing(content):
    w = SolitaireWidget("eagle-wing", seed=1)
    sched = manual(w)
    snap = w.game.snapshot()
    # (the honest live answer's next refinement may be waiting already: nothing more)
    waiting = list(sched.pending)
    v = send(w, content)
    assert v["notice"]["level"] == "error" and v["notice"]["text"]
    assert w.game.snapshot() == snap and not w.replaying and sched.pending == waiting
    assert v["settings"] == {
        "exact_hint": False,
        "warn_unwinnable": False,
        "warn_fatal": False,
        "thoughtful": False,
    }


def test_the_searched_hint_with_thoughtful_off_is_the_honest_one():
    """Hint with the switch on and ``thoughtful`` off (the default): the move with the
    best chance from what the player can see, worded so, from the worlds alone: the
    every-card-known record is neither read nor written, and a solve is never asked."""
    w = SolitaireWidget("klondike", seed=3, live_solver=False, exact_hint=True)
    manual(w)
    assert w.thoughtful is False
    w.proofs.learn([], "lost")  # a record the honest hint must not read
    v = send(w, {"kind": "hint"})
    assert v["hint"] in v["legal"]
    assert re.match(
        r"Hint \(the best chance from what you can see: about \d+% \(\d+–\d+%\)\): ",
        v["notice"]["text"],
    ), v["notice"]
    assert w.game.history == []
    w.lang = "el"
    v = send(w, {"kind": "hint"})
    assert v["notice"]["text"].startswith("Υπόδειξη (η καλύτερη πιθανότητα από όσα βλέπετε: ")
    # every card known: the record is read (here, a loss it was told of)
    w.lang = "en"
    w.thoughtful = True
    v = send(w, {"kind": "hint"})
    assert v["notice"]["text"].startswith("This deal cannot be won"), v["notice"]


def test_exact_hint_switch(monkeypatch):
    w = SolitaireWidget("eagle-wing", seed=1, live_solver=False, thoughtful=True)
    manual(w)
    ordinary = w.game.hint()
    v = send(w, {"kind": "hint"})
    assert v["hint"] == (str(ordinary) if ordinary else None)
    v = send(w, {"kind": "setting", "name": "exact_hint", "value": True})
    assert w.exact_hint is True and v["settings"]["exact_hint"] is True
    line = Game("eagle-wing", seed=1).solve(seconds=5).solution
    v = send(w, {"kind": "hint"})
    assert v["hint"] == line[0] == str(w.game.hint(exact=True))
    assert v["notice"]["text"].startswith("Hint (leads to a win): ")
    # Following the line, the next exact hint needs no new search.
    calls = fake_solve(monkeypatch, "unknown")
    move(w, line[0])
    v = send(w, {"kind": "hint"})
    assert v["hint"] == line[1] and calls == []
    # Off the line, with no win found, the ordinary hint comes with a word of warning.
    send(w, {"kind": "undo"})
    send(w, {"kind": "draw"}) if line[0] != "draw" else move(w, "t0>f0")
    v = send(w, {"kind": "hint"})
    assert calls == [1] and v["notice"]["text"].startswith("No winning line found in time.")
    assert v["hint"] == (str(w.game.hint()) if w.game.hint() else None)
    send(w, {"kind": "setting", "name": "exact_hint", "value": False})
    calls.clear()
    send(w, {"kind": "hint"})
    assert calls == [] and w.view["settings"]["exact_hint"] is False


def test_exact_hint_on_a_lost_deal_warns(monkeypatch):
    fake_solve(monkeypatch, "lost")
    w = SolitaireWidget("kansas", seed=7, lang="el", exact_hint=True, thoughtful=True)
    manual(w)
    v = send(w, {"kind": "hint"})
    # lost at the deal itself: "cannot be won (lost from the start)", not "no longer"
    assert v["notice"]["text"].startswith("Αυτό το μοίρασμα δεν κερδίζεται (χαμένο από την αρχή).")


def test_warn_unwinnable_switch_from_the_page():
    w = SolitaireWidget("eagle-wing", seed=5, thoughtful=True)
    manual(w)
    assert w.view["warning"] is None and w.view["settings"]["warn_unwinnable"] is False
    move(w, "t5>f2")
    move(w, "t6>t5")
    assert w.view["warning"] is None  # off by default: no check at all
    send(w, {"kind": "undo"})
    v = send(w, {"kind": "setting", "name": "warn_unwinnable", "value": True})
    assert w.warn_unwinnable and v["settings"]["warn_unwinnable"] and v["warning"] is None
    v = move(w, "t6>t5")
    assert v["warning"] == {"text": "This deal can no longer be won.", "level": "warn"}
    # It stays while play goes on (no new search needed: a lost deal stays lost)...
    v = send(w, {"kind": "draw"})
    assert v["warning"] is not None
    # ...and goes when an undo reaches a position that can still be won.
    send(w, {"kind": "undo"})
    v = send(w, {"kind": "undo"})
    assert v["warning"] is None and w.game.history == ["t5>f2"]
    send(w, {"kind": "redo"})
    send(w, {"kind": "lang", "lang": "el"})
    assert w.view["warning"]["text"] == "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί."
    # What the check proved, Solve and the exact hint know without searching again.
    w.solve_budget = w.hint_budget = 0.0
    w.exact_hint = True
    v = send(w, {"kind": "solve"})
    assert "δεν κερδίζεται πια" in v["notice"]["text"] and not w.replaying
    v = send(w, {"kind": "hint"})
    assert v["notice"]["text"].startswith("Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί.")
    v = send(w, {"kind": "setting", "name": "warn_unwinnable", "value": False})
    assert v["warning"] is None


def test_warn_unwinnable_from_python_and_what_it_skips(monkeypatch):
    calls = fake_solve(monkeypatch, "unknown")
    w = SolitaireWidget("kansas", seed=7, live_solver=False)
    manual(w)
    w.warn_unwinnable = True
    assert w.view["settings"]["warn_unwinnable"] is True
    assert calls == [1] and w.view["warning"] is None  # unknown shows nothing
    w.game.draw()
    assert calls == [1, 1] and w.view["warning"] is None
    # A finished game is not checked.
    suits, ranks = "HSDC", "A23456789TJQK"
    f = [[r + s for r in ranks] for s in suits]
    last = f[0].pop()
    g = Game.from_snapshot(
        {"s": [], "w": [last], "r": [], "f": f, "t": [[], [], []]}, "kansas", base="A"
    )
    # (the check turned on once the scheduler is the test's: made with the switch on,
    # the table would start its check on a thread of the default scheduler, which could
    # land after calls.clear())
    w = SolitaireWidget(g, live_solver=False)
    manual(w)
    w.warn_unwinnable = True
    calls.clear()
    send(w, {"kind": "foundation", "pile": "w"})
    assert w.game.status == "won" and calls == []


def test_warn_check_runs_after_the_view_is_sent_and_one_at_a_time():
    """The check's answer arrives in a later view; changes made while it runs are
    checked once it ends, and an answer about an old position is not shown."""

    w = SolitaireWidget("eagle-wing", seed=5, live_solver=False)
    w.scheduler = sched = Deferred()
    move(w, "t5>f2")
    w.warn_unwinnable = True
    assert w.view["warning"] is None and len(sched.jobs) == 1
    v = move(w, "t6>t5")
    assert v["warning"] is None and len(sched.jobs) == 1  # still busy: queued
    work, done = sched.jobs.pop()
    done(work())  # the answer for the old position (winnable) is dropped...
    assert w.view["warning"] is None and len(sched.jobs) == 1  # ...and the new one asked
    work, done = sched.jobs.pop()
    done(work())
    assert w.view["warning"]["level"] == "warn"


def in_fresh_thread(body):
    """Run ``body`` in a thread of its own: Playwright's sync API (the browser tests,
    earlier in the same session) keeps an asyncio loop on the main thread, and these
    tests need to choose for themselves whether a loop runs."""
    import threading

    errors = []

    def run():
        try:
            body()
        except BaseException as err:  # re-raised below, in the test's thread
            errors.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the test body did not finish"
    if errors:
        raise errors[0]


def test_kernel_scheduler_on_a_running_loop():
    """As in ipykernel: an asyncio loop runs in the main thread; the solver works in a
    thread, and the replay's steps are loop callbacks on the main thread."""
    in_fresh_thread(_kernel_scheduler_on_a_running_loop)


def _kernel_scheduler_on_a_running_loop():
    import asyncio
    import threading

    w = SolitaireWidget("eagle-wing", seed=3)
    assert isinstance(w.scheduler, KernelScheduler)
    w.replay_delay = 0.001
    threads = set()
    w.game.on_change(lambda g: threads.add(threading.current_thread().name))

    async def main():
        send(w, {"kind": "solve"})
        for _ in range(2000):
            if w.game.status == "won":
                return
            await asyncio.sleep(0.005)

    asyncio.run(main())
    assert w.game.status == "won" and threads == {threading.current_thread().name}
    assert w.view["notice"]["level"] == "won"


def test_kernel_scheduler_without_a_loop_uses_threads():
    in_fresh_thread(_kernel_scheduler_without_a_loop)


def _kernel_scheduler_without_a_loop():
    import time as _time

    w = SolitaireWidget("eagle-wing", seed=3)
    w.replay_delay = 0.001
    w.solve()
    deadline = _time.monotonic() + 20
    while w.game.status != "won" and _time.monotonic() < deadline:
        _time.sleep(0.01)
    assert w.game.status == "won"
    assert w.view["piles"] == masked(w.game.snapshot())
