"""End to end in a real marimo server (the `marimo` extra): `marimo run` serves the
shipped notebooks/05-marimo.py; the table is drawn inside marimo's shadow root with its
own stylesheet (anywidget's `_css`), a draw and a card move are made by clicking, and the
cell that reads the game re-runs after each move (marimo's reactivity, through mo.state)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from solitaire_widget import Game

from .harness import ARTIFACTS, ROOT, pile_cards
from .lab import free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = ROOT / "notebooks" / "05-marimo.py"
SEED = 7  # the notebook's deal


@pytest.fixture
def marimo_app(tmp_path, browser):
    pytest.importorskip("marimo")
    port = free_port()
    env = dict(os.environ)
    env.update(
        {
            "HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path / ".config"),
            "XDG_CACHE_HOME": str(tmp_path / ".cache"),
            "MARIMO_SKIP_UPDATE_CHECK": "1",
            "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p),
        }
    )
    log_path = tmp_path / "marimo.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "marimo",
                "run",
                str(NOTEBOOK),
                "--headless",
                "--host",
                "127.0.0.1",
                "-p",
                str(port),
                "--no-token",
                "--no-sandbox",
            ],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError("marimo exited:\n" + log_path.read_text(errors="replace"))
            try:
                with urllib.request.urlopen(url, timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError(log_path.read_text(errors="replace")) from None
                time.sleep(0.3)
        yield url, log_path
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def test_play_in_marimo(marimo_app, browser, tmp_path):
    url, log_path = marimo_app
    g = Game("kansas", seed=SEED)
    g.draw()
    action = next(str(m) for m in g.legal_moves if str(m) != "draw")
    src, dst = action.split(">")[0], action.split(">")[1].split("*")[0]
    n = int(action.split("*")[1]) if "*" in action else 1
    src_index = len(pile_cards(g.snapshot(), src)) - n

    ctx = browser.new_context(viewport={"width": 1300, "height": 1100})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        # Playwright's CSS locators reach into open shadow roots, where marimo draws it.
        root = page.locator(".sw-root").first
        root.wait_for(timeout=120_000)
        page.locator('.sw-card[data-pile="s"]').last.wait_for()
        status = page.get_by_text(f"seed {SEED}:")
        status.filter(has_text="0 moves").wait_for()

        # The widget's styles reached its shadow root: the felt, piles side by side.
        assert root.evaluate("e => e.getRootNode() instanceof ShadowRoot")
        felt = root.locator(".sw-table").evaluate("e => getComputedStyle(e).backgroundImage")
        assert "gradient" in felt
        stock = page.locator('.sw-slot[data-pile="s"]').bounding_box()
        foundation = page.locator('.sw-slot[data-pile="f3"]').bounding_box()
        assert stock and foundation and abs(stock["y"] - foundation["y"]) < 2
        assert foundation["x"] > stock["x"] + 3 * stock["width"]

        def version() -> int:
            return int(root.get_attribute("data-version"))

        def wait_version_above(v: int) -> None:
            # page.wait_for_function does not see into shadow roots; locators do.
            deadline = time.monotonic() + 30
            while version() <= v:
                assert time.monotonic() < deadline, "the table did not change"
                page.wait_for_timeout(50)

        v = version()
        page.locator('.sw-card[data-pile="s"]').last.click()
        wait_version_above(v)
        # The cell that calls get_game() ran again and shows the Python game's history.
        status.filter(has_text="1 moves (draw)").wait_for()

        v = version()
        page.locator(f'.sw-card[data-pile="{src}"][data-index="{src_index}"]').click(
            position={"x": 10, "y": 8}
        )
        target = page.locator(f'.sw-card[data-pile="{dst}"]')
        (target.last if target.count() else page.locator(f'.sw-slot[data-pile="{dst}"]')).click()
        wait_version_above(v)
        status.filter(has_text=f"2 moves (draw {action})").wait_for()

        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / "marimo-kansas.png"))
        assert not errors, errors
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"))
        print(log_path.read_text(errors="replace")[-4000:])
        raise
    finally:
        ctx.close()
