"""Counts the import circles in the package: every import statement counts, those made
inside functions and under ``if TYPE_CHECKING`` too (grimp reads them all), so a lazy
import cannot hide a circle.

    python scripts/import_cycles.py              # the checkout this script is in
    python scripts/import_cycles.py --root DIR   # another checkout (an older commit, say)

Prints each strongly connected group of modules (a set of modules each of which imports,
directly or not, every other) and exits 1 if there is any. CI runs import-linter's
contracts (pyproject.toml, [tool.importlinter]) for the same rule; this script is the
measurement.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import grimp

PACKAGE = "solitaire_widget"


def groups(root: Path) -> list[list[str]]:
    sys.path.insert(0, str(root))
    try:
        graph = grimp.build_graph(PACKAGE, cache_dir=None)
    finally:
        sys.path.remove(str(root))
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(edges.get(nxt, ()))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        m = stack.pop()
                        on.discard(m)
                        group.append(m)
                        if m == node:
                            break
                    # a package importing its own submodules is not a circle of code
                    if len(group) > 1:
                        out.append(sorted(group))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = ap.parse_args()
    found = groups(args.root.resolve())
    modules = sum(len(g) for g in found)
    print(f"{len(found)} import circle(s), {modules} module(s) in them")
    for g in found:
        print("  " + " <-> ".join(m.removeprefix(PACKAGE + ".") for m in g))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
