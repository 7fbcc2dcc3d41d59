"""The students' exercises and their referee (solitaire_widget.exercises).

This file holds a correct solution of every exercise (the notebook's reader finds them
here): each must agree with Aisleriot at every step of every trace of its game. Each
typical wrong answer must be caught at the first step where it differs from Aisleriot,
and that step is worked out here from the trace files alone (the cards of the traces'
positions, with the rules written out in the test), not by the referee; so is the
move the report names. A function that raises, answers something other than True or
False, or cannot take the exercise's arguments is reported, never a crash.
"""

from __future__ import annotations

import gzip
import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game
from solitaire_widget import exercises as referee
from solitaire_widget.exercises import exercise, exercises
from solitaire_widget.games import GAMES, register, unregister
from solitaire_widget.trace_files import read_traces, trace_path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
RANKS = "A23456789TJQK"


def _r(code: str) -> int:
    return RANKS.index(code[0].upper())


def _red(code: str) -> bool:
    return code[1].upper() in "DH"


# ---- the solutions ----------------------------------------------------------------------


def eagle_wing_columns(card: str, column: list[str]) -> bool:
    if not column:
        return True
    if len(column) >= 3:
        return False
    top = column[-1]
    return top[1] == card[1] and (_r(top) - _r(card)) % 13 == 1


def kansas_foundations(card: str, foundation: list[str], base: str) -> bool:
    if not foundation:
        return card[0] == base
    top = foundation[-1]
    return top[1] == card[1] and (_r(card) - _r(top)) % 13 == 1


def klondike_columns(cards: list[str], column: list[str]) -> bool:
    bottom = cards[0]
    if not column:
        return bottom[0] == "K"
    top = column[-1]
    return _red(top) != _red(bottom) and _r(top) == _r(bottom) + 1


SOLUTIONS: dict[str, Callable[..., bool]] = {
    "eagle-wing-columns": eagle_wing_columns,
    "kansas-foundations": kansas_foundations,
    "klondike-columns": klondike_columns,
}


# ---- typical wrong answers --------------------------------------------------------------


def ew_no_wrap(card: str, column: list[str]) -> bool:
    # forgets that a King goes on an Ace
    if not column:
        return True
    if len(column) >= 3:
        return False
    return column[-1][1] == card[1] and _r(column[-1]) == _r(card) + 1


def ew_no_limit(card: str, column: list[str]) -> bool:
    # forgets that a column holds three cards at most
    if not column:
        return True
    return column[-1][1] == card[1] and (_r(column[-1]) - _r(card)) % 13 == 1


def ew_colours(card: str, column: list[str]) -> bool:
    # builds in alternating colours, as in Klondike
    if not column:
        return True
    if len(column) >= 3:
        return False
    top = column[-1]
    return _red(top) != _red(card) and (_r(top) - _r(card)) % 13 == 1


def ks_no_wrap(card: str, foundation: list[str], base: str) -> bool:
    # forgets that the Ace follows the King
    if not foundation:
        return card[0] == base
    top = foundation[-1]
    return top[1] == card[1] and _r(card) == _r(top) + 1


def ks_aces(card: str, foundation: list[str], base: str) -> bool:
    # starts the foundations with the Aces, as Klondike does
    if not foundation:
        return card[0] == "A"
    top = foundation[-1]
    return top[1] == card[1] and (_r(card) - _r(top)) % 13 == 1


def kl_top_card(cards: list[str], column: list[str]) -> bool:
    # looks at the group's top card instead of the card that lands on the column
    card = cards[-1]
    if not column:
        return card[0] == "K"
    top = column[-1]
    return _red(top) != _red(card) and _r(top) == _r(card) + 1


def kl_any_empty(cards: list[str], column: list[str]) -> bool:
    # lets anything into an empty column
    if not column:
        return True
    top = column[-1]
    return _red(top) != _red(cards[0]) and _r(top) == _r(cards[0]) + 1


# ---- the moves a function allows, worked out from a trace's position alone ---------------


def _state_pile(state: dict, pile: str) -> list[str]:
    if pile in ("s", "w", "r"):
        return state.get(pile, [])
    return state[pile[0]][int(pile[1:])]


def _columns(state: dict) -> list[str]:
    return [f"t{i}" for i in range(len(state["t"]))]


def _ew_asked(state: dict) -> list[tuple[str, tuple]]:
    # a single card onto a column: the waste's top, a column's top, the trunk's last card
    out = []
    sources = ["w", *_columns(state)] + (["r"] if len(state["r"]) == 1 else [])
    for src in sources:
        pile = _state_pile(state, src)
        if pile:
            for dst in _columns(state):
                if dst != src:
                    out.append((f"{src}>{dst}", (pile[-1], list(_state_pile(state, dst)))))
    return out


def _ks_asked(state: dict) -> list[tuple[str, tuple]]:
    # a single card up: the waste's top, the reserve's top, a column's top
    base = state["f"][0][0][0]
    out = []
    for src in ["w", "r", *_columns(state)]:
        pile = _state_pile(state, src)
        if pile:
            for f in range(4):
                foundation = list(state["f"][f])
                out.append((f"{src}>f{f}", (pile[-1], foundation, base)))
    return out


def _run(cards: list[str]) -> bool:
    return all(c.isupper() for c in cards) and all(
        _red(a) != _red(b) and _r(a) == _r(b) + 1 for a, b in itertools.pairwise(cards)
    )


def _kl_asked(state: dict) -> list[tuple[str, tuple]]:
    # a face-up run of a column, or the top card of the waste or a foundation, onto a column
    out = []
    groups = []
    for src in ["w", "f0", "f1", "f2", "f3"]:
        pile = _state_pile(state, src)
        if pile:
            groups.append((src, 1, [pile[-1]]))
    for src in _columns(state):
        pile = _state_pile(state, src)
        for n in range(1, len(pile) + 1):
            if not _run(pile[-n:]):
                break
            groups.append((src, n, pile[-n:]))
    for src, n, cards in groups:
        for dst in _columns(state):
            if dst != src:
                move = f"{src}>{dst}" + (f"*{n}" if n > 1 else "")
                out.append((move, (list(cards), list(_state_pile(state, dst)))))
    return out


ASKED = {
    "eagle-wing-columns": _ew_asked,
    "kansas-foundations": _ks_asked,
    "klondike-columns": _kl_asked,
}


def _raw_traces(name: str) -> list[dict]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as fh:
        return sorted((json.loads(line) for line in fh if line.strip()), key=lambda t: t["seed"])


def expected_first(key: str, fn: Callable[..., bool]) -> tuple[int, int, list[str]]:
    """(seed, step, moves they disagree on) of the first step where ``fn`` and
    Aisleriot's legal list differ on the moves the exercise asks about, from the trace
    files alone."""
    asked = ASKED[key]
    for name in exercise(key).traces:
        for trace in _raw_traces(name):
            for index, step in enumerate(trace["steps"]):
                state = step["state"]
                legal = set(step["legal"])
                differ = sorted(move for move, args in asked(state) if fn(*args) != (move in legal))
                if differ:
                    return trace["seed"], index, differ
    raise AssertionError(f"{fn.__name__} agrees with every trace of {key}")


WRONG = [
    ("eagle-wing-columns", ew_no_wrap),
    ("eagle-wing-columns", ew_no_limit),
    ("eagle-wing-columns", ew_colours),
    ("kansas-foundations", ks_no_wrap),
    ("kansas-foundations", ks_aces),
    ("klondike-columns", kl_top_card),
    ("klondike-columns", kl_any_empty),
]


# ---- the tests ----------------------------------------------------------------------------


def test_every_game_exercise_has_a_solution_here():
    assert sorted(ex.key for ex in exercises()) == sorted(SOLUTIONS)
    for ex in exercises():
        assert ex.game in GAMES and ex.title and ex.question and ex.docstring
        assert ex.template.startswith(f"def {ex.signature}:")


@pytest.mark.parametrize("key", sorted(SOLUTIONS))
def test_a_correct_solution_agrees_with_every_trace(key):
    ex = exercise(key)
    result = ex.check(SOLUTIONS[key])
    assert result.passed, str(result)
    total = sum(len(t["steps"]) for name in ex.traces for t in _raw_traces(name))
    traces = sum(len(_raw_traces(name)) for name in ex.traces)
    assert (result.steps, result.traces) == (total, traces)
    assert result.seeds == tuple(range(1, 26))
    text = str(result)
    assert text.startswith("Passed: ") and f"{total:,} steps of {traces} traces" in text
    with pytest.raises(ValueError, match="passed"):
        result.table()


@pytest.mark.parametrize("key,fn", WRONG, ids=[f.__name__ for _, f in WRONG])
def test_a_typical_wrong_answer_is_caught_at_the_first_step_it_differs(key, fn):
    seed, step, differ = expected_first(key, fn)
    result = exercise(key).check(fn)
    first = result.first
    assert not result.passed and first is not None
    assert (first.kind, first.seed, first.step) == ("disagrees", seed, step)
    assert [v.move for v in first.verdicts] == differ
    # the steps before it all agreed: every step of the earlier traces, and this one's
    earlier = sum(len(t["steps"]) for t in _raw_traces(first.trace) if t["seed"] < seed)
    assert result.steps == earlier + step
    trace = next(t for t in _raw_traces(first.trace) if t["seed"] == seed)
    assert first.state == trace["steps"][step]["state"]
    assert list(first.history) == [s["action"] for s in trace["steps"][:step]]
    # in words: the move, Aisleriot's answer and reason, the function's call and answer
    v = first.verdicts[0]
    assert v.aisleriot == (v.move in trace["steps"][step]["legal"])
    assert v.student is (not v.aisleriot)
    args = dict(ASKED[key](first.state))[v.move]
    assert v.call == f"{fn.__name__}({', '.join(map(repr, args))})"
    game = Game(exercise(key).game, seed=seed, **exercise(key).options)
    for action in first.history:
        game.play(action)
    assert v.because == game.explain(v.move)
    text = str(result)
    assert text.startswith("Not yet: ")
    assert f"seed {seed}, step {step}" in text
    assert f"The move {v.move}, " in text
    assert f"Aisleriot: {game.explain(v.move)}" in text
    legal = "legal" if v.student else "illegal"
    assert f"Your rule: {legal}: {v.call} returned {v.student}." in text


def test_the_table_shows_the_position_with_the_move_pointed_out():
    pytest.importorskip("anywidget")
    result = exercise("eagle-wing-columns").check(ew_no_wrap)
    first = result.first
    w = result.table()
    try:
        assert w.game.snapshot() == first.state
        assert w.game.history == list(first.history)
        assert w.view["hint"] == first.move
        assert first.move in w.view["notice"]["text"]
        assert "Aisleriot says legal, your rule says illegal" in w.view["notice"]["text"]
        # the table plays by the game's own rules: the move Aisleriot allows is legal
        w.game.play(first.move)
        assert w.view["hint"] is None
    finally:
        w.close()
    html = result._repr_html_()
    src, dst = first.move.split(">")
    assert f'data-mark="{src}"' in html and f'data-mark="{dst}"' in html
    assert "Not yet" in html and "<svg" in html


def test_a_function_that_raises_is_reported_with_its_position():
    def may_go_up(card, foundation, base):
        return int(card[0]) > 0  # a picture card is no int

    result = exercise("kansas-foundations").check(may_go_up)
    first = result.first
    assert first is not None and first.kind == "raised"
    assert isinstance(first.error, ValueError)
    v = first.verdicts[0]
    assert v.student is None and v.call is not None and v.call.startswith("may_go_up(")
    # the first call whose card is no digit: worked out from the trace
    seed, step = first.seed, first.step
    trace = next(t for t in _raw_traces("kansas.jsonl.gz") if t["seed"] == seed)
    asked = dict(_ks_asked(trace["steps"][step]["state"]))
    assert not asked[v.move][0][0].isdigit()
    text = str(result)
    assert "Your function raised ValueError: invalid literal for int()" in text
    assert "(line " in text and "of may_go_up)" in text and f"seed {seed}, step {step}" in text


def test_an_answer_that_is_not_a_bool_is_reported():
    result = exercise("eagle-wing-columns").check(lambda card, column: None)
    first = result.first
    assert first is not None and first.kind == "returned"
    assert "returned None (a NoneType)" in str(result)
    assert "It must return True or False." in str(result)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.none(),
        st.text(max_size=30),
        st.integers(),
        st.floats(allow_nan=True),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.just(NotImplemented),
        st.just(...),
    )
)
def test_any_garbage_answer_is_a_clear_report(answer):
    result = exercise("kansas-foundations").check(lambda card, foundation, base: answer)
    assert result.first is not None and result.first.kind == "returned"
    text = str(result)
    assert f"(a {type(answer).__name__})" in text and "must return True or False" in text
    assert (result.first.seed, result.first.step) == (1, 0)


def test_a_function_that_changes_its_arguments_changes_nothing():
    def careless(card, foundation, base):
        answer = kansas_foundations(card, list(foundation), base)
        foundation.clear()
        card = "XX"
        return answer

    assert exercise("kansas-foundations").check(careless).passed


def test_numpy_booleans_are_answers():
    np = pytest.importorskip("numpy")

    def with_numpy(card, foundation, base):
        return np.bool_(kansas_foundations(card, foundation, base))

    assert exercise("kansas-foundations").check(with_numpy).passed


def test_a_function_that_does_not_fit_is_refused_before_any_replay(monkeypatch):
    def no_replay(name):
        raise AssertionError("the traces were read")

    monkeypatch.setattr(referee, "read_traces", no_replay)
    ex = exercise("eagle-wing-columns")

    def one(card):
        return True

    def three(card, column, extra):
        return True

    async def later(card, column):
        return True

    def lazy(card, column):
        yield True

    for fn, words in [
        (one, r"must take 2 arguments, as may_build\(card, column\) does; one\(card\)"),
        (three, r"must take 2 arguments"),
        (later, "no async"),
        (lazy, "no yield"),
        ("may_build", "takes your function"),
        (None, "takes your function"),
    ]:
        with pytest.raises(TypeError, match=words):
            ex.check(fn)
    with pytest.raises(TypeError):
        ex.rules(one)
    # what may take them is taken: defaults, *args
    monkeypatch.undo()
    assert not ex.check(lambda *args: True, traces=1).passed
    assert not ex.check(lambda card, column, extra=1: False, traces=1).passed


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "2"])
def test_the_trace_count_is_checked(bad):
    with pytest.raises(ValueError, match="traces must be a count"):
        exercise("kansas-foundations").check(kansas_foundations, traces=bad)


def test_a_check_on_fewer_traces():
    result = exercise("kansas-foundations").check(kansas_foundations, traces=2)
    assert result.passed and result.traces == 2 and result.seeds == (1, 2)
    assert "2 traces (seeds 1-2)" in str(result)


def test_the_students_rules_play_in_a_game():
    ex = exercise("eagle-wing-columns")
    result = ex.check(ew_no_wrap)
    game = Game(ex.rules(ew_no_wrap), seed=result.first.seed)
    for action in result.first.history:
        game.play(action)
    assert game.rules.rules_changed == ("drop_reason",)
    assert not game.is_legal(result.first.move)
    assert "Your rule (ew_no_wrap) says no." in game.explain(result.first.move)
    # the game's own rules are untouched
    assert GAMES[ex.game].rules_changed == ()
    assert Game(ex.game, seed=1).rules.__class__ is GAMES[ex.game]


def test_a_game_by_a_failing_rule_says_which_call_failed():
    ex = exercise("kansas-foundations")
    game = Game(ex.rules(lambda card, foundation, base: "yes"), seed=1)
    with pytest.raises(referee.RuleFailed, match=r"returned 'yes' \(a str\): it must return"):
        game.legal_moves  # noqa: B018
    with pytest.raises(referee.RuleFailed, match=r"<lambda>\('3D', \[\], '3'\) returned"):
        game.play("t1>f1")
    assert game.history == []


def test_a_move_pointed_out_must_be_a_move():
    pytest.importorskip("anywidget")
    from solitaire_widget import IllegalMove, Move, SolitaireWidget
    from solitaire_widget.render import table_svg

    w = SolitaireWidget(exercise("kansas-foundations").game, seed=1)
    try:
        version = w.view["version"]
        with pytest.raises(IllegalMove):
            w.play_session.point_out("t1 onto f1", "no")
        assert w.view["hint"] is None and w.view["version"] == version
        w.play_session.point_out(Move.parse("t1>f2"), "look")
        assert w.view["hint"] == "t1>f2" and w.view["notice"]["text"] == "look"
        with pytest.raises(TypeError, match="mark must be a Move"):
            table_svg(w.game, mark="t1>f2")  # type: ignore[arg-type]
    finally:
        w.close()


def test_unknown_exercises_are_refused_by_name():
    with pytest.raises(ValueError, match="no exercise is called 'nope'; choose one of"):
        exercise("nope")
    with pytest.raises(ValueError):
        exercise(None)  # type: ignore[arg-type]


def test_a_game_registered_at_run_time_inherits_no_exercises():
    parent = GAMES[exercise("kansas-foundations").game]
    cls = type("MyGame", (parent,), {"name": "my-exercise-game", "title": "Mine"})
    register(cls)
    try:
        assert [ex.key for ex in exercises()].count("kansas-foundations") == 1
        assert len(exercises()) == len(SOLUTIONS)
    finally:
        unregister("my-exercise-game")


# ---- where the traces are ------------------------------------------------------------------


def test_the_wheel_carries_the_trace_files_the_exercises_need_and_no_others():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    folder = "solitaire_widget/published/traces/"
    traces = {src: dst for src, dst in included.items() if dst.startswith(folder)}
    needed = {name for ex in exercises() for name in ex.traces}
    assert traces == {f"tests/data/{name}": f"{folder}{name}" for name in needed}
    for name in needed:
        assert (DATA / name).is_file()


def test_trace_files_are_named_not_pathed():
    for bad in ["../kansas.jsonl.gz", "/etc/passwd", "kansas.json", ".jsonl.gz", 3, None]:
        with pytest.raises(ValueError, match="a trace file is named"):
            trace_path(bad)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError, match="in neither"):
        trace_path("no-such-game.jsonl.gz")


def test_a_corrupt_trace_file_is_a_clear_error(tmp_path, monkeypatch):
    from solitaire_widget import trace_files

    monkeypatch.setattr(trace_files, "FOLDERS", (tmp_path,))
    (tmp_path / "junk.jsonl.gz").write_bytes(b"not gzip at all")
    with pytest.raises(ValueError, match="is not a file of traces"):
        read_traces("junk.jsonl.gz")
    with gzip.open(tmp_path / "list.jsonl.gz", "wt") as fh:
        fh.write("[1, 2]\n")
    with pytest.raises(ValueError, match="line 1 is no trace"):
        read_traces("list.jsonl.gz")
    assert read_traces.__module__ == "solitaire_widget.trace_files"


def test_the_traces_read_as_the_tests_read_them():
    for ex in exercises():
        for name in ex.traces:
            mine = read_traces(name)
            raw = _raw_traces(name)
            assert [t["seed"] for t in mine] == sorted(t["seed"] for t in raw)
            assert all(t["options"].get("redeals") != -1 for t in mine)


# ---- notebook 07 ----------------------------------------------------------------------------


def test_notebook_07_says_what_its_checks_find():
    # the notebook's attempts, checked here as the notebook checks them: the prose after
    # each check names the seed, the step and the moves the referee reports
    cells = json.loads((ROOT / "notebooks" / "07-exercises.ipynb").read_text(encoding="utf-8"))[
        "cells"
    ]
    namespace: dict = {}
    key = None
    pending = None
    explained = 0
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code":
            named = re.search(r'exercise\("([\w-]+)"\)', source)
            if named:
                key = named.group(1)
            if source.startswith(("def ", "from ")):
                exec(source, namespace)
            checked = re.search(r"\.check\((\w+)\)", source)
            if checked:
                assert key is not None
                pending = exercise(key).check(namespace[checked.group(1)])
        elif pending is not None:
            text = re.sub(r"\s+", " ", source)
            first = pending.first
            assert first is not None, "an attempt of the notebook passes"
            assert f"seed {first.seed}, step {first.step}" in text, text
            for verdict in first.verdicts:
                assert f"`{verdict.move}`" in text, (verdict.move, text)
            said = "allowed" if first.verdicts[0].aisleriot else "refused"
            assert f"Aisleriot {said}" in text or "Aisleriot allows" in text, text
            pending = None
            explained += 1
    assert explained == len(SOLUTIONS)
