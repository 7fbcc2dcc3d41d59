"""solitaire_widget: Eagle Wing, Saratoga, Kansas and Klondike as GNOME Aisleriot plays them.

``from solitaire_widget import Game`` needs nothing outside the standard library. The
widget class is handed out lazily so the core works without Jupyter and without a
built front-end bundle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import game_search  # noqa: F401  (hands Game its searches: Game.searches)
from .game import Game
from .games import GAMES
from .moves import DRAW, IllegalMove, Move
from .rules_text import rules_text

if TYPE_CHECKING:
    from .widget import SolitaireWidget

__version__ = "0.1.0"
__all__ = ["DRAW", "GAMES", "Game", "IllegalMove", "Move", "SolitaireWidget", "rules_text"]


def __getattr__(name: str) -> Any:
    if name == "SolitaireWidget":
        from .widget import SolitaireWidget

        return SolitaireWidget
    raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
