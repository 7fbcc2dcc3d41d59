"""What moves between columns: the rule switch ``moves`` and what the rules and searches
ask of it.

In Saratoga and Klondike (Aisleriot's rule) any correct face-up run moves between columns
as a group, from its top card down to any card of the run: ``"runs"``. The switch offers
two more:

- ``"single"``: one card at a time moves between columns (so a King with cards on it
  cannot fill an empty column; a King alone can);
- ``"columns"``: only a column's whole run moves between columns: its top card with every
  face-up card under it that lies in sequence (one rank higher, the colour the columns
  build in), down to the first that does not. In Klondike a column's face-up cards are
  always one run, so this is the whole face-up column, the literature's "whole columns
  only"; Saratoga deals face up, so there it is the run on top, not the whole column.
  It is Solvitaire's maximal-group rule for built groups (its ``"whole-pile"``, the
  rule of its Canfield, where a column is always one run, asks the run to be the whole
  pile, which in Saratoga would freeze every column that is not one run from the deal;
  in Klondike the two differ only by the face-down cards, which never move).

Moves to the foundations and from the waste or a foundation are single cards under every
rule. A game says its own rule in ``Rules.group_moves``; the games that offer the switch
take it as the option ``moves`` and set ``group_moves`` on the instance, and the compiled
core reads it as the trait ``group_moves``.
"""

from __future__ import annotations

from ..budgets import shown
from .records import Choice, OptionGroup

# the values of the switch
MOVES = ("runs", "single", "columns")


def checked_moves(moves: object, allowed: tuple[str, ...] = MOVES) -> str:
    """``moves`` if it is one of ``allowed``; else a clear error (TypeError for what is
    not a str, ValueError for a str that names no rule for moves here)."""
    if not isinstance(moves, str):
        raise TypeError(f"moves must be one of {', '.join(allowed)}, not {shown(moves)}")
    if moves not in allowed:
        raise ValueError(f"moves must be one of {', '.join(allowed)}, not {shown(moves)}")
    return moves


def group_allowed(moves: str, n: int, run: int) -> bool:
    """Whether ``n`` cards may move between columns from a column whose run on top is
    ``run`` cards long (1 <= n <= run: the rules check the run apart)."""
    if moves == "single":
        return n == 1
    if moves == "columns":
        return n == run
    return True


# the words of each rule, for the toolbar's choices
WORDS = {
    "runs": {"en": "Any face-up run", "el": "Οποιαδήποτε ανοιχτή σειρά"},
    "single": {"en": "One card at a time", "el": "Ένα φύλλο τη φορά"},
    "columns": {"en": "Only a column's whole run", "el": "Μόνο ολόκληρη η σειρά μιας στήλης"},
}

# what each rule says, as a sentence of the rules' note (``moves_note``)
_SAYS = {
    "runs": {
        "en": "any correct face-up run may move between columns as a group",
        "el": "οποιαδήποτε σωστή ανοιχτή σειρά μετακινείται μαζί από στήλη σε στήλη",
    },
    "single": {
        "en": "only **one card at a time** moves between columns (a King with cards on it "
        "cannot fill an empty column)",
        "el": "μόνο **ένα φύλλο τη φορά** μετακινείται από στήλη σε στήλη (Ρήγας με φύλλα "
        "πάνω του δεν γεμίζει άδεια στήλη)",
    },
    "columns": {
        "en": "only a column's **whole run** moves between columns: its top card with every "
        "card under it in sequence, down to the first that is not",
        "el": "μόνο **ολόκληρη η σειρά** μιας στήλης μετακινείται από στήλη σε στήλη: το "
        "πάνω φύλλο της μαζί με κάθε φύλλο από κάτω που είναι στη σειρά, ως το πρώτο που "
        "δεν είναι",
    },
}


def moves_switch(default: str) -> OptionGroup:
    """The switch as the toolbar offers it, to a teacher only (``switch``): the game's
    own rule first, marked as Aisleriot's."""
    order = (default, *(m for m in MOVES if m != default))
    return OptionGroup(
        {"en": "What moves between columns", "el": "Τι μετακινείται από στήλη σε στήλη"},
        tuple(
            Choice(
                {
                    lang: f"{WORDS[m][lang]} (Aisleriot)" if m == default else WORDS[m][lang]
                    for lang in ("en", "el")
                },
                {"moves": m},
            )
            for m in order
        ),
        switch=True,
    )


def moves_note(moves: str, default: str, lang: str) -> str:
    """The rules text's note where ``moves`` is turned from the game's ``default``
    (empty where it is not), as Markdown in ``lang``."""
    if moves == default:
        return ""
    says, own = _SAYS[moves][lang], _SAYS[default][lang]
    if lang == "el":
        return (
            f"\n**Αλλαγή κανόνα: τι μετακινείται από στήλη σε στήλη.** Σε αυτή την παρτίδα "
            f"{says} (ό,τι λένε οι κανόνες πιο πάνω για σειρές που μετακινούνται μαζί δεν "
            f"ισχύει εδώ). Ο κανόνας του Aisleriot, {own}, είναι ο προεπιλεγμένος.\n"
        )
    return (
        f"\n**Rule switch: what moves between columns.** In this game {says} (what the "
        f"rules above say of runs moving as a group does not hold here). Aisleriot's "
        f"rule, {own}, is the game's default.\n"
    )


__all__ = ["MOVES", "WORDS", "checked_moves", "group_allowed", "moves_note", "moves_switch"]
