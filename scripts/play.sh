#!/usr/bin/env bash
# Sets up solitaire_widget (the package, its front end and JupyterLab) and opens the
# game to play in JupyterLab. Needs Python >= 3.10, Node.js >= 18 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -e ".[notebook]"
extra=()
# JupyterLab refuses to start as root unless told to (containers, CI-like machines)
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
exec python3 -m jupyter lab "${extra[@]}" notebooks/01-play.ipynb "$@"
