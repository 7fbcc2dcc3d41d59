"""What a table says of its statistics store, in the table's language. No Jupyter:
the play session (solitaire_widget.play_session) shows the notices this words.

A saved store that can only be read (or a newer version's), one that had to be set
aside or could not be opened is said on the first view. While finished deals wait for
the store (solitaire_widget.store: a full disk, a store locked past the patience), the
view says how many, why and where they are kept; when they are written at last, that
is said once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from .statistics import Statistics

__all__ = ["Notice", "StoreWatch"]

_log = logging.getLogger(__name__)

# a notice of the view: {"text": ..., "level": "info" | "warn" | "error" | ...}
Notice = dict[str, str]


class StoreWatch:
    """Watches one table's statistics; ``say(key, **args)`` words a notice in the
    table's language (solitaire_widget.texts)."""

    def __init__(self, statistics: Statistics, say: Callable[..., str]) -> None:
        self.statistics = statistics
        self._say = say
        # deals the store could not take yet, as last seen (words the moment they are
        # written)
        self._unwritten = 0

    def opening(self) -> Notice | None:
        """What the first view says of a saved store: one that can only be read (or
        a newer version's), one set aside, one that could not be opened."""
        stats = self.statistics
        path = str(stats.path) if stats.path is not None else ""
        mode = stats.mode
        if mode == "read-only":
            return {"text": self._say("stats_readonly", path=path), "level": "warn"}
        if mode == "newer":
            text = self._say("stats_newer", path=path, v=stats.store_version)
            return {"text": text, "level": "warn"}
        if mode == "refused":
            return {"text": self._say("stats_refused", path=path), "level": "warn"}
        if mode == "unopened" and path:
            key = "stats_unopened_retry" if stats.retrying else "stats_unopened"
            why = (stats.problem or "?")[:160]
            return {"text": self._say(key, path=path, why=why), "level": "warn"}
        return {"text": stats.notice, "level": "warn"} if stats.notice else None

    def waiting(self) -> Notice | None:
        """While finished deals wait for the statistics store: how many, why, and where
        they are kept (a file beside it that outlives the kernel, or memory only)."""
        stats = self.statistics
        n = stats.unwritten
        if not n or stats.mode in ("read-only", "newer", "refused"):
            return None  # said once, when the table opened: the store is read only
        why = stats.problem or "?"
        key = "stats_kept_file" if stats.kept == "file" else "stats_kept_memory"
        return {"text": self._say(key, n=n, why=why[:120]), "level": "warn"}

    def check(self) -> Notice | None:
        """After a deal was recorded or the game changed: the notice to show when more
        deals wait than last seen (the waiting notice), or when those that waited are
        all written now (said once); None otherwise, and when the store fails to say
        (no reason to stop the play)."""
        stats = self.statistics
        try:
            waiting = stats.retry(now=False) if self._unwritten else stats.unwritten
            written = stats.written_late()
        except Exception:
            _log.exception("solitaire_widget: the statistics store could not be read")
            return None
        grew = waiting > self._unwritten
        self._unwritten = waiting
        if grew:
            return self.waiting()
        if written and not waiting:
            return {"text": self._say("stats_written", n=written), "level": "info"}
        return None
