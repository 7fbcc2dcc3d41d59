"""Where no kernel runs (GitHub, nbviewer, `nbconvert --to html`), a saved notebook still
shows the table: the widget's output carries an SVG picture of the position beside the
widget view. A real kernel executes a notebook; its saved output and its HTML are read."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_widget import Game

ROOT = Path(__file__).resolve().parents[1]

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("nbconvert")
pytest.importorskip("anywidget")
pytest.importorskip("ipykernel")

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_executed_notebook_carries_the_picture(tmp_path, monkeypatch):
    if not (ROOT / "solitaire_widget" / "static" / "widget.js").exists():
        pytest.skip("the bundle is not built (npm run build)")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from solitaire_widget import SolitaireWidget\n"
            "w = SolitaireWidget('saratoga', seed=7)\nw"
        ),
        nbformat.v4.new_code_cell("w.game.play('draw')\nw  # the position after one draw"),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    # The kernel imports this checkout, installed or not.
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    )
    # Saved as JupyterLab saves by default: outputs, no widget state (with the state,
    # nbconvert would draw the view with the widget manager's script instead).
    nbclient.NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    path = tmp_path / "played.ipynb"
    nbformat.write(nb, path)
    saved = nbformat.read(path, as_version=4)
    nbformat.validate(saved)

    pictures = []
    for cell in saved.cells:
        (out,) = [o for o in cell.outputs if o.output_type == "execute_result"]
        assert WIDGET_VIEW in out.data  # the live view is still there for Lab and VS Code
        pictures.append(out.data["image/svg+xml"])

    # Each picture is the position when its cell ran, card by card.
    g = Game("saratoga", seed=7)
    assert pictures[0] == g._repr_svg_()
    g.play("draw")
    assert pictures[1] == g._repr_svg_()
    assert pictures[0] != pictures[1]

    r = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "played.html").read_text(encoding="utf-8")
    # nbconvert's lab template shows each picture as an <img> with the SVG inline.
    shown = [
        base64.b64decode(b).decode()
        for b in re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    ]
    assert shown == pictures
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    (ROOT / "test-artifacts" / "nbconvert-picture.html").write_text(html, encoding="utf-8")
