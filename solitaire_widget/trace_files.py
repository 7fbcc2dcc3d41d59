"""Aisleriot's own traces as the package reads them: where a trace file is, and its
traces (the format is tests/data/TRACES.md's).

The repository keeps every trace in ``tests/data/``; an installed wheel carries only the
few the students' exercises are judged on, in ``solitaire_widget/published/traces/``
(``pyproject.toml``'s force-include), so that an exercise can be checked wherever the
package is installed. The package's copy is looked at first, then the checkout's.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path
from typing import Any

from .budgets import shown

_HERE = Path(__file__).resolve().parent
FOLDERS = (_HERE / "published" / "traces", _HERE.parent / "tests" / "data")


def trace_path(name: str) -> Path:
    """The trace file called ``name`` (``"<file>.jsonl.gz"``, a name, not a path):
    inside the installed package, else in the checkout's ``tests/data``.
    FileNotFoundError saying where it was looked for."""
    if (
        not isinstance(name, str)
        or not name.endswith(".jsonl.gz")
        or Path(name).name != name
        or name.startswith(".")
    ):
        raise ValueError(f"a trace file is named <name>.jsonl.gz, not {shown(name)}")
    for folder in FOLDERS:
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"the trace file {name} is in neither {FOLDERS[0]} (an installed wheel's copy) "
        f"nor {FOLDERS[1]} (the repository's)"
    )


def read_traces(name: str) -> list[dict[str, Any]]:
    """The traces of file ``name``, one dict per game, as TRACES.md describes them, with
    their options as ``Game`` takes them: the traces write unlimited redeals as -1,
    which the public API refuses (it means None). ValueError naming the file and line
    for a file that is not gzip-compressed JSON lines of traces."""
    path = trace_path(name)
    traces = []
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                trace = json.loads(line)
                if (
                    not isinstance(trace, dict)
                    or not isinstance(trace.get("steps"), list)
                    or not isinstance(trace.get("options"), dict)
                    or not isinstance(trace.get("seed"), int)
                ):
                    raise ValueError(f"line {number} is no trace")
                if trace["options"].get("redeals") == -1:
                    trace["options"]["redeals"] = None
                traces.append(trace)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as err:
        raise ValueError(f"{path} is not a file of traces: {err}") from None
    return traces


__all__ = ["FOLDERS", "read_traces", "trace_path"]
