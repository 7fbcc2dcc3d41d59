"""The engine against Aisleriot's own rule code, step for step (tests/data/*.jsonl.gz)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from solitaire_widget import GAMES, Game, hints
from solitaire_widget.games import variants

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.jsonl.gz"))


def load_traces() -> list[dict]:
    """The traces, with their options as Game takes them: the traces write unlimited
    redeals as -1, which the public API refuses (it means None)."""
    traces = []
    for path in FILES:
        with gzip.open(path, "rt") as fh:
            traces.extend(json.loads(line) for line in fh if line.strip())
    for trace in traces:
        if trace["options"].get("redeals") == -1:
            trace["options"]["redeals"] = None
    return traces


TRACES = load_traces()


def _key(game: str, options: dict) -> tuple:
    # a trace's options as the game's rules fill them in (defaults included)
    return (game, tuple(sorted(GAMES[game](**options).options.items())))


@pytest.mark.parametrize("variant", variants(), ids=str)
def test_every_variant_of_every_game_has_its_traces(variant):
    # Aisleriot's own traces, seeds 1-25, for each variant a registered game declares
    mine = [
        t for t in TRACES if _key(t["game"], t["options"]) == _key(variant.game, variant.options)
    ]
    assert sorted(t["seed"] for t in mine) == list(range(1, 26)), variant


def test_every_trace_is_of_a_declared_variant():
    declared = {_key(v.game, v.options) for v in variants()}
    assert {_key(t["game"], t["options"]) for t in TRACES} <= declared


@pytest.mark.parametrize(
    "trace", TRACES, ids=[f"{t['game']}-{t['options']}-{t['seed']}" for t in TRACES]
)
def test_trace(trace):
    g = Game(trace["game"], seed=trace["seed"], **trace["options"])
    assert g.deck == trace["deck"]
    for i, step in enumerate(trace["steps"]):
        where = f"step {i}"
        assert g.snapshot() == step["state"], where
        assert sorted(map(str, g.legal_moves)) == step["legal"], where
        assert g.score == step["score"], where
        assert g.is_won == step["won"], where
        assert (g.status == "won") == step["won"], where
        if step["action"] is not None:
            g.play(step["action"])


@pytest.mark.parametrize(
    "trace", TRACES, ids=[f"{t['game']}-{t['options']}-{t['seed']}" for t in TRACES]
)
def test_hint_finds_every_move_aisleriots_hint_finds(trace):
    g = Game(trace["game"], seed=trace["seed"], **trace["options"])
    for step in trace["steps"]:
        if g.status == "playing":
            ours = set(g.hints())
            last = g._undo[-1] if g._undo else None
            for move in g.rules.aisleriot_hints(g.table):
                if not hints.pointless(g.table, move, last):
                    assert move in ours, (step["action"], str(move))
            if g.legal_moves:
                assert g.hint() is not None
        if step["action"] is not None:
            g.play(step["action"])


def test_lost_is_final_in_the_traces():
    # once our status says "lost", the walk never wins and (where foundations are
    # locked) never scores again
    for trace in TRACES:
        g = Game(trace["game"], seed=trace["seed"], **trace["options"])
        lost_at = None
        for step in trace["steps"]:
            if lost_at is None and g.status == "lost":
                lost_at = g.score
            if lost_at is not None:
                assert not step["won"]
                if not GAMES[trace["game"]].foundations_in_play:
                    assert step["score"] == lost_at
            if step["action"] is not None:
                g.play(step["action"])
