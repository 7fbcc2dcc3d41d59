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
from typing import TYPE_CHECKING

from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from .base import F0, F3, Rules, Table

if TYPE_CHECKING:
    from ..solver import Search, SMove

MAX_COLUMN = 3


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
    reserve_text_key = "pile_r_ew"  # the trunk
    default_redeals = 2

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

    # ---- what the search needs (see Rules) ------------------------------------------
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

    def search_moves(self, s: Search) -> list[SMove]:
        # best first: to the foundations and moves that lay a card bare, then the
        # waste's and the trunk's card, then the stock
        piles = s.piles
        cols = s.cols
        found = s.found_dst
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = s.first_empty()
        reserve = piles[RESERVE]
        sources = [*cols, WASTE]
        if len(reserve) == 1:
            sources.append(RESERVE)
        for src in sources:
            p = piles[src]
            if not p:
                continue
            card = p[-1]
            if not s.prune:
                dst = found(card)
                if dst:
                    first.append((-1, 0, 0, src, dst, 1))
            # (with pruning every card that fits went up in force(): all are safe)
            out = first if src >= FIRST_TABLEAU and len(p) > 1 else mid
            # a column's lone card into an empty column changes nothing
            lone = src >= FIRST_TABLEAU and len(p) == 1
            _to_columns(s, card, src, -1, 0, 0, out, 0 if lone else empty)
        seq = s.seq()
        for i, draws, nr in s.reachable():
            card = seq[i]
            dst = found(card)
            if dst:
                last.append((i, draws, nr, WASTE, dst, 1))
            _to_columns(s, card, WASTE, i, draws, nr, last, empty)
        return first + mid + last

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


def _to_columns(
    s: Search, card: int, src: int, i: int, draws: int, nr: int, out: list[SMove], empty: int
) -> None:
    # ``card`` onto each short column whose top card is one above it in suit (K under
    # A), and into the first empty column (any other empty one is the same)
    piles = s.piles
    above = card + 1 if card % 13 != 12 else card - 12
    for t in s.cols:
        tp = piles[t]
        if tp and len(tp) < MAX_COLUMN and tp[-1] == above and t != src:
            out.append((i, draws, nr, src, t, 1))
    if empty:
        out.append((i, draws, nr, src, empty, 1))
