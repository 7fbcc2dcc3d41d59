"""Where each game's piles lie on the table, for the page to draw.

The slots are the game's own (``Rules.layout`` in ``games/<game>.py``: Aisleriot's
``set-layout`` positions, in card units), the same table the SVG picture reads; the page
knows no game by name and lays out whatever slots the view lists.

A slot is ``{"pile", "kind", "x", "y", "fan"}``: ``x``/``y`` in card widths and rows,
``fan`` how its cards spread (``"down"`` a column, ``"right"`` a three-card waste,
``"none"`` a stack). ``cols`` is the table's width in cards, ``max_fan`` how far (in card
heights below its first card) a column may spread before its cards are squeezed.
"""

from __future__ import annotations

from typing import Any

from .games.base import Rules


def table_layout(rules: Rules) -> dict[str, Any]:
    """The layout the view carries, with what else about the table the rules decide:
    whether the stock can ever be turned over again (``recycles``, which decides how an
    empty stock looks and whether the redeal count is shown)."""
    layout = rules.layout()
    return {
        "cols": layout.cols,
        "max_fan": layout.max_fan,
        "slots": [s.as_dict() for s in layout.slots],
        "recycles": rules.max_redeals != 0,
    }


__all__ = ["table_layout"]
