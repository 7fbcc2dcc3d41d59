"""What the search knows of Eagle Wing: the moves worth trying from a position, best
first (every move up is safe there, so the search forces them all; see
``EagleWing.safe_card``). The rules are in ``games/eagle_wing.py``, which binds this to
``EagleWing``; it is written against ``search_protocol.SearchState``.
"""

from __future__ import annotations

from typing import Protocol

from ..moves import FIRST_TABLEAU, RESERVE, WASTE
from .search_protocol import SearchState, SMove, stock_reach


class _Wings(Protocol):
    max_column: int  # a column holds at most this many cards (EagleWing's rule)


def search_moves(rules: _Wings, s: SearchState) -> list[SMove]:
    # best first: to the foundations and moves that lay a card bare, then the
    # waste's and the trunk's card, then the stock
    piles = s.piles
    cols = s.cols
    found = s.found_dst
    full = rules.max_column  # a column holds at most this many cards
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
        _to_columns(s, card, src, -1, 0, 0, out, 0 if lone else empty, full)
    for i, draws, nr, card in stock_reach(s):
        dst = found(card)
        if dst:
            last.append((i, draws, nr, WASTE, dst, 1))
        _to_columns(s, card, WASTE, i, draws, nr, last, empty, full)
    return first + mid + last


def _to_columns(
    s: SearchState,
    card: int,
    src: int,
    i: int,
    draws: int,
    nr: int,
    out: list[SMove],
    empty: int,
    full: int,
) -> None:
    # ``card`` onto each short column whose top card is one above it in suit (K under
    # A), and into the first empty column (any other empty one is the same)
    piles = s.piles
    above = card + 1 if card % 13 != 12 else card - 12
    for t in s.cols:
        tp = piles[t]
        if tp and len(tp) < full and tp[-1] == above and t != src:
            out.append((i, draws, nr, src, t, 1))
    if empty:
        out.append((i, draws, nr, src, empty, 1))
