"""Looking back through the game on the table, without undoing it, and playing on from
a position looked back at. No Jupyter, no words, nothing sent: the play session
(solitaire_widget.play_session) asks, and words and sends what happened.

While the position after ``at`` actions is shown, a move asked for is not played: it
is checked against that position and, when legal there, offered (``offer``). "Play on
from here" takes back the moves after that position (they wait on Redo) and the move
offered is then played; the moves dropped from Redo so are kept as *the other line*
(solitaire_widget.lines, ``lines``), one click away. Any change of the game ends the
review.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .lines import Left, LineKeeper
from .moves import IllegalMove

__all__ = ["PlayOn", "Review"]


@dataclass(frozen=True)
class PlayOn:
    """What "Play on from here" did: the review ended at ``at`` actions, the ``later``
    actions after it were taken back (they wait on Redo) as far as ``reached`` (less
    than ``at`` where an automatic chain spans it: undo takes back a chain whole), and
    ``offer`` is the move offered there, still to be played (None: none)."""

    at: int
    later: int
    reached: int
    offer: str | None


class Review:
    """The position looked back at on one table, the move offered there, and the other
    line of the game; see the module's docstring."""

    def __init__(self) -> None:
        # the position after this many actions is shown (None: the game)
        self.at: int | None = None
        self.position: Game | None = None
        # a move asked for while looking back, offered to be played from there
        self.offer: str | None = None
        # the line left when a move dropped the moves Redo held (the other line)
        self.lines = LineKeeper()

    def shown(self, game: Game) -> tuple[Game, list[str]]:
        """The position on the table and its history: ``game``, or while looking back
        the position reviewed."""
        if self.at is not None and self.position is not None:
            return self.position, game.history[: self.at]
        return game, game.history

    def look(self, game: Game, at: int) -> None:
        """Shows the position of ``game`` after ``at`` actions (ValueError, nothing
        changed, if it has no such position)."""
        position = game.position(at)
        self.at, self.position, self.offer = at, position, None

    def leave(self) -> bool:
        """Shows the game again; True if it was looking back."""
        if self.at is None:
            return False
        self._end()
        return True

    def _end(self) -> None:
        self.at = self.position = None
        self.offer = None

    def forget(self) -> None:
        """Another game on the table: no review, and no line of the last one kept."""
        self._end()
        self.lines.forget()

    def game_changed(self, game: Game, dealt: bool) -> Left | None:
        """Any change of ``game`` (``dealt``: a restart or a new deal) ends the review.
        Returns the line kept when the change dropped moves that waited on Redo (a
        restart or a new deal lets the deal's lines go instead)."""
        left = None if dealt else self.lines.changed(game)
        if dealt:
            self.lines.forget()
        self._end()
        return left

    def ask(self, game: Game, action: str) -> None:
        """A move asked for while looking back (``"draw"``, ``"t0>t3*2"``...): checked
        against the position shown, on a copy (the table is untouched), and offered
        when it is legal there; IllegalMove (with its reason, the offer withdrawn) when
        it is not."""
        assert self.at is not None
        try:
            game.position(self.at).play(action)
        except IllegalMove:
            self.offer = None
            raise
        self.offer = action

    def play_on(self, game: Game) -> PlayOn | None:
        """Ends the review and takes back the moves of ``game`` after the position shown
        (they wait on Redo); None when not looking back. The move offered is returned,
        to be played by the caller (whose view goes out once for all these changes)."""
        at = self.at
        if at is None:
            return None
        offer = self.offer
        later = game.moves - at
        self._end()
        while game.moves > at and game.can_undo:
            game.undo()
        return PlayOn(at, later, game.moves, offer)
