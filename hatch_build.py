"""The dependency on the compiled search core, which lives in this repository (core/).

From a checkout, ``pip install .`` must build and install the core from ``core/`` too, so
the requirement is a direct reference to that folder. A wheel meant for an index is built
with ``SOLITAIRE_CORE_REQUIREMENT`` set, so that it names the core by version instead of
by a path on the building machine: ``SOLITAIRE_CORE_REQUIREMENT=pinned`` names the
version ``core/pyproject.toml`` gives (the one place it is written), and any other value
is taken as the requirement itself. Pyodide (JupyterLite) has no wheel of the core; there
the solver runs its Python search.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

try:
    from hatchling.metadata.plugin.interface import MetadataHookInterface
except ImportError:  # read outside a build (the tests, scripts/sanitize.sh): the helpers only
    MetadataHookInterface = object  # type: ignore[assignment,misc]

MARKER = 'sys_platform != "emscripten"'


def core_version(root: str | Path) -> str:
    """The core's version, as ``core/pyproject.toml``'s ``[project]`` table writes it."""
    text = Path(root, "core", "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:  # Python 3.10: the one line, read plainly
        project = text.split("[project]", 1)[1].split("\n[", 1)[0]
        found = re.search(r'^version\s*=\s*"([^"]+)"', project, re.MULTILINE)
        if not found:
            raise ValueError("core/pyproject.toml gives no [project] version") from None
        return found.group(1)
    return str(tomllib.loads(text)["project"]["version"])


def core_requirement(root: str | Path, wanted: str | None = None) -> str:
    """The requirement on the core (without its platform marker)."""
    if wanted == "pinned":
        return f"solitaire-core=={core_version(root)}"
    if wanted:
        return wanted
    core = Path(root, "core")
    if (core / "CMakeLists.txt").is_file():
        return f"solitaire-core @ {core.resolve().as_uri()}"
    if (core / "pyproject.toml").is_file():  # the core's sources left out: by version
        return f"solitaire-core=={core_version(root)}"
    raise RuntimeError(
        "core/ is missing: set SOLITAIRE_CORE_REQUIREMENT (for instance to "
        "'solitaire-core==<version>') to name the compiled core"
    )


class CoreDependency(MetadataHookInterface):
    def update(self, metadata: dict) -> None:
        wanted = core_requirement(self.root, os.environ.get("SOLITAIRE_CORE_REQUIREMENT"))
        metadata["dependencies"] = [f"{wanted} ; {MARKER}"]
