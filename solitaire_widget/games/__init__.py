"""The games, by name. A fourth game is one more module and one more line here."""

from __future__ import annotations

from .base import Rules, Table
from .eagle_wing import EagleWing
from .kansas import Kansas
from .klondike import Klondike
from .saratoga import Saratoga

GAMES: dict[str, type[Rules]] = {cls.name: cls for cls in (EagleWing, Saratoga, Kansas, Klondike)}


def make_rules(name: str, **options) -> Rules:
    """The rules of game ``name`` with ``options``; TypeError names an unknown option."""
    try:
        cls = GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}") from None
    unknown = set(options) - set(cls.option_names)
    if unknown:
        allowed = ", ".join(cls.option_names)
        raise TypeError(
            f"{cls.title} has no option {', '.join(sorted(unknown))}; its options: {allowed}"
        )
    return cls(**options)


__all__ = ["GAMES", "EagleWing", "Kansas", "Klondike", "Rules", "Saratoga", "Table", "make_rules"]
