"""The fatal-move warning (warn_fatal): a move that would turn a position proved
winnable into one proved lost is held back until the player confirms it.

The pair used: Eagle Wing, seed 5, after t5>f1 the deal is winnable and t6>t5 loses it
(found with the solver; the test proves both again)."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widget import live as live_module
from solitaire_widget.proofs import detached
from solitaire_widget.scheduling import ManualScheduler
from solitaire_widget.statistics import Statistics
from solitaire_widget.widget import SolitaireWidget

GAME, SEED, BEFORE, FATAL = "eagle-wing", 5, ["t5>f1"], "t6>t5"


def send(w: SolitaireWidget, content: Any) -> dict:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    return w.view


def table(warn_fatal: bool = True) -> SolitaireWidget:
    """The position before the fatal move, with its live answer in ("winnable")."""
    w = SolitaireWidget(
        GAME, seed=SEED, statistics=Statistics(), warn_fatal=warn_fatal, thoughtful=True
    )
    w.scheduler = ManualScheduler()
    w.fatal_budget = 2.0  # generous here: the test is about what is held, not speed
    for a in BEFORE:
        send(w, {"kind": "move", "action": a, "version": w.view["version"]})
    w.scheduler.run_all()
    assert w.live_answer == "winnable"
    return w


def move(w: SolitaireWidget, action: str = FATAL) -> dict:
    return send(w, {"kind": "move", "action": action, "version": w.view["version"]})


def test_the_fatal_move_is_held_and_named():
    w = table()
    before = w.game.snapshot()
    v = move(w)
    assert w.game.history == BEFORE and w.game.snapshot() == before
    assert v["pending"]["move"] == FATAL
    assert v["pending"]["text"] == "If you play this, the deal can no longer be won."
    # the move in words, not notation (issue 36, item 11)
    assert "(the top card of tableau 7 onto tableau 6)" in v["pending"]["reason"]
    assert FATAL not in v["pending"]["reason"]
    send(w, {"kind": "lang", "lang": "el"})  # another word cancels it, as anything else
    assert w.view["pending"] is None
    el = move(w)["pending"]
    assert "κερδίζεται" in el["text"]
    assert "(το πάνω φύλλο από το Ταμπλό 7 στο Ταμπλό 6)" in el["reason"]
    assert v["settings"]["warn_fatal"] is True
    assert w.is_fatal(FATAL) is True


def test_confirming_plays_it_and_taking_it_back_leaves_the_game():
    w = table()
    held = move(w)["pending"]
    v = send(w, {"kind": "fatal", "confirm": False})
    assert v["pending"] is None and w.game.history == BEFORE
    held = move(w)["pending"]
    v = send(
        w, {"kind": "fatal", "confirm": True, "action": held["move"], "version": held["version"]}
    )
    assert w.game.history == [*BEFORE, FATAL] and v["pending"] is None
    w.scheduler.run_all()
    assert w.live_answer == "lost"


@pytest.mark.parametrize(
    "forged",
    [
        {"kind": "fatal", "confirm": True, "action": "t0>t1", "version": None},  # another move
        {"kind": "fatal", "confirm": True, "action": FATAL, "version": -1},  # stale
        {"kind": "fatal", "confirm": "yes", "action": FATAL, "version": None},  # malformed
        {"kind": "fatal", "confirm": True, "action": FATAL},  # no version
    ],
)
def test_a_stale_or_forged_confirmation_is_refused_and_changes_nothing(forged):
    w = table()
    held = move(w)["pending"]
    msg = {**forged}
    if msg.get("version", 0) is None:
        msg["version"] = held["version"]
    v = send(w, msg)
    assert w.game.history == BEFORE
    assert v["notice"]["level"] == "error"
    assert v["pending"] == held  # still asked


def test_a_confirmation_with_nothing_held_is_refused():
    w = table()
    v = send(w, {"kind": "fatal", "confirm": True, "action": FATAL, "version": w.view["version"]})
    assert w.game.history == BEFORE and v["notice"]["level"] == "error"


@pytest.mark.parametrize(
    "other", [{"kind": "undo"}, {"kind": "hint"}, {"kind": "move", "action": "draw"}]
)
def test_anything_else_cancels_the_held_move(other):
    w = table()
    move(w)
    if "action" in other:
        other = {**other, "version": w.view["version"]}
    v = send(w, other)
    assert v["pending"] is None
    assert FATAL not in w.game.history


def test_a_held_move_is_dropped_when_python_changes_the_game():
    w = table()
    held = move(w)["pending"]
    w.game.undo()
    assert w.view["pending"] is None
    send(w, {"kind": "fatal", "confirm": True, "action": FATAL, "version": held["version"]})
    assert w.game.history == []


def test_a_winning_move_is_played_at_once():
    w = table()
    line = w.proofs.line(w.game.history)
    move(w, line[0])
    assert w.game.history == [*BEFORE, line[0]] and w.view["pending"] is None
    assert w.is_fatal(w.proofs.line(w.game.history)[0]) is False


def test_off_by_default_and_switched_from_the_page():
    w = table(warn_fatal=False)
    assert SolitaireWidget(GAME, seed=SEED, thoughtful=True).warn_fatal is False
    assert w.view["settings"]["warn_fatal"] is False
    move(w)
    assert w.game.history == [*BEFORE, FATAL]
    w.game.undo()
    send(w, {"kind": "setting", "name": "warn_fatal", "value": True})
    assert w.warn_fatal is True and w.view["settings"]["warn_fatal"] is True
    w.scheduler.run_all()
    assert move(w)["pending"]["move"] == FATAL


def test_undecided_in_the_budget_is_played_without_a_warning(monkeypatch):
    class Undecided:
        engine = "python"

        def __init__(self, *_a: Any, **_k: Any) -> None:
            pass

        def run(self, **_k: Any) -> Any:
            class R:
                result, solution, engine = "unknown", [], "python"

            return R()

    # the check at the click alone: nothing looked at before it
    monkeypatch.setattr(live_module.LiveSolver, "_look_ahead", lambda *_a: None)
    w = table()
    monkeypatch.setattr(live_module, "Solver", Undecided)
    assert w.is_fatal(FATAL) is None
    move(w)
    assert w.game.history == [*BEFORE, FATAL] and w.view["pending"] is None


def test_the_moves_of_a_winnable_position_are_checked_while_the_player_thinks(monkeypatch):
    # once the position is known winnable, each of its moves is checked in the
    # background (ManualScheduler: at once), so the check at the click is a lookup:
    # with every search made to fail from then on, the fatal move is still held
    w = table()
    h = w.game.history
    for m in w.game.legal_moves:
        after = detached(w.game)
        after.play(str(m))
        assert w.proofs.known([*h, *after.history]) is not None, m

    class NoSearch:
        def __init__(self, *_a: Any, **_k: Any) -> None:
            raise AssertionError("searched at the click")

    monkeypatch.setattr(live_module, "Solver", NoSearch)
    assert w.is_fatal(FATAL) is True
    v = move(w)
    assert v["pending"]["move"] == FATAL and w.game.history == BEFORE


def test_a_move_left_open_is_looked_at_again_with_more_time(monkeypatch):
    # the first round's searches (0.1 s) are made to decide nothing: the rounds after
    # it, with four times the budget each, prove the fatal move lost before the click
    real = live_module.Solver
    budgets: list[float] = []

    class SlowToProve:
        def __init__(self, *a: Any, **k: Any) -> None:
            self.s = real(*a, **k)

        def run(self, seconds: float, **k: Any) -> Any:
            budgets.append(seconds)
            if seconds < 0.3:

                class R:
                    result, solution, engine = "unknown", [], "python"

                return R()
            return self.s.run(seconds=seconds, **k)

        def cancel(self) -> None:
            self.s.cancel()

    look_ahead = live_module.LiveSolver._look_ahead
    monkeypatch.setattr(live_module.LiveSolver, "_look_ahead", lambda *_a: None)
    w = table()
    monkeypatch.setattr(live_module.LiveSolver, "_look_ahead", look_ahead)
    monkeypatch.setattr(live_module, "Solver", SlowToProve)
    w._play.live.check_soon()  # as after the view is sent
    w.scheduler.run_all()
    assert w.proofs.known([*BEFORE, FATAL]).result == "lost"
    assert budgets[0] <= 0.1 and max(budgets) > 0.3
    assert max(budgets) <= live_module.LOOK_AHEAD_LIMIT
    v = move(w)
    assert v["pending"]["move"] == FATAL and w.game.history == BEFORE


def test_a_look_ahead_search_is_cancelled_when_the_table_moves(monkeypatch):
    # the table changes while a move's search runs: that search is told to stop at
    # once, and no other move of the old position is searched after it
    look_ahead = live_module.LiveSolver._look_ahead
    monkeypatch.setattr(live_module.LiveSolver, "_look_ahead", lambda *_a: None)
    w = table()
    monkeypatch.setattr(live_module.LiveSolver, "_look_ahead", look_ahead)
    live = w._play.live
    runs: list[bool] = []  # per search run: whether the move cancelled it

    class Interrupted:
        def __init__(self, *_a: Any, **_k: Any) -> None:
            self.cancelled = False

        def run(self, **_k: Any) -> Any:
            live.moved()  # as the kernel does when a move arrives meanwhile
            runs.append(self.cancelled and live._looking is None)

            class R:
                result, solution, engine = "unknown", [], "python"

            return R()

        def cancel(self) -> None:
            self.cancelled = True

    monkeypatch.setattr(live_module, "Solver", Interrupted)
    monkeypatch.setattr(live_module, "repaired", lambda *_a: [])  # every move searched
    live.check_soon()
    w.scheduler.run_all()
    assert runs == [True]


def test_no_look_ahead_without_the_warning():
    # the same position with the warning off: its moves are left alone (with it on,
    # the look-ahead proves the fatal one lost, as the test above shows)
    w = table(warn_fatal=False)
    assert w.proofs.known([*BEFORE, FATAL]) is None


def test_not_known_winnable_means_no_check():
    # no live answer and no Solve: nothing is proved about the position, so nothing
    # is searched before the move (a click stays a click)
    w = SolitaireWidget(
        GAME,
        seed=SEED,
        statistics=Statistics(),
        warn_fatal=True,
        live_solver=False,
        thoughtful=True,
    )
    send(w, {"kind": "move", "action": BEFORE[0], "version": w.view["version"]})
    assert w.proofs.known(w.game.history) is None
    move(w)
    assert w.game.history == [*BEFORE, FATAL]


@pytest.mark.parametrize("bad", ["no", 1, None])
def test_warn_fatal_must_be_a_bool(bad):
    with pytest.raises(TypeError, match="warn_fatal must be True or False"):
        SolitaireWidget(GAME, warn_fatal=bad)


def test_is_fatal_refuses_an_illegal_move():
    from solitaire_widget import IllegalMove

    w = table()
    with pytest.raises(IllegalMove):
        w.is_fatal("f0>t0")
