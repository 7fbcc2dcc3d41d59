"""Canfield (Κονσερβοκούτια), as Aisleriot's ``canfield.scm`` plays it.

A 13-card reserve with only its top card face up and in play, four columns and a base
card. Foundations build up in suit from the base card, wrapping King -> Ace, one card at
a time; their top cards stay in play (worrying back), except the base rank, which starts
a foundation and stays. Columns build down in alternating colours, also wrapping (a King
may go on an Ace); any group of a column (always such a run) moves onto a column whose
top card is one higher and of the other colour than the group's bottom card. A column
emptied by a move is refilled from the reserve at once; once the reserve is used up, an
empty column takes any card or group. Three cards a click, redeals without limit.
Aisleriot gives it no options. ``build="suit"`` or ``"any"`` is a rule switch (how
columns build, ``games/building.py``), offered to a teacher; alternate colours, the
default, are left out of ``options``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from ..budgets import shown
from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from . import canfield_search as _search
from .base import _UNSET, F0, F3, Rules, Table
from .building import build_note, build_switch, checked_build, suit_class, suits_fit, wanted_class
from .records import Layout, OptionGroup, Slot, Variant, column_slots, foundation_slots


class Canfield(Rules):
    name = "canfield"
    title = "Canfield"
    # Aisleriot's Greek title (its help's canfield page): "tin cans", the name's pun
    title_el = "Κονσερβοκούτια"
    empty_column = "any"
    n_tableau = 4
    has_reserve = True
    refills_from_reserve = True
    has_base_card = True
    reserve_top_in_play = True
    foundations_in_play = True
    column_build = "alternate"
    default_redeals = None
    option_names = ("draw", "redeals", "build")
    # the build switch (how columns build), to a teacher only
    option_groups: ClassVar[tuple[OptionGroup, ...]] = (build_switch("alternate"),)

    # ---- how it is studied and drawn -------------------------------------------------
    # Aisleriot's game, as it plays it (no options). No figures are published yet, so
    # none is opted in. The solver's floor (tests/test_solver.py): with three cards a
    # click and unlimited redeals most deals are won, and the search, which prunes
    # nothing but one safe move, wins 13 of deals 1-30 within 5,000 nodes.
    variants: ClassVar[tuple[Variant, ...]] = (Variant(solver_wins=10),)
    # One card a click and a single pass: the stock's other corners.
    # The build switch in suit and in any suit, each under one of the stock's corners.
    rule_sets: ClassVar[tuple[Variant, ...]] = (
        Variant({"draw": 1, "redeals": 0}, "d1 r0"),
        Variant({"draw": 1, "redeals": None, "build": "suit"}, "d1 unlimited suit"),
        Variant({"draw": 1, "redeals": 0, "build": "any"}, "d1 r0 any"),
    )

    def layout(self) -> Layout:
        # Aisleriot's canfield.scm slots: stock, waste (three cards fanned right), a
        # blank, four foundations; below, the reserve under the stock, two blanks and
        # the four columns under the foundations
        return Layout(
            cols=7,
            max_fan=2.6,
            slots=(
                Slot("s", "stock", 0, 0),
                Slot("w", "waste", 1, 0, self._waste_fan()),
                *foundation_slots(3),
                Slot("r", "reserve", 0, 1),
                *column_slots(self.n_tableau, 3, 1),
            ),
        )

    texts = {
        "en": {
            "canfield_base_stays": "A card of the base card's rank ({base}) starts its foundation and stays there: {card} cannot come back down.",
            "canfield_colour": "Columns build down in alternating colours: {card} and {target} are the same colour.",
            "canfield_suit": "Columns build down in suit in this game: {card} and {target} are not of the same suit.",
            "legal_canfield_tableau_suit": "{card} goes on {target}: columns build down in suit in this game, and a King may go on an Ace.",
            "legal_canfield_tableau_any": "{card} goes on {target}: columns build down in any suit in this game, and a King may go on an Ace.",
            "canfield_rank": "Columns build down one rank at a time (a King may go on an Ace): {target} takes a {needed_rank}, and the group's bottom card is {card}.",
            "legal_canfield_tableau": "{card} goes on {target}: columns build down in alternating colours, and a King may go on an Ace.",
            "legal_canfield_group": " The {n} cards from {card} up move together.",
            "legal_canfield_empty": "An empty column takes any card or group (the reserve is used up).",
            "legal_canfield_back": " Foundation cards stay in play in {game} (all but the base rank); moving one back down costs a point.",
        },
        "el": {
            "canfield_base_stays": "Ένα φύλλο της αξίας του βασικού φύλλου ({base}) ανοίγει τη Βάση του και μένει εκεί: το φύλλο {card} δεν κατεβαίνει.",
            "canfield_colour": "Οι στήλες κατεβαίνουν εναλλάξ κόκκινο και μαύρο: το φύλλο {card} και το φύλλο {target} έχουν το ίδιο χρώμα.",
            "canfield_suit": "Σε αυτή την παρτίδα οι στήλες κατεβαίνουν στο ίδιο χρώμα: τα φύλλα {card} και {target} δεν είναι του ίδιου χρώματος.",
            "legal_canfield_tableau_suit": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: σε αυτή την παρτίδα οι στήλες κατεβαίνουν στο ίδιο χρώμα, και ο Ρήγας μπαίνει πάνω στον Άσο.",
            "legal_canfield_tableau_any": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: σε αυτή την παρτίδα οι στήλες κατεβαίνουν ανεξαρτήτως χρώματος, και ο Ρήγας μπαίνει πάνω στον Άσο.",
            "canfield_rank": "Οι στήλες κατεβαίνουν μία αξία τη φορά (ο Ρήγας μπαίνει πάνω στον Άσο): το {target} δέχεται {needed_rank}, και το κάτω φύλλο της ομάδας είναι {card}.",
            "legal_canfield_tableau": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι στήλες κατεβαίνουν εναλλάξ κόκκινο και μαύρο, και ο Ρήγας μπαίνει πάνω στον Άσο.",
            "legal_canfield_group": " Τα {n} φύλλα από το φύλλο {card} και πάνω μετακινούνται μαζί.",
            "legal_canfield_empty": "Μια άδεια στήλη δέχεται οποιοδήποτε φύλλο ή ομάδα φύλλων (η Ρεζέρβα έχει τελειώσει).",
            "legal_canfield_back": " Στο παιχνίδι {game} τα φύλλα των Βάσεων παίζονται ακόμα (όλα εκτός από την αξία του βασικού)· το κατέβασμα κοστίζει έναν πόντο.",
        },
    }

    rules_text = {
        "en": """\
## Canfield

**Goal:** move all 52 cards to the four foundations.

**The deal.** Thirteen cards form the **reserve**; only its top card is face up and in
play. Four columns get one card each, and one card goes to the first foundation: the
**base card**. The other 34 cards are the stock.

**Foundations** start with the base card's rank and build **up in suit**, one card at a
time; after the King comes the Ace. Their top cards stay in play: one may come back down
onto a column (you lose its point), except a card of the base rank, which stays.

**Columns** build **down in alternating colours** (red on black, black on red), and a
King may go on an Ace. Any part of a column (always such a run) moves as a group.

**The reserve.** When a column is emptied, the reserve's top card fills it at once, and
the next reserve card turns face up. Once the reserve is used up, an empty column takes
**any card or group**.

**The stock** deals **three cards a click** onto the waste (the last ones as many as are
left); only the waste's top card is in play. When the stock is empty, a click turns the
waste over, in the same order, **without limit**.

**Score:** one point per card on the foundations (the base card counts), 52 to win.
""",
        "el": """\
## Κονσερβοκούτια

**Στόχος:** να μεταφερθούν και τα 52 φύλλα στις τέσσερις Βάσεις.

**Το μοίρασμα.** Δεκατρία φύλλα σχηματίζουν τη **Ρεζέρβα**· μόνο το πάνω φύλλο της είναι
ανοιχτό και παίζεται. Τέσσερις στήλες παίρνουν από ένα φύλλο, και ένα φύλλο πηγαίνει στην
πρώτη Βάση: το **βασικό φύλλο**. Τα υπόλοιπα 34 φύλλα είναι η Μάνα.

**Οι Βάσεις** ξεκινούν με την αξία του βασικού φύλλου και ανεβαίνουν **στο ίδιο χρώμα**,
ένα φύλλο τη φορά· μετά τον Ρήγα έρχεται ο Άσος. Τα πάνω φύλλα τους παίζονται ακόμα: ένα
μπορεί να κατέβει σε στήλη (χάνετε τον πόντο του), εκτός από φύλλο της αξίας του βασικού,
που μένει.

**Οι στήλες** κατεβαίνουν **εναλλάξ κόκκινο και μαύρο**, και ο Ρήγας μπαίνει πάνω στον
Άσο. Κάθε κομμάτι μιας στήλης (πάντα τέτοια σειρά) μετακινείται μαζί.

**Η Ρεζέρβα.** Όταν αδειάζει μια στήλη, το πάνω φύλλο της Ρεζέρβας τη γεμίζει αμέσως, και
το επόμενο φύλλο της γυρίζει ανοιχτό. Όταν τελειώσει η Ρεζέρβα, μια άδεια στήλη δέχεται
**οποιοδήποτε φύλλο ή ομάδα φύλλων**.

**Η Μάνα** μοιράζει **τρία φύλλα τη φορά** στον Σωρό (στο τέλος όσα έχουν απομείνει)·
παίζεται μόνο το πάνω φύλλο του Σωρού. Όταν αδειάσει η Μάνα, ένα κλικ γυρίζει τον Σωρό,
με την ίδια σειρά, **χωρίς όριο**.

**Πόντοι:** ένας για κάθε φύλλο στις Βάσεις (μετρά και το βασικό), 52 για τη νίκη.
""",
    }

    # ---- the rules ------------------------------------------------------------------
    def __init__(
        self, draw: int = 3, redeals: int | None = _UNSET, build: str = "alternate"
    ) -> None:
        # Aisleriot's Canfield is three a click, redeals without limit; one a click and
        # a limit on the redeals are the rule sets the engine's tests cover
        super().__init__(redeals)
        # an int, not merely equal to one: 3.0 would reach the page as a float
        if isinstance(draw, bool) or not isinstance(draw, int) or draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {shown(draw)}")
        self.draw_count = draw
        # how columns build (games/building.py); a column stays a run under it (each
        # card put on one fits it, and an empty one takes a single card or a run)
        self.column_build = checked_build(build)
        self.columns_build_in_suit = build == "suit"

    @property
    def options(self) -> dict[str, Any]:
        # the switch only when turned from Aisleriot's rule (records made before it
        # name the same game)
        extra = {} if self.column_build == "alternate" else {"build": self.column_build}
        return {"draw": self.draw_count, "redeals": self.max_redeals, **extra}

    def rule_notes(self, lang: str) -> str:
        return build_note(self.column_build, "alternate", lang)

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        piles[RESERVE] = deck[0:13]  # deck[12] on top, face up
        for i in range(4):
            piles[FIRST_TABLEAU + i] = [deck[13 + i]]
        piles[F0] = [deck[17]]  # the base card
        piles[STOCK] = deck[:17:-1]  # deck[18] on top
        return piles

    def face_up(self, pile: int, position: int, length: int) -> bool:
        if pile == RESERVE:
            return position == length - 1  # the reserve's top card is always in play
        return pile != STOCK

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        # Aisleriot's button-pressed: anything but the stock, one card of the waste and
        # the foundations (Table.reason), and no card of the base rank off a foundation.
        # A column's cards are all face up and always a run, so any part of it is taken.
        if F0 <= src <= F3 and t.piles[src][-1] % 13 + 1 == t.base:
            return "canfield_base_stays"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        spile = t.piles[src]
        if dst <= F3:
            if n != 1:
                return "one_to_foundation"
            return self.wrapping_foundation_reason(t, spile[-1], dst)
        pile = t.piles[dst]
        if not pile:
            # only ever empty once the reserve is used up (an emptied column is
            # refilled from it at once): then it takes anything
            return None
        bottom, top = spile[-n], pile[-1]
        if not suits_fit(self.column_build, bottom, top):
            return "canfield_colour" if self.column_build == "alternate" else "canfield_suit"
        if top % 13 != bottom % 13 + 1 and not (top % 13 + 1 == ACE and bottom % 13 + 1 == KING):
            return "canfield_rank"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        if dst <= F3:
            return self.foundation_keys(t, t.piles[src][-1], dst)
        group = ["legal_canfield_group"] if n > 1 else []
        if not t.piles[dst]:
            return ["legal_canfield_empty", *group]
        back = ["legal_canfield_back"] if F0 <= src <= F3 else []
        build = "" if self.column_build == "alternate" else f"_{self.column_build}"
        return [f"legal_canfield_tableau{build}", *group, *back]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        up = self.wrapping_foundation_targets(t)
        cols = t.tableau
        empty = [c for c in cols if not piles[c]]
        # (rank 0..12, class) of the card a column takes -> those columns (an Ace takes
        # a King of the other colour; the class as the columns build)
        build = self.column_build
        takes: dict[tuple[int, int], list[int]] = {}
        for c in cols:
            if piles[c]:
                top = piles[c][-1]
                takes.setdefault(((top - 1) % 13, wanted_class(build, top)), []).append(c)
        for src in (WASTE, RESERVE, *FOUNDATIONS, *cols):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if F0 <= src <= F3 and card % 13 + 1 == t.base:
                continue  # the base rank stays on its foundation
            moves.extend(Move(src, f, 1) for f in up.get(card, ()) if f != src)
            depth = len(pile) if src >= FIRST_TABLEAU else 1
            for n in range(1, depth + 1):
                bottom = pile[-n]
                moves.extend(
                    Move(src, c, n)
                    for c in takes.get((bottom % 13, suit_class(build, bottom)), ())
                    if c != src
                )
                moves.extend(Move(src, c, n) for c in empty if c != src)
        return moves

    # ---- foundations ----------------------------------------------------------------
    foundation_for = Rules.wrapping_foundation_for

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Only the card X one rank above the base (r = 1, counting from the base rank)
        # once both foundations of the other colour are started. In a column X could
        # hold only a base-rank card of the other colour, and those are then up, where
        # they stay (the base rank never comes back down): nothing can ever be put on
        # X. So in play X is only ever moved, alone or on top of a group, or dealt from
        # the reserve into an emptied column. From its foundation X can still come back
        # down onto any column that would take it (worrying back), and nothing can
        # cover it there, since the next card of its suit goes up only onto X; and the
        # card under it is the base card, which never moves. So a line that keeps X in
        # play is followed with X up: a group [.., X] moves without X, X itself comes
        # down where it went, and where sending X up empties a column, the reserve card
        # the refill puts there is played from the column as from the reserve (the
        # column refilled in turn with the reserve's next card), until the two lines
        # meet again. Higher ranks are not safe this way: the cards they could hold
        # may come back down from the foundations. With three cards a click, a card
        # taken off the waste shifts every later three-card group, so the waste's card
        # is never safe then.
        # How columns build (column_build) decides which base-rank cards X could hold:
        # those of the other colour; with the build switch in any suit, those of every
        # other suit (each must then be up); in suit, only the one of X's own suit,
        # which is up when X fits its foundation: the argument above holds as it stands
        # with the cards X could hold read so.
        assert base is not None  # Canfield deals a base card
        if (card % 13 + 1 - base) % 13 != 1:
            return False
        if self.draw_count > 1 and piles[WASTE] and piles[WASTE][-1] == card:
            return False
        s = card // 13
        build = self.column_build
        if build == "alternate":
            other: tuple[int, ...] = (0, 3) if 13 <= card < 39 else (1, 2)  # other colour
        else:
            other = tuple(o for o in range(4) if o != s) if build == "any" else ()
        started = {p[0] // 13 for p in (piles[f] for f in FOUNDATIONS) if p}
        return all(s in started for s in other)

    # ---- what the search knows (games/canfield_search.py): every legal move, nothing
    # pruned but the safe moves above; the compiled core's part (core/cpp/games/
    # canfield.cpp) is the same search, node for node
    search_moves = _search.search_moves
    core_part = "canfield"

    # ---- hints --------------------------------------------------------------------------
    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        # 1. a top card to a foundation: the reserve, the columns, then the waste
        for src in (RESERVE, *cols, WASTE):
            pile = piles[src]
            if not pile:
                continue
            for dst in FOUNDATIONS:
                if self.wrapping_foundation_reason(t, pile[-1], dst) is None:
                    yield Move(src, dst)
                    break
        # 2. the reserve's or the waste's top card onto the first column that takes it
        # (an empty one takes any)
        for src in (RESERVE, WASTE):
            if not piles[src]:
                continue
            for dst in cols:
                if self.drop_reason(t, src, 1, dst) is None:
                    yield Move(src, dst)
                    break
        # 3. a whole column onto the first other (non-empty) column that takes it
        for src in cols:
            spile = piles[src]
            if not spile:
                continue
            for dst in cols:
                if dst != src and piles[dst] and self.drop_reason(t, src, len(spile), dst) is None:
                    yield Move(src, dst, len(spile))
                    break
