"""The action notation: ``"draw"``, ``"t2>f0"``, ``"t0>t3*2"``.

A ``Move`` is a small immutable tuple of pile indices, so the engine can hash, compare
and generate millions of them cheaply, and it prints and parses the shared notation.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from . import texts
from .budgets import shown

# Pile indices shared by every game. Saratoga simply never uses the reserve.
STOCK, WASTE, RESERVE = 0, 1, 2
FOUNDATIONS = (3, 4, 5, 6)
FIRST_TABLEAU = 7
# the most columns a game may have (games.missing refuses more): a game written by a
# user may have up to twenty, the shipped ones have at most eight
MAX_TABLEAU = 20
#: every pile index any game has: 0..26
N_PILES = FIRST_TABLEAU + MAX_TABLEAU
#: the most cards one move takes
MAX_COUNT = 52


def pile_id(index: int) -> str:
    """10 -> ``"t3"``. ValueError for an index that is no pile of any game."""
    if index >= FIRST_TABLEAU:
        if index >= N_PILES:
            raise ValueError(f"{shown(index)} is no pile index (0 to {N_PILES - 1})")
        return f"t{index - FIRST_TABLEAU}"
    if index >= FOUNDATIONS[0]:
        return f"f{index - FOUNDATIONS[0]}"
    if index < 0:
        raise ValueError(f"{shown(index)} is no pile index (0 to {N_PILES - 1})")
    return "swr"[index]


def pile_index(name: str) -> int:
    """``"t3"`` -> 10. ValueError if it names no pile."""
    m = _PILE.fullmatch(name)
    if not m:
        raise ValueError(f"{name!r} is not a pile id ({_IDS})")
    letter, num = m.group(1), m.group(2)
    if letter in "swr":
        if num:
            raise ValueError(f"{name!r} is not a pile id ({_IDS})")
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
_IDS = f"s, w, r, f0..f3, t0..t{MAX_TABLEAU - 1}"
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


def _is_index(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bad_move(move: Any) -> IllegalMove | None:
    """Why a Move made by hand is no move at all, as the IllegalMove to raise; None
    when it is one (legal or not: that is for the rules to say). A Move's fields are
    ints (not bools): ``src`` and ``dst`` pile indices from 0 to 26 (``N_PILES - 1``),
    ``count`` from 1 to 52. ``Game`` checks every Move it is given (``play``, ``is_legal``,
    ``explain``...) here; the engine makes its own Moves from the rules and never
    pays for this check."""
    try:
        src, dst, n = move
    except (TypeError, ValueError):
        return IllegalMove(f"{_text(move)} is not a move: a Move has src, dst and count")
    fault = None
    if not (_is_index(src) and _is_index(dst) and _is_index(n)):
        fault = "its src, dst and count are ints"
    elif not (0 <= src < N_PILES and 0 <= dst < N_PILES):
        fault = f"src and dst are pile indices from 0 to {N_PILES - 1}"
    elif not 1 <= n <= MAX_COUNT:
        fault = f"a move takes 1 to {MAX_COUNT} cards"
    if fault is None:
        return None
    text = _text(move)
    message = f"Illegal: {text} is not a move: {fault}."
    # in English the fault itself; in another language the shared sentence ("bad_move")
    return IllegalMove(message, "bad_move", {"move": text}, {"en": message})


def _text(move: Any) -> str:
    # how a Move that is no move is shown: its fields, never its notation (which it
    # may not have), and never a huge repr
    try:
        fields: list[object] = list(move)
    except TypeError:
        return type(move).__name__
    if len(fields) != 3:
        return type(move).__name__
    parts = []
    for label, value in zip(("src", "dst", "count"), fields, strict=True):
        if isinstance(value, int) and value.bit_length() > 64:
            shown = f"<an int of {value.bit_length()} bits>"
        else:
            try:
                shown = repr(value)
            except Exception:
                shown = f"<{type(value).__name__}>"
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
        parts.append(f"{label}={shown}")
    return f"Move({', '.join(parts)})"


class Move(NamedTuple):
    """``src`` and ``dst`` are pile indices; ``count`` cards move as one group.

    A click on the stock (deal, or turn the waste over) is ``Move.DRAW``. A Move made by
    hand is checked where it is played (``bad_move``): one that is no move prints as its
    fields (``Move(src=-5, dst=3, count=1)``) and is refused with a reason.
    """

    src: int
    dst: int
    count: int = 1  # type: ignore[assignment]  # the field shadows tuple.count, on purpose

    @property
    def is_draw(self) -> bool:
        return self.src == STOCK

    @property
    def source(self) -> str:
        """The source pile's id (``"t3"``); ValueError for a Move that is no move."""
        return pile_id(self.src) if bad_move(self) is None else _no_pile(self)

    @property
    def target(self) -> str:
        """The target pile's id; ValueError for a Move that is no move."""
        return pile_id(self.dst) if bad_move(self) is None else _no_pile(self)

    def __str__(self) -> str:
        src, dst, n = self
        # the engine's own Moves (a few type checks; the notation is asked of many)
        if (
            type(src) is int
            and type(dst) is int
            and type(n) is int
            and 0 <= src < N_PILES
            and 0 <= dst < N_PILES
            and 1 <= n <= MAX_COUNT
        ):
            if src == STOCK:
                # a click on the stock is one Move, DRAW; the notation has no other
                # move from the stock (its cards are face down), so none is shown as one
                return "draw" if dst == WASTE and n == 1 else _text(self)
            text = f"{pile_id(src)}>{pile_id(dst)}"
            return f"{text}*{n}" if n != 1 else text
        return _text(self)

    def __repr__(self) -> str:
        text = str(self)
        return text if text.startswith("Move(") else f"Move.parse({text!r})"

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


def _no_pile(move: Move) -> str:
    raise ValueError(f"{_text(move)} is not a move, so it names no pile")


DRAW = Move(STOCK, WASTE, 1)
