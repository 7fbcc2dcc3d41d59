"""The action notation: ``"draw"``, ``"t2>f0"``, ``"t0>t3*2"``.

A ``Move`` is a small immutable tuple of pile indices, so the engine can hash, compare
and generate millions of them cheaply, and it prints and parses the shared notation.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import texts

# Pile indices shared by every game. Saratoga simply never uses the reserve.
STOCK, WASTE, RESERVE = 0, 1, 2
FOUNDATIONS = (3, 4, 5, 6)
FIRST_TABLEAU = 7
MAX_TABLEAU = 8


def pile_id(index: int) -> str:
    if index >= FIRST_TABLEAU:
        return f"t{index - FIRST_TABLEAU}"
    if index >= FOUNDATIONS[0]:
        return f"f{index - FOUNDATIONS[0]}"
    return "swr"[index]


def pile_index(name: str) -> int:
    """``"t3"`` -> 10. ValueError if it names no pile."""
    m = _PILE.fullmatch(name)
    if not m:
        raise ValueError(f"{name!r} is not a pile id (s, w, r, f0..f3, t0..t7)")
    letter, num = m.group(1), m.group(2)
    if letter in "swr":
        if num:
            raise ValueError(f"{name!r} is not a pile id (s, w, r, f0..f3, t0..t7)")
        return "swr".index(letter)
    if not num:
        raise ValueError(f"{name!r} needs a number ({letter}0, {letter}1, ...)")
    n = int(num)
    if letter == "f":
        if n > 3:
            raise ValueError(f"{name!r}: there are four foundations, f0 to f3")
        return FOUNDATIONS[0] + n
    if n >= MAX_TABLEAU:
        raise ValueError(f"{name!r}: no game here has more than {MAX_TABLEAU} columns")
    return FIRST_TABLEAU + n


# re.ASCII: without it \d also matches other scripts' digits, and int() reads them, so
# "t０>t1" (a full-width zero) would be taken for t0.
_PILE = re.compile(r"([swrft])(\d{0,2})", re.ASCII)
_MOVE = re.compile(r"\s*([a-z]\d{0,2})\s*>\s*([a-z]\d{0,2})\s*(?:\*\s*(\d{1,2}))?\s*", re.ASCII)


class IllegalMove(ValueError):
    """An action the rules do not allow, or one that is not written in the notation.

    The message says why, in English words. ``key`` names the reason (a text key, None
    for a refusal without one) and ``params`` holds its arguments in language-neutral
    form (card codes, pile ids, rank letters); ``text(lang)`` says the same in another
    language, from the wordings the refusal was made with (``Game.play`` words it in
    every language) or, for the notation's own refusals, the shared texts. The game is
    never changed by a refused action.
    """

    def __init__(
        self,
        message: str,
        key: str | None = None,
        params: dict[str, object] | None = None,
        wordings: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, object] = dict(params or {})
        self.wordings: dict[str, str] = dict(wordings or {})

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` ("en" or "el"), as ``Game.explain`` words it."""
        if lang in self.wordings:
            return self.wordings[lang]
        if self.key is None:
            return str(self)
        try:
            return texts.text("illegal", lang, text=texts.text(self.key, lang, **self.params))
        except (KeyError, IndexError, ValueError):
            return str(self)


class Move(NamedTuple):
    """``src`` and ``dst`` are pile indices; ``count`` cards move as one group.

    A click on the stock (deal, or turn the waste over) is ``Move.DRAW``.
    """

    src: int
    dst: int
    count: int = 1  # type: ignore[assignment]  # the field shadows tuple.count, on purpose

    @property
    def is_draw(self) -> bool:
        return self.src == STOCK

    @property
    def source(self) -> str:
        return pile_id(self.src)

    @property
    def target(self) -> str:
        return pile_id(self.dst)

    def __str__(self) -> str:
        if self.src == STOCK:
            return "draw"
        text = f"{pile_id(self.src)}>{pile_id(self.dst)}"
        return f"{text}*{self.count}" if self.count != 1 else text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse the notation; ``IllegalMove`` (a ValueError) says what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"a move is written as a string, not {type(text).__name__}")
        if text.strip().lower() == "draw":
            return DRAW
        m = _MOVE.fullmatch(text.lower())
        if not m:
            raise IllegalMove(
                f"{text!r} is not a move: write it like 't2>f0', 't0>t3*2' or 'draw'",
                "malformed",
                {"action": text},
            )
        try:
            src, dst = pile_index(m.group(1)), pile_index(m.group(2))
        except ValueError as err:
            raise IllegalMove(
                f"{text!r} is not a move: {err}", "malformed", {"action": text}
            ) from None
        count = int(m.group(3)) if m.group(3) else 1
        if count < 1:
            raise IllegalMove(
                f"{text!r} is not a move: a group holds at least one card",
                "malformed",
                {"action": text},
            )
        if src == STOCK:
            raise IllegalMove(
                f"{text!r} is not a move: the stock's cards are face down; "
                "click the stock ('draw') to deal",
                "stock_face_down",
                {},
            )
        return cls(src, dst, count)


DRAW = Move(STOCK, WASTE, 1)
