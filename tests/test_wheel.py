"""The wheel carries the built front end: build it, install it into a fresh virtual
environment, and check the widget class loads its bundle from there."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _build_wheel(outdir: Path) -> Path:
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(outdir)]
    # Reuse the build backend already installed when there is one: an isolated build
    # would download hatchling and hatch-jupyter-builder again.
    if all(importlib.util.find_spec(m) for m in ("hatchling", "hatch_jupyter_builder")):
        cmd.append("--no-isolation")
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    wheels = list(outdir.glob("solitaire_widget-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_installs_and_loads_its_bundle(tmp_path):
    pytest.importorskip("build")
    wheel = _build_wheel(tmp_path / "dist")
    names = zipfile.ZipFile(wheel).namelist()
    assert "solitaire_widget/static/widget.js" in names
    assert "solitaire_widget/static/widget.css" in names  # the widget's _css
    assert "solitaire_widget/widget.py" in names
    assert "solitaire_widget/py.typed" in names
    # the published winnability figures travel with the package (notebook 04 reads them)
    assert "solitaire_widget/published/winnability/eagle-wing.csv" in names
    # and the seeds they prove won, for "winnable deals only" (solitaire_widget.deals)
    assert "solitaire_widget/winnable.json" in names
    # the Aisleriot traces the students' exercises are judged on, and no other trace
    from solitaire_widget.exercises import exercises

    needed = {f"solitaire_widget/published/traces/{n}" for ex in exercises() for n in ex.traces}
    assert {n for n in names if n.endswith(".jsonl.gz")} == needed

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    # The running environment (the project's .venv) provides anywidget and friends
    # without a download: its site-packages go on the new venv's path, after the
    # venv's own, as plain paths (their .pth files, this checkout's editable install
    # among them, are not read). The package itself must come from the wheel.
    where = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = subprocess.run(
        [str(py), "-c", where], check=True, capture_output=True, text=True
    ).stdout.strip()
    parent = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "_parent_env.pth").write_text("\n".join(sorted(parent)) + "\n")
    r = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr

    check = textwrap.dedent(f"""
        import pathlib, solitaire_widget
        from solitaire_widget import Game, SolitaireWidget
        here = pathlib.Path(solitaire_widget.__file__).resolve()
        assert str(here).startswith({str(venv.resolve())!r}), here
        w = SolitaireWidget("eagle-wing", seed=1)
        esm = str(w._esm)
        assert len(esm) > 10_000 and "render" in esm, esm[:200]
        from solitaire_widget.view import masked
        assert w.view["piles"] == masked(w.game.snapshot())
        assert "??" in w.view["piles"]["s"]  # the stock's cards are never named
        from solitaire_widget.winnability import published_folder
        assert str(published_folder()).startswith({str(venv.resolve())!r})
        from solitaire_widget.deals import published_list
        assert published_list("eagle-wing", {{}}).won(Game.deal("eagle-wing").seed)
        from solitaire_widget.exercises import exercises
        from solitaire_widget.trace_files import trace_path
        for ex in exercises():
            for name in ex.traces:
                assert str(trace_path(name)).startswith({str(venv.resolve())!r})
            assert not ex.check(lambda *args: None, traces=1).passed
        print("OK", here)
    """)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # Run away from the checkout so `import solitaire_widget` cannot pick up the source.
    r = subprocess.run(
        [str(py), "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0 and "OK" in r.stdout, r.stdout + r.stderr
