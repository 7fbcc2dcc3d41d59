"""How columns build: the rule switch ``build`` and what the rules and searches ask of it.

A card may lie on a column's top card one rank higher when their suits agree as the
building rule says: ``"alternate"`` colours (red on black, black on red), the same
``"suit"``, or ``"any"`` suit. Each game says its own (``Rules.column_build``); the games
that offer the switch take it as the option ``build`` and set it on the instance, and the
compiled core reads it as the trait ``column_build``.

The rules and the searches ask it through one question, a card's *class*: a card ``a``
may lie on a card ``b`` one rank higher exactly when ``suit_class(build, a) ==
wanted_class(build, b)``. So a column's top card takes the cards of one rank and one
class, and two top cards of the same rank and class take the same cards.
"""

from __future__ import annotations

from ..budgets import shown
from .records import Choice, OptionGroup

BUILDS = ("alternate", "suit", "any")


def checked_build(build: object, allowed: tuple[str, ...] = BUILDS) -> str:
    """``build`` if it is one of ``allowed``; else a clear error (TypeError for what is
    not a str, ValueError for a str that names no building rule here)."""
    if not isinstance(build, str):
        raise TypeError(f"build must be one of {', '.join(allowed)}, not {shown(build)}")
    if build not in allowed:
        raise ValueError(f"build must be one of {', '.join(allowed)}, not {shown(build)}")
    return build


def suit_class(build: str, card: int) -> int:
    """The class of ``card`` for ``build``: its colour (1 red), its suit, or 0."""
    if build == "alternate":
        return int(13 <= card < 39)
    if build == "suit":
        return card // 13
    return 0


def wanted_class(build: str, card: int) -> int:
    """The class of the cards ``card`` takes on it in a column (one rank lower)."""
    if build == "alternate":
        return 1 - int(13 <= card < 39)
    if build == "suit":
        return card // 13
    return 0


def suits_fit(build: str, upper: int, lower: int) -> bool:
    """Whether ``upper`` may lie on ``lower`` as far as suits go (ranks aside)."""
    return suit_class(build, upper) == wanted_class(build, lower)


def chain_class(build: str, card: int) -> int:
    """What a card of a chain built down from ``card`` keeps: a card of rank r may end
    up on ``card`` (rank R > r), through cards between them, only where this is the same
    for both: the parity of rank plus colour with alternate colours, the suit in suit,
    nothing (0) in any suit."""
    if build == "alternate":
        return (card % 13 + int(13 <= card < 39)) & 1
    if build == "suit":
        return card // 13
    return 0


# the three questions as lookups by card, per building rule (the searches ask them at
# every node)
SUIT_CLASS = {b: tuple(suit_class(b, c) for c in range(52)) for b in BUILDS}
WANTED_CLASS = {b: tuple(wanted_class(b, c) for c in range(52)) for b in BUILDS}
CHAIN_CLASS = {b: tuple(chain_class(b, c) for c in range(52)) for b in BUILDS}

# the words of each building rule, for the toolbar's choices and the rules' notes
WORDS = {
    "alternate": {"en": "Alternate colours", "el": "Εναλλάξ κόκκινο και μαύρο"},
    "suit": {"en": "Same suit", "el": "Ίδιο χρώμα"},
    "any": {"en": "Any suit", "el": "Ανεξαρτήτως χρώματος"},
}

# what each rule says, as a sentence of the rules' note (``build_note``)
_SAYS = {
    "alternate": {
        "en": "**in alternating colours** (red on black, black on red)",
        "el": "**εναλλάξ κόκκινο και μαύρο**",
    },
    "suit": {
        "en": "**in suit** (a card only on the card one rank higher of its own suit)",
        "el": "**στο ίδιο χρώμα** (ένα φύλλο μόνο πάνω στο φύλλο μία αξία πάνω του ίδιου χρώματος)",
    },
    "any": {
        "en": "**in any suit** (a card on any card one rank higher)",
        "el": "**ανεξαρτήτως χρώματος** (ένα φύλλο πάνω σε οποιοδήποτε φύλλο μία αξία πάνω)",
    },
}


def build_switch(default: str) -> OptionGroup:
    """The build switch as the toolbar offers it, to a teacher only (``switch``): the
    game's own rule first, marked as Aisleriot's."""
    order = (default, *(b for b in BUILDS if b != default))
    return OptionGroup(
        {"en": "How columns build", "el": "Πώς χτίζονται οι στήλες"},
        tuple(
            Choice(
                {
                    lang: f"{WORDS[b][lang]} (Aisleriot)" if b == default else WORDS[b][lang]
                    for lang in ("en", "el")
                },
                {"build": b},
            )
            for b in order
        ),
        switch=True,
    )


def build_note(build: str, default: str, lang: str) -> str:
    """The rules text's note where ``build`` is turned from the game's ``default``
    (empty where it is not), as Markdown in ``lang``."""
    if build == default:
        return ""
    says, own = _SAYS[build][lang], _SAYS[default][lang]
    if lang == "el":
        return (
            f"\n**Αλλαγή κανόνα: πώς χτίζονται οι στήλες.** Σε αυτή την παρτίδα οι στήλες "
            f"κατεβαίνουν {says}, και μόνο τέτοιες σειρές μετακινούνται μαζί (ό,τι λένε οι "
            f"κανόνες πιο πάνω για το πώς χτίζονται οι στήλες δεν ισχύει εδώ). Ο κανόνας του Aisleriot, "
            f"{own}, είναι ο προεπιλεγμένος.\n"
        )
    return (
        f"\n**Rule switch: how columns build.** In this game columns build down {says}, "
        f"and only such runs move as a group (what the rules above say of how columns "
        f"build does not hold here). Aisleriot's rule, {own}, is the game's default.\n"
    )


__all__ = [
    "BUILDS",
    "CHAIN_CLASS",
    "SUIT_CLASS",
    "WANTED_CLASS",
    "WORDS",
    "build_note",
    "build_switch",
    "chain_class",
    "checked_build",
    "suit_class",
    "suits_fit",
    "wanted_class",
]
