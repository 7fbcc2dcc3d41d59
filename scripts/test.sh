#!/usr/bin/env bash
# Sets up everything in the project's virtual environment (.venv) and runs every test:
# Debian's chromium (and nodejs/npm when missing), the npm packages, the package with its
# test extras; then ruff, mypy, `node --test` on the pure JS modules and pytest (engine,
# widget, browser, JupyterLab, Notebook 7 and marimo end to end, notebooks under
# --nbval-lax). Works as root and, through sudo for the Debian packages, as a user.
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
source scripts/venv.sh
sw_need_npm

if [ "${1:-}" = "--fast" ]; then
  shift
  [ -f solitaire_widget/static/widget.js ] || { npm ci --no-audit --no-fund && npm run build; }
  sw_install_once test
  "$SW_PY" -m ruff check .
  "$SW_PY" -m ruff format --check .
  "$SW_PY" -m mypy
  "$SW_VENV/bin/lint-imports" --no-cache
  exec "$SW_PY" -m pytest -p no:cacheprovider tests --ignore=tests/browser -m "not slow" -q "$@"
fi

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium (for the browser tests)"
  sw_apt_install chromium ||
    echo "Could not install chromium (as root: apt-get install chromium); the browser tests will be skipped" >&2
fi

npm ci --no-audit --no-fund
npm run build
sw_need_compiler
"$SW_PY" -m pip install -q -e ".[test]"

"$SW_PY" -m ruff check .
"$SW_PY" -m ruff format --check .
"$SW_PY" -m mypy  # files and settings: [tool.mypy] in pyproject.toml
# imports run one way, with no circle, lazy imports included ([tool.importlinter])
"$SW_VENV/bin/lint-imports" --no-cache
npm test
targets=(tests)
compgen -G "notebooks/*.ipynb" >/dev/null && targets+=(notebooks)
# the slowest tests are listed at the end, to see where CI's minutes go
"$SW_PY" -m pytest -p no:cacheprovider "${targets[@]}" --nbval-lax --durations=40 "$@"
# the compiled core's tests once more, against a build with ASan and UBSan
[ "${SW_SKIP_SANITIZE:-}" = 1 ] || bash core/scripts/sanitize.sh "$SW_PY"
