"""SolitaireWidget without a kernel: intents arrive through ipywidgets' own message
path (a comm message handled by ``Widget._handle_msg``), and what goes back is read
from the comm's outgoing ``update`` messages, as the front end would receive them."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

pytest.importorskip("anywidget")

from comm.base_comm import BaseComm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game, IllegalMove
from solitaire_widget.widget import SolitaireWidget


class RecordingComm(BaseComm):
    """A comm that keeps what the widget sends instead of writing to a kernel."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        super().__init__(**kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
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
    w.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                       "buffers": []})
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
    assert v["piles"] == w.game.snapshot()
    for key in ("score", "status", "moves", "stock_left", "reserve_left", "redeals_left",
                "base_rank", "legal", "hint", "notice", "can_undo", "can_redo", "timer",
                "version", "seq", "draw_count"):
        assert key in v, key
    assert v["legal"] == [str(m) for m in w.game.legal_moves]
    assert w.rules and w.catalog and {g["name"] for g in w.catalog} == {
        "eagle-wing", "saratoga", "kansas"}


def test_move_from_page_reaches_the_game_and_comes_back():
    w = SolitaireWidget("kansas", seed=7)
    action = next(str(m) for m in w.game.legal_moves if str(m) != "draw")
    v0 = w.view["version"]
    sent = move(w, action)
    assert w.game.history == [action]
    assert sent is not None and sent["version"] == v0 + 1
    assert sent["piles"] == w.game.snapshot()
    assert sent["moves"] == 1 and sent["can_undo"] is True
    assert sent["timer"]["running"] is True


def test_move_from_python_is_sent_to_the_page():
    w = SolitaireWidget("kansas", seed=7)
    before = len(w.comm.sent)
    w.game.draw()
    v = last_view(w, since=before)
    assert v is not None and v["piles"] == w.game.snapshot() and v["moves"] == 1


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
    pile, mv = next((p, w.game.foundation_move(p)) for p in [f"t{i}" for i in range(7)]
                    if w.game.foundation_move(p) is not None)
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


@pytest.mark.parametrize("content", [
    None, 5, "move", [], {}, {"kind": 3}, {"kind": "fly"}, {"kind": "move"},
    {"kind": "move", "action": 7}, {"kind": "move", "action": ""},
    {"kind": "move", "action": "t9>f9"},
    {"kind": "move", "action": "x" * 500}, {"kind": "move", "action": "t0>f0", "version": "1"},
    {"kind": "move", "action": "t0>f0", "version": True}, {"kind": "new", "seed": -1},
    {"kind": "new", "seed": 2**40}, {"kind": "new", "seed": "12"}, {"kind": "new", "seed": 1.5},
    {"kind": "select", "game": "klondike"}, {"kind": "select", "game": "saratoga", "options": [1]},
    {"kind": "select", "game": "saratoga", "options": {"draw": 2}},
    {"kind": "select", "game": "kansas", "options": {"bogus": 1}},
    {"kind": "foundation", "pile": None}, {"kind": "foundation", "pile": "zz"},
    {"kind": "lang", "lang": "fr"}, {"kind": "redo"},
])
def test_malformed_intents_change_nothing(content):
    w = SolitaireWidget("kansas", seed=7)
    snap, version, name = w.game.snapshot(), w.view["version"], w.game.name
    v = send(w, content)
    assert w.game.snapshot() == snap and w.game.history == [] and w.game.name == name
    assert w.view["version"] == version
    assert v is not None and v["notice"] and v["notice"]["text"]


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
    assert b.view["piles"] == a.view["piles"] == g.snapshot()


def test_replacing_the_game_unsubscribes_the_old_one():
    w = SolitaireWidget("kansas", seed=7)
    old = w.game
    w.game = Game("saratoga", seed=2)
    seq = w.view["seq"]
    old.draw()
    assert w.view["seq"] == seq
    w.close()
    w.game.draw()  # no error once closed


intent = st.one_of(
    st.fixed_dictionaries({
        "kind": st.just("move"),
        "action": st.one_of(
            st.sampled_from(["draw", "w>f0", "w>t0", "t0>t1", "t1>f2", "t0>t3*2", "r>t1",
                             "t2>t0*3", "r>f3", "f0>t1", "t6>f0", "s>w", "w>w", ">", "t0>t1*0"]),
            st.text(max_size=12), st.integers()),
        "version": st.one_of(st.none(), st.integers(-2, 400)),
    }),
    st.fixed_dictionaries({"kind": st.sampled_from(
        ["draw", "undo", "redo", "hint", "autoplay", "restart", "lang"])}),
    st.fixed_dictionaries({"kind": st.just("foundation"), "pile": st.sampled_from(
        ["w", "r", "s", "t0", "t1", "t2", "t7", "f0", "q", ""])}),
    st.fixed_dictionaries({"kind": st.just("new"), "seed": st.one_of(
        st.none(), st.integers(-5, 2**33), st.floats(), st.text(max_size=3))}),
    st.fixed_dictionaries({"kind": st.just("select"), "game": st.sampled_from(
        ["kansas", "saratoga", "eagle-wing", "nope", ""]), "options": st.one_of(
        st.none(), st.dictionaries(st.sampled_from(["draw", "redeals", "x"]),
                                   st.one_of(st.none(), st.integers(-1, 5)), max_size=2))}),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.none(), st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=2),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(intent, min_size=1, max_size=60))
def test_random_intents_keep_the_game_consistent(intents):
    w = SolitaireWidget("saratoga", seed=7)
    for content in intents:
        before = (w.game.name, w.game.snapshot(), list(w.game.history))
        v0 = w.view["version"]
        send(w, content)
        g = w.game
        snap = g.snapshot()
        cards = [c.upper() for pile in ("s", "w", "r") for c in snap.get(pile, [])]
        cards += [c.upper() for p in snap["f"] + snap["t"] for c in p]
        assert len(cards) == 52 and len(set(cards)) == 52
        assert w.view["piles"] == snap
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
    g = Game.from_snapshot({"s": [], "w": [last], "r": [], "f": f, "t": [[], [], []]},
                           "kansas", base="A")
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
    w.comm.handle_msg({"content": {"data": {"method": "update",
                                            "state": {"view": fake, "lang": "el"}}},
                       "buffers": []})
    assert w.game.snapshot() == snap and w.lang == lang
    assert w.view["piles"] == snap
    v = last_view(w, since=before)
    assert v is not None and v["piles"] == snap and v["notice"]["level"] == "error"
