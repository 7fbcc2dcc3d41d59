"""Whose rules a game's search knowledge was argued for: when the solver may use it.

Every search hook of a game (its move generator, safe moves, blocked cards, pending
rule, looser rules, capacity proof, streamliners, probes) and its part in the compiled
core is argued for the rules of the class that writes it. A subclass inherits them; if
it also changes a rule (a method or a trait below), a proof made for the parent's rules
may no longer hold, and a search using it could call a won deal lost. So the rule is
conservative and mechanical:

- each piece of search knowledge belongs to the class that defines it in its own body
  (``Rules`` itself defines none that prunes: its defaults are sound for any rules);
- a class may declare, with ``search_argued = True`` in its own body, that the search
  knowledge it inherits was argued for its rules too (Klondike: Saratoga's search, with
  the face-down cards its deal adds, is the one the core's part plays);
- a subclass below that class (nearer the instance in the MRO) that overrides a rule
  fact, or anything else its parents define besides words, layout and study records,
  or an instance that carries a rule of its own, leaves the knowledge untrusted: the
  solver then runs the generic search (``generic_search``) and refuses the compiled
  core.

Options passed to a game's constructor (cards a click, redeals, a rule switch such as
``worrying_back``) are not rule changes: the game's search was argued for every option
its constructor accepts, each piece saying which rule facts it rests on and turning
itself off (or into its argued counterpart) where an option takes a fact away
(``games/saratoga_search.py`` does so for worrying back, for how columns build and for
what an empty column takes and for what moves between columns, ``games/canfield.py`` for how columns build).

>>> from solitaire_widget.games import GAMES
>>> untrusted(GAMES["kansas"]()) is None
True
>>> class InSuit(GAMES["kansas"]):
...     columns_build_in_suit = True
>>> print(untrusted(InSuit()))
InSuit changes columns_build_in_suit, a rule fact of Kansas, whose search knowledge was argued for Kansas's rules only
"""

from __future__ import annotations

from typing import Any

from .base import RULE_FACTS, Rules

# The search knowledge: what the Python search and the compiled core take from a game.
# ``foundation_for`` and ``safe_card`` are here too: the search trusts them as faster
# forms of ``drop_reason`` and as a proof about the game's moves.
KNOWLEDGE = frozenset(
    {
        "search_moves",
        "search_force",
        "blocked_cards",
        "search_blocked",
        "search_pending_rule",
        "search_off",
        "search_mirror",
        "loosest",
        "search_capacity",
        "search_bared_up",
        "search_streamliners",
        "search_probes",
        "foundation_for",
        "safe_card",
        "core_part",
        "core_traits",
    }
)

# The rule facts (``base.RULE_FACTS``, the one list): each a search proof may rest on.

# What a subclass may change and keep the search: words, layout, the help's hints and
# the study records, none of which any move or search reads. ``default_redeals`` is an
# option's default (the constructor accepts the other values as well); ``face_up_of``
# and the records are claims the tests and figures check, not rules.
NOT_RULES = frozenset(
    {
        "name",
        "title",
        "title_el",
        "texts",
        "rules_text",
        "option_groups",
        "variants",
        "rule_sets",
        "opens_by_default",
        "reserve_text_key",
        "default_redeals",
        "face_up_of",
        "option_names",
        "options",
        "layout",
        "title_in",
        "sentence",
        "text_keys",
        "aisleriot_hints",
        "extra_hints",
        "legal_keys",
        "foundation_keys",
        "safe_to_foundation",
        "rule_notes",
        "search_argued",
        "__repr__",
    }
)

# what Python itself puts in a class body
_CLASS_BODY = frozenset(
    {
        "__module__",
        "__qualname__",
        "__doc__",
        "__dict__",
        "__weakref__",
        "__annotations__",
        "__annotate__",
        "__annotate_func__",
        "__annotations_cache__",
        "__firstlineno__",
        "__static_attributes__",
        "__classcell__",
        "__orig_bases__",
        "__parameters__",
        "__slots__",
    }
)

# what the constructor of a game sets on an instance: its options (and the caches
# ``Rules`` keeps of them); ``foundations_in_play`` is the ``worrying_back`` switch,
# ``column_build`` (with ``columns_build_in_suit``) the ``build`` switch,
# ``empty_column`` the ``empty`` switch, ``group_moves`` the ``moves`` switch
_OPTION_ATTRIBUTES = frozenset(
    {
        "max_redeals",
        "draw_count",
        "foundations_in_play",
        "column_build",
        "columns_build_in_suit",
        "empty_column",
        "group_moves",
        "_position_limits",
        "_deal_hidden",
    }
)


def _changes(klass: type, above: tuple[type, ...]) -> list[str]:
    """What ``klass``'s own body changes that its parents ``above`` define: the rule
    facts, and any other name of theirs that is not words or records (a helper the
    parents' rules may call)."""
    out = []
    for name in klass.__dict__:
        if name in _CLASS_BODY or name in NOT_RULES or name in KNOWLEDGE:
            continue
        if name in RULE_FACTS or any(name in parent.__dict__ for parent in above):
            out.append(name)
    return out


def owner(cls: type[Rules], piece: str) -> type[Rules] | None:
    """The class that argued ``piece`` of the search knowledge for ``cls``: the nearest
    that defines it, or the nearest below that which declares ``search_argued``; None
    where only ``Rules`` defines it (its defaults prune nothing)."""
    mro = [k for k in cls.__mro__ if issubclass(k, Rules) and k is not Rules]
    found = None
    for i, klass in enumerate(mro):
        if piece in klass.__dict__:
            found = i
            break
    if found is None:
        return None
    for klass in mro[:found]:
        if klass.__dict__.get("search_argued") is True:
            return klass
    return mro[found]


def untrusted(rules: Rules | type[Rules]) -> str | None:
    """Why the search knowledge ``rules`` inherits cannot be trusted for its rules (a
    sentence), or None when every piece of it was argued for them. A game with no
    ``search_moves`` of its own has no game search: the generic one is its search."""
    cls: type[Rules] = rules if isinstance(rules, type) else type(rules)
    if owner(cls, "search_moves") is None or cls.search_moves is Rules.search_moves:
        return f"{cls.title} defines no search_moves (no search of its own)"
    mro = [k for k in cls.__mro__ if issubclass(k, Rules) and k is not Rules]
    for piece in sorted(KNOWLEDGE):
        klass = owner(cls, piece)
        if klass is None:
            continue
        below = mro[: mro.index(klass)]
        for i, sub in enumerate(below):
            changed = _changes(sub, tuple(mro[i + 1 :]))
            if changed:
                return (
                    f"{sub.__name__} changes {', '.join(changed)}, a rule fact of "
                    f"{klass.title}, whose search knowledge was argued for "
                    f"{klass.title}'s rules only"
                )
    if not isinstance(rules, type):
        own: dict[str, Any] = vars(rules)
        changed = [
            n for n in own if n not in _OPTION_ATTRIBUTES and (n in RULE_FACTS or n in KNOWLEDGE)
        ]
        if changed:
            return (
                f"this {cls.title} carries rules of its own ({', '.join(changed)} set on "
                "the instance), which its search knowledge was not argued for"
            )
    return None


__all__ = ["KNOWLEDGE", "NOT_RULES", "RULE_FACTS", "owner", "untrusted"]
