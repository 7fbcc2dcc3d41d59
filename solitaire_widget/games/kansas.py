"""Kansas (Κάνσας), as Aisleriot's ``kansas.scm`` plays it.

A 12-card reserve with its top card in play, three columns and a base card. Foundations
build up in suit from the base card, wrapping King -> Ace, one card at a time. Columns
build down regardless of suit, also wrapping, and any group of a column (which is always
a descending run) may move onto a column whose top card is one higher than the group's
bottom card. A column emptied by a move is refilled from the reserve; once the reserve is
used up, an empty column takes only the waste's top card. One pass through the stock.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cards import ACE, KING, RANKS
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from . import kansas_search as _search
from .base import F0, F3, Rules, Table, card_codes
from .records import ExerciseRecord, Layout, Slot, Variant, column_slots, foundation_slots

F1, F2 = FOUNDATIONS[1], FOUNDATIONS[2]


def _asks_foundation(rules: Rules, t: Table, src: int, n: int, dst: int) -> tuple | None:
    # one card dropped onto a foundation is the student's to judge; groups (never
    # allowed up here) and the columns stay the game's
    if dst > F3 or n != 1:
        return None
    return card_codes(t, src, 1)[0], card_codes(t, dst), RANKS[t.base - 1] if t.base else "A"


FOUNDATION_EXERCISE = ExerciseRecord(
    key="kansas-foundations",
    title="Kansas: may this card go up onto that foundation?",
    question="""\
In Kansas one card at a time goes up to a foundation: the waste's top card, the
reserve's top card or a column's top card. The foundations do not start with the Aces:
the first card dealt to them, the **base card**, sets their first rank. The rules say:
an empty foundation takes a card of the base card's rank; a foundation builds **up in
suit**, one rank at a time, and after the King comes the Ace. Write the rule as a
function.""",
    signature="may_go_up(card: str, foundation: list[str], base: str) -> bool",
    docstring="""\
card: the card moved, as a code: its rank (one of A23456789TJQK) and its suit (one of
    CDHS), e.g. "7H" for the Seven of hearts, "TS" for the Ten of spades.
foundation: the foundation's cards as codes, bottom to top (foundation[-1] is its top
    card); an empty list for an empty foundation.
base: the base card's rank, one of A23456789TJQK (every foundation starts with it).
Return True if the card may go onto the foundation, False if not.""",
    asks=_asks_foundation,
    traces=("kansas.jsonl.gz",),
    options={"redeals": 0},
)


class Kansas(Rules):
    name = "kansas"
    title = "Kansas"
    title_el = "Κάνσας"
    empty_column = "waste"
    n_tableau = 3
    has_reserve = True
    refills_from_reserve = True
    column_build = "any"
    has_base_card = True
    reserve_top_in_play = True
    default_redeals = 0
    # the game the library and the widget open with when none is named
    opens_by_default = True

    # ---- how it is studied and drawn -------------------------------------------------
    # Aisleriot's game, with published figures (docs/winnability/kansas.csv)
    variants = (Variant(figures=True),)
    rule_sets = (Variant({"redeals": 1}, "r1"), Variant({"redeals": None}, "unlimited"))
    exercises = (FOUNDATION_EXERCISE,)

    def layout(self) -> Layout:
        # Aisleriot's kansas.scm slots: the reserve under the stock, the three columns
        # to its right
        return Layout(
            cols=6.5,
            max_fan=2.6,
            slots=(
                Slot("s", "stock", 0, 0),
                Slot("w", "waste", 1, 0),
                *foundation_slots(2.5),
                Slot("r", "reserve", 0, 1),
                *column_slots(self.n_tableau, 3.5, 1),
            ),
        )

    texts = {
        "en": {
            "kansas_empty_waste_only": "In Kansas an empty column can be filled only from the waste, not from {src}.",
            "tableau_rank_any_suit": "Columns build down regardless of suit (a King may go on an Ace): {target} takes a {needed_rank}, and the group's bottom card is {card}.",
            "legal_kansas_tableau": "{card} goes on {target}: columns build down regardless of suit.",
            "legal_kansas_group": " The {n} cards from {card} up move together.",
            "legal_kansas_empty": "An empty column takes the waste's top card.",
        },
        "el": {
            "kansas_empty_waste_only": "Στο Κάνσας μια άδεια στήλη γεμίζει μόνο από τον Σωρό, όχι από {src}.",
            "tableau_rank_any_suit": "Οι στήλες κατεβαίνουν ανεξαρτήτως χρώματος (ο Ρήγας μπαίνει πάνω στον Άσο): το {target} δέχεται {needed_rank}, και το κάτω φύλλο της ομάδας είναι {card}.",
            "legal_kansas_tableau": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι στήλες κατεβαίνουν ανεξαρτήτως χρώματος.",
            "legal_kansas_group": " Τα {n} φύλλα από το φύλλο {card} και πάνω μετακινούνται μαζί.",
            "legal_kansas_empty": "Μια άδεια στήλη δέχεται το πάνω φύλλο του Σωρού.",
        },
    }

    rules_text = {
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
    }

    # ---- the rules ------------------------------------------------------------------

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        piles[RESERVE] = deck[0:12]  # deck[11] on top, face up
        piles[F0] = [deck[12]]  # the base card
        for i in range(3):
            piles[FIRST_TABLEAU + i] = [deck[13 + i]]
        piles[STOCK] = deck[:15:-1]  # deck[16] on top
        return piles

    def face_up(self, pile: int, position: int, length: int) -> bool:
        if pile == RESERVE:
            return position == length - 1  # the reserve's top card is always in play
        return pile != STOCK

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        if F0 <= src <= F3:
            return "foundation_locked"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        spile = t.piles[src]
        if dst <= F3:
            if n != 1:
                return "one_to_foundation"
            return self.wrapping_foundation_reason(t, spile[-1], dst)
        pile = t.piles[dst]
        if not pile:
            return None if src == WASTE else "kansas_empty_waste_only"
        bottom = spile[-n] % 13 + 1
        top = pile[-1] % 13 + 1
        if top != bottom + 1 and not (top == ACE and bottom == KING):
            return "tableau_rank_any_suit"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        if dst <= F3:
            return self.foundation_keys(t, t.piles[src][-1], dst)
        if not t.piles[dst]:
            return ["legal_kansas_empty"]
        return ["legal_kansas_tableau", "legal_kansas_group"] if n > 1 else ["legal_kansas_tableau"]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        up = self.wrapping_foundation_targets(t)
        cols = t.tableau
        empty = [c for c in cols if not piles[c]]
        # rank (0..12) -> columns whose top card is one rank higher (an Ace takes a King)
        takes: dict[int, list[int]] = {}
        for c in cols:
            if piles[c]:
                takes.setdefault((piles[c][-1] - 1) % 13, []).append(c)
        for src in (WASTE, RESERVE, *cols):
            pile = piles[src]
            if not pile:
                continue
            moves.extend(Move(src, f, 1) for f in up.get(pile[-1], ()))
            if src < FIRST_TABLEAU:
                moves.extend(Move(src, c, 1) for c in takes.get(pile[-1] % 13, ()))
                if src == WASTE:
                    moves.extend(Move(src, c, 1) for c in empty)
                continue
            for n in range(1, len(pile) + 1):
                moves.extend(Move(src, c, n) for c in takes.get(pile[-n] % 13, ()) if c != src)
        return moves

    # ---- foundations: where a card goes up, and when that can never hurt --------------
    foundation_for = Rules.wrapping_foundation_for

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Count ranks from the base card (r = 0 for the base rank, 12 for the rank below
        # it). Columns build down regardless of suit and wrap, so a card X of relative
        # rank r can hold any card Y of rank r-1 (mod 13), and Y any card of rank r-2.
        # - r >= 2 and every foundation has reached rank r-2 (height >= r-1): each card
        #   Y that might be placed on X can instead go to its own foundation (whose top
        #   is then rank r-2) at that very moment, and nothing can ever be placed on Y
        #   (every card of rank r-2 is up). So X is needed for nothing and can go up.
        # - r == 1 and every foundation is started: the cards X could hold are of the
        #   base rank, and with every foundation started all four are up already, where
        #   they stay (foundations are locked). So X can hold nothing.
        # - r == 0 (the base rank): through the wrap X can hold the last rank of each
        #   suit, which cannot go up until the very end, so it is never safe this way.
        # The reserve and the waste (one card per click) hold no cards on X either, and
        # emptying a column only deals the reserve's next card, which the column then
        # offers as the reserve did (the same drop rules from either).
        assert base is not None  # Kansas deals a base card
        r = (card % 13 + 1 - base) % 13
        if r == 0:
            return False
        low = min(len(piles[F0]), len(piles[F1]), len(piles[F2]), len(piles[F3]))
        return low >= (r - 1 if r >= 2 else 1)

    # ---- what the search knows (argued in games/kansas_search.py) -----------------------
    search_streamliners = _search.STREAMLINERS
    search_pending_rule = _search.pending_rule
    search_mirror = True  # its search_moves reads the search's mirror switch
    search_force = _search.force
    search_bared_up = True
    search_capacity = True
    search_moves = _search.search_moves
    core_part = "kansas"

    # ---- hints --------------------------------------------------------------------------
    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        # 1. a top card to a foundation: waste, reserve, then the columns
        for src in (WASTE, RESERVE, *cols):
            pile = piles[src]
            if not pile:
                continue
            for dst in FOUNDATIONS:
                if self.wrapping_foundation_reason(t, pile[-1], dst) is None:
                    yield Move(src, dst)
                    break
        # 2. onto each non-empty column: waste, reserve, whole columns, useful parts
        for dst in cols:
            target = piles[dst]
            if not target:
                continue
            for src in (WASTE, RESERVE):
                if piles[src] and self.drop_reason(t, src, 1, dst) is None:
                    yield Move(src, dst)
            for src in cols:
                spile = piles[src]
                if src == dst or not spile:
                    continue
                for n in range(len(spile), 0, -1):
                    if self.drop_reason(t, src, n, dst) is not None:
                        continue
                    # a part of a column only when it lays bare a card that can go up
                    if n == len(spile) or self._fits_started_foundation(t, spile[-n - 1]):
                        yield Move(src, dst, n)
            yield from self._self_hint(t, dst)
        # 3. the waste card into the first empty column
        if piles[WASTE]:
            for dst in cols:
                if not piles[dst]:
                    yield Move(WASTE, dst)
                    break

    def _self_hint(self, t: Table, col: int) -> Iterator[Move]:
        # Aisleriot's "move tableau to self" hint (bug 660297): a column long enough to
        # wrap around may hold, deep down, the card its own top could take. Move the
        # top part from the topmost card that fits on another column, when a deeper card
        # c is one below the top and c is the bottom card or lies on a card that can go
        # up. Only the first such top card is looked at, as in Aisleriot.
        piles = t.piles
        pile = piles[col]
        for i in range(len(pile) - 1, -1, -1):
            rank = pile[i] % 13
            others = [
                o for o in t.tableau if o != col and piles[o] and (piles[o][-1] - 1) % 13 == rank
            ]
            if not others:
                continue
            top = pile[-1] % 13
            for j in range(i):
                if top == (pile[j] % 13 + 1) % 13 and (
                    j == 0 or self._fits_started_foundation(t, pile[j - 1])
                ):
                    yield Move(col, others[0], len(pile) - i)
                    break
            return

    def _fits_started_foundation(self, t: Table, card: int) -> bool:
        for f in FOUNDATIONS:
            pile = t.piles[f]
            if pile and self.wrapping_foundation_reason(t, card, f) is None:
                return True
        return False
