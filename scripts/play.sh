#!/usr/bin/env bash
# Sets up solitaire_widget in the project's virtual environment (.venv: the package, its
# front end, JupyterLab and Notebook 7) and opens the play notebook in JupyterLab, served
# from the repository root. Needs Python >= 3.10; Node.js >= 18 and npm (installed from
# Debian when missing and apt-get is there). Extra arguments go to `jupyter lab`, e.g.
#   bash scripts/play.sh --no-browser --port 8899
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
sw_need_npm

sw_install_once notebook

NOTEBOOK=notebooks/01-play.ipynb
port=8888
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    --port=*) port="${args[$i]#--port=}" ;;
    --port) port="${args[$((i + 1))]:-$port}" ;;
  esac
done
extra=(--ServerApp.root_dir="$PWD" --LabApp.default_url="/lab/tree/$NOTEBOOK")
# JupyterLab refuses to start as root unless told to (containers, CI-like machines)
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
cat <<MSG

  The play notebook: http://localhost:$port/lab/tree/$NOTEBOOK
  (JupyterLab prints the same address with its token below; if the port is taken it
  picks the next free one and says so). Notebook 7: http://localhost:$port/notebooks/$NOTEBOOK
  Stop the server with Ctrl+C.

MSG
exec "$SW_PY" -m jupyter lab "${extra[@]}" "$@"
