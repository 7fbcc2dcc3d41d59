"""The games, by name: every module of this package that defines a ``Rules`` subclass
with a ``name`` of its own is a game, registered here once, with nothing else to edit.
A game is its module (``games/<game>.py``, and a sibling module for what its search
knows where that is long); see ``base.Rules`` for what it holds.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any

from ..budgets import shown
from .base import Rules, Table
from .records import LANGS, Variant, option_words


def _discover() -> dict[str, type[Rules]]:
    found: dict[str, type[Rules]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, Rules)
                and obj.__module__ == module.__name__
                and "name" in obj.__dict__
            ):
                if obj.name in found:
                    raise RuntimeError(f"two games are called {obj.name!r}")
                found[obj.name] = obj
    # in the order a player meets them in the menu: by title
    return dict(sorted(found.items(), key=lambda item: item[1].title))


GAMES: dict[str, type[Rules]] = _discover()
# the game ``Game()`` and ``SolitaireWidget()`` open with (the one that says so)
DEFAULT_GAME: str = next(
    (name for name, cls in GAMES.items() if cls.opens_by_default), next(iter(GAMES))
)


def make_rules(name: str, **options: Any) -> Rules:
    """The rules of game ``name`` with ``options``; TypeError names an unknown option."""
    try:
        cls = GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {shown(name)}; choose one of {', '.join(GAMES)}") from None
    unknown = set(options) - set(cls.option_names)
    if unknown:
        allowed = ", ".join(cls.option_names)
        raise TypeError(
            f"{cls.title} has no option {', '.join(sorted(unknown))}; its options: {allowed}"
        )
    return cls(**options)


def _filled(cls: type[Rules], v: Variant) -> Variant:
    return Variant(dict(v.options), v.tag, v.figures, v.outside, cls.name, cls.title)


def variants(name: str | None = None) -> list[Variant]:
    """The variants played and studied (each game's ``Rules.variants``), of every game
    or of game ``name``: each has Aisleriot traces, runs in the benchmarks and, where
    its ``figures`` says so, has published winnability figures."""
    classes = GAMES.values() if name is None else [GAMES[name]]
    return [_filled(cls, v) for cls in classes for v in cls.variants]


def rule_sets(name: str | None = None) -> list[Variant]:
    """``variants`` and the further option sets the engine's tests cover."""
    classes = GAMES.values() if name is None else [GAMES[name]]
    return [_filled(cls, v) for cls in classes for v in (*cls.variants, *cls.rule_sets)]


def variant_title(v: Variant, lang: str = "en") -> str:
    """``"Saratoga, 1 card a click, 2 redeals"``: a variant with every option spelled."""
    cls = GAMES[v.game]
    words = option_words(make_rules(v.game, **v.options).options, lang)
    return f"{cls.title_in(lang)}, {words}" if words else cls.title_in(lang)


def catalog() -> list[dict[str, Any]]:
    """Every game as the toolbar offers it: name, titles, option groups."""
    return [
        {
            "name": name,
            "title": cls.title,
            "title_el": cls.title_el,
            "groups": [g.as_dict() for g in cls.option_groups],
        }
        for name, cls in GAMES.items()
    ]


def texts_of(name: str) -> Iterator[tuple[str, str, str]]:
    """(language, key, template) of each of game ``name``'s own sentences."""
    cls = GAMES[name]
    for lang in LANGS:
        for key in sorted(cls.text_keys(lang)):
            yield lang, key, cls.sentence(key, lang)


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "LANGS",
    "Rules",
    "Table",
    "Variant",
    "catalog",
    "make_rules",
    "rule_sets",
    "texts_of",
    "variant_title",
    "variants",
]
