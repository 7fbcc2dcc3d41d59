"""A throwaway JupyterLab server on 127.0.0.1 for end-to-end tests and benchmarks."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .harness import ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def notebook(cells: list[str]) -> dict[str, Any]:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"c{i}",
                "metadata": {},
                "outputs": [],
                "source": src,
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            }
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


class LabServer:
    """`jupyter lab` (or, with ``app="notebook"``, Notebook 7) in a temporary directory
    with its own config, settings and runtime directories, so nothing from the machine's
    own Jupyter setup leaks in."""

    def __init__(self, workdir: Path, app: str = "jupyterlab") -> None:
        self.dir = workdir
        self.app = app
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        cfg = workdir / ".cfg"
        (cfg / "labconfig").mkdir(parents=True)
        # No news or update pop-ups over the notebook.
        (cfg / "labconfig" / "page_config.json").write_text(
            json.dumps(
                {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}
            )
        )
        env = dict(os.environ)
        env.update(
            {
                "JUPYTER_CONFIG_DIR": str(cfg),
                "JUPYTERLAB_SETTINGS_DIR": str(workdir / ".settings"),
                "JUPYTERLAB_WORKSPACES_DIR": str(workdir / ".workspaces"),
                "JUPYTER_RUNTIME_DIR": str(workdir / ".runtime"),
                # The kernel imports the package from this checkout even if it is not installed.
                "PYTHONPATH": os.pathsep.join(
                    p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p
                ),
            }
        )
        self.log = open(workdir / "server.log", "wb")  # noqa: SIM115 (closed in stop())
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                app,
                "--no-browser",
                "--allow-root",
                "--ServerApp.ip=127.0.0.1",
                f"--port={self.port}",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={workdir}",
                "--ServerApp.open_browser=False",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            ],
            cwd=workdir,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited:\n{self.logs()}")
            try:
                with urllib.request.urlopen(
                    f"{self.url}/api/status?token={self.token}", timeout=2
                ) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"jupyter lab did not start:\n{self.logs()}")

    def logs(self) -> str:
        self.log.flush()
        return (self.dir / "server.log").read_text(errors="replace")[-4000:]

    def page_url(self, name: str) -> str:
        if self.app == "notebook":
            return f"{self.url}/notebooks/{name}?token={self.token}"
        return f"{self.url}/lab/tree/{name}?token={self.token}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            # The server and its kernels share a session we started: end exactly those.
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self.log.close()


def run_cell(page: Any, index: int) -> None:
    """Selects a cell and runs it with Shift+Enter, as a person would."""
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def wait_idle(page: Any, timeout: float = 120_000) -> None:
    page.wait_for_function(
        """() => {
            const s = document.querySelector('.jp-Notebook');
            const bar = document.body.innerText;
            return s && /Idle/.test(bar);
        }""",
        timeout=timeout,
    )


def kernels_idle(server: LabServer) -> bool:
    """True once the server has a kernel and every kernel says it is idle (the REST API:
    a front end's own status widget differs between JupyterLab and Notebook 7)."""
    try:
        with urllib.request.urlopen(
            f"{server.url}/api/kernels?token={server.token}", timeout=5
        ) as r:
            kernels = json.load(r)
    except urllib.error.HTTPError as e:
        # jupyter_server answers 500 when the list is asked for while a kernel is still
        # starting (its last_activity is not yet set): not idle yet, ask again.
        if e.code >= 500:
            return False
        raise
    return bool(kernels) and all(k.get("execution_state") == "idle" for k in kernels)


def wait_kernels_idle(server: LabServer, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not kernels_idle(server):
        if time.monotonic() > deadline:
            raise TimeoutError(f"no idle kernel after {timeout} s:\n{server.logs()}")
        time.sleep(0.25)
