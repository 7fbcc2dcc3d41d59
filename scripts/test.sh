#!/usr/bin/env bash
# Sets up everything (Debian's chromium, npm packages, the package with its test extras)
# and runs every test: ruff, node --test on the pure JS modules, pytest (engine, widget,
# browser, JupyterLab end to end, notebooks).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi

npm ci --no-audit --no-fund
npm run build
python3 -m pip install -q --upgrade pip
python3 -m pip install -q -e ".[test]"

python3 -m ruff check .
npm test
targets=(tests)
compgen -G "notebooks/*.ipynb" >/dev/null && targets+=(notebooks)
python3 -m pytest -p no:cacheprovider "${targets[@]}" --nbval-lax "$@"
