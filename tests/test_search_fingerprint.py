"""The search answers exactly as recorded: same verdicts, node counts and lines.

``search_fingerprint.py`` says what is recorded and how to record it anew (only for a
change that is meant to alter the search, argued in its commit).
"""

from __future__ import annotations

import pytest
from search_fingerprint import VARIANTS, _label, load, record

# Recording the fingerprint's deals takes most of a minute; the fast tier leaves it to the full run.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def now() -> dict:
    return record("quick")


@pytest.mark.parametrize("label", [_label(n, o) for n, o in VARIANTS])
def test_search_reproduces_its_fingerprint(now: dict, label: str) -> None:
    want = load()["quick"][label]
    got = now[label]
    for part in ("search", "plain", "solve"):
        assert set(got[part]) == set(want[part])
        for seed in want[part]:
            assert got[part][seed] == want[part][seed], (part, seed)


def test_fingerprint_covers_decided_and_undecided_deals() -> None:
    # a fingerprint of nothing but "unknown" would not see a changed line or verdict
    runs = [
        r for entry in load()["quick"].values() for part in entry.values() for r in part.values()
    ]
    assert {r[0] for r in runs} >= {"won", "unknown"}
    assert sum(r[0] == "won" for r in runs) >= 30
