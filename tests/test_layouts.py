"""The table layouts the view carries (solitaire_widget/layouts.py), for every variant of
every registered game.

``python tests/test_layouts.py`` rewrites js/tests/layouts.json, the copy the node tests
lay out, after a game's slots change or a game is added."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

from solitaire_widget import Game
from solitaire_widget.games import make_rules, rule_sets, variants
from solitaire_widget.layouts import table_layout

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "js" / "tests" / "layouts.json"


def expected() -> dict:
    return {v.slug: table_layout(make_rules(v.game, **v.options)) for v in variants()}


def test_the_node_tests_lay_out_what_python_sends():
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert fixture == expected(), "run python tests/test_layouts.py to write the copy again"


@pytest.mark.parametrize("v", rule_sets(), ids=lambda v: v.slug)
def test_a_slot_for_every_pile_and_recycling_from_the_rules(v):
    g = Game(v.game, seed=1, **v.options)
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
    # a game with no redeal never shows the redeal mark
    assert layout["recycles"] is (g.rules.max_redeals != 0)


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(expected(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)
