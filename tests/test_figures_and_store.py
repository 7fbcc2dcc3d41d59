"""The statistics' parts alone: the figures from records (solitaire_widget.figures, no
I/O), and the saved store with the deals that wait for it (solitaire_widget.store) over
a real SQLite file whose connection the test makes fail as a full disk does."""

from __future__ import annotations

import logging
import math
import sqlite3
from types import SimpleNamespace
from typing import Any

import pytest

from solitaire_widget import journal
from solitaire_widget.figures import STORED, checked_row, fresh, table, with_totals
from solitaire_widget.store import Store

FULL = "database or disk is full"


def rec(
    outcome: str,
    seconds: float | None = 10.0,
    score: int = 5,
    deal: str | None = None,
    grade: str | None = None,
    game: str = "g",
    options: str = "draw=1",
    at: float = 1.0,
) -> tuple[Any, ...]:
    """A record in the order ``STORED`` names its columns."""
    return (game, options, outcome, seconds, score, None, grade, deal, at, None)


def test_a_record_has_the_stored_columns():
    assert len(rec("won")) == len(STORED) and STORED[-1] == "winnable"


def test_the_figures_count_streaks_best_time_and_score_from_the_records():
    records = [
        rec("won", 30.0004, 52),
        rec("won", 20.0, 40),
        rec("solved", 1.0, 52),  # neither the player's win nor a loss: the streak stays
        rec("won", 25.0, 10),
        rec("lost", None, 60),
        rec("won", 5.0, 0, game="other"),
    ]
    rows = table({}, records)
    row = rows[("g", "draw=1")]
    assert row["played"] == 5 and row["won"] == 3 and row["solved"] == 1
    assert row["streak"] == 0 and row["best_streak"] == 3
    assert row["best_time"] == 20.0 and row["best_score"] == 60
    assert rows[("other", "draw=1")]["won"] == 1
    shown = with_totals("g", "draw=1", row)
    assert shown["lost"] == 1 and shown["win_rate"] == 3 / 5
    assert math.isnan(with_totals("g", "", fresh())["win_rate"])


def test_a_deal_counts_once_by_its_last_record_in_its_place():
    records = [rec("lost", deal="a"), rec("won", deal="b"), rec("won", deal="a")]
    row = table({}, records)[("g", "draw=1")]
    # a lost then won: counted once, as won, after b: two wins in a row
    assert row["played"] == 2 and row["won"] == 2 and row["streak"] == 2
    untokened = table({}, [rec("lost"), rec("lost")])[("g", "draw=1")]
    assert untokened["played"] == 2  # no token: each record a deal of its own


def test_graded_deals_are_counted_per_grade_on_the_starting_figures():
    base = {("g", "draw=1"): checked_row({"played": 10, "won": 4, "streak": 1, "best_streak": 3})}
    records = [rec("won", grade="easy"), rec("lost", grade="easy"), rec("won", grade="hard")]
    row = table(base, records)[("g", "draw=1")]
    assert row["played"] == 13 and row["won"] == 6 and row["best_streak"] == 3
    assert row["by_difficulty"] == {
        "easy": {"played": 2, "won": 1},
        "hard": {"played": 1, "won": 1},
    }
    assert table(base, [])[("g", "draw=1")]["played"] == 10  # a row with no deal yet


@pytest.mark.parametrize(
    "row",
    [
        [],
        {"played": -1},
        {"played": True},
        {"played": 1.5},
        {"played": 1, "won": 2},
        {"streak": 2, "best_streak": 1},
        {"best_time": float("nan")},
        {"best_time": -1},
        {"best_time": "1"},
    ],
)
def test_starting_figures_that_cannot_be_are_refused(row):
    with pytest.raises(ValueError):
        checked_row(row)


# ---------------------------------------------------------------------- the store


class FullDisk:
    """A connection whose writes fail as SQLite's do on a full disk, while ``full``."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.full = True
        self.fails = ("INSERT", "BEGIN IMMEDIATE")

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and sql.lstrip().upper().startswith(self.fails):
            raise sqlite3.OperationalError(FULL)
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def timing(every: float = 0.0) -> Any:
    return SimpleNamespace(retry_every=every, retry_patience=0.01)


def test_a_store_appends_and_reads_back_in_order(tmp_path):
    store = Store(tmp_path / "s.sqlite", timing())
    assert store.mode == "saved" and store.notice is None and store.unwritten == 0
    for i in range(3):
        store.add(rec("won", at=float(i), deal=f"d{i}"))
    base, records = store.records()
    assert base == {} and [r[7] for r in records] == ["d0", "d1", "d2"]
    assert [len(r) for r in records] == [len(STORED)] * 3
    store.clear()
    assert store.records() == ({}, [])
    store.close()


def test_a_store_that_cannot_take_a_deal_keeps_it_waiting_and_in_order(tmp_path):
    path = tmp_path / "s.sqlite"
    store = Store(path, timing(every=3600.0))  # a read does not try again by itself
    assert store.sqlite is not None
    disk = FullDisk(store.sqlite.db)
    store.sqlite.db = disk
    store.add(rec("lost", deal="a", at=1.0))
    store.add(rec("won", deal="b", at=2.0))
    assert store.unwritten == 2 and store.kept == "file" and store.problem == FULL
    assert len(journal.read(path)) == 2
    _, records = store.records()  # counted all the same, the ones that wait last
    assert [r[7] for r in records] == ["a", "b"]
    changes = store.changes
    disk.full = False
    store.retry()  # not forced: too soon since the last try
    assert store.unwritten == 2
    store.add(rec("won", deal="a", at=3.0))  # a record tries again first, in order
    assert store.unwritten == 0 and store.written_late() == 2 and store.written_late() == 0
    assert store.problem is None and store.changes > changes
    assert journal.read(path) == []
    _, records = store.records()
    assert [(r[7], r[2]) for r in records] == [("a", "lost"), ("b", "won"), ("a", "won")]
    store.close()


def test_a_deal_waits_behind_those_that_wait_already(tmp_path):
    # the deals that wait go in one transaction; while that fails, a deal that a lone
    # insert would take must not get in before them (a loss undone and then won must
    # not be stored after its win: the last record of a deal counts)
    path = tmp_path / "s.sqlite"
    store = Store(path, timing())
    assert store.sqlite is not None
    disk = FullDisk(store.sqlite.db)
    store.sqlite.db = disk
    store.add(rec("lost", deal="a", at=1.0))
    disk.fails = ("BEGIN IMMEDIATE",)  # a lone insert would go in now
    store.add(rec("won", deal="a", at=2.0))
    assert store.unwritten == 2
    disk.full = False
    store.retry(force=True)
    _, records = store.records()
    assert store.unwritten == 0 and [r[2] for r in records] == ["lost", "won"]
    store.close()


def test_deals_that_could_be_kept_nowhere_are_said_lost_on_close(tmp_path, monkeypatch, caplog):
    store = Store(tmp_path / "s.sqlite", timing())
    assert store.sqlite is not None
    store.sqlite.db = FullDisk(store.sqlite.db)

    def no_room(*_a: Any, **_k: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "write", no_room)
    store.add(rec("won"))
    assert store.unwritten == 1 and store.kept == "memory"
    with caplog.at_level(logging.WARNING):
        store.close()
    assert "1 finished deal(s) could not be written" in caplog.text
    assert store.sqlite is None and store.unwritten == 0


def test_a_store_that_cannot_be_opened_waits_and_opens_when_it_can(tmp_path):
    folder = tmp_path / "not-yet"
    folder.write_text("a file where the folder should be")
    store = Store(folder / "s.sqlite", timing())
    assert store.mode == "unopened" and store.retrying and store.notice is not None
    store.add(rec("won", deal="x"))
    assert store.unwritten == 1 and store.kept == "memory"  # no folder for a file either
    folder.unlink()  # the reason passes
    store.retry(force=True)
    assert store.mode == "saved" and store.unwritten == 0 and not store.retrying
    assert [r[7] for r in store.records()[1]] == ["x"]
    store.close()
