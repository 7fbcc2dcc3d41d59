"""scripts/record_traces.py: Aisleriot's own rule code, run headless, reproduces every
committed trace (tests/data/*.jsonl.gz), and what it records passes its own check.

Needs GNU Guile and Debian's Aisleriot (``apt-get install aisleriot guile-3.0``); without
them the tests that run Aisleriot are skipped, saying so. The option and argument checks
run everywhere."""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "record_traces.py"
DATA = Path(__file__).parent / "data"
# the engine's traces, and those of games whose module has yet to come (TRACES.md)
FILES = sorted(DATA.glob("*.jsonl.gz")) + sorted(DATA.glob("new-games/*.jsonl.gz"))

_spec = importlib.util.spec_from_file_location("record_traces", SCRIPT)
assert _spec and _spec.loader
record_traces = importlib.util.module_from_spec(_spec)
sys.modules["record_traces"] = record_traces
_spec.loader.exec_module(record_traces)

MISSING = record_traces.missing_tools()
needs_aisleriot = pytest.mark.skipif(
    MISSING is not None,
    reason=f"{MISSING}: the recorder runs Aisleriot's compiled games in Guile",
)


def run(*args: str, timeout: float = 1200) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def first_trace(path: Path) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.loads(fh.readline())


def write(path: Path, traces: list[dict]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for t in traces:
            fh.write(json.dumps(t) + "\n")
    return path


@needs_aisleriot
@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_aisleriot_reproduces_every_committed_trace(path: Path) -> None:
    done = run("--check", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    n = len(record_traces.read_traces(path))
    assert f"{n}/{n} traces reproduced" in done.stdout


@needs_aisleriot
def test_one_trace_of_every_file_is_reproduced(tmp_path: Path) -> None:
    # the fast version of the check above: the first trace of each file
    sample = write(tmp_path / "sample.jsonl.gz", [first_trace(p) for p in FILES])
    done = run("--check", str(sample))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(FILES)}/{len(FILES)} traces reproduced" in done.stdout


@needs_aisleriot
@pytest.mark.parametrize(
    "field,change",
    [
        ("legal", lambda step: step["legal"].pop()),
        ("score", lambda step: step.update(score=step["score"] + 1)),
        ("over", lambda step: step.update(over=not step["over"])),
        ("won", lambda step: step.update(won=not step["won"])),
        ("state", lambda step: step["state"]["s"].reverse()),
    ],
)
def test_a_changed_step_is_caught_and_named(tmp_path: Path, field: str, change) -> None:
    # the check compares every field: a trace edited at one step fails there
    trace = first_trace(FILES[0])
    trace["steps"] = trace["steps"][:6]
    trace["steps"][-1]["action"] = None
    change(trace["steps"][3])
    done = run("--check", str(write(tmp_path / "bad.jsonl.gz", [trace])))
    assert done.returncode == 1
    assert f"step 3 {field}: recorded" in done.stdout
    assert "0/1 traces reproduced" in done.stdout


@needs_aisleriot
def test_an_action_aisleriot_refuses_and_a_wrong_deck_are_caught(tmp_path: Path) -> None:
    trace = first_trace(FILES[0])
    refused = json.loads(json.dumps(trace))
    refused["steps"][0]["action"] = "t0>t0"
    deck = json.loads(json.dumps(trace))
    deck["seed"] = 2
    unknown = json.loads(json.dumps(trace))
    unknown["game"] = "no-such-game"
    done = run("--check", str(write(tmp_path / "bad.jsonl.gz", [refused, deck, unknown])))
    assert done.returncode == 1
    assert "step 0: action 't0>t0' is not legal" in done.stdout
    assert "deck: recorded" in done.stdout
    assert "Aisleriot has no game 'no-such-game'" in done.stdout
    assert "0/3 traces reproduced" in done.stdout


@needs_aisleriot
def test_recorded_traces_pass_the_check_and_are_the_same_bytes_twice(tmp_path: Path) -> None:
    trace = first_trace(FILES[-1])
    options = json.dumps(trace["options"])
    outs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.jsonl.gz"
        done = run(
            "--game", trace["game"], "--options", options, "--seeds", "1,3", "--out", str(out)
        )
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    recorded = record_traces.read_traces(tmp_path / "a.jsonl.gz")
    assert [t["seed"] for t in recorded] == [1, 3]
    # the same deal as the committed trace of seed 1, whatever the walk did
    assert recorded[0]["deck"] == trace["deck"]
    assert recorded[0]["steps"][0] == {
        **trace["steps"][0],
        "action": recorded[0]["steps"][0]["action"],
    }
    for t in recorded:
        assert list(t) == ["game", "options", "seed", "deck", "steps"]
        assert all(
            list(s) == ["state", "score", "legal", "over", "won", "action"] for s in t["steps"]
        )
        assert t["steps"][-1]["action"] is None
        assert all(s["action"] in s["legal"] for s in t["steps"][:-1])
    done = run("--check", str(tmp_path / "a.jsonl.gz"))
    assert done.returncode == 0, done.stdout


GAME = first_trace(FILES[0])["game"]
OPTIONS = json.dumps(first_trace(FILES[0])["options"])


@pytest.mark.parametrize(
    "args,words",
    [
        (["--game", GAME, "--options", '{"draw": 99, "redeals": 99}'], GAME),
        (["--game", GAME, "--options", "[1]"], "must be a JSON object"),
        (["--game", "not-a-game", "--options", '{"draw": 3}'], "option labels"),
        (["--game", GAME, "--options", "{nope"], "--options is not JSON"),
        (["--game", GAME, "--options", OPTIONS, "--seeds", "5-1"], "empty range"),
        (["--game", GAME, "--options", OPTIONS, "--seeds", "x"], "not a list"),
    ],
)
def test_bad_arguments_get_a_clear_error_and_write_nothing(
    tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "out.jsonl.gz"
    done = run(*args, "--out", str(out), timeout=60)
    assert done.returncode == 2
    assert words in done.stderr
    assert not out.exists()


def test_a_file_that_is_not_traces_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(record_traces.RecorderError, match="not a gzip-compressed"):
        record_traces.read_traces(bad)


def test_seeds_and_the_options_of_every_committed_trace() -> None:
    assert record_traces.parse_seeds("1-3,7") == [1, 2, 3, 7]
    for path in FILES:
        trace = first_trace(path)
        labels, variables = record_traces.settings_for(trace["game"], trace["options"])
        # a radio group has one entry set; a game without options sets nothing
        assert sum(labels.values()) <= 1, path.name
        assert all(isinstance(v, int) for v in variables.values()), path.name
        with pytest.raises(record_traces.RecorderError):
            record_traces.settings_for(trace["game"], {**trace["options"], "draw": 99})
    # a game the table does not know takes Aisleriot's option labels
    assert record_traces.settings_for("not-a-game", {"A label": True}) == ({"A label": True}, {})
