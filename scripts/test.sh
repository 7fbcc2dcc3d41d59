#!/usr/bin/env bash
# Sets up everything in the project's virtual environment (.venv) and runs every test:
# Debian's chromium (and nodejs/npm when missing), the npm packages, the package with its
# test extras; then the pre-commit checks (ruff, Biome, clang-format), mypy, the import
# contracts, `node --test` on the pure JS modules and pytest (engine, widget, browser,
# JupyterLab, Notebook 7 and marimo end to end, notebooks under --nbval-lax). Works as
# root and, through sudo for the Debian packages, as a user.
# Extra arguments go to pytest.
#
#   bash scripts/test.sh --fast   # the inner loop: the checks, then the engine, API, rules,
#                                 # search and core tests (pytest -m "not slow", no browser,
#                                 # no notebooks, no sanitizer build), in a few minutes; it
#                                 # installs only what changed since the last install. The
#                                 # deep checks of the search (brute force, metamorphic,
#                                 # fingerprint) are marked slow: run them by hand with
#                                 # `.venv/bin/python -m pytest -m slow tests` after a change
#                                 # to the search or the core
set -euo pipefail
cd "$(dirname "$0")/.."
# Where CI's minutes go, phase by phase (CI shows a part of the log: the clock is in it)
sw_phase() { echo "==== $(date -u +%T) ${SECONDS}s, load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'): $*"; }
sw_phase "setup"
source scripts/venv.sh
sw_need_npm

# The rl-train extra (torch and sb3-contrib: MaskablePPO trains in tests/test_env_sb3.py
# and the README), pinned to torch's CPU build, SW_TORCH: 35 s from a wheel on disk here
# (pip's find-links), 870 MB in the venv. Where that build cannot be had, nothing is
# installed (never the CUDA build pip would take by default, several GB) and those tests
# are skipped, saying why. The rest of the extra is read from pyproject.toml, not the
# editable package again (that would compile the core once more).
SW_TORCH="${SW_TORCH:-torch==2.13.0+cpu}"
sw_install_rl_train() {
  local reqs
  if "$SW_PY" -c 'import sys, torch, sb3_contrib  # rl-train installed?
sys.exit(torch.__version__ != sys.argv[1])' "${SW_TORCH#torch==}" 2>/dev/null; then
    echo "rl-train: torch ${SW_TORCH#torch==} and sb3-contrib are installed"
    return 0
  fi
  reqs="$("$SW_PY" -c 'import ast, re
extra = re.search(r"^rl-train = (\[.*\])$", open("pyproject.toml").read(), re.M).group(1)
print(" ".join(r for r in ast.literal_eval(extra) if not r.startswith(("solitaire_widget", "torch"))))')"
  if "$SW_PY" -m pip install -q "$SW_TORCH" && "$SW_PY" -m pip install -q $reqs; then
    "$SW_PY" -c 'import torch, sb3_contrib; print("rl-train: torch", torch.__version__, "sb3-contrib", sb3_contrib.__version__)'
  else
    echo "rl-train extra not installed ($SW_TORCH cannot be had here): the MaskablePPO tests will be skipped" >&2
  fi
}

# The hooks of .pre-commit-config.yaml over every file in git: ruff check and ruff format
# on the Python, Biome on js/, clang-format on core/cpp. They only check (the config
# says how to fix); local hooks, so nothing is fetched.
sw_checks() {
  "$SW_PY" -m pre_commit run --all-files
}

if [ "${1:-}" = "--fast" ]; then
  shift
  # Biome (for the pre-commit checks) and esbuild come from node_modules
  [ -x node_modules/.bin/biome ] || npm ci --no-audit --no-fund
  [ -f solitaire_widget/static/widget.js ] || npm run build
  sw_install_once test
  sw_checks
  "$SW_PY" -m mypy
  "$SW_VENV/bin/lint-imports" --no-cache
  # --doctest-modules: the package's docstring examples run too (conftest.py)
  exec "$SW_PY" -m pytest -p no:cacheprovider tests solitaire_widget --doctest-modules \
    --ignore=tests/browser -m "not slow" -q "$@"
fi

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium (for the browser tests)"
  sw_apt_install chromium ||
    echo "Could not install chromium (as root: apt-get install chromium); the browser tests will be skipped" >&2
fi

sw_phase "npm ci, the front end's build, the package and its core"
npm ci --no-audit --no-fund
npm run build
sw_install_once test  # the core compiled once per change (scripts/venv.sh)
sw_install_rl_train

sw_phase "pre-commit, mypy, import contracts, node --test"
sw_checks
"$SW_PY" -m mypy  # files and settings: [tool.mypy] in pyproject.toml
# imports run one way, with no circle, lazy imports included ([tool.importlinter])
"$SW_VENV/bin/lint-imports" --no-cache
npm test
targets=(tests solitaire_widget)  # the package for its doctests (--doctest-modules)
compgen -G "notebooks/*.ipynb" >/dev/null && targets+=(notebooks)
# The compiled core's tests once more, against builds with ASan + UBSan and with TSan,
# beside the main run rather than after it: pytest keeps about one core busy, and the
# machine has two (at load 4, CI's share of the CPU grows with its runnable processes).
# Its output is shown when it ends; either run failing fails the whole.
sanitize_pid=""
if [ "${SW_SKIP_SANITIZE:-}" != 1 ]; then
  sanitize_log="$(mktemp)"
  bash core/scripts/sanitize.sh "$SW_PY" >"$sanitize_log" 2>&1 &
  sanitize_pid=$!
fi
# Two pytest workers (pytest-xdist), a file's tests on one worker and the browser tests
# on one (conftest.py groups them): most tests are one search on one core, so the run
# takes about half the time on two cores, and at load 4 its share of the CPU grows with
# its runnable processes. SW_TEST_WORKERS=0 runs it in one process.
workers=(-n "${SW_TEST_WORKERS:-2}" --dist loadfile)
[ "${SW_TEST_WORKERS:-2}" != 0 ] || workers=()
# the slowest tests are listed at the end, to see where CI's minutes go
status=0
sw_phase "pytest"
"$SW_PY" -m pytest -p no:cacheprovider "${workers[@]}" "${targets[@]}" --doctest-modules --nbval-lax \
  --durations=40 "$@" || status=$?
sw_phase "pytest ended (exit $status)"
if [ -n "$sanitize_pid" ]; then
  sanitize_status=0
  wait "$sanitize_pid" || sanitize_status=$?
  echo "---- the core under the sanitizers (core/scripts/sanitize.sh, exit $sanitize_status)"
  cat "$sanitize_log"
  rm -f "$sanitize_log"
  [ "$status" != 0 ] || status=$sanitize_status
fi
sw_phase "done (exit $status)"
exit "$status"
