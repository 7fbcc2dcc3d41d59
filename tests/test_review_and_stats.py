"""Looking back through a game (review mode) and the statistics Aisleriot keeps, through
the widget's own message path (no kernel) and from Python."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from solitaire_widget import Game
from solitaire_widget.statistics import Statistics, options_key
from solitaire_widget.view import masked
from solitaire_widget.widget import SolitaireWidget


def send(w: SolitaireWidget, content) -> dict:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    return w.view


def played(seed: int = 7, n: int = 6) -> SolitaireWidget:
    w = SolitaireWidget("saratoga", seed=seed, statistics=Statistics())
    for _ in range(n):
        w.game.play(w.game.legal_moves[-1])
    return w


# ---------------------------------------------------------------- review


def test_position_replays_the_history_from_the_deal():
    g = Game("kansas", seed=1)
    g.play("t1>f1")
    g.draw()
    g.autoplay()
    assert g.position(0).snapshot() == Game("kansas", seed=1).snapshot()
    assert g.position(g.moves).snapshot() == g.snapshot()
    assert g.position(1).score == 2 and g.position(1).moves == 0
    for bad in (-1, g.moves + 1, True, 1.0):
        with pytest.raises(ValueError):
            g.position(bad)


def test_review_from_python_shows_old_positions_and_changes_nothing():
    w = played()
    g = w.game
    history, snap = list(g.history), g.snapshot()
    w.review(0)
    v = w.view
    assert v["review"] == {"at": 0, "of": 6} and v["moves"] == 0
    assert v["piles"] == masked(Game("saratoga", seed=7).snapshot())
    # the position shown's moves (a move asked for is offered, not played) and no hint
    shown = Game("saratoga", seed=7)
    assert v["legal"] == [str(m) for m in shown.legal_moves] and v["hint"] is None
    assert v["notice"]["text"].startswith("Looking back: the position after 0 of 6 moves")
    w.review_step(2)
    assert w.reviewing == 2 and w.view["piles"] == masked(g.position(2).snapshot())
    w.review(-1)  # one move before the last
    assert w.reviewing == 5
    w.review_step(100)
    assert w.reviewing == 6
    assert g.history == history and g.snapshot() == snap
    w.review(None)
    assert w.reviewing is None and w.view["review"] is None and w.view["piles"] == masked(snap)
    with pytest.raises(ValueError):
        w.review(7)


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "undo"},
        {"kind": "redo"},
        {"kind": "hint"},
        {"kind": "autoplay"},
        {"kind": "solve"},
    ],
)
def test_while_reviewing_play_is_refused_with_a_word(content):
    # (a move, a draw or a double-click is offered instead: test_players.py)
    w = played()
    snap, history = w.game.snapshot(), list(w.game.history)
    send(w, {"kind": "review", "step": -1})
    v = send(w, content)
    assert w.game.snapshot() == snap and w.game.history == history
    assert v["notice"]["text"] == (
        "You are looking back at move 5 of 6; return to the game (Esc) to play on. Nothing changed."
    )
    assert v["review"] == {"at": 5, "of": 6}


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "review", "at": 7},
        {"kind": "review", "at": -1},
        {"kind": "review", "at": "2"},
        {"kind": "review", "at": True},
        {"kind": "review", "step": 1.5},
        {"kind": "review", "step": 10**9},
        {"kind": "review", "step": None},
    ],
)
def test_forged_review_messages_are_refused(content):
    w = played()
    v = send(w, content)
    assert v["notice"]["level"] == "error" and v["review"] is None


def test_review_intents_step_and_leave_and_a_change_ends_the_review():
    w = played()
    assert send(w, {"kind": "review", "step": -1})["review"] == {"at": 5, "of": 6}
    assert send(w, {"kind": "review", "at": 0})["review"] == {"at": 0, "of": 6}
    assert send(w, {"kind": "review", "step": -1})["review"]["at"] == 0
    assert send(w, {"kind": "review", "at": None})["review"] is None
    send(w, {"kind": "review", "at": 2})
    w.game.draw()  # from Python: the game moves on, the table shows it
    assert w.view["review"] is None and w.view["moves"] == 7
    send(w, {"kind": "review", "at": 2})
    send(w, {"kind": "restart"})  # New, Restart and another game leave the review too
    assert w.view["review"] is None and w.game.moves == 0


# ---------------------------------------------------------------- statistics


def test_statistics_count_wins_losses_streaks_times_and_scores():
    st = Statistics()
    w = SolitaireWidget("eagle-wing", seed=1, statistics=st)
    line = w.game.solve(seconds=10).solution
    for a in line:
        w.game.play(a)
    row = st.get("eagle-wing", {"redeals": 2})
    assert (row["played"], row["won"], row["streak"], row["best_score"]) == (1, 1, 1, 52)
    assert row["best_time"] is not None and row["best_time"] >= 0
    w.game.undo()  # undoing and winning again is the same deal
    w.game.redo()
    assert st.get("eagle-wing", {"redeals": 2})["played"] == 1
    w.game.new(seed=2)  # a new deal with no move does not count
    w.game.new(seed=3)
    assert st.get("eagle-wing", {"redeals": 2})["played"] == 1
    w.game.play(w.game.legal_moves[0])
    score = w.game.score
    w.game.restart()  # given up: lost, the streak ends
    row = st.get("eagle-wing", {"redeals": 2})
    assert (row["played"], row["won"], row["lost"], row["streak"], row["best_streak"]) == (
        2,
        1,
        1,
        0,
        1,
    )
    assert row["best_score"] == 52 >= score
    # another game keeps its own row; options make a row of their own
    w.game = Game("saratoga", seed=1, draw=3)
    w.game.draw()
    w.game = Game("saratoga", seed=1)
    frame = st.frame()
    assert list(frame["game"]) == ["eagle-wing", "saratoga"]
    assert frame.set_index("game").loc["saratoga", "options"] == options_key(
        {"draw": 3, "redeals": 2}
    )
    assert frame.set_index("game").loc["eagle-wing", "win_rate"] == 0.5


def test_a_deal_the_solver_finishes_is_played_but_not_won():
    from solitaire_widget.scheduling import ManualScheduler

    st = Statistics()
    w = SolitaireWidget("eagle-wing", seed=1, statistics=st, live_solver=False)
    w.scheduler = ManualScheduler()
    w.solve()
    w.scheduler.run_all()
    assert w.game.status == "won"
    row = st.get("eagle-wing", {"redeals": 2})
    assert (row["played"], row["won"], row["streak"]) == (1, 0, 0)


def test_the_view_carries_the_figures_of_the_game_on_the_table():
    st = Statistics()
    w = SolitaireWidget("kansas", seed=3, statistics=st)
    w.game.draw()
    w.game.new()
    assert w.stats["played"] == 1 and w.stats["won"] == 0
    assert w.stats["lost"] == 1


def test_widgets_share_the_session_figures_by_default():
    a = SolitaireWidget("kansas", seed=3)
    b = SolitaireWidget("saratoga", seed=3)
    assert a.statistics is b.statistics


def test_saved_statistics_survive_a_new_session(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    st = Statistics.saved()
    assert st.path == tmp_path / "data" / "solitaire_widget" / "statistics.sqlite"
    st.record("kansas", {"redeals": 0}, won=True, seconds=61.5, score=52)
    st.record("kansas", {"redeals": 0}, won=False, seconds=10, score=20)
    again = Statistics.saved()
    row = again.get("kansas", {"redeals": 0})
    assert (row["played"], row["won"], row["best_time"], row["best_score"]) == (2, 1, 61.5, 52)
    w = SolitaireWidget("kansas", seed=1, statistics=True)
    assert w.statistics.path == st.path and w.stats["played"] == 2


@pytest.mark.parametrize(
    "rows",
    [
        "nonsense",
        {"format": "other"},
        {"format": "solitaire_widget.statistics", "version": 9},
        {"format": "solitaire_widget.statistics", "version": 1, "rows": [{"game": "kansas"}]},
        {
            "format": "solitaire_widget.statistics",
            "version": 1,
            "rows": [{"game": "kansas", "options": "", "played": 1, "won": 2}],
        },
        {
            "format": "solitaire_widget.statistics",
            "version": 1,
            "rows": [{"game": "kansas", "options": "", "played": -1}],
        },
        {
            "format": "solitaire_widget.statistics",
            "version": 1,
            "rows": [{"game": "kansas", "options": "", "played": 1, "best_time": "soon"}],
        },
    ],
)
def test_a_corrupt_old_statistics_file_is_named_and_set_aside(tmp_path, rows):
    # the JSON file of earlier versions is read once into the store; a corrupt one is
    # named in a notice and renamed, and the figures start afresh
    path = tmp_path / "s.json"
    path.write_text(json.dumps(rows))
    st = Statistics.saved(path)
    assert st.path == tmp_path / "s.sqlite"
    assert st.notice is not None and "corrupt statistics file" in st.notice
    assert not path.exists() and (tmp_path / "s.json.corrupt").exists()
    assert st.frame().empty
    assert Statistics.saved(path).notice is None  # said once


def test_an_old_statistics_file_is_carried_into_the_store(tmp_path):
    path = tmp_path / "s.json"
    row = {"played": 3, "won": 2, "streak": 1, "best_streak": 2, "best_time": 80.0}
    data = {"format": "solitaire_widget.statistics", "version": 1, "rows": []}
    data["rows"].append({"game": "kansas", "options": "redeals=0", **row, "best_score": 52})
    path.write_text(json.dumps(data))
    st = Statistics.saved(path)
    assert st.notice is None and (tmp_path / "s.json.migrated").exists()
    st.record("kansas", {"redeals": 0}, won=True, seconds=70, score=52)
    got = Statistics.saved(path).get("kansas", {"redeals": 0})
    assert (got["played"], got["won"], got["streak"], got["best_streak"]) == (4, 3, 2, 2)
    assert got["best_time"] == 70.0


def test_an_empty_table_and_a_first_loss():
    st = Statistics()
    assert st.frame().empty
    st.record("kansas", {}, won=False, seconds=1, score=3)
    assert st.rows()[0]["win_rate"] == 0.0


# ---------------------------------------------------------------- random intents with review

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

intent = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("review"),
            "at": st.one_of(st.none(), st.integers(-2, 40), st.text(max_size=2), st.booleans()),
        }
    ),
    st.fixed_dictionaries(
        {"kind": st.just("review"), "step": st.one_of(st.integers(-3, 3), st.floats(), st.none())}
    ),
    st.fixed_dictionaries(
        {
            "kind": st.sampled_from(
                ["draw", "undo", "redo", "restart", "hint", "autoplay", "play_on", "play_on"]
            )
        }
    ),
    st.fixed_dictionaries({"kind": st.just("foundation"), "pile": st.sampled_from(["t0", "w"])}),
    st.fixed_dictionaries(
        {
            "kind": st.just("move"),
            "action": st.sampled_from(["w>t0", "t0>t1", "t2>f0", "w>f0", "t6>t5"]),
        }
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(intent, min_size=1, max_size=40))
def test_random_intents_with_review_keep_the_view_true(intents):
    w = SolitaireWidget("saratoga", seed=7, statistics=Statistics())
    for content in intents:
        before = (w.game.snapshot(), list(w.game.history), w.reviewing)
        send(w, content)
        g, v = w.game, w.view
        if w.reviewing is None:
            assert v["piles"] == masked(g.snapshot()) and v["review"] is None
            assert v["legal"] == [str(m) for m in g.legal_moves]
        else:
            assert 0 <= w.reviewing <= g.moves
            at = g.position(w.reviewing)
            assert v["piles"] == masked(at.snapshot())
            assert v["legal"] == [str(m) for m in at.legal_moves]
            assert v["review"] == {"at": w.reviewing, "of": g.moves}
            # a move offered to play on from here is one the position shown allows
            assert v["offer"] is None or v["offer"] in ["draw", *v["legal"]]
        if before[2] is not None and content.get("kind") == "play_on":
            # played on from the position shown (or where the automatic chain that
            # spans it begins): the moves before it are kept, one may be played
            kept = min(g.moves, before[2])
            assert g.history[:kept] == before[1][:kept] and w.reviewing is None
            assert g.moves <= before[2] + 1
        elif (
            before[2] is not None
            and content.get("kind") != "review"
            and content.get("kind") != "restart"
        ):
            # nothing is played while looking back
            assert (g.snapshot(), g.history) == before[:2], content
        json.dumps(v)
