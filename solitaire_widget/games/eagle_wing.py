"""Eagle Wing (Αετός), as Aisleriot's ``eagle-wing.scm`` plays it.

Eight wing columns around a 13-card trunk (the reserve). Foundations start at the base
card and build up in suit, wrapping King -> Ace; columns build down in suit, also
wrapping (Ace <- King), hold three cards at most and take one card at a time. A column
emptied by a move is refilled from the trunk at once, so columns stay empty only once the
trunk is used up. The trunk's bottom card lies face up from the deal and can be played
when it is the last one left. One card per deal, two redeals.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from . import eagle_wing_search as _search
from .base import F0, F3, Rules, Table, card_codes
from .records import ExerciseRecord, Layout, Slot, Variant, foundation_slots

MAX_COLUMN = 3


def _asks_column(rules: Rules, t: Table, src: int, n: int, dst: int) -> tuple | None:
    # a single card dropped onto a column is the student's to judge; the rest of
    # drop_reason (the foundations, and groups, which never go onto a column here)
    # stays the game's
    if dst < FIRST_TABLEAU or n != 1:
        return None
    return card_codes(t, src, 1)[0], card_codes(t, dst)


COLUMN_EXERCISE = ExerciseRecord(
    key="eagle-wing-columns",
    title="Eagle Wing: may this card go onto that column?",
    question="""\
In Eagle Wing a single card (the waste's top card, a column's top card, or the trunk's
last card) may be moved onto one of the eight wing columns. The rules say: columns build
**down in suit**, one rank at a time, and a King may go on an Ace; a column holds **at
most three cards**; an empty column (there is one only once the trunk is used up) takes
any single card. Write the rule as a function.""",
    signature="may_build(card: str, column: list[str]) -> bool",
    docstring="""\
card: the card moved, as a code: its rank (one of A23456789TJQK) and its suit (one of
    CDHS), e.g. "7H" for the Seven of hearts, "TS" for the Ten of spades.
column: the column's cards as codes, bottom to top (column[-1] is its top card);
    an empty list for an empty column.
Return True if the card may go on top of the column, False if not.""",
    asks=_asks_column,
    traces=("eagle-wing.jsonl.gz",),
    options={"redeals": 2},
)


class EagleWing(Rules):
    name = "eagle-wing"
    title = "Eagle Wing"
    title_el = "Αετός"
    empty_column = "any"
    n_tableau = 8
    has_reserve = True
    refills_from_reserve = True
    has_base_card = True
    column_checks_top_card = True
    columns_build_in_suit = True
    column_build = "suit"
    default_redeals = 2
    max_column = MAX_COLUMN

    # ---- how it is studied and drawn -------------------------------------------------
    # Aisleriot's game, with published figures (docs/winnability/eagle-wing.csv)
    variants = (Variant(figures=True),)
    rule_sets = (Variant({"redeals": 0}, "r0"),)
    exercises = (COLUMN_EXERCISE,)

    def layout(self) -> Layout:
        # Aisleriot's eagle-wing.scm slots: the two wings rise towards the trunk (the
        # reserve) in the middle
        left, right = (1.2, 1.1, 1.0, 1.1), (1.1, 1.0, 1.1, 1.2)
        return Layout(
            cols=9,
            max_fan=0.7,  # a wing holds at most three cards
            slots=(
                Slot("s", "stock", 0, 0),
                Slot("w", "waste", 1, 0),
                *foundation_slots(3),
                *(Slot(f"t{i}", "tableau", i, y, "down") for i, y in enumerate(left)),
                Slot("r", "reserve", 4, 1.35),
                *(Slot(f"t{i + 4}", "tableau", 5 + i, y, "down") for i, y in enumerate(right)),
            ),
        )

    texts = {
        "en": {
            "ew_reserve_face_down": "The trunk's cards are face down; only its last card, face up from the deal, can be played, once it is the only one left.",
            "ew_one_card": "Only single cards move onto the columns in Eagle Wing, not groups.",
            "ew_column_full": "A column in Eagle Wing holds at most 3 cards, and {target_pile} is full.",
            "tableau_suit": "Columns build down in suit: {card} cannot go on {target}.",
            "tableau_rank_wrap": "Columns build down one rank at a time (a King may go on an Ace): {target} takes {needed}, not {card}.",
            "legal_ew_tableau": "{card} goes on {target}: columns build down in suit, one card at a time, three cards at most.",
            "legal_ew_tableau_wrap": "{card} goes on {target}: columns build down in suit, and a King may go on an Ace.",
            "legal_ew_empty": "An empty column takes any single card (the trunk is used up).",
            "pile_r": "the trunk (reserve)",
        },
        "el": {
            "ew_reserve_face_down": "Τα φύλλα του κορμού (Ρεζέρβα) είναι κλειστά· παίζεται μόνο το τελευταίο, ανοιχτό από το μοίρασμα, όταν μείνει μόνο του.",
            "ew_one_card": "Στον Αετό στις στήλες μπαίνουν μόνο μεμονωμένα φύλλα, όχι ομάδες.",
            "ew_column_full": "Στον Αετό μια στήλη έχει το πολύ 3 φύλλα, και η {target_pile} είναι γεμάτη.",
            "tableau_suit": "Οι στήλες χτίζονται κατεβαίνοντας στο ίδιο χρώμα: το φύλλο {card} δεν πάει πάνω στο {target}.",
            "tableau_rank_wrap": "Οι στήλες κατεβαίνουν μία αξία τη φορά (ο Ρήγας μπαίνει πάνω στον Άσο): το {target} δέχεται {needed}, όχι {card}.",
            "legal_ew_tableau": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι στήλες κατεβαίνουν στο ίδιο χρώμα, ένα φύλλο τη φορά, το πολύ τρία φύλλα.",
            "legal_ew_tableau_wrap": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι στήλες κατεβαίνουν στο ίδιο χρώμα, και ο Ρήγας μπαίνει πάνω στον Άσο.",
            "legal_ew_empty": "Μια άδεια στήλη δέχεται οποιοδήποτε μεμονωμένο φύλλο (ο κορμός έχει τελειώσει).",
            "pile_r": "ο κορμός (Ρεζέρβα)",
        },
    }

    rules_text = {
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
    }

    # ---- the rules ------------------------------------------------------------------

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        piles[RESERVE] = deck[0:13]  # deck[0] at the bottom, face up
        for i in range(8):
            piles[FIRST_TABLEAU + i] = [deck[13 + i]]
        piles[F0] = [deck[21]]  # the base card
        piles[STOCK] = deck[:21:-1]  # deck[22] on top
        return piles

    def face_up(self, pile: int, position: int, length: int) -> bool:
        if pile == RESERVE:
            return position == 0  # only the trunk's bottom card shows
        return pile != STOCK

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        if F0 <= src <= F3:
            return "foundation_locked"
        if src == RESERVE and len(t.piles[RESERVE]) > 1:
            return "ew_reserve_face_down"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        pile = t.piles[dst]
        card = t.piles[src][-1]  # Aisleriot checks the group's top card only
        if dst <= F3:
            return self.wrapping_foundation_reason(t, card, dst)
        if n != 1:
            return "ew_one_card"
        if not pile:
            return None
        if len(pile) >= MAX_COLUMN:
            return "ew_column_full"
        top = pile[-1]
        if top // 13 != card // 13:
            return "tableau_suit"
        if card % 13 + 2 != top % 13 + 1 and not (top % 13 + 1 == ACE and card % 13 + 1 == KING):
            return "tableau_rank_wrap"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        if dst <= F3:
            keys = self.foundation_keys(t, t.piles[src][-1], dst)
            return [*keys, "legal_found_group"] if n > 1 else keys
        pile = t.piles[dst]
        if not pile:
            return ["legal_ew_empty"]
        return ["legal_ew_tableau_wrap" if pile[-1] % 13 == 0 else "legal_ew_tableau"]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        up = self.wrapping_foundation_targets(t)
        cols = t.tableau
        empty = [c for c in cols if not piles[c]]
        # the single card each short column would take: one lower in suit, K under A
        takes: dict[int, list[int]] = {}
        for c in cols:
            pile = piles[c]
            if 0 < len(pile) < MAX_COLUMN:
                top = pile[-1]
                takes.setdefault(top - top % 13 + (top % 13 - 1) % 13, []).append(c)
        sources = [WASTE, *cols]
        if len(piles[RESERVE]) == 1:
            sources.append(RESERVE)
        for src in sources:
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            depth = len(pile) if src >= FIRST_TABLEAU else 1
            for f in up.get(card, ()):
                moves.extend(Move(src, f, n) for n in range(1, depth + 1))
            moves.extend(Move(src, c, 1) for c in takes.get(card, ()) if c != src)
            moves.extend(Move(src, c, 1) for c in empty if c != src)
        return moves

    # ---- foundations: where a card goes up, and when that can never hurt --------------
    foundation_for = Rules.wrapping_foundation_for

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Columns build down in suit, so the only card that could ever be placed on a
        # card X is the card one below X in X's suit. When X fits its foundation that
        # card is already on the foundation, where it stays (foundations are locked):
        # X can hold nothing in play. Sending X up early may empty its column sooner,
        # which deals the trunk's next card into it sooner: that card is then playable
        # from the column (onto a foundation or another column, as from the trunk) and
        # the trunk's next card is one step nearer; a column holding X could do nothing
        # that an emptied-and-refilled one cannot (go up, take a card, be left empty
        # once the trunk is used up), because nothing can be put on X. From the waste
        # with one card per click, removing X leaves every other stock card in the same
        # order, reached with the same redeals (see ``Search.force_safe``). So every
        # move up is safe.
        return True

    # ---- what the search knows (games/eagle_wing_search.py) -----------------------------
    search_moves = _search.search_moves
    core_part = "eagle-wing"

    # ---- hints --------------------------------------------------------------------------
    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        # 1. a card to a foundation: waste, left wing, trunk (once face up), right wing
        order = [WASTE, *cols[:4], RESERVE, *cols[4:]]
        for src in order:
            pile = piles[src]
            if not pile or (src == RESERVE and len(pile) > 1):
                continue
            for dst in FOUNDATIONS:
                if self.wrapping_foundation_reason(t, pile[-1], dst) is None:
                    yield Move(src, dst)
                    break
        # 2. the waste card into the first empty column
        for dst in cols:
            if not piles[dst]:
                if piles[WASTE]:
                    yield Move(WASTE, dst)
                break
        # 3. the waste card, or a column's lone card, onto another column
        for src in [WASTE, *cols[:4], RESERVE, *cols[4:]]:
            pile = piles[src]
            if src == WASTE:
                if not pile:
                    continue
            elif len(pile) != 1:
                continue
            for dst in cols:
                if dst != src and piles[dst] and self.drop_reason(t, src, 1, dst) is None:
                    yield Move(src, dst)
                    break
