"""The compiled search core of solitaire_widget.

A package of its own (the pattern of pydantic and pydantic-core): ``solitaire_widget``
keeps the readable rules and the orchestration in Python and hands a position to
``Search`` here, which runs the same depth-first search as ``solitaire_widget.solver``
in C++ with the GIL released. ``legal_moves``, ``play`` and ``perft`` are the core's
plain rules, which the tests prove equal to the Python ones.

Positions are given as Python's piles: lists of card numbers (suit * 13 + rank, suits
C D H S, rank 0 for an Ace), bottom to top, indexed stock, waste, reserve, four
foundations, then the columns.
"""

from ._core import Search, games, legal_moves, perft, play

__version__ = "0.1.0"

__all__ = ["Search", "__version__", "games", "legal_moves", "perft", "play"]
