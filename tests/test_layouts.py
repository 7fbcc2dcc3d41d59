"""The table layouts the view carries (solitaire_widget/layouts.py)."""

from __future__ import annotations

import json
import pathlib

import pytest

from solitaire_widget import Game
from solitaire_widget.layouts import table_layout

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "js" / "tests" / "layouts.json"
CASES = {
    "eagle-wing": ("eagle-wing", {}),
    "saratoga": ("saratoga", {}),
    "saratoga-draw3": ("saratoga", {"draw": 3}),
    "kansas": ("kansas", {}),
}


def test_the_node_tests_lay_out_what_python_sends():
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert set(fixture) == set(CASES)
    for key, (name, opts) in CASES.items():
        assert fixture[key] == table_layout(Game(name, seed=1, **opts).rules), key


@pytest.mark.parametrize(
    "name,opts", [*CASES.values(), ("kansas", {"redeals": 1}), ("saratoga", {"redeals": 0})]
)
def test_a_slot_for_every_pile_and_recycling_from_the_rules(name, opts):
    g = Game(name, seed=1, **opts)
    layout = table_layout(g.rules)
    piles = [s["pile"] for s in layout["slots"]]
    snap = g.snapshot()
    expect = [
        "s",
        "w",
        *(["r"] if "r" in snap else []),
        *(f"f{i}" for i in range(4)),
        *(f"t{i}" for i in range(len(snap["t"]))),
    ]
    assert sorted(piles) == sorted(expect)
    # Kansas recycles when given redeals; a game with none never shows the redeal mark
    assert layout["recycles"] is (g.rules.max_redeals != 0)
