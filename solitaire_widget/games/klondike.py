"""Klondike (Κλόνταϊκ), as Aisleriot's ``klondike.scm`` plays it.

Seven columns of 1 to 7 cards, dealt row by row; in each column only the top card is
face up. Columns build down in alternating colours; any face-up run moves as a group;
only a King (or a run headed by one) enters an empty column. When a move uncovers a
face-down card it turns face up by itself. Foundations build up in suit from the Ace,
one card at a time, and their top cards stay in play. Aisleriot's four deal options are
one choice: one card a click with two redeals (its default, three passes), three cards
a click with unlimited redeals, no redeals, or unlimited redeals.

It is Saratoga with the cards face down (Aisleriot's ``saratoga.scm`` loads this very
code), so it is Saratoga's rules with the face-down cards added: Saratoga's move rules
already stop a group at a face-down card, and its search knowledge holds here (each rule
is argued in ``games/saratoga_search.py`` in terms that face-down cards only narrow).
The solver plays it as the literature's *thoughtful* Klondike, every card known.
"""

from __future__ import annotations

from typing import ClassVar

from ..moves import FIRST_TABLEAU
from .base import Rules, Table, card_codes
from .records import Choice, ExerciseRecord, OptionGroup, Variant
from .saratoga import BUILD, EMPTY, MOVES, WORRYING_BACK, Saratoga


def _asks_column(rules: Rules, t: Table, src: int, n: int, dst: int) -> tuple | None:
    # any group dropped onto a column is the student's to judge; which groups may be
    # picked up (a face-up run) and the foundations stay the game's
    if dst < FIRST_TABLEAU:
        return None
    return card_codes(t, src, n), card_codes(t, dst)


COLUMN_EXERCISE = ExerciseRecord(
    key="klondike-columns",
    title="Klondike: may this run go onto that column?",
    question="""\
In Klondike a run of face-up cards (one card or more, already in sequence) may be
moved onto a column: from another column, or a single card from the waste or a
foundation. The rules say: columns build **down in alternating colours** (red on black,
black on red), one rank at a time; only a **King**, or a run headed by one, may fill an
empty column. Write the rule as a function.""",
    signature="may_build(cards: list[str], column: list[str]) -> bool",
    docstring="""\
cards: the cards moved as one group, as codes, bottom to top: cards[0] is the card
    that lands on the column, cards[-1] the group's top card. A code is a rank (one of
    A23456789TJQK) and a suit (one of CDHS: clubs and spades are black, diamonds and
    hearts red), e.g. "7H" for the Seven of hearts, "TS" for the Ten of spades.
column: the column's cards as codes, bottom to top (column[-1] is its top card, always
    face up); face-down cards are in lower case ("7h"); an empty list for an empty
    column.
Return True if the group may go on top of the column, False if not.""",
    asks=_asks_column,
    traces=("klondike.jsonl.gz",),
    options={"draw": 1, "redeals": 2},
)


class Klondike(Saratoga):
    name = "klondike"
    face_up_of: ClassVar[tuple[str, ...]] = ()
    title = "Klondike"
    title_el = "Κλόνταϊκ"
    hidden_cards = True
    # Saratoga's search knowledge and the core's part were argued with face-down cards
    # in mind (see the module's docstring): they hold for these rules too
    search_argued = True
    default_redeals = 2

    # Aisleriot's four options are one radio group (its "Single card deals" first,
    # the game as it starts)
    option_groups = (
        OptionGroup(
            {"en": "Deal", "el": "Μοίρασμα"},
            (
                Choice(
                    {"en": "Single card deals", "el": "Άνοιγμα ανά ένα"},
                    {"draw": 1, "redeals": 2},
                ),
                Choice(
                    {"en": "Three card deals", "el": "Άνοιγμα ανά τρία"},
                    {"draw": 3, "redeals": None},
                ),
                Choice({"en": "No redeals", "el": "Χωρίς ξαναμοίρασμα"}, {"draw": 1, "redeals": 0}),
                Choice(
                    {"en": "Unlimited redeals", "el": "Απεριόριστα ξαναμοιράσματα"},
                    {"draw": 1, "redeals": None},
                ),
            ),
        ),
        WORRYING_BACK,
        BUILD,
        EMPTY,
        MOVES,
    )
    # Figures are published for the rule sets with figures from elsewhere to compare:
    # thoughtful Klondike, three cards a click and unlimited redeals (Aisleriot's "Three
    # card deals"), is the solver literature's standard game (Blake & Gent's Solvitaire,
    # 2019, over millions of deals; lonelybot, 2.4 million; both allow worrying back, as
    # Aisleriot does); one card a click with unlimited redeals has Blake & Gent's too.
    # With unlimited redeals most deals are won, and found at once: the solver wins at
    # least half of deals 1-30 on a small budget.
    variants = (
        Variant({"draw": 1, "redeals": 2}, "d1 r2"),
        Variant(
            {"draw": 3, "redeals": None},
            "d3 unlimited",
            figures=True,
            solver_wins=15,
            outside=(
                ("Blake & Gent (Solvitaire)", 0.81945, 0.00084),
                ("lonelybot", 0.8196, 0.0005),
            ),
        ),
        Variant({"draw": 1, "redeals": 0}, "d1 r0"),
        Variant(
            {"draw": 1, "redeals": None},
            "d1 unlimited",
            figures=True,
            solver_wins=15,
            outside=(("Blake & Gent (Solvitaire)", 0.9048, None),),
        ),
    )
    rule_sets = (
        Variant({"draw": 3, "redeals": 0}, "d3 r0"),
        # the rule switch: foundations that keep their cards (benchmarks/worrying_back.py
        # measures what it is worth under the two thoughtful rule sets above)
        Variant({"draw": 3, "redeals": None, "worrying_back": False}, "d3 unlimited no-wb"),
        Variant({"draw": 1, "redeals": None, "worrying_back": False}, "d1 unlimited no-wb"),
        # the build switch with face-down cards (Saratoga's rule sets cover its corners)
        Variant({"draw": 1, "redeals": None, "build": "suit"}, "d1 unlimited suit"),
        Variant({"draw": 3, "redeals": None, "build": "any"}, "d3 unlimited any"),
        # the empty-column switch with face-down cards (Saratoga's rule sets cover its
        # corners)
        Variant({"draw": 1, "redeals": None, "empty": "any"}, "d1 unlimited empty-any"),
        Variant({"draw": 3, "redeals": None, "empty": "none"}, "d3 unlimited empty-none"),
        # the "what moves" switch with face-down cards (Saratoga's rule sets cover its
        # corners)
        Variant({"draw": 1, "redeals": None, "moves": "single"}, "d1 unlimited single"),
        Variant({"draw": 3, "redeals": None, "moves": "columns"}, "d3 unlimited columns"),
    )
    exercises = (COLUMN_EXERCISE,)

    texts = {
        "en": {
            "face_down_group": "Face-down cards cannot be picked up: only the face-up cards of {src} move; the last face-down card turns over once it is uncovered.",
        },
        "el": {
            "face_down_group": "Τα κλειστά φύλλα δεν σηκώνονται: μετακινούνται μόνο τα ανοιχτά φύλλα της στοίβας {src}· το τελευταίο κλειστό φύλλο γυρίζει μόλις ξεσκεπαστεί.",
        },
    }

    rules_text = {
        "en": """\
## Klondike

**Goal:** move all 52 cards to the four foundations.

**The deal.** Seven columns of 1 to 7 cards, dealt row by row; in each column only the
**top card is face up**. The other 24 cards are the stock.

**Foundations** start with the **Aces** and build **up in suit** to the King, one card
at a time. Their top cards stay in play: one may come back down onto a column (you lose
its point), and a lone Ace may move to another empty foundation.

**Columns** build **down in alternating colours** (red on black, black on red). Any
run of face-up cards moves as a group. Face-down cards cannot be moved: when a move
uncovers one, it **turns face up** by itself. Only a **King**, or a run headed by one,
may fill an empty column.

**The stock** deals onto the waste; only the waste's top card is in play. When the stock
is empty, a click turns the waste over, in the same order. Aisleriot's four ways to
deal: **single card deals** (one card at a time, two redeals: three passes), **three
card deals** (three at a time, redeals without limit), **no redeals** (one at a time,
one pass) and **unlimited redeals** (one at a time, without limit).

**Score:** one point per card on the foundations, 52 to win.
""",
        "el": """\
## Κλόνταϊκ

**Στόχος:** να μεταφερθούν και τα 52 φύλλα στις τέσσερις Βάσεις.

**Το μοίρασμα.** Επτά στήλες από 1 έως 7 φύλλα, μοιρασμένες σειρά σειρά· σε κάθε στήλη
μόνο **το πάνω φύλλο είναι ανοιχτό**. Τα υπόλοιπα 24 φύλλα είναι η Μάνα.

**Οι Βάσεις** ξεκινούν με τους **Άσους** και ανεβαίνουν **στο ίδιο χρώμα** ως τον Ρήγα,
ένα φύλλο τη φορά. Τα πάνω φύλλα τους παίζονται ακόμα: ένα μπορεί να κατέβει σε στήλη
(χάνετε τον πόντο του), και ένας μόνος Άσος μπορεί να πάει σε άλλη άδεια Βάση.

**Οι στήλες** κατεβαίνουν **εναλλάξ κόκκινο και μαύρο**. Κάθε σειρά ανοιχτών φύλλων
μετακινείται μαζί. Τα κλειστά φύλλα δεν μετακινούνται: όταν μια κίνηση ξεσκεπάσει ένα,
**γυρίζει ανοιχτό** μόνο του. Μόνο **Ρήγας**, ή σειρά που ξεκινά από Ρήγα, γεμίζει άδεια
στήλη.

**Η Μάνα** μοιράζει στον Σωρό· παίζεται μόνο το πάνω φύλλο του Σωρού. Όταν αδειάσει η
Μάνα, ένα κλικ γυρίζει τον Σωρό, με την ίδια σειρά. Οι τέσσερις τρόποι του Aisleriot:
**άνοιγμα ανά ένα** (ένα φύλλο τη φορά, δύο ξαναμοιράσματα: τρία περάσματα), **άνοιγμα
ανά τρία** (τρία τη φορά, απεριόριστα ξαναμοιράσματα), **χωρίς ξαναμοίρασμα** (ένα τη
φορά, ένα πέρασμα) και **απεριόριστα ξαναμοιράσματα** (ένα τη φορά, χωρίς όριο).

**Πόντοι:** ένας για κάθε φύλλο στις Βάσεις, 52 για τη νίκη.
""",
    }

    def deal_hidden(self) -> list[int]:
        # column k (0-based) gets k cards face down under its face-up top card
        return [0] * FIRST_TABLEAU + list(range(self.n_tableau))
