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
from .records import Choice, OptionGroup, Variant
from .saratoga import Saratoga


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
    )
    # Figures are published for the rule sets with figures from elsewhere to compare:
    # thoughtful Klondike, three cards a click and unlimited redeals (Aisleriot's "Three
    # card deals"), is the solver literature's standard game (Blake & Gent's Solvitaire,
    # 2019, over millions of deals; lonelybot, 2.4 million; both allow worrying back, as
    # Aisleriot does); one card a click with unlimited redeals has Blake & Gent's too.
    variants = (
        Variant({"draw": 1, "redeals": 2}, "d1 r2", figures=False),
        Variant(
            {"draw": 3, "redeals": None},
            "d3 unlimited",
            outside=(
                ("Blake & Gent (Solvitaire)", 0.81945, 0.00084),
                ("lonelybot", 0.8196, 0.0005),
            ),
        ),
        Variant({"draw": 1, "redeals": 0}, "d1 r0", figures=False),
        Variant(
            {"draw": 1, "redeals": None},
            "d1 unlimited",
            outside=(("Blake & Gent (Solvitaire)", 0.9048, None),),
        ),
    )
    rule_sets = (Variant({"draw": 3, "redeals": 0}, "d3 r0"),)

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
