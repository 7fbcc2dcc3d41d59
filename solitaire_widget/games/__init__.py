"""The games, by name: every module of this package that defines a ``Rules`` subclass
with a ``name`` of its own is a game, registered here once, with nothing else to edit.
A game is its module (``games/<game>.py``, and a sibling module for what its search
knows where that is long); see ``base.Rules`` for what it holds.

A game written anywhere else (a notebook cell, a module of one's own) is registered at
run time with ``register``: the toolbar then offers it and ``Game("its-name")`` deals
it. ``SHIPPED`` names the games of this package: only they owe traces and published
figures (their ``variants``); a game registered at run time is studied by nobody yet.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from .. import moves
from ..budgets import shown
from .base import Rules, Table
from .records import LANGS, ExerciseRecord, OptionGroup, Variant, option_words


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
# the games of this package (found above), as opposed to those registered at run time
SHIPPED: tuple[str, ...] = tuple(GAMES)
_SHIPPED_CLASSES: dict[str, type[Rules]] = dict(GAMES)
# the game ``Game()`` and ``SolitaireWidget()`` open with (the one that says so)
DEFAULT_GAME: str = next(
    (name for name, cls in GAMES.items() if cls.opens_by_default), next(iter(GAMES))
)


# What a game must give itself: Rules has no sensible default for these (the rest,
# words, layout, hints, search knowledge, fall back on what every game shares).
_CLASS_FACTS = {"name": str, "title": str, "n_tableau": int}
_METHODS = ("deal", "pick_reason", "drop_reason")
# the most columns a table has room for (the observation of the environment, the
# page's layout and the piles' ids t0..t19 all stay within it): the one limit of moves
MAX_TABLEAU = moves.MAX_TABLEAU


def missing(cls: type[Rules]) -> list[str]:
    """What ``cls`` lacks of what a game must give (empty: nothing): a ``name``, a
    ``title``, ``n_tableau`` columns (1 to 20), and its ``deal``, ``pick_reason`` and
    ``drop_reason``."""
    lacks = []
    for fact, kind in _CLASS_FACTS.items():
        value = getattr(cls, fact, None)
        if (
            not isinstance(value, kind)
            or isinstance(value, bool)
            or not value
            or (isinstance(value, int) and value < 1)
        ):
            lacks.append(f"{fact} (a {'non-empty str' if kind is str else 'positive int'})")
    n = getattr(cls, "n_tableau", None)
    if isinstance(n, int) and not isinstance(n, bool) and n > MAX_TABLEAU:
        lacks.append(f"n_tableau of at most {MAX_TABLEAU} (not {n})")
    lacks.extend(f"{m}()" for m in _METHODS if getattr(cls, m) is getattr(Rules, m))
    return lacks


def check_game(cls: object) -> type[Rules]:
    """``cls`` if it is a game class that gives all a game must give; TypeError
    naming what it lacks otherwise."""
    if not isinstance(cls, type) or not issubclass(cls, Rules):
        raise TypeError(f"a game is a subclass of Rules, not {shown(cls)}")
    lacks = missing(cls)
    if lacks:
        raise TypeError(f"{cls.__qualname__} is no game yet: it lacks {', '.join(lacks)}")
    return cls


def register(cls: type[Rules], *, replace: bool = False) -> type[Rules]:
    """Offer game class ``cls`` by its ``name``: in the toolbar's game list
    (``catalog``), to ``Game(name)``, ``SolitaireWidget(name)``, the environment and
    ``Game.from_json``. Returns ``cls``, so it can decorate the class.

    TypeError if ``cls`` lacks what a game must give (``missing`` names it);
    ValueError if another class already has that name, unless ``replace=True`` (a
    cell run again defines its class anew: replace the old one). Registering the
    same class again changes nothing. A game of this package cannot be replaced.
    """
    check_game(cls)
    taken = GAMES.get(cls.name)
    if taken is not None and taken is not cls:
        if cls.name in SHIPPED and taken is _SHIPPED_CLASSES[cls.name]:
            raise ValueError(
                f"{cls.name!r} is {taken.title}, a game of this package; give "
                f'{cls.__qualname__} a name of its own (name = "my-{cls.name}")'
            )
        if not replace:
            raise ValueError(
                f"another game is already called {cls.name!r} ({taken.__module__}."
                f"{taken.__qualname__}); give {cls.__qualname__} a name of its own, or "
                "register(..., replace=True) to replace it"
            )
    GAMES[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take game ``name``, registered at run time, off the list; ValueError for a game
    of this package or a name nobody registered."""
    if name in SHIPPED:
        raise ValueError(f"{name!r} is a game of this package; it stays registered")
    if name not in GAMES:
        raise ValueError(f"no game called {shown(name)} is registered")
    del GAMES[name]


def is_registered(rules: Rules | type[Rules]) -> bool:
    """Whether ``rules`` (or its class) is the game registered under its name: only
    then does its name stand for it (a saved game, statistics, published deals)."""
    cls = rules if isinstance(rules, type) else type(rules)
    return GAMES.get(getattr(cls, "name", None)) is cls  # type: ignore[arg-type]


def game_key(rules: Rules) -> str:
    """What names ``rules``'s game where a name is a key (statistics, a deal's
    identity): its name where it is the game registered under it, else its name with
    its class's path (``"eagle-wing@notebook.MyEagleWing"``), so that a changed game
    that kept its parent's name is never counted as its parent."""
    if is_registered(rules):
        return rules.name
    cls = type(rules)
    return f"{getattr(cls, 'name', '?')}@{cls.__module__}.{cls.__qualname__}"


def _class_of(name: str) -> type[Rules]:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {shown(name)}; choose one of {', '.join(GAMES)}") from None


def make_rules(name: str, **options: Any) -> Rules:
    """The rules of game ``name`` with ``options``; TypeError names an unknown option."""
    return rules_of_class(_class_of(name), **options)


def rules_of_class(cls: type[Rules], **options: Any) -> Rules:
    """The rules of game class ``cls`` with ``options``; TypeError names an unknown
    option."""
    unknown = set(options) - set(cls.option_names)
    if unknown:
        allowed = ", ".join(cls.option_names)
        raise TypeError(
            f"{cls.title} has no option {', '.join(sorted(unknown))}; its options: {allowed}"
        )
    return cls(**options)


def rules_for(game: str | Rules, **options: Any) -> Rules:
    """The rules a game is played under, from a registered name and its ``options``,
    or given whole: a ``Rules`` instance (its options are its own: TypeError if
    ``options`` are given too; TypeError naming what its class lacks of a game)."""
    if isinstance(game, Rules):
        if options:
            raise TypeError(
                f"options go with a game's name; {type(game).__qualname__}(...) takes "
                f"them itself ({', '.join(sorted(options))} given)"
            )
        check_game(type(game))
        return game
    if isinstance(game, type) and issubclass(game, Rules):
        raise TypeError(
            f"give the rules ({game.__qualname__}()), or register the class and give "
            "its name, not the class"
        )
    return make_rules(game, **options)


def _filled(cls: type[Rules], v: Variant) -> Variant:
    if _SHIPPED_CLASSES.get(cls.name) is not cls:
        # a game registered at run time has no published figures nor a solver floor,
        # whatever variants it inherits from the game it changes
        return replace(
            v,
            options=dict(v.options),
            figures=False,
            outside=(),
            solver_wins=0,
            game=cls.name,
            title=cls.title,
        )
    return replace(v, options=dict(v.options), game=cls.name, title=cls.title)


def _classes(name: str | None) -> list[type[Rules]]:
    return [GAMES[n] for n in SHIPPED] if name is None else [_class_of(name)]


def variants(name: str | None = None) -> list[Variant]:
    """The variants played and studied (each game's ``Rules.variants``), of every game
    of this package or of game ``name``: each has Aisleriot traces, runs in the
    benchmarks and, where its ``figures`` says so, has published winnability figures
    (never a game registered at run time: none are published for it)."""
    return [_filled(cls, v) for cls in _classes(name) for v in cls.variants]


def rule_sets(name: str | None = None) -> list[Variant]:
    """``variants`` and the further option sets the engine's tests cover."""
    return [_filled(cls, v) for cls in _classes(name) for v in (*cls.variants, *cls.rule_sets)]


def exercise_records() -> dict[str, ExerciseRecord]:
    """The students' exercises the games of this package set (each game's own
    ``Rules.exercises``, not inherited ones), by key, with their game filled in: each is
    judged by its game's Aisleriot traces (``solitaire_widget.exercises``)."""
    found: dict[str, ExerciseRecord] = {}
    for name in SHIPPED:
        for record in _SHIPPED_CLASSES[name].__dict__.get("exercises", ()):
            if record.key in found:
                raise RuntimeError(f"two exercises are called {record.key!r}")
            found[record.key] = dataclasses.replace(record, game=name)
    return found


def variant_title(v: Variant, lang: str = "en") -> str:
    """``"Saratoga, 1 card a click, 2 redeals"``: a variant with every option spelled."""
    cls = GAMES[v.game]
    words = option_words(make_rules(v.game, **v.options).options, lang)
    return f"{cls.title_in(lang)}, {words}" if words else cls.title_in(lang)


def offered_groups(cls: type[Rules], switches: bool = False) -> tuple[OptionGroup, ...]:
    """The option groups the toolbar offers for ``cls``: the rule switches' groups only
    where ``switches`` (a teacher turned them on)."""
    return tuple(g for g in cls.option_groups if switches or not g.switch)


def option_defaults(cls: type[Rules]) -> dict[str, Any]:
    """What each option of ``cls`` is when not given, where its constructor says so
    plainly (a switch's default, which ``options`` leaves out)."""
    out = {}
    for name, p in inspect.signature(cls.__init__).parameters.items():
        if name in cls.option_names and isinstance(p.default, (bool, int, str, type(None))):
            out[name] = p.default
    return out


def catalog_entry(cls: type[Rules], switches: bool = False) -> dict[str, Any]:
    """A game as the toolbar offers it: name, titles, option groups (the rule switches'
    only where ``switches``)."""
    return {
        "name": cls.name,
        "title": cls.title,
        "title_el": cls.title_in("el"),
        "groups": [g.as_dict() for g in offered_groups(cls, switches)],
    }


def catalog(switches: bool = False) -> list[dict[str, Any]]:
    """Every registered game as the toolbar offers it: name, titles, option groups."""
    return [catalog_entry(cls, switches) for cls in GAMES.values()]


def texts_of(name: str) -> Iterator[tuple[str, str, str]]:
    """(language, key, template) of each of game ``name``'s own sentences."""
    cls = _class_of(name)
    for lang in LANGS:
        for key in sorted(cls.text_keys(lang)):
            yield lang, key, cls.sentence(key, lang)


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "LANGS",
    "MAX_TABLEAU",
    "SHIPPED",
    "ExerciseRecord",
    "Rules",
    "Table",
    "Variant",
    "catalog",
    "catalog_entry",
    "check_game",
    "exercise_records",
    "game_key",
    "is_registered",
    "make_rules",
    "missing",
    "offered_groups",
    "option_defaults",
    "register",
    "rule_sets",
    "rules_for",
    "rules_of_class",
    "texts_of",
    "unregister",
    "variant_title",
    "variants",
]
