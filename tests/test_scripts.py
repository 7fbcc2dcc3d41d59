"""The README's commands: scripts/venv.sh (sourced by play.sh and test.sh) makes the
project's own virtual environment, reuses it, and puts it first on the PATH; play.sh
serves the repository root, so the address it prints opens the play notebook."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _source_venv(venv: Path) -> list[str]:
    env = {**os.environ, "SW_VENV": str(venv), "PYTHON": sys.executable}
    env.pop("VIRTUAL_ENV", None)
    r = subprocess.run(
        ["bash", "-c", 'source scripts/venv.sh && echo "PY=$SW_PY" && command -v python'],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.splitlines()


@pytest.mark.slow
def test_venv_sh_makes_the_environment_once_and_puts_it_first(tmp_path):
    venv = tmp_path / "venv"
    first = _source_venv(venv)
    assert any(line.startswith("Creating the virtual environment") for line in first)
    assert f"PY={venv}/bin/python" in first
    assert first[-1] == f"{venv}/bin/python"  # `python` now means the project's
    made = (venv / "pyvenv.cfg").stat().st_mtime_ns
    again = _source_venv(venv)
    assert not any(line.startswith("Creating") for line in again), "reused, not remade"
    assert (venv / "pyvenv.cfg").stat().st_mtime_ns == made


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _extras() -> dict[str, list[str]]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def _covers(extras: dict[str, list[str]], big: str, small: str) -> bool:
    """Whether installing extra ``big`` installs every requirement of extra ``small``."""

    def flat(name: str) -> set[str]:
        out: set[str] = set()
        for req in extras[name]:
            m = re.fullmatch(r"solitaire_widget\[(.+)\]", req)
            if m:
                for sub in m.group(1).split(","):
                    out |= {f"[{sub}]"} | flat(sub)
            else:
                out.add(req)
        return out

    return flat(small) <= flat(big) | {f"[{big}]"}


@pytest.fixture
def _restore_stamps():
    venv = Path(sys.prefix)
    before = {p: p.read_bytes() for p in venv.glob(".solitaire-widget-*")}
    yield
    for p in venv.glob(".solitaire-widget-*"):
        if p not in before:
            p.unlink()
    for p, data in before.items():
        p.write_bytes(data)


def _mark_installed(venv: Path, extras: str) -> None:
    # The tests' environment has the test extra installed, which holds everything the
    # notebook extra does (checked here): so play.sh's `pip install -e .[notebook]`
    # would reinstall what is there (a minute or more, every requirement checked). Its stamp says it
    # is installed, as play.sh writes it after that install; the fixture puts the
    # stamps back as they were.
    assert _covers(_extras(), "test", extras)
    key = subprocess.run(
        ["bash", "-c", "source scripts/venv.sh && sw_install_key"],
        cwd=ROOT,
        env={**os.environ, "SW_VENV": str(venv)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (venv / f".solitaire-widget-{extras}").write_text(key + "\n")


def test_the_test_extra_holds_the_notebook_extra():
    extras = _extras()
    assert _covers(extras, "test", "notebook")
    assert not _covers(extras, "widget", "notebook")  # the check can fail


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.slow
@pytest.mark.jupyterlab
@pytest.mark.usefixtures("_restore_stamps")
def test_play_sh_serves_the_repository_root_and_prints_the_address(tmp_path):
    """play.sh on a port already in use prints the address the server really listens on,
    and the notebook it opens is a copy git ignores: saving it after play (as
    JupyterLab's autosave does, outputs and all) leaves every tracked file as it was."""
    venv = Path(sys.prefix)
    if not (venv / "pyvenv.cfg").exists():
        pytest.skip("not running in a virtual environment for play.sh to reuse")
    pytest.importorskip("jupyterlab")
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    _mark_installed(venv, "notebook")
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    asked = busy.getsockname()[1]
    play_dir = f"play/test-{os.getpid()}-{time.monotonic_ns()}"
    copy = f"{play_dir}/01-play.ipynb"
    env = {
        **os.environ,
        "SW_VENV": str(venv),
        "SW_PLAY_DIR": play_dir,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "ws"),
    }
    tracked_before = _git("status", "--porcelain", "--untracked-files=no")
    log = tmp_path / "play.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [
                "bash",
                "scripts/play.sh",
                "--no-browser",
                "--port",
                str(asked),
                "--ServerApp.ip=127.0.0.1",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 300
        while "is running at" not in log.read_text(errors="replace"):
            assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.5)
        text = log.read_text(errors="replace")
        # the address play.sh prints itself, before the server's log, with its token: it
        # opens the notebook, not JupyterLab's login page
        banner = text[: text.index("[I ")] if "[I " in text else text
        m = re.search(rf"http://localhost:(\d+)/lab/tree/{re.escape(copy)}\?token=(\w+)", banner)
        assert m, banner
        port, token = int(m.group(1)), m.group(2)
        # the port asked for is busy: the one printed is the one served, and the server
        # says so itself (its runtime file)
        assert port != asked, banner
        assert f"Port {asked} is in use: serving on port {port} instead" in banner
        runtime = [json.loads(p.read_text()) for p in (tmp_path / "rt").glob("jpserver-*.json")]
        assert [r["port"] for r in runtime] == [port], runtime
        assert f"/notebooks/{copy}?token={token}" in banner
        for path in (f"/lab/tree/{copy}", f"/notebooks/{copy}", f"/api/contents/{copy}"):
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}{path}?token={token}", timeout=30
            ) as r:
                assert r.status == 200, path
                assert "/login" not in r.url, (path, r.url)
        assert "solitaire_widget[notebook] is installed" in banner, banner
        # nothing from Node's module loader on start (see test_conventions)
        assert "Dynamic require" not in text and "yarn configuration" not in text, text[:2000]

        # the player's save: the notebook with outputs, written through the server
        api = f"http://127.0.0.1:{port}/api/contents/{copy}"
        headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}
        with urllib.request.urlopen(urllib.request.Request(api, headers=headers)) as r:
            nb = json.loads(r.read())["content"]
        cell = next(c for c in nb["cells"] if c["cell_type"] == "code")
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "played\n"}]
        cell["execution_count"] = 1
        body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
        save = urllib.request.Request(api, data=body, headers=headers, method="PUT")
        with urllib.request.urlopen(save, timeout=30) as r:
            assert r.status == 200
        assert "played" in (ROOT / copy).read_text(encoding="utf-8")
        assert _git("status", "--porcelain", "--untracked-files=no") == tracked_before
        assert _git("check-ignore", copy).strip() == copy  # nor shown as untracked
    finally:
        busy.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        shutil.rmtree(ROOT / play_dir, ignore_errors=True)
        with contextlib.suppress(OSError):
            (ROOT / "play").rmdir()  # only when the test made it: empty


def test_venv_sh_says_what_compiling_the_core_needs(tmp_path):
    # the core is compiled during the install: with no C++20 compiler (and no apt-get to
    # install one) the scripts stop before pip with what to install, not in CMake's log
    venv = Path(sys.prefix)
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("dirname", "mktemp", "rm"):
        found = shutil.which(tool)
        assert found, tool
        (tools / tool).symlink_to(found)
    script = "source scripts/venv.sh && sw_need_compiler && echo fine"
    r = subprocess.run(
        ["/bin/bash", "-c", script],
        cwd=ROOT,
        env={"PATH": str(tools), "SW_VENV": str(venv), "CXX": "/bin/false", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 1, r.stdout + r.stderr
    assert "C++20 compiler" in r.stderr and "python3-dev" in r.stderr, r.stderr
    assert "fine" not in r.stdout
    if shutil.which("c++") or shutil.which("g++"):
        ok = subprocess.run(
            ["bash", "-c", script],
            cwd=ROOT,
            env={**os.environ, "SW_VENV": str(venv)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert ok.stdout.strip().endswith("fine"), ok.stdout + ok.stderr
