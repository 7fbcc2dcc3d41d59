"""Statistics as Aisleriot keeps them: per game and options, the deals played and won,
the current and best winning streak, the best (shortest) time of a win and the best
score reached. No Jupyter here: the widget reports finished deals with ``record``.

A deal counts once it has a move, when it ends: won (counted at once), or left for
another deal, a restart or another game (counted as lost, with the best score it
reached), as Aisleriot counts a game given up. By default the figures live for the
Python session and are shared by every widget in it; ``Statistics.saved()`` keeps them
in a JSON file in the user's Jupyter data folder as well.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

FORMAT = "solitaire_widget.statistics"
VERSION = 1
COLUMNS = [
    "game",
    "options",
    "played",
    "won",
    "lost",
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
    """``<jupyter data dir>/solitaire_widget/statistics.json``."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "solitaire_widget" / "statistics.json"


def _fresh() -> dict[str, Any]:
    return {
        "played": 0,
        "won": 0,
        "streak": 0,
        "best_streak": 0,
        "best_time": None,
        "best_score": 0,
    }


def _checked_row(row: Any) -> dict[str, Any]:
    """A row read from a file: counts are non-negative ints, won <= played, times finite."""
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


class Statistics:
    """Played, won, streaks, best time and best score per game and options."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else Path(path)
        self._rows: dict[tuple[str, str], dict[str, Any]] = {}
        self._lock = threading.Lock()
        if self.path is not None and self.path.exists():
            self._load()

    @classmethod
    def saved(cls, path: str | os.PathLike[str] | None = None) -> Statistics:
        """Statistics kept in a JSON file (by default in the Jupyter data folder); a
        missing file starts empty, a corrupt one raises ValueError naming it."""
        return cls(default_path() if path is None else path)

    # ---- recording ---------------------------------------------------------------
    def record(
        self, game: str, options: dict[str, Any], *, won: bool, seconds: float, score: int
    ) -> None:
        """One finished deal: won, or given up (lost) with the best score it reached."""
        key = (game, options_key(options))
        with self._lock:
            row = self._rows.setdefault(key, _fresh())
            row["played"] += 1
            row["best_score"] = max(row["best_score"], int(score))
            if won:
                row["won"] += 1
                row["streak"] += 1
                row["best_streak"] = max(row["best_streak"], row["streak"])
                t = round(float(seconds), 3)
                row["best_time"] = t if row["best_time"] is None else min(row["best_time"], t)
            else:
                row["streak"] = 0
            if self.path is not None:
                self._save()

    def clear(self) -> None:
        with self._lock:
            self._rows.clear()
            if self.path is not None:
                self._save()

    # ---- reading -----------------------------------------------------------------
    def get(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The figures of one game and options (zeros when none is recorded)."""
        with self._lock:
            row = dict(self._rows.get((game, options_key(options)), _fresh()))
        row["lost"] = row["played"] - row["won"]
        return row

    def rows(self) -> list[dict[str, Any]]:
        with self._lock:
            items = sorted(self._rows.items())
        out = []
        for (game, opts), row in items:
            played, won = row["played"], row["won"]
            out.append(
                {
                    "game": game,
                    "options": opts,
                    **row,
                    "lost": played - won,
                    "win_rate": won / played if played else float("nan"),
                }
            )
        return out

    def frame(self) -> pd.DataFrame:
        """One row per game and options, as a pandas DataFrame (the "analysis" extra)."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=COLUMNS)

    def __repr__(self) -> str:
        where = f" in {self.path}" if self.path is not None else ""
        return f"<Statistics: {sum(r['played'] for r in self._rows.values())} deals{where}>"

    # ---- the file ----------------------------------------------------------------
    def _load(self) -> None:
        assert self.path is not None
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
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
            raise ValueError(f"{self.path}: corrupt statistics file ({err})") from None
        self._rows = loaded

    def _save(self) -> None:
        assert self.path is not None
        rows = [{"game": g, "options": o, **row} for (g, o), row in sorted(self._rows.items())]
        text = json.dumps({"format": FORMAT, "version": VERSION, "rows": rows}, indent=1)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Written aside and renamed: a crash mid-write leaves the old file, not half a file.
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".statistics-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, self.path)


# The figures of this Python session, shared by every widget that is given no other.
SESSION = Statistics()

__all__ = ["COLUMNS", "SESSION", "Statistics", "default_path", "options_key"]
