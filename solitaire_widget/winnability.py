"""Solve many deals at once, on any ``concurrent.futures.Executor``.

>>> from solitaire_widget.analysis import winnability
>>> df = winnability("saratoga", range(1, 101), seconds=2, redeals=None)   # doctest: +SKIP

One task per deal: the task builds ``Game(rules, seed)``, solves it and returns a plain
dict, so it pickles to any executor. ``game`` is a registered name (with its options)
or the rules themselves, a ``Rules`` instance, whose class may be written in a notebook
cell: such a class has no module a worker process could import it from, so it travels
by value (cloudpickle, which Dask brings). The executors: the default local
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
import pickle
from collections.abc import Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .games import variants
from .games.base import Rules

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


class ByValue:
    """Rules pickled by value (cloudpickle): what crosses to a worker process for rules
    whose class it could not import by name."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def rules(self) -> Rules:
        found = pickle.loads(self.data)  # cloudpickle's output loads with pickle
        if not isinstance(found, Rules):
            raise TypeError(f"not a game's rules: {type(found).__qualname__}")
        return found


def _importable(cls: type) -> bool:
    """Whether a worker process can import ``cls`` by its module and name (a class of a
    notebook cell, of a script run as ``__main__`` or of a function's body cannot)."""
    if cls.__module__ == "__main__" or "<locals>" in cls.__qualname__:
        return False
    try:
        found: Any = importlib.import_module(cls.__module__)
        for part in cls.__qualname__.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        return False
    return found is cls


def shippable(rules: Rules) -> Rules | ByValue:
    """``rules`` as it crosses to another process: itself when its class can be imported
    there, else pickled by value. Without cloudpickle it goes as itself: a forked worker
    (Linux's process pool, before Python 3.14) has the notebook's classes all the same;
    anywhere else the worker names the class it cannot find."""
    if _importable(type(rules)):
        return rules
    try:
        cloudpickle: Any = importlib.import_module("cloudpickle")
    except ImportError:
        return rules
    return ByValue(cloudpickle.dumps(rules))


def solve_seed(
    game: str | Rules | ByValue,
    seed: int,
    seconds: float | None,
    nodes: int | None,
    options: dict[str, Any],
) -> dict[str, Any]:
    """Solve one deal; a plain dict so it crosses process and machine boundaries.
    ``game``: a registered name (with ``options``), rules, or rules shipped by value."""
    from .game import Game

    if isinstance(game, ByValue):
        game = game.rules()
    g = Game(game, seed=seed, **options) if isinstance(game, str) else Game(game, seed=seed)
    r = g.solve(seconds=seconds, nodes=nodes)
    return {
        "seed": seed,
        "result": r.result,
        "moves": len(r.solution) if r.result == "won" else None,
        "nodes": r.nodes,
        "seconds": r.seconds,
    }


def winnability(
    game: str | Rules,
    seeds: Iterable[int],
    seconds: float | None = 10.0,
    executor: Executor | None = None,
    progress: bool = True,
    nodes: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Solve deal ``seed`` of ``game`` for every seed; one row per deal, in seed order.
    ``game`` is a registered name with its ``options``, or the rules themselves
    (``EagleWing(redeals=0)``, an instance of a class written anywhere, a cell included).

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
    from .games import rules_for

    # fail here, not in every worker, on a bad option; a game registered by name in this
    # process only (a notebook's) is unknown to a worker: its rules go, not its name
    rules = rules_for(game, **options)
    shipped = shippable(rules)
    label = rules.name
    own = executor is None
    pool = (
        executor
        if executor is not None
        else ProcessPoolExecutor(max_workers=min(len(seeds), os.cpu_count() or 1) or 1)
    )
    rows: list[dict[str, Any]] = []
    try:
        futures: list[Future] = [
            pool.submit(solve_seed, shipped, s, seconds, nodes, {}) for s in seeds
        ]
        done: Iterable[Future] = as_completed(futures)
        if progress and len(seeds) > 1:
            tqdm = _require("tqdm.auto").tqdm
            done = tqdm(done, total=len(futures), desc=label, unit="deal")
        rows = [f.result() for f in done]
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df = df.sort_values("seed", kind="stable").reset_index(drop=True)
    df["moves"] = df["moves"].astype("Int64")
    return df


def flipped(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """The deals whose verdict a rule change flips: the seeds both ``winnability``
    frames decided ("won" or "lost"), with different results. Columns ``seed``,
    ``before``, ``after``, in seed order (an undecided deal flips nothing: it is not
    known to differ)."""
    pd = _require("pandas")
    both = before[["seed", "result"]].merge(
        after[["seed", "result"]], on="seed", suffixes=("_before", "_after")
    )
    decided = both["result_before"].isin(("won", "lost")) & both["result_after"].isin(
        ("won", "lost")
    )
    changed = both[decided & (both["result_before"] != both["result_after"])]
    out = pd.DataFrame(
        {
            "seed": changed["seed"].to_numpy(),
            "before": changed["result_before"].to_numpy(),
            "after": changed["result_after"].to_numpy(),
        }
    )
    return out.sort_values("seed", kind="stable").reset_index(drop=True)


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
    "ByValue",
    "flipped",
    "published",
    "published_folder",
    "shippable",
    "solve_seed",
    "summary",
    "wilson",
    "winnability",
]
