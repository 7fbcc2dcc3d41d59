"""Each game's rules in our own words, as Markdown, in English and Greek.

The text is the game's own (``Rules.rules_text`` in ``games/<game>.py``); the widget's
Rules panel and the teaching notebooks show it. A game that gives none in a language
is shown in English, and says so (``Rules.rules_text_in``).
"""

from __future__ import annotations

from .games import GAMES, Rules
from .games.records import LANGS


def rules_text(name: str | Rules | type[Rules], lang: str = "en") -> str:
    """The rules of game ``name`` (or of the rules given, or their class) as Markdown
    (``lang`` is ``"en"`` or ``"el"``); rules given as an instance add what their
    options switch off (``Rules.rule_notes``: ``worrying_back=False``)."""
    if isinstance(name, Rules):
        cls = type(name)
    elif isinstance(name, type) and issubclass(name, Rules):
        cls = name
    elif isinstance(name, str) and name in GAMES:
        cls = GAMES[name]
    else:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose 'en' or 'el'")
    text = cls.rules_text_in(lang)
    if isinstance(name, Rules):
        # a rule switch the instance turned from its default says so beneath the rules
        notes = name.rule_notes(lang)
        if notes:
            text = text.rstrip("\n") + "\n" + notes
    return text
