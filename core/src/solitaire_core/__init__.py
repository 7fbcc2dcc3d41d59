"""The compiled search core of solitaire_widget.

A package of its own (the pattern of pydantic and pydantic-core): ``solitaire_widget``
keeps the readable rules and the orchestration in Python and hands a position to
``Search`` here, which runs the same depth-first search as ``solitaire_widget.search``
in C++ with the GIL released. ``legal_moves``, ``play`` and ``perft`` are the core's
plain rules, which the tests prove equal to the Python ones, and ``is_stuck`` is
``solitaire_widget.progress.is_stuck`` over them (the tests compare the two too).
``Rules`` asks the same two questions of one game, its traits parsed once: what an
environment pays at every step. ``Memory`` is a memory budget that several searches
share (a solve's, or a part of it), each search's table and memo drawing from it.

A game reaches the core as data: the name of the part that searches it (``parts``
lists them; each is one file in ``cpp/games/``) and its traits (``Rules.core_traits()``:
columns, reserve, refills, reserve_top_always, hidden_cards, draw, max_redeals,
pending). Positions are given as Python's piles: lists of card numbers (suit * 13 +
rank, suits C D H S, rank 0 for an Ace), bottom to top, indexed stock, waste, reserve,
four foundations, then the columns; with each pile's count of face-down cards at its
bottom (``Table.hidden``) and the base card's rank (None where there is none).
"""

from ._core import (
    Memory,
    Rules,
    Search,
    __version__,
    is_stuck,
    legal_moves,
    parts,
    perft,
    play,
)

__all__ = [
    "Memory",
    "Rules",
    "Search",
    "__version__",
    "is_stuck",
    "legal_moves",
    "parts",
    "perft",
    "play",
]
