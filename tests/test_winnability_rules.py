"""Winnability of rules written anywhere: a ``Rules`` subclass written where no worker
process can import it (a notebook cell, a script given with ``python -c``) is solved on
any executor, a process pool that spawns its workers included, and ``flipped`` names the
deals a rule change decides the other way.

The scripts run in subprocesses with a time limit: a worker that cannot find its class
must end the test with an error, never hang it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

from solitaire_widget import Rules
from solitaire_widget.games import GAMES, SHIPPED
from solitaire_widget.winnability import ByValue, flipped, shippable, winnability

# A game written as a notebook cell would write it: the first shipped game under a name
# of its own (its rules unchanged, so its deals are decided as fast). Run with
# ``python -c``, its class's module is __main__, which a spawned worker cannot import (it
# has no file to run).
SCRIPT = textwrap.dedent(
    """
    import json, multiprocessing, sys
    from concurrent.futures import ProcessPoolExecutor
    from solitaire_widget import winnability as wn
    from solitaire_widget.games import GAMES, SHIPPED

    class Cousin(GAMES[SHIPPED[0]]):
        name = "cousin-in-main"
        title = "A cousin"

    if sys.argv[1] == "by-name":  # the old way: a worker gets the rules as they are
        wn.shippable = lambda rules: rules
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
    try:
        df = wn.winnability(Cousin(), SEEDS, nodes=20_000, executor=pool, progress=False)
    except Exception as err:
        print(json.dumps({"error": f"{type(err).__name__}: {err}"}))
    else:
        print(json.dumps({"rows": df[["seed", "result", "nodes"]].values.tolist()}))
    finally:
        pool.shutdown()
    """
)
SEEDS = range(1, 9)


def run_script(mode: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.replace("SEEDS", repr(SEEDS)), mode],
        capture_output=True,
        text=True,
        timeout=240,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_class_written_in_main_is_solved_by_spawned_workers():
    got = run_script("by-value")
    assert "error" not in got, got
    here = winnability(SHIPPED[0], SEEDS, nodes=20_000, executor=None, progress=False)
    assert got["rows"] == here[["seed", "result", "nodes"]].values.tolist()
    assert {"won", "lost"} & set(here["result"])  # something decided, to compare


def test_sent_by_name_a_spawned_worker_cannot_find_it():
    # what the rules travel as matters: sent as they are, the worker cannot unpickle
    # them and the pool breaks
    got = run_script("by-name")
    assert "error" in got, got


def test_rules_a_worker_can_import_go_as_they_are():
    rules = GAMES[SHIPPED[0]](**{})
    assert shippable(rules) is rules
    assert isinstance(shippable(local_rules()), ByValue)
    back = shippable(local_rules()).rules()  # type: ignore[union-attr]
    assert type(back).__name__ == "Local" and isinstance(back, Rules)


def local_rules() -> Rules:
    class Local(GAMES[SHIPPED[0]]):  # type: ignore[valid-type, misc]
        name = "local-copy"

    return Local()


def test_a_registered_name_and_its_rules_give_the_same_frame():
    name = GAMES[SHIPPED[0]].name
    by_name = winnability(name, range(1, 4), nodes=5_000, executor=None, progress=False)
    by_rules = winnability(GAMES[SHIPPED[0]](), range(1, 4), nodes=5_000, progress=False)
    pd.testing.assert_frame_equal(
        by_name[["seed", "result", "nodes"]], by_rules[["seed", "result", "nodes"]]
    )


def test_options_go_with_a_name_not_with_rules_and_fail_before_any_worker():
    with pytest.raises(TypeError, match="options go with a game's name"):
        winnability(GAMES[SHIPPED[0]](), [1], nodes=10, progress=False, redeals=0)
    with pytest.raises(TypeError, match="has no option"):
        winnability(GAMES[SHIPPED[0]].name, [1], nodes=10, progress=False, no_such_option=1)


def test_flipped_names_the_deals_decided_the_other_way():
    before = pd.DataFrame(
        {"seed": [1, 2, 3, 4, 5], "result": ["won", "won", "lost", "unknown", "won"]}
    )
    after = pd.DataFrame(
        {"seed": [5, 4, 3, 2, 1], "result": ["won", "lost", "won", "lost", "unknown"]}
    )
    out = flipped(before, after)
    assert out.to_dict("records") == [
        {"seed": 2, "before": "won", "after": "lost"},
        {"seed": 3, "before": "lost", "after": "won"},
    ]
    assert flipped(before, before).empty
