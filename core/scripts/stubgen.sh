#!/usr/bin/env bash
# Writes the stub of the installed compiled module (solitaire_core._core) with
# nanobind's stubgen: after a change to cpp/bindings.cpp, rebuild, then run this and
# commit core/src/solitaire_core/_core.pyi (tests/test_core_parts.py fails while the
# committed stub differs from what this writes).
#   bash core/scripts/stubgen.sh [python] [output]   (default: the project's .venv, the
#                                                     committed stub)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
py="${1:-${SW_PY:-$root/.venv/bin/python}}"
out="${2:-$root/core/src/solitaire_core/_core.pyi}"
"$py" -m nanobind.stubgen -q --exclude-values -m solitaire_core._core \
  -p "$root/core/stubgen-patterns.txt" -o "$out"
