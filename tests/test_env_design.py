"""What the environment's design does to learning (issue 41): an action means one thing,
episodes end by themselves, and training never sees the held-out deals.

- **One meaning.** A card's moves to the foundations are one action, "to its foundation",
  which plays the first of f0..f3 that takes it: the mask is ``Game.legal_moves`` mapped
  so, and no two actions play alike.
- **Episodes end.** Every registered id has ``max_episode_steps``; a position reached
  ``max_repeats`` times truncates the episode (``info["repeated"]``).
- **Splits.** ``split="train"`` never deals one of ``EVAL_DEALS``, ``split="eval"`` only
  those, whatever the seed or the deal asked for.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget.env as sw_env
from solitaire_widget import Game
from solitaire_widget.env import (
    EVAL_DEALS,
    MAX_STEPS,
    SolitaireEnv,
    train_deal,
)
from solitaire_widget.env.environment import DEALS, TO_FOUNDATION, TRAIN_DEALS
from solitaire_widget.games import GAMES
from solitaire_widget.moves import FOUNDATIONS, STOCK, Move


def _walk(env: SolitaireEnv, seed: int, steps: int):
    """Random legal play from deal ``seed``: every position it meets."""
    rng = random.Random(seed)
    _obs, info = env.reset(seed=seed)
    for _ in range(steps):
        yield info
        legal = np.flatnonzero(info["action_mask"]).tolist()
        _obs, _r, terminated, truncated, info = env.step(rng.choice(legal))
        if terminated or truncated:
            _obs, info = env.reset(seed=seed + 1)


# ---- one meaning ----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_a_cards_foundation_moves_are_one_action_the_first_foundation(name):
    env = SolitaireEnv(name, max_repeats=None)
    assert env.n_actions == 52 * (1 + GAMES[name].n_tableau) + 1
    several = 0
    for info in _walk(env, 1, 400):
        t = env.game.table
        legal = env.game.legal_moves
        mapped: dict[int, list[Move]] = {}
        for m in legal:
            mapped.setdefault(env.action_of(m), []).append(m)
        # the mask is Game.legal_moves mapped, and each action plays one of its moves
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == set(mapped)
        for a, moves in mapped.items():
            played = env.move_of(a)
            if len(moves) == 1:
                assert played == moves[0]
                continue
            # only a card's moves to foundations share an action: to empty ones, alike
            several += 1
            assert all(m.dst in FOUNDATIONS and not t.piles[m.dst] for m in moves), moves
            assert played == min(moves, key=lambda m: m.dst)
            assert env.describe(a).endswith(" to its foundation")
            assert a % env.n_targets == TO_FOUNDATION
    assert several, "no position had a card that several foundations take"


def test_to_its_foundation_plays_the_first_foundation_that_takes_it():
    # the old action space had f0..f3 as four targets: an Ace with empty foundations
    # was up to four actions; now it is one, and it goes to the first empty foundation
    for name in GAMES:
        env = SolitaireEnv(name, max_repeats=None)
        for _info in _walk(env, 2, 300):
            t = env.game.table
            for a in env.legal_actions():
                move = env.move_of(a)
                if move.dst in FOUNDATIONS:
                    takers = [
                        f for f in FOUNDATIONS if t.reason(Move(move.src, f, move.count)) is None
                    ]
                    assert move.dst == takers[0]
                    card = t.piles[move.src][-move.count]
                    assert a == card * env.n_targets + TO_FOUNDATION
                    before = t.piles[move.dst][:]
                    return_to = env.game.snapshot()
                    env.game.play(move)
                    assert env.game.table.piles[move.dst] == [*before, card]
                    env.game.undo()
                    assert env.game.snapshot() == return_to
                    break


def test_an_action_means_the_same_card_and_place_in_every_deal():
    env = SolitaireEnv(next(iter(GAMES)), max_repeats=None)
    meanings: dict[int, str] = {}
    for seed in range(1, 30):
        env.reset(seed=seed)
        for a in env.legal_actions():
            said = env.describe(a)
            assert meanings.setdefault(a, said) == said
            move = env.move_of(a)
            if move.src != STOCK:
                assert a // env.n_targets == env.game.table.piles[move.src][-move.count]


# ---- episodes end ---------------------------------------------------------------------


def test_every_registered_id_has_a_time_limit():
    for env_id in sw_env.IDS:
        assert gym.spec(env_id).max_episode_steps == MAX_STEPS, env_id


def test_going_round_in_circles_truncates_the_episode():
    # a card moved to another column and back: by the third time a position comes
    # round, the episode is truncated, and info says why
    for name in GAMES:
        env = SolitaireEnv(name)
        there, back = _cycle(env, name)
        for step in range(1, 5):
            _obs, _r, terminated, truncated, info = env.step(there if step % 2 else back)
            assert not info["illegal"] and not terminated
            if truncated:
                break
        assert truncated and info["repeated"] == 3, name


def _cycle(env: SolitaireEnv, name: str) -> tuple[int, int]:
    # random legal play until a move that the next move takes back
    rng = random.Random(0)
    for seed in range(1, 60):
        _obs, info = env.reset(seed=seed)
        for _ in range(150):
            pair = _back_and_forth(env)
            if pair:
                return pair
            legal = np.flatnonzero(info["action_mask"]).tolist()
            _obs, _r, terminated, truncated, info = env.step(rng.choice(legal))
            if terminated or truncated:
                break
    pytest.fail(f"{name}: no move that a move takes back")


def _back_and_forth(env: SolitaireEnv):
    t = env.game.table
    for a in env.legal_actions():
        move = env.move_of(a)
        if move.src < FOUNDATIONS[0] or move.dst in FOUNDATIONS or move.src in FOUNDATIONS:
            continue
        left = len(t.piles[move.src]) - move.count
        if left == 0 or left == t.hidden[move.src]:
            continue  # it turns a card over or empties a column: no way back
        copy = t.copy()
        copy.apply(move)
        back = Move(move.dst, move.src, move.count)
        if copy.reason(back) is None:
            card = t.piles[move.src][-move.count]
            return a, card * env.n_targets + 1 + env.columns.index(move.src)
    return None


def test_max_repeats_none_plays_on_and_bad_values_are_refused():
    name = next(iter(GAMES))
    env = SolitaireEnv(name, max_repeats=None)
    pair = _cycle(env, name)
    for _ in range(10):
        for a in pair:
            _obs, _r, _term, truncated, info = env.step(a)
            assert not truncated and "repeated" not in info
    for bad in (1, 0, -3, 2.5, "3", True):
        with pytest.raises((TypeError, ValueError), match="max_repeats"):
            SolitaireEnv(name, max_repeats=bad)


def test_a_deterministic_policy_ends_its_episode():
    # argmax over a fixed score cycles for ever without the repetition limit
    env = gym.make("solitaire_widget/EagleWing-v0")
    _obs, info = env.reset(seed=5)
    steps, terminated, truncated = 0, False, False
    while not (terminated or truncated):
        a = int(np.flatnonzero(info["action_mask"])[-1])  # the same pick every time
        _obs, _r, terminated, truncated, info = env.step(a)
        steps += 1
    assert steps < MAX_STEPS and (terminated or "repeated" in info)


# ---- splits ---------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**70))
def test_the_training_split_never_deals_a_held_out_deal(seed):
    env = _env("train")
    env.reset(seed=seed)
    assert env.deal not in EVAL_DEALS and 0 <= env.deal < DEALS
    if seed < TRAIN_DEALS:
        assert env.deal == train_deal(seed)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**70))
def test_the_eval_split_deals_only_held_out_deals(seed):
    env = _env("eval")
    env.reset(seed=seed)
    assert env.deal in EVAL_DEALS
    if seed < len(EVAL_DEALS):
        assert env.deal == EVAL_DEALS[seed]


_ENVS: dict[str, SolitaireEnv] = {}


def _env(split: str) -> SolitaireEnv:
    if split not in _ENVS:
        _ENVS[split] = SolitaireEnv(next(iter(GAMES)), split=split)
    return _ENVS[split]


def test_train_deal_leaves_out_exactly_the_held_out_block():
    assert [train_deal(i) for i in (0, 1, 15_000)] == [0, 1, 15_000]
    assert train_deal(15_001) == 16_001 and train_deal(TRAIN_DEALS - 1) == DEALS - 1
    assert TRAIN_DEALS + len(EVAL_DEALS) == DEALS


def test_seeds_below_15001_are_the_deal_numbers_in_every_split_but_eval():
    name = next(iter(GAMES))
    for split in ("train", "all"):
        env = SolitaireEnv(name, split=split)
        env.reset(seed=7)
        assert env.deal == 7 and env.game.snapshot() == Game(name, 7).snapshot()
    env = SolitaireEnv(name, split="all")
    env.reset(seed=15_500)
    assert env.deal == 15_500


def test_a_deal_of_the_other_split_is_refused_and_changes_nothing():
    name = next(iter(GAMES))
    train = SolitaireEnv(name)
    train.reset(seed=3)
    before = train.game.snapshot()
    with pytest.raises(ValueError, match="held-out deal"):
        train.reset(options={"deal": 15_500})
    assert train.deal == 3 and train.game.snapshot() == before
    ev = SolitaireEnv(name, split="eval")
    ev.reset(options={"deal": 15_001})
    with pytest.raises(ValueError, match="no held-out deal"):
        ev.reset(options={"deal": 3})
    assert ev.deal == 15_001
    assert SolitaireEnv(name, split="all").reset(options={"deal": 15_500})[1]["deal"] == 15_500
    for bad in ("test", None, 1, "TRAIN"):
        with pytest.raises(ValueError, match="split"):
            SolitaireEnv(name, split=bad)


def test_vector_envs_of_the_training_split_never_meet_a_held_out_deal():
    vec = gym.vector.SyncVectorEnv(
        [lambda: gym.make("solitaire_widget/EagleWing-v0") for _ in range(3)]
    )
    try:
        for base in (15_000, 2**32 - 2, 0):
            vec.reset(seed=base)
            deals = [e.unwrapped.deal for e in vec.envs]
            assert not set(deals) & set(EVAL_DEALS), deals
    finally:
        vec.close()
