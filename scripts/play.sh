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
port=""
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    --port=*) port="${args[$i]#--port=}" ;;
    --port) port="${args[$((i + 1))]:-}" ;;
  esac
done
extra=(--ServerApp.root_dir="$PWD" --LabApp.default_url="/lab/tree/$NOTEBOOK")
if [ -z "$port" ]; then
  # the first free port from 8888 on, chosen here so that the address printed below is
  # the one the server listens on
  port="$("$SW_PY" -c 'import socket
for p in range(8888, 8988):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", p))
        except OSError:
            continue
        print(p)
        break')"
  extra+=(--port="$port" --ServerApp.port_retries=0)
fi
# The token is made here, not by the server, so the address printed below opens the
# notebook at once instead of JupyterLab's login page. JUPYTER_TOKEN, when set, is used.
export JUPYTER_TOKEN="${JUPYTER_TOKEN:-$("$SW_PY" -c 'import secrets; print(secrets.token_hex(24))')}"
# JupyterLab refuses to start as root unless told to (containers, CI-like machines)
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
cat <<MSG

  The play notebook: http://localhost:$port/lab/tree/$NOTEBOOK?token=$JUPYTER_TOKEN
  Notebook 7:        http://localhost:$port/notebooks/$NOTEBOOK?token=$JUPYTER_TOKEN
  Stop the server with Ctrl+C.

MSG
exec "$SW_PY" -m jupyter lab "${extra[@]}" "$@"
