"""The line a player left, kept one click away (as python-chess keeps variations).

A ``Game`` keeps the moves taken back on its Redo stack only until another move is
played: then they are gone. At the table nothing a player did is lost without a word:
when a move (the player's, Solve's replay, "Play on from here", or Python's) drops moves
waiting on Redo, the line they belonged to is kept here as *the other line*, and
``restore`` goes back to it, keeping the line it leaves as the other line in turn, so
the player can go back and forth between the two. One other line is kept: a third line
left behind takes its place, and the words say so.

A line is the game's history from the deal as its undo steps (an autoplay chain is one
step), read from the game's saved form, so going back replays it step for step: one
undo still takes back a whole chain. Nothing here sends anything; the play session
asks and words what happened.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .game import Game

__all__ = ["Left", "Line", "LineKeeper"]

Steps = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Line:
    """A whole line of play from the deal, as undo steps of actions."""

    steps: Steps

    @property
    def moves(self) -> list[str]:
        return [a for step in self.steps for a in step]


@dataclass(frozen=True)
class Left:
    """A line just kept: it parts from the game after ``at`` actions and has ``moves``
    actions after that; ``dropped`` is the number of actions after its own parting of
    the other line it took the place of (0: none was let go)."""

    at: int
    moves: int
    dropped: int = 0


def _steps(game: Game) -> tuple[Steps, Steps]:
    """The game's undo steps (oldest first) and its redo steps (next first)."""
    data = json.loads(game.to_json())
    history = tuple(tuple(step) for step in data["history"])
    redo = tuple(tuple(step) for step in reversed(data["redo"]))
    return history, redo


def parting(a: list[str], b: list[str]) -> int:
    """How many actions two lines share from the deal."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class LineKeeper:
    """The other line of one game on the table, and the line Redo holds until a move
    drops it."""

    def __init__(self) -> None:
        self.other: Line | None = None
        self.last: Left | None = None  # the line kept last
        # the line as it stood when moves were first taken back (history and redo):
        # while only Undo and Redo follow, it does not change
        self._whole: Line | None = None

    def forget(self) -> None:
        """Another deal, a restart, another game: no line of this one is kept."""
        self.other = None
        self._whole = None

    def changed(self, game: Game) -> Left | None:
        """Any change of ``game``; returns the line kept when this change dropped moves
        that waited on Redo (else None)."""
        if game.can_redo:
            if self._whole is None:
                history, redo = _steps(game)
                self._whole = Line(history + redo)
            return None
        whole, self._whole = self._whole, None
        if whole is None:
            return None
        now = game.history
        old = whole.moves
        at = parting(old, now)
        if at == len(old):
            return None  # redone to its end (or played on past it): nothing left behind
        return self._keep(whole, at, now)

    def _keep(self, line: Line, at: int, now: list[str]) -> Left:
        dropped = 0
        other = self.other
        if other is not None:
            # the other line is let go, but for what the game or the line kept now hold
            mine = other.moves
            dropped = len(mine) - max(parting(mine, line.moves), parting(mine, now))
        self.other = line
        self.last = Left(at, len(line.moves) - at, dropped)
        return self.last

    def describe(self, game: Game) -> dict[str, int] | None:
        """Where the other line parts from the game (``at`` actions shared) and how many
        actions it has after that (``moves``); None when there is none (or it has
        nothing the game lacks)."""
        other = self.other
        if other is None:
            return None
        mine = other.moves
        at = parting(mine, game.history)
        if at == len(mine):
            return None
        return {"at": at, "moves": len(mine) - at}

    def restore(self, game: Game) -> tuple[Left, Left | None]:
        """Goes back to the other line: the game's steps after the parting are taken
        back and the other line's are played; the line left becomes the other line.
        Returns where the line brought back parts from the one left and how many
        actions it has after that, and the line kept in its place (None: the game had
        nothing the other line lacks). IllegalMove (nothing changed) when the other
        line does not follow from the game's own deal any more; LookupError when there
        is no other line."""
        line = self.other
        if line is None or self.describe(game) is None:
            raise LookupError("there is no other line")
        history, _ = _steps(game)
        shared = 0  # steps both lines share from the deal
        for mine, theirs in zip(history, line.steps, strict=False):
            if mine != theirs:
                break
            shared += 1
        at = sum(len(step) for step in line.steps[:shared])
        rest = line.steps[shared:]
        _replay(game.position(at), rest)  # on a copy first: all or nothing
        self.other = None  # the line being restored is not "let go"
        self.last = None
        try:
            while game.moves > at:
                game.undo()
            _replay(game, rest)
        except BaseException:
            if self.other is None:
                self.other = line
            raise
        return Left(at, len(line.moves) - at), self.last


def _replay(game: Game, steps: Steps) -> None:
    """Plays ``steps`` on ``game``: an autoplay chain as one step where autoplay plays
    it again (it does: it depends on the position only), else action by action.
    IllegalMove (from ``Game.play``) when an action does not follow."""
    for step in steps:
        if len(step) > 1:
            got = [str(m) for m in game.autoplay()]
            if got == list(step):
                continue
            if got:
                game.undo()
        for action in step:
            game.play(action)
