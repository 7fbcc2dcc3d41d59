"""A game's history as a table, and many deals played at once.

Needs the optional "analysis" extra (pandas, matplotlib, tqdm):
``pip install solitaire_widget[analysis]``. The core never imports this module.

* :func:`history_frame` (also ``Game.history_frame()``) and :func:`foundation_frame`,
  from ``solitaire_widget.history``: one game's actions and foundations as tables.
* :func:`play_many`: let a strategy play many seeds, on any
  ``concurrent.futures.Executor``, and get one row per deal.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Iterable, Sequence
from typing import Any

try:
    import pandas as pd
    from tqdm.auto import tqdm
except ImportError as err:  # pragma: no cover - exercised by a test that hides pandas
    raise ImportError(
        "solitaire_widget.analysis needs the optional 'analysis' extra "
        "(pandas, matplotlib, tqdm): pip install 'solitaire_widget[analysis]'"
    ) from err

from .game import Game
from .history import HISTORY_COLUMNS, foundation_frame, history_frame
from .strategies import MAX_MOVES, Strategy, get_strategy, play_out, strategy_name

#: ``play_many`` shows a progress bar from this many deals on (when ``progress=True``).
PROGRESS_FROM = 50


# ---- many deals --------------------------------------------------------------------
def play_one(
    name: str,
    seed: int,
    strategy: str | Strategy,
    max_moves: int = MAX_MOVES,
    **options: Any,
) -> dict[str, Any]:
    """One deal played out by ``strategy``: the row ``play_many`` reports for it."""
    start = time.perf_counter()
    game = play_out(Game(name, seed=seed, **options), strategy, max_moves=max_moves)
    return {
        "seed": seed,
        "won": game.is_won,
        "score": game.score,
        "moves": game.moves,
        "seconds": time.perf_counter() - start,
    }


def _play_chunk(
    name: str,
    seeds: Sequence[int],
    strategy: str | Strategy,
    max_moves: int,
    options: dict[str, Any],
) -> list[dict[str, Any]]:
    # module level, so a process pool can pickle it by reference
    return [play_one(name, seed, strategy, max_moves, **options) for seed in seeds]


def play_many(
    game: str,
    seeds: Iterable[int],
    strategy: str | Strategy,
    executor: cf.Executor | None = None,
    progress: bool = True,
    *,
    max_moves: int = MAX_MOVES,
    chunksize: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play every seed of ``game`` with ``strategy``; one row per deal, in seed order.

    ``strategy`` is a name from ``strategies.STRATEGIES`` or a picklable module-level
    function ``Game -> Move | None``. ``executor`` is any ``concurrent.futures.Executor``
    (a ``ProcessPoolExecutor`` uses several cores); None plays here, one deal after the
    other. Deals go to the executor in chunks of ``chunksize`` seeds, so each task is
    long enough to be worth sending. ``options`` are the game's (``draw=3``,
    ``redeals=None``). A progress bar shows from ``PROGRESS_FROM`` deals on.

    Columns: ``game``, ``strategy``, ``seed``, ``won``, ``score`` (cards on the
    foundations), ``moves`` (actions played) and ``seconds`` (time to play the deal).
    """
    seeds = list(seeds)
    get_strategy(strategy)  # fail here, not in a worker
    Game(game, seed=0, **options)  # validates the game name and options up front
    label = strategy_name(strategy)
    size = chunksize or max(1, min(25, len(seeds) // 16 or 1))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    bar = tqdm(
        total=len(seeds),
        desc=f"{game} / {label}",
        unit="deal",
        disable=not progress or len(seeds) < PROGRESS_FROM,
    )
    results: dict[int, list[dict[str, Any]]] = {}
    try:
        if executor is None:
            for i, chunk in enumerate(chunks):
                results[i] = _play_chunk(game, chunk, strategy, max_moves, options)
                bar.update(len(chunk))
        else:
            futures = {
                executor.submit(_play_chunk, game, chunk, strategy, max_moves, options): i
                for i, chunk in enumerate(chunks)
            }
            for future in cf.as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                bar.update(len(chunks[i]))
    finally:
        bar.close()
    rows = [row for i in range(len(chunks)) for row in results[i]]
    frame = pd.DataFrame(rows, columns=["seed", "won", "score", "moves", "seconds"])
    frame.insert(0, "strategy", label)
    frame.insert(0, "game", game)
    return frame.astype(
        {"seed": "int64", "won": bool, "score": "int64", "moves": "int64", "seconds": float}
    )


def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a win rate of ``wins`` out of ``n`` deals.

    Unlike the textbook p ± z·se, it stays inside [0, 1] and is sensible at 0 or n
    wins, which is common here (Kansas is rarely won by any simple player).
    """
    from statistics import NormalDist

    if n <= 0:
        raise ValueError("a win rate needs at least one deal")
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be between 0 and {n}, not {wins}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Per game and strategy (in order of appearance): deals, wins, win rate with its
    Wilson interval (``low``, ``high``), mean score and mean moves."""
    grouped = results.groupby(["game", "strategy"], sort=False)
    out = grouped.agg(
        deals=("won", "size"),
        wins=("won", "sum"),
        mean_score=("score", "mean"),
        mean_moves=("moves", "mean"),
    ).reset_index()
    out["wins"] = out["wins"].astype("int64")
    out.insert(4, "win_rate", out["wins"] / out["deals"])
    bounds = [
        wilson_interval(w, n, confidence) for w, n in zip(out["wins"], out["deals"], strict=True)
    ]
    out.insert(5, "low", [lo for lo, _ in bounds])
    out.insert(6, "high", [hi for _, hi in bounds])
    return out


# Solving many deals lives with the solver; it is re-exported here so that everything
# about "many deals at once" is found in one module.
from .winnability import flipped, winnability  # noqa: E402

__all__ = [
    "HISTORY_COLUMNS",
    "flipped",
    "foundation_frame",
    "history_frame",
    "play_many",
    "play_one",
    "summarize",
    "wilson_interval",
    "winnability",
]
