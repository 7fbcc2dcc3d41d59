"""The package's doctests (``pytest --doctest-modules solitaire_widget``, which
scripts/test.sh runs in both tiers): a module that needs an optional extra (the
"env" extra's Gymnasium, the "widget" extra's anywidget) is left out where that extra
is not installed, as its own tests are skipped there; everywhere else every docstring
example runs. Nothing else is left out: a module that fails to import is an error.
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("gymnasium") is None:
    collect_ignore.append("solitaire_widget/env")
if importlib.util.find_spec("anywidget") is None:
    collect_ignore.append("solitaire_widget/widget.py")
