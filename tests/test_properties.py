"""Property tests over random deals and random play, every game and option."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game, IllegalMove, Move
from solitaire_widget.games import rule_sets

VARIANTS = [(v.game, dict(v.options)) for v in rule_sets()]
variant = st.sampled_from(VARIANTS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(g: Game) -> list[str]:
    snap = g.snapshot()
    piles = [snap["s"], snap["w"], snap.get("r", []), *snap["f"], *snap["t"]]
    return [c.upper() for p in piles for c in p]


def random_walk(g: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        moves = g.legal_moves
        if not moves:
            return
        g.play(rng.choice(moves))


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(0, 80))
def test_52_distinct_cards_always(v, seed, walk, steps):
    name, options = v
    g = Game(name, seed=seed, **options)
    rng = random.Random(walk)
    for _ in range(steps):
        moves = g.legal_moves
        if not moves:
            break
        g.play(rng.choice(moves))
        cards = all_cards(g)
        assert len(cards) == 52 and len(set(cards)) == 52
        assert g.score == sum(len(f) for f in g.snapshot()["f"])


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(1, 60))
def test_undo_restores_exactly_and_redo_replays(v, seed, walk, steps):
    name, options = v
    g = Game(name, seed=seed, **options)
    rng = random.Random(walk)
    snaps, legal = [g.snapshot()], [sorted(map(str, g.legal_moves))]
    for _ in range(steps):
        if not g.legal_moves:
            break
        g.play(rng.choice(g.legal_moves))
        snaps.append(g.snapshot())
        legal.append(sorted(map(str, g.legal_moves)))
    played = list(g.history)
    for i in range(len(played), 0, -1):
        g.undo()
        assert g.snapshot() == snaps[i - 1]
        assert sorted(map(str, g.legal_moves)) == legal[i - 1]
    assert not g.can_undo
    for i in range(1, len(played) + 1):
        g.redo()
        assert g.snapshot() == snaps[i]
    assert g.history == played


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(0, 60), st.integers(0, 5))
def test_json_round_trip(v, seed, walk, steps, undos):
    name, options = v
    g = Game(name, seed=seed, **options)
    random_walk(g, random.Random(walk), steps)
    for _ in range(min(undos, g.moves)):
        g.undo()
    h = Game.from_json(g.to_json())
    assert h.snapshot() == g.snapshot()
    assert h.history == g.history
    assert h.options == g.options and h.seed == g.seed and h.redeals_used == g.redeals_used
    assert h.status == g.status
    while g.can_redo:
        assert g.redo() == h.redo()
        assert h.snapshot() == g.snapshot()
    assert not h.can_redo


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(0, 40), st.data())
def test_illegal_moves_leave_the_game_untouched(v, seed, walk, steps, data):
    name, options = v
    g = Game(name, seed=seed, **options)
    random_walk(g, random.Random(walk), steps)
    legal = set(g.legal_moves)
    src = data.draw(st.integers(1, 14))
    dst = data.draw(st.integers(0, 14))
    n = data.draw(st.integers(1, 14))
    move = Move(src, dst, n)
    before, history = g.snapshot(), g.history
    if move in legal:
        return
    with pytest.raises(IllegalMove) as err:
        g.play(move)
    assert str(err.value).startswith("Illegal:")
    assert g.snapshot() == before and g.history == history


junk = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[swrft]\d?>[swrft]\d?(\*\d{1,2})?", fullmatch=True),
    st.integers(),
    st.none(),
    st.floats(allow_nan=True),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=6),
)


@SETTINGS
@given(variant, seeds, st.lists(junk, max_size=25))
def test_arbitrary_input_to_play_raises_only_clean_errors(v, seed, inputs):
    name, options = v
    g = Game(name, seed=seed, **options)
    for item in inputs:
        before, history = g.snapshot(), g.history
        try:
            g.play(item)
        except (IllegalMove, ValueError, TypeError):
            assert g.snapshot() == before and g.history == history
        else:
            assert g.history == [*history, str(Move.parse(item))]
        g.explain(item) if isinstance(item, (str, Move)) else None


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(0, 60))
def test_fast_move_generator_equals_the_rule_book(v, seed, walk, steps):
    name, options = v
    g = Game(name, seed=seed, **options)
    rng = random.Random(walk)
    for _ in range(steps):
        fast = sorted(g.legal_moves)
        assert fast == sorted(g.rules.enumerate_moves(g.table))
        assert all(g.table.reason(m) is None for m in fast)
        if not fast:
            break
        g.play(rng.choice(fast))


@SETTINGS
@given(variant, seeds, st.integers(0, 2**16), st.integers(0, 120))
def test_status_lost_means_only_cycles_are_left(v, seed, walk, steps):
    name, options = v
    g = Game(name, seed=seed, **options)
    random_walk(g, random.Random(walk), steps)
    if g.status == "lost":
        assert g.hint() is None
        # every legal move can be taken back at once, so none makes progress
        from solitaire_widget.progress import is_reversible

        for move in g.legal_moves:
            assert move.is_draw or is_reversible(g.table.copy(), move)
        assert not (g.redeals_left is not None and g.is_legal("draw"))
    if not g.legal_moves:
        assert g.status in ("won", "lost")


def test_json_is_versioned_and_compact():
    g = Game("kansas", seed=5)
    g.draw()
    data = json.loads(g.to_json())
    assert data["format"] == "solitaire_widget.game" and data["version"] == 1
    assert data["history"] == [["draw"]]
