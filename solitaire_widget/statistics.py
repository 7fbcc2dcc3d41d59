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
beside itself) with a notice, and a fresh one started: the table opens all the same.
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
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


class StoreUnreadable(Exception):
    """The file is not a store this module can read (not SQLite, damaged, foreign)."""


class _SqliteStore:
    """Deals appended to one SQLite file; many processes may append at once (WAL, and
    each append is one short transaction that waits for the others' locks)."""

    def __init__(self, path: Path) -> None:
        # imported here: Pyodide (JupyterLite) ships sqlite3 apart from the standard
        # library, and the session's figures, in memory, need no SQLite
        import sqlite3

        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
        try:
            self._open_waiting(sqlite3.OperationalError)
        except sqlite3.OperationalError:
            # locked past the timeout, no permission, a full disk: not damage, so the
            # file is not set aside (the caller keeps the figures in memory)
            self.db.close()
            raise
        except sqlite3.DatabaseError as err:  # "file is not a database", "malformed"
            self.db.close()
            raise StoreUnreadable(str(err)) from None
        except StoreUnreadable:
            self.db.close()
            raise

    #: seconds a store found locked at once is tried again for (as long as SQLite's
    #: own busy wait)
    open_patience = 30.0

    def _open_waiting(self, busy: type[Exception]) -> None:
        # Two kernels opening a new store at once: switching it to WAL, and the first
        # look at a file another connection is still creating, can fail as "locked" at
        # once, without SQLite's busy wait (a kernel then kept its deals in memory only
        # and they were lost). Such a failure is retried, the others are not.
        deadline = time.monotonic() + self.open_patience
        while True:
            try:
                self._open()
                return
            except busy as err:
                text = str(err).lower()
                if ("locked" not in text and "busy" not in text) or time.monotonic() > deadline:
                    raise
            time.sleep(0.02 + random.random() * 0.05)

    def _open(self) -> None:
        db = self.db
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise StoreUnreadable("SQLite's quick_check failed")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            if tables and "meta" not in tables:
                raise StoreUnreadable("a SQLite file of something else")
            # statement by statement: executescript would commit the open transaction
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            # stores made before "winnable deals only" lack its column: added, empty
            # (NULL: not known) for the deals already there; the rows stay as they were
            # and older versions, which name the columns they write, still append
            columns = {r[1] for r in db.execute("PRAGMA table_info(deals)")}
            if "winnable" not in columns:
                db.execute("ALTER TABLE deals ADD COLUMN winnable INTEGER")
            meta = dict(db.execute("SELECT key, value FROM meta"))
            if not meta:
                db.execute(
                    "INSERT INTO meta VALUES ('format', ?), ('version', ?)",
                    (FORMAT, str(STORE_VERSION)),
                )
            elif meta.get("format") != FORMAT or meta.get("version") != str(STORE_VERSION):
                raise StoreUnreadable(f"format {meta.get('format')!r} {meta.get('version')!r}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # BEGIN itself may be what failed
                db.execute("ROLLBACK")
            raise

    def migrate(self, legacy: Path) -> str | None:
        """Reads an old JSON file into the starting figures, once (whichever process
        gets here first); returns a notice when that file could not be read."""
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

    def append(self, record: tuple[Any, ...]) -> None:
        # one statement, its own transaction: appended, never a rewrite of the others
        self.db.execute(
            "INSERT INTO deals"
            " (game, options, outcome, seconds, score, seed, difficulty, deal, at, winnable)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            record,
        )

    def version(self) -> int:
        """Changes whenever any connection (another process's too) commits."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def baseline(self) -> dict[tuple[str, str], dict[str, Any]]:
        out = {}
        for game, opts, figures in self.db.execute("SELECT game, options, figures FROM baseline"):
            out[(game, opts)] = _checked_row(json.loads(figures))
        return out

    def deals(self) -> list[_Deal]:
        return list(
            self.db.execute(
                "SELECT game, options, outcome, seconds, score, deal, difficulty FROM deals"
                " ORDER BY id"
            )
        )

    def records(self) -> list[tuple[Any, ...]]:
        return list(
            self.db.execute(
                "SELECT game, options, outcome, seconds, score, seed, difficulty, deal, at,"
                " winnable FROM deals ORDER BY id"
            )
        )

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


class Statistics:
    """Played, won, solved, streaks, best time and best score per game and options."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else Path(path)
        # what went wrong with the store when it was opened, for the table to say
        self.notice: str | None = None
        self._lock = threading.Lock()
        self._memory: list[_Deal] = []
        self._memory_records: list[tuple[Any, ...]] = []  # as the store's records()
        self._store: _SqliteStore | None = None
        self._cache: tuple[int, dict[tuple[str, str], dict[str, Any]]] | None = None
        if self.path is not None:
            self._store = self._open_or_memory(self.path)

    @classmethod
    def saved(cls, path: str | os.PathLike[str] | None = None) -> Statistics:
        """Statistics kept in a SQLite store (by default ``statistics.sqlite`` in the
        Jupyter data folder): a missing store starts empty, an unreadable one is set
        aside (``notice`` says where) and a fresh one started. Given a ``.json`` path
        (the file of earlier versions), the store is the ``.sqlite`` beside it."""
        p = default_path() if path is None else Path(path)
        if p.suffix == ".json":
            p = p.with_suffix(".sqlite")
        return cls(p)

    def _open_or_memory(self, path: Path) -> _SqliteStore | None:
        """The store, or None when it cannot be opened at all (a folder that cannot be
        made, no permission, locked past the timeout): then this session's figures are
        kept in memory only, and the notice says so; the table opens all the same."""
        try:
            import sqlite3
        except ImportError as err:  # Pyodide without its sqlite3 package
            self.notice = f"No SQLite here ({err}); this session's figures are kept in memory only."
            _log.warning("solitaire_widget: %s", self.notice)
            return None
        try:
            return self._open_store(path)
        except (OSError, sqlite3.Error, StoreUnreadable) as err:
            self.notice = (
                f"The statistics store {path} could not be opened ({err}); this session's "
                "figures are kept in memory only."
            )
            _log.warning("solitaire_widget: %s", self.notice)
            return None

    def _open_store(self, path: Path) -> _SqliteStore:
        notices = []
        try:
            store = _SqliteStore(path)
        except StoreUnreadable as err:
            aside = set_aside(path)
            notices.append(
                f"The statistics store {path} could not be read ({err}); it was set "
                f"aside as {aside.name} and a new one started."
            )
            store = _SqliteStore(path)
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
        replaces this one in the figures (see ``final``)."""
        outcome = "solved" if solved else ("won" if won else "lost")
        secs = round(float(seconds), 3)
        key = options_key(options)
        flag = None if winnable is None else int(bool(winnable))
        with self._lock:
            row = (game, key, outcome, secs, int(score), seed, difficulty, deal, time.time(), flag)
            if self._store is None:
                self._memory.append((game, key, outcome, secs, int(score), deal, difficulty))
                self._memory_records.append(row)
                self._cache = None
                return
            import sqlite3  # imported already, by the store

            try:
                self._store.append(row)
            except sqlite3.OperationalError:
                raise  # locked past the timeout, a full disk: not damage; nothing changed
            except sqlite3.DatabaseError:
                # damaged since it was opened: set it aside, start again, keep this deal
                assert self.path is not None
                _log.exception("solitaire_widget: the statistics store failed")
                self._store.close()
                self._store = self._open_or_memory(self.path)
                if self._store is None:
                    self._memory.append((game, key, outcome, secs, int(score), deal, difficulty))
                    self._memory_records.append(row)
                else:
                    self._store.append(row)
            self._cache = None

    def clear(self) -> None:
        """Forgets every deal (of the store too, when saved)."""
        with self._lock:
            self._memory.clear()
            self._memory_records.clear()
            if self._store is not None:
                self._store.clear()
            self._cache = None

    # ---- reading -----------------------------------------------------------------
    def _rows(self) -> dict[tuple[str, str], dict[str, Any]]:
        """Every row's figures, recomputed when a deal was recorded (here or, for a
        saved store, by another process) since they were last read."""
        version = len(self._memory) if self._store is None else self._store.version()
        if self._cache is not None and self._cache[0] == version:
            return self._cache[1]
        if self._store is None:
            base: dict[tuple[str, str], dict[str, Any]] = {}
            deals: list[_Deal] = list(self._memory)
        else:
            base, deals = self._store.baseline(), self._store.deals()
        grouped: dict[tuple[str, str], list[tuple[str, float | None, int, str | None]]] = {}
        for game, opts, outcome, seconds, score, _token, grade in final(deals):
            grouped.setdefault((game, opts), []).append((outcome, seconds, score, grade))
        rows = {k: _figures(base.get(k), grouped.get(k, [])) for k in {*base, *grouped}}
        self._cache = (version, rows)
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
        (True: dealt by "winnable deals only"; None in records from before it)."""
        with self._lock:
            rows = list(self._memory_records) if self._store is None else self._store.records()
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
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None
                self.path = None

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
