#!/usr/bin/env bash
# Builds the core with AddressSanitizer and UndefinedBehaviorSanitizer and runs the
# core's tests (tests/test_core.py) against that build once. Any error the sanitizers
# find stops the run (halt_on_error), so a clean exit means none was found.
#   bash core/scripts/sanitize.sh [python]      (default: the project's .venv)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
py="${1:-${SW_PY:-$root/.venv/bin/python}}"
bin="$(dirname "$py")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin/cmake" -S core -B "$work/build" -G Ninja -DCMAKE_MAKE_PROGRAM="$bin/ninja" \
  -DSC_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSKBUILD_PROJECT_NAME=solitaire_core -DSKBUILD_PROJECT_VERSION=0.1.0 \
  -DPython_EXECUTABLE="$py" -Dnanobind_DIR="$("$py" -m nanobind --cmake_dir)" >/dev/null
"$bin/cmake" --build "$work/build" >/dev/null

# the sanitized module, in a copy of the package that comes first on the path
mkdir -p "$work/pkg"
cp -r core/src/solitaire_core "$work/pkg/"
cp "$work"/build/_core*.so "$work/pkg/solitaire_core/"

export LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
# Python's own allocations outlive the interpreter on purpose: leaks are not checked
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export PYTHONPATH="$work/pkg${PYTHONPATH:+:$PYTHONPATH}"
export SC_SANITIZED="$work/pkg/solitaire_core"
echo "core tests under ASan + UBSan ($(ls "$work"/pkg/solitaire_core/_core*.so))"
"$py" -m pytest -q -p no:cacheprovider tests/test_core.py
