"""Fixtures for the browser tests: Debian's Chromium through Playwright for Python."""

from __future__ import annotations

import logging
import os
import shutil

import pytest

from .harness import BUNDLE, LAUNCH_ARGS, Harness
from .lab import LabServer

CHROMIUM = os.environ.get("SW_CHROMIUM", "/usr/bin/chromium")


def _skip_reason() -> str | None:
    if not BUNDLE.exists():
        return "the bundle is not built (npm run build)"
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


@pytest.fixture(scope="session")
def browser():
    reason = _skip_reason()
    if reason:
        # On CI scripts/test.sh builds the bundle and installs Chromium first.
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, device_scale_factor=1)
    p = ctx.new_page()
    p.set_default_timeout(15_000)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield p
    ctx.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def make_harness(page, caplog):
    """Builds a Harness; fails the test if any handler logged an exception."""
    caplog.set_level(logging.WARNING)

    def make(widget, **kw):
        return Harness(page, widget, **kw)

    yield make
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not bad, "handler errors: " + "; ".join(r.getMessage() for r in bad)


@pytest.fixture
def lab(tmp_path, browser):
    """A real JupyterLab server on 127.0.0.1, serving ``tmp_path``."""
    server = LabServer(tmp_path)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()
