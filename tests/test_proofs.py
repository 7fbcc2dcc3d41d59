"""The one record of what the history has proved (solitaire_widget.proofs), shared by the
solve session and the live answer; neither reads the other's state.

Eagle Wing deal 5 is winnable, and lost after t5>f2, t6>t5 (both decided by the solver in
milliseconds); Eagle Wing deal 1 is won by the solver in milliseconds.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

from solitaire_widget import Game
from solitaire_widget.games import GAMES
from solitaire_widget.proofs import Known, Proofs, detached, replays_to_win
from solitaire_widget.scheduling import ManualScheduler
from solitaire_widget.widget import SolitaireWidget

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "solitaire_widget"


def test_a_winning_line_holds_while_the_play_follows_it():
    p = Proofs()
    p.learn(["draw"], "won", ["t0>f0", "t1>f1", "draw"], "core")
    assert p.known(["draw"]) == Known("won", ["t0>f0", "t1>f1", "draw"], "core")
    assert p.line(["draw", "t0>f0"]) == ["t1>f1", "draw"]
    assert p.known(["draw", "t1>f1"]) is None  # left the line
    assert p.known([]) is None  # before it was found
    assert p.known(["draw", "t0>f0", "t1>f1", "draw"]) is None  # played out: nothing left
    assert not p.lost(["draw"])


def test_a_loss_holds_for_every_position_reached_from_it():
    p = Proofs()
    p.learn(["t5>f2", "t6>t5"], "lost", engine="python")
    assert p.lost(["t5>f2", "t6>t5"]) and p.lost(["t5>f2", "t6>t5", "draw"])
    assert not p.lost(["t5>f2"]) and p.known(["t5>f2"]) is None
    assert p.known(["t5>f2", "t6>t5", "draw"]) == Known("lost", [], "python")
    n = len(p)
    p.learn(["t5>f2", "t6>t5", "draw"], "lost")  # implied already: not kept twice
    assert len(p) == n
    p.learn([], "unknown")  # undecided is not a fact
    p.learn([], "won", [])  # nor a win with no line
    assert len(p) == n


def test_only_the_most_recent_facts_are_kept():
    p = Proofs(memory=3)
    for i in range(5):
        p.learn([f"t{i}>f0"], "won", ["draw"])
    assert p.line(["t4>f0"]) == ["draw"] and p.line(["t1>f0"]) is None
    assert len(p) == 3


def test_the_record_follows_the_deal_on_the_table():
    p = Proofs()
    g = Game("eagle-wing", seed=5)
    assert p.follow(g)  # a first deal
    p.learn([], "won", ["t5>f2"])
    epoch = p.epoch
    g.play("t5>f2")
    assert not p.changed(g) and p.line([]) == ["t5>f2"]
    g.restart()  # the same deal: what was proved still holds
    assert not p.changed(g) and p.line([]) == ["t5>f2"]
    assert not p.follow(Game("eagle-wing", seed=5))  # another Game object, the same deal
    g.new(seed=6)
    assert p.changed(g) and p.line([]) is None and p.epoch > epoch
    # a game shown in the middle of its play is told by its deal too
    h = Game("eagle-wing", seed=6)
    h.play(h.legal_moves[0])
    assert not p.follow(h)
    assert p.follow(Game("eagle-wing", seed=6, redeals=0))  # other options: another deal


@pytest.mark.parametrize("name", list(GAMES))
def test_a_detached_copy_keeps_the_position_and_its_face_down_cards(name):
    g = Game(name, seed=3)
    g.draw()
    copy = detached(g)
    assert copy.snapshot() == g.snapshot() and copy.legal_moves == g.legal_moves
    assert copy.history == [] and copy.redeals_left == g.redeals_left


def test_replays_to_win_checks_every_move():
    g = Game("eagle-wing", seed=1)
    line = g.solve(seconds=5).solution
    assert replays_to_win(g.table, line)
    assert not replays_to_win(g.table, line[:-1])
    assert not replays_to_win(g.table, ["t0>t0", *line])
    assert not replays_to_win(g.table, ["nonsense"])
    assert g.history == []  # on a copy


# ---------------------------------------------------------------------- shared by both


def table(name: str, seed: int, **kw) -> SolitaireWidget:
    w = SolitaireWidget(name, seed=seed, live_solver=False, **kw, thoughtful=True)
    w.scheduler = ManualScheduler()
    return w


def test_one_record_for_the_table_shared_by_solve_and_the_live_answer():
    w = table("eagle-wing", 5)
    assert w.proofs is w.session.proofs is w.live.proofs
    # the exact hint (the solve session) finds the line ...
    w.exact_hint = True
    w._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"kind": "hint"}}}, "buffers": []}
    )
    line = w.proofs.line([])
    assert line and w.view["hint"] == line[0]
    # ... and the live answer, switched on, knows it at once: no search
    w.live_solver = True
    assert w.live_answer == "winnable" and w.scheduler.pending == []
    # the live answer proves the loss; the warning (the solve session's) reads it
    w.warn_unwinnable = True
    w.live_budget = 5.0
    w.game.play("t5>f2")
    w.game.play("t6>t5")
    assert w.live_answer == "lost" and w.proofs.lost(w.game.history)
    assert w.session.warning and w.view["warning"] is not None
    w.game.undo()
    assert not w.session.warning and w.view["warning"] is None


def test_the_sessions_do_not_know_each_other_or_the_widget():
    """The imports run one way: widget -> play session -> (solve session | live answer)
    -> proofs; the two sessions import neither each other nor anything above them, and
    no module of the package reads another object's private fields of theirs."""
    above = {"widget", "intents", "view", "play_session"}

    def imported(module: str) -> set[str]:
        tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.level == 1:
                out |= {a.name for a in node.names}
        return out

    assert not imported("solve_session") & (above | {"live"})
    assert not imported("live") & (above | {"solve_session"})
    assert not imported("proofs") & (above | {"live", "solve_session"})
    for module in ("live", "solve_session", "play_session", "intents", "view", "widget"):
        src = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
        for private in ("session._", "live._", "solver._", "proofs._"):
            assert private not in src, f"{module}.py reads {private}"
