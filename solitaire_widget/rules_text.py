"""Each game's rules in our own words, as Markdown, in English and Greek.

The widget's Rules panel and the teaching notebooks show the same text.
"""

from __future__ import annotations

from .games import GAMES

_RULES: dict[str, dict[str, str]] = {
    "eagle-wing": {
        "en": """\
## Eagle Wing

**Goal:** move all 52 cards to the four foundations.

**The deal.** Thirteen cards form the *trunk* (the reserve) in the middle; only its
bottom card is face up. Eight *wing* columns get one card each, and one card goes to the
first foundation: the **base card**. The other 30 cards are the stock.

**Foundations** start with the base card's rank and build **up in suit**, one rank at a
time; after the King comes the Ace (with base 5: 5, 6, … K, A, 2, 3, 4). You may move a
whole group from a column to a foundation when its top card fits. Cards on the
foundations stay there.

**Columns** build **down in suit**, and a King may go on an Ace. A column holds **at most
three cards**, and only single cards move onto columns.

**The trunk.** When a column is emptied, the trunk's top card fills it at once. So a
column stays empty only when the trunk is used up; then any single card may fill it. The
trunk's last card can also be played directly once it is the only one left.

**The stock** deals one card at a time onto the waste. When it is empty, a click turns the
waste over: **two redeals**, so three passes through the stock.

**Score:** one point per card on the foundations (the base card counts), 52 to win.
""",
        "el": """\
## Αετός

**Στόχος:** να μεταφερθούν και τα 52 φύλλα στις τέσσερις Βάσεις.

**Το μοίρασμα.** Δεκατρία φύλλα σχηματίζουν τον *κορμό* (τη Ρεζέρβα) στη μέση· μόνο το
κάτω φύλλο του είναι ανοιχτό. Οκτώ στήλες, τα *φτερά*, παίρνουν από ένα φύλλο, και ένα
φύλλο πηγαίνει στην πρώτη Βάση: το **βασικό φύλλο**. Τα υπόλοιπα 30 είναι η Μάνα.

**Οι Βάσεις** ξεκινούν με την αξία του βασικού φύλλου και ανεβαίνουν **στο ίδιο χρώμα**,
μία αξία τη φορά· μετά τον Ρήγα έρχεται ο Άσος (με βάση το 5: 5, 6, … Ρ, Α, 2, 3, 4).
Μια ομάδα φύλλων από στήλη μπορεί να ανέβει σε Βάση όταν το πάνω φύλλο της ταιριάζει. Τα
φύλλα των Βάσεων μένουν εκεί.

**Οι στήλες** κατεβαίνουν **στο ίδιο χρώμα**, και ο Ρήγας μπαίνει πάνω στον Άσο. Μια στήλη
έχει **το πολύ τρία φύλλα**, και στις στήλες μπαίνουν μόνο μεμονωμένα φύλλα.

**Ο κορμός.** Όταν αδειάζει μια στήλη, το πάνω φύλλο του κορμού τη γεμίζει αμέσως. Άρα
μια στήλη μένει άδεια μόνο όταν τελειώσει ο κορμός· τότε τη γεμίζει οποιοδήποτε
μεμονωμένο φύλλο. Το τελευταίο φύλλο του κορμού παίζεται και απευθείας, όταν μείνει μόνο
του.

**Η Μάνα** μοιράζει ένα φύλλο τη φορά στον Σωρό. Όταν αδειάσει, ένα κλικ γυρίζει τον Σωρό:
**δύο ξαναμοιράσματα**, δηλαδή τρία περάσματα.

**Πόντοι:** ένας για κάθε φύλλο στις Βάσεις (μετρά και το βασικό), 52 για τη νίκη.
""",
    },
    "saratoga": {
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
    },
    "kansas": {
        "en": """\
## Kansas

**Goal:** move all 52 cards to the four foundations.

**The deal.** Twelve cards form the **reserve**; its top card is face up and in play.
One card goes to the first foundation: the **base card**. Three columns get one card
each; the other 36 cards are the stock.

**Foundations** start with the base card's rank and build **up in suit**, one card at a
time; after the King comes the Ace. Cards on the foundations stay there.

**Columns** build **down regardless of suit**, and a King may go on an Ace. Any part of
a column (always a descending run) may move as a group onto a column whose top card is
one higher than the group's bottom card.

**The reserve.** When a column is emptied, the reserve's top card fills it at once, and
the next reserve card comes into play. Once the reserve is used up, an empty column can
be filled **only from the waste**.

**The stock** deals one card at a time onto the waste, **once**: there is no redeal.

**Score:** one point per card on the foundations (the base card counts), 52 to win.
""",
        "el": """\
## Κάνσας

**Στόχος:** να μεταφερθούν και τα 52 φύλλα στις τέσσερις Βάσεις.

**Το μοίρασμα.** Δώδεκα φύλλα σχηματίζουν τη **Ρεζέρβα**· το πάνω φύλλο της είναι ανοιχτό
και παίζεται. Ένα φύλλο πηγαίνει στην πρώτη Βάση: το **βασικό φύλλο**. Τρεις στήλες
παίρνουν από ένα φύλλο· τα υπόλοιπα 36 είναι η Μάνα.

**Οι Βάσεις** ξεκινούν με την αξία του βασικού φύλλου και ανεβαίνουν **στο ίδιο χρώμα**,
ένα φύλλο τη φορά· μετά τον Ρήγα έρχεται ο Άσος. Τα φύλλα των Βάσεων μένουν εκεί.

**Οι στήλες** κατεβαίνουν **ανεξαρτήτως χρώματος**, και ο Ρήγας μπαίνει πάνω στον Άσο.
Κάθε κομμάτι μιας στήλης (πάντα φθίνουσα σειρά) μετακινείται μαζί πάνω σε στήλη της οποίας
το πάνω φύλλο είναι μία αξία πάνω από το κάτω φύλλο της ομάδας.

**Η Ρεζέρβα.** Όταν αδειάζει μια στήλη, το πάνω φύλλο της Ρεζέρβας τη γεμίζει αμέσως, και
το επόμενο φύλλο της μπαίνει στο παιχνίδι. Όταν τελειώσει η Ρεζέρβα, μια άδεια στήλη
γεμίζει **μόνο από τον Σωρό**.

**Η Μάνα** μοιράζει ένα φύλλο τη φορά στον Σωρό, **μία φορά**: δεν υπάρχει ξαναμοίρασμα.

**Πόντοι:** ένας για κάθε φύλλο στις Βάσεις (μετρά και το βασικό), 52 για τη νίκη.
""",
    },
}


def rules_text(name: str, lang: str = "en") -> str:
    """The rules of game ``name`` as Markdown (``lang`` is ``"en"`` or ``"el"``)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    if lang not in ("en", "el"):
        raise ValueError(f"unknown language {lang!r}; choose 'en' or 'el'")
    return _RULES[name][lang]
