"""What the search knows of Canfield: the moves worth trying from a position, best first.

Nothing is pruned on Canfield's own facts yet: no safe move, no dominance, no capacity
proof. The moves are every legal move of ``Canfield``'s rules, except those that lead
to a position the search already counts as the same one (its key holds the columns in
any order and the foundations as heights per suit):

- into an empty column, only the first: empty columns are interchangeable;
- a whole column into an empty one changes nothing but the column's place;
- a foundation's card onto another foundation cannot happen (a suit has one
  foundation, and the base rank, which alone starts one, never leaves it);
- the stock as "draw until card X is the waste's top, then play X" (``stock_reach``):
  draws touch only the stock and the waste, so in any line they can wait until the
  waste card they bring up is played, and the search's key keeps the stock's place.

Worrying back is searched in full: a foundation's top card (not of the base rank) may
come down onto any column that takes it, and into an empty one. The rules are in
``games/canfield.py``, which binds this to ``Canfield``; it is written against
``search_protocol.SearchState``. How columns build (``column_build``, the build switch)
is read where a card is put on a column; no piece here rests on it otherwise.
"""

from __future__ import annotations

from ..moves import FOUNDATIONS, RESERVE, WASTE
from .base import Rules
from .building import SUIT_CLASS, WANTED_CLASS
from .search_protocol import SearchState, SMove, stock_reach


def search_moves(rules: Rules, s: SearchState) -> list[SMove]:
    # best first: to the foundations, then the reserve's and the waste's card onto the
    # columns, the columns' groups (whole columns first), the stock, and worrying back
    # last. A card that leaves the reserve or the waste never goes back there, while
    # the columns' groups can shuffle back and forth: with columns building in any suit
    # and empty columns, an end game of 11 cards has over 3 million positions, and the
    # shuffles tried first took 716,504 nodes to the win that the waste's cards first
    # find in 84 (tests/test_solver_bruteforce.py). Only the order changes: the same
    # moves are tried, so no verdict rests on it.
    piles = s.piles
    cols = s.cols
    found = s.found_dst
    base = s.base
    build = rules.column_build
    first: list[SMove] = []
    mid: list[SMove] = []
    last: list[SMove] = []
    empty = s.first_empty()
    for src in (RESERVE, *cols, WASTE):
        p = piles[src]
        if p:
            dst = found(p[-1])
            if dst:
                first.append((-1, 0, 0, src, dst, 1))
    for src in (RESERVE, WASTE):
        p = piles[src]
        if p:
            _to_columns(s, p[-1], src, 1, -1, 0, 0, first, empty, build)
    for src in cols:
        sp = piles[src]
        ln = len(sp)
        for n in range(ln, 0, -1):
            out = first if n == ln else mid
            _to_columns(s, sp[-n], src, n, -1, 0, 0, out, 0 if n == ln else empty, build)
    for i, draws, nr, card in stock_reach(s):
        dst = found(card)
        if dst:
            last.append((i, draws, nr, WASTE, dst, 1))
        _to_columns(s, card, WASTE, 1, i, draws, nr, last, empty, build)
    for f in FOUNDATIONS:
        fp = piles[f]
        if fp and fp[-1] % 13 + 1 != base:
            _to_columns(s, fp[-1], f, 1, -1, 0, 0, last, empty, build)
    return first + mid + last


def _to_columns(
    s: SearchState,
    card: int,
    src: int,
    n: int,
    i: int,
    draws: int,
    nr: int,
    out: list[SMove],
    empty: int,
    build: str,
) -> None:
    # the group of ``n`` cards whose bottom card is ``card`` onto each other column
    # whose top card is one above it in the other colour, or as the columns build (a
    # King under an Ace), and into the first empty column (0: none wanted)
    piles = s.piles
    cls = SUIT_CLASS[build][card]
    wants = WANTED_CLASS[build]
    above = (card % 13 + 1) % 13
    for t in s.cols:
        tp = piles[t]
        if tp and t != src:
            top = tp[-1]
            if top % 13 == above and wants[top] == cls:
                out.append((i, draws, nr, src, t, n))
    if empty and empty != src:
        out.append((i, draws, nr, src, empty, n))
