"""Conventions that keep the project tidy: one version, a typed package, notebooks in
nbformat's normal form (every cell with an id, nothing `normalize` would change), and
pre-commit hooks that run the project's own pinned tools and fetch nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire_widget

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_written_once():
    # pyproject.toml reads it from __init__ (hatch's dynamic version) and does not repeat it.
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \[[^]]*"version"', pyproject, re.M)
    assert not re.search(r"^version\s*=", pyproject, re.M)
    assert re.fullmatch(r"\d+\.\d+\.\d+([a-z]+\d+)?", solitaire_widget.__version__)
    # npm wants one in package.json too: it must agree, and so must the lock file.
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert package["version"] == solitaire_widget.__version__
    assert lock["version"] == lock["packages"][""]["version"] == solitaire_widget.__version__


def _package_type(folder: Path) -> str | None:
    """What Node takes a .js file in ``folder`` to be: the ``type`` of the nearest
    package.json above it ("commonjs" when none says)."""
    for d in (folder, *folder.parents):
        f = d / "package.json"
        if f.is_file():
            return json.loads(f.read_text(encoding="utf-8")).get("type", "commonjs")
    return "commonjs"


def test_only_the_front_end_is_es_modules_to_node():
    # A root package.json with "type": "module" made Node load JupyterLab's bundled
    # yarn.js inside .venv as an ES module: every `jupyter lab` start printed "Fail to get
    # yarn configuration", an 11,000-character line of it, and "Dynamic require of util".
    assert _package_type(ROOT / "js") == "module"
    assert _package_type(ROOT / "js" / "tests") == "module"
    assert _package_type(ROOT / ".venv" / "lib" / "site-packages") == "commonjs"
    assert _package_type(ROOT / "scripts") == "commonjs"


def test_the_package_says_it_is_typed():
    assert (ROOT / "solitaire_widget" / "py.typed").is_file()


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebooks_are_normalised(path):
    nbformat = pytest.importorskip("nbformat")
    from nbformat.validator import normalize

    text = path.read_text(encoding="utf-8")
    raw = json.loads(text)
    ids = [cell.get("id") for cell in raw["cells"]]
    assert all(ids) and len(set(ids)) == len(ids), "every cell has an id of its own"
    changes, _ = normalize(raw)
    assert changes == 0
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    # Saved as nbformat writes it (what Jupyter's own save gives), so diffs stay small.
    assert nbformat.writes(nb) + "\n" == text


def test_the_pre_commit_hooks_run_the_tools_the_project_pins_and_fetch_nothing():
    # CI and the developers' machines reach the package registries, not the hosts
    # pre-commit fetches hook repositories from: every hook is local and runs a tool
    # installed with the project, at a version pinned where its output could change
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    hooks = {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}
    assert {"ruff-check", "ruff-format", "biome", "clang-format"} <= hooks.keys()
    assert all(hook["language"] == "system" for hook in hooks.values())
    # they check, never rewrite (scripts/test.sh runs them over the whole tree)
    assert "--check" in hooks["ruff-format"]["entry"]
    assert hooks["biome"]["entry"].split()[-1] == "ci"
    assert {"--dry-run", "--Werror"} <= set(hooks["clang-format"]["entry"].split())
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    test_extra = re.search(r"^test = \[(.*?)^\]", pyproject, re.M | re.S)
    assert test_extra is not None
    assert re.search(r'"clang-format==[\d.]+"', test_extra.group(1))
    assert re.search(r'"pre-commit>=[\d.]+"', test_extra.group(1))
    assert re.search(r'"ruff>=[\d.]+"', test_extra.group(1))
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["@biomejs/biome"])
    for tool, config_file in (("biome", "biome.jsonc"), ("clang-format", ".clang-format")):
        assert (ROOT / config_file).is_file(), f"{tool} reads {config_file}"


def test_the_pre_commit_config_is_valid():
    pytest.importorskip("pre_commit")
    r = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-config", ".pre-commit-config.yaml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
