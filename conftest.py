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


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist (scripts/test.sh runs ``-n 2 --dist loadfile``), a file's tests
    stay on one worker: its module fixtures (a JupyterLite site, a search's fingerprint)
    are made once, and a notebook's cells run in order in one kernel. The browser tests
    are one scope: one Chromium and one Jupyter server at a time, as their timeouts were
    set for. (A scheduler, not ``xdist_group`` markers: xdist 3.8's loadgroup renames
    node ids in a way pytest 9 no longer sees.)"""
    if config.getvalue("dist") != "loadfile":
        return None  # another --dist asked for by hand: xdist's own scheduler
    from xdist.scheduler import LoadFileScheduling

    class FileOrBrowser(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "tests/browser/" if path.startswith("tests/browser/") else path

    return FileOrBrowser(config, log)
