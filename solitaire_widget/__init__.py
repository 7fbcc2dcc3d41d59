"""solitaire_widget: Eagle Wing, Saratoga, Kansas and Klondike as GNOME Aisleriot plays them.

``from solitaire_widget import Game`` needs nothing outside the standard library. The
widget class is handed out lazily so the core works without Jupyter and without a
built front-end bundle. A game of one's own is a ``Rules`` subclass: ``Game(MyRules())``
plays it, and ``register(MyRules)`` offers it by name (the toolbar, ``Game("my-game")``,
``Game.from_json``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import game_search  # noqa: F401  (hands Game its searches: Game.searches)
from .game import Game
from .games import GAMES, register, unregister
from .games.base import Rules, Table
from .moves import DRAW, IllegalMove, Move
from .rules_text import rules_text

if TYPE_CHECKING:
    from .widget import SolitaireWidget

__version__ = "0.1.0"
__all__ = [
    "DRAW",
    "GAMES",
    "Game",
    "IllegalMove",
    "Move",
    "Rules",
    "SolitaireWidget",
    "Table",
    "register",
    "rules_text",
    "unregister",
]


def __getattr__(name: str) -> Any:
    if name == "SolitaireWidget":
        from .widget import SolitaireWidget

        return SolitaireWidget
    raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
