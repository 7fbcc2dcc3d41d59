"""What an empty column takes: the rule switch ``empty`` and what the rules and searches
ask of it.

In Saratoga and Klondike (Aisleriot's rule) only a King, or a run headed by one, fills an
empty column: ``"K"``. The switch offers two more: ``"any"`` card, or any run that moves
as a group, and ``"none"``: an empty column stays empty. A game says its own rule in
``Rules.empty_column`` (which also labels the empty column's outline); the games that
offer the switch take it as the option ``empty`` and set ``empty_column`` on the
instance, and the compiled core reads it as the trait ``empty_column``.

(Canfield, Eagle Wing and Kansas refill their empty columns from the reserve; they do
not offer it: see the games' modules.)
"""

from __future__ import annotations

from ..budgets import shown
from .records import Choice, OptionGroup

# the values of the switch; the games' own ``empty_column`` may also be "waste" (Kansas)
EMPTIES = ("K", "any", "none")


def checked_empty(empty: object, allowed: tuple[str, ...] = EMPTIES) -> str:
    """``empty`` if it is one of ``allowed``; else a clear error (TypeError for what is
    not a str, ValueError for a str that names no rule for empty columns here)."""
    if not isinstance(empty, str):
        raise TypeError(f"empty must be one of {', '.join(allowed)}, not {shown(empty)}")
    if empty not in allowed:
        raise ValueError(f"empty must be one of {', '.join(allowed)}, not {shown(empty)}")
    return empty


def takes(empty: str, card: int) -> bool:
    """Whether an empty column takes ``card`` at the bottom of a group (ranks aside,
    the group must be a run that moves: the rules check that apart)."""
    if empty == "K":
        return card % 13 == 12
    return empty == "any"


# the words of each rule, for the toolbar's choices
WORDS = {
    "K": {"en": "A King or a run headed by one", "el": "Ρήγας ή σειρά με πρώτο Ρήγα"},
    "any": {"en": "Any card or run", "el": "Οποιοδήποτε φύλλο ή σειρά"},
    "none": {"en": "Nothing: it stays empty", "el": "Τίποτα: μένει άδεια"},
}

# what each rule says, as a sentence of the rules' note (``empty_note``)
_SAYS = {
    "K": {
        "en": "only a **King**, or a run headed by one, may fill an empty column",
        "el": "μόνο **Ρήγας**, ή σειρά που ξεκινά από Ρήγα, γεμίζει άδεια στήλη",
    },
    "any": {
        "en": "**any card**, or any run that moves as a group, may fill an empty column",
        "el": "**οποιοδήποτε φύλλο**, ή οποιαδήποτε σειρά που μετακινείται μαζί, γεμίζει άδεια στήλη",
    },
    "none": {
        "en": "an empty column **stays empty**: no card may go there",
        "el": "μια άδεια στήλη **μένει άδεια**: κανένα φύλλο δεν πηγαίνει εκεί",
    },
}


def empty_switch(default: str) -> OptionGroup:
    """The switch as the toolbar offers it, to a teacher only (``switch``): the game's
    own rule first, marked as Aisleriot's."""
    order = (default, *(e for e in EMPTIES if e != default))
    return OptionGroup(
        {"en": "What an empty column takes", "el": "Τι δέχεται μια άδεια στήλη"},
        tuple(
            Choice(
                {
                    lang: f"{WORDS[e][lang]} (Aisleriot)" if e == default else WORDS[e][lang]
                    for lang in ("en", "el")
                },
                {"empty": e},
            )
            for e in order
        ),
        switch=True,
    )


def empty_note(empty: str, default: str, lang: str) -> str:
    """The rules text's note where ``empty`` is turned from the game's ``default``
    (empty where it is not), as Markdown in ``lang``."""
    if empty == default:
        return ""
    says, own = _SAYS[empty][lang], _SAYS[default][lang]
    if lang == "el":
        return (
            f"\n**Αλλαγή κανόνα: τι δέχεται μια άδεια στήλη.** Σε αυτή την παρτίδα {says} "
            f"(ό,τι λένε οι κανόνες πιο πάνω για τις άδειες στήλες δεν ισχύει εδώ). Ο κανόνας "
            f"του Aisleriot, {own}, είναι ο προεπιλεγμένος.\n"
        )
    return (
        f"\n**Rule switch: what an empty column takes.** In this game {says} (what the "
        f"rules above say of empty columns does not hold here). Aisleriot's rule, {own}, "
        f"is the game's default.\n"
    )


__all__ = ["EMPTIES", "WORDS", "checked_empty", "empty_note", "empty_switch", "takes"]
