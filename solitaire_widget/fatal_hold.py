"""The fatal-move warning's hold (``warn_fatal``): a move that would lose a deal proved
winnable is held back until the player confirms it. No Jupyter, no words: the play
session (solitaire_widget.play_session) asks, plays and words.

The check never guesses: the move is held only when the position on the table is
proved winnable and the move is proved to lose it within ``fatal_budget`` seconds of
search; undecided, illegal (refused when it is played) or not known winnable lets it
be played. With ``thoughtful`` off (the default), the honest warning instead: the move
is held when it lowers the chance of winning from what the player can see by a quarter
or more (``chance.lowers_much``), as the live answer's look-ahead found it; not yet
looked at, it is played. The move held is named with the table's version, so "Play it anyway" plays
that very move on that very table, and a stale or forged confirmation changes nothing.
Whatever else changes the game drops the hold.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .game import Game
from .moves import IllegalMove
from .proofs import Proofs

__all__ = ["FatalHold"]

_log = logging.getLogger(__name__)


class FatalHold:
    """The move held back on one table (``held``: ``{"move", "version"}`` or None).

    ``settings`` has the switch ``warn_fatal`` and the budget ``fatal_budget`` (read at
    each check); ``is_fatal(action, budget)`` answers whether ``action`` loses the deal
    (True, False, or None: undecided; IllegalMove for an illegal action)."""

    def __init__(
        self,
        settings: Any,
        proofs: Proofs,
        is_fatal: Callable[[str, float], bool | None],
        lowers: Callable[[str], tuple[Any, Any] | None] | None = None,
    ) -> None:
        self._settings = settings
        self._proofs = proofs
        self._is_fatal = is_fatal
        # the honest warning (``thoughtful`` off): the chances now and after a move that
        # lowers the chance much, from what the player can see (LiveSolver.honest_lowers)
        self._lowers = lowers
        self._lowering: tuple[Any, Any] | None = None
        self.held: dict[str, Any] | None = None

    def loses(self, game: Game, action: str, *, reviewing: bool) -> bool:
        """True when the warning is on (and the game not looked back at), the position
        of ``game`` is proved winnable and ``action`` is proved to lose it within
        ``fatal_budget`` seconds. Never a guess, and never raises."""
        self._lowering = None
        if not getattr(self._settings, "warn_fatal", False) or reviewing:
            return False
        if game.status != "playing":
            return False
        if not getattr(self._settings, "thoughtful", True):
            # honest: never the proofs (every card known), only the chances sampled
            # from what the player has seen, as the look-ahead found them
            try:
                self._lowering = None if self._lowers is None else self._lowers(action)
            except Exception:  # the check must never stop a move
                _log.exception("solitaire_widget: the honest warning's check failed")
            return self._lowering is not None
        found = self._proofs.known(game.history)
        if found is None or found.result != "won":
            return False
        budget = float(getattr(self._settings, "fatal_budget", 0.1))
        try:
            return self._is_fatal(action, budget) is True
        except (IllegalMove, ValueError):
            return False
        except Exception:  # the check must never stop a move
            _log.exception("solitaire_widget: the fatal-move check failed")
            return False

    def hold(self, action: str, version: int) -> None:
        """Holds ``action`` back, on the table at ``version`` (with the honest warning,
        ``chances``: the chance now and after it, which its words give)."""
        self.held = {"move": action, "version": version}
        if self._lowering is not None:
            self.held["chances"] = self._lowering

    def release(self, action: str, version: int, now: int) -> bool:
        """ "Play it anyway" for ``action`` held at ``version``, the table being at
        ``now``: True (and the hold dropped) when that very move is held for this very
        table; False, and nothing changes, when it is stale or forged."""
        held = self.held
        if held is None or held["move"] != action or held["version"] != version:
            return False
        if version != now:
            return False
        self.held = None
        return True

    def drop(self) -> bool:
        """ "Take it back" (or anything else the player does): the held move is
        dropped; True if one was held."""
        held, self.held = self.held, None
        return held is not None
