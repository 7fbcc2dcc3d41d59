"""Builds a static JupyterLite site where the play notebook runs with no Python server:
the Pyodide kernel runs Python in the browser, and everything it loads is in the site.

    .venv/bin/python scripts/build_lite.py [--out build/lite/site]
    python -m http.server -d build/lite/site -b 127.0.0.1 8000   # then open /lab/index.html

What goes in, all from PyPI and npm (the only registries this project relies on):

- the site itself: jupyterlite-core and jupyterlite-pyodide-kernel (the `lite` extra),
  with the JupyterLab extensions of this environment (ipywidgets', anywidget's);
- the Pyodide runtime, the npm package ``pyodide`` at the version the kernel names;
  that package holds the interpreter and the standard library but none of Pyodide's
  own packages, so the pure-Python ones the kernel needs (micropip, IPython and what it
  imports) come from PyPI at the versions in ``pyodide-lock.json``, which is rewritten
  to point at those files and their checksums;
- this package's wheel and the widget's pure-Python dependencies (anywidget, ipywidgets,
  psygnal, ...), offered to ``piplite`` from the site's own index, with PyPI fallback off;
- ``notebooks/01-play.ipynb`` with one cell in front that installs the package there.

The wheel is installed with ``deps=False`` and the widget's dependencies by name, so its
dependency on the compiled core (``; sys_platform != "emscripten"``, not needed in
Pyodide) can never stop the install; the solver runs its Python search there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# What the play notebook needs in the browser beside the kernel's own packages.
WIDGET_REQUIREMENTS = ["anywidget", "ipywidgets"]
# What the Pyodide kernel installs for itself (its worker: ipykernel and pyodide-kernel
# are shims it ships; the rest come from the lock file or the site's index).
KERNEL_REQUIREMENTS = ["ipython", "jedi", "comm"]

INSTALL_CELL = """\
# JupyterLite: Python runs in this browser tab (Pyodide). Install the table from this
# site's own wheels; the solver uses its Python search here.
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install(%s)
    await piplite.install("solitaire_widget", deps=False)
"""


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(filename: str) -> str:
    return norm(filename.split("-", 1)[0])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_own_wheel(dest: Path) -> Path:
    for old in dest.glob("solitaire_widget-*.whl"):
        old.unlink()
    cmd: list[str | Path] = [sys.executable, "-m", "build", "--wheel", "--outdir", dest]
    try:
        import hatch_jupyter_builder  # noqa: F401
        import hatchling  # noqa: F401

        cmd.append("--no-isolation")  # the backend is here already: no download
    except ImportError:
        pass
    run(*cmd, ROOT, cwd=ROOT)
    (wheel,) = dest.glob("solitaire_widget-*.whl")
    return wheel


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, unpacked; kept in the cache."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "pyodide.mjs").exists():
        return unpacked
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        run("npm", "pack", f"pyodide@{version}", "--pack-destination", cache, cwd=cache)
    tmp = cache / f"pyodide-{version}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp, filter="data")
        else:  # Python < 3.11.4 (Debian 12's 3.11.2): check the members ourselves
            for m in tar.getmembers():
                if not (m.isfile() or m.isdir()) or m.name.startswith("/") or ".." in m.name:
                    raise SystemExit(f"unexpected member in {tgz.name}: {m.name}")
            tar.extractall(tmp)  # members checked above
    shutil.rmtree(unpacked, ignore_errors=True)
    (tmp / "package").rename(unpacked)
    shutil.rmtree(tmp)
    return unpacked


def pure_lock_packages(lock: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        norm(n): p
        for n, p in lock["packages"].items()
        if p["file_name"].endswith("-none-any.whl") and p.get("package_type") == "package"
    }


def download(
    requirements: list[str], dest: Path, python: str, constraints: Path, deps: bool = True
) -> None:
    """Pure-Python wheels for Pyodide's Python, with the lock file's versions where the
    lock has the package (then Pyodide's loader and micropip agree)."""
    cmd: list[str | Path] = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "-q",
        "--dest",
        dest,
        "--only-binary=:all:",
        "--python-version",
        python,
        "--implementation",
        "py",
        "--abi",
        "none",
        "--platform",
        "any",
        "-c",
        constraints,
        *requirements,
    ]
    if not deps:
        cmd.append("--no-deps")
    run(*cmd)


def prepare_pyodide(pyodide: Path, out: Path, wheels: Path, python: str, work: Path) -> None:
    """A copy of the npm Pyodide whose lock file points at PyPI's wheels of the pure
    packages the kernel loads (micropip and, through micropip, IPython's family)."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(pyodide, out)
    lock_path = out / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    pure = pure_lock_packages(lock)
    constraints = work / "pyodide-constraints.txt"
    constraints.write_text("".join(f"{n}=={p['version']}\n" for n, p in sorted(pure.items())))
    download(["micropip", *KERNEL_REQUIREMENTS, *WIDGET_REQUIREMENTS], wheels, python, constraints)
    # The lock's own dependencies of what is there (asttokens needs six, ...), in turn.
    while True:
        have = {wheel_name(w.name) for w in wheels.glob("*.whl")}
        wanted = {norm(d) for n in have & pure.keys() for d in pure[n]["depends"]}
        missing = sorted(wanted - have)
        if not missing:
            break
        unknown = [m for m in missing if m not in pure]
        if unknown:
            raise SystemExit(f"pyodide-lock.json needs {unknown}, which are not pure wheels")
        download(
            [f"{m}=={pure[m]['version']}" for m in missing], wheels, python, constraints, deps=False
        )
    by_name = {norm(n): n for n in lock["packages"]}
    for whl in sorted(wheels.glob("*.whl")):
        name = wheel_name(whl.name)
        if name not in pure:
            continue
        entry = lock["packages"][by_name[name]]
        shutil.copy2(whl, out / whl.name)
        entry["file_name"] = whl.name
        entry["sha256"] = sha256(whl)
        entry["version"] = whl.name.split("-")[1]
        whl.unlink()  # Pyodide's loader serves it; the site's index need not
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    # Every file the lock names for what the kernel loads is here.
    for name in ["micropip", *KERNEL_REQUIREMENTS]:
        entry = lock["packages"].get(by_name.get(norm(name), name))
        if entry is not None:
            f = out / entry["file_name"]
            if not f.exists():
                raise SystemExit(f"missing from the Pyodide folder: {f.name}")


def play_notebook(dest: Path) -> Path:
    nb = json.loads((ROOT / "notebooks" / "01-play.ipynb").read_text(encoding="utf-8"))
    reqs = json.dumps(WIDGET_REQUIREMENTS)
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "lite-install",
        "metadata": {},
        "outputs": [],
        "source": (INSTALL_CELL % reqs).splitlines(keepends=True),
    }
    nb["cells"].insert(1, cell)
    nb["metadata"]["kernelspec"] = {
        "display_name": "Python (Pyodide)",
        "language": "python",
        "name": "python",
    }
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / "01-play.ipynb"
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "lite" / "site")
    ap.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "lite" / "work",
        help="downloads and intermediate files (kept between builds)",
    )
    args = ap.parse_args()
    from jupyterlite_pyodide_kernel import constants

    work: Path = args.work.resolve()
    out: Path = args.out.resolve()
    python = constants.PYODIDE_PYTHON_VERSION
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)

    own = build_own_wheel(wheels)
    pyodide = fetch_pyodide(constants.PYODIDE_VERSION, work / "npm")
    lite_dir = work / "lite"
    shutil.rmtree(lite_dir, ignore_errors=True)
    # static/pyodide in the lite folder is where the kernel's addon looks for a local
    # Pyodide: it copies it into the site and points the kernel at it.
    prepare_pyodide(pyodide, lite_dir / "static" / "pyodide", wheels, python, work)
    contents = play_notebook(lite_dir / "contents")
    settings = {KERNEL_PLUGIN: {"disablePyPIFallback": True}}
    (lite_dir / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {"litePluginSettings": settings},
            },
            indent=1,
        )
    )
    shutil.rmtree(out, ignore_errors=True)
    wheel_args: list[str | Path] = []
    for whl in sorted(wheels.glob("*.whl")):
        wheel_args += ["--piplite-wheels", whl]
    run(
        sys.executable,
        "-m",
        "jupyter",
        "lite",
        "build",
        "--lite-dir",
        lite_dir,
        "--output-dir",
        out,
        "--contents",
        contents.parent,
        *wheel_args,
        cwd=lite_dir,
    )
    for f in [
        "static/pyodide/pyodide.mjs",
        "static/pyodide/pyodide-lock.json",
        "files/01-play.ipynb",
        f"pypi/{own.name}",
    ]:
        if not (out / f).exists():
            raise SystemExit(f"the site lacks {f}")
    print(
        f"JupyterLite site: {out}\n  serve it: {sys.executable} -m http.server -d {out} "
        "-b 127.0.0.1 8000\n  open: http://127.0.0.1:8000/lab/index.html?path=01-play.ipynb"
    )


if __name__ == "__main__":
    main()
