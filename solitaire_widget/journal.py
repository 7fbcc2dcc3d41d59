"""Finished deals the statistics store could not take yet, kept in files beside it.

When the store cannot be written (a full disk, another process holding it past the
patience, a store of a newer version), a finished deal is not dropped: it is written
here, one small file per deal in the folder ``<store>.pending`` beside the store, and
added to the store as soon as it can take it (by this process or the next one to open
the store). One file per deal, each written under a temporary name, flushed to disk and
only then renamed into place, so a process killed while writing leaves either nothing or
a whole file, never half of one; and no two processes ever write the same file. Each
deal carries an id of its own (``rid``), and the store takes a deal once whatever the
number of processes that add it, so a deal is never counted twice either.

No SQLite and no figures here: store.py decides when a deal goes into the journal
and when the journal goes into the store.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_log = logging.getLogger(__name__)

FORMAT = "solitaire_widget.pending-deal"
VERSION = 1
# a temporary file older than this was left by a process killed while writing it (a
# deal never acknowledged): removed
_STALE_TMP = 24 * 3600.0
# a deal's file holds a few hundred bytes: anything far larger is not one
_LARGEST = 64 * 1024


@dataclass(frozen=True)
class Entry:
    """One deal waiting for the store: its id, its record (the store's columns, in the
    order ``figures.STORED`` names them) and the file that keeps it (None: in
    memory only, where no file could be written)."""

    rid: str
    row: tuple[Any, ...]
    file: Path | None = None

    @property
    def at(self) -> float:
        return float(self.row[8])


def folder(store: Path) -> Path:
    """Where the deals waiting for ``store`` are kept: ``<store>.pending``."""
    return store.with_name(store.name + ".pending")


def _name(rid: str, at: float) -> str:
    # sorted by name is sorted by the time the deal was recorded
    return f"{int(at * 1e6):020d}-{rid}.json"


def _fsync_dir(path: Path) -> None:
    # the rename itself must reach the disk (POSIX); Windows has no directory handles
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write(store: Path, rid: str, row: tuple[Any, ...]) -> Path:
    """Keeps one deal in a file of its own; returns the file. OSError when it cannot be
    written (a full disk, a read-only folder): then nothing is left behind."""
    where = folder(store)
    where.mkdir(parents=True, exist_ok=True)
    name = _name(rid, float(row[8]))
    final = where / name
    tmp = where / f".{name}.tmp"
    data = json.dumps({"format": FORMAT, "version": VERSION, "rid": rid, "row": list(row)})
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(where)
    return final


def _checked(data: Any) -> tuple[str, tuple[Any, ...]]:
    """The id and record of a journal file's contents; ValueError if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a pending deal")
    if data.get("version") != VERSION:
        raise ValueError(f"unsupported version {data.get('version')!r}")
    rid, row = data.get("rid"), data.get("row")
    if not isinstance(rid, str) or not 0 < len(rid) <= 64 or not isinstance(row, list):
        raise ValueError("a pending deal has an id and a record")
    if len(row) != 10:
        raise ValueError("a record has 10 columns")
    game, options, outcome, seconds, score, seed, difficulty, deal, at, winnable = row

    def number(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)

    if not isinstance(game, str) or not isinstance(options, str):
        raise ValueError("game and options are text")
    if outcome not in ("won", "lost", "solved"):
        raise ValueError(f"outcome {outcome!r}")
    if not (seconds is None or number(seconds)) or not number(at):
        raise ValueError("seconds and time are numbers")
    if isinstance(score, bool) or not isinstance(score, int):
        raise ValueError("the score is a whole number")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError("the seed is a whole number")
    if not all(x is None or isinstance(x, str) for x in (difficulty, deal)):
        raise ValueError("difficulty and deal are text")
    if winnable not in (None, 0, 1) or isinstance(winnable, bool):
        raise ValueError("winnable is 0, 1 or null")
    return rid, tuple(row)


def read(store: Path) -> list[Entry]:
    """Every deal kept beside ``store``, oldest first. A file that is not a pending deal
    (damaged on disk, put there by hand) is renamed ``*.bad`` with a warning and left
    out; temporary files of writers killed long ago are removed."""
    where = folder(store)
    try:
        names = sorted(os.listdir(where))
    except OSError:  # no folder: nothing waits
        return []
    out = []
    now = time.time()
    for name in names:
        path = where / name
        if name.startswith("."):
            with contextlib.suppress(OSError):
                if name.endswith(".tmp") and now - path.stat().st_mtime > _STALE_TMP:
                    path.unlink()
            continue
        if not name.endswith(".json"):
            continue
        try:
            if path.stat().st_size > _LARGEST:
                raise ValueError("far larger than a deal")
            rid, row = _checked(json.loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            continue  # another process added it to the store meanwhile
        except (OSError, ValueError, RecursionError) as err:  # deep nesting: RecursionError
            _log.warning("solitaire_widget: %s is not a pending deal (%s); set aside", path, err)
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(path.name + ".bad"))
            continue
        out.append(Entry(rid, row, path))
    return out


def forget(entries: Iterable[Entry]) -> None:
    """Removes the files of deals the store now holds (one already removed by another
    process is fine)."""
    for entry in entries:
        if entry.file is not None:
            with contextlib.suppress(OSError):
                entry.file.unlink()


__all__ = ["Entry", "folder", "forget", "read", "write"]
