"""The rule switches in the widget's toolbar: offered only where a teacher turns them on
(``SolitaireWidget.rule_switches``), chosen through the page's ``select`` intent like any
option, and kept while a player changes the deal with the switches not offered."""

from __future__ import annotations

import pytest
from test_widget_messages import no_swallowed_errors, recording_comms, send  # noqa: F401

from solitaire_widget.games import GAMES
from solitaire_widget.widget import SolitaireWidget

SWITCHED = [n for n, cls in GAMES.items() if "worrying_back" in cls.option_names]


def groups(w: SolitaireWidget, name: str) -> list[str]:
    entry = next(e for e in w.catalog if e["name"] == name)
    return [g["label"]["en"] for g in entry["groups"]]


@pytest.mark.parametrize("name", SWITCHED)
def test_the_switch_is_offered_only_when_a_teacher_turns_it_on(name):
    w = SolitaireWidget(name, seed=5, live_solver=False)
    plain = groups(w, name)
    assert "Worrying back" not in plain
    assert len(w.setup["chosen"]) == len(plain)
    w.rule_switches = True
    # the rule switches' groups follow the player's (worrying back, then any other)
    assert groups(w, name)[: len(plain) + 1] == [*plain, "Worrying back"]
    at = len(plain)
    # on by default (Aisleriot's rule): its first choice
    assert w.setup["chosen"][at] == 0
    # the page asks for it off, with the other groups' options, as its selectors do
    options = {**w.game.options, "worrying_back": False}
    send(w, {"kind": "select", "game": name, "options": options})
    assert w.game.options["worrying_back"] is False
    assert w.game.rules.foundations_in_play is False
    assert w.game.seed == 5  # the same deal under the other rule
    assert w.setup["chosen"][at] == 1
    assert "no worrying back" in w.rules
    # switches off: the group goes, the rule stays, and a deal chosen from the other
    # groups keeps it
    w.rule_switches = False
    assert groups(w, name) == plain and len(w.setup["chosen"]) == len(plain)
    other = {k: v for k, v in w.game.options.items() if k != "worrying_back"}
    send(w, {"kind": "select", "game": name, "options": other})
    assert w.game.options.get("worrying_back") is False
    # turned on again from the page, it is on
    w.rule_switches = True
    send(w, {"kind": "select", "game": name, "options": {**other, "worrying_back": True}})
    assert "worrying_back" not in w.game.options and w.game.rules.foundations_in_play
    assert "no worrying back" not in w.rules
    # given to the constructor, and switched off by a game of its own
    t = SolitaireWidget(name, seed=5, live_solver=False, rule_switches=True, worrying_back=False)
    assert groups(t, name)[at] == "Worrying back" and t.setup["chosen"][at] == 1


def test_a_switch_that_is_not_a_bool_is_refused_by_the_widget():
    w = SolitaireWidget(SWITCHED[0], seed=5, live_solver=False)
    with pytest.raises(TypeError):
        w.rule_switches = "yes"
    with pytest.raises(TypeError, match="rule_switches must be True or False"):
        SolitaireWidget(SWITCHED[0], rule_switches=1)
    assert w.rule_switches is False
    before = dict(w.game.options)
    view = send(w, {"kind": "select", "game": SWITCHED[0], "options": {"worrying_back": "no"}})
    assert w.game.options == before
    assert view is not None and view["notice"]["level"] in ("error", "warning")
