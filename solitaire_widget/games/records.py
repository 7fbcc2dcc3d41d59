"""What a game declares besides its rules, as plain records: where its piles lie on the
table, the option choices a player is offered, and the variants that tests, benchmarks
and figures run. Each game's module fills these in on its ``Rules`` subclass; the page,
the SVG picture, the toolbar, the tests and the benchmarks read them from there (through
``solitaire_widget.games``), so none of them names a game. So do the students'
exercises a game sets on its rules (``ExerciseRecord``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# the languages every text of a game comes in
LANGS = ("en", "el")

FANS = ("down", "right", "none")
KINDS = ("stock", "waste", "reserve", "foundation", "tableau")


@dataclass(frozen=True)
class Slot:
    """One pile on the table: ``x``/``y`` in card widths and rows (Aisleriot's own slot
    positions), ``fan`` how its cards spread: ``"down"`` a column, ``"right"`` a waste
    that shows several cards, ``"none"`` a stack showing its top card."""

    pile: str
    kind: str
    x: float
    y: float
    fan: str = "none"

    def __post_init__(self) -> None:
        if self.fan not in FANS or self.kind not in KINDS:
            raise ValueError(f"slot {self.pile}: kind {self.kind!r} or fan {self.fan!r}")

    def as_dict(self) -> dict[str, Any]:
        return {"pile": self.pile, "kind": self.kind, "x": self.x, "y": self.y, "fan": self.fan}


@dataclass(frozen=True)
class Layout:
    """The table of one game with its options: ``cols`` is its width in cards,
    ``max_fan`` how far (in card heights below its first card) a column may spread
    before its cards are squeezed."""

    cols: float
    max_fan: float
    slots: tuple[Slot, ...]

    def slot(self, pile: str) -> Slot:
        for s in self.slots:
            if s.pile == pile:
                return s
        raise KeyError(pile)


def foundation_slots(x0: float, y: float = 0) -> tuple[Slot, ...]:
    """Four foundations side by side from ``x0``."""
    return tuple(Slot(f"f{i}", "foundation", x0 + i, y) for i in range(4))


def column_slots(n: int, x0: float, y: float) -> tuple[Slot, ...]:
    """``n`` columns side by side from ``x0``, fanned down."""
    return tuple(Slot(f"t{i}", "tableau", x0 + i, y, "down") for i in range(n))


@dataclass(frozen=True)
class Choice:
    """One choice of an option group: what it is called and the options it sets."""

    label: Mapping[str, str]  # per language
    options: Mapping[str, Any]


@dataclass(frozen=True)
class OptionGroup:
    """A set of choices offered together, one of which is on (a selector, or a radio
    group): Saratoga offers the draw count and the redeals apart, Klondike its four
    deals as one group, as Aisleriot does."""

    label: Mapping[str, str]  # per language
    choices: tuple[Choice, ...]
    # a rule switch (worrying back...): a teacher's choice, not a player's, offered by
    # the toolbar only where the table's rule switches are on (the widget's
    # ``rule_switches``); off, the game keeps the rule it is played with
    switch: bool = False

    def chosen(self, options: Mapping[str, Any]) -> int | None:
        """The index of the choice ``options`` agree with, or None."""
        for i, c in enumerate(self.choices):
            if all(options.get(k, object()) == v for k, v in c.options.items()):
                return i
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": dict(self.label),
            "choices": [{"label": dict(c.label), "options": dict(c.options)} for c in self.choices],
        }


@dataclass(frozen=True)
class Variant:
    """A set of options a game is played and studied with.

    ``tag`` tells it from the game's other variants (``"d1 r2"``; empty for a game with
    one). ``figures``: winnability figures are published for it (docs/winnability),
    an opt-in: a variant that says so must have them, over 20,000 deals
    (tests/test_registry.py), and a new game needs none to pass CI. ``outside``:
    figures published elsewhere, to check ours against. ``solver_wins``: the fewest of
    deals 1 to 30 the solver must win at 5,000 nodes a deal (tests/test_solver.py; 0:
    it must decide one at least), a floor the game sets from what its search does.
    ``game`` and ``title`` are filled in by the registry.
    """

    options: Mapping[str, Any] = field(default_factory=dict)
    tag: str = ""
    figures: bool = False
    # winnability published elsewhere for the same rules: (source, win rate, half-width
    # of its 95% interval or None where the source gives none)
    outside: tuple[tuple[str, float, float | None], ...] = ()
    solver_wins: int = 0
    game: str = ""
    title: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.solver_wins <= 30:
            raise ValueError(f"solver_wins counts deals 1 to 30, not {self.solver_wins!r}")

    @property
    def label(self) -> str:
        """Short, for tables of figures: ``"Saratoga d1 r2"``."""
        return f"{self.title} {self.tag}".strip()

    @property
    def slug(self) -> str:
        """For file names: ``"saratoga-d1-r2"``."""
        return "-".join([self.game, *self.tag.split()]) if self.tag else self.game

    def __str__(self) -> str:
        return self.label


def option_words(options: Mapping[str, Any], lang: str = "en") -> str:
    """``"draw 1, 2 redeals"``: options as a person reads them."""
    parts = []
    if "draw" in options:
        d = options["draw"]
        parts.append(
            (f"{d} φύλλο τη φορά" if d == 1 else f"{d} φύλλα τη φορά")
            if lang == "el"
            else (f"{d} card a click" if d == 1 else f"{d} cards a click")
        )
    if "redeals" in options:
        r = options["redeals"]
        if lang == "el":
            parts.append(
                "απεριόριστα ξαναμοιράσματα"
                if r is None
                else ("χωρίς ξαναμοίρασμα" if r == 0 else f"{r} ξαναμοιράσματα")
            )
        else:
            parts.append(
                "unlimited redeals"
                if r is None
                else ("no redeal" if r == 0 else f"{r} redeal{'s' if r != 1 else ''}")
            )
    if options.get("worrying_back") is False:  # a rule switch, named only when off
        parts.append("χωρίς επιστροφή από τις Βάσεις" if lang == "el" else "no worrying back")
    build = options.get("build")
    if build is not None:  # a rule switch (how columns build), named where it is given
        words = {
            "en": {"alternate": "alternate colours", "suit": "in suit", "any": "any suit"},
            "el": {
                "alternate": "εναλλάξ κόκκινο και μαύρο",
                "suit": "στο ίδιο χρώμα",
                "any": "ανεξαρτήτως χρώματος",
            },
        }[lang]
        lead = "στήλες " if lang == "el" else "columns "
        parts.append(lead + words.get(build, str(build)))
    empty = options.get("empty")
    if empty is not None:  # a rule switch (what an empty column takes), named where given
        words = {
            "en": {
                "K": "Kings fill empty columns",
                "any": "any card fills an empty column",
                "none": "empty columns stay empty",
            },
            "el": {
                "K": "Ρήγες στις άδειες στήλες",
                "any": "οποιοδήποτε φύλλο σε άδεια στήλη",
                "none": "οι άδειες στήλες μένουν άδειες",
            },
        }[lang]
        parts.append(words.get(empty, f"empty columns: {empty}"))
    moves = options.get("moves")
    if moves is not None:  # a rule switch (what moves between columns), named where given
        words = {
            "en": {
                "runs": "any face-up run moves",
                "single": "one card at a time",
                "columns": "only whole runs move",
            },
            "el": {
                "runs": "μετακινείται οποιαδήποτε ανοιχτή σειρά",
                "single": "ένα φύλλο τη φορά",
                "columns": "μετακινούνται μόνο ολόκληρες σειρές",
            },
        }[lang]
        parts.append(words.get(moves, f"moves: {moves}"))
    return ", ".join(parts)


__all__ = [
    "LANGS",
    "Choice",
    "Layout",
    "OptionGroup",
    "Slot",
    "Variant",
    "column_slots",
    "foundation_slots",
    "option_words",
]


@dataclass(frozen=True)
class ExerciseRecord:
    """One rule of a game set as a students' exercise (``solitaire_widget.exercises``
    judges it against Aisleriot's traces).

    ``signature`` is the header of the function the student writes, as Python
    (``"may_build(card: str, column: list[str]) -> bool"``), and ``docstring`` what its
    arguments are and what it returns; the function answers True (allowed) or False.
    The function stands in for part of the game's ``drop_reason``: ``asks(rules, table,
    src, n, dst)`` turns that question (may the top ``n`` cards of ``src`` go onto
    ``dst``?) into the function's arguments (card codes, lower case face down), or
    gives None where the game's own rule decides: the part of the rule the exercise
    does not ask about. ``traces``
    are the Aisleriot trace files (``tests/data/``) of the game under ``options`` that
    judge it; ``game`` is filled in by the registry.
    """

    key: str
    title: str
    question: str
    signature: str
    docstring: str
    asks: Callable[..., tuple[Any, ...] | None]
    traces: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    game: str = ""
