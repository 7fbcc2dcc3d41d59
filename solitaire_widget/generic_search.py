"""The generic search: a depth-first search over the rules' own moves, for any ``Rules``.

It is what the solver runs for rules whose search knowledge cannot be trusted (a
subclass that changes a rule the knowledge was argued for, or a game with none: see
``games/search_scope.py``). It knows nothing of any game and assumes nothing of the
rules beyond the table every game plays on (``games/base.py``'s ``Table``):

- its moves are the moves ``Table.reason`` accepts, the referee ``Game.play`` asks, so
  that every line it finds replays there; it takes them from the rules' own
  ``legal_moves`` where that generator is at least as new as the rules' ``pick_reason``
  and ``drop_reason`` (each kept only if ``reason`` accepts it), and otherwise asks
  ``reason`` about every pick and drop (a subclass that loosens ``drop_reason`` under an
  inherited fast generator still has its new moves searched);
- a position is known by ``Table.key()``: every pile card for card (the stock's and the
  reserve's order, the foundations, the waste), the face-down counts, and the redeals
  used wherever they are limited, so two positions it merges are the same position for
  every rule. A position seen once is never searched again: whether a win is reachable
  from it does not depend on the path that led there, and cycles in the move graph
  (the stock dealt round and round, a card moved back and forth) end there;
- no pruning, no forced moves, no dominance: nothing but the moves' order (to the
  foundations first, off them last) is a choice of its own, and the order changes no
  verdict.

So its "lost" means that no line of legal moves wins, as a brute force would say, and it
is as slow as one: a node and a time budget bound it as they bound the Python search
(``run`` raises ``BudgetSpent`` when they run out, and can be called again to go on).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import budgets
from .games.base import Rules
from .moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, WASTE, Move
from .search import CHECK_EVERY, BudgetSpent

if TYPE_CHECKING:
    from .games.base import Table

F0, F3 = FOUNDATIONS[0], FOUNDATIONS[-1]


def _definer(cls: type, name: str) -> int:
    """The place in ``cls``'s MRO of the class that defines ``name`` (0: ``cls``)."""
    for i, klass in enumerate(cls.__mro__):
        if name in klass.__dict__:
            return i
    return len(cls.__mro__)


def trusts_legal_moves(rules: Rules) -> bool:
    """Whether ``rules.legal_moves`` was written for these rules' ``pick_reason`` and
    ``drop_reason``: defined by a game (not ``Rules``'s stand-in, which stops at the
    first group refused) in the same class as them or below it, and not replaced on
    the instance without them."""
    cls = type(rules)
    own = vars(rules)
    if any(n in own for n in ("pick_reason", "drop_reason")) and "legal_moves" not in own:
        return False
    if "legal_moves" in own:
        return True
    moves = _definer(cls, "legal_moves")
    # Rules's stand-in, found where it was defined or where a changed class outside the
    # package was handed it in place of its parent's fast generator (Rules.rules_changed)
    if cls.__mro__[moves] is Rules or cls.legal_moves is Rules.legal_moves:
        return False
    return moves <= min(_definer(cls, "pick_reason"), _definer(cls, "drop_reason"))


def every_move(t: Table) -> list[Move]:
    """Every move ``Table.reason`` accepts here: each pick of each pile's top cards
    onto each other pile, and the stock's click."""
    moves = [DRAW] if t.reason(DRAW) is None else []
    last = FIRST_TABLEAU + t.rules.n_tableau
    reserve = (RESERVE,) if t.rules.has_reserve else ()
    sources = (WASTE, *reserve, *range(F0, last))
    for src in sources:
        depth = len(t.piles[src]) if src >= FIRST_TABLEAU else min(1, len(t.piles[src]))
        for n in range(1, depth + 1):
            for dst in range(F0, last):
                if dst != src:
                    move = Move(src, dst, n)
                    if t.reason(move) is None:
                        moves.append(move)
    return moves


def _rank(move: Move) -> int:
    if F0 <= move.dst <= F3:
        return 0
    if move == DRAW:
        return 2
    return 3 if F0 <= move.src <= F3 else 1


def move_source(rules: Rules) -> Callable[[Table], list[Move]]:
    """The generic search's moves for ``rules``, foundation moves first (see the
    module's docstring)."""
    if trusts_legal_moves(rules):

        def listed(t: Table) -> list[Move]:
            reason = t.reason
            return [m for m in t.legal_moves() if reason(m) is None]

        found = listed
    else:
        found = every_move

    def ordered(t: Table) -> list[Move]:
        # to the foundations first, then the rest, then the stock's click, cards taken
        # back off the foundations last (wins come sooner; the verdict is the same)
        moves = found(t)
        return sorted(moves, key=_rank)

    return ordered


class GenericSearch:
    """One generic search from one position (the interface of ``search.Search``:
    ``run``, ``nodes``, ``cancel``, ``pause``). The position is copied."""

    def __init__(self, table: Table) -> None:
        self.table = table.copy()
        self.rules = table.rules
        self.nodes = 0
        self.cancelled = False
        self._moves = move_source(self.rules)
        self._state: tuple[set[tuple], list[list[Any]]] | None = None
        self._verdict: tuple[str, list[str]] | None = None

    def pause(self) -> None:
        """Nothing of this search runs between runs."""

    def cancel(self, on: bool = True) -> None:
        """From any thread: a run in progress stops within CHECK_EVERY nodes
        (``BudgetSpent``), and so does every run until ``cancel(False)``."""
        self.cancelled = on

    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        """Search on for at most ``seconds`` and ``nodes`` more; ``BudgetSpent`` if they
        run out first (then ``run`` goes on where it stopped). Budgets are checked as
        ``search.Search.run`` checks them (``budgets``)."""
        seconds = budgets.seconds(seconds, "seconds")
        nodes = budgets.count(nodes, "nodes")
        if self._verdict is not None:
            return self._verdict[0], list(self._verdict[1])
        deadline = None if seconds is None else time.perf_counter() + seconds
        t = self.table
        if self._state is None:
            if t.is_won():
                self._verdict = ("won", [])
                return "won", []
            self._state = ({t.key()}, [[self._moves(t), 0, None]])
        seen, stack = self._state
        gen = self._moves
        count = self.nodes
        max_nodes = None if nodes is None else count + nodes
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                stack.pop()
                if frame[2] is not None:
                    t.revert(frame[2])
                continue
            if count % CHECK_EVERY == 0:
                self.nodes = count
                if max_nodes is not None and count >= max_nodes:
                    raise BudgetSpent
                if deadline is not None and time.perf_counter() > deadline:
                    raise BudgetSpent
                if self.cancelled:
                    raise BudgetSpent
            move = moves[frame[1]]
            frame[1] += 1
            rec = t.apply(move)
            count += 1
            if t.is_won():
                self.nodes = count
                line = [str(f[2][0]) for f in stack[1:]] + [str(move)]
                self._verdict = ("won", line)
                return "won", list(line)
            key = t.key()
            if key in seen:
                t.revert(rec)
                continue
            seen.add(key)
            stack.append([gen(t), 0, rec])
        self.nodes = count
        self._verdict = ("lost", [])
        return "lost", []


__all__ = ["GenericSearch", "every_move", "move_source", "trusts_legal_moves"]
