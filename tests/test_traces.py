"""The engine against Aisleriot's own rule code, step for step (tests/data/*.jsonl.gz)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from solitaire_widget import Game

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.jsonl.gz"))


def load_traces() -> list[dict]:
    traces = []
    for path in FILES:
        with gzip.open(path, "rt") as fh:
            traces.extend(json.loads(line) for line in fh if line.strip())
    return traces


TRACES = load_traces()


def test_all_public_traces_present():
    assert len(FILES) == 5
    assert len(TRACES) == 125


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
