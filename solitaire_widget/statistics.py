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

This module is the API (``Statistics``). The figures are computed from the records in
solitaire_widget.figures; the SQLite file is solitaire_widget.sqlite_store's, and the
deals that wait for it, and the tries again, are solitaire_widget.store's.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .figures import COLUMNS, OUTCOMES, RECORD, Rows, final, fresh, options_key, table, with_totals
from .sqlite_store import read_json
from .store import Store

if TYPE_CHECKING:
    import pandas as pd


def default_path() -> Path:
    """``<jupyter data dir>/solitaire_widget/statistics.sqlite``."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "solitaire_widget" / "statistics.sqlite"


class Statistics:
    """Played, won, solved, streaks, best time and best score per game and options.

    A saved store that cannot take a finished deal (a full disk, a store another process
    holds past the patience, a read-only folder, a store of a newer version) loses none:
    the deal is kept beside the store (solitaire_widget.journal: a file that survives the
    process) or, where no file can be written either, in memory, counted in the figures
    at once, and written when the store can take it again (tried again on the next
    record and, at most every ``retry_every`` seconds, on the next read; a kernel that
    opens the store later writes the files left beside it). ``unwritten``, ``kept``,
    ``problem`` and ``mode`` say how it stands (solitaire_widget.store keeps it so)."""

    #: seconds between two tries, on reading, to write the deals that wait
    retry_every = 2.0
    #: seconds such a try waits for another process's lock (a read must stay quick)
    retry_patience = 0.05

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else Path(path)
        self._lock = threading.Lock()
        # path None: the session's records, kept in memory by design
        self._memory_records: list[tuple[Any, ...]] = []
        self._changes = 0  # grows with every deal recorded in memory
        self._cache: tuple[Any, Rows] | None = None
        # the saved store (kept, closed, after ``close``: what it said stays said)
        self._store = None if self.path is None else Store(self.path, self)

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

    @property
    def _saved(self) -> Store | None:
        """The saved store while it is open (None: the session's records, in memory)."""
        return None if self.path is None else self._store

    # ---- how the store stands ----------------------------------------------------
    @property
    def notice(self) -> str | None:
        """What went wrong with the store when it was opened, for the table to say."""
        return None if self._store is None else self._store.notice

    @property
    def mode(self) -> str:
        """``"session"`` (kept in memory for this Python session, by design),
        ``"saved"`` (a store that takes deals), ``"read-only"`` (a store that can be
        read, not written), ``"newer"`` (a newer version's store, read, not written),
        ``"refused"`` (a newer version's store this one cannot read) or ``"unopened"``
        (no store could be opened: deals wait, see ``kept``)."""
        saved = self._saved
        return "session" if saved is None else saved.mode

    @property
    def unwritten(self) -> int:
        """Deals recorded here that the store does not hold yet (counted in the
        figures all the same)."""
        with self._lock:
            saved = self._saved
            return 0 if saved is None else saved.unwritten

    @property
    def kept(self) -> str | None:
        """Where the deals that wait are: ``"file"`` (beside the store, they outlive the
        process), ``"memory"`` (some could not be written anywhere: they are lost if
        the process ends first) or None (none waits)."""
        with self._lock:
            saved = self._saved
            return None if saved is None else saved.kept

    @property
    def problem(self) -> str | None:
        """Why the store could not be opened or took no deal last (SQLite's words)."""
        return None if self._store is None else self._store.problem

    @property
    def retrying(self) -> bool:
        """The store could not be opened for a reason that may pass (locked, full, no
        room for its folder yet): it is tried again on the next record and reads."""
        return self._store is not None and self._store.retrying

    @property
    def store_version(self) -> int | None:
        """The version of a newer version's store (mode "newer"), else None."""
        return None if self._store is None else self._store.store_version

    def written_late(self) -> int:
        """How many deals that waited were written since this was last asked."""
        with self._lock:
            return 0 if self._store is None else self._store.written_late()

    def retry(self, now: bool = True) -> int:
        """Tries to write the deals that wait (``now=False``: unless it was tried less
        than ``retry_every`` seconds ago); returns how many are still waiting."""
        with self._lock:
            saved = self._saved
            if saved is None:
                return 0
            saved.retry(force=now)
            return saved.unwritten

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
            saved = self._saved
            if saved is None:
                self._memory_records.append(row)
                self._changes += 1
                return
            saved.add(row)

    def clear(self) -> None:
        """Forgets every deal (of the store too, when saved; and those that wait).
        PermissionError for a store this version may only read; nothing changes."""
        with self._lock:
            saved = self._saved
            if saved is not None:
                saved.clear()
            self._memory_records.clear()
            self._changes += 1
            self._cache = None

    # ---- reading -----------------------------------------------------------------
    def _records(self) -> tuple[Rows, list[tuple[Any, ...]]]:
        """The starting figures and every record (``figures.STORED``), the ones that
        wait last."""
        saved = self._saved
        if saved is None:
            return {}, list(self._memory_records)
        return saved.records()

    def _rows(self) -> Rows:
        """Every row's figures, recomputed when a deal was recorded (here or, for a
        saved store, by another process) since they were last read."""
        saved = self._saved
        version = None
        if saved is not None:
            saved.retry()
            version = saved.data_version()  # -1: the store failed to say
        if self._cache is not None and self._cache[0] == self._key(version) and version != -1:
            return self._cache[1]
        base, records = self._records()
        rows = table(base, records)
        self._cache = (self._key(version), rows)  # some may have stopped waiting meanwhile
        return rows

    def _key(self, version: int | None) -> tuple[Any, ...]:
        """What the figures were computed from: any deal recorded or written since
        changes it."""
        saved = self._saved
        if saved is None:
            return (version, self._changes)
        return (version, self._changes, saved.changes, saved.unwritten)

    def get(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The figures of one game and options (zeros when none is recorded)."""
        with self._lock:
            row = dict(self._rows().get((game, options_key(options)), fresh()))
        row["by_difficulty"] = {k: dict(v) for k, v in row["by_difficulty"].items()}
        row["lost"] = row["played"] - row["won"] - row["solved"]
        return row

    def rows(self) -> list[dict[str, Any]]:
        with self._lock:
            items = sorted(self._rows().items())
        return [with_totals(game, opts, row) for (game, opts), row in items]

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
            record = dict(zip(RECORD, row[:9], strict=True))
            record["winnable"] = None if row[9] is None else bool(row[9])
            out.append(record)
        return out

    def frame(self) -> pd.DataFrame:
        """One row per game and options, as a pandas DataFrame (the "analysis" extra)."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=COLUMNS)

    def close(self) -> None:
        """Closes the store; deals that still wait in files beside it are written by the
        next process that opens it (those kept in memory only are lost, with a warning).
        The figures recorded from then on are kept in memory."""
        with self._lock:
            saved = self._saved
            if saved is not None:
                saved.close()
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
