"""The notebooks a teacher hands out work away from the repository: each runs in an
empty folder of its own, with nothing of the checkout beside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", ["04-solve.ipynb"])
def test_notebook_runs_when_copied_out_of_the_repository(tmp_path, name):
    copy = tmp_path / "handout" / name
    copy.parent.mkdir()
    shutil.copy(NOTEBOOKS / name, copy)
    nb = nbformat.read(copy, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(copy.parent)}}
    )
    client.execute()
    errors = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors, errors
