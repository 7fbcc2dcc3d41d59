"""The deal on the table as the statistics count it, and its clock. No Jupyter, no
words: the play session (solitaire_widget.play_session) tells the recorder what
happened to the game, and says what the recorder could not do.

A deal counts once it has a move, when it ends (solitaire_widget.statistics says how
each end counts): won or out of moves at once, proved lost (by the live answer, Solve
or the fatal-move warning) at once, and otherwise when it is left for a new deal, a
restart or another game, as Aisleriot counts a game given up. A loss that is undone and
then won (or solved) after all is recorded again under the same token, and the last
record counts; a win or a solve is never taken back. The deal's identity (game,
options, seed, whether it was dealt winnable-only) is taken when it is dealt: by the
time a deal left with New is recorded, the game already holds the next one.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .proofs import Proofs
    from .statistics import Statistics

__all__ = ["Clock", "DealKey", "DealRecorder"]

_log = logging.getLogger(__name__)

# a deal as solitaire_widget.dealer names it: game, options (as text) and seed
DealKey = tuple[str, str, "int | None"]


class Clock:
    """The deal's time, as Aisleriot keeps it: started by the first move or hint,
    stopped when the deal ends (and started again if an undo reopens it): the seconds
    banked from earlier stretches plus the one running now."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self.reset()

    def reset(self) -> None:
        self._banked = 0.0
        self._since: float | None = None

    def start(self) -> None:
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        if self._since is not None:
            self._banked += self._now() - self._since
            self._since = None

    @property
    def running(self) -> bool:
        return self._since is not None

    def elapsed(self) -> float:
        running = self._now() - self._since if self._since is not None else 0.0
        return round(self._banked + running, 3)


class DealRecorder:
    """What the statistics learn of the deal on the table; see the module's docstring.

    ``grade(key)`` gives the grade of a deal dealt winnable-only, where it was measured;
    ``recorded(ok)`` is told after each record (False: the statistics refused it, and
    the play goes on all the same)."""

    def __init__(
        self,
        statistics: Statistics,
        proofs: Proofs,
        game: Game,
        key: DealKey,
        grade: Callable[[DealKey], str | None],
        recorded: Callable[[bool], None],
        clock: Clock | None = None,
    ) -> None:
        self.statistics = statistics
        self._proofs = proofs
        self._grade = grade
        self._recorded = recorded
        self.clock = clock or Clock()
        # how the deal on the table ended, as counted: "won", "lost", "solved" (Solve
        # played the win) or None; the view words the end from it
        self.outcome: str | None = None
        self._moves = 0  # the deal's moves so far (0: it does not count yet)
        self._score = 0  # the best score it reached
        self._counted_as: str | None = None  # how it was recorded (None: not yet)
        self._token = uuid.uuid4().hex  # names the deal's records (statistics.final)
        self._begin(game, key, False)

    def _begin(self, game: Game, key: DealKey, winnable: bool) -> None:
        """The deal's identity as its records name it, taken when it is dealt."""
        self._identity: tuple[str, dict[str, Any], int | None] = (
            key[0],  # the game's name (``games.game_key``: with its class if unregistered)
            game.options,
            game.seed,
        )
        self._key = key
        self._winnable = winnable

    def show(self, game: Game, key: DealKey, winnable: bool) -> None:
        """Another Game object on the table (``key``: its deal; ``winnable``: dealt by
        "winnable deals only"): its moves count from here, and a game shown already
        ended was counted where it was played, or never. Call ``left`` first for the
        game it replaces."""
        self._begin(game, key, winnable)
        self._moves = game.moves
        self._score = game.score
        self._counted_as = None if game.status == "playing" else game.status
        self.outcome = self._counted_as
        self._token = uuid.uuid4().hex
        self.clock.reset()

    def next_deal(self, game: Game, key: DealKey, winnable: bool) -> None:
        """A restart or a new deal on the same game: the deal before is left (counted
        as given up if it was played and not counted yet), the clock starts again."""
        self.left()
        self.clock.reset()
        self._begin(game, key, winnable)

    def follow(self, game: Game, *, dealt: bool, solving: bool) -> None:
        """Any change of the game (``dealt``: a restart or a new deal, after
        ``next_deal``; ``solving``: Solve's replay played it): the clock runs while the
        deal is played, stops when it ends (and runs again if an undo reopens it); a
        deal that ends is counted at once, a win Solve's replay finished as "solved"."""
        if game.status != "playing":
            self.clock.stop()
        elif not dealt:  # undoing back to the start keeps the clock going
            self.clock.start()
        self._moves = max(self._moves, game.moves)
        self._score = max(self._score, game.score)
        if game.status == "playing":
            self.outcome = None
        elif self.outcome is None:
            if game.status == "won":
                self.outcome = "solved" if solving else "won"
            else:
                self.outcome = "lost"
            self._count(self.outcome, game.score)
        self.count_proved_loss(game)

    def count_proved_loss(self, game: Game) -> bool:
        """A deal in play that is proved lost (by the live answer, Solve or the warning)
        counts as lost at once, not only when it is left; True when it was recorded."""
        if (
            self._counted_as is None
            and self._moves
            and game.status == "playing"
            and self._proofs.lost(game.history)
        ):
            self._record("lost", self._score)
            return True
        return False

    def left(self) -> int:
        """The deal on the table is left (a new deal, a restart, another game): one that
        was played and not won counts as lost, as Aisleriot counts a game given up.
        Returns the moves of a game in progress so given up (0: none)."""
        given_up = 0
        if self._moves and self._counted_as is None:
            self._record("lost", self._score)
            given_up = self._moves
        self._moves = self._score = 0
        self._counted_as = None
        self.outcome = None
        self._token = uuid.uuid4().hex
        return given_up

    def _count(self, outcome: str, score: int) -> None:
        """Records how the deal ended, once: a loss (out of moves, or proved lost) that
        is undone and then won (or solved) after all is recorded again, and the last
        record counts (statistics.final); a win or a solve is never taken back."""
        if self._counted_as in (None, "lost") and outcome != self._counted_as:
            self._record(outcome, score)

    def _record(self, outcome: str, score: int) -> None:
        # the deal that ends, as it was dealt (the game may hold the next one already)
        name, options, seed = self._identity
        winnable = self._winnable
        grade = self._grade(self._key) if winnable else None
        self._counted_as = outcome
        try:
            self.statistics.record(
                name,
                options,
                won=outcome == "won",
                solved=outcome == "solved",
                seconds=self.clock.elapsed(),
                score=score,
                seed=seed,
                difficulty=grade,
                winnable=winnable,
                deal=self._token,
            )
        except Exception:  # the figures must never stop the play
            _log.exception("solitaire_widget: a deal could not be recorded")
            self._recorded(False)
            return
        self._recorded(True)
