"""One SQLite file of finished deals: its connection, schema and versions.

Deals are appended to the file, never rewritten (solitaire_widget.figures computes the
figures from them); many processes may append at once (SQLite's WAL, and each append
one short transaction that waits for the others' locks). A file this version cannot
read (not SQLite, damaged, another program's) raises ``StoreUnreadable``, and the
caller sets it aside (``set_aside``); a store that can be read but not written (a
read-only folder or file) or that a newer version wrote is opened for reading only
(``writable`` False), and one of a newer version without the columns this version
reads raises ``StoreRefused`` and is left as it is. The JSON file of earlier versions
is read once into the store's starting figures (``migrate``).

No figures and no waiting here: solitaire_widget.store decides what to do when the
file cannot be opened or cannot take a deal.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from . import journal
from .figures import RECORD, STORED, Rows, checked_row

FORMAT = "solitaire_widget.statistics"
VERSION = 1  # the JSON file's (read only, to migrate it)
STORE_VERSION = 2  # the SQLite store's


def read_json(path: Path) -> Rows:
    """The rows of an old statistics.json; ValueError naming the file if it is corrupt."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a solitaire_widget statistics file")
        if data.get("version") != VERSION:
            raise ValueError(f"unsupported version {data.get('version')!r}")
        rows = data["rows"]
        if not isinstance(rows, list):
            raise ValueError("rows must be a list")
        loaded = {}
        for r in rows:
            if (
                not isinstance(r, dict)
                or not isinstance(r.get("game"), str)
                or not isinstance(r.get("options"), str)
            ):
                raise ValueError("each row names its game and options")
            loaded[(r["game"], r["options"])] = checked_row(r)
    except (OSError, KeyError, ValueError) as err:
        raise ValueError(f"{path}: corrupt statistics file ({err})") from None
    return loaded


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'solved')),
    seconds REAL,
    score INTEGER NOT NULL,
    seed INTEGER,
    difficulty TEXT,
    deal TEXT,
    at REAL NOT NULL,
    winnable INTEGER
);
CREATE INDEX IF NOT EXISTS deals_row ON deals (game, options, id);
CREATE TABLE IF NOT EXISTS baseline (
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    figures TEXT NOT NULL,
    PRIMARY KEY (game, options)
);
"""


# the columns a store must have to be read at all (one of a newer version too)
_NEEDED = frozenset(RECORD)


class StoreUnreadable(Exception):
    """The file is not a store this module can read (not SQLite, damaged, foreign)."""


class StoreRefused(Exception):
    """A store of a newer version that this version cannot read safely: left as it is."""


def _read_only_error(err: Exception) -> bool:
    """SQLite's words for a store it may read but not write (a read-only folder or
    file: WAL needs to write beside the store even to read it)."""
    text = str(err).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


class SqliteStore:
    """Deals appended to one SQLite file; many processes may append at once (WAL, and
    each append is one short transaction that waits for the others' locks).

    A store that can be read but not written (a read-only folder or file) is opened for
    reading, and so is one of a newer version whose deals this version can read
    (``writable`` is then False, ``newer`` its version): its figures are shown, and
    nothing is written to it."""

    #: seconds a statement waits for another process's lock (SQLite's busy wait)
    busy_timeout = 30.0
    #: seconds an append waits for another process's lock before the deal is kept
    #: beside the store instead (solitaire_widget.journal); the store's own transactions last
    #: milliseconds, so only a store held far longer than that makes a deal wait
    write_patience = 2.0

    def __init__(self, path: Path, patience: float | None = None) -> None:
        # imported here: Pyodide (JupyterLite) ships sqlite3 apart from the standard
        # library, and the session's figures, in memory, need no SQLite
        import sqlite3

        self.path = path
        self.writable = True
        self.newer: int | None = None  # the store's version, when newer than STORE_VERSION
        self.columns: frozenset[str] = frozenset()
        self._patience = self.open_patience if patience is None else patience
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
            # SQLite would open it and fail only at the first deal written: read it as
            # what it is (a read-only folder, file or disk; access() says so to root too)
            self._open_read_only(PermissionError(f"{path} cannot be written"))
            return
        self.db = self._connect(str(path), uri=False)
        try:
            self._open_waiting(sqlite3.OperationalError)
        except sqlite3.OperationalError as err:
            # locked past the timeout, a full disk: not damage, so the file is not set
            # aside (the caller keeps the deals beside it); a store that exists but
            # cannot be written is read as it is
            self.db.close()
            if not (_read_only_error(err) and path.is_file()):
                raise
            self._open_read_only(err)
        except sqlite3.DatabaseError as err:  # "file is not a database", "malformed"
            self.db.close()
            raise StoreUnreadable(str(err)) from None
        except (StoreUnreadable, StoreRefused):
            self.db.close()
            raise

    def _connect(self, where: str, uri: bool) -> Any:
        import sqlite3

        return sqlite3.connect(
            where,
            timeout=self.busy_timeout,
            isolation_level=None,
            check_same_thread=False,
            uri=uri,
        )

    #: seconds a store found locked at once is tried again for (as long as SQLite's
    #: own busy wait)
    open_patience = 30.0

    def _open_waiting(self, busy: type[Exception]) -> None:
        # Two kernels opening a new store at once: switching it to WAL, and the first
        # look at a file another connection is still creating, can fail as "locked" at
        # once, without SQLite's busy wait (a kernel then kept its deals in memory only
        # and they were lost). Such a failure is retried, the others are not.
        deadline = time.monotonic() + self._patience
        while True:
            try:
                self._open()
                return
            except busy as err:
                text = str(err).lower()
                if ("locked" not in text and "busy" not in text) or time.monotonic() > deadline:
                    raise
            time.sleep(0.02 + random.random() * 0.05)

    def _meta(self) -> dict[str, str]:
        """The store's format and version ({} for a new, empty file); StoreUnreadable
        for a SQLite file of something else."""
        db = self.db
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            return {}
        if "meta" not in tables:
            raise StoreUnreadable("a SQLite file of something else")
        return {str(k): str(v) for k, v in db.execute("SELECT key, value FROM meta")}

    def _version(self, meta: dict[str, str]) -> int:
        """The store's version; StoreUnreadable if it is not a store of ours."""
        version = meta.get("version", "")
        if meta.get("format") != FORMAT or not version.isascii() or not version.isdigit():
            raise StoreUnreadable(f"format {meta.get('format')!r} {meta.get('version')!r}")
        if int(version) < STORE_VERSION:
            raise StoreUnreadable(f"format {meta.get('format')!r} {meta.get('version')!r}")
        return int(version)

    def _open(self) -> None:
        db = self.db
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise StoreUnreadable("SQLite's quick_check failed")
        meta = self._meta()
        if meta and self._version(meta) > STORE_VERSION:
            # a newer version's store: read as it is, never changed (not even to WAL)
            self._adopt_newer(self._version(meta))
            return
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            meta = self._meta()
            if meta and self._version(meta) > STORE_VERSION:  # made newer meanwhile
                db.execute("ROLLBACK")
                self._adopt_newer(self._version(meta))
                return
            # statement by statement: executescript would commit the open transaction
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            # stores made before "winnable deals only" lack its column, and those made
            # before deals could wait beside the store lack their ids: added, empty
            # (NULL: not known) for the deals already there; the rows stay as they were
            # and older versions, which name the columns they write, still append
            columns = {r[1] for r in db.execute("PRAGMA table_info(deals)")}
            for column, kind in (("winnable", "INTEGER"), ("rid", "TEXT")):
                if column not in columns:
                    db.execute(f"ALTER TABLE deals ADD COLUMN {column} {kind}")
            # a deal that waited beside the store is added once, whoever adds it
            db.execute("CREATE UNIQUE INDEX IF NOT EXISTS deals_rid ON deals (rid)")
            if not meta:
                db.execute(
                    "INSERT INTO meta VALUES ('format', ?), ('version', ?)",
                    (FORMAT, str(STORE_VERSION)),
                )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # BEGIN itself may be what failed
                db.execute("ROLLBACK")
            raise
        self.columns = frozenset(r[1] for r in db.execute("PRAGMA table_info(deals)"))

    def _adopt_newer(self, version: int) -> None:
        """A store of a newer version: read if it still has the columns this version
        reads (a newer version adds columns, as this one did), else refused; written
        never (a newer version may expect what this one does not write)."""
        self.writable = False
        self.newer = version
        self._check_readable(f"version {version}, newer than this version's {STORE_VERSION}")

    def _check_readable(self, what: str) -> None:
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master")}
        self.columns = frozenset(r[1] for r in self.db.execute("PRAGMA table_info(deals)"))
        missing = _NEEDED - self.columns
        if "deals" not in tables or missing:
            raise StoreRefused(
                f"a store of {what} without the columns this version reads"
                f" ({', '.join(sorted(missing)) or 'no deals table'})"
            )
        base = {r[1] for r in self.db.execute("PRAGMA table_info(baseline)")}
        if "baseline" in tables and not {"game", "options", "figures"} <= base:
            raise StoreRefused(f"a store of {what} whose starting figures this version cannot read")

    def _open_read_only(self, why: Exception) -> None:
        """A store that exists but cannot be written: read as it is. SQLite reads a WAL
        store read-only when its shared-memory file exists; where it does not (and it
        cannot be made, in a read-only folder) the file is read as unchanging, which is
        true only when no write-ahead log holds deals not yet in it."""
        import sqlite3

        uri = self.path.absolute().as_uri()
        wal = self.path.with_name(self.path.name + "-wal")
        tries = [f"{uri}?mode=ro"]
        if not wal.exists() or wal.stat().st_size == 0:
            tries.append(f"{uri}?mode=ro&immutable=1")
        err: Exception = why
        for where in tries:
            try:
                self.db = self._connect(where, uri=True)
                if self.db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    self.db.close()
                    raise StoreUnreadable("SQLite's quick_check failed")
            except sqlite3.OperationalError as e:
                err = e
                continue
            except sqlite3.DatabaseError as e:
                raise StoreUnreadable(str(e)) from None
            try:
                meta = self._meta()
                if not meta:
                    raise StoreRefused("an empty store that cannot be written")
                version = self._version(meta)
                self.writable = False
                if version > STORE_VERSION:
                    self.newer = version
                self._check_readable(f"version {version}")
            except BaseException:
                self.db.close()
                raise
            return
        raise err

    def migrate(self, legacy: Path) -> str | None:
        """Reads an old JSON file into the starting figures, once (whichever process
        gets here first); returns a notice when that file could not be read."""
        if not self.writable:
            return None  # read as it is: the next version that can write it migrates
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("SELECT 1 FROM meta WHERE key = 'migrated'").fetchone():
                db.execute("COMMIT")
                return None
            if not legacy.exists():
                db.execute("COMMIT")
                return None
            notice = None
            try:
                rows = read_json(legacy)
            except ValueError as err:
                rows = {}
                notice = str(err)
            for (game, opts), figures in rows.items():
                db.execute(
                    "INSERT OR REPLACE INTO baseline VALUES (?, ?, ?)",
                    (game, opts, json.dumps(figures)),
                )
            db.execute("INSERT INTO meta VALUES ('migrated', ?)", (str(legacy),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        suffix = ".corrupt" if notice else ".migrated"
        with contextlib.suppress(OSError):  # another process renamed it first
            os.replace(legacy, legacy.with_name(legacy.name + suffix))
        return notice

    @contextlib.contextmanager
    def patience(self, seconds: float) -> Iterator[None]:
        """Statements wait ``seconds`` (not ``busy_timeout``) for another's lock."""
        self.db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")

    _INSERT = (
        "INSERT OR IGNORE INTO deals"
        " (game, options, outcome, seconds, score, seed, difficulty, deal, at, winnable, rid)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )

    def append(self, record: tuple[Any, ...], rid: str) -> None:
        # one statement, its own transaction: appended, never a rewrite of the others
        with self.patience(self.write_patience):
            self.db.execute(self._INSERT, (*record, rid))

    def append_all(self, entries: list[journal.Entry], patience: float) -> None:
        """Deals that waited, in order, in one transaction: all of them or none. One the
        store holds already (added by another process) is not added again."""
        db = self.db
        with self.patience(patience):
            db.execute("BEGIN IMMEDIATE")
            try:
                for entry in entries:
                    db.execute(self._INSERT, (*entry.row, entry.rid))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def version(self) -> int:
        """Changes whenever any connection (another process's too) commits."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def baseline(self) -> Rows:
        """The starting figures carried over from the JSON file of earlier versions."""
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master")}
        if "baseline" not in tables:
            return {}
        out = {}
        for game, opts, figures in self.db.execute("SELECT game, options, figures FROM baseline"):
            out[(game, opts)] = checked_row(json.loads(figures))
        return out

    def _select(self, names: Iterable[str]) -> str:
        # a column a store made before it lacks reads as NULL (not known)
        return ", ".join(n if n in self.columns else "NULL" for n in names)

    def records(self) -> list[tuple[Any, ...]]:
        """Every record's ``STORED`` columns and its rid, in order."""
        cols = (*STORED, "rid")
        return list(self.db.execute(f"SELECT {self._select(cols)} FROM deals ORDER BY id"))

    def clear(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("DELETE FROM deals")
        self.db.execute("DELETE FROM baseline")
        self.db.execute("COMMIT")

    def close(self) -> None:
        self.db.close()


def set_aside(path: Path) -> Path:
    """Renames an unreadable store (and its WAL files) out of the way; returns where."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, aside)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            with contextlib.suppress(OSError):
                os.replace(side, aside.with_name(aside.name + extra))
    return aside


__all__ = [
    "FORMAT",
    "STORE_VERSION",
    "SqliteStore",
    "StoreRefused",
    "StoreUnreadable",
    "read_json",
    "set_aside",
]
