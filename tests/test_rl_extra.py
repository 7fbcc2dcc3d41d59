"""scripts/test.sh installs the rl-train extra (torch and sb3-contrib) with torch's CPU build
only: torch pinned first (SW_TORCH), then the rest of the extra as pyproject.toml lists it,
never torch again (pip would take the newest torch, on Linux a CUDA build of several GB);
where the CPU build cannot be had it installs nothing and says the tests will be skipped.
Run with a stand-in for pip that records what it is asked."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_install(tmp_path: Path, fail_torch: bool, installed: bool = False) -> tuple[list[str], str]:
    log = tmp_path / "pip.log"
    fake = tmp_path / "python"
    # `python -c` runs for real (the extra is read from pyproject.toml) but for the
    # checks whether it is installed; `python -m pip` only writes down its arguments,
    # and fails for torch when asked to
    fake.write_text(
        "#!/usr/bin/env bash\n"
        'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then\n'
        f'  echo "${{@:3}}" >> "{log}"\n'
        f'  case "$*" in *torch==*) [ "{int(fail_torch)}" = 1 ] && exit 1 ;; esac\n'
        "  exit 0\n"
        "fi\n"
        'if [ "$1" = "-c" ] && [[ "$2" == *"rl-train installed?"* ]]; then\n'
        f"  exit {int(not installed)}\n"
        "fi\n"
        'if [ "$1" = "-c" ] && [[ "$2" == *"import torch, sb3_contrib"* ]]; then\n'
        "  echo rl-train: installed; exit 0\n"
        "fi\n"
        f'exec "{sys.executable}" "$@"\n'
    )
    fake.chmod(0o755)
    script = (
        "eval \"$(sed -n '/^SW_TORCH=/,/^}/p' scripts/test.sh)\"\n"
        f'SW_PY="{fake}"\n'
        "sw_install_rl_train\n"
    )
    out = subprocess.run(
        ["bash", "-c", script],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "SW_TORCH"},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    calls = log.read_text().splitlines() if log.exists() else []
    return calls, out.stdout + out.stderr


def test_the_rl_extra_is_installed_with_torchs_cpu_build_only(tmp_path):
    calls, out = run_install(tmp_path, fail_torch=False)
    assert len(calls) == 2, calls
    torch_call, rest = calls
    assert re.fullmatch(r"install -q torch==[\d.]+\+cpu", torch_call), torch_call
    assert "torch" not in rest.replace("sb3", "")  # torch is not asked for again
    assert "sb3-contrib" in rest and "rl-train: installed" in out
    extra = re.search(r"^rl-train = \[(.*)\]$", (ROOT / "pyproject.toml").read_text(), re.M)
    assert extra is not None
    listed = re.findall(r'"([^"]+)"', extra.group(1))
    for req in listed:
        if not req.startswith(("solitaire_widget", "torch")):
            assert req in rest.split()


def test_without_the_cpu_build_nothing_is_installed(tmp_path):
    calls, out = run_install(tmp_path, fail_torch=True)
    assert len(calls) == 1 and "torch==" in calls[0]
    assert "will be skipped" in out


def test_an_installed_extra_is_not_installed_again(tmp_path):
    calls, out = run_install(tmp_path, fail_torch=False, installed=True)
    assert calls == [] and "are installed" in out
