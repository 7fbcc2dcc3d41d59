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

from typing import Literal, TypedDict, cast

from .games.base import Rules

# what a slot holds, and how its cards spread (games/records.py KINDS and FANS)
SlotKind = Literal["stock", "waste", "reserve", "foundation", "tableau"]
Fan = Literal["down", "right", "none"]


class SlotSpec(TypedDict):
    """One slot (js/layout.js has the same typedef; tests/test_protocol.py holds them
    equal)."""

    pile: str
    kind: SlotKind
    x: float
    y: float
    fan: Fan


class TableSpec(TypedDict):
    cols: float
    max_fan: float
    slots: list[SlotSpec]
    recycles: bool


def table_layout(rules: Rules) -> TableSpec:
    """The layout the view carries, with what else about the table the rules decide:
    whether the stock can ever be turned over again (``recycles``, which decides how an
    empty stock looks and whether the redeal count is shown)."""
    layout = rules.layout()
    return {
        "cols": layout.cols,
        "max_fan": layout.max_fan,
        "slots": [cast(SlotSpec, s.as_dict()) for s in layout.slots],
        "recycles": rules.max_redeals != 0,
    }


__all__ = ["SlotSpec", "TableSpec", "table_layout"]
