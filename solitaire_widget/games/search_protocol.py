"""What a game's search knowledge may ask of the search that runs it.

The Python search (``solitaire_widget.solver.Search``) hands itself to a game's search
hooks (``Rules.search_moves``, ``Rules.search_force``); this Protocol is all those hooks
may read or call, so a game is written against it and never against the search's own
module (which sits above the games and imports them). The compiled core offers the same
to its game parts in C++ (``core/cpp/search.hpp``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

# A search move: (index, draws, redeals, src, dst, count). ``index`` >= 0 means "first
# draw until the card at that index of the stock sequence is the waste's top card"
# (``draws`` clicks on the stock, ``redeals`` of them turning the waste over); -1 means
# the move is played as the table stands.
SMove = tuple[int, int, int, int, int, int]
# An undo record: the move, the stock and waste before it (if it drew), what the move
# did by itself (1: a column refilled from the reserve, 2: a face-down card turned
# over), and the pending column before it.
Rec = tuple[SMove, Any, int, int]


class SearchState(Protocol):
    """The search's position and the rules bound to it, as the games' hooks see them.

    ``piles`` are the piles (the indices of ``Table.piles``), changed in place as the
    search goes; ``hidden`` the face-down cards at the bottom of each column."""

    piles: list[list[int]]
    hidden: list[int]
    cols: tuple[int, ...]
    base: int | None
    max_redeals: int | None
    # dominance rules on (False: the plain search the pruned one is tested against)
    prune: bool
    # columns whose tops are alike for building are one target (tests turn it off alone)
    mirror: bool
    # the column whose card must be used next (0: none), plus 32 if drawn from the stock
    pending: int
    # one card a click and unlimited redeals: every stock card is in reach at any time
    stock_is_reserve: bool
    # the "waste" pending rule (Rules.search_pending_rule) is on
    lazy_stock: bool
    # the column a group move just laid a card bare in (0: none), and whether a game
    # that says so (Rules.search_bared_up) sends that card up at once
    bared: int
    send_bared: bool
    # a game's proof that the position is lost because its columns cannot hold what
    # must wait in them is on (tests turn it off to check it)
    capacity: bool
    # and, within it, that a column starts only at a card that can lie at its bottom
    column_starts: bool
    # and that each suit goes up in order
    suit_order: bool
    # card -> foundation, left by a game's forced-move routine for its move generator
    fits: dict[int, int] | None

    # the foundation ``card`` fits now (or 0), and whether a card that fits is needed
    # for nothing in play (the game's own rules, bound to this search's piles)
    @property
    def found_dst(self) -> Callable[[int], int]: ...

    @property
    def safe(self) -> Callable[[int], bool]: ...

    def first_empty(self) -> int:
        """The first empty column, or 0."""
        ...

    def seq(self) -> list[int]:
        """The stock and the waste as one sequence in dealing order."""
        ...

    def reachable(self) -> list[tuple[int, int, int]]:
        """(index, draws, redeals) for each card the stock can bring to the waste's top."""
        ...

    def apply(self, mv: SMove) -> Rec: ...

    def force_safe(self) -> list[Rec]:
        """The safe moves to the foundations, played the general way."""
        ...


def stock_reach(s: SearchState) -> list[tuple[int, int, int, int]]:
    """(index, draws, redeals, card) for each card the stock can bring to the waste's
    top: ``s.reachable()`` with the card each brings up, in its order. Each game's move
    generator walks it to offer "draw until X is on top, then play X"."""
    seq = s.seq()
    return [(i, draws, nr, seq[i]) for i, draws, nr in s.reachable()]


__all__ = ["Rec", "SMove", "SearchState", "stock_reach"]
