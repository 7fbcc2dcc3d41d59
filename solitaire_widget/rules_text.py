"""Each game's rules in our own words, as Markdown, in English and Greek.

The text is the game's own (``Rules.rules_text`` in ``games/<game>.py``); the widget's
Rules panel and the teaching notebooks show it.
"""

from __future__ import annotations

from .games import GAMES
from .games.records import LANGS


def rules_text(name: str, lang: str = "en") -> str:
    """The rules of game ``name`` as Markdown (``lang`` is ``"en"`` or ``"el"``)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose 'en' or 'el'")
    return GAMES[name].rules_text[lang]
