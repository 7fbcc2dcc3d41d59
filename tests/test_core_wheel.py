"""The compiled core as a user gets it: a wheel, installed into a fresh virtual
environment, that solves with no compiler anywhere on the PATH."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def test_core_wheel_installs_and_solves_without_a_compiler(tmp_path):
    tools = ("scikit_build_core", "nanobind", "cmake", "ninja")
    if not all(importlib.util.find_spec(m) for m in tools):
        pytest.skip("the core's build tools are not installed (the test extra has them)")
    out = tmp_path / "dist"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT / "core"),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    (wheel,) = out.glob("solitaire_core-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("solitaire_core/_core") and n.endswith(".so") for n in names)
    assert not any(n.endswith((".cpp", ".hpp")) for n in names)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    r = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr

    version = re.search(
        r'^version = "([^"]+)"', (ROOT / "core" / "pyproject.toml").read_text(), re.MULTILINE
    )
    assert version
    check = textwrap.dedent(f"""
        import shutil, sys
        sys.path.insert(0, {str(ROOT)!r})  # solitaire_widget itself is pure Python
        for cc in ("cc", "c++", "gcc", "g++", "clang", "cmake"):
            assert shutil.which(cc) is None, cc
        import solitaire_core
        assert solitaire_core.__file__.startswith({str(venv)!r}), solitaire_core.__file__
        assert solitaire_core.__version__ == {version.group(1)!r}, solitaire_core.__version__
        from solitaire_widget import Game
        g = Game("saratoga", seed=7)
        r = g.solve(seconds=30)
        assert r.engine == "core" and r.result == "won", r
        for action in r.solution:
            g.play(action)
        assert g.is_won
        # and a game with face-down cards, searched by the same part
        k = Game("klondike", seed=7)
        r = k.solve(seconds=30)
        assert r.engine == "core" and r.result in ("won", "lost"), r
        print("OK", r)
    """)
    # only the fresh environment's own bin folder: no compiler, no cmake
    env = {"PATH": str(venv / "bin"), "HOME": str(tmp_path)}
    r = subprocess.run(
        [str(py), "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0 and "OK" in r.stdout, r.stdout + r.stderr
