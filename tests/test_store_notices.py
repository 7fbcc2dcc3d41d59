"""What a table says of its statistics store, alone (solitaire_widget.store_notices):
a stand-in statistics set to each state a saved store can be in, worded by the
package's own texts in English and Greek; no table, no SQLite."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widget.store_notices import StoreWatch
from solitaire_widget.texts import notice


class FakeStats:
    """How a saved store stands, as ``Statistics`` says it; the test sets it."""

    def __init__(self, mode: str = "saved", **kw: Any) -> None:
        self.path: Any = "/data/statistics.sqlite"
        self.mode = mode
        self.unwritten = 0
        self.kept: str | None = None
        self.problem: str | None = None
        self.retrying = False
        self.store_version: int | None = None
        self.notice: str | None = None
        self.late = 0
        self.retried: list[bool] = []
        self.fail = False
        self.__dict__.update(kw)

    def retry(self, now: bool = True) -> int:
        if self.fail:
            raise OSError("gone")
        self.retried.append(now)
        return self.unwritten

    def written_late(self) -> int:
        n, self.late = self.late, 0
        return n


def watch(stats: FakeStats, lang: str = "en") -> StoreWatch:
    return StoreWatch(stats, lambda key, **a: notice(key, lang, **a))


@pytest.mark.parametrize(
    "mode,kw,key,args",
    [
        ("read-only", {}, "stats_readonly", {}),
        ("newer", {"store_version": 7}, "stats_newer", {"v": 7}),
        ("refused", {}, "stats_refused", {}),
        ("unopened", {"problem": "disk I/O error"}, "stats_unopened", {"why": "disk I/O error"}),
        (
            "unopened",
            {"problem": "database is locked", "retrying": True},
            "stats_unopened_retry",
            {"why": "database is locked"},
        ),
    ],
)
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_first_view_says_a_store_that_cannot_take_deals(mode, kw, key, args, lang):
    stats = FakeStats(mode, **kw)
    said = watch(stats, lang).opening()
    expected = notice(key, lang, path="/data/statistics.sqlite", **args)
    assert said == {"text": expected, "level": "warn"} and str(stats.path) in said["text"]


def test_the_first_view_says_what_the_store_said_or_nothing():
    assert watch(FakeStats()).opening() is None
    assert watch(FakeStats("session", path=None)).opening() is None
    assert watch(FakeStats("unopened", path=None)).opening() is None  # no path: nothing
    set_aside = FakeStats(notice="The statistics store was set aside as x.corrupt-1.")
    assert watch(set_aside).opening() == {"text": set_aside.notice, "level": "warn"}
    why = "x" * 500  # SQLite's words are cut, not the notice's own
    text = watch(FakeStats("unopened", problem=why)).opening()["text"]
    assert "x" * 160 in text and "x" * 161 not in text


def test_deals_that_wait_are_said_with_where_they_are_kept():
    stats = FakeStats(unwritten=2, kept="file", problem="database or disk is full")
    said = watch(stats).waiting()
    assert said == {
        "text": notice("stats_kept_file", "en", n=2, why="database or disk is full"),
        "level": "warn",
    }
    stats.kept = "memory"
    assert watch(stats).waiting()["text"] == notice(
        "stats_kept_memory", "en", n=2, why="database or disk is full"
    )
    for mode in ("read-only", "newer", "refused"):  # said once, on the first view
        assert watch(FakeStats(mode, unwritten=2, kept="memory")).waiting() is None
    assert watch(FakeStats(unwritten=0)).waiting() is None


def test_a_check_says_more_waiting_once_and_the_written_once():
    stats = FakeStats(kept="file", problem="database is locked")
    w = watch(stats)
    assert w.check() is None and stats.retried == []  # nothing waits: no retry either
    stats.unwritten = 1
    assert w.check() == w.waiting()  # one more waits: said
    assert w.check() is None and stats.retried == [False]  # the same count: quiet
    stats.unwritten = 3
    assert w.check() is not None  # more
    stats.unwritten, stats.late = 0, 3
    assert w.check() == {"text": notice("stats_written", "en", n=3), "level": "info"}
    assert w.check() is None  # said once


def test_a_store_that_fails_to_say_stops_nothing(caplog):
    stats = FakeStats(unwritten=1, kept="file")
    w = watch(stats)
    assert w.check() is not None
    stats.fail = True
    assert w.check() is None
    assert any("could not be read" in r.getMessage() for r in caplog.records)
