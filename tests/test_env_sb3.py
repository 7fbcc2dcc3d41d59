"""The environments with the standard RL stack (issue 36): SB3's own ``check_env`` on every
id, and sb3-contrib's MaskablePPO training on one game, on the ``Dict`` observation
(``MultiInputPolicy``) and after ``FlattenObservation`` (``MlpPolicy``), through
``ActionMasker`` and on SB3's vector envs. Each trained policy, asked with the mask,
plays only legal actions, in training and after it.

Needs the ``rl-train`` extra (torch and sb3-contrib; scripts/test.sh installs torch's CPU
build where it can be had): skipped, saying so, where it is not installed. MultiInputPolicy
failed at once before the observation's ``pile`` was int64 ("shape '[1, 64]' is invalid for
input of size 832", with numpy's overflow warning).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
for _module in ("torch", "stable_baselines3", "sb3_contrib"):
    pytest.importorskip(
        _module,
        reason=f"{_module} is not installed: the rl-train extra "
        "(pip install torch==2.13.0+cpu 'sb3-contrib>=2.9,<3', as scripts/test.sh does)",
    )

import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.wrappers import ActionMasker  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv  # noqa: E402

import solitaire_widget.env as sw_env  # noqa: E402
from solitaire_widget.games import GAMES  # noqa: E402

IDS = list(sw_env.env_ids())
#: the game the policies train on: the registry's first
GAME_ID = next(i for i, kw in sw_env.env_ids().items() if kw == {"game": next(iter(GAMES))})


@pytest.fixture(autouse=True)
def _one_thread():
    # two cores shared with other work: torch would take both for its small matrices
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


class CountSteps(BaseCallback):
    """Counts the steps of the rollouts and those the environment refused as illegal
    (every env of a vector env: SB3 hands the callback each step's infos)."""

    def __init__(self) -> None:
        super().__init__()
        self.steps = 0
        self.illegal = 0

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            self.steps += 1
            self.illegal += bool(info["illegal"])
        return True


def train(env, policy: str, steps: int, n_steps: int) -> tuple[MaskablePPO, CountSteps]:
    model = MaskablePPO(
        policy, env, n_steps=n_steps, batch_size=64, n_epochs=2, seed=0, device="cpu"
    )
    before = [p.detach().clone() for p in model.policy.parameters()]
    counter = CountSteps()
    with warnings.catch_warnings():
        # numpy's overflow warning came with the wrapped one-hot size: none now
        warnings.simplefilter("error", RuntimeWarning)
        model.learn(steps, callback=counter)
    assert model.num_timesteps >= steps and counter.steps == model.num_timesteps
    assert counter.illegal == 0  # the mask reached the policy at every step
    after = list(model.policy.parameters())
    assert any(not torch.equal(a, b) for a, b in zip(after, before, strict=True))  # it learned
    return model, counter


def plays_legally(model: MaskablePPO, env, episodes: int = 3, cap: int = 300) -> int:
    """Plays ``episodes`` episodes (at most ``cap`` steps each), sampled and
    deterministic, asking the policy with the mask; every action must be legal.
    Returns the steps played."""
    played = 0
    for episode in range(episodes):
        obs, info = env.reset(seed=100 + episode)
        for _ in range(cap):
            mask = env.unwrapped.action_masks()
            assert np.array_equal(mask, info["action_mask"])
            action, _ = model.predict(
                obs, action_masks=mask, deterministic=episode % 2 == 1
            )  # a 0-d array, as step takes it
            assert mask[int(action)], env.unwrapped.describe(action)
            obs, _reward, terminated, truncated, info = env.step(action)
            assert not info["illegal"]
            played += 1
            if terminated or truncated:
                break
    return played


@pytest.mark.parametrize("env_id", IDS)
def test_sb3_check_env_passes(env_id):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings fail the test too
        check_env(gym.make(env_id).unwrapped)
        check_env(gym.wrappers.FlattenObservation(gym.make(env_id)))


@pytest.mark.slow
@pytest.mark.parametrize("how", ["MultiInputPolicy", "FlattenObservation"])
def test_maskable_ppo_trains_and_plays_legal_moves(how):
    env = gym.make(GAME_ID)
    if how == "FlattenObservation":
        env = gym.wrappers.FlattenObservation(env)
        policy = "MlpPolicy"
    else:
        policy = "MultiInputPolicy"
    model, _counter = train(env, policy, steps=3_000, n_steps=512)
    assert plays_legally(model, env) > 0


@pytest.mark.slow
@pytest.mark.parametrize("how", ["ActionMasker", "DummyVecEnv", "SubprocVecEnv"])
def test_maskable_ppo_through_wrappers_and_vector_envs(how):
    if how == "ActionMasker":
        env = ActionMasker(gym.make(GAME_ID), lambda e: e.unwrapped.action_masks())
    elif how == "DummyVecEnv":
        env = make_vec_env(GAME_ID, n_envs=2, seed=0, vec_env_cls=DummyVecEnv)
    else:
        # a worker process started afresh (forkserver) knows the ids once it imports
        # the module: the id names it
        env = make_vec_env(
            f"solitaire_widget.env:{GAME_ID}", n_envs=2, seed=2**40, vec_env_cls=SubprocVecEnv
        )
    try:
        model, counter = train(env, "MultiInputPolicy", steps=512, n_steps=128)
        assert counter.steps >= 512
    finally:
        env.close()
    assert plays_legally(model, gym.make(GAME_ID), episodes=1, cap=100) > 0
