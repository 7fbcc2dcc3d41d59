"""Solve many deals at once, on any ``concurrent.futures.Executor``.

>>> from solitaire_widget.analysis import winnability
>>> df = winnability("saratoga", range(1, 101), seconds=2, redeals=None)   # doctest: +SKIP

One task per deal: the task builds ``Game(game, seed, **options)``, solves it and
returns a plain dict, so it pickles to any executor: the default local
``ProcessPoolExecutor``, a ``ThreadPoolExecutor`` (the compiled core releases the GIL
while it searches, so threads search side by side; the Python search, where the core
cannot load, holds it), or a Dask cluster through
``distributed.Client(...).get_executor()`` once one machine is not enough::

    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=4) as cluster, Client(cluster) as client:
        df = winnability("kansas", range(1, 10_001), seconds=10,
                         executor=client.get_executor())

pandas and tqdm are the optional "analysis" extra; they are imported only when this
runs.
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .games import variants

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = ["seed", "result", "moves", "nodes", "seconds"]


def _require(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"winnability needs {module.split('.')[0]}: pip install solitaire_widget[analysis]"
        ) from err


def solve_seed(
    game: str, seed: int, seconds: float | None, nodes: int | None, options: dict[str, Any]
) -> dict[str, Any]:
    """Solve one deal; a plain dict so it crosses process and machine boundaries."""
    from .game import Game

    r = Game(game, seed=seed, **options).solve(seconds=seconds, nodes=nodes)
    return {
        "seed": seed,
        "result": r.result,
        "moves": len(r.solution) if r.result == "won" else None,
        "nodes": r.nodes,
        "seconds": r.seconds,
    }


def winnability(
    game: str,
    seeds: Iterable[int],
    seconds: float | None = 10.0,
    executor: Executor | None = None,
    progress: bool = True,
    nodes: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Solve deal ``seed`` of ``game`` for every seed; one row per deal, in seed order.

    Columns: ``seed``, ``result`` ("won", "lost" or "unknown" when the budget of
    ``seconds`` / ``nodes`` per deal ran out), ``moves`` (length of the winning line,
    actions including stock clicks), ``nodes`` and ``seconds`` (the solver's own time).
    ``executor`` is any ``concurrent.futures.Executor``; by default a local process pool
    over all cores, shut down afterwards (an executor you pass is left running).
    ``progress`` shows a tqdm bar (on runs of more than one deal). ``options`` are the
    game's options, e.g. ``draw=3, redeals=None`` for Saratoga.
    """
    pd = _require("pandas")
    seeds = list(seeds)
    from .games import make_rules

    make_rules(game, **options)  # fail here, not in every worker, on a bad option
    own = executor is None
    pool = (
        executor
        if executor is not None
        else ProcessPoolExecutor(max_workers=min(len(seeds), os.cpu_count() or 1) or 1)
    )
    rows: list[dict[str, Any]] = []
    try:
        futures: list[Future] = [
            pool.submit(solve_seed, game, s, seconds, nodes, dict(options)) for s in seeds
        ]
        done: Iterable[Future] = as_completed(futures)
        if progress and len(seeds) > 1:
            tqdm = _require("tqdm.auto").tqdm
            done = tqdm(done, total=len(futures), desc=f"{game}", unit="deal")
        rows = [f.result() for f in done]
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df = df.sort_values("seed", kind="stable").reset_index(drop=True)
    df["moves"] = df["moves"].astype("Int64")
    return df


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(df: pd.DataFrame) -> dict[str, Any]:
    """Win rate of a ``winnability`` frame with a 95% interval that counts the undecided
    deals both ways: the low end treats them as lost, the high end as won."""
    n = len(df)
    won = int((df["result"] == "won").sum())
    lost = int((df["result"] == "lost").sum())
    unknown = n - won - lost
    low = wilson(won, n)[0]
    high = wilson(won + unknown, n)[1]
    return {
        "deals": n,
        "won": won,
        "lost": lost,
        "unknown": unknown,
        "win_rate": won / n if n else float("nan"),
        "low": low,
        "high": high,
    }


def _published() -> dict[str, str]:
    # every registered variant with figures: its file name (docs/winnability) -> title
    return {v.slug: v.label for v in variants() if v.figures}


# The published figures (docs/winnability/*.csv), by file name -> a title for tables.
PUBLISHED = _published()


def published_folder() -> Path:
    """Where the published winnability figures are: inside the installed package (the
    wheel carries docs/winnability there), else in the source checkout this module comes
    from. A notebook copied anywhere finds them either way, with no search for a
    repository above its own folder."""
    here = Path(__file__).resolve().parent
    for folder in (here / "published" / "winnability", here.parent / "docs" / "winnability"):
        if any((folder / f"{name}.csv").is_file() for name in PUBLISHED):
            return folder
    raise FileNotFoundError(
        "the published winnability figures are missing from this installation "
        "(solitaire_widget/published/winnability in the wheel)"
    )


def published() -> dict[str, pd.DataFrame]:
    """The published figures, one ``winnability`` frame per game and option, keyed by
    the titles of ``PUBLISHED``; ``summary`` turns each into win rates."""
    pd = _require("pandas")
    folder = published_folder()
    return {
        title: pd.read_csv(folder / f"{name}.csv")
        for name, title in PUBLISHED.items()
        if (folder / f"{name}.csv").is_file()
    }


__all__ = [
    "PUBLISHED",
    "published",
    "published_folder",
    "solve_seed",
    "summary",
    "wilson",
    "winnability",
]
