"""Gymnasium environment speed: masked steps per second (``solitaire_widget.env``).

A masked step is what an agent's loop pays for one action: read the legal actions from
``info["action_mask"]``, pick one at random, ``env.step`` it (observation, reward, the
next mask, the end test), and reset when the episode ends. Measured per game with one
environment on one core, then with ``gymnasium.vector.SyncVectorEnv`` and
``AsyncVectorEnv`` (``--envs``, default 2: one per core here), and, side by side in the
same run, OpenSpiel's ``solitaire`` (Klondike) played the same way: its legal actions,
a random one applied (chance outcomes sampled as they come), its observation tensor.

OpenSpiel is not a dependency of this project: it is timed when ``pyspiel`` imports
here, or in another interpreter given by ``--openspiel-python`` (a throwaway venv with
``pip install open-spiel``). Where the ``rl-train`` extra is installed, sb3-contrib's
MaskablePPO is timed too (``--sb3-steps``, one torch thread): environment steps per
second of ``learn``, rollouts and updates together, on the ``Dict`` observation
(``MultiInputPolicy``) and after ``FlattenObservation`` (``MlpPolicy``). The teacher
(``winning_mask=True``) is timed per game beside the plain step (``--teacher-steps``
random steps, CPU milliseconds a step), and, where MaskablePPO was timed, as the factor
it makes of a step of ``learn``: (the SB3 step + the teacher's extra) / the SB3 step.
Run: ``python benchmarks/env.py [--steps N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import numpy as np

import solitaire_widget.env as sw_env
from solitaire_widget import progress
from solitaire_widget.env import SolitaireEnv
from solitaire_widget.games import GAMES

# The OpenSpiel loop, run here or in its own interpreter: one masked step is
# legal_actions, a random one applied, the observation tensor read; chance nodes (the
# cards revealed) are sampled and not counted as steps.
OPENSPIEL = r"""
import json, random, sys, time
import numpy as np
import pyspiel

def run(steps, observe=True):
    game = pyspiel.load_game("solitaire")
    rng = random.Random(0)
    state = game.new_initial_state()
    done = 0
    episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        if state.is_terminal():
            state = game.new_initial_state()
            episodes += 1
            continue
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        if observe:
            np.asarray(state.observation_tensor(0))  # player 0, chance node or not
        done += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps / wall, steps / cpu, episodes, game.num_distinct_actions()

steps = int(sys.argv[1])
rate, per_cpu, episodes, actions = run(steps)
bare, bare_cpu, _, _ = run(steps, observe=False)
print(json.dumps({"rate": rate, "cpu": per_cpu, "bare": bare, "bare_cpu": bare_cpu,
                  "episodes": episodes, "actions": actions,
                  "version": getattr(pyspiel, "__version__", "?")}))
"""


def random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


@contextlib.contextmanager
def python_stuck() -> Iterator[None]:
    """The "no more moves" test in Python, as before the core had it (the old figure)."""
    core_stuck = progress.is_stuck
    progress.is_stuck = functools.partial(core_stuck, core=False)
    try:
        yield
    finally:
        progress.is_stuck = core_stuck


def single(name: str, steps: int, seed: int = 0) -> tuple[float, float, int]:
    """Masked steps per second of one ``SolitaireEnv`` of ``name``, by the clock and by
    the process's CPU time (the fairer figure on a shared machine); and episodes."""
    env = SolitaireEnv(name)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed + 1)
    episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        _obs, _r, terminated, truncated, info = env.step(random_action(info["action_mask"], rng))
        if terminated or truncated:
            episodes += 1
            _obs, info = env.reset(seed=int(rng.integers(2**31)))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps / wall, steps / cpu, episodes


class _Forgets(dict):
    """A record that keeps nothing."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class OldTeacher(SolitaireEnv):
    """The teacher as it was: every undecided position searched again, and no position
    taken as won for being one move from a proved win."""

    def reset(self, *args: Any, **kwargs: Any) -> tuple[Any, dict]:
        self._undecided = _Forgets()
        out = super().reset(*args, **kwargs)
        self._undecided = _Forgets()  # reset made a new one; the first mask kept nothing
        return out

    def _one_move_from_a_win(self, t: Any) -> None:
        return None


def teacher_ms(name: str, steps: int, teacher: str | None, seed: int = 0) -> float:
    """CPU milliseconds a random masked step of ``name`` costs: without the teacher
    (``None``), with it (``"new"``), with it as it was (``"old"``). The same seed plays
    the same episodes as long as the masks agree (the old teacher's masks can only say
    "undecided" where the new one says "won")."""
    cls = OldTeacher if teacher == "old" else SolitaireEnv
    env = cls(name, winning_mask=teacher is not None)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed + 1)
    cpu = time.process_time()
    for _ in range(steps):
        _obs, _r, terminated, truncated, info = env.step(random_action(info["action_mask"], rng))
        if terminated or truncated:
            _obs, info = env.reset(seed=int(rng.integers(2**31)))
    return (time.process_time() - cpu) * 1000 / steps


def vector(env_id: str, kind: str, n_envs: int, steps: int, seed: int = 0) -> float:
    """Masked steps per second (summed over the envs) of a Gymnasium vector env."""
    make = getattr(gym.vector, kind)
    vec = make([lambda: gym.make(env_id) for _ in range(n_envs)])
    try:
        rng = np.random.default_rng(seed)
        _obs, info = vec.reset(seed=[seed + i for i in range(n_envs)])
        rounds = max(1, steps // n_envs)
        start = time.perf_counter()
        for _ in range(rounds):
            actions = np.array([random_action(m, rng) for m in info["action_mask"]])
            _obs, _r, _term, _trunc, info = vec.step(actions)
        return rounds * n_envs / (time.perf_counter() - start)
    finally:
        vec.close()


def maskable_ppo(env_id: str, steps: int) -> dict[str, float] | None:
    """MaskablePPO's steps per second of ``learn`` (by the clock, by CPU time) for each
    policy; None when sb3-contrib or torch is not installed."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        return None
    torch.set_num_threads(1)
    out = {}
    for label in ("MultiInputPolicy", "FlattenObservation + MlpPolicy"):
        env = gym.make(env_id)
        if label != "MultiInputPolicy":
            env = gym.wrappers.FlattenObservation(env)
        policy = label.split()[-1]
        model = MaskablePPO(policy, env, n_steps=512, batch_size=64, seed=0, device="cpu")
        start, cpu = time.perf_counter(), time.process_time()
        model.learn(steps)
        out[label] = steps / (time.perf_counter() - start)
        out[label + " CPU"] = steps / (time.process_time() - cpu)
    return out


def openspiel(steps: int, python: str | None) -> dict | None:
    """OpenSpiel's figures, from here or from ``python``; None when it is not there."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        if not python:
            return None
        out = subprocess.run(
            [python, "-c", OPENSPIEL, str(steps)], capture_output=True, text=True, check=False
        )
        if out.returncode:
            print(f"OpenSpiel failed in {python}: {out.stderr.strip()[-300:]}", file=sys.stderr)
            return None
        return json.loads(out.stdout.strip().splitlines()[-1])
    out = subprocess.run(
        [sys.executable, "-c", OPENSPIEL, str(steps)], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000, help="masked steps per figure")
    parser.add_argument("--envs", type=int, default=2, help="environments of a vector env")
    parser.add_argument("--openspiel-python", help="an interpreter where pyspiel imports")
    parser.add_argument(
        "--sb3-steps", type=int, default=4096, help="MaskablePPO learn steps (0: skip)"
    )
    parser.add_argument(
        "--teacher-steps", type=int, default=1000, help="random steps with the teacher (0: skip)"
    )
    args = parser.parse_args()

    print(f"masked steps per second, {args.steps} random masked steps each")
    print('(old: the same env with the "no more moves" test in Python, as before it was')
    print(" in the compiled core; the same steps, so the same episodes)")
    print(
        f"{'game':<12} {'actions':>7} {'one env':>9} {'per CPU s':>9} {'episodes':>8}"
        f" {'old':>9} {'old CPU s':>9}"
    )
    ours: dict[str, tuple[float, float]] = {}
    for name in GAMES:
        rate, per_cpu, episodes = single(name, args.steps)
        ours[name] = (rate, per_cpu)
        with python_stuck():
            old, old_cpu, _ = single(name, args.steps)
        n = SolitaireEnv(name).n_actions
        print(
            f"{name:<12} {n:>7} {rate:>9,.0f} {per_cpu:>9,.0f} {episodes:>8}"
            f" {old:>9,.0f} {old_cpu:>9,.0f}"
        )

    env_id = next(i for i, kw in sw_env.env_ids().items() if kw == {"game": next(iter(GAMES))})
    for kind in ("SyncVectorEnv", "AsyncVectorEnv"):
        rate = vector(env_id, kind, args.envs, args.steps)
        print(f"{env_id}: {kind} x{args.envs}: {rate:,.0f} masked steps/s in all")

    sb3 = maskable_ppo(env_id, args.sb3_steps) if args.sb3_steps else None
    if sb3 is None:
        print("MaskablePPO: not timed (sb3-contrib or torch not installed, or --sb3-steps 0)")
    else:
        for label in ("MultiInputPolicy", "FlattenObservation + MlpPolicy"):
            print(
                f"{env_id}: MaskablePPO {label}, {args.sb3_steps} steps of learn: "
                f"{sb3[label]:,.0f} steps/s ({sb3[label + ' CPU']:,.0f} per CPU s), one thread"
            )

    if args.teacher_steps:
        # the teacher's cost: what an agent's loop pays for info["winning_mask"]
        sb3_ms = 1000 / sb3["MultiInputPolicy CPU"] if sb3 else None
        print(f"the teacher (winning_mask=True), {args.teacher_steps} random steps, CPU ms a step")
        print("(old: the teacher without its two shortcuts, on the same steps)")
        print(
            f"{'game':<12} {'plain':>8} {'old':>8} {'teacher':>8} {'x plain':>8}"
            f" {'old x SB3':>10} {'x SB3 step':>10}"
        )
        for name in GAMES:
            plain = teacher_ms(name, args.teacher_steps, None)
            old = teacher_ms(name, args.teacher_steps, "old")
            taught = teacher_ms(name, args.teacher_steps, "new")

            def in_sb3(ms: float, plain: float = plain) -> str:
                return f"{(sb3_ms + ms - plain) / sb3_ms:>10.2f}" if sb3_ms else f"{'-':>10}"

            print(
                f"{name:<12} {plain:>8.3f} {old:>8.3f} {taught:>8.3f} {taught / plain:>8.0f}"
                f" {in_sb3(old)} {in_sb3(taught)}"
            )

    spiel = openspiel(args.steps, args.openspiel_python)
    if spiel is None:
        print("OpenSpiel: pyspiel not importable (--openspiel-python to time it elsewhere)")
        return
    print(
        f"OpenSpiel {spiel['version']} solitaire ({spiel['actions']} actions): "
        f"{spiel['rate']:,.0f} masked steps/s ({spiel['cpu']:,.0f} per CPU s) with its "
        f"observation tensor, {spiel['bare']:,.0f} ({spiel['bare_cpu']:,.0f}) without"
    )
    print("ours / OpenSpiel's, both with observations (by the clock, by CPU time):")
    for name, (rate, per_cpu) in ours.items():
        print(f"  {name}: {rate / spiel['rate']:.2f}, {per_cpu / spiel['cpu']:.2f}")


if __name__ == "__main__":
    main()
