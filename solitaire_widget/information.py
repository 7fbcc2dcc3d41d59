"""What the player knows: which cards they have seen, and the positions they cannot tell
from the one on the table.

A card is *seen* once it has been face up at any moment since the deal: a column's card
turned over, a reserve card come into play, a stock card dealt onto the waste (it stays
known after a redeal: the waste goes back in a fixed order, so the player knows where it
lies in the stock). Every other card is *unseen*: it has never shown its face, so it
still lies where it was dealt, in a place the player sees only the back of (a face-down
column card, a face-down reserve card, a stock card not yet turned). Which places those
are is the rules' to say (``Rules.face_up`` and the columns' ``Table.hidden``, read
through ``Table.is_face_up``); nothing here names a game.

Since every deal is equally likely, and no move the player could make or was refused
depends on the face of a card they have not seen, the positions consistent with what
they have seen are exactly the table with its unseen cards permuted among the unseen
places, each permutation equally likely: ``Information.world`` draws one such position,
the exact posterior of the deal given what the player saw. Everything drawn depends on
what was seen alone: the unseen cards are taken in a fixed order (by card number), never
in the order they lie on the table, so two tables that differ only in their unseen
cards give the same worlds for the same random numbers (tests/test_honest.py permutes
the face-down cards of real deals to check it).

>>> from solitaire_widget import Game
>>> g = Game("klondike", seed=1, draw=3, redeals=None)
>>> info = Information.of(g)
>>> len(info.unseen), len(info.seen)  # 21 face-down column cards and the 24-card stock
(45, 7)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .games.base import Table
from .moves import Move

if TYPE_CHECKING:
    import threading


class Played(Protocol):
    """What ``Information.of`` reads of a game: its deal and what was played since
    (``Game.played``), taken in one step under its lock."""

    @property
    def lock(self) -> threading.RLock: ...

    def played(self) -> tuple[Table, list[Move], Table]: ...


def face_up_cards(t: Table) -> set[int]:
    """The cards of ``t`` that show their face now."""
    shown: set[int] = set()
    for index, pile in enumerate(t.piles):
        for position, card in enumerate(pile):
            if t.is_face_up(index, position):
                shown.add(card)
    return shown


def seen_cards(start: Table, moves: Iterable[Move]) -> set[int]:
    """Every card that was face up at some moment of the game that started at ``start``
    and played ``moves`` (each legal in turn: a game's history): the deal is replayed
    on a copy, and after each move the cards face up are added."""
    t = start.copy()
    seen = face_up_cards(t)
    for move in moves:
        t.apply(move)
        seen |= face_up_cards(t)
    return seen


@dataclass(frozen=True)
class Information:
    """What a player has seen of one position: ``seen`` (the cards that were ever face
    up), ``unseen`` (the others, by card number) and ``slots``, the places
    ``(pile index, position from the bottom)`` the unseen cards lie in now, in pile
    order, bottom to top. ``table`` is the position itself (all of it: the unseen cards
    in their true places; read only the seen ones)."""

    table: Table
    seen: frozenset[int]
    unseen: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, game: Played) -> Information:
        """What the player of ``game`` has seen, from its deal (or the position it was
        set up from) and its history. A game set up from a position (``from_snapshot``,
        ``Game.position``) starts knowing only what that position shows."""
        with game.lock:
            start, moves, now = game.played()
        return cls.from_play(start, moves, now)

    @classmethod
    def from_play(cls, start: Table, moves: Iterable[Move], now: Table) -> Information:
        """As ``of``, from the start position, the moves played from it and the position
        they lead to (``now``, which is copied)."""
        seen = seen_cards(start, moves)
        slots = tuple(
            (index, position)
            for index, pile in enumerate(now.piles)
            for position, card in enumerate(pile)
            if card not in seen
        )
        unseen = tuple(c for c in range(52) if c not in seen)
        if len(unseen) != len(slots):  # a history that did not lead to ``now``
            raise ValueError("the moves given do not lead from the start to the position")
        return cls(now.copy(), frozenset(seen), unseen, slots)

    @property
    def exact(self) -> bool:
        """Whether every card is known: the position is the only one consistent with
        what was seen, so an answer about it is the exact answer."""
        return not self.unseen

    def world(self, rng: random.Random) -> Table:
        """One position consistent with everything seen, drawn uniformly: the unseen
        cards (taken by card number, so that where they truly lie plays no part)
        shuffled by ``rng`` into the unseen places. A new Table each time."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        t = self.table.copy()
        for (index, position), card in zip(self.slots, cards, strict=True):
            t.piles[index][position] = card
        return t


def world_rng(seed: int, index: int) -> random.Random:
    """The random numbers of world ``index`` of a sampling seeded ``seed``: each world
    has its own, so the first k worlds are the same however many are drawn after them,
    and the worlds of two answers with the same seed are the same (common random
    numbers: the moves of an honest hint are compared on the same worlds)."""
    return random.Random(f"worlds {seed} {index}")


__all__ = ["Information", "Played", "face_up_cards", "seen_cards", "world_rng"]
