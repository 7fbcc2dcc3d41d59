# Sourced by scripts/play.sh and scripts/test.sh: makes sure the project's own virtual
# environment (.venv at the repository root) exists and puts it first on the PATH, so
# nothing is ever installed into the global Python. An existing .venv is reused as it is.
# Set SW_VENV to use another folder.

sw_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SW_VENV="${SW_VENV:-$sw_root/.venv}"

sw_as_root() {  # a command as root: directly when we are root, else through sudo
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "not root and no sudo: cannot run $*" >&2
    return 1
  fi
}

sw_apt_install() {  # Debian packages, installed only when asked for by a missing tool
  sw_as_root apt-get update -qq
  sw_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! "$SW_VENV/bin/python" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null; then
  base="${PYTHON:-python3}"
  if ! "$base" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null; then
    echo "solitaire_widget needs Python >= 3.10 ($base is missing or older)" >&2
    exit 1
  fi
  echo "Creating the virtual environment $SW_VENV (from $(command -v "$base"))"
  if ! "$base" -m venv "$SW_VENV" 2>/dev/null; then
    # Debian keeps venv's ensurepip in a package of its own (python3.X-venv).
    rm -rf "$SW_VENV"
    if command -v apt-get >/dev/null 2>&1; then
      v="$("$base" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
      sw_apt_install "python$v-venv" || sw_apt_install python3-venv
    fi
    "$base" -m venv "$SW_VENV"
  fi
fi

export VIRTUAL_ENV="$SW_VENV"
export PATH="$SW_VENV/bin:$PATH"
export PIP_DISABLE_PIP_VERSION_CHECK=1
SW_PY="$SW_VENV/bin/python"

sw_install_key() {  # what an install depends on: pyproject.toml, hatch_build.py and the
  # core's sources (the package itself is editable: Python and front-end changes need no
  # new install)
  (cd "$sw_root" && { cat pyproject.toml hatch_build.py 2>/dev/null
    find core -path core/build -prune -o -type f \( -name '*.[ch]pp' -o -name '*.txt' \
      -o -name '*.toml' -o -name '*.py' -o -name '*.pyi' \) -print 2>/dev/null | sort |
      xargs -r cat; } | sha256sum | cut -c1-32)
}

sw_install_once() {  # sw_install_once EXTRAS: pip install -e ".[EXTRAS]" unless the same
  # install was done for the same sw_install_key
  local extras="$1" stamp key
  stamp="$SW_VENV/.solitaire-widget-$extras"
  key="$(sw_install_key)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] &&
     "$SW_PY" -c 'import solitaire_widget, anywidget, jupyterlab' 2>/dev/null; then
    echo "solitaire_widget[$extras] is installed in $SW_VENV (unchanged since)"
    return 0
  fi
  sw_need_compiler
  echo "Installing solitaire_widget[$extras] into $SW_VENV"
  sw_pip_install "$extras" || return  # no stamp for an install that failed
  echo "$key" >"$stamp"
}

sw_build_tools() {  # what building the package and the core needs, in the venv itself:
  # both [build-system] tables' requirements, and hatchling's for an editable install
  "$SW_PY" - "$sw_root" <<'PY'
import re, sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10: the one table, read plainly
    tomllib = None
for name in ("pyproject.toml", "core/pyproject.toml"):
    text = Path(sys.argv[1], name).read_text(encoding="utf-8")
    if tomllib is not None:
        reqs = tomllib.loads(text)["build-system"]["requires"]
    else:
        table = text.split("[build-system]", 1)[1].split("\n[", 1)[0]
        reqs = re.findall(r'"([^"]+)"', table.split("requires", 1)[1].split("]", 1)[0])
    print("\n".join(reqs))
print("editables")  # hatchling's editable wheels need it (its build_editable requirement)
PY
  # CMake and Ninja from PyPI: the core needs no system build tools but a C++ compiler
  echo cmake
  echo ninja
}

sw_pip_install() {  # sw_pip_install EXTRAS: pip install -e ".[EXTRAS]", the core built
  # once per change. pip's build isolation makes a new build environment at a new temp
  # path for every install, so CMake saw new paths each time and compiled the whole
  # core again (1.5-2.5 minutes per extra installed). Built without isolation, from
  # build tools installed in the venv, the core's build folder (core/build/<wheel tag>,
  # core/pyproject.toml) keeps the same paths and Ninja recompiles only what changed.
  local tools
  tools="$(sw_build_tools)"
  # shellcheck disable=SC2086  # one requirement a line, none with spaces
  "$SW_PY" -m pip install -q $tools
  "$SW_PY" -m pip install -q --no-build-isolation -e "$sw_root[$1]"
}

sw_need_npm() {  # Node.js and npm build the front end during `pip install -e .`
  if ! command -v npm >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
      echo "Installing Debian's nodejs and npm (the front end is built with them)"
      sw_apt_install nodejs npm
    else
      echo "solitaire_widget's front end needs Node.js >= 18 and npm" >&2
      exit 1
    fi
  fi
}

sw_need_compiler() {  # the search core (core/) is compiled during `pip install`: a C++20
  # compiler and the headers of the Python it is built for (CMake and Ninja come from PyPI)
  local cxx="${CXX:-}" missing=() v probe
  if [ -z "$cxx" ]; then
    for c in c++ g++ clang++; do
      if command -v "$c" >/dev/null 2>&1; then cxx="$c"; break; fi
    done
  fi
  probe="$(mktemp -d)"
  printf '#include <concepts>\nint main() { return 0; }\n' >"$probe/c.cpp"
  if [ -z "$cxx" ] || ! "$cxx" -std=c++20 -o "$probe/c" "$probe/c.cpp" >/dev/null 2>&1; then
    missing+=(g++)
  fi
  rm -rf "$probe"
  if ! "$SW_PY" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    v="$("$SW_PY" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    missing+=("python$v-dev")
  fi
  [ ${#missing[@]} -eq 0 ] && return 0
  if command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${missing[*]} (the search core is compiled from source)"
    sw_apt_install "${missing[@]}" && return 0
  fi
  echo "solitaire_widget's search core is compiled during the install: it needs a C++20" \
    "compiler (g++ or clang++) and the Python headers (Debian: g++ python3-dev)" >&2
  exit 1
}
