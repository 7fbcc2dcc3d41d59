"""The dependency on the compiled search core, which lives in this repository (core/).

From a checkout, ``pip install .`` must build and install the core from ``core/`` too, so
the requirement is a direct reference to that folder. A wheel meant for an index is built
with ``SOLITAIRE_CORE_REQUIREMENT`` set (for instance to ``solitaire-core==0.1.0``), so
that it names the core by version instead of by a path on the building machine. Pyodide
(JupyterLite) has no wheel of the core; there the solver runs its Python search.
"""

from __future__ import annotations

import os
from pathlib import Path

from hatchling.metadata.plugin.interface import MetadataHookInterface

MARKER = 'sys_platform != "emscripten"'


class CoreDependency(MetadataHookInterface):
    def update(self, metadata: dict) -> None:
        wanted = os.environ.get("SOLITAIRE_CORE_REQUIREMENT")
        if not wanted:
            core = Path(self.root, "core")
            if core.is_dir():
                wanted = f"solitaire-core @ {core.resolve().as_uri()}"
            else:  # an sdist unpacked without the core: take it from the index
                wanted = "solitaire-core==0.1.0"
        metadata["dependencies"] = [f"{wanted} ; {MARKER}"]
