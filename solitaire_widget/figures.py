"""The statistics' figures, computed from the deals' records: no I/O, no SQLite.

A finished deal is one record (``RECORD``, and ``winnable`` after it, in ``STORED``)
wherever it is kept: in memory for the Python session, in the SQLite store
(solitaire_widget.sqlite_store) or in a file waiting for it (solitaire_widget.journal).
The figures of a game and options (played, won, solved, the streaks, the best time and
score, and per grade the deals dealt winnable-only) are recomputed from the records and
the row's starting figures (those carried over from the JSON file of earlier versions),
never stored as totals; solitaire_widget.statistics says how a deal is counted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

OUTCOMES = ("won", "lost", "solved")
# the columns of ``Statistics.frame()``
COLUMNS = [
    "game",
    "options",
    "played",
    "won",
    "lost",
    "solved",
    "win_rate",
    "streak",
    "best_streak",
    "best_time",
    "best_score",
]
# the columns of a record, as ``Statistics.deals`` names them, and the stored ones
# (``winnable`` last: records from before it have none)
RECORD = ("game", "options", "outcome", "seconds", "score", "seed", "difficulty", "deal", "at")
STORED = (*RECORD, "winnable")

Row = dict[str, Any]
# the rows of a store: (game, options) -> figures
Rows = dict[tuple[str, str], Row]


def options_key(options: dict[str, Any]) -> str:
    """``{"draw": 3, "redeals": None}`` -> ``"draw=3 redeals=None"``: one row per set."""
    return " ".join(f"{k}={options[k]!r}" for k in sorted(options))


def fresh() -> Row:
    """The figures of a row with no deal."""
    return {
        "played": 0,
        "won": 0,
        "solved": 0,
        "streak": 0,
        "best_streak": 0,
        "best_time": None,
        "best_score": 0,
        # the deals dealt with a grade (winnable deals only), per grade: played and won
        "by_difficulty": {},
    }


def checked_row(row: Any) -> Row:
    """A row of starting figures (the old JSON file's): counts are non-negative ints,
    won <= played, times finite; ValueError otherwise."""
    if not isinstance(row, dict):
        raise ValueError("a statistics row is an object")
    out = fresh()
    for k in ("played", "won", "streak", "best_streak", "best_score"):
        v = row.get(k, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{k} must be a whole number >= 0, not {v!r}")
        out[k] = v
    t = row.get("best_time")
    if t is not None and (
        isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t < 0
    ):
        raise ValueError(f"best_time must be a number of seconds or null, not {t!r}")
    out["best_time"] = None if t is None else float(t)
    if out["won"] > out["played"] or out["streak"] > out["best_streak"]:
        raise ValueError("won exceeds played, or the streak its best")
    return out


def figures(base: Row | None, deals: Iterable[tuple[str, float | None, int, str | None]]) -> Row:
    """The figures of one row: its starting figures (migrated) and then its deals, in
    the order they were recorded (``(outcome, seconds, score, difficulty)``)."""
    row = fresh() if base is None else {**base, "by_difficulty": {}}
    graded: dict[str, dict[str, int]] = row["by_difficulty"]
    for outcome, seconds, score, difficulty in deals:
        row["played"] += 1
        if difficulty is not None:
            grade = graded.setdefault(difficulty, {"played": 0, "won": 0})
            grade["played"] += 1
            grade["won"] += outcome == "won"
        row["best_score"] = max(row["best_score"], int(score))
        if outcome == "won":
            row["won"] += 1
            row["streak"] += 1
            row["best_streak"] = max(row["best_streak"], row["streak"])
            if seconds is not None:
                t = round(float(seconds), 3)
                row["best_time"] = t if row["best_time"] is None else min(row["best_time"], t)
        elif outcome == "solved":
            # neither the player's win nor a loss: the streak neither grows nor ends
            row["solved"] += 1
        else:
            row["streak"] = 0
    return row


# a record as the figures read it: game, options, outcome, seconds, score, the deal's
# token, its difficulty
Deal = tuple[str, str, str, "float | None", int, "str | None", "str | None"]


def final(deals: Iterable[Deal]) -> list[Deal]:
    """The deals in the order recorded, each deal's last record only (a deal lost, then
    undone and won, counts as won, in the place of its last record)."""
    out: dict[Any, Deal] = {}
    for i, d in enumerate(deals):
        token = d[5] if d[5] is not None else i  # no token: a record of its own
        out.pop(token, None)
        out[token] = d
    return list(out.values())


def deal_of(record: tuple[Any, ...]) -> Deal:
    """A record's columns (``STORED``) as the figures read a deal."""
    return (record[0], record[1], record[2], record[3], record[4], record[7], record[6])


def table(base: Rows, records: Iterable[tuple[Any, ...]]) -> Rows:
    """Every row's figures: the starting figures ``base`` and the ``records``
    (``STORED``) in the order they were recorded, each deal's last record only."""
    grouped: dict[tuple[str, str], list[tuple[str, float | None, int, str | None]]] = {}
    for game, opts, outcome, seconds, score, _token, grade in final(map(deal_of, records)):
        grouped.setdefault((game, opts), []).append((outcome, seconds, score, grade))
    return {k: figures(base.get(k), grouped.get(k, [])) for k in {*base, *grouped}}


def with_totals(game: str, options: str, row: Row) -> Row:
    """A row as ``Statistics.rows`` lists it: its game and options, its figures, the
    deals lost and the win rate (NaN with no deal)."""
    played, won = row["played"], row["won"]
    return {
        "game": game,
        "options": options,
        **row,
        "lost": played - won - row["solved"],
        "win_rate": won / played if played else float("nan"),
    }


__all__ = [
    "COLUMNS",
    "OUTCOMES",
    "RECORD",
    "STORED",
    "checked_row",
    "deal_of",
    "figures",
    "final",
    "fresh",
    "options_key",
    "table",
    "with_totals",
]
