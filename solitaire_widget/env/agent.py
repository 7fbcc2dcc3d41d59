"""A small agent that learns a game from the exact solver, on the CPU, with NumPy alone.

``Agent`` scores each legal move from a few features of the move and of the position it
leads to (one step looked ahead through the game's own rules: the change in score, the
moves open after it, whether it turns a card over or goes back to a position already
seen) with a one-hidden-layer network, and plays the best-scored move among those that
lead somewhere new (as every player in ``solitaire_widget.strategies`` does). It is a
strategy (``agent(game) -> Move | None``, for ``strategies.play_out`` and
``analysis.play_many``) and a policy of the environment (``agent.act(env) -> action``,
for ``play_policy``).

The features include where the move stands in the game's hint order (``Game.hints``).
It learns in rounds (``train``): round 0 imitates the hint player along its own play of
the training deals (``imitation_rows``); each later round is DAgger where it matters
(``critical_rows``): the agent plays each training deal to its end, and where it loses a
deal the solver can win, the position where its move turned the deal from winnable to
lost is found and labelled by the environment's teacher (``SolitaireEnv.teacher``, the
``winning_mask``): every move after which the deal is still winnable is good, its own
bad. Those positions weigh more than the hint player's in the refit. Why not
behavioural cloning of the solver's lines (this module's first version): the solver sees
the whole deal, and its lines are not what these features can imitate. On Eagle Wing,
cloned from 148 winning lines (44,528 positions, 200 deals) the network's loss stayed at
0.84 and it won 57 of 400 held-out deals (seeds 15001-15400), about random play's rate,
where the hint player wins 246. Nothing here names a game: the features come from the
rules.
"""

from __future__ import annotations

import contextlib
import json
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..game import Game
from ..games.base import Table
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from ..solver import solve
from ..strategies import hint_player
from .environment import UNKNOWN, WINNABLE, SolitaireEnv

F0, F3 = FOUNDATIONS[0], FOUNDATIONS[-1]

#: What the network reads of each legal move, in this order.
FEATURES = (
    "draw",
    "redeal",
    "from_waste",
    "from_reserve",
    "from_foundation",
    "from_column",
    "to_foundation",
    "to_column",
    "to_empty",
    "cards_moved",
    "rank",
    "cards_left_under",
    "empties_column",
    "turns_card",
    "refills_column",
    "score_change",
    "moves_after",
    "foundation_moves_after",
    "seen_before",
    "wins",
    "stock_left",
    "redeals_left",
    "hint_first",
    "hint_rank",
)
N_FEATURES = len(FEATURES)


def move_features(
    t: Table, moves: Sequence[Move], seen: set[tuple], hints: Sequence[Move] | None = None
) -> np.ndarray:
    """One row of ``FEATURES`` for each of ``moves`` (legal in ``t``; ``t`` is changed
    and restored). ``seen``: the positions (``Table.key``) the game has been in."""
    piles, rules = t.piles, t.rules
    stock = len(piles[STOCK])
    left_redeals = t.redeals_left
    redeals = 1.0 if left_redeals is None else min(left_redeals, 3) / 3
    score = t.foundation_cards()
    # the hint order (``Game.hints``, else the rules' own, Aisleriot's)
    order: dict[Move, int] = {}
    for move in rules.aisleriot_hints(t) if hints is None else hints:
        order.setdefault(move, len(order))
    out = np.zeros((len(moves), N_FEATURES), dtype=np.float32)
    for i, move in enumerate(moves):
        row = out[i]
        row[20] = stock / 24
        row[21] = redeals
        rank = order.get(move)
        if rank is not None:
            row[22] = rank == 0
            row[23] = 1 / (1 + rank)
        src, dst, n = move
        if move == DRAW:
            row[0] = 1
            row[1] = not stock
        else:
            pile = piles[src]
            card = pile[-n]
            row[2] = src == WASTE
            row[3] = src == RESERVE
            row[4] = F0 <= src <= F3
            row[5] = src >= FIRST_TABLEAU
            row[6] = F0 <= dst <= F3
            row[7] = dst >= FIRST_TABLEAU
            row[8] = not piles[dst]
            row[9] = n / 13
            base = t.base
            row[10] = ((card % 13 + 1 - base) % 13 if base else card % 13) / 12
            left = len(pile) - n
            row[11] = left / 20
            if src >= FIRST_TABLEAU:
                row[12] = left == 0
                row[13] = bool(left) and left == t.hidden[src]
                row[14] = left == 0 and rules.refills_from_reserve and bool(piles[RESERVE])
        record = t.apply(move)
        after = t.legal_moves()
        row[15] = t.foundation_cards() - score
        row[16] = len(after) / 20
        row[17] = sum(1 for m in after if F0 <= m.dst <= F3 and not F0 <= m.src <= F3) / 4
        row[18] = t.key() in seen
        row[19] = t.is_won()
        t.revert(record)
    return out


# ---- the network ----------------------------------------------------------------------
@dataclass
class Net:
    """``score = w2 · tanh(W1 x + b1)``: one number per move, compared within a position."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray

    @classmethod
    def new(cls, hidden: int = 32, seed: int = 0) -> Net:
        rng = np.random.default_rng(seed)
        return cls(
            rng.normal(0, 1 / np.sqrt(N_FEATURES), (N_FEATURES, hidden)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32),
        )

    def scores(self, x: np.ndarray) -> np.ndarray:
        return np.tanh(x @ self.w1 + self.b1) @ self.w2


@dataclass
class Batch:
    """Labelled positions: each position's legal moves are consecutive rows of ``x``;
    ``start`` is where each position's rows begin; ``good`` marks the moves to prefer,
    ``known`` those whose label is known (an unknown one is left out of its softmax)."""

    x: np.ndarray
    start: np.ndarray
    good: np.ndarray
    known: np.ndarray


def _loss_and_grads(net: Net, b: Batch) -> tuple[float, list[np.ndarray]]:
    # Each position: -log of the probability (a softmax over its known moves) that the
    # move played is a good one.
    h = np.tanh(b.x @ net.w1 + net.b1)
    z = h @ net.w2
    z = np.where(b.known, z, -np.inf)
    top = np.maximum.reduceat(z, b.start)
    counts = np.diff(np.append(b.start, len(z)))
    e = np.exp(z - np.repeat(top, counts))
    e = np.where(b.known, e, 0.0)
    total = np.add.reduceat(e, b.start)
    good = np.add.reduceat(np.where(b.good, e, 0.0), b.start)
    loss = float(np.mean(np.log(total) - np.log(good)))
    p = e / np.repeat(total, counts)
    q = np.where(b.good, e / np.repeat(good, counts), 0.0)
    dz = (p - q) / len(b.start)
    dw2 = h.T @ dz
    dh = np.outer(dz, net.w2) * (1 - h * h)
    return loss, [b.x.T @ dh, dh.sum(axis=0), dw2]


def fit(net: Net, batch: Batch, epochs: int = 200, lr: float = 0.01, seed: int = 0) -> float:
    """Adam on the whole batch for ``epochs`` steps (in chunks of positions); returns the
    last loss."""
    params = [net.w1, net.b1, net.w2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    rng = np.random.default_rng(seed)
    n = len(batch.start)
    chunk = min(n, 2048)
    loss = float("nan")
    with _one_thread():
        return _adam(net, batch, params, m, v, rng, n, chunk, epochs, lr, loss)


def _one_thread() -> Any:
    # BLAS on one thread: these matrices are small (thousands of rows by 24 or 32
    # columns), and OpenBLAS's threads cost more than they bring, ten times more on a
    # busy two-core machine (30 steps on 5,169 rows: 0.74 s -> 0.08 s)
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - the rl extra brings it
        return contextlib.nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def _adam(
    net: Net,
    batch: Batch,
    params: list[np.ndarray],
    m: list[np.ndarray],
    v: list[np.ndarray],
    rng: np.random.Generator,
    n: int,
    chunk: int,
    epochs: int,
    lr: float,
    loss: float,
) -> float:
    for step in range(1, epochs + 1):
        pick = np.sort(rng.choice(n, chunk, replace=False)) if chunk < n else np.arange(n)
        loss, grads = _loss_and_grads(net, _subset(batch, pick))
        for p, g, mi, vi in zip(params, grads, m, v, strict=True):
            mi *= 0.9
            mi += 0.1 * g
            vi *= 0.999
            vi += 0.001 * g * g
            p -= (lr * (mi / (1 - 0.9**step)) / (np.sqrt(vi / (1 - 0.999**step)) + 1e-8)).astype(
                p.dtype
            )
    return loss


def _subset(b: Batch, pick: np.ndarray) -> Batch:
    ends = np.append(b.start[1:], len(b.x))
    rows = np.concatenate([np.arange(b.start[i], ends[i]) for i in pick])
    sizes = ends[pick] - b.start[pick]
    start = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    return Batch(b.x[rows], start, b.good[rows], b.known[rows])


# ---- the agent ----------------------------------------------------------------------
@dataclass
class Agent:
    """A trained scorer of moves for one game and its options (see the module)."""

    game: str
    options: dict[str, Any]
    net: Net
    history: list[dict[str, Any]] = field(default_factory=list)

    # as a strategy: Game -> Move | None
    def __call__(self, game: Game) -> Move | None:
        moves, x = self.candidates(game)
        if not moves:
            return None
        return moves[int(np.argmax(self.net.scores(x)))]

    def _choose(self, game: Game, moves: list[Move], x: np.ndarray) -> Move:
        return moves[int(np.argmax(self.net.scores(x)))]

    def candidates(self, game: Game) -> tuple[list[Move], np.ndarray]:
        """The moves it chooses from (the legal ones that lead to a position this game
        has not been in since the agent first saw it) and their features."""
        seen = _seen(game)
        t = game.table
        moves = []
        for move in game.legal_moves:
            record = t.apply(move)
            fresh = t.key() not in seen
            t.revert(record)
            if fresh:
                moves.append(move)
        return moves, move_features(t, moves, seen, game.hints())

    def act(self, env: SolitaireEnv) -> int:
        """The action it plays in ``env`` (any legal one when it has no fresh move)."""
        move = self(env.game)
        if move is None:
            return env.legal_actions()[0]
        return env.action_of(move)

    # ---- saving ------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the agent to ``path`` (``.npz``: the weights and what it plays)."""
        path = Path(path)
        meta = {"game": self.game, "options": self.options, "features": list(FEATURES)}
        with path.open("wb") as fh:
            np.savez(
                fh,
                w1=self.net.w1,
                b1=self.net.b1,
                w2=self.net.w2,
                meta=np.array(json.dumps(meta)),
                history=np.array(json.dumps(self.history)),
            )
        return path

    @classmethod
    def load(cls, path: str | Path) -> Agent:
        with np.load(Path(path), allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta["features"] != list(FEATURES):
                raise ValueError(f"{path} was trained on other features")
            net = Net(data["w1"], data["b1"], data["w2"])
            history = json.loads(str(data["history"]))
        return cls(meta["game"], meta["options"], net, history)


# what the agent remembers of each live game: the positions it has been in (a new
# deal or a restart, with nothing to undo, starts afresh)
_SEEN: weakref.WeakKeyDictionary[Game, set[tuple]] = weakref.WeakKeyDictionary()


def _seen(game: Game) -> set[tuple]:
    seen = _SEEN.get(game)
    if seen is None or not game.can_undo:
        seen = _SEEN[game] = set()
    seen.add(game.table.key())
    return seen


# ---- learning ------------------------------------------------------------------------
def _stack(rows: list[tuple]) -> Batch:
    sizes = [len(r[0]) for r in rows]
    start = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    return Batch(
        np.concatenate([r[0] for r in rows]),
        start,
        np.concatenate([r[1] for r in rows]),
        np.concatenate([r[2] for r in rows]),
    )


def _fresh(game: Game, seen: set[tuple]) -> list[Move]:
    t = game.table
    out = []
    for move in game.legal_moves:
        record = t.apply(move)
        if t.key() not in seen:
            out.append(move)
        t.revert(record)
    return out


def rollout(
    name: str,
    seed: int,
    choose: Callable[[Game, list[Move], np.ndarray], Move],
    *,
    max_moves: int = 1000,
    **options: Any,
) -> tuple[Game, list[tuple]]:
    """Play deal ``seed`` to its end: at each position ``choose(game, fresh, x)`` picks
    one of the fresh moves (``x``: their features). Returns the game (its history is
    the play) and, for each position, (features, index of the move played, the fresh
    moves)."""
    game = Game(name, seed, **options)
    seen = {game.table.key()}
    steps: list[tuple] = []
    for _ in range(max_moves):
        moves = _fresh(game, seen)
        if not moves:
            break
        x = move_features(game.table, moves, seen, game.hints())
        move = choose(game, moves, x)
        steps.append((x, moves.index(move), moves))
        game.play(move)
        seen.add(game.table.key())
        if game.is_won:
            break
    return game, steps


def imitation_rows(name: str, seeds: Iterable[int], **options: Any) -> list[tuple]:
    """The hint player's choices (``strategies.hint_player``: ``Game.hints``, the
    rules' hint order and what it misses) along its play of ``seeds``, as labelled
    positions: the anchor the teacher's corrections are learnt on top of."""
    rows = []

    def choose(game: Game, moves: list[Move], x: np.ndarray) -> Move:
        move = hint_player(game)
        return move if move in moves else moves[0]

    for seed in seeds:
        _, steps = rollout(name, seed, choose, **options)
        for x, i, _moves in steps:
            if len(x) > 1:
                good = np.zeros(len(x), dtype=bool)
                good[i] = True
                rows.append((x, good, np.ones(len(x), dtype=bool)))
    return rows


@dataclass
class Critical:
    """What ``critical_rows`` found: the labelled positions and how the deals went."""

    rows: list[tuple] = field(default_factory=list)
    won: int = 0  # played to a win
    found: int = 0  # winnable at the start, lost at the end: the losing move found
    unwinnable: int = 0  # proved lost from the deal (nothing to learn)
    undecided: int = 0  # the solver could not tell within its budget somewhere


def critical_rows(agent: Agent, seeds: Iterable[int], *, nodes: int = 20_000) -> Critical:
    """DAgger with the winning-mask teacher, where it matters: the agent plays each deal
    to its end; when a deal it could have won is lost, the position where its move
    turned it from winnable to lost is found (winnable positions come first along any
    play: a lost deal never becomes winnable again) by stepping back from the end in
    doubling steps to a winnable position, then bisection; and it is labelled by
    ``SolitaireEnv.teacher``: every move after which the deal is still winnable is
    good, the lost ones (the agent's among them) bad, undecided ones left out."""
    out = Critical()
    env = SolitaireEnv(agent.game, teacher_nodes=nodes, **agent.options)
    for seed in seeds:
        game, steps = rollout(agent.game, seed, agent._choose, **agent.options)
        if game.is_won:
            out.won += 1
            continue
        n = len(steps)

        def verdict(k: int, game: Game = game) -> str:
            return solve(game.position(k), seconds=None, nodes=nodes).result

        if verdict(n) != "lost":
            out.undecided += 1
            continue
        # back from the end, in steps that double, to a winnable position: those near
        # the end have fewer cards in play and are the solver's easiest
        lo, hi, step = -1, n, 1  # lost at hi
        while hi > 0:
            k = max(0, hi - step)
            v = verdict(k)
            if v == "unknown":
                break
            if v == "won":
                lo = k
                break
            hi, step = k, 2 * step
        if lo < 0:
            if hi == 0:
                out.unwinnable += 1
            else:
                out.undecided += 1
            continue
        while hi - lo > 1:  # won at lo, lost at hi
            mid = (lo + hi) // 2
            v = verdict(mid)
            if v == "unknown":
                break
            lo, hi = (mid, hi) if v == "won" else (lo, mid)
        if hi - lo > 1:
            out.undecided += 1
            continue
        env.reset(options={"game": game.position(lo)})
        labels = env.teacher()
        x, played, moves = steps[lo]
        marks = np.array([labels[env.action_of(m)] for m in moves])
        good = marks == WINNABLE
        known = marks != UNKNOWN
        known[played] = True  # it lost the deal
        good[played] = False
        if good.any():
            out.found += 1
            out.rows.append((x, good, known))
        else:
            out.undecided += 1
    return out


def train(
    name: str,
    seeds: Sequence[int],
    *,
    rounds: int = 3,
    teacher_nodes: int = 20_000,
    weight: int = 20,
    epochs: int = 300,
    hidden: int = 32,
    seed: int = 0,
    log: Callable[[str], None] | None = None,
    **options: Any,
) -> Agent:
    """Imitate the hint player on ``seeds`` (``imitation_rows``), then ``rounds``
    rounds of DAgger with the teacher on the same seeds (``critical_rows``), each
    refitting on everything so far, the teacher's positions counted ``weight`` times
    (they are one a lost deal, against hundreds of the hint player's)."""
    start = time.perf_counter()
    anchor = imitation_rows(name, seeds, **options)
    agent = Agent(name, dict(Game(name, 0, **options).options), Net.new(hidden, seed))
    loss = fit(agent.net, _stack(anchor), epochs, seed=seed)
    agent.history.append(
        {"round": 0, "positions": len(anchor), "loss": loss, "seconds": time.perf_counter() - start}
    )
    if log:
        log(f"round 0: {len(anchor)} positions of the hint player, loss {loss:.3f}")
    taught: list[tuple] = []
    for k in range(1, rounds + 1):
        found = critical_rows(agent, seeds, nodes=teacher_nodes)
        taught += found.rows
        loss = fit(agent.net, _stack(anchor + taught * weight), epochs, seed=seed + k)
        agent.history.append(
            {
                "round": k,
                "won": found.won,
                "found": found.found,
                "unwinnable": found.unwinnable,
                "undecided": found.undecided,
                "taught": len(taught),
                "loss": loss,
                "seconds": time.perf_counter() - start,
            }
        )
        if log:
            log(
                f"round {k}: won {found.won} of {len(seeds)} training deals; "
                f"{found.found} losing moves found and taught ({len(taught)} in all), "
                f"{found.unwinnable} deals unwinnable, {found.undecided} undecided; "
                f"loss {loss:.3f}"
            )
    return agent


__all__ = [
    "FEATURES",
    "Agent",
    "Batch",
    "Critical",
    "Net",
    "critical_rows",
    "fit",
    "imitation_rows",
    "move_features",
    "rollout",
    "train",
]
