"""Saratoga (Σαρατόγκα), as Aisleriot's ``saratoga.scm`` (Klondike's code) plays it.

Klondike with every card dealt face up: seven columns of 1 to 7 cards, built down in
alternating colours; any correct run moves as a group; only a King (or a run headed by
one) enters an empty column. Foundations build up in suit from the Ace, one card at a
time, and their top cards stay in play. The help text's rule is the default: one card per
deal and two redeals (three passes); ``redeals=None`` is what Aisleriot's code does
(unlimited), ``draw=3`` its "Three card deals" option.

``worrying_back=False`` is a rule switch (for teaching and for the literature's
"necessity of worrying back"): the foundations then keep their cards, as in Kansas.
Aisleriot's rule, worrying back on, is the default, and an option at its default is
left out of ``options`` (so every record made before the switch names the same game).
``build="suit"`` or ``"any"`` is another (how columns build, ``games/building.py``):
Aisleriot's alternate colours are the default, left out of ``options`` alike. So is
``empty="any"`` or ``"none"`` (what an empty column takes, ``games/empty_columns.py``):
Aisleriot's King (or a run headed by one) is the default. And ``moves="single"`` or
``"columns"`` (what moves between columns, ``games/group_moves.py``): Aisleriot's any
face-up run is the default.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from ..budgets import shown
from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, STOCK, WASTE, Move
from . import saratoga_search as _search
from .base import _UNSET, F0, F3, Rules, Table
from .building import build_note, build_switch, checked_build, suit_class, suits_fit, wanted_class
from .empty_columns import checked_empty, empty_note, empty_switch
from .group_moves import checked_moves, group_allowed, moves_note, moves_switch
from .records import (
    Choice,
    Layout,
    OptionGroup,
    Slot,
    Variant,
    column_slots,
    foundation_slots,
)

# The rules text's note when worrying back is switched off (``Rules.rule_notes``)
NO_WORRYING_BACK = {
    "en": """
**Rule switch: no worrying back.** In this game the foundations **keep their cards**:
no foundation card comes back down onto a column, and an Ace stays where it went up
(the sentence above about foundation cards staying in play does not hold here).
Aisleriot's rule, worrying back on, is the game's default.
""",
    "el": """
**Αλλαγή κανόνα: χωρίς επιστροφή από τις Βάσεις.** Σε αυτή την παρτίδα οι Βάσεις
**κρατούν τα φύλλα τους**: κανένα φύλλο Βάσης δεν κατεβαίνει ξανά σε στήλη, και ένας Άσος
μένει εκεί όπου ανέβηκε (η πρόταση πιο πάνω για τα φύλλα των Βάσεων που παίζονται ακόμα
δεν ισχύει εδώ). Ο κανόνας του Aisleriot, με την επιστροφή, είναι ο προεπιλεγμένος.
""",
}

# The worrying-back switch as the toolbar offers it, to a teacher only (``switch``)
WORRYING_BACK = OptionGroup(
    {"en": "Worrying back", "el": "Επιστροφή από τις Βάσεις"},
    (
        Choice({"en": "On (Aisleriot)", "el": "Ναι (Aisleriot)"}, {"worrying_back": True}),
        Choice({"en": "Off", "el": "Όχι"}, {"worrying_back": False}),
    ),
    switch=True,
)

# the build switch (how columns build), to a teacher only; Aisleriot's rule first
BUILD = build_switch("alternate")

# the empty-column switch (what an empty column takes), to a teacher only; Aisleriot's
# King first
EMPTY = empty_switch("K")

# the "what moves" switch (what moves between columns), to a teacher only; Aisleriot's
# any face-up run first
MOVES = moves_switch("runs")


class Saratoga(Rules):
    name = "saratoga"
    title = "Saratoga"
    title_el = "Σαρατόγκα"
    empty_column = "K"
    foundations_in_play = True
    column_build = "alternate"
    n_tableau = 7
    default_redeals = 2
    option_names = ("draw", "redeals", "worrying_back", "build", "empty", "moves")
    # Aisleriot's saratoga.scm is klondike.scm with the deal face up (checked by
    # tests/test_registry.py: the same seeds deal the same cards)
    face_up_of: ClassVar[tuple[str, ...]] = ("klondike",)

    # ---- how it is offered, studied and drawn -------------------------------------
    option_groups: ClassVar[tuple[OptionGroup, ...]] = (
        OptionGroup(
            {"en": "Cards a click", "el": "Φύλλα ανά κλικ"},
            (
                Choice({"en": "One card", "el": "Ένα φύλλο"}, {"draw": 1}),
                Choice({"en": "Three cards", "el": "Τρία φύλλα"}, {"draw": 3}),
            ),
        ),
        OptionGroup(
            {"en": "Redeals", "el": "Ξαναμοιράσματα"},
            (
                Choice({"en": "2 redeals", "el": "2 ξαναμοιράσματα"}, {"redeals": 2}),
                Choice({"en": "Unlimited", "el": "Απεριόριστα"}, {"redeals": None}),
            ),
        ),
        WORRYING_BACK,
        BUILD,
        EMPTY,
        MOVES,
    )
    # The help text's rule first, then what Aisleriot's code does, and its option, each
    # with published figures. With unlimited redeals most deals are won, and found at
    # once: the solver wins at least half of deals 1-30 on a small budget.
    variants: ClassVar[tuple[Variant, ...]] = (
        Variant({"draw": 1, "redeals": 2}, "d1 r2", figures=True),
        Variant({"draw": 1, "redeals": None}, "d1 unlimited", figures=True, solver_wins=15),
        Variant({"draw": 3, "redeals": None}, "d3 unlimited", figures=True, solver_wins=15),
    )
    rule_sets: ClassVar[tuple[Variant, ...]] = (
        Variant({"draw": 1, "redeals": 0}, "d1 r0"),
        Variant({"draw": 3, "redeals": 0}, "d3 r0"),
        Variant({"draw": 3, "redeals": 1}, "d3 r1"),
        # the rule switch: foundations that keep their cards, under the rules where
        # the search's pieces that rest on worrying back differ (the stock a reserve:
        # the lazy-stock filter; limited redeals: the drawn-card rule)
        Variant({"draw": 1, "redeals": None, "worrying_back": False}, "d1 unlimited no-wb"),
        Variant({"draw": 1, "redeals": 2, "worrying_back": False}, "d1 r2 no-wb"),
        # the build switch, under the rules where the search's pieces that rest on how
        # columns build differ (the stock a reserve: the lazy-stock chains; limited
        # redeals: the drawn-card rule and the loosest rules), and with worrying back off
        Variant({"draw": 1, "redeals": None, "build": "suit"}, "d1 unlimited suit"),
        Variant({"draw": 1, "redeals": 0, "build": "any"}, "d1 r0 any"),
        Variant({"draw": 3, "redeals": None, "build": "suit"}, "d3 unlimited suit"),
        Variant(
            {"draw": 1, "redeals": 2, "build": "suit", "worrying_back": False}, "d1 r2 suit no-wb"
        ),
        Variant(
            {"draw": 1, "redeals": 0, "build": "any", "worrying_back": False}, "d1 r0 any no-wb"
        ),
        # the empty-column switch, under the rules where the search's pieces that rest
        # on it differ (the stock a reserve: the lazy-stock filter; limited redeals: the
        # drawn-card rule and the loosest rules), with the build and worrying back
        # switches
        Variant({"draw": 1, "redeals": None, "empty": "any"}, "d1 unlimited empty-any"),
        Variant({"draw": 1, "redeals": 2, "empty": "none"}, "d1 r2 empty-none"),
        Variant({"draw": 3, "redeals": None, "empty": "any"}, "d3 unlimited empty-any"),
        Variant(
            {"draw": 1, "redeals": 0, "empty": "any", "worrying_back": False},
            "d1 r0 empty-any no-wb",
        ),
        Variant(
            {"draw": 1, "redeals": None, "empty": "none", "build": "suit"},
            "d1 unlimited empty-none suit",
        ),
        # the "what moves" switch, under the rules where the search's pieces that rest
        # on it differ (the stock a reserve: the lazy-stock filter; limited redeals: the
        # drawn-card rule and the loosest rules), with the other switches
        Variant({"draw": 1, "redeals": None, "moves": "single"}, "d1 unlimited single"),
        Variant({"draw": 1, "redeals": 2, "moves": "columns"}, "d1 r2 columns"),
        Variant({"draw": 3, "redeals": None, "moves": "columns"}, "d3 unlimited columns"),
        Variant(
            {"draw": 1, "redeals": 0, "moves": "single", "worrying_back": False},
            "d1 r0 single no-wb",
        ),
        Variant(
            {"draw": 1, "redeals": None, "moves": "columns", "empty": "any"},
            "d1 unlimited columns empty-any",
        ),
    )

    def layout(self) -> Layout:
        # Aisleriot's klondike.scm slots: stock, waste (fanned right with three a
        # click), four foundations from x 3, seven columns below
        return Layout(
            cols=7,
            max_fan=2.6,
            slots=(
                Slot("s", "stock", 0, 0),
                Slot("w", "waste", 1, 0, "right" if self.draw_count > 1 else "none"),
                *foundation_slots(3),
                *column_slots(self.n_tableau, 0, 1),
            ),
        )

    texts = {
        "en": {
            "foundation_ace": "An empty foundation starts with an Ace, and {card} is not one.",
            "legal_found_ace": "{card} starts an empty foundation: foundations begin with the Aces.",
            "legal_found_ace_move": "A lone Ace may move to another empty foundation (it changes nothing but its place).",
            "legal_found_back": " Foundation cards stay in play in {game}; moving one back down costs a point.",
            "face_down_group": "Face-down cards cannot be picked up: only the face-up cards of {src} move.",
            "not_a_build": "Only a correct run moves as a group: in the top {n} cards of {src}, {upper} does not lie on a card one higher of the other colour.",
            "empty_king_only": "Only a King, or a run headed by a King, may fill an empty column; {card} is not a King.",
            "tableau_colour": "Columns build down in alternating colours: {card} and {target} are the same colour.",
            "tableau_rank": "Columns build down one rank at a time: {target} takes {needed}, not {card}.",
            "legal_sara_tableau": "{card} goes on {target}: columns build down in alternating colours.",
            "legal_sara_group": " The run of {n} cards headed by {card} moves as a group.",
            "legal_sara_empty": "{card} is a King: a King, or a run headed by one, may fill an empty column.",
            "foundation_rank": "Foundations build up one rank at a time from the Ace to the King: {target} needs {needed}, not {card}.",
            "foundation_kept": "Worrying back is switched off in this game of {game}: cards on the foundations stay there.",
            "not_a_build_suit": "Only a correct run moves as a group: in the top {n} cards of {src}, {upper} does not lie on a card one higher of its own suit (columns build in suit in this game).",
            "not_a_build_any": "Only a correct run moves as a group: in the top {n} cards of {src}, {upper} does not lie on a card one higher.",
            "tableau_in_suit": "Columns build down in suit in this game: {card} and {target} are not of the same suit.",
            "legal_sara_tableau_suit": "{card} goes on {target}: columns build down in suit in this game.",
            "legal_sara_tableau_any": "{card} goes on {target}: columns build down in any suit in this game.",
            "empty_none": "An empty column stays empty in this game: no card may go there.",
            "legal_sara_empty_any": "{card} may fill an empty column: in this game any card, or any run that moves as a group, may.",
            "moves_single": "Only one card at a time moves between columns in this game, not a group of {n}.",
            "moves_columns": "Only a column's whole run moves between columns in this game: the {n} cards from {card} up are only part of the run on top of {src}, which goes on down to the first card out of sequence.",
            "legal_sara_single": " One card at a time moves between columns in this game.",
            "legal_sara_columns": " The whole run on top of {src} moves: in this game only a column's whole run moves between columns.",
        },
        "el": {
            "foundation_ace": "Μια άδεια Βάση ξεκινά με Άσο, και το φύλλο {card} δεν είναι Άσος.",
            "legal_found_ace": "Το φύλλο {card} ανοίγει άδεια Βάση: οι Βάσεις ξεκινούν με τους Άσους.",
            "legal_found_ace_move": "Ένας μόνος Άσος μπορεί να πάει σε άλλη άδεια Βάση (αλλάζει μόνο η θέση του).",
            "legal_found_back": " Στο παιχνίδι {game} τα φύλλα των Βάσεων παίζονται ακόμα· το κατέβασμα κοστίζει έναν πόντο.",
            "face_down_group": "Τα κλειστά φύλλα δεν σηκώνονται: μετακινούνται μόνο τα ανοιχτά φύλλα της στοίβας {src}.",
            "not_a_build": "Μόνο σωστή σειρά μετακινείται ως ομάδα: στα {n} πάνω φύλλα της στοίβας {src}, το {upper} δεν κάθεται σε φύλλο μία αξία πάνω και άλλου χρώματος (κόκκινο/μαύρο).",
            "empty_king_only": "Μόνο Ρήγας, ή σειρά που ξεκινά από Ρήγα, γεμίζει άδεια στήλη· το φύλλο {card} δεν είναι Ρήγας.",
            "tableau_colour": "Οι στήλες κατεβαίνουν εναλλάξ κόκκινο και μαύρο: το φύλλο {card} και το φύλλο {target} έχουν το ίδιο χρώμα.",
            "tableau_rank": "Οι στήλες κατεβαίνουν μία αξία τη φορά: το φύλλο {target} δέχεται {needed}, όχι {card}.",
            "legal_sara_tableau": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι στήλες κατεβαίνουν εναλλάξ κόκκινο και μαύρο.",
            "legal_sara_group": " Η σειρά των {n} φύλλων με πρώτο το φύλλο {card} μετακινείται μαζί.",
            "legal_sara_empty": "Το φύλλο {card} είναι Ρήγας: Ρήγας, ή σειρά που ξεκινά από Ρήγα, γεμίζει άδεια στήλη.",
            "foundation_rank": "Οι Βάσεις ανεβαίνουν μία αξία τη φορά από τον Άσο ως τον Ρήγα: το φύλλο {target} θέλει {needed}, όχι {card}.",
            "foundation_kept": "Σε αυτή την παρτίδα {game} η επιστροφή φύλλων από τις Βάσεις είναι κλειστή: τα φύλλα των Βάσεων μένουν εκεί.",
            "not_a_build_suit": "Μόνο σωστή σειρά μετακινείται ως ομάδα: στα {n} πάνω φύλλα της στοίβας {src}, το {upper} δεν κάθεται σε φύλλο μία αξία πάνω του ίδιου χρώματος (σε αυτή την παρτίδα οι στήλες χτίζονται στο ίδιο χρώμα).",
            "not_a_build_any": "Μόνο σωστή σειρά μετακινείται ως ομάδα: στα {n} πάνω φύλλα της στοίβας {src}, το {upper} δεν κάθεται σε φύλλο μία αξία πάνω.",
            "tableau_in_suit": "Σε αυτή την παρτίδα οι στήλες κατεβαίνουν στο ίδιο χρώμα: τα φύλλα {card} και {target} δεν είναι του ίδιου χρώματος.",
            "legal_sara_tableau_suit": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: σε αυτή την παρτίδα οι στήλες κατεβαίνουν στο ίδιο χρώμα.",
            "legal_sara_tableau_any": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: σε αυτή την παρτίδα οι στήλες κατεβαίνουν ανεξαρτήτως χρώματος.",
            "empty_none": "Σε αυτή την παρτίδα μια άδεια στήλη μένει άδεια: κανένα φύλλο δεν πηγαίνει εκεί.",
            "legal_sara_empty_any": "Το φύλλο {card} γεμίζει άδεια στήλη: σε αυτή την παρτίδα τη γεμίζει οποιοδήποτε φύλλο, ή οποιαδήποτε σειρά που μετακινείται μαζί.",
            "moves_single": "Σε αυτή την παρτίδα μόνο ένα φύλλο τη φορά μετακινείται από στήλη σε στήλη, όχι ομάδα {n} φύλλων.",
            "moves_columns": "Σε αυτή την παρτίδα μόνο ολόκληρη η σειρά μιας στήλης μετακινείται από στήλη σε στήλη: τα {n} φύλλα από το φύλλο {card} και πάνω είναι μόνο μέρος της σειράς στην κορυφή της στοίβας {src}, που συνεχίζει προς τα κάτω ως το πρώτο φύλλο εκτός σειράς.",
            "legal_sara_single": " Σε αυτή την παρτίδα μετακινείται ένα φύλλο τη φορά από στήλη σε στήλη.",
            "legal_sara_columns": " Μετακινείται ολόκληρη η σειρά στην κορυφή της στοίβας {src}: σε αυτή την παρτίδα μόνο ολόκληρη η σειρά μιας στήλης μετακινείται από στήλη σε στήλη.",
        },
    }

    rules_text = {
        "en": """\
## Saratoga

**Goal:** move all 52 cards to the four foundations.

**The deal.** Klondike's layout with **every card face up**: seven columns of 1 to 7
cards; the other 24 cards are the stock.

**Foundations** start with the **Aces** and build **up in suit** to the King, one card
at a time. Their top cards stay in play: one may come back down onto a column (you lose
its point), and a lone Ace may move to another empty foundation.

**Columns** build **down in alternating colours** (red on black, black on red). Any
correct run moves as a group. Only a **King**, or a run headed by one, may fill an empty
column.

**The stock** deals one card at a time onto the waste (three with *three-card deals*);
only the waste's top card is in play. When the stock is empty, a click turns the waste
over. The rule text allows **two redeals** (three passes); Aisleriot's program lets you
turn it over without limit, which is the *unlimited redeals* option here.

**Score:** one point per card on the foundations, 52 to win.
""",
        "el": """\
## Σαρατόγκα

**Στόχος:** να μεταφερθούν και τα 52 φύλλα στις τέσσερις Βάσεις.

**Το μοίρασμα.** Η διάταξη της Κλοντάικ με **όλα τα φύλλα ανοιχτά**: επτά στήλες από 1
έως 7 φύλλα· τα υπόλοιπα 24 είναι η Μάνα.

**Οι Βάσεις** ξεκινούν με τους **Άσους** και ανεβαίνουν **στο ίδιο χρώμα** ως τον Ρήγα,
ένα φύλλο τη φορά. Τα πάνω φύλλα τους παίζονται ακόμα: ένα μπορεί να κατέβει σε στήλη
(χάνετε τον πόντο του), και ένας μόνος Άσος μπορεί να πάει σε άλλη άδεια Βάση.

**Οι στήλες** κατεβαίνουν **εναλλάξ κόκκινο και μαύρο**. Κάθε σωστή σειρά μετακινείται
μαζί. Μόνο **Ρήγας**, ή σειρά που ξεκινά από Ρήγα, γεμίζει άδεια στήλη.

**Η Μάνα** μοιράζει ένα φύλλο τη φορά στον Σωρό (τρία με το *μοίρασμα ανά τρία*)· παίζεται
μόνο το πάνω φύλλο του Σωρού. Όταν αδειάσει η Μάνα, ένα κλικ γυρίζει τον Σωρό. Οι κανόνες
επιτρέπουν **δύο ξαναμοιράσματα** (τρία περάσματα)· το πρόγραμμα Aisleriot τα επιτρέπει
απεριόριστα, που εδώ είναι η επιλογή *απεριόριστα ξαναμοιράσματα*.

**Πόντοι:** ένας για κάθε φύλλο στις Βάσεις, 52 για τη νίκη.
""",
    }

    # ---- the rules ------------------------------------------------------------------
    def __init__(
        self,
        draw: int = 1,
        redeals: int | None = _UNSET,
        worrying_back: bool = True,
        build: str = "alternate",
        empty: str = "K",
        moves: str = "runs",
    ) -> None:
        super().__init__(redeals)
        # an int, not merely equal to one: 3.0 would reach the core and the page as a float
        if isinstance(draw, bool) or not isinstance(draw, int) or draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {shown(draw)}")
        # a bool, not merely truthy: 0 or "no" would be a slip, not a wish
        if not isinstance(worrying_back, bool):
            raise TypeError(f"worrying_back must be True or False, not {shown(worrying_back)}")
        self.draw_count = draw
        # worrying back: a foundation's top card may come back into play
        self.foundations_in_play = worrying_back
        # how columns build (games/building.py): a card's class says what it takes
        self.column_build = checked_build(build)
        self.columns_build_in_suit = build == "suit"
        # what an empty column takes (games/empty_columns.py): "K", "any" or "none"
        self.empty_column = checked_empty(empty)
        # what moves between columns (games/group_moves.py): "runs", "single", "columns"
        self.group_moves = checked_moves(moves)

    @property
    def options(self) -> dict[str, Any]:
        # the rule switch only when turned from Aisleriot's rule: the options of the game
        # as Aisleriot plays it (statistics keys, saved games, published deals) are the
        # same as before the switch existed
        extra: dict[str, Any] = {} if self.foundations_in_play else {"worrying_back": False}
        if self.column_build != "alternate":
            extra["build"] = self.column_build
        if self.empty_column != "K":
            extra["empty"] = self.empty_column
        if self.group_moves != "runs":
            extra["moves"] = self.group_moves
        return {"draw": self.draw_count, "redeals": self.max_redeals, **extra}

    def rule_notes(self, lang: str) -> str:
        notes = "" if self.foundations_in_play else NO_WORRYING_BACK[lang]
        return (
            notes
            + build_note(self.column_build, "alternate", lang)
            + empty_note(self.empty_column, "K", lang)
            + moves_note(self.group_moves, "runs", lang)
        )

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        i = 0
        for row in range(7):  # row by row, as Klondike deals
            for col in range(row, 7):
                piles[FIRST_TABLEAU + col].append(deck[i])
                i += 1
        piles[STOCK] = deck[:27:-1]  # deck[28] on top
        return piles

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        if F0 <= src <= F3 and not self.foundations_in_play:
            return "foundation_kept"  # worrying back is off
        pile = t.piles[src]
        if n > len(pile) - t.hidden[src]:
            return "face_down_group"
        # each card of the group must lie on a card one higher, as the columns build
        build = self.column_build
        for i in range(len(pile) - n + 1, len(pile)):
            upper, lower = pile[i], pile[i - 1]
            if upper % 13 + 2 != lower % 13 + 1 or not suits_fit(build, upper, lower):
                return "not_a_build" if build == "alternate" else f"not_a_build_{build}"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        spile = t.piles[src]
        pile = t.piles[dst]
        if dst <= F3:
            if n != 1:
                return "one_to_foundation"
            card = spile[-1]
            if not pile:
                return None if card % 13 + 1 == ACE else "foundation_ace"
            top = pile[-1]
            if top // 13 != card // 13:
                return "foundation_suit"
            if card % 13 != top % 13 + 1:
                return "foundation_rank"
            return None
        if src >= FIRST_TABLEAU and self.group_moves != "runs":
            # what moves between columns (the switch ``moves``): one card, or the whole
            # run on top of the source column
            if self.group_moves == "single" and n > 1:
                return "moves_single"
            if self.group_moves == "columns" and n != self.run_length(t, src):
                return "moves_columns"
        bottom = spile[-n]
        if not pile:
            # what an empty column takes (the switch ``empty``)
            if self.empty_column == "any":
                return None
            if self.empty_column == "none":
                return "empty_none"
            return None if bottom % 13 + 1 == KING else "empty_king_only"
        top = pile[-1]
        if not suits_fit(self.column_build, bottom, top):
            return "tableau_colour" if self.column_build == "alternate" else "tableau_in_suit"
        if bottom % 13 + 2 != top % 13 + 1:
            return "tableau_rank"
        return None

    def run_length(self, t: Table, src: int) -> int:
        """The length of the run on top of column ``src``: its top card with every
        face-up card under it that lies in sequence, down to the first that does not."""
        pile = t.piles[src]
        depth = len(pile) - t.hidden[src]
        build = self.column_build
        n = 1 if depth else 0
        while n < depth:
            upper, lower = pile[-n], pile[-n - 1]
            if lower % 13 != upper % 13 + 1 or not suits_fit(build, upper, lower):
                break
            n += 1
        return n

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        back = ["legal_found_back"] if F0 <= src <= F3 else []
        if dst <= F3:
            if F0 <= src <= F3:
                return ["legal_found_ace_move"]
            if not t.piles[dst]:
                return ["legal_found_ace"]
            return ["legal_found_up"]
        group = ["legal_sara_group"] if n > 1 else []
        if src >= FIRST_TABLEAU and self.group_moves != "runs":
            group.append(f"legal_sara_{self.group_moves}")
        if not t.piles[dst]:
            empty = "legal_sara_empty_any" if self.empty_column == "any" else "legal_sara_empty"
            return [empty, *group]
        build = "" if self.column_build == "alternate" else f"_{self.column_build}"
        return [f"legal_sara_tableau{build}", *group, *back]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        cols = t.tableau
        empty_f = [f for f in FOUNDATIONS if not piles[f]]
        up: dict[int, int] = {}  # card -> the foundation it goes on
        for f in FOUNDATIONS:
            pile = piles[f]
            if pile and pile[-1] % 13 < 12:
                up[pile[-1] + 1] = f
        # the empty columns, and which groups they take: a King's, any, or none
        empty_c = [c for c in cols if not piles[c]] if self.empty_column != "none" else []
        any_fills = self.empty_column == "any"
        build = self.column_build
        # (rank index, class) of the card a column takes -> columns
        takes: dict[tuple[int, int], list[int]] = {}
        for c in cols:
            pile = piles[c]
            if pile and pile[-1] % 13 > 0:
                top = pile[-1]
                takes.setdefault((top % 13 - 1, wanted_class(build, top)), []).append(c)
        # the foundations' top cards are in play only with worrying back
        found_src = FOUNDATIONS if self.foundations_in_play else ()
        for src in (WASTE, *found_src, *cols):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if card % 13 == 0:
                moves.extend(Move(src, f, 1) for f in empty_f if f != src)
            elif card in up:
                moves.append(Move(src, up[card], 1))
            depth = len(pile) - t.hidden[src] if src >= FIRST_TABLEAU else 1
            # the run on top, for the switch ``moves`` (a single card from the waste or
            # a foundation is allowed under every rule)
            run = self.run_length(t, src) if src >= FIRST_TABLEAU else 1
            n = 1
            while True:
                bottom = pile[-n]
                if group_allowed(self.group_moves, n, run):
                    for c in takes.get((bottom % 13, suit_class(build, bottom)), ()):
                        if c != src:
                            moves.append(Move(src, c, n))
                    if bottom % 13 == 12 or any_fills:
                        moves.extend(Move(src, c, n) for c in empty_c)
                if n == depth:
                    break
                below = pile[-n - 1]
                if below % 13 != bottom % 13 + 1 or not suits_fit(build, bottom, below):
                    break
                n += 1
        return moves

    # ---- foundations: where a card goes up, and when that can never hurt --------------
    def foundation_for(self, piles: Sequence[list[int]], base: int | None, card: int) -> int:
        # an Ace onto the first empty foundation, any other card onto the one of its
        # suit that holds the card just below it (no wrap)
        if card % 13 == 0:
            for f in FOUNDATIONS:
                if not piles[f]:
                    return f
            return 0
        below = card - 1
        for f in FOUNDATIONS:
            p = piles[f]
            if p and p[-1] == below:
                return f
        return 0

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Rests on the rule facts: foundations build up in suit from the Ace (no base
        # card, no wrap), columns build down in alternating colours (column_build: the
        # other two rules are argued at the end), one card at a time
        # to a foundation; and on foundations_in_play, argued both ways below, so the
        # one bound serves worrying back on and off.
        # Ranks are plain here (Ace 1 .. King 13, no wrap). The rule for building in
        # alternate colours (Blake & Gent 2019, after Bjarnason et al.), who prove this
        # bound with worrying back: Aces and 2s are always safe (a 2 can hold only an
        # Ace, and an Ace can always go up: one foundation is free for each Ace not yet
        # up). A card X of colour c and rank r >= 3 may go up when both foundations of
        # the other colour are at r-2 or higher and the other foundation of colour c is
        # at r-3 or higher.
        # Why: in play X could only hold a card Y of the other colour and rank r-1; Y
        # could then hold only a card Z of colour c and rank r-2. With those heights Y
        # can go to its foundation whenever it would have gone onto X, and so can Z
        # (its foundation is X's, then at r-1, or the other one of colour c, at r-3 or
        # more), and the cards of rank r-3 that Z could hold are of Y's colour, whose
        # foundations are at r-2 or more: up already. So X is needed for nothing in
        # play. With worrying back, moving foundation cards back down only adds options
        # to the player, and X itself stays available to come back down until
        # something covers it.
        # Without worrying back (worrying_back=False) the same bound holds, by the
        # plainer argument that foundations then only ever grow: take any line L that
        # keeps X in play and play L' instead, X up at once, each move of L that puts a
        # card on a card L' has sent up (Y on X, Z on such a Y) played in L' as that
        # card going up (its foundation is exactly one below it then: at the heights
        # above at the start, it never falls, and the card is not up in L' yet), and
        # each later move of the cards L' sent up skipped. Their
        # foundations never fall, so the cards of rank r-3 of Y's colour, up at the
        # start, stay up: nothing else can ever lie on Z. L' then differs from L only in
        # cards up that L keeps in play, which no other move needs (a group holding them
        # moves without them: a part of a run is a run, onto the same card), and more
        # cards up only lets more go up. So no line is lost by sending X up.
        # The build switch (``column_build``) changes which cards X could hold:
        # - in suit, only the card one below X in X's suit, which is up when X fits its
        #   foundation; it can come down (worrying back) onto X alone, for a card of a
        #   suit lies in a column only on the card one higher of that suit, and so can
        #   the cards under it on the foundation, each only onto the one above it. So in
        #   play X holds nothing but cards that would be up with X, and it is safe at any
        #   rank: the line L' above, X up, skips every move of X and of those cards
        #   (without worrying back they never come down at all), and a group holding X
        #   on top moves without it; with worrying back X itself may still come down
        #   from its foundation where L moves it (it is that foundation's top card while
        #   L keeps it in play: the next card of its suit goes up only after X).
        # - in any suit, any card Y of rank r-1 could lie on X, and any card Z of rank
        #   r-2 on Y: the bound above with every suit in place of the other colour's,
        #   that is, each other suit's foundation at r-2 or higher (then every card of
        #   rank r-2 is up, so nothing is ever put on Y, and Y goes up whenever it would
        #   have gone onto X); Kansas's bound (Kansas.safe_card), without the wrap. Aces
        #   and 2s stay safe as above (a 2 holds only Aces).
        r = card % 13 + 1
        build = self.column_build
        if r <= 2 or build == "suit":
            return True
        h = [0, 0, 0, 0]  # foundation height of each suit
        for f in FOUNDATIONS:
            p = piles[f]
            if p:
                h[p[0] // 13] = len(p)
        s = card // 13
        if build == "any":
            return all(h[o] >= r - 2 for o in range(4) if o != s)
        if 13 <= card < 39:  # red: the blacks, then the other red suit
            return h[0] >= r - 2 and h[3] >= r - 2 and h[3 - s] >= r - 3
        return h[1] >= r - 2 and h[2] >= r - 2 and h[3 - s] >= r - 3

    # ---- what the search knows (argued in games/saratoga_search.py) -------------------
    # Most deals are won, and a win that the main search's move order reaches late is
    # often found early in another order: solve() gives probes a share by default (only
    # the main search can prove a deal lost, so it keeps the rest).
    search_probes = True
    search_moves = _search.search_moves
    blocked_cards = _search.blocked_cards
    search_off = _search.search_off
    search_pending_rule = _search.pending_rule
    search_mirror = True  # its search_moves reads the search's mirror switch
    loosest = _search.loosest
    core_part = "saratoga"

    # ---- hints --------------------------------------------------------------------------
    def extra_hints(self, t: Table, legal: list[Move]) -> Iterator[Move]:
        # part of a run moved onto another column to lay bare a card that can go up: a
        # face-up card only (a hint reads no face-down card, even to judge a move that
        # turns one over; the whole run is Aisleriot's own hint)
        for m in legal:
            pile = t.piles[m.src]
            if (
                m.src >= FIRST_TABLEAU
                and m.dst >= FIRST_TABLEAU
                and m.count < len(pile) - t.hidden[m.src]
            ):
                scratch = t.copy()
                scratch.apply(m)
                if any(scratch.reason(Move(m.src, f)) is None for f in FOUNDATIONS):
                    yield m

    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        empty_f = next((f for f in FOUNDATIONS if not piles[f]), None)
        # 1. an Ace on the waste or a column to an empty foundation
        if empty_f is not None:
            for src in (WASTE, *cols):
                if piles[src] and piles[src][-1] % 13 == 0:
                    yield Move(src, empty_f)
        # 2. each column's whole run onto a column (a King's run into an empty one)
        for src in cols:
            pile = piles[src]
            if not pile:
                continue
            n = 1
            while n < len(pile) and self.pick_reason(t, src, n + 1) is None:
                n += 1
            if self.group_moves == "single":
                n = 1  # one card at a time (the switch ``moves``): the top card only
            if n == len(pile) and pile[0] % 13 + 1 == KING:
                continue  # a King already at the bottom stays put
            for dst in cols:
                if n == len(pile) and not piles[dst]:
                    # a whole column into an empty one changes nothing (with empty="any";
                    # under Aisleriot's rule a King's whole column was skipped above)
                    continue
                if dst != src and self.drop_reason(t, src, n, dst) is None:
                    yield Move(src, dst, n)
                    break
        # 3. the waste card onto a column
        if piles[WASTE]:
            for dst in cols:
                if self.drop_reason(t, WASTE, 1, dst) is None:
                    yield Move(WASTE, dst)
                    break
        # 4. a waste or column top card onto its foundation
        for f in FOUNDATIONS:
            if not piles[f]:
                continue
            for src in (WASTE, *cols):
                if piles[src] and self.drop_reason(t, src, 1, f) is None:
                    yield Move(src, f)
