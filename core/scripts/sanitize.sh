#!/usr/bin/env bash
# Builds the core with AddressSanitizer and UndefinedBehaviorSanitizer and runs the
# core's tests (tests/test_core.py, tests/test_core_threads.py) against that build once;
# then builds it with ThreadSanitizer and runs the helper search's tests (two threads
# sharing one table) against that. Any error a sanitizer finds stops the run
# (halt_on_error), so a clean exit means none was found. Tests marked slow (whole deals
# searched again and again) are left out here: under TSan they took most of ten minutes
# and exercise the same code as the quick ones; the ordinary pytest run keeps them.
#   bash core/scripts/sanitize.sh [python]      (default: the project's .venv)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
py="${1:-${SW_PY:-$root/.venv/bin/python}}"
bin="$(dirname "$py")"
work="$(mktemp -d)"
# the name and version as core/pyproject.toml writes them (scikit-build-core hands them
# to CMake the same way)
version="$("$py" -c 'import sys; sys.path.insert(0, sys.argv[1]); import hatch_build
print(hatch_build.core_version(sys.argv[1]))' "$root")"
trap 'rm -rf "$work"' EXIT

# build NAME CMAKE_FLAG: the sanitized module, in a copy of the package at $work/NAME
build() {
  "$bin/cmake" -S core -B "$work/build-$1" -G Ninja -DCMAKE_MAKE_PROGRAM="$bin/ninja" \
    "$2" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSKBUILD_PROJECT_NAME=solitaire_core -DSKBUILD_PROJECT_VERSION="$version" \
    -DPython_EXECUTABLE="$py" -Dnanobind_DIR="$("$py" -m nanobind --cmake_dir)" >/dev/null
  "$bin/cmake" --build "$work/build-$1" >/dev/null
  mkdir -p "$work/$1"
  cp -r core/src/solitaire_core "$work/$1/"
  cp "$work"/build-"$1"/_core*.so "$work/$1/solitaire_core/"
}

build asan -DSC_SANITIZE=ON
echo "core tests under ASan + UBSan ($(ls "$work"/asan/solitaire_core/_core*.so))"
(
  export LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
  # Python's own allocations outlive the interpreter on purpose: leaks are not checked
  export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  export PYTHONPATH="$work/asan${PYTHONPATH:+:$PYTHONPATH}"
  export SC_SANITIZED="$work/asan/solitaire_core"
  "$py" -m pytest -q -p no:cacheprovider -m "not slow" tests/test_core.py tests/test_core_threads.py
)

build tsan -DSC_TSAN=ON
echo "helper search tests under TSan ($(ls "$work"/tsan/solitaire_core/_core*.so))"
(
  export LD_PRELOAD="$(gcc -print-file-name=libtsan.so)"
  export TSAN_OPTIONS=halt_on_error=1:report_signal_unsafe=0
  export PYTHONPATH="$work/tsan${PYTHONPATH:+:$PYTHONPATH}"
  export SC_SANITIZED="$work/tsan/solitaire_core"
  "$py" -m pytest -q -p no:cacheprovider -m "not slow" tests/test_core_threads.py
)
