"""The core is compiled once per change: scripts/venv.sh installs the package and the
core without build isolation, so the core's build folder (core/build/<wheel tag>) keeps
the same paths from one install to the next and Ninja compiles only what changed.

With pip's build isolation every install (each extra play.sh or test.sh asked for, each
wheel the tests build) made a new build environment at a new temporary path; CMake saw
new paths and compiled the whole core again, 1.5-2.5 minutes a time."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _installed_by_venv_sh() -> bool:
    # the stamp sw_install_once writes after an install, for the sources as they are now
    venv = Path(sys.prefix)
    stamps = list(venv.glob(".solitaire-widget-*"))
    if not stamps:
        return False
    key = subprocess.run(
        ["bash", "-c", "source scripts/venv.sh && sw_install_key"],
        cwd=ROOT,
        env={**os.environ, "SW_VENV": str(venv)},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.strip()
    return any(p.read_text().strip() == key for p in stamps)


def _objects() -> dict[Path, int]:
    # every object and library in the core's build folders, with its modification time
    # (Ninja's own log is rewritten when CMake configures the folder anew, so it cannot
    # tell what was built)
    build = ROOT / "core" / "build"
    found = [p for pattern in ("*.o", "*.a", "*.so") for p in build.rglob(pattern)]
    return {p: p.stat().st_mtime_ns for p in found}


def test_building_the_core_again_compiles_nothing(tmp_path):
    tools = ("scikit_build_core", "nanobind", "cmake", "ninja")
    if not all(importlib.util.find_spec(m) for m in tools):
        pytest.skip("the core's build tools are not installed (venv.sh installs them)")
    if not _installed_by_venv_sh():
        pytest.skip("this environment was not installed by scripts/venv.sh for these sources")
    before = _objects()
    assert before, "the install left no build folder in core/build"
    r = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"),
            *("-q", "-w", str(tmp_path), str(ROOT / "core")),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert list(tmp_path.glob("solitaire_core-*.whl"))
    after = _objects()
    built = sorted(str(p.relative_to(ROOT)) for p, t in after.items() if before.get(p) != t)
    assert not built, f"the core was compiled again: {built}"
