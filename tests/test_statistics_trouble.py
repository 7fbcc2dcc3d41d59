"""The statistics store in trouble (issue 36, item 5): a finished deal the store cannot
take (a full disk, a store locked past its patience) is kept (in a file beside the store,
or in memory where none can be written) and written when the store is back, with a
notice on the table; a store of a newer version is read (or refused with a notice),
never renamed; a readable store in a read-only folder is read; and a process killed
mid-write loses no deal it acknowledged."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from solitaire_widget import Game, journal
from solitaire_widget import sqlite_store as module
from solitaire_widget.statistics import Statistics
from solitaire_widget.widget import SolitaireWidget

FULL = "database or disk is full"
KANSAS = Game("kansas", seed=1).options  # the options of the tables below


def play_and_leave(w: SolitaireWidget, seed: int) -> None:
    """One move of the deal on the table, then New: the deal counts as lost."""
    w.game.draw()
    w.game.new(seed=seed)


def stored(path: Path) -> list[tuple[Any, ...]]:
    """The store's records as another process reads them (no journal, no cache)."""
    db = sqlite3.connect(path)
    try:
        return list(db.execute("SELECT deal, outcome, seed FROM deals ORDER BY id"))
    finally:
        db.close()


@pytest.fixture
def quick(monkeypatch):
    """Locks are waited for briefly and every read tries the store again."""
    monkeypatch.setattr(module.SqliteStore, "write_patience", 0.1, raising=False)
    monkeypatch.setattr(module.SqliteStore, "busy_timeout", 0.1, raising=False)
    monkeypatch.setattr(module.SqliteStore, "open_patience", 0.1)
    monkeypatch.setattr(Statistics, "retry_every", 0.0, raising=False)
    monkeypatch.setattr(Statistics, "retry_patience", 0.01, raising=False)
    real = sqlite3.connect

    def connect(*a, **k):  # the code before this one waited 30 s (its fixed timeout)
        k["timeout"] = min(k.get("timeout", 5.0), 0.1)
        return real(*a, **k)

    monkeypatch.setattr(sqlite3, "connect", connect)


class FullDisk:
    """A connection whose writes fail as SQLite's do on a full disk, while ``full``."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.full = True

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and sql.lstrip().upper().startswith(("INSERT", "BEGIN IMMEDIATE")):
            raise sqlite3.OperationalError(FULL)
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


# ---------------------------------------------------------------------- a full disk


def test_a_full_disk_keeps_the_deals_beside_the_store_and_writes_them_later(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    stats = Statistics(path)
    w = SolitaireWidget("kansas", seed=1, statistics=stats, live_solver=False)
    play_and_leave(w, 2)  # written at once
    disk = FullDisk(stats._store.sqlite.db)
    stats._store.sqlite.db = disk
    for seed in range(3, 11):  # 8 deals on a full disk
        play_and_leave(w, seed)
    # none is lost: all are counted, and kept where they survive the kernel
    assert w.stats["played"] == 9
    assert stats.unwritten == 8 and stats.kept == "file"
    assert len(journal.read(path)) == 8
    notice = w.view["notice"]
    assert notice["level"] == "warn" and "8 finished deals could not be written" in notice["text"]
    assert FULL in notice["text"] and "kept in a file beside it" in notice["text"]
    el = SolitaireWidget("kansas", seed=1, lang="el", statistics=stats, live_solver=False)
    assert el.view["notice"]["text"].startswith("8 τελειωμένα μοιράσματα δεν γράφτηκαν")
    assert len(stored(path)) == 1
    # the disk has room again: the next read writes them, in order, and the table says so
    disk.full = False
    w.game.draw()
    assert stats.unwritten == 0 and journal.read(path) == []
    assert w.view["notice"]["text"] == (
        "The 8 finished deals that waited are now written to the statistics file."
    )
    w.game.new(seed=11)
    rows = stored(path)
    assert len(rows) == 10 and [r[2] for r in rows] == list(range(1, 11))
    assert Statistics(path).get("kansas", w.game.options)["played"] == 10


def test_deals_kept_beside_a_full_store_are_written_by_the_next_kernel(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    stats = Statistics(path)
    stats._store.sqlite.db = FullDisk(stats._store.sqlite.db)
    for i in range(3):
        stats.record("kansas", {}, won=i == 1, seconds=3, score=4, deal=f"d{i}")
    assert stats.unwritten == 3 and stats.kept == "file"
    # this kernel ends; the next one opens the store and writes what waited, once
    del stats
    code = (
        "import sys; from solitaire_widget.statistics import Statistics\n"
        "s = Statistics(sys.argv[1]); print(s.get('kansas', {})['played'], s.unwritten)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3", "0"]
    assert [r[0] for r in stored(path)] == ["d0", "d1", "d2"]
    assert journal.read(path) == []


def _tmpfs(where: Path, size: str) -> bool:
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("mount"):
        return False
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
    )
    return done.returncode == 0


def fill(filler: Path) -> None:
    """Writes ``filler`` until its disk is full, to the last byte."""
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)


def _umount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def test_a_really_full_disk_keeps_the_deals_in_memory_and_says_so(tmp_path, quick):
    # a small tmpfs filled to the last byte: neither the store nor a file beside it can
    # be written (as root, where mount works; the failing connection above stands in
    # for it elsewhere)
    disk = tmp_path / "disk"
    if not _tmpfs(disk, "256k"):
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    try:
        path = disk / "statistics.sqlite"
        stats = Statistics(path)
        w = SolitaireWidget("kansas", seed=1, statistics=stats, live_solver=False)
        play_and_leave(w, 2)
        filler = disk / "filler"
        fill(filler)
        for seed in range(3, 11):
            play_and_leave(w, seed)
        assert w.stats["played"] == 9
        assert stats.unwritten >= 1
        print(f"full tmpfs: {stats.unwritten} of 8 deals waiting, kept in {stats.kept}")
        if stats.unwritten == 8:
            assert stats.kept == "memory"
            assert "kept in memory" in w.view["notice"]["text"]
        filler.unlink()
        assert stats.retry() == 0
        assert len(stored(path)) == 9
        play_and_leave(w, 11)
        assert len(stored(path)) == 10
        stats.close()
    finally:
        _umount(disk)


# ---------------------------------------------------------------------- a lock held too long


def test_a_store_locked_past_its_patience_loses_no_deal(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    stats = Statistics(path)
    w = SolitaireWidget("kansas", seed=1, statistics=stats, live_solver=False)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds it, past the patience
    try:
        play_and_leave(w, 2)
        play_and_leave(w, 3)
        assert w.stats["played"] == 2
        assert stats.unwritten == 2 and stats.kept == "file"
        assert "locked" in w.view["notice"]["text"]
        assert stored(path) == []
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert stats.retry() == 0
    assert [r[2] for r in stored(path)] == [1, 2]
    assert not list(journal.folder(path).glob("*.json"))


def test_a_store_locked_when_the_table_opens_gets_its_deals_when_it_is_free(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    Statistics(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        w = SolitaireWidget("kansas", seed=1, lang="el", statistics=Statistics(path))
        assert w.statistics.mode == "unopened" and w.statistics.retrying
        assert "ώσπου να ανοίξει" in w.view["notice"]["text"]
        play_and_leave(w, 2)
        play_and_leave(w, 3)
        assert w.stats["played"] == 2 and w.statistics.kept == "file"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    play_and_leave(w, 4)  # the store is free: opened, and every deal written, in order
    assert w.statistics.mode == "saved" and w.statistics.unwritten == 0
    assert [r[2] for r in stored(path)] == [1, 2, 3]


def test_deals_written_meanwhile_by_another_kernel_are_not_counted_twice(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    mine = Statistics(path)
    mine._store.sqlite.db = FullDisk(mine._store.sqlite.db)
    mine.record("kansas", {}, won=True, seconds=3, score=52, deal="a")
    assert mine.unwritten == 1
    Statistics(path)  # another kernel opens the store: it writes the deal that waited
    assert len(stored(path)) == 1
    assert mine.get("kansas", {})["played"] == 1 and mine.unwritten == 0
    mine._store.sqlite.db.full = False
    mine.record("kansas", {}, won=True, seconds=3, score=52, deal="b")
    assert [r[0] for r in stored(path)] == ["a", "b"]


def test_a_loss_that_waits_is_written_before_the_win_that_replaces_it(tmp_path, quick):
    # a loss undone and then won: the figures take the last record, so the order the
    # records reach the store in must be the order they were made in
    path = tmp_path / "statistics.sqlite"
    stats = Statistics(path)
    disk = FullDisk(stats._store.sqlite.db)
    stats._store.sqlite.db = disk
    stats.record("kansas", {}, won=False, seconds=3, score=9, deal="x")
    disk.full = False
    stats.record("kansas", {}, won=True, seconds=4, score=52, deal="x")
    assert [r[:2] for r in stored(path)] == [("x", "lost"), ("x", "won")]
    row = Statistics(path).get("kansas", {})
    assert (row["played"], row["won"]) == (1, 1)


def test_a_damaged_pending_file_is_set_aside_not_read(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    Statistics(path).close()
    where = journal.folder(path)
    where.mkdir()
    (where / "00000000000000000001-x.json").write_text('{"format": "nope"}')
    (where / "00000000000000000002-y.json").write_text("[" * 10000)
    st = Statistics(path)
    assert st.get("kansas", {})["played"] == 0
    assert sorted(p.name for p in where.iterdir()) == [
        "00000000000000000001-x.json.bad",
        "00000000000000000002-y.json.bad",
    ]


# ---------------------------------------------------------------------- newer and read-only


def _newer(path: Path, version: int = 3, extra: str = "mood TEXT") -> None:
    """The store as a newer version would leave it: its version, a column of its own."""
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(version),))
    if extra:
        db.execute(f"ALTER TABLE deals ADD COLUMN {extra}")
    db.commit()
    db.close()


def test_a_store_of_a_newer_version_is_read_and_left_as_it_is(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    old = Statistics(path)
    old.record("kansas", KANSAS, won=True, seconds=30, score=52, deal="a")
    old.record("kansas", KANSAS, won=False, seconds=30, score=20, deal="b")
    old.close()
    _newer(path)
    before = stored(path)
    w = SolitaireWidget("kansas", seed=1, statistics=Statistics.saved(path), live_solver=False)
    stats = w.statistics
    assert stats.mode == "newer" and stats.store_version == 3
    notice = w.view["notice"]
    assert notice["level"] == "warn" and "newer version" in notice["text"]
    assert "store version 3" in notice["text"] and "left as it is" in notice["text"]
    assert w.stats["played"] == 2 and w.stats["won"] == 1
    play_and_leave(w, 2)  # this session's deal counts, in memory; the store is untouched
    assert w.stats["played"] == 3 and stats.kept == "memory"
    assert stored(path) == before
    assert not list(tmp_path.glob("*corrupt*"))
    el = SolitaireWidget("kansas", seed=1, lang="el", statistics=Statistics(path))
    assert "νεότερη έκδοση" in el.view["notice"]["text"]


def test_a_newer_store_that_cannot_be_read_is_refused_not_renamed(tmp_path, quick):
    path = tmp_path / "statistics.sqlite"
    # closed at once: a store left to the garbage collector closes (and SQLite folds its
    # write-ahead log into the file) whenever that runs, which changed the file's bytes
    # under this test's feet on a loaded machine
    old = Statistics(path)
    old.record("kansas", KANSAS, won=True, seconds=30, score=52)
    old.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE deals DROP COLUMN score")  # a newer version moved it
    db.commit()
    db.close()
    _newer(path, 7, extra="")
    data = path.read_bytes()
    w = SolitaireWidget("kansas", seed=1, statistics=Statistics(path), live_solver=False)
    assert w.statistics.mode == "refused"
    assert "cannot read" in w.view["notice"]["text"] and "left as it is" in w.view["notice"]["text"]
    play_and_leave(w, 2)
    assert w.stats["played"] == 1
    assert path.read_bytes() == data and not list(tmp_path.glob("*corrupt*"))


@contextlib.contextmanager
def read_only_folder(tmp_path: Path):
    """A folder this process cannot write: as root (who may write anywhere) a tmpfs
    mounted read-only, else a folder without write permission."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        where = tmp_path / "ro"
        if not _tmpfs(where, "1m"):
            pytest.skip("a read-only folder for root needs mount(8)")
        try:
            yield (
                where,
                lambda: subprocess.run(
                    ["mount", "-o", "remount,ro", str(where)], check=True, capture_output=True
                ),
            )
        finally:
            _umount(where)
    else:
        where = tmp_path / "ro"
        where.mkdir()
        try:
            yield where, lambda: where.chmod(0o555)
        finally:
            where.chmod(0o755)


@pytest.mark.parametrize("left_open", [False, True])
def test_a_readable_store_in_a_read_only_folder_is_read(tmp_path, quick, left_open):
    with read_only_folder(tmp_path) as (folder, lock):
        path = folder / "statistics.sqlite"
        # a kernel recorded 3 deals; with left_open it was killed while it held the
        # store, so its write-ahead log and shared memory are left beside it
        code = textwrap.dedent(
            f"""
            import os
            from solitaire_widget.statistics import Statistics
            s = Statistics({str(path)!r})
            for i in range(3):
                s.record("kansas", {KANSAS!r}, won=i != 1, seconds=5, score=52, deal=f"d{{i}}")
            if {left_open!r}:
                os.kill(os.getpid(), 9)
            s.close()
            """
        )
        subprocess.run([sys.executable, "-c", code], timeout=60, capture_output=True)
        assert (folder / "statistics.sqlite-wal").exists() == left_open
        lock()
        w = SolitaireWidget("kansas", seed=1, statistics=Statistics(path), live_solver=False)
        assert w.statistics.mode == "read-only"
        assert w.stats["played"] == 3 and w.stats["won"] == 2  # not 0 deals
        assert "read-only" in w.view["notice"]["text"]
        play_and_leave(w, 2)
        assert w.stats["played"] == 4
        assert w.statistics.kept == "memory"
        w.statistics.close()


# ---------------------------------------------------------------------- killed mid-write

WRITER = textwrap.dedent(
    """
    import sys
    from solitaire_widget import sqlite_store as module
    from solitaire_widget.statistics import Statistics

    module.SqliteStore.write_patience = 0.02
    module.SqliteStore.busy_timeout = 0.05
    Statistics.retry_patience = 0.01
    path, me = sys.argv[1], sys.argv[2]
    s = Statistics(path)
    for i in range(100000):
        s.record("kansas", {}, won=i % 3 == 0, seconds=1.0, score=i % 52, deal=f"{me}-{i}")
        # acknowledged: record() returned (and how many deals wait beside the store)
        print(f"{me}-{i}", s.unwritten, flush=True)
    """
)

HOLDER = textwrap.dedent(
    """
    import random, sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=5)
    while True:
        db.execute("BEGIN EXCLUSIVE")
        time.sleep(random.uniform(0.01, 0.15))
        db.execute("ROLLBACK")
        time.sleep(random.uniform(0.01, 0.1))
    """
)


def test_writers_killed_mid_write_lose_no_acknowledged_deal(tmp_path):
    # writers record deals while another process takes the store's lock now and then
    # (so some deals wait beside it and are written later), and are killed (SIGKILL) at
    # random moments: every deal a writer acknowledged is in the store, once
    path = tmp_path / "statistics.sqlite"
    Statistics(path).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)])
    acked: list[str] = []
    waited = 0  # the most deals that waited beside the store at once, in any writer
    rng = random.Random(36)
    try:
        for n in range(8):
            me = f"w{n}-{uuid.uuid4().hex[:6]}"
            writer = subprocess.Popen(
                [sys.executable, "-c", WRITER, str(path), me],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
            time.sleep(rng.uniform(0.8, 2.0))  # it imports, opens, then writes
            writer.send_signal(signal.SIGKILL)
            out, _ = writer.communicate(timeout=30)
            lines = [line.split() for line in out.splitlines()]
            acked += [f[0] for f in lines if len(f) == 2 and f[0].startswith(me)]
            waited = max(waited, *(int(f[1]) for f in lines if len(f) == 2), 0)
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert len(acked) > 50, "the writers had no time to write"
    assert waited > 0, "no deal had to wait: the lock was never met"
    waiting = len(journal.read(path))
    st = Statistics(path)  # the next kernel: writes whatever waits beside the store
    deals = [r[0] for r in stored(path)]
    assert len(deals) == len(set(deals)), "a deal was written twice"
    missing = set(acked) - set(deals)
    assert not missing, f"{len(missing)} acknowledged deals lost"
    assert st.unwritten == 0 and journal.read(path) == []
    print(
        f"{len(acked)} deals acknowledged, up to {waited} waited at once, {waiting} left"
        " waiting by the killed writers; none lost"
    )
