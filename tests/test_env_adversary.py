"""The environment as an adversary meets it (issue 36): hypothesis throws actions (floats,
bools, negative and huge ints, NumPy scalars of every kind, arrays, strings), seeds (huge,
negative, None, not ints), reset options, constructor arguments and whole reset/step
sequences at it, with moves made on its ``Game`` behind its back. Every input gives a
result or a documented exception with a message; a refused input changes nothing (the
game, the observation, the mask, the step count, ``np_random``); nothing hangs.

Each property runs in a subprocess with a time limit (a hang fails the test instead of
stopping the run); ``python tests/test_env_adversary.py NAME`` runs one in this process.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from solitaire_widget import Game  # noqa: E402
from solitaire_widget.env import EVAL_DEALS, SPLITS, SolitaireEnv, train_deal  # noqa: E402
from solitaire_widget.env.environment import TRAIN_DEALS  # noqa: E402
from solitaire_widget.games import GAMES, rule_sets  # noqa: E402

HERE = Path(__file__).resolve()
#: seconds a property may take in its subprocess before it counts as a hang
LIMIT = 600
SETTINGS = settings(
    max_examples=400,
    deadline=None,
    database=None,  # no .hypothesis folder in the checkout
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
VARIANTS = [(v.game, dict(v.options)) for v in rule_sets()]
DEALS = 2**32

# ---- what is an int here, stated apart from the environment's own test -----------------


def is_action_int(x: object) -> bool:
    """An action as the docstring defines it: an int (not a bool), a NumPy integer, or
    a 0-d array of integers."""
    if isinstance(x, (bool, np.bool_)):
        return False
    if isinstance(x, (int, np.integer)):
        return True
    return isinstance(x, np.ndarray) and x.ndim == 0 and x.dtype.kind in "iu"


INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def numpy_ints(lo: int, hi: int) -> st.SearchStrategy:
    def fits(dtype):
        info = np.iinfo(dtype)
        return st.integers(max(lo, int(info.min)), min(hi, int(info.max))).map(dtype)

    return st.one_of(*(fits(d) for d in INT_DTYPES))


def anything_like_a_number(lo: int, hi: int) -> st.SearchStrategy:
    """Ints in [lo, hi] in every form a caller might hand over, and the values a
    careless or hostile caller would: floats, bools, strings, arrays, containers."""
    ints = st.integers(lo, hi)
    return st.one_of(
        ints,
        st.integers(-(2**80), 2**80),
        numpy_ints(lo, hi),
        ints.map(np.array),  # 0-d, as SB3's predict returns
        ints.map(lambda a: np.array([a])),
        ints.map(lambda a: np.array([a, a])),
        ints.map(lambda a: np.array(float(a))),
        ints.map(float),
        st.floats(allow_nan=True, allow_infinity=True),
        st.floats(width=32).map(np.float32),
        st.booleans(),
        st.sampled_from([np.True_, np.False_, None, "1", b"1", "draw", 1j, [1], (1,), {1: 1}]),
        ints.map(str),
        ints.map(lambda a: [a]),
    )


def state_of(env: SolitaireEnv) -> tuple:
    """Everything a refused input must leave as it was."""
    game = env.game
    obs = env.observation()
    return (
        game.to_json(),
        tuple(game.history),
        env._steps,
        env.deal,
        tuple((k, v.tobytes()) for k, v in sorted(obs.items())),
        env.action_masks().tobytes(),
        str(env.np_random.bit_generator.state),
    )


def check_result(env: SolitaireEnv, out: tuple) -> None:
    """A step's answer: the Gymnasium five, the observation in its space, the mask a
    fresh bool array equal to action_masks() and to Game.legal_moves."""
    obs, reward, terminated, truncated, info = out
    assert env.observation_space.contains(obs), obs
    assert isinstance(reward, float) and math.isfinite(reward)
    assert isinstance(terminated, bool) and isinstance(truncated, bool)
    mask = info["action_mask"]
    assert mask.dtype == np.bool_ and mask.shape == (env.n_actions,)
    assert np.array_equal(mask, env.action_masks())
    # Game.legal_moves mapped to actions: a card's foundation moves are one
    assert np.flatnonzero(mask).tolist() == sorted({env.action_of(m) for m in env.game.legal_moves})


def new_env(variant, seed: int, walk: int, **kwargs) -> SolitaireEnv:
    name, options = variant
    env = SolitaireEnv(name, **options, **kwargs)
    env.reset(seed=seed)
    rng = np.random.default_rng(walk)
    for _ in range(walk % 40):  # somewhere into the deal
        legal = env.legal_actions()
        if not legal:
            break
        env.step(legal[rng.integers(len(legal))])
    return env


# ---- the properties (run in a subprocess by the tests below) ------------------------


@SETTINGS
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, DEALS - 1),
    st.integers(0, 2**16),
    st.lists(anything_like_a_number(-5, 700), min_size=1, max_size=6),
)
def prop_actions(variant, seed, walk, actions):
    env = new_env(variant, seed, walk, max_steps=10_000)
    for action in actions:
        before = state_of(env)
        if not is_action_int(action):
            for method in (env.step, env.move_of, env.describe, env.refusal):
                try:
                    method(action)
                except TypeError as err:
                    assert "action" in str(err)
                else:
                    raise AssertionError(f"{method.__name__}({action!r}) was taken")
                assert state_of(env) == before  # not even the step count moved
            continue
        a = int(action)
        legal = 0 <= a < env.n_actions and bool(env.action_masks()[a])
        if 0 <= a < env.n_actions:
            assert isinstance(env.describe(action), str)
        else:
            try:
                env.describe(action)
            except ValueError as err:
                assert "not an action" in str(err)
            else:
                raise AssertionError(f"describe({action!r}) was taken")
        reason = None if legal else env.refusal(action)
        move = env.move_of(action)
        assert (move is not None) == legal
        out = env.step(action)
        check_result(env, out)
        info = out[4]
        assert info["illegal"] == (not legal)
        if legal:
            assert env.game.history[-1] == str(move)
        else:
            assert info["reason"] == reason and reason
            assert out[1] == env.illegal_penalty
            after = state_of(env)
            # only the step count moved (illegal steps count towards max_steps)
            assert after[:2] == before[:2] and after[3:] == before[3:]
            assert after[2] == before[2] + 1


seeds = st.one_of(
    st.none(),
    st.integers(0, DEALS - 1),
    st.integers(DEALS, 2**200),
    st.integers(-(2**70), -1),
    numpy_ints(0, 2**63),
    st.booleans(),
    st.floats(allow_nan=True),
    st.sampled_from(["7", b"7", [7], np.array([7]), np.array(7.0), 7j]),
)
deal_values = st.one_of(
    st.none(),
    st.integers(-(2**40), 2**40),
    numpy_ints(0, 2**40),
    st.booleans(),
    st.floats(),
    st.sampled_from(["7", [7]]),
)


@st.composite
def reset_options(draw):
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return None
    if kind == 1:
        return draw(st.sampled_from([[("deal", 3)], "deal", 3, ()]))
    options = {}
    if draw(st.booleans()):
        options["deal"] = draw(deal_values)
    if draw(st.booleans()):
        options["game"] = draw(st.sampled_from(["game", None, 3, "same", "other", "options"]))
    if kind == 4:
        options[draw(st.sampled_from(["dael", "seed", 1, None]))] = 1
    return options


def in_split(deal: int, split: str) -> bool:
    return split == "all" or (deal in EVAL_DEALS) == (split == "eval")


@SETTINGS
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**16),
    seeds,
    reset_options(),
    st.sampled_from(SPLITS),
)
def prop_reset(variant, walk, seed, options, split):
    name, game_options = variant
    env = new_env(variant, 3 if split != "eval" else 0, walk, split=split)
    if isinstance(options, dict) and isinstance(options.get("game"), str):
        # a Game of this environment, of another game, or of other options
        which = options["game"]
        if which == "same":
            options["game"] = Game(name, 5, **game_options)
        elif which == "other":
            other = next(n for n in GAMES if n != name)
            options["game"] = Game(other, 5)
        elif which == "options":
            alt = next((o for n, o in VARIANTS if n == name and o != game_options), None)
            options["game"] = Game(name, 5, **alt) if alt is not None else Game(name, 5)
    before = state_of(env)
    try:
        obs, info = env.reset(seed=seed, options=options)
    except (TypeError, ValueError) as err:
        assert str(err)
        assert state_of(env) == before  # refused before np_random was seeded again
        return
    # taken: then the inputs were as documented
    assert seed is None or (is_action_int(seed) and int(seed) >= 0)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.bool_
    assert np.array_equal(info["action_mask"], env.action_masks())
    assert 0 <= env.deal < DEALS and env.game.seed == env.deal == info["deal"]
    given_game = options.get("game") if isinstance(options, dict) else None
    deal = options.get("deal") if isinstance(options, dict) else None
    if given_game is not None:
        assert env.game is given_game
    else:
        # a deal the split has, never another (training never meets a held-out deal)
        assert in_split(env.deal, split), (env.deal, split)
        if deal is not None:
            assert env.deal == int(deal)
        elif seed is not None:
            seed = int(seed)
            if split == "all" and seed < DEALS:
                assert env.deal == seed
            elif split == "train" and seed < TRAIN_DEALS:
                assert env.deal == train_deal(seed)
            elif split == "eval" and seed < len(EVAL_DEALS):
                assert env.deal == EVAL_DEALS[seed]
    if seed is not None and given_game is None:
        # reproducible: the same seed and options give the same deal and observation,
        # and np_random the same draws after it
        again = SolitaireEnv(name, split=split, **game_options)
        obs2, info2 = again.reset(seed=seed, options=options)
        assert info2["deal"] == info["deal"]
        assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
        assert again.reset()[1]["deal"] == env.reset()[1]["deal"]


switch = st.one_of(
    st.booleans(),
    st.sampled_from([np.True_, np.False_, 0, 1, "no", "yes", None, 1.0, [True]]),
)
number = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.sampled_from([np.float32(2.5), np.int8(-3), "1", None, [1.0]]),
)
count = st.one_of(
    st.integers(-5, 10**6),
    st.booleans(),
    st.sampled_from([np.int32(50), np.uint8(0), 1.5, "100", None, float("nan")]),
)


@SETTINGS
@given(
    st.sampled_from(VARIANTS),
    st.fixed_dictionaries(
        {},
        optional={
            "thoughtful": switch,
            "winning_mask": switch,
            "win_bonus": number,
            "illegal_penalty": number,
            "max_steps": count,
            "max_repeats": st.one_of(count, st.none()),
            "split": st.sampled_from([*SPLITS, "test", "", None, 1, ["train"]]),
            "teacher_nodes": count,
            "reward": st.sampled_from(["score", "shaped", "Score", "", None, ["score"], 1]),
            "render_mode": st.sampled_from([None, "ansi", "rgb_array", "human", 3, ["ansi"]]),
            "deck": st.sampled_from(["classic", "blue", None, 3]),
            "draw": st.sampled_from([1, 3, 2, 0, True, 1.0, "1", None]),
            "redeals": st.sampled_from([None, 0, 1, 2, 99, 100, -1, True, 1.5, "1"]),
            "colour": st.just("red"),
        },
    ),
)
def prop_constructor(variant, kwargs):
    name, _options = variant
    try:
        env = SolitaireEnv(name, **kwargs)
    except (TypeError, ValueError) as err:
        assert str(err)
        return
    for key in ("thoughtful", "winning_mask"):
        assert getattr(env, key) is bool(kwargs.get(key, key == "thoughtful"))
        if key in kwargs:
            assert isinstance(kwargs[key], (bool, np.bool_))
    assert math.isfinite(env.win_bonus) and math.isfinite(env.illegal_penalty)
    assert isinstance(env.max_steps, int) and env.max_steps >= 1
    assert env.max_repeats is None or (isinstance(env.max_repeats, int) and env.max_repeats >= 2)
    assert env.split in SPLITS
    assert isinstance(env.teacher_nodes, int) and env.teacher_nodes >= 1
    env.teacher_nodes = min(env.teacher_nodes, 200)  # keep the teacher quick here
    obs, _info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    check_result(env, env.step(env.legal_actions()[0]))


operations = st.lists(
    st.one_of(
        st.tuples(st.just("reset"), seeds),
        st.tuples(st.just("legal"), st.integers(0, 2**16)),
        st.tuples(st.just("illegal"), st.integers(0, 2**16)),
        st.tuples(
            st.just("bad"), anything_like_a_number(-3, 3).filter(lambda a: not is_action_int(a))
        ),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("restart"), st.none()),
        st.tuples(st.just("play"), st.integers(0, 2**16)),
        st.tuples(st.just("masks"), st.none()),
    ),
    max_size=60,
)


@SETTINGS
@given(st.sampled_from(VARIANTS), st.booleans(), operations)
def prop_sequences(variant, thoughtful, ops):
    name, options = variant
    env = SolitaireEnv(name, thoughtful=thoughtful, max_steps=25, **options)
    try:
        env.step(0)
    except gym.error.ResetNeeded as err:
        assert "reset" in str(err)
    else:
        raise AssertionError("step before reset was taken")
    env.reset(seed=11)
    for op, arg in ops:
        before = state_of(env)
        if op == "reset":
            try:
                env.reset(seed=arg)
            except (TypeError, ValueError) as err:
                assert str(err) and state_of(env) == before
        elif op in ("legal", "illegal"):
            mask = env.action_masks()
            pool = np.flatnonzero(mask if op == "legal" else ~mask)
            if not len(pool):
                continue
            out = env.step(pool[arg % len(pool)])
            check_result(env, out)
            assert out[4]["illegal"] == (op == "illegal")
            # truncated at the step limit, or at a position come round max_repeats times
            repeated = out[4].get("repeated")
            assert repeated is None or (op == "legal" and repeated >= env.max_repeats)
            assert out[3] == ((env._steps >= env.max_steps or bool(repeated)) and not out[2])
        elif op == "bad":
            try:
                env.step(arg)
            except TypeError as err:
                assert "action" in str(err)
            else:
                raise AssertionError(f"step({arg!r}) was taken")
            assert state_of(env) == before
        elif op == "undo":
            if env.game.history:
                env.game.undo()  # behind the environment's back
        elif op == "restart":
            env.game.restart()
        elif op == "play":
            moves = env.game.legal_moves
            if moves:
                env.game.play(moves[arg % len(moves)])
        else:
            legal = env.action_masks()
            mapped = sorted({env.action_of(m) for m in env.game.legal_moves})
            assert np.flatnonzero(legal).tolist() == mapped
        obs = env.observation()
        assert env.observation_space.contains(obs)


PROPERTIES = {
    "actions": prop_actions,
    "reset": prop_reset,
    "constructor": prop_constructor,
    "sequences": prop_sequences,
}


@pytest.mark.parametrize("name", list(PROPERTIES))
def test_the_environment_holds_against_an_adversary(name):
    # in a subprocess with a time limit: a hang fails here instead of stopping the run
    try:
        out = subprocess.run(
            [sys.executable, str(HERE), name],
            capture_output=True,
            text=True,
            timeout=LIMIT,
            check=False,
        )
    except subprocess.TimeoutExpired as err:
        pytest.fail(f"the {name} property ran past {LIMIT} s (a hang?): {err.stdout!r:.2000}")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert f"{name}: ok" in out.stdout


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        PROPERTIES[arg]()
        print(f"{arg}: ok")
