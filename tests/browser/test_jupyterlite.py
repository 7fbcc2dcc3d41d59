"""JupyterLite end to end: scripts/build_lite.py builds the static site (Pyodide kernel,
this package's wheel, the play notebook), a plain static file server on 127.0.0.1 serves
it, and Chromium runs the notebook with no Python server behind it: Python runs in the
page's Pyodide. A draw and a card move are clicked on the table and read back from the
Python game in the browser; every request the page makes stays on 127.0.0.1."""

from __future__ import annotations

import ast
import functools
import http.server
import subprocess
import sys
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlparse

import pytest

from solitaire_widget import Game

from .harness import ARTIFACTS, ROOT, pile_cards
from .lab import run_cell

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 7


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory) -> Path:
    pytest.importorskip("jupyterlite_core")
    pytest.importorskip("jupyterlite_pyodide_kernel")
    site = tmp_path_factory.mktemp("lite") / "site"
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--out", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    return site


@pytest.fixture
def served(lite_site):
    handler = functools.partial(_QuietHandler, directory=str(lite_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, *args):  # keep pytest's output readable
        pass


def test_play_in_jupyterlite(served, browser, tmp_path):
    g = Game("kansas", seed=SEED)
    g.draw()
    action = next(str(m) for m in g.legal_moves if str(m) != "draw")
    src, dst = action.split(">")[0], action.split(">")[1].split("*")[0]
    n = int(action.split("*")[1]) if "*" in action else 1
    src_index = len(pile_cards(g.snapshot(), src)) - n

    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    outside: list[str] = []

    def only_here(route):
        host = urlparse(route.request.url).hostname
        if host == "127.0.0.1" or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    ctx.route("**/*", only_here)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    logs: list[str] = []
    page.on("console", lambda m: logs.append(f"{m.type}: {m.text}"))
    try:
        page.goto(f"{served}/lab/index.html?path=01-play.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=180_000)
        # Pyodide starts in a worker; the status bar says Idle once the kernel is up.
        page.wait_for_function("() => /Idle/.test(document.body.innerText)", timeout=300_000)
        cells = page.locator(".jp-Notebook .jp-Cell")
        assert "piplite" in cells.nth(1).inner_text()
        run_cell(page, 1)  # install from the site's wheels
        run_cell(page, 2)  # the imports
        run_cell(page, 4)  # SolitaireWidget(game="kansas", seed=7)
        root = cells.nth(4).locator(".sw-root")
        root.wait_for(timeout=300_000)
        page.locator('.sw-card[data-pile="s"]').last.wait_for()
        assert root.locator(".sw-notice").inner_text().strip() == ""

        def version() -> int:
            return int(root.get_attribute("data-version"))

        v = version()
        root.locator('.sw-card[data-pile="s"]').last.click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")
        v = version()
        root.locator(f'.sw-card[data-pile="{src}"][data-index="{src_index}"]').click(
            position={"x": 10, "y": 8}
        )
        target = root.locator(f'.sw-card[data-pile="{dst}"]')
        (target.last if target.count() else root.locator(f'.sw-slot[data-pile="{dst}"]')).click()
        page.wait_for_function(f"Number(document.querySelector('.sw-root').dataset.version) > {v}")
        page.wait_for_timeout(300)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlite-kansas.png"))

        # Ask the Python game in the browser what it played, in a new cell below.
        cells.nth(4).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.type("import sys\nprint('HISTORY=' + repr(_.game.history), sys.platform)")
        page.keyboard.press("Shift+Enter")
        out = cells.nth(5).locator(".jp-OutputArea-output").filter(has_text="HISTORY=")
        out.wait_for(timeout=120_000)
        text = out.inner_text().split("HISTORY=", 1)[1].strip()
        history, platform = text.rsplit(" ", 1)
        assert ast.literal_eval(history) == ["draw", action]
        assert platform == "emscripten"

        # Solve with no threads: the Python search runs on Pyodide's loop, then the win
        # is replayed move by move (call_later on the same loop).
        eagle = cells.nth(7)
        assert 'game="eagle-wing"' in eagle.inner_text()
        run_cell(page, 7)
        solver = eagle.locator(".sw-root")
        solver.locator(".sw-card").first.wait_for(timeout=120_000)
        v0 = int(solver.get_attribute("data-version"))
        solver.locator(".sw-btn-solve").click()
        page.wait_for_function(
            "v => Number(document.querySelectorAll('.sw-root')[1].dataset.version) > v + 8",
            arg=v0,
            timeout=60_000,
        )
        assert "sw-error" not in (solver.locator(".sw-notice").get_attribute("class") or "")
        solver.screenshot(path=str(ARTIFACTS / "jupyterlite-eagle-wing-solving.png"))
        assert not outside, f"requests left 127.0.0.1: {outside[:5]}"
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print("\n".join(logs[-60:]))
        raise
    finally:
        ctx.close()
