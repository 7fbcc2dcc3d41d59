"""What the searches have proved about the deal on the table, by history: one record
shared by the solve session (Solve, the exact hint, the unwinnable check) and the live
answer, so neither asks what the other already knows and neither reads the other's state.

Two kinds of fact, each found at some point of the history:

- a winning line: from the position after ``history`` the line wins. It holds while the
  play follows it (and again after undoing back onto it): from a history that extends
  ``history`` by the line's first k moves, the rest of the line wins;
- a proved loss: the position after ``history`` cannot be won, so neither can any
  position reached from it (a win from there would be a win from it).

A history means a position only within one deal, so the record follows the deal on the
table (``follow``) and forgets everything when another one is shown. Only the most recent
facts are kept (``memory`` of each kind). No Jupyter here, and no search: the sessions
search, this only remembers (on the kernel's side, under the table's lock).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .game import Game
from .games import game_key
from .games.base import Table
from .moves import FOUNDATIONS, Move

__all__ = ["MEMORY", "Known", "Proofs", "detached", "repaired", "replays_to_win"]

# How many proved lines and losses one deal remembers (each a list of actions).
MEMORY = 256


class Known(NamedTuple):
    """What is proved about one history: ``result`` is ``"won"`` with ``line`` the rest
    of a winning line from there, or ``"lost"`` with an empty line; ``engine`` is the
    search that proved it (``"python"`` for a line checked by replaying it)."""

    result: str
    line: list[str]
    engine: str


def _deal_of(game: Game) -> tuple[Any, ...]:
    """What tells one deal from another: the game, its options and its first position."""
    start = game if game.moves == 0 else game.position(0)
    return (
        game_key(game.rules),
        tuple(sorted(game.options.items())),
        start.redeals_used,
        repr(start.snapshot()),
    )


class Proofs:
    """The winning lines and the losses proved for the deal on the table."""

    def __init__(self, memory: int = MEMORY) -> None:
        self.memory = memory
        # grows whenever the record forgets: a search started before knows its answer
        # is about another deal (or a forgotten one) and is not learned
        self.epoch = 0
        self._deal: tuple[Any, ...] | None = None
        # newest first: (history, line, engine) and histories proved lost
        self._lines: list[tuple[tuple[str, ...], list[str], str]] = []
        self._lost: list[tuple[tuple[str, ...], str]] = []

    def __len__(self) -> int:
        return len(self._lines) + len(self._lost)

    # ------------------------------------------------------------------ the deal

    def follow(self, game: Game) -> bool:
        """Keeps the record for ``game``'s deal: forgets what was proved if it is
        another deal than the one the record is about; True if it forgot."""
        deal = _deal_of(game)
        if deal == self._deal:
            return False
        self._deal = deal
        self.forget()
        return True

    def changed(self, game: Game) -> bool:
        """After any change of ``game``: only a restart or a new deal (no move played,
        nothing to redo) can show another deal, so only then is the deal looked at."""
        if game.moves == 0 and not game.can_redo:
            return self.follow(game)
        return False

    def forget(self) -> None:
        self.epoch += 1
        self._lines.clear()
        self._lost.clear()

    # ------------------------------------------------------------------ learning

    def learn(
        self, history: Sequence[str], result: str, line: Sequence[str] = (), engine: str = "python"
    ) -> None:
        """Records what a search found at ``history``: ``"won"`` with a winning
        ``line`` from there, or ``"lost"``; anything else (undecided) is not a fact."""
        h = tuple(history)
        if result == "won" and line:
            self._lines.insert(0, (h, list(line), engine))
            del self._lines[self.memory :]
        elif result == "lost":
            if self.lost(h):
                return  # already implied by an earlier loss
            self._lost.insert(0, (h, engine))
            del self._lost[self.memory :]

    def learn_result(self, history: Sequence[str], result: Any) -> None:
        """Records a ``SolveResult`` (its ``result``, ``solution`` and ``engine``)."""
        self.learn(
            history,
            result.result,
            list(result.solution or ()),
            getattr(result, "engine", "python") or "python",
        )

    # ------------------------------------------------------------------ reading

    def known(self, history: Sequence[str]) -> Known | None:
        """What is proved about the position after ``history``, or None."""
        h = tuple(history)
        for at, engine in self._lost:
            if h[: len(at)] == at:
                return Known("lost", [], engine)
        for at, line, engine in self._lines:
            k = len(h) - len(at)
            if 0 <= k < len(line) and h[: len(at)] == at and list(h[len(at) :]) == line[:k]:
                return Known("won", line[k:], engine)
        return None

    def line(self, history: Sequence[str]) -> list[str] | None:
        """The rest of a winning line from ``history``, if one is known."""
        found = self.known(history)
        return found.line if found is not None and found.result == "won" else None

    def lost(self, history: Sequence[str]) -> bool:
        """Whether the position after ``history`` is proved lost."""
        h = tuple(history)
        return any(h[: len(at)] == at for at, _ in self._lost)

    def fatal(self, history: Sequence[str]) -> int | None:
        """The move that lost the deal, as far as is proved: k (from 1) when the
        position after the first k - 1 actions of ``history`` is proved winnable and the
        one after k proved lost; None when no such pair is known (not lost, lost from
        the deal, or the position before the loss never decided)."""
        h = tuple(history)
        ks = [len(at) for at, _ in self._lost if 0 < len(at) <= len(h) and h[: len(at)] == at]
        if not ks:
            return None
        k = min(ks)  # the first position of this history known to be lost
        before = self.known(h[: k - 1])
        return k if before is not None and before.result == "won" else None


def replays_to_win(table: Table, line: Sequence[str]) -> bool:
    """Whether ``line`` is legal move by move from ``table`` (on a copy) and wins."""
    t = table.copy()
    for action in line:
        try:
            move = Move.parse(action)
        except ValueError:
            return False
        if t.reason(move) is not None:
            return False
        t.apply(move)
    return t.is_won()


def repaired(line: Sequence[str], played: str) -> list[list[str]]:
    """Candidate winning lines after ``played`` was played where ``line`` was the way
    to win: the line with the first ``played`` taken out (moves that commute: the card
    was going there later anyway), the line as it stands, then ``played`` taken back
    and the line (a card moved to and fro between columns, or an ace between empty
    foundations: in random paced play of Saratoga, 23 of the 25 moves that the
    fatal-move check had to search for, 100 ms each, were such). Only candidates; each
    must replay to a win before it is believed. Where the card went to another
    foundation than the line's, the line with the two foundations' names swapped
    comes second."""
    out = []
    line = list(line)
    if played in line:
        i = line.index(played)
        out.append(line[:i] + line[i + 1 :])
    out.extend(_relabelled(line, played))
    out.append(line)
    back = _taken_back(played)
    if back is not None:
        out.append([back, *line])
    return out


def _relabelled(line: list[str], played: str) -> list[list[str]]:
    """``played`` put a card on foundation X where ``line`` puts it, from the same
    pile, on foundation Y: the line with X and Y swapped throughout, that move taken
    out (the foundations are alike until their aces arrive)."""
    try:
        move = Move.parse(played)
        if move.dst not in FOUNDATIONS:
            return []  # before the whole line is parsed: most moves are not
        moves = [Move.parse(a) for a in line]
    except ValueError:
        return []
    out = []
    for other in FOUNDATIONS:
        if other == move.dst:
            continue
        swap = {move.dst: other, other: move.dst}
        swapped = [
            a if m.is_draw else str(Move(swap.get(m.src, m.src), swap.get(m.dst, m.dst), m.count))
            for a, m in zip(line, moves, strict=True)
        ]
        if played in swapped:
            i = swapped.index(played)
            out.append(swapped[:i] + swapped[i + 1 :])
    return out


def _taken_back(played: str) -> str | None:
    """The move that would put back what ``played`` moved (legal or not: the replay
    decides), or None for a draw or what is not a move."""
    try:
        move = Move.parse(played)
    except ValueError:
        return None
    if move.is_draw or move.src == move.dst:
        return None
    return str(Move(move.dst, move.src, move.count))


def detached(game: Game) -> Game:
    """A copy of the position with no listeners, for a search to read in another thread
    while the live game goes on (face-down cards stay face down: the copy is made from
    the snapshot, which says which cards lie face down)."""
    with game.lock:  # one moment of the game: another thread may be playing on it
        state = {**game.snapshot(), "redeals_used": game.redeals_used}
        base = game.base_rank
    # (the rules themselves, not the name: a game written elsewhere need not be
    # registered, and its name may be another game's)
    return Game.from_snapshot(state, game.rules, base=base)
