#!/usr/bin/env bash
# Sets up solitaire_widget in the project's virtual environment (.venv: the package, its
# front end, JupyterLab and Notebook 7) and opens the play notebook in JupyterLab, served
# from the repository root. Needs Python >= 3.10 with its headers and a C++20 compiler
# (the search core is compiled during the install), Node.js >= 18 and npm (each
# installed from Debian when missing and apt-get is there). Extra arguments go to
# `jupyter lab`, e.g.
#   bash scripts/play.sh --no-browser --port 8899
#
# What is opened is a working copy of notebooks/01-play.ipynb in play/ (ignored by git),
# so that playing, which JupyterLab saves with its outputs, never changes a file git
# tracks. The copy is made when it is missing, and made again (the old one kept beside
# it) when the shipped notebook has changed since; SW_PLAY_DIR names another folder
# under the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
sw_need_npm
sw_need_compiler

sw_install_once notebook

SOURCE=notebooks/01-play.ipynb
PLAY_DIR="${SW_PLAY_DIR:-play}"
case "$PLAY_DIR" in
  /* | *..*) echo "SW_PLAY_DIR must be a folder under the repository root, not $PLAY_DIR" >&2; exit 1 ;;
esac
NOTEBOOK="$PLAY_DIR/01-play.ipynb"
STAMP="$PLAY_DIR/.01-play.from"  # the shipped notebook's hash when the copy was made
mkdir -p "$PLAY_DIR"
shipped="$(sha256sum "$SOURCE" | cut -c1-64)"
if [ ! -f "$NOTEBOOK" ]; then
  cp "$SOURCE" "$NOTEBOOK"
  echo "$shipped" >"$STAMP"
  echo "Your copy of the play notebook: $NOTEBOOK (from $SOURCE; git ignores it)"
elif [ "$(cat "$STAMP" 2>/dev/null)" != "$shipped" ]; then
  # the shipped notebook changed (a pull, say): the player's old copy is kept, not lost
  old="$PLAY_DIR/01-play.$(date +%Y%m%d-%H%M%S).ipynb"
  mv "$NOTEBOOK" "$old"
  cp "$SOURCE" "$NOTEBOOK"
  echo "$shipped" >"$STAMP"
  echo "$SOURCE has changed: $NOTEBOOK is a fresh copy of it; your old one is $old"
fi

# The port: the one asked for (--port N, --port=N, --ServerApp.port=N) or 8888, or the
# first free one after it, chosen here and given to the server with no retries, so that
# the address printed below is the one the server listens on (left to itself, the
# server would move on to N+1 after the address for N was printed). Those arguments
# are taken out of what goes to `jupyter lab`.
port=8888
ip=127.0.0.1
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port=* | --ServerApp.port=*) port="${1#*=}" ;;
    --port | --ServerApp.port) port="${2:-}"; shift ;;
    --port-retries=* | --ServerApp.port_retries=*) ;;
    --port-retries | --ServerApp.port_retries) shift ;;
    --ip=* | --ServerApp.ip=*) ip="${1#*=}"; args+=("$1") ;;
    *) args+=("$1") ;;
  esac
  shift || true
done
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
  echo "--port must be a port number from 1 to 65535, not '$port'" >&2
  exit 1
fi
asked="$port"
port="$("$SW_PY" - "$port" "$ip" <<'PY'
import socket
import sys

first, ip = int(sys.argv[1]), sys.argv[2]
host = "" if ip in ("0.0.0.0", "*", "") else ("127.0.0.1" if ip == "localhost" else ip)
for p in range(first, min(first + 50, 65536)):  # as far as the server itself would look
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, p))
    except OSError:
        continue
    print(p)
    break
PY
)"
if [ -z "$port" ]; then
  echo "No free port from $asked to $((asked + 49)); give another with --port" >&2
  exit 1
fi
[ "$port" = "$asked" ] || echo "Port $asked is in use: serving on port $port instead"
extra=(--ServerApp.root_dir="$PWD" --LabApp.default_url="/lab/tree/$NOTEBOOK"
  --port="$port" --ServerApp.port_retries=0)
# The token is made here, not by the server, so the address printed below opens the
# notebook at once instead of JupyterLab's login page. JUPYTER_TOKEN, when set, is used.
export JUPYTER_TOKEN="${JUPYTER_TOKEN:-$("$SW_PY" -c 'import secrets; print(secrets.token_hex(24))')}"
# JupyterLab refuses to start as root unless told to (containers, CI-like machines)
[ "$(id -u)" = 0 ] && extra+=(--allow-root)
cat <<MSG

  The play notebook: http://localhost:$port/lab/tree/$NOTEBOOK?token=$JUPYTER_TOKEN
  Notebook 7:        http://localhost:$port/notebooks/$NOTEBOOK?token=$JUPYTER_TOKEN
  It is your copy: play and save freely; delete $PLAY_DIR/ to start again from $SOURCE.
  Stop the server with Ctrl+C.

MSG
exec "$SW_PY" -m jupyter lab "${extra[@]}" "${args[@]}"
