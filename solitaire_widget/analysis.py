"""A game's history as a table, and many deals played at once.

Needs the optional "analysis" extra (pandas, matplotlib, tqdm):
``pip install solitaire_widget[analysis]``. The core never imports this module.

* :func:`history_frame` (also ``Game.history_frame()``): one row per action.
* :func:`foundation_frame`: cards on the foundations per suit after each action.
* :func:`play_many`: let a strategy play many seeds, on any
  ``concurrent.futures.Executor``, and get one row per deal.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

try:
    import pandas as pd
    from tqdm.auto import tqdm
except ImportError as err:  # pragma: no cover - exercised by a test that hides pandas
    raise ImportError(
        "solitaire_widget.analysis needs the optional 'analysis' extra "
        "(pandas, matplotlib, tqdm): pip install 'solitaire_widget[analysis]'"
    ) from err

from .cards import SUITS
from .game import Game
from .moves import DRAW, FOUNDATIONS, Move
from .strategies import MAX_MOVES, Strategy, get_strategy, play_out, strategy_name

#: ``play_many`` shows a progress bar from this many deals on (when ``progress=True``).
PROGRESS_FROM = 50

HISTORY_COLUMNS = [
    "move",
    "action",
    "source",
    "target",
    "cards",
    "autoplay",
    "consequences",
    "score",
    "stock_left",
    "reserve_left",
    "redeals_left",
    "seconds",
]


def _replay(game: Game) -> Iterator[tuple[int, Move, Game]]:
    """Replay ``game`` from its deal: yields (undo step, move, scratch) per action.

    ``scratch`` is one Game that shows the position just before ``move``; the move is
    played on it when the loop asks for the next action. The replay goes through the
    public saved form, so it starts exactly where ``game`` started (a seed, a deck or
    a snapshot).
    """
    import json

    data = json.loads(game.to_json())
    scratch = Game.from_snapshot(data["start"], data["game"], base=data["base"], **data["options"])
    for step, group in enumerate(data["history"]):
        for action in group:
            move = Move.parse(action)
            yield step, move, scratch
            scratch.play(move)


def _codes(cards: Iterable[str]) -> str:
    return " ".join(cards)


def history_frame(game: Game) -> pd.DataFrame:
    """The actions played so far, one row each, in order.

    Columns: ``move`` (1, 2, ...), ``action`` (notation), ``source`` and ``target``
    (pile ids; ``s``/``w`` for a draw), ``cards`` (the cards moved or dealt, bottom to
    top), ``autoplay`` (True when the action was part of one autoplay chain),
    ``consequences`` (what happened by itself: a column refilled from the reserve, the
    reserve's next card coming into play, the waste turned over as a redeal), then
    ``score``, ``stock_left``, ``reserve_left`` and ``redeals_left`` after the action
    (missing where the game has no reserve or unlimited redeals) and ``seconds``: wall
    time since the first action (actions of one autoplay chain share a time).
    """
    times = game.action_times
    rows: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    steps: list[int] = []
    for step, move, before in _replay(game):
        if pending is not None:
            _finish(pending, before)
            rows.append(pending)
        pending = _start_row(len(rows) + 1, move, before)
        steps.append(step)
    if pending is not None:
        # the last action's "after" is the end of the replay: the game's own position
        _finish(pending, game)
        rows.append(pending)
    sizes = [0] * (max(steps) + 1 if steps else 0)
    for step in steps:
        sizes[step] += 1
    t0 = times[0] if times else 0.0
    for row, step in zip(rows, steps, strict=True):
        row["autoplay"] = sizes[step] > 1
        row["seconds"] = times[step] - t0 if step < len(times) else float("nan")
    frame = pd.DataFrame(rows, columns=HISTORY_COLUMNS)
    for column in ("move", "score", "stock_left", "reserve_left", "redeals_left"):
        frame[column] = frame[column].astype("Int64")
    frame["autoplay"] = frame["autoplay"].astype(bool)
    frame["seconds"] = frame["seconds"].astype(float)
    return frame


def _start_row(number: int, move: Move, before: Game) -> dict[str, Any]:
    if move == DRAW:
        stock = before.pile("s")
        if stock:
            k = min(before.draw_count, len(stock))
            cards = [c.upper() for c in reversed(stock[-k:])]
        else:
            cards = []  # a redeal moves the whole waste; listing it says nothing
    else:
        cards = before.pile(move.source)[-move.count :]
    return {
        "move": number,
        "action": str(move),
        "source": move.source,
        "target": move.target,
        "cards": _codes(cards),
        "_before": {
            "stock": before.stock_left,
            "reserve": before.reserve_left,
            "redeals_used": before.redeals_used,
        },
    }


def _finish(row: dict[str, Any], after: Game) -> None:
    was = row.pop("_before")
    notes = []
    if row["action"] == "draw" and after.redeals_used > was["redeals_used"]:
        notes.append("redeal: the waste is turned over to make a new stock")
    reserve = after.reserve_left
    if reserve is not None and reserve < was["reserve"] and row["source"] != "r":
        card = after.pile(row["source"])[-1]
        notes.append(f"{row['source']} refilled from the reserve with {card}")
    if reserve and reserve < was["reserve"] and after.rules.reserve_top_in_play:
        notes.append(f"reserve shows {after.pile('r')[-1]}")
    row["consequences"] = "; ".join(notes)
    row["score"] = after.score
    row["stock_left"] = after.stock_left
    row["reserve_left"] = reserve
    row["redeals_left"] = after.redeals_left


def foundation_frame(game: Game) -> pd.DataFrame:
    """Cards on the foundations per suit, at the deal (move 0) and after each action.

    Columns: ``move`` and one column per suit (``clubs``, ``diamonds``, ``hearts``,
    ``spades``); the foundation slots (f0..f3) are mapped to the suit they hold.
    """
    names = ["clubs", "diamonds", "hearts", "spades"]

    def counts(g: Game) -> list[int]:
        out = [0, 0, 0, 0]
        for f in range(len(FOUNDATIONS)):
            pile = g.pile(f"f{f}")
            if pile:
                out[SUITS.index(pile[0][1])] = len(pile)
        return out

    rows = []
    last = 0
    for _, _, before in _replay(game):
        rows.append([last, *counts(before)])
        last += 1
    rows.append([last, *counts(game)])
    return pd.DataFrame(rows, columns=["move", *names])


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
from .winnability import winnability  # noqa: E402,F401

__all__ = [
    "HISTORY_COLUMNS",
    "foundation_frame",
    "history_frame",
    "play_many",
    "play_one",
    "summarize",
    "wilson_interval",
]
