"""The widget's messages as an adversary sends them (issue 36): forged intents of every
kind, with arbitrary fields, and with the fields a real page sends, in any order. Every
message is answered with a view (never a page left waiting), no unexpected error is
raised or logged, and a refusal leaves the game byte-identical (``to_json``).

The property runs in a subprocess with a time limit (a hang is a failure, not a stuck
test run)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).parent
FIELDS = (
    "action",
    "version",
    "seed",
    "game",
    "options",
    "pile",
    "name",
    "value",
    "lang",
    "stop",
    "step",
    "at",
    "confirm",
)
# the kinds that may change the game (and only when the notice is not a refusal)
CHANGES = {
    "move",
    "draw",
    "undo",
    "redo",
    "restart",
    "new",
    "autoplay",
    "foundation",
    "select",
    "fatal",
    "play_on",
    "line",
    "solve",
}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(["draw", "t0>t1", "t1>f0*2", "w>f0", "r>t3", "s", "t0", "f3", "r", "x"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _kinds() -> list[str]:
    from solitaire_widget.intents import HANDLERS

    return sorted(HANDLERS)


# what a real page would send, drawn without looking at the table (so each example is
# the same whatever state earlier ones left), and made concrete against the table
LEGAL, VERSION = object(), object()
real = {
    "action": st.one_of(st.just(LEGAL), st.sampled_from(["draw", "t0>t1", "t3>f0", "r>t3"])),
    "version": st.sampled_from([VERSION, 0, -1]),
    "seed": st.one_of(st.integers(0, 2**32 - 1), st.text(max_size=12)),
    "game": st.sampled_from(["kansas", "saratoga", "eagle-wing", "klondike"]),
    "options": st.sampled_from([{}, {"draw": 3}, {"redeals": None}, {"draw": 1}]),
    "pile": st.sampled_from(["s", "w", "r", "f0", "t0", "t1", "t7", "t12"]),
    "name": st.sampled_from(
        ["deck", "card_back", "large_index", "warn_fatal", "exact_hint", "difficulty"]
    ),
    "value": st.sampled_from([True, False, "four_colour", "rings", "easy", ""]),
    "lang": st.sampled_from(["en", "el", "fr"]),
    "stop": st.booleans(),
    "step": st.integers(-3, 3),
    "at": st.integers(-1, 12),
    "confirm": st.booleans(),
}


@st.composite
def messages(draw: Any) -> Any:
    """One message: mostly a dict with a kind and some fields (forged or real), now and
    then anything at all."""
    if draw(st.integers(0, 19)) == 0:
        return draw(values)
    kind = draw(st.one_of(st.sampled_from(_kinds()), st.text(max_size=12), values))
    msg: dict[str, Any] = {"kind": kind}
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        msg[field] = draw(st.one_of(real[field], values))
    return msg


def concrete(msg: Any, table: Any, pick: int) -> Any:
    """``msg`` with its symbolic fields made real: a legal move, the current version."""
    if not isinstance(msg, dict):
        return msg
    legal = [str(m) for m in table.game.legal_moves] or ["draw"]
    out = dict(msg)
    if out.get("action") is LEGAL:
        out["action"] = legal[pick % len(legal)]
    if out.get("version") is VERSION:
        out["version"] = table.view["version"]
    return out


def _table() -> Any:
    import ipywidgets.widgets.widget as wmod
    from comm.base_comm import BaseComm

    from solitaire_widget.scheduling import ManualScheduler
    from solitaire_widget.statistics import Statistics
    from solitaire_widget.widget import SolitaireWidget

    class RecordingComm(BaseComm):
        def __init__(self, **kwargs: Any) -> None:
            self.sent: list[Any] = []
            super().__init__(**kwargs)

        def publish_msg(self, msg_type: str, data: Any = None, *a: Any, **k: Any) -> None:
            # what the page gets must be plain JSON
            self.sent.append(json.loads(json.dumps(data or {}, allow_nan=False)))

    wmod.comm.create_comm = lambda **kw: RecordingComm(**kw)
    w = SolitaireWidget("eagle-wing", seed=7, statistics=Statistics(), live_solver=False)
    w.scheduler = ManualScheduler()
    # small budgets: the property is about answers, not about how hard the solver tries
    for name in ("solve_budget", "hint_budget", "check_budget", "fatal_budget"):
        setattr(w, name, 0.02)
    w.live_budget, w.live_slice, w.live_limit = 0.02, 0.02, 0.05
    w.replay_delay = 0.0
    return w


def check_messages(n: int) -> None:
    """The property, run in the subprocess."""
    errors: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR or "Exception in callback" in record.getMessage():
                errors.append(record)

    logging.getLogger().addHandler(Keep())
    seen = {"messages": 0, "changed": 0, "refused": 0}
    logging.getLogger().setLevel(logging.WARNING)

    @settings(
        max_examples=n,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def prop(data: Any) -> None:
        w = _table()
        for _ in range(data.draw(st.integers(1, 8))):
            msg = concrete(data.draw(messages()), w, data.draw(st.integers(0, 40)))
            before = w.game.to_json()
            seq = w.view["seq"]
            sent = len(w.comm.sent)
            w.comm.handle_msg(
                {"content": {"data": {"method": "custom", "content": msg}}, "buffers": []}
            )
            assert not errors, (msg, errors[0].getMessage())
            views = [
                m["state"]["view"]
                for m in w.comm.sent[sent:]
                if m.get("method") == "update" and "view" in m.get("state", {})
            ]
            assert views and views[-1]["seq"] > seq, f"no answer to {msg!r}"
            v = views[-1]
            kind = msg.get("kind") if isinstance(msg, dict) else None
            kind = kind if isinstance(kind, str) else None
            changed = w.game.to_json() != before
            refused = v["notice"] is not None and v["notice"]["level"] == "error"
            seen["messages"] += 1
            seen["changed"] += changed
            seen["refused"] += refused
            if changed:
                assert kind in CHANGES, (msg, v["notice"])
                assert not refused, (msg, v["notice"])
            if kind not in CHANGES:
                assert not changed, msg
            if data.draw(st.integers(0, 9)) == 0:
                w.scheduler.run_all(limit=400)  # the replay's steps, the live slices

    prop()
    assert seen["changed"] and seen["refused"], seen
    print("ok", n, seen["messages"], seen["changed"], seen["refused"])


def test_every_forged_message_is_answered_and_a_refusal_changes_nothing():
    n = int(os.environ.get("SW_ADVERSARY_EXAMPLES", "150"))
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r})\n"
        f"import test_widget_adversary as t\nt.check_messages({n})"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(HERE.parent), os.environ.get("PYTHONPATH")])
        ),
    }
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=900, env=env
    )
    assert out.returncode == 0, (out.stdout[-3000:], out.stderr[-6000:])
    words = out.stdout.split()
    assert words[:2] == ["ok", str(n)], out.stdout
    print(f"{words[2]} messages, {words[3]} changed the game, {words[4]} refused")
