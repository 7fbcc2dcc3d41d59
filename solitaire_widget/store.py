"""A saved statistics store as the figures use it: the SQLite file when it can be opened
and written, and the finished deals it cannot take yet, which are never dropped.

The file itself (connection, schema, versions, read-only and newer stores) is
solitaire_widget.sqlite_store's. This module decides what happens when it fails: a file
SQLite cannot read is set aside and a fresh one started; one that cannot be opened at
all (locked past the patience, a full disk, no folder) leaves the deals waiting, and is
opened again later when the reason may pass; a deal the store does not take (locked,
full, read only, a newer version's) waits in a file beside it (solitaire_widget.journal)
or, where none can be written, in memory, and every deal that waits is written, in the
order recorded and in one transaction, when the store can take it again (on the next
record, at most every ``retry_every`` seconds on reading, or by the next process that
opens it). ``notice`` says in English what went wrong when the store was opened.

No figures here (solitaire_widget.figures), and no lock: the caller
(solitaire_widget.statistics) holds its own around every call.
"""

from __future__ import annotations

import logging
import time
import uuid
from pathlib import Path
from typing import Any, Protocol

from . import journal
from .figures import Rows
from .sqlite_store import SqliteStore, StoreRefused, StoreUnreadable, set_aside

_log = logging.getLogger(__name__)


class Timing(Protocol):
    """How often and how patiently the deals that wait are tried again (the
    ``Statistics`` class's knobs, read at each try so a change takes effect at once)."""

    #: seconds between two tries, on reading, to write the deals that wait
    retry_every: float
    #: seconds such a try waits for another process's lock (a read must stay quick)
    retry_patience: float


class Store:
    """The saved store at ``path`` and the deals that wait for it; see the module's
    docstring."""

    def __init__(self, path: Path, timing: Timing) -> None:
        self.path = path
        # what went wrong with the store when it was opened, for the table to say
        self.notice: str | None = None
        self._timing = timing
        # deals recorded here and not yet in the store, oldest first
        self._pending: list[journal.Entry] = []
        # why the store could not be opened, or took no deal last (SQLite's words)
        self.problem: str | None = None
        # the store could not be opened for a reason that may pass (locked, full): the
        # next record and reads try again
        self.retrying = False
        self._refused = False  # a newer store this version cannot read: left alone
        self._next_try = 0.0
        self._written_late = 0  # deals that waited and are now in the store
        self.changes = 0  # grows with every deal recorded or written here
        self.sqlite = self._open_or_none(path)
        if self.sqlite is not None:
            self._flush(timing.retry_patience, disk=True)  # what earlier kernels left

    # ---- how it stands -------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``"saved"``, ``"read-only"``, ``"newer"``, ``"refused"`` or ``"unopened"``
        (``Statistics.mode`` says what each means)."""
        sqlite = self.sqlite
        if sqlite is None:
            return "refused" if self._refused else "unopened"
        if sqlite.newer is not None:
            return "newer"
        return "saved" if sqlite.writable else "read-only"

    @property
    def unwritten(self) -> int:
        """Deals recorded here that the store does not hold yet."""
        return len(self._pending)

    @property
    def kept(self) -> str | None:
        """``"file"``, ``"memory"`` or None (``Statistics.kept``)."""
        if not self._pending:
            return None
        return "file" if all(e.file is not None for e in self._pending) else "memory"

    @property
    def store_version(self) -> int | None:
        """The version of a newer version's store (mode "newer"), else None."""
        sqlite = self.sqlite
        return None if sqlite is None else sqlite.newer

    def written_late(self) -> int:
        """How many deals that waited were written since this was last asked."""
        n, self._written_late = self._written_late, 0
        return n

    def data_version(self) -> int | None:
        """Changes whenever any process commits to the store (None: no store open; -1:
        the store failed to say, so nothing read before may be trusted)."""
        sqlite = self.sqlite
        try:
            return None if sqlite is None else sqlite.version()
        except Exception:  # a store that fails is read (and said) by the next read
            return -1

    # ---- opening -------------------------------------------------------------------
    def _open_or_none(self, path: Path, retry: bool = False) -> SqliteStore | None:
        """The store, or None when it cannot be opened at all (a folder that cannot be
        made, no permission, locked past the timeout): then this session's deals wait
        (``kept``), and the notice says so; the table opens all the same."""
        try:
            import sqlite3
        except ImportError as err:  # Pyodide without its sqlite3 package
            self.notice = f"No SQLite here ({err}); this session's figures are kept in memory only."
            self.problem = str(err)
            _log.warning("solitaire_widget: %s", self.notice)
            return None
        try:
            store = self._open_store(path, self._timing.retry_patience if retry else None)
        except StoreRefused as err:
            self._refused = True
            self.problem = str(err)
            self.notice = (
                f"The statistics store {path} was written by a newer version of "
                f"solitaire_widget ({err}); it is left as it is, and this session's figures "
                "are kept in memory only."
            )
            _log.warning("solitaire_widget: %s", self.notice)
            return None
        except (OSError, sqlite3.Error, StoreUnreadable) as err:
            self.problem = str(err)
            # a lock or a full disk passes: opened again later and the deals written
            self.retrying = isinstance(err, (OSError, sqlite3.OperationalError))
            if not retry:
                self.notice = (
                    f"The statistics store {path} could not be opened ({err}); this session's "
                    "figures are kept in memory only."
                )
                _log.warning("solitaire_widget: %s", self.notice)
            return None
        self.retrying = False
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

    def _open_store(self, path: Path, patience: float | None) -> SqliteStore:
        notices = []
        try:
            store = SqliteStore(path, patience)
        except StoreUnreadable as err:
            aside = set_aside(path)
            notices.append(
                f"The statistics store {path} could not be read ({err}); it was set "
                f"aside as {aside.name} and a new one started."
            )
            store = SqliteStore(path, patience)
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
        sqlite = self.sqlite
        if sqlite is None or sqlite.writable:
            try:
                file = journal.write(self.path, entry.rid, entry.row)
                entry = journal.Entry(entry.rid, entry.row, file)
            except OSError as err:
                _log.debug("solitaire_widget: a deal kept in memory only (%s)", err)
        self._pending.append(entry)
        self.changes += 1

    def retry(self, force: bool = False) -> None:
        """Opens the store again if it could not be, and writes the deals that wait;
        when not ``force``d, at most every ``retry_every`` seconds (reads are many)."""
        waiting = self._pending or self.retrying
        if not force and (not waiting or time.monotonic() < self._next_try):
            return
        self._next_try = time.monotonic() + self._timing.retry_every
        if self.sqlite is None and self.retrying:
            self.sqlite = self._open_or_none(self.path, retry=True)
            if self.sqlite is None:
                return
            self.changes += 1
            self._flush(self._timing.retry_patience, disk=True)
            return
        self._flush(self._timing.retry_patience)

    def _flush(self, patience: float, disk: bool = False) -> None:
        """Writes the deals that wait (this process's, and with ``disk`` those left
        beside the store by any other) in the order they were recorded, in one
        transaction; on failure they go on waiting."""
        import sqlite3

        sqlite = self.sqlite
        if sqlite is None or not sqlite.writable or not (self._pending or disk):
            return
        entries: dict[str, journal.Entry] = {}
        for entry in (*(journal.read(self.path) if disk or self._pending else ()), *self._pending):
            entries.setdefault(entry.rid, entry)
        if not entries:
            return
        ordered = sorted(entries.values(), key=lambda e: (e.at, e.rid))
        try:
            sqlite.append_all(ordered, patience)
        except sqlite3.OperationalError as err:  # locked, full: they wait on
            self.problem = str(err)
            return
        except sqlite3.DatabaseError as err:  # damaged since: said on the next record
            self.problem = str(err)
            _log.warning("solitaire_widget: the statistics store failed (%s)", err)
            return
        journal.forget(ordered)
        self._written_late += len(self._pending)
        self._pending.clear()
        self.problem = None
        self.changes += 1

    # ---- writing -------------------------------------------------------------------
    def add(self, row: tuple[Any, ...]) -> None:
        """One finished deal's record (``figures.STORED``): appended to the store, or
        kept waiting behind the deals that wait already (so they are written in order:
        a loss undone and won must not end up after the win)."""
        entry = journal.Entry(uuid.uuid4().hex, row)
        self.retry(force=True)
        sqlite = self.sqlite
        if sqlite is None or not sqlite.writable or self._pending:
            self._keep(entry)
            self._flush(self._timing.retry_patience)
            return
        import sqlite3  # imported already, by the store

        try:
            sqlite.append(row, entry.rid)
        except sqlite3.OperationalError as err:
            # locked past the patience, a full disk: not damage; the deal waits
            self.problem = str(err)
            _log.info("solitaire_widget: a deal waits for the statistics store (%s)", err)
            self._keep(entry)
            return
        except sqlite3.DatabaseError:
            # damaged since it was opened: set it aside, start again, keep this deal
            _log.exception("solitaire_widget: the statistics store failed")
            sqlite.close()
            self.sqlite = self._open_or_none(self.path)
            self._keep(entry)
            self._flush(self._timing.retry_patience)
            return
        self.problem = None
        self.changes += 1

    def clear(self) -> None:
        """Forgets every deal, of the store and those that wait. PermissionError for a
        store this version may only read; nothing changes."""
        sqlite = self.sqlite
        if sqlite is not None and not sqlite.writable:
            raise PermissionError(f"the statistics store {self.path} is read only here")
        if sqlite is not None:
            sqlite.clear()
        journal.forget([*self._pending, *journal.read(self.path)])
        self._pending.clear()
        self.changes += 1

    # ---- reading -------------------------------------------------------------------
    def _stored(self) -> tuple[Rows, list[tuple[Any, ...]]]:
        """The store's starting figures and records (``STORED`` and rid); those that
        wait and the store holds by now (another process wrote them) stop waiting."""
        import sqlite3

        sqlite = self.sqlite
        if sqlite is None:
            return {}, []
        try:
            base, records = sqlite.baseline(), sqlite.records()
        except sqlite3.Error as err:  # a read that fails shows what waits, and says why
            self.problem = str(err)
            return {}, []
        if self._pending:
            held = {r[10] for r in records if r[10] is not None}
            before = len(self._pending)
            self._pending = [e for e in self._pending if e.rid not in held]
            self._written_late += before - len(self._pending)
        return base, records

    def records(self) -> tuple[Rows, list[tuple[Any, ...]]]:
        """The starting figures and every record (``figures.STORED``), the ones that
        wait last."""
        self.retry()
        base, records = self._stored()
        return base, [r[:10] for r in records] + [e.row for e in self._pending]

    def close(self) -> None:
        """Closes the store; deals that still wait in files beside it are written by the
        next process that opens it (those kept in memory only are lost, with a warning)."""
        self.retry(force=True)
        lost = [e for e in self._pending if e.file is None]
        if lost:
            _log.warning(
                "solitaire_widget: %d finished deal(s) could not be written to %s (%s)",
                len(lost),
                self.path,
                self.problem,
            )
        if self.sqlite is not None:
            self.sqlite.close()
            self.sqlite = None
        self.retrying = False
        self._pending.clear()


__all__ = ["Store", "Timing"]
