"""The adversary, for the model: property tests (hypothesis) over the public API with
whatever a program or a forged file may hand it (issue 36).

Every input gives a result or a documented exception with a message (ValueError,
TypeError, IllegalMove); a refusal leaves the game byte-identical (``to_json`` before
and after); whatever ``from_snapshot`` and ``from_json`` accept works with ``status``,
``repr``, ``hints``, ``solve`` and the widget. The properties that could hang (budgets)
or crash the interpreter (the compiled core's boundary) run in a subprocess with a time
limit: a hang or a crash there fails the test instead of stopping the run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game, IllegalMove, Move, core_search
from solitaire_widget.games import GAMES, rule_sets
from solitaire_widget.games.base import Table
from solitaire_widget.solver import Solver, solve

VARIANTS = [(v.game, dict(v.options)) for v in rule_sets()]
DOCUMENTED = (ValueError, TypeError)  # IllegalMove is a ValueError
SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    database=None,
)

try:
    import anywidget  # noqa: F401

    from solitaire_widget import SolitaireWidget
except ImportError:  # the widget is an optional extra
    SolitaireWidget = None

# anything at all a caller might pass where a number, a name or a pile is wanted
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.lists(st.integers(-3, 60), max_size=3),
    st.just(2**5000),
    st.just(-(2**20_000)),
)


def message_of(err: BaseException) -> str:
    text = str(err)
    assert text.strip(), f"{type(err).__name__} without a message"
    return text


def walked(name: str, options: dict, seed: int, steps: int) -> Game:
    g = Game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = g.legal_moves
        if not moves:
            break
        g.play(rng.choice(moves))
    return g


games = st.builds(
    walked,
    st.sampled_from([n for n, _ in VARIANTS]),
    st.just({}),
    st.integers(0, 2**32 - 1),
    st.integers(0, 40),
) | st.builds(
    lambda v, seed, steps: walked(v[0], v[1], seed, steps),
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32 - 1),
    st.integers(0, 40),
)


def works(g: Game, widget: bool = False) -> None:
    """Everything a caller does with a game it was handed works."""
    assert g.status in ("playing", "won", "lost")
    assert repr(g) and str(g)
    assert isinstance(g.hints(), list)
    g.hint()
    g.legal_moves  # noqa: B018
    r = g.solve(seconds=None, nodes=300)
    assert r.result in ("won", "lost", "unknown")
    saved = g.to_json()
    assert Game.from_json(saved).to_json() == saved
    g.svg()
    if widget and SolitaireWidget is not None:
        w = SolitaireWidget(g, live_solver=False)
        try:
            assert w.view["piles"]
        finally:
            w.close()


# ---- construction ---------------------------------------------------------------------


@SETTINGS
@given(
    st.one_of(st.sampled_from(sorted(GAMES)), junk),
    junk,
    st.dictionaries(st.sampled_from(["draw", "redeals", "colour", ""]), junk, max_size=2),
)
def test_any_construction_is_a_game_or_a_documented_refusal(name, seed, options):
    try:
        g = Game(name, seed=seed, **options)
    except DOCUMENTED as err:
        message_of(err)
        return
    assert 0 <= g.seed < 2**32
    assert g.status in ("playing", "won", "lost")


# ---- play, explain, is_legal ------------------------------------------------------------

move_fields = st.one_of(st.integers(-3, 16), junk)
actions = st.one_of(
    st.text(max_size=10),
    st.from_regex(r"\s*[swrft]\d{0,2}\s*>\s*[swrft]\d{0,2}(\*\d{1,3})?\s*", fullmatch=True),
    st.builds(Move, move_fields, move_fields, move_fields),
    st.builds(Move, st.integers(0, 14), st.integers(0, 14), st.integers(-1, 53)),
    junk,
)


@SETTINGS
@given(games, st.data(), st.sampled_from(["en", "el"]))
def test_any_action_is_played_or_refused_and_a_refusal_changes_nothing(g, data, lang):
    for _ in range(data.draw(st.integers(1, 6))):
        legal = g.legal_moves
        both = [actions, st.sampled_from(legal), st.sampled_from([str(m) for m in legal])]
        action = data.draw(st.one_of(both if legal else both[:1]))
        before = g.to_json()
        assert isinstance(g.is_legal(action), bool)
        assert isinstance(g.explain(action, lang), str)
        if isinstance(action, Move):
            assert isinstance(repr(action), str) and isinstance(str(action), str)
        try:
            move = g.play(action)
            event("played")
        except IllegalMove as err:
            message_of(err)
            assert err.text(lang)
            assert g.to_json() == before
        except TypeError as err:
            message_of(err)
            assert not isinstance(action, (str, Move))
            assert g.to_json() == before
        else:
            assert isinstance(move, Move) and g.history[-1] == str(move)
            assert g.to_json() != before
            g.undo()
            assert json.loads(g.to_json())["state"] == json.loads(before)["state"]


@SETTINGS
@given(games, st.data())
def test_every_other_call_answers_or_refuses_and_changes_nothing(g, data):
    arg = st.one_of(junk, st.sampled_from(["t0", "f1", "w", "r", "s", "en", "el", "classic"]))
    calls = [
        ("pile", lambda v: g.pile(v)),
        ("foundation_move", lambda v: g.foundation_move(v)),
        ("position", lambda v: g.position(v)),
        ("svg", lambda v: g.svg(v)),
        ("explain", lambda v: g.explain("draw", v)),
        ("hint", lambda v: g.hint(exact=v, budget=0.01)),
        ("is_legal", lambda v: g.is_legal(v)),
    ]
    before = g.to_json()
    for name, call in calls:
        value = data.draw(arg, label=name)
        try:
            call(value)
        except DOCUMENTED as err:
            message_of(err)
        assert g.to_json() == before, name


# ---- snapshots -------------------------------------------------------------------------


@st.composite
def mutated_snapshots(draw):
    name, options = draw(st.sampled_from(VARIANTS))
    g = walked(name, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 30)))
    state = {**g.snapshot(), "redeals_used": g.redeals_used}
    piles = [("s",), ("w",), *([("r",)] if "r" in state else []), *[("f", i) for i in range(4)]]
    piles += [("t", i) for i in range(len(state["t"]))]

    def pile(where):
        return state[where[0]] if len(where) == 1 else state[where[0]][where[1]]

    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["move", "flip", "drop", "dup", "junk", "redeals", "key"]))
        src = pile(draw(st.sampled_from(piles)))
        dst = pile(draw(st.sampled_from(piles)))
        if kind == "move" and src:
            for _ in range(draw(st.integers(1, 20))):
                if src:
                    dst.append(src.pop(draw(st.integers(0, len(src) - 1))))
        elif kind == "flip" and src:
            i = draw(st.integers(0, len(src) - 1))
            if isinstance(src[i], str):
                src[i] = src[i].swapcase()
        elif kind == "drop" and src:
            src.pop()
        elif kind == "dup" and src:
            dst.append(src[0])
        elif kind == "junk":
            dst.append(draw(junk))
        elif kind == "redeals":
            state["redeals_used"] = draw(st.one_of(st.integers(-2, 300), junk))
        elif kind == "key":
            # a key of its own (one of the piles' keys made junk would leave the next
            # mutation nothing to index: the strategy's error, not the model's)
            state[draw(st.text(max_size=3).filter(lambda k: k not in state))] = draw(junk)
    base = None  # (what every game here takes when a foundation is started)
    if draw(st.integers(0, 3)) == 0:
        base = draw(st.one_of(st.sampled_from(["A", "5", "K", 5, 0, 14, "x"]), junk))
    return name, options, state, base


@SETTINGS
@given(mutated_snapshots())
def test_any_snapshot_is_refused_or_fully_works(case):
    name, options, state, base = case
    try:
        g = Game.from_snapshot(state, name, base=base, **options)
    except DOCUMENTED as err:
        message_of(err)
        event("refused")
        return
    event("taken")
    works(g, widget=True)


@settings(SETTINGS, max_examples=25)
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32 - 1),
    st.one_of(st.integers(0, 2**80), junk),
)
def test_redeals_used_is_within_the_rules_or_refused(variant, seed, used):
    name, options = variant
    state = {**Game(name, seed=seed, **options).snapshot(), "redeals_used": used}
    try:
        g = Game.from_snapshot(state, name, **options)
    except ValueError as err:
        assert "redeals used" in message_of(err)
        return
    limit = g.rules.max_redeals
    assert isinstance(used, int) and not isinstance(used, bool) and used >= 0
    assert limit is None or used <= limit
    works(g)


# ---- saved games -------------------------------------------------------------------------


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*prefix, i))


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=8),
        st.sampled_from(["draw", "t0>f0", "w>t1", "KD", "kd", "kansas", "saratoga"]),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@st.composite
def mutated_saves(draw):
    g = draw(games)
    if draw(st.booleans()) and g.can_undo:
        g.undo()
    data = json.loads(g.to_json())
    # the clock's times differ run to run: fixed ones keep the drawing reproducible
    data["times"] = [1.5e9 + i for i in range(len(data["times"]))]
    paths = [p for p in _paths(data) if p]
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(paths))
        holder = data
        for step in path[:-1]:
            holder = holder[step]
        if draw(st.booleans()):
            holder[path[-1]] = draw(json_values)
            paths = [p for p in _paths(data) if p]
        elif isinstance(holder, list) and len(holder) > path[-1]:
            del holder[path[-1]]
            paths = [p for p in _paths(data) if p]
        elif isinstance(holder, dict):
            holder.pop(path[-1], None)
            paths = [p for p in _paths(data) if p]
        if not paths:
            break
    text = json.dumps(data)
    if draw(st.integers(0, 3)) == 0:  # and the text itself: a cut, a byte, a literal JSON allows
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(["", "NaN", "Infinity", "[", "}", "9" * 400, "\\"]))
        text += text[i + draw(st.integers(0, 3)) :]
    return text


@SETTINGS
@given(mutated_saves())
def test_any_saved_game_loads_and_works_or_is_a_value_error(text):
    try:
        g = Game.from_json(text)
    except ValueError as err:
        message_of(err)
        event("refused")
        return
    event("taken")
    works(g, widget=True)


@settings(SETTINGS, max_examples=20)
@given(st.integers(1, 3000), st.sampled_from(["[", '{"a":', '[{"x":']))
def test_deep_nesting_is_a_value_error(depth, opener):
    closer = "]" if opener == "[" else "}" if opener == '{"a":' else "}]"
    with pytest.raises(ValueError):
        Game.from_json(opener * depth + "1" + closer * depth)


# ---- budgets (in a subprocess: a budget that is taken but never runs out hangs) --------

# Kansas 3 is proved lost in a few dozen nodes and Saratoga 7 (draw 3, unlimited) won
# in under a hundred: any budget that is taken returns at once, so only a budget taken
# wrongly (NaN, a string...) could make a call run long.
BUDGET_GAMES = [("kansas", 3, {}), ("saratoga", 7, {"draw": 3, "redeals": None})]


def _budget_calls(g: Game) -> dict:
    move = g.legal_moves[0]
    calls = {
        "seconds": [
            lambda v: g.solve(seconds=v, nodes=2_000),
            lambda v: g.solve(seconds=v, nodes=2_000, engine="python"),
            lambda v: g.is_winnable(v) if g.name == "kansas" else None,
            lambda v: g.is_fatal(move, v) if g.name == "kansas" else None,
            lambda v: solve(g, seconds=v, nodes=2_000),
            lambda v: Solver(g).run(seconds=v, nodes=2_000),
        ],
        "nodes": [
            lambda v: g.solve(seconds=5, nodes=v),
            lambda v: Solver(g, engine="python").run(seconds=5, nodes=v),
        ],
        "budget": [lambda v: g.hint(exact=True, budget=v) if g.name == "kansas" else None],
        "memory_mb": [lambda v: Solver(g, memory_mb=v).run(seconds=2, nodes=1_000)],
        "max_moves": [lambda v: g.hint_policy_wins(v if not isinstance(v, int) else v % 300)],
    }
    return calls


budget_values = st.one_of(
    junk,
    st.floats(min_value=0, max_value=1e300),
    st.integers(min_value=0, max_value=2**70),
)


@settings(SETTINGS, max_examples=100)
@given(st.sampled_from(BUDGET_GAMES), st.data())
def budget_property(case, data):
    name, seed, options = case
    g = Game(name, seed=seed, **options)
    before = g.to_json()
    for parameter, calls in _budget_calls(g).items():
        for call in calls:
            value = data.draw(budget_values, label=parameter)
            try:
                call(value)
            except DOCUMENTED as err:
                assert parameter in message_of(err), (parameter, value, err)
            assert g.to_json() == before


def run_isolated(function: str, timeout: float) -> None:
    """Runs ``function`` of this module in a fresh interpreter; fails the test if it
    does not end within ``timeout`` seconds (a hang) or ends otherwise than cleanly
    (an assertion, a crash)."""
    here = os.path.dirname(os.path.abspath(__file__))
    code = textwrap.dedent(
        f"""
        import sys
        sys.path[:0] = {[here, *sys.path]!r}
        import test_adversary_model as m
        m.{function}()
        """
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{function} still ran after {timeout} s: a hang")
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-4000:])


def test_no_budget_hangs_or_is_taken_wrongly():
    run_isolated("budget_property", timeout=240)


# ---- the compiled core's boundary (in a subprocess: a crash there would end the run) ---

table_junk = st.one_of(
    st.integers(-(2**40), 2**40), st.just(2**70), st.just(-1), st.just(52), st.just(True)
)


@st.composite
def mutated_tables(draw):
    name, options = draw(st.sampled_from([v for v in VARIANTS if core_search.available(v[0])]))
    g = walked(name, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 30)))
    t = g.table.copy()
    piles = t.piles
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["move", "junk", "hidden", "redeals", "base", "pile"]))
        a = draw(st.integers(0, max(len(piles) - 1, 0)))
        b = draw(st.integers(0, max(len(piles) - 1, 0)))
        if kind == "move" and piles[a]:
            for _ in range(draw(st.integers(1, 25))):
                if piles[a]:
                    piles[b].append(piles[a].pop())
        elif kind == "junk":
            piles[b].append(draw(table_junk))
        elif kind == "hidden" and t.hidden:
            t.hidden[a % len(t.hidden)] = draw(table_junk)
        elif kind == "redeals":
            t.redeals_used = draw(table_junk)
        elif kind == "base":
            t.base = draw(st.one_of(st.none(), table_junk))
        elif kind == "pile":
            if draw(st.booleans()):
                piles.append([])
            elif len(piles) > 1:
                piles.pop()
                t.hidden = t.hidden[: len(piles)]
    return t


@settings(SETTINGS, max_examples=300)
@given(mutated_tables())
def core_boundary_property(t: Table):
    for call in (
        lambda: core_search.legal_moves(t),
        lambda: core_search.is_stuck(t, 200),
        lambda: core_search.play(t, "draw"),
        lambda: core_search.perft(t, 1),
        lambda: core_search.CoreSearch(t).run(None, 500),
        lambda: core_search.compiled(t).legal_moves(t.piles, t.hidden, 0),
    ):
        try:
            call()
        except core_search.BudgetSpent:
            pass
        except (*DOCUMENTED, OverflowError) as err:
            assert not isinstance(err, OverflowError) or "int" in str(err)
            message_of(err)


@pytest.mark.skipif(not core_search.available(), reason="the compiled core is not installed")
def test_the_core_refuses_any_forged_table_cleanly():
    run_isolated("core_boundary_property", timeout=240)
