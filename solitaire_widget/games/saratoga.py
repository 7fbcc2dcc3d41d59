"""Saratoga (Σαρατόγκα), as Aisleriot's ``saratoga.scm`` (Klondike's code) plays it.

Klondike with every card dealt face up: seven columns of 1 to 7 cards, built down in
alternating colours; any correct run moves as a group; only a King (or a run headed by
one) enters an empty column. Foundations build up in suit from the Ace, one card at a
time, and their top cards stay in play. The help text's rule is the default: one card per
deal and two redeals (three passes); ``redeals=None`` is what Aisleriot's code does
(unlimited), ``draw=3`` its "Three card deals" option.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, STOCK, WASTE, Move
from .base import _UNSET, F0, F3, Rules, Table


def _is_red(card: int) -> bool:
    return 13 <= card < 39


class Saratoga(Rules):
    name = "saratoga"
    title = "Saratoga"
    title_el = "Σαρατόγκα"
    empty_column = "K"
    n_tableau = 7
    default_redeals = 2
    option_names = ("draw", "redeals")

    def __init__(self, draw: int = 1, redeals: int | None = _UNSET) -> None:
        super().__init__(redeals)
        if isinstance(draw, bool) or draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw!r}")
        self.draw_count = draw

    @property
    def options(self) -> dict[str, Any]:
        return {"draw": self.draw_count, "redeals": self.max_redeals}

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        i = 0
        for row in range(7):                  # row by row, as Klondike deals
            for col in range(row, 7):
                piles[FIRST_TABLEAU + col].append(deck[i])
                i += 1
        piles[STOCK] = deck[:27:-1]           # deck[28] on top
        return piles

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        pile = t.piles[src]
        # each card of the group must lie on a card one higher of the other colour
        for i in range(len(pile) - n + 1, len(pile)):
            upper, lower = pile[i], pile[i - 1]
            if upper % 13 + 2 != lower % 13 + 1 or _is_red(upper) == _is_red(lower):
                return "not_a_build"
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
        bottom = spile[-n]
        if not pile:
            return None if bottom % 13 + 1 == KING else "empty_king_only"
        top = pile[-1]
        if _is_red(top) == _is_red(bottom):
            return "tableau_colour"
        if bottom % 13 + 2 != top % 13 + 1:
            return "tableau_rank"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        back = ["legal_found_back"] if F0 <= src <= F3 else []
        if dst <= F3:
            if F0 <= src <= F3:
                return ["legal_found_ace_move"]
            if not t.piles[dst]:
                return ["legal_found_ace"]
            return ["legal_found_up"]
        group = ["legal_sara_group"] if n > 1 else []
        if not t.piles[dst]:
            return ["legal_sara_empty", *group]
        return ["legal_sara_tableau", *group, *back]

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
        empty_c = [c for c in cols if not piles[c]]
        # (rank index, is red) of the card a column takes -> columns
        takes: dict[tuple[int, bool], list[int]] = {}
        for c in cols:
            pile = piles[c]
            if pile and pile[-1] % 13 > 0:
                top = pile[-1]
                takes.setdefault((top % 13 - 1, not _is_red(top)), []).append(c)
        for src in (WASTE, *FOUNDATIONS, *cols):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if card % 13 == 0:
                moves.extend(Move(src, f, 1) for f in empty_f if f != src)
            elif card in up:
                moves.append(Move(src, up[card], 1))
            depth = len(pile) if src >= FIRST_TABLEAU else 1
            n = 1
            while True:
                bottom = pile[-n]
                for c in takes.get((bottom % 13, _is_red(bottom)), ()):
                    if c != src:
                        moves.append(Move(src, c, n))
                if bottom % 13 == 12:
                    moves.extend(Move(src, c, n) for c in empty_c)
                if n == depth:
                    break
                below = pile[-n - 1]
                if below % 13 != bottom % 13 + 1 or _is_red(below) == _is_red(bottom):
                    break
                n += 1
        return moves

    def safe_to_foundation(self, t: Table, src: int) -> bool:
        # Ranks are plain here (Ace 1 .. King 13, no wrap). The rule for building in
        # alternate colours (Blake & Gent 2019, after Bjarnason et al.): a card X of
        # colour c and rank r may go up when both foundations of the other colour are
        # at r-2 or higher and the other foundation of colour c is at r-3 or higher.
        # Why: in play X could only hold a card Y of the other colour and rank r-1; Y
        # could then hold only a card Z of colour c and rank r-2. With those heights Y
        # can go to its foundation whenever it would have gone onto X, and so can Z
        # (its foundation is X's, at r-1, or the other one of colour c, at r-3 or more)
        # and any card of rank r-3 it would have held. So X is needed for nothing in
        # play. Moving foundation cards back down only adds options to the player, and
        # X itself stays available to come back down until something covers it.
        card = t.piles[src][-1]
        r = card % 13 + 1
        if r <= 2:
            return True
        heights = [0, 0, 0, 0]
        for f in FOUNDATIONS:
            pile = t.piles[f]
            if pile:
                heights[pile[-1] // 13] = len(pile)
        s = card // 13
        if _is_red(card):
            opposite, same = (0, 3), (1 if s == 2 else 2)
        else:
            opposite, same = (1, 2), (0 if s == 3 else 3)
        return all(heights[o] >= r - 2 for o in opposite) and heights[same] >= r - 3

    def extra_hints(self, t: Table, legal: list[Move]) -> Iterator[Move]:
        # part of a run moved onto another column to lay bare a card that can go up
        for m in legal:
            pile = t.piles[m.src]
            if m.src >= FIRST_TABLEAU and m.dst >= FIRST_TABLEAU and m.count < len(pile):
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
            if n == len(pile) and pile[0] % 13 + 1 == KING:
                continue                      # a King already at the bottom stays put
            for dst in cols:
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
