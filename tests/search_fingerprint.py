"""A fingerprint of the Python search: what it answers, after how many nodes, with
which line, on fixed deals and budgets.

It fingerprints the Python search (``engine="python"``), the reference. Any change to
it that is meant to keep its behaviour (moving code, renaming, speeding up) must leave
this fingerprint exactly as it was; a change that alters node counts is a change of the
search and needs arguing on its own. Two sizes:

- ``quick``: what ``test_search_fingerprint.py`` checks on every test run (a few seconds);
- ``full``: every variant on seeds 1..40 at 20,000 nodes, for checking by hand::

      .venv/bin/python tests/search_fingerprint.py --check        # compare
      .venv/bin/python tests/search_fingerprint.py --write        # record anew

Both are stored in ``tests/data/search-fingerprint.json.gz`` (gzipped: the full size of
every rule set is 2 MB of JSON; ``--check`` prints what changed, entry by entry).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

from solitaire_widget import Game
from solitaire_widget.games import rule_sets
from solitaire_widget.solver import BudgetSpent, Search, solve

DATA = Path(__file__).parent / "data" / "search-fingerprint.json.gz"

# every rule set of every registered game (its variants and further rule sets)
VARIANTS: list[tuple[str, dict[str, Any]]] = [(v.game, dict(v.options)) for v in rule_sets()]

# (seeds, node budget of the main search, seeds and budget with prune=False,
#  seeds and budget for solve() with its default probes and loosest-rules search)
SIZES: dict[str, dict[str, Any]] = {
    "quick": {
        "seeds": range(1, 21),
        "nodes": 4000,
        "plain_seeds": range(1, 4),
        "plain_nodes": 1500,
        "solve_seeds": range(1, 6),
        "solve_nodes": 8000,
    },
    "full": {
        "seeds": range(1, 41),
        "nodes": 20000,
        "plain_seeds": range(1, 6),
        "plain_nodes": 5000,
        "solve_seeds": range(1, 11),
        "solve_nodes": 40000,
    },
}


def _label(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in sorted(options.items()))


def _search(name: str, options: dict[str, Any], seed: int, nodes: int, prune: bool) -> list[Any]:
    search = Search(Game(name, seed=seed, **options).table, prune=prune)
    try:
        result, line = search.run(None, nodes)
    except BudgetSpent:
        result, line = "unknown", []
    return [result, search.nodes, " ".join(line)]


def record(size: str) -> dict[str, Any]:
    """The fingerprint of the search as it is now, at ``size`` ("quick" or "full")."""
    spec = SIZES[size]
    out: dict[str, Any] = {}
    for name, options in VARIANTS:
        entry: dict[str, Any] = {
            "search": {s: _search(name, options, s, spec["nodes"], True) for s in spec["seeds"]},
            "plain": {
                s: _search(name, options, s, spec["plain_nodes"], False)
                for s in spec["plain_seeds"]
            },
        }
        solved = {}
        for s in spec["solve_seeds"]:
            # the Python search, not the compiled core that "auto" picks where it loads
            r = solve(
                Game(name, seed=s, **options),
                seconds=None,
                nodes=spec["solve_nodes"],
                engine="python",
            )
            solved[s] = [r.result, r.nodes, " ".join(r.solution)]
        entry["solve"] = solved
        out[_label(name, options)] = entry
    # JSON keys are strings: make the seeds so here too, for equal comparison
    return json.loads(json.dumps(out))


def _dump(data: dict[str, Any]) -> str:
    # one line per variant and part, so that a diff shows where the search changed
    lines = ["{"]
    for i, size in enumerate(sorted(data)):
        lines.append(f" {json.dumps(size)}: {{")
        variants = data[size]
        for j, label in enumerate(variants):
            lines.append(f"  {json.dumps(label)}: {{")
            parts = variants[label]
            for k, part in enumerate(parts):
                comma = "," if k < len(parts) - 1 else ""
                lines.append(f"   {json.dumps(part)}: {json.dumps(parts[part])}{comma}")
            lines.append("  }" + ("," if j < len(variants) - 1 else ""))
        lines.append(" }" + ("," if i < len(data) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def load() -> dict[str, Any]:
    return json.loads(gzip.decompress(DATA.read_bytes()).decode())


def _store(data: dict[str, Any]) -> None:
    # mtime 0 and no file name: the same fingerprint is the same bytes
    DATA.write_bytes(gzip.compress(_dump(data).encode(), mtime=0))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help="record and store the fingerprint")
    ap.add_argument("--check", action="store_true", help="compare with the stored one")
    ap.add_argument("--size", choices=[*SIZES, "both"], default="both")
    args = ap.parse_args(argv)
    sizes = list(SIZES) if args.size == "both" else [args.size]
    stored = load() if DATA.exists() else {}
    bad = 0
    for size in sizes:
        now = record(size)
        if args.write:
            stored[size] = now
        if args.check:
            for label, entry in now.items():
                for part, runs in entry.items():
                    for seed, got in runs.items():
                        want = stored[size][label][part][seed]
                        if got != want:
                            bad += 1
                            print(f"{size} {label} {part} seed {seed}: {want[:2]} -> {got[:2]}")
            print(f"{size}: {'differs' if bad else 'identical'}")
    if args.write:
        _store(stored)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
