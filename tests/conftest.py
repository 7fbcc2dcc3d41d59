"""Shared by every test: tables left open by a test are closed after it.

A table whose live answer is "not yet known" searches on in the background (one table
at a time, up to its limit); a test that left one open would otherwise hand its
searches to the next test, which may count the solver's calls.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _close_tables():
    yield
    try:
        from ipywidgets import Widget
    except ImportError:  # the core-only tests need no Jupyter
        return
    Widget.close_all()
