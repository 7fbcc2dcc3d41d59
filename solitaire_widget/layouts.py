"""Where each game's piles lie on the table, for the page to draw.

The positions are Aisleriot's own (its games' ``set-layout`` calls, in card units; see
RULES-REFERENCE 1.1, 2.1, 3.1). The page knows no game by name: it lays out whatever
slots the view's ``layout`` lists, so a fourth game adds its entry here (or on its
Rules) and nothing in js/.

A slot is ``{"pile", "kind", "x", "y", "fan"}``: ``x``/``y`` in card widths and rows,
``fan`` how its cards spread (``"down"`` a column, ``"right"`` a three-card waste,
``"none"`` a stack). ``cols`` is the table's width in cards, ``max_fan`` how far (in card
heights below its first card) a column may spread before its cards are squeezed.
"""

from __future__ import annotations

from typing import Any

from .games.base import Rules


def _slot(pile: str, kind: str, x: float, y: float, fan: str = "none") -> dict[str, Any]:
    return {"pile": pile, "kind": kind, "x": x, "y": y, "fan": fan}


def _foundations(x0: float) -> list[dict[str, Any]]:
    return [_slot(f"f{i}", "foundation", x0 + i, 0) for i in range(4)]


def _eagle_wing(rules: Rules) -> dict[str, Any]:
    # The two wings rise towards the trunk (the reserve) in the middle.
    left, right = (1.2, 1.1, 1.0, 1.1), (1.1, 1.0, 1.1, 1.2)
    return {
        "cols": 9,
        "max_fan": 0.7,  # a wing holds at most three cards
        "slots": [
            _slot("s", "stock", 0, 0),
            _slot("w", "waste", 1, 0),
            *_foundations(3),
            *(_slot(f"t{i}", "tableau", i, y, "down") for i, y in enumerate(left)),
            _slot("r", "reserve", 4, 1.35),
            *(_slot(f"t{i + 4}", "tableau", 5 + i, y, "down") for i, y in enumerate(right)),
        ],
    }


def _saratoga(rules: Rules) -> dict[str, Any]:
    return {
        "cols": 7,
        "max_fan": 2.6,
        "slots": [
            _slot("s", "stock", 0, 0),
            _slot("w", "waste", 1, 0, "right" if rules.draw_count > 1 else "none"),
            *_foundations(3),
            *(_slot(f"t{i}", "tableau", i, 1, "down") for i in range(rules.n_tableau)),
        ],
    }


def _kansas(rules: Rules) -> dict[str, Any]:
    return {
        "cols": 6.5,
        "max_fan": 2.6,
        "slots": [
            _slot("s", "stock", 0, 0),
            _slot("w", "waste", 1, 0),
            *_foundations(2.5),
            _slot("r", "reserve", 0, 1),
            *(_slot(f"t{i}", "tableau", 3.5 + i, 1, "down") for i in range(rules.n_tableau)),
        ],
    }


_LAYOUTS = {"eagle-wing": _eagle_wing, "saratoga": _saratoga, "kansas": _kansas}


def table_layout(rules: Rules) -> dict[str, Any]:
    """The layout the view carries, with what else about the table the rules decide:
    whether the stock can ever be turned over again (``recycles``, which decides how an
    empty stock looks and whether the redeal count is shown)."""
    layout = _LAYOUTS[rules.name](rules)
    layout["recycles"] = rules.max_redeals != 0
    return layout


__all__ = ["table_layout"]
