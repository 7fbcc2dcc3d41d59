"""One game's history as tables: one row per action, and the foundations' heights
after each action (pandas DataFrames; needs the "analysis" extra, imported only when a
table is made).

``Game.history_frame()`` is :func:`history_frame`. The game is read through what it
offers every caller (its saved form, its piles, its counters), so this module sits
below ``game.py`` and imports nothing of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from .cards import SUITS
from .games.base import Rules
from .moves import DRAW, FOUNDATIONS, Move

if TYPE_CHECKING:
    import pandas as pd


class Played(Protocol):
    """What these tables read of a game (``Game`` offers it all)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def draw_count(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def reserve_left(self) -> int | None: ...
    @property
    def redeals_left(self) -> int | None: ...
    @property
    def redeals_used(self) -> int: ...
    @property
    def action_times(self) -> list[float]: ...
    def pile(self, pile: str) -> list[str]: ...
    def play(self, action: Move | str) -> Move: ...
    def to_json(self) -> str: ...
    @classmethod
    def from_snapshot(cls, state: dict, name: str | Rules = ..., **options: Any) -> Any: ...


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as err:
        raise ImportError(
            "history tables need the optional 'analysis' extra "
            "(pandas, matplotlib, tqdm): pip install 'solitaire_widget[analysis]'"
        ) from err
    return pandas


HISTORY_COLUMNS = [
    "move",
    "action",
    "source",
    "target",
    "cards",
    "autoplay",
    "consequences",
    "score",
    "stock_left",
    "reserve_left",
    "redeals_left",
    "seconds",
]


def _replay(game: Played) -> Iterator[tuple[int, Move, Played]]:
    """Replay ``game`` from its deal: yields (undo step, move, scratch) per action.

    ``scratch`` is one Game that shows the position just before ``move``; the move is
    played on it when the loop asks for the next action. The replay goes through the
    public saved form, so it starts exactly where ``game`` started (a seed, a deck or
    a snapshot).
    """
    data = json.loads(game.to_json())
    # (the game's own rules: its name need not stand for them)
    scratch = type(game).from_snapshot(data["start"], game.rules, base=data["base"])
    for step, group in enumerate(data["history"]):
        for action in group:
            move = Move.parse(action)
            yield step, move, scratch
            scratch.play(move)


def _codes(cards: Iterable[str]) -> str:
    return " ".join(cards)


def history_frame(game: Played) -> pd.DataFrame:
    """The actions played so far, one row each, in order.

    Columns: ``move`` (1, 2, ...), ``action`` (notation), ``source`` and ``target``
    (pile ids; ``s``/``w`` for a draw), ``cards`` (the cards moved or dealt, bottom to
    top), ``autoplay`` (True when the action was part of one autoplay chain),
    ``consequences`` (what happened by itself: a column refilled from the reserve, the
    reserve's next card coming into play, the waste turned over as a redeal), then
    ``score``, ``stock_left``, ``reserve_left`` and ``redeals_left`` after the action
    (missing where the game has no reserve or unlimited redeals) and ``seconds``: wall
    time since the first action (actions of one autoplay chain share a time).
    """
    times = game.action_times
    rows: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    steps: list[int] = []
    for step, move, before in _replay(game):
        if pending is not None:
            _finish(pending, before)
            rows.append(pending)
        pending = _start_row(len(rows) + 1, move, before)
        steps.append(step)
    if pending is not None:
        # the last action's "after" is the end of the replay: the game's own position
        _finish(pending, game)
        rows.append(pending)
    sizes = [0] * (max(steps) + 1 if steps else 0)
    for step in steps:
        sizes[step] += 1
    t0 = times[0] if times else 0.0
    for row, step in zip(rows, steps, strict=True):
        row["autoplay"] = sizes[step] > 1
        row["seconds"] = times[step] - t0 if step < len(times) else float("nan")
    pd = _pandas()
    frame = pd.DataFrame(rows, columns=HISTORY_COLUMNS)
    for column in ("move", "score", "stock_left", "reserve_left", "redeals_left"):
        frame[column] = frame[column].astype("Int64")
    frame["autoplay"] = frame["autoplay"].astype(bool)
    frame["seconds"] = frame["seconds"].astype(float)
    return frame


def _start_row(number: int, move: Move, before: Played) -> dict[str, Any]:
    if move == DRAW:
        stock = before.pile("s")
        if stock:
            k = min(before.draw_count, len(stock))
            cards = [c.upper() for c in reversed(stock[-k:])]
        else:
            cards = []  # a redeal moves the whole waste; listing it says nothing
    else:
        cards = before.pile(move.source)[-move.count :]
    return {
        "move": number,
        "action": str(move),
        "source": move.source,
        "target": move.target,
        "cards": _codes(cards),
        "_before": {
            "stock": before.stock_left,
            "reserve": before.reserve_left,
            "redeals_used": before.redeals_used,
        },
    }


def _finish(row: dict[str, Any], after: Played) -> None:
    was = row.pop("_before")
    notes = []
    if row["action"] == "draw" and after.redeals_used > was["redeals_used"]:
        notes.append("redeal: the waste is turned over to make a new stock")
    reserve = after.reserve_left
    if reserve is not None and reserve < was["reserve"] and row["source"] != "r":
        card = after.pile(row["source"])[-1]
        notes.append(f"{row['source']} refilled from the reserve with {card}")
    if reserve and reserve < was["reserve"] and after.rules.reserve_top_in_play:
        notes.append(f"reserve shows {after.pile('r')[-1]}")
    row["consequences"] = "; ".join(notes)
    row["score"] = after.score
    row["stock_left"] = after.stock_left
    row["reserve_left"] = reserve
    row["redeals_left"] = after.redeals_left


def foundation_frame(game: Played) -> pd.DataFrame:
    """Cards on the foundations per suit, at the deal (move 0) and after each action.

    Columns: ``move`` and one column per suit (``clubs``, ``diamonds``, ``hearts``,
    ``spades``); the foundation slots (f0..f3) are mapped to the suit they hold.
    """
    names = ["clubs", "diamonds", "hearts", "spades"]

    def counts(g: Played) -> list[int]:
        out = [0, 0, 0, 0]
        for f in range(len(FOUNDATIONS)):
            pile = g.pile(f"f{f}")
            if pile:
                out[SUITS.index(pile[0][1])] = len(pile)
        return out

    rows = []
    last = 0
    for _, _, before in _replay(game):
        rows.append([last, *counts(before)])
        last += 1
    rows.append([last, *counts(game)])
    return _pandas().DataFrame(rows, columns=["move", *names])


__all__ = ["HISTORY_COLUMNS", "Played", "foundation_frame", "history_frame"]
