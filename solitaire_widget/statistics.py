"""Statistics as Aisleriot keeps them: per game and options, the deals played and won,
the current and best winning streak, the best (shortest) time of a win and the best
score reached. No Jupyter here: the table reports each finished deal with ``record``.

A deal counts once it has a move, when it ends: won (counted at once), lost (counted
at once when no move is left, or when it is left for another deal, a restart or
another game, as Aisleriot counts a game given up), or **solved by the computer**
(Solve played the win on the table): that is played but neither the player's win nor
a loss; it is shown as "solved", and the winning streak (the player's own wins in a
row) neither grows nor ends with it, as PySolFC leaves a game its demo finished out of
the wins and the losses. A deal is counted once: a loss that is undone and then won
after all appends a second record for the same deal (``deal``, the table's token for
it), and the figures take the last one; a win or a solve is never taken back.

The figures are computed from the deals, never stored as totals: each deal is one
record appended to a store, and nothing already written is rewritten. By default the
store lives for the Python session, shared by every table in it;
``Statistics.saved()`` keeps it in SQLite (the standard library's, in WAL mode) in the
user's Jupyter data folder, so two kernels playing at once each append their own deals
and neither loses the other's. A store that SQLite cannot read is set aside (renamed
beside itself) with a notice, and a fresh one started: the table opens all the same. A
store that can be read but not written (a read-only folder) or that a newer version
wrote is read and never changed (a newer one this version cannot read is refused, and
left as it is). A finished deal the store cannot take (a full disk, a store locked past
the patience) is never dropped: it waits in a file beside the store (solitaire_widget.
journal) or, where none can be written, in memory, and is written when the store can
take it again.
The JSON file of earlier versions (totals per game and options) is read once into the
store as each row's starting figures, then renamed ``statistics.json.migrated``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import random
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import journal

if TYPE_CHECKING:
    import pandas as pd

_log = logging.getLogger(__name__)

FORMAT = "solitaire_widget.statistics"
VERSION = 1  # the JSON file's (read only, to migrate it)
STORE_VERSION = 2  # the SQLite store's
OUTCOMES = ("won", "lost", "solved")
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


def options_key(options: dict[str, Any]) -> str:
    """``{"draw": 3, "redeals": None}`` -> ``"draw=3 redeals=None"``: one row per set."""
    return " ".join(f"{k}={options[k]!r}" for k in sorted(options))


def default_path() -> Path:
    """``<jupyter data dir>/solitaire_widget/statistics.sqlite``."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "solitaire_widget" / "statistics.sqlite"


def _fresh() -> dict[str, Any]:
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


def _checked_row(row: Any) -> dict[str, Any]:
    """A row of the old JSON file: counts are non-negative ints, won <= played, times
    finite."""
    if not isinstance(row, dict):
        raise ValueError("a statistics row is an object")
    out = _fresh()
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


def read_json(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
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
            loaded[(r["game"], r["options"])] = _checked_row(r)
    except (OSError, KeyError, ValueError) as err:
        raise ValueError(f"{path}: corrupt statistics file ({err})") from None
    return loaded


def _figures(
    base: dict[str, Any] | None, deals: Iterable[tuple[str, float | None, int, str | None]]
) -> dict:
    """The figures of one row: its starting figures (migrated) and then its deals, in
    the order they were recorded (``(outcome, seconds, score, difficulty)``)."""
    row = _fresh() if base is None else {**base, "by_difficulty": {}}
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


# a record as read back: game, options, outcome, seconds, score, the deal's token, its
# difficulty
_Deal = tuple[str, str, str, "float | None", int, "str | None", "str | None"]


def final(deals: Iterable[_Deal]) -> list[_Deal]:
    """The deals in the order recorded, each deal's last record only (a deal lost, then
    undone and won, counts as won, in the place of its last record)."""
    out: dict[Any, _Deal] = {}
    for i, d in enumerate(deals):
        token = d[5] if d[5] is not None else i  # no token: a record of its own
        out.pop(token, None)
        out[token] = d
    return list(out.values())


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


# the columns of a record, as ``Statistics.deals`` names them (and ``winnable``)
_RECORD = ("game", "options", "outcome", "seconds", "score", "seed", "difficulty", "deal", "at")
_COLUMNS = (*_RECORD, "winnable")
# the columns a store must have to be read at all (one of a newer version too)
_NEEDED = frozenset(_RECORD)


class StoreUnreadable(Exception):
    """The file is not a store this module can read (not SQLite, damaged, foreign)."""


class StoreRefused(Exception):
    """A store of a newer version that this version cannot read safely: left as it is."""


def _read_only_error(err: Exception) -> bool:
    """SQLite's words for a store it may read but not write (a read-only folder or
    file: WAL needs to write beside the store even to read it)."""
    text = str(err).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


class _SqliteStore:
    """Deals appended to one SQLite file; many processes may append at once (WAL, and
    each append is one short transaction that waits for the others' locks).

    A store that can be read but not written (a read-only folder or file) is opened for
    reading, and so is one of a newer version whose deals this version can read
    (``writable`` is then False, ``newer`` its version): its figures are shown, and
    nothing is written to it."""

    #: seconds a statement waits for another process's lock (SQLite's busy wait)
    busy_timeout = 30.0
    #: seconds an append waits for another process's lock before the deal is kept
    #: beside the store instead (statistics.journal); the store's own transactions last
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

    def baseline(self) -> dict[tuple[str, str], dict[str, Any]]:
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master")}
        if "baseline" not in tables:
            return {}
        out = {}
        for game, opts, figures in self.db.execute("SELECT game, options, figures FROM baseline"):
            out[(game, opts)] = _checked_row(json.loads(figures))
        return out

    def _select(self, names: Iterable[str]) -> str:
        # a column a store made before it lacks reads as NULL (not known)
        return ", ".join(n if n in self.columns else "NULL" for n in names)

    def deals(self) -> list[tuple[Any, ...]]:
        """(game, options, outcome, seconds, score, deal, difficulty, rid), in order."""
        cols = ("game", "options", "outcome", "seconds", "score", "deal", "difficulty", "rid")
        return list(self.db.execute(f"SELECT {self._select(cols)} FROM deals ORDER BY id"))

    def records(self) -> list[tuple[Any, ...]]:
        """Every record's ``_COLUMNS`` and its rid, in order."""
        cols = (*_COLUMNS, "rid")
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


def _deal_of(row: tuple[Any, ...]) -> _Deal:
    """A record's columns (``_COLUMNS``) as the figures read a deal."""
    return (row[0], row[1], row[2], row[3], row[4], row[7], row[6])


class Statistics:
    """Played, won, solved, streaks, best time and best score per game and options.

    A saved store that cannot take a finished deal (a full disk, a store another process
    holds past the patience, a read-only folder, a store of a newer version) loses none:
    the deal is kept beside the store (statistics.journal: a file that survives the
    process) or, where no file can be written either, in memory, counted in the figures
    at once, and written when the store can take it again (tried again on the next
    record and, at most every ``retry_every`` seconds, on the next read; a kernel that
    opens the store later writes the files left beside it). ``unwritten``, ``kept``,
    ``problem`` and ``mode`` say how it stands."""

    #: seconds between two tries, on reading, to write the deals that wait
    retry_every = 2.0
    #: seconds such a try waits for another process's lock (a read must stay quick)
    retry_patience = 0.05

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else Path(path)
        # what went wrong with the store when it was opened, for the table to say
        self.notice: str | None = None
        self._lock = threading.Lock()
        # path None: the session's records, kept in memory by design
        self._memory_records: list[tuple[Any, ...]] = []
        # a saved store's deals recorded here and not yet in it, oldest first
        self._pending: list[journal.Entry] = []
        self._store: _SqliteStore | None = None
        # why the store could not be opened, or took no deal last (SQLite's words)
        self._problem: str | None = None
        # the store could not be opened for a reason that may pass (locked, full): the
        # next record and reads try again
        self._reopen = False
        self._refused = False  # a newer store this version cannot read: left alone
        self._next_try = 0.0
        self._written_late = 0  # deals that waited and are now in the store
        self._changes = 0  # grows with every deal recorded or written here
        self._cache: tuple[Any, dict[tuple[str, str], dict[str, Any]]] | None = None
        if self.path is not None:
            self._store = self._open_or_none(self.path)
            if self._store is not None:
                self._flush(self.retry_patience, disk=True)  # what earlier kernels left

    @classmethod
    def saved(cls, path: str | os.PathLike[str] | None = None) -> Statistics:
        """Statistics kept in a SQLite store (by default ``statistics.sqlite`` in the
        Jupyter data folder): a missing store starts empty, an unreadable one is set
        aside (``notice`` says where) and a fresh one started; one that can be read but
        not written (a read-only folder, a newer version) is read and left as it is.
        Given a ``.json`` path (the file of earlier versions), the store is the
        ``.sqlite`` beside it."""
        p = default_path() if path is None else Path(path)
        if p.suffix == ".json":
            p = p.with_suffix(".sqlite")
        return cls(p)

    # ---- how the store stands ----------------------------------------------------
    @property
    def mode(self) -> str:
        """``"session"`` (kept in memory for this Python session, by design),
        ``"saved"`` (a store that takes deals), ``"read-only"`` (a store that can be
        read, not written), ``"newer"`` (a newer version's store, read, not written),
        ``"refused"`` (a newer version's store this one cannot read) or ``"unopened"``
        (no store could be opened: deals wait, see ``kept``)."""
        if self.path is None and self._store is None:
            return "session"
        store = self._store
        if store is None:
            return "refused" if self._refused else "unopened"
        if store.newer is not None:
            return "newer"
        return "saved" if store.writable else "read-only"

    @property
    def unwritten(self) -> int:
        """Deals recorded here that the store does not hold yet (counted in the
        figures all the same)."""
        with self._lock:
            return len(self._pending)

    @property
    def kept(self) -> str | None:
        """Where the deals that wait are: ``"file"`` (beside the store, they outlive the
        process), ``"memory"`` (some could not be written anywhere: they are lost if
        the process ends first) or None (none waits)."""
        with self._lock:
            if not self._pending:
                return None
            return "file" if all(e.file is not None for e in self._pending) else "memory"

    @property
    def problem(self) -> str | None:
        """Why the store could not be opened or took no deal last (SQLite's words)."""
        return self._problem

    @property
    def retrying(self) -> bool:
        """The store could not be opened for a reason that may pass (locked, full, no
        room for its folder yet): it is tried again on the next record and reads."""
        return self._reopen

    @property
    def store_version(self) -> int | None:
        """The version of a newer version's store (mode "newer"), else None."""
        store = self._store
        return None if store is None else store.newer

    def written_late(self) -> int:
        """How many deals that waited were written since this was last asked."""
        with self._lock:
            n, self._written_late = self._written_late, 0
            return n

    def retry(self, now: bool = True) -> int:
        """Tries to write the deals that wait (``now=False``: unless it was tried less
        than ``retry_every`` seconds ago); returns how many are still waiting."""
        with self._lock:
            self._try_again(force=now)
            return len(self._pending)

    # ---- opening -----------------------------------------------------------------
    def _open_or_none(self, path: Path, retry: bool = False) -> _SqliteStore | None:
        """The store, or None when it cannot be opened at all (a folder that cannot be
        made, no permission, locked past the timeout): then this session's deals wait
        (``kept``), and the notice says so; the table opens all the same."""
        try:
            import sqlite3
        except ImportError as err:  # Pyodide without its sqlite3 package
            self.notice = f"No SQLite here ({err}); this session's figures are kept in memory only."
            self._problem = str(err)
            _log.warning("solitaire_widget: %s", self.notice)
            return None
        try:
            store = self._open_store(path, self.retry_patience if retry else None)
        except StoreRefused as err:
            self._refused = True
            self._problem = str(err)
            self.notice = (
                f"The statistics store {path} was written by a newer version of "
                f"solitaire_widget ({err}); it is left as it is, and this session's figures "
                "are kept in memory only."
            )
            _log.warning("solitaire_widget: %s", self.notice)
            return None
        except (OSError, sqlite3.Error, StoreUnreadable) as err:
            self._problem = str(err)
            # a lock or a full disk passes: opened again later and the deals written
            self._reopen = isinstance(err, (OSError, sqlite3.OperationalError))
            if not retry:
                self.notice = (
                    f"The statistics store {path} could not be opened ({err}); this session's "
                    "figures are kept in memory only."
                )
                _log.warning("solitaire_widget: %s", self.notice)
            return None
        self._reopen = False
        if store.newer is not None:
            self.notice = (
                f"The statistics store {path} was written by a newer version of "
                f"solitaire_widget (store version {store.newer}): its figures are shown and "
                "it is left as it is; this session's deals are kept in memory only."
            )
        elif not store.writable:
            self.notice = (
                f"The statistics store {path} can be read but not written (a read-only "
                "folder or file): its figures are shown; this session's deals are kept in "
                "memory only."
            )
        return store

    def _open_store(self, path: Path, patience: float | None) -> _SqliteStore:
        notices = []
        try:
            store = _SqliteStore(path, patience)
        except StoreUnreadable as err:
            aside = set_aside(path)
            notices.append(
                f"The statistics store {path} could not be read ({err}); it was set "
                f"aside as {aside.name} and a new one started."
            )
            store = _SqliteStore(path, patience)
        legacy = path.with_suffix(".json")
        bad = store.migrate(legacy)
        if bad:
            notices.append(
                f"The old statistics file could not be read ({bad}); it was set aside "
                f"as {legacy.name}.corrupt."
            )
        if notices:
            self.notice = " ".join(notices)
            _log.warning("solitaire_widget: %s", self.notice)
        return store

    # ---- deals that wait -----------------------------------------------------------
    def _keep(self, entry: journal.Entry) -> None:
        """A deal the store did not take: in a file beside it where one can be written
        (not beside a store this version must not write), else in memory."""
        assert self.path is not None
        store = self._store
        if store is None or store.writable:
            try:
                file = journal.write(self.path, entry.rid, entry.row)
                entry = journal.Entry(entry.rid, entry.row, file)
            except OSError as err:
                _log.debug("solitaire_widget: a deal kept in memory only (%s)", err)
        self._pending.append(entry)
        self._changes += 1

    def _try_again(self, force: bool = False) -> None:
        """Opens the store again if it could not be, and writes the deals that wait;
        when not ``force``d, at most every ``retry_every`` seconds (reads are many)."""
        if self.path is None:
            return
        waiting = self._pending or self._reopen
        if not force and (not waiting or time.monotonic() < self._next_try):
            return
        self._next_try = time.monotonic() + self.retry_every
        if self._store is None and self._reopen:
            self._store = self._open_or_none(self.path, retry=True)
            if self._store is None:
                return
            self._changes += 1
            self._flush(self.retry_patience, disk=True)
            return
        self._flush(self.retry_patience)

    def _flush(self, patience: float, disk: bool = False) -> None:
        """Writes the deals that wait (this process's, and with ``disk`` those left
        beside the store by any other) in the order they were recorded, in one
        transaction; on failure they go on waiting."""
        import sqlite3

        store = self._store
        if store is None or not store.writable or not (self._pending or disk):
            return
        assert self.path is not None
        entries: dict[str, journal.Entry] = {}
        for entry in (*(journal.read(self.path) if disk or self._pending else ()), *self._pending):
            entries.setdefault(entry.rid, entry)
        if not entries:
            return
        ordered = sorted(entries.values(), key=lambda e: (e.at, e.rid))
        try:
            store.append_all(ordered, patience)
        except sqlite3.OperationalError as err:  # locked, full: they wait on
            self._problem = str(err)
            return
        except sqlite3.DatabaseError as err:  # damaged since: said on the next record
            self._problem = str(err)
            _log.warning("solitaire_widget: the statistics store failed (%s)", err)
            return
        journal.forget(ordered)
        self._written_late += len(self._pending)
        self._pending.clear()
        self._problem = None
        self._changes += 1

    # ---- recording ---------------------------------------------------------------
    def record(
        self,
        game: str,
        options: dict[str, Any],
        *,
        won: bool,
        seconds: float,
        score: int,
        solved: bool = False,
        seed: int | None = None,
        difficulty: str | None = None,
        deal: str | None = None,
        winnable: bool | None = None,
    ) -> None:
        """One finished deal: won, lost (given up or out of moves) with the best score
        it reached, or ``solved`` (by the computer: played, not the player's win).
        ``winnable``: it was dealt by "winnable deals only" (None: not said);
        ``difficulty``: its grade then, where known (solitaire_widget.deals).
        ``deal``: the table's token for the deal; a later record with the same token
        replaces this one in the figures (see ``final``). A saved store that cannot
        take it now gets it later (see the class's docstring): it is never dropped."""
        outcome = "solved" if solved else ("won" if won else "lost")
        secs = round(float(seconds), 3)
        key = options_key(options)
        flag = None if winnable is None else int(bool(winnable))
        with self._lock:
            row = (game, key, outcome, secs, int(score), seed, difficulty, deal, time.time(), flag)
            self._cache = None
            if self.path is None:
                self._memory_records.append(row)
                self._changes += 1
                return
            entry = journal.Entry(uuid.uuid4().hex, row)
            self._try_again(force=True)
            store = self._store
            if store is None or not store.writable or self._pending:
                # deals wait already: this one waits behind them, so they are written
                # in order (a loss undone and won must not end up after the win)
                self._keep(entry)
                self._flush(self.retry_patience)
                return
            import sqlite3  # imported already, by the store

            try:
                store.append(row, entry.rid)
            except sqlite3.OperationalError as err:
                # locked past the patience, a full disk: not damage; the deal waits
                self._problem = str(err)
                _log.info("solitaire_widget: a deal waits for the statistics store (%s)", err)
                self._keep(entry)
                return
            except sqlite3.DatabaseError:
                # damaged since it was opened: set it aside, start again, keep this deal
                _log.exception("solitaire_widget: the statistics store failed")
                store.close()
                self._store = self._open_or_none(self.path)
                self._keep(entry)
                self._flush(self.retry_patience)
                return
            self._problem = None
            self._changes += 1

    def clear(self) -> None:
        """Forgets every deal (of the store too, when saved; and those that wait).
        PermissionError for a store this version may only read; nothing changes."""
        with self._lock:
            store = self._store
            if store is not None and not store.writable:
                raise PermissionError(f"the statistics store {self.path} is read only here")
            if store is not None:
                store.clear()
            self._memory_records.clear()
            if self.path is not None:
                journal.forget([*self._pending, *journal.read(self.path)])
            self._pending.clear()
            self._changes += 1
            self._cache = None

    # ---- reading -----------------------------------------------------------------
    def _stored(self) -> tuple[dict[tuple[str, str], dict[str, Any]], list[tuple[Any, ...]]]:
        """The store's starting figures and records (``_COLUMNS`` and rid); those that
        wait and the store holds by now (another process wrote them) stop waiting."""
        import sqlite3

        store = self._store
        if store is None:
            return {}, []
        try:
            base, records = store.baseline(), store.records()
        except sqlite3.Error as err:  # a read that fails shows what waits, and says why
            self._problem = str(err)
            return {}, []
        if self._pending:
            held = {r[10] for r in records if r[10] is not None}
            before = len(self._pending)
            self._pending = [e for e in self._pending if e.rid not in held]
            self._written_late += before - len(self._pending)
        return base, records

    def _records(self) -> tuple[dict[tuple[str, str], dict[str, Any]], list[tuple[Any, ...]]]:
        """The starting figures and every record (``_COLUMNS``), the ones that wait
        last."""
        if self.path is None and self._store is None:
            return {}, list(self._memory_records)
        self._try_again()
        base, records = self._stored()
        return base, [r[:10] for r in records] + [e.row for e in self._pending]

    def _rows(self) -> dict[tuple[str, str], dict[str, Any]]:
        """Every row's figures, recomputed when a deal was recorded (here or, for a
        saved store, by another process) since they were last read."""
        self._try_again()
        store = self._store
        try:
            version = None if store is None else store.version()
        except Exception:  # a store that fails is read (and said) below
            version = -1
        key = (version, self._changes, len(self._pending))
        if self._cache is not None and self._cache[0] == key and version != -1:
            return self._cache[1]
        base, records = self._records()
        key = (version, self._changes, len(self._pending))  # some may have stopped waiting
        grouped: dict[tuple[str, str], list[tuple[str, float | None, int, str | None]]] = {}
        for game, opts, outcome, seconds, score, _token, grade in final(map(_deal_of, records)):
            grouped.setdefault((game, opts), []).append((outcome, seconds, score, grade))
        rows = {k: _figures(base.get(k), grouped.get(k, [])) for k in {*base, *grouped}}
        self._cache = (key, rows)
        return rows

    def get(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The figures of one game and options (zeros when none is recorded)."""
        with self._lock:
            row = dict(self._rows().get((game, options_key(options)), _fresh()))
        row["by_difficulty"] = {k: dict(v) for k, v in row["by_difficulty"].items()}
        row["lost"] = row["played"] - row["won"] - row["solved"]
        return row

    def rows(self) -> list[dict[str, Any]]:
        with self._lock:
            items = sorted(self._rows().items())
        out = []
        for (game, opts), row in items:
            played, won = row["played"], row["won"]
            out.append(
                {
                    "game": game,
                    "options": opts,
                    **row,
                    "lost": played - won - row["solved"],
                    "win_rate": won / played if played else float("nan"),
                }
            )
        return out

    def deals(self) -> list[dict[str, Any]]:
        """Every record, oldest first: ``game``, ``options``, ``outcome``, ``seconds``,
        ``score``, ``seed``, ``difficulty`` (the grade of a deal dealt winnable-only,
        where known), ``deal`` (the table's token: a later record of the same deal
        replaces an earlier one in the figures), ``at`` (Unix time) and ``winnable``
        (True: dealt by "winnable deals only"; None in records from before it). The
        deals that wait for the store (``unwritten``) come last."""
        with self._lock:
            _, rows = self._records()
        out = []
        for row in rows:
            record = dict(zip(_RECORD, row[:9], strict=True))
            record["winnable"] = None if row[9] is None else bool(row[9])
            out.append(record)
        return out

    def frame(self) -> pd.DataFrame:
        """One row per game and options, as a pandas DataFrame (the "analysis" extra)."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=COLUMNS)

    def close(self) -> None:
        """Closes the store; deals that still wait in files beside it are written by the
        next process that opens it (those kept in memory only are lost, with a warning)."""
        with self._lock:
            self._try_again(force=True)
            lost = [e for e in self._pending if e.file is None]
            if lost:
                _log.warning(
                    "solitaire_widget: %d finished deal(s) could not be written to %s (%s)",
                    len(lost),
                    self.path,
                    self._problem,
                )
            if self._store is not None:
                self._store.close()
                self._store = None
            self.path = None
            self._reopen = False
            self._pending.clear()

    def __repr__(self) -> str:
        where = f" in {self.path}" if self.path is not None else ""
        return f"<Statistics: {sum(r['played'] for r in self.rows())} deals{where}>"


# The figures of this Python session, shared by every widget that is given no other.
SESSION = Statistics()

__all__ = [
    "COLUMNS",
    "OUTCOMES",
    "SESSION",
    "Statistics",
    "default_path",
    "final",
    "options_key",
    "read_json",
]
