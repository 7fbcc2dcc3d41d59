"""A page that runs the built bundle against a real Python SolitaireWidget.

No kernel and no HTTP server: Playwright serves the page and the bundle from memory
(`page.route`), and `expose_binding` carries the page's `model.send(msg)` into the
widget through ipywidgets' own message handler (`Widget._handle_msg`, as a comm message
from the front end would arrive). The binding returns the traits that changed, and the
page's model fires `change:<name>` for each, as anywidget's model does in Jupyter.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
from typing import Any

from solitaire_widget.widget import SolitaireWidget

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "solitaire_widget" / "static" / "widget.js"
STYLE = ROOT / "solitaire_widget" / "static" / "widget.css"
ARTIFACTS = ROOT / "test-artifacts"
ORIGIN = "http://solitaire.test"
# the traits the page reads (SolitaireWidget's synced traits but ipywidgets' own)
SYNCED = ("view", "setup", "stats", "lang", "rules", "catalog", "deck", "card_back", "large_index")

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# JupyterLab's theme variables, light and dark, so the page looks as it would in Lab.
THEMES = {
    "light": """--jp-layout-color0:#fff;--jp-layout-color1:#fff;--jp-layout-color2:#eee;
        --jp-layout-color3:#bdbdbd;--jp-ui-font-color0:rgba(0,0,0,1);--jp-ui-font-color1:rgba(0,0,0,.87);
        --jp-ui-font-color2:rgba(0,0,0,.54);--jp-border-color1:#bdbdbd;--jp-border-color2:#e0e0e0;
        --jp-brand-color1:#1976d2;--jp-error-color1:#d32f2f;--jp-success-color1:#388e3c;""",
    "dark": """--jp-layout-color0:#111;--jp-layout-color1:#212121;--jp-layout-color2:#424242;
        --jp-layout-color3:#616161;--jp-ui-font-color0:#fff;--jp-ui-font-color1:rgba(255,255,255,.87);
        --jp-ui-font-color2:rgba(255,255,255,.54);--jp-border-color1:#616161;--jp-border-color2:#424242;
        --jp-brand-color1:#42a5f5;--jp-error-color1:#ef5350;--jp-success-color1:#66bb6a;""",
}

PAGE = (pathlib.Path(__file__).parent / "harness.html").read_text(encoding="utf-8")


class Harness:
    """One page showing one SolitaireWidget; clicks travel to Python and back."""

    def __init__(
        self, page: Any, widget: SolitaireWidget, width: int = 960, theme: str = "light"
    ) -> None:
        self.page = page
        self.widget = widget
        self.sent: dict[str, Any] = {}
        self.received: list[Any] = []
        html = PAGE % {
            "vars": THEMES[theme],
            "light": "true" if theme == "light" else "false",
            "width": width,
        }
        bundle = BUNDLE.read_text(encoding="utf-8")
        style = STYLE.read_text(encoding="utf-8")

        def serve(route: Any) -> None:
            url = route.request.url
            if url.endswith("/widget.js"):
                route.fulfill(body=bundle, content_type="text/javascript")
            elif url.endswith("/widget.css"):
                route.fulfill(body=style, content_type="text/css")
            else:
                route.fulfill(body=html, content_type="text/html")

        page.route(f"{ORIGIN}/**", serve)
        page.expose_binding("swSend", lambda _source, msg: self._from_page(msg))
        page.goto(f"{ORIGIN}/index.html")
        page.wait_for_function("window.swReady === true")
        page.wait_for_function(
            "() => [...document.styleSheets].some(s => s.href && s.href.endsWith('/widget.css'))"
        )
        page.evaluate("s => window.swBoot(s)", self._changes(force=True))
        page.wait_for_selector(".sw-card[data-card]")

    # The page -> Python path, the way a comm message reaches a widget in a kernel.
    def _from_page(self, msg: Any) -> dict[str, Any]:
        self.received.append(msg)
        self.widget._handle_msg(
            {"content": {"data": {"method": "custom", "content": msg}}, "buffers": []}
        )
        return self._changes()

    def _changes(self, force: bool = False) -> dict[str, Any]:
        out = {}
        for name in SYNCED:
            value = json.loads(json.dumps(getattr(self.widget, name)))
            if force or self.sent.get(name) != value:
                out[name] = value
                self.sent[name] = value
        return out

    def sync(self) -> None:
        """Pushes changes made from Python (e.g. widget.game.play) to the page."""
        changes = self._changes()
        if changes:
            self.page.evaluate("c => window.swModel.apply(c)", changes)

    # ---------------------------------------------------------------- helpers

    def version(self) -> int:
        return int(self.page.get_attribute(".sw-root", "data-version"))

    def wait_version(self, older: int) -> None:
        self.page.wait_for_function(
            f"Number(document.querySelector('.sw-root').dataset.version) > {older}"
        )

    def seq(self) -> int:
        return int(self.page.get_attribute(".sw-root", "data-seq"))

    def wait_seq(self, older: int) -> None:
        self.page.wait_for_function(
            f"Number(document.querySelector('.sw-root').dataset.seq) > {older}"
        )

    def card(self, pile: str, index: int) -> Any:
        return self.page.locator(f'.sw-card[data-pile="{pile}"][data-index="{index}"]')

    def top(self, pile: str) -> Any:
        """The element that stands for a pile: its top card, or its empty slot."""
        n = len(pile_cards(self.widget.game.snapshot(), pile))
        if n:
            return self.card(pile, n - 1)
        return self.page.locator(f'.sw-slot[data-pile="{pile}"]')

    def notice(self) -> str:
        return self.page.inner_text(".sw-notice")

    def screenshot(self, name: str) -> pathlib.Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.locator(".sw-root").screenshot(path=str(path))
        return path


def picture(locator: Any, name: str, docs_name: str | None = None) -> pathlib.Path:
    """A screenshot of ``locator`` in test-artifacts/NAME.png; with SW_DOCS_IMAGES=1 also
    copied to docs/img/DOCS_NAME.png (NAME when not given), where the README shows it."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    if os.environ.get("SW_DOCS_IMAGES"):
        shutil.copy(path, ROOT / "docs" / "img" / f"{docs_name or name}.png")
    return path


def pile_cards(snap: dict[str, Any], pile: str) -> list[str]:
    if pile[0] in "ft":
        return snap[pile[0]][int(pile[1:])]
    return snap.get(pile, [])
