"""The Python reference search: one depth-first search from one position.

Every card is treated as known ("thoughtful" solitaire). The search is a depth-first
search that plays and takes back moves in place, with a transposition table of
canonical positions, after Blake & Gent's Solvitaire (IJCAI 2019, the winnability of
many patience games). What keeps it small, each piece argued where
it is used (below, or in the game's rules):

- **Safe moves are forced.** A card that can go to its foundation and is provably
  needed for nothing in play goes up at once, with no branching (per building rule:
  each game's ``Rules.safe_card``). The transposition table stores the position at the
  end of such a chain, never its inside.
- **Canonical positions.** Columns are interchangeable, and so are foundation slots, so
  a position is stored with its columns sorted and its foundations as a height per suit.
- **The stock as a reserve of reachable cards.** Clicking the stock only matters when a
  card is then played from the waste, so "draw until card X is on top, then play it" is
  one move, with the redeals it costs counted against the passes left.
- **No pointless moves.** Partial groups move only when the card they lay bare can go
  up at once; an Ace never moves between empty foundations; a King's whole column never
  moves to an empty column; of several empty columns only the first is a target; of
  several columns whose top cards are alike for building (the game says what is alike)
  only the first is a target.
- **A drawn card is used at once.** With one card a click, a card drawn from the stock
  and put on a column must be built on (or carried on with cards under it) by the next
  move, or the next move draws again: every other move could have come before it.

A limited number of redeals makes the redeal counter part of the position; a position
already searched with fewer redeals used dominates the same cards with more used (every
line open to the latter is open to the former), so it is pruned. With several cards a
click and unlimited redeals, where the waste stands is kept only as far as the clicks
cannot change it (``Search.waste_len``).

The result is ``won`` with the line of actions (``Game.play`` accepts each one),
``lost`` (searched to the end: no line wins) or ``unknown`` (the node or time budget ran
out first).

This module knows no game by name. Everything game-specific (the moves worth trying,
the foundation a card fits, which cards are safe, which of the rules above apply, looser
rules to try, whether probes pay) is a hook on the game's ``Rules`` in
``games/<game>.py``, argued there; ``games/base.py`` lists the hooks.
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from . import budgets
from .games.base import Rules
from .games.search_protocol import Rec, SMove
from .moves import FIRST_TABLEAU, RESERVE, STOCK, WASTE, pile_id

if TYPE_CHECKING:
    from .games.base import Table

F0, F1, F2, F3 = 3, 4, 5, 6
FOUNDS = (F0, F1, F2, F3)

CHECK_EVERY = 512  # nodes between looks at the clock

# added to a pending column's index when its card was drawn from the stock (so that the
# transposition table tells the "drawn" pending rule from the "waste" one; see
# Search.pending and Rules.search_pending_rule)
PEND_STOCK = 32


class BudgetSpent(Exception):
    """A search's budget (nodes, time, or a cancel) ran out before it decided."""


class Search:
    """One search from one position. ``prune=False`` switches off every dominance rule
    (safe moves, partial-group restriction) for testing them against the plain search.

    ``waste_cap`` makes it a streamliner: a position whose waste holds more cards than
    that is stored but never expanded. Such a search covers only part of the game, so
    its "won" is a win like any other and its "lost" proves nothing (``Solver`` uses it
    only to find wins; see ``Rules.search_streamliners``).
    """

    def __init__(
        self,
        table: Table,
        *,
        prune: bool = True,
        order: random.Random | None = None,
        waste_cap: int | None = None,
    ) -> None:
        rules = table.rules
        if type(rules).search_moves is Rules.search_moves:
            # never another game's moves: a game is searched by its own hooks or not at all
            raise NotImplementedError(
                f"{rules.title} cannot be searched: its Rules define no search_moves "
                "(the search hooks are listed in solitaire_widget/games/base.py)"
            )
        self._state: tuple | None = None
        self.rules = rules
        self.cancelled = False  # see cancel
        self.piles = [list(p) for p in table.piles]
        # face-down cards at the bottom of each column (in a game that deals some); a position's key
        # holds them only where the deal has some
        self.hidden = list(table.hidden)
        self.has_hidden = any(self.hidden)
        self.used = table.redeals_used
        self.max_redeals = rules.max_redeals
        self.draw = rules.draw_count
        self.base = table.base
        self.refills = rules.refills_from_reserve
        self.prune = prune
        self.cols = tuple(range(FIRST_TABLEAU, FIRST_TABLEAU + rules.n_tableau))
        self.names = [pile_id(i) for i in range(FIRST_TABLEAU + rules.n_tableau)]
        # With one card per click and no limit on redeals every stock card can be
        # reached from anywhere, so where the waste stands changes nothing.
        self.stock_is_reserve = self.draw == 1 and self.max_redeals is None
        # the other classes of the waste's place (see waste_len) that dominate class 0
        self.waste_classes = (
            tuple(range(1, self.draw)) if prune and self.max_redeals is None else ()
        )
        self.nodes = 0
        # the game's rules, bound to this search's piles (``self.piles`` is only ever
        # changed in place): the foundation ``card`` fits now or 0, and whether a card
        # that fits is needed for nothing in play. Partials of the plain functions cost
        # one call each, as methods of this class did.
        hooks = type(rules)
        self.found_dst = partial(hooks.foundation_for, rules, self.piles, self.base)
        self.safe = partial(hooks.safe_card, rules, self.piles, self.base)
        # Sources of the forced moves besides the columns and the waste; the reserve's
        # top card only while it is in play.
        self.reserve_sources = (RESERVE,) if rules.has_reserve else ()
        # card -> foundation, left by a game's forced-move routine for its move
        # generator on the same position (None: none left)
        self.fits: dict[int, int] | None = None
        # A card put on a column that must take a card (or be carried on) at once:
        # ``pending`` is that column, 0 when none, plus PEND_STOCK when the card was
        # drawn from the stock. Which rule applies is the game's (see
        # Rules.search_pending_rule); its move generator enforces it.
        self.pending = 0
        rule = rules.search_pending_rule() if prune else None
        if rule not in (None, "waste", "drawn"):
            raise ValueError(f"{rules.title}: unknown pending rule {rule!r}")
        # a waste card put on a column while the stock is a reserve
        self.lazy_stock = rule == "waste"
        # a card drawn from the stock and put on a column
        self.lazy_drawn = rule == "drawn"
        # columns whose top cards are alike for building are one target (tests turn
        # this off on its own to check it)
        self.mirror = prune
        # the column whose top card the last move laid bare by taking a group off part
        # of it (a move between columns that leaves cards behind), else 0: set by
        # ``apply`` for the game's forced-move routine, which runs right after it (a
        # game may send that card up at once, where it argues so:
        # Rules.search_bared_up); tests turn ``send_bared`` off to check it
        self.bared = 0
        self.send_bared = prune
        # the game's proof that its columns cannot hold what must wait in them
        # (Rules.search_capacity): its move generator offers nothing then; tests turn
        # it off to check it
        self.capacity = prune and rules.search_capacity
        # within it, that a column starts only at a card that can lie at its bottom
        self.column_starts = True
        # and that each suit goes up in order, so that what is up at a moment is a run of
        # places per suit
        self.suit_order = True
        self.gen = partial(hooks.search_moves, rules, self)
        self._force = partial(hooks.search_force, rules, self)
        if order is not None:
            self.gen = self._shuffled(self.gen, order)
        if waste_cap is not None:
            if not 0 <= waste_cap <= 52:
                raise ValueError(f"waste_cap must be 0..52 or None, not {waste_cap!r}")
            self.gen = self._capped(self.gen, self.piles[WASTE], waste_cap)

    @staticmethod
    def _capped(gen: Any, waste: list[int], cap: int) -> Any:
        def capped() -> list[SMove]:
            # the move generator of a position past the cap is not even asked (the
            # compiled core's ``Search::gen`` returns at the same test)
            return gen() if len(waste) <= cap else []

        return capped

    @staticmethod
    def _shuffled(gen: Any, rng: random.Random) -> Any:
        # a probe's order: moves to the foundations first, the rest at random
        def shuffled() -> list[SMove]:
            moves = gen()
            up = [m for m in moves if F0 <= m[4] <= F3]
            rest = [m for m in moves if not F0 <= m[4] <= F3]
            rng.shuffle(rest)
            return up + rest

        return shuffled

    # ---- cards and foundations -------------------------------------------------------
    def heights(self) -> list[int]:
        """Cards on the foundation of each suit (C, D, H, S)."""
        h = [0, 0, 0, 0]
        for f in FOUNDS:
            p = self.piles[f]
            if p:
                h[p[0] // 13] = len(p)
        return h

    # ---- the stock ---------------------------------------------------------------------
    def reachable(self) -> list[tuple[int, int, int]]:
        """(index, draws, redeals) for each card the stock can bring to the waste's top.

        The stock and the waste read as one sequence in dealing order: the waste bottom
        to top, then the stock top to bottom. Clicks move the boundary between them
        forward by the draw count; a redeal (clicking the empty stock) puts it back at
        the start, and dealing goes on in the same order. Each index is listed once,
        with the fewest redeals (and then clicks): a position with more redeals left
        dominates the same position with fewer.
        """
        stock, waste = self.piles[STOCK], self.piles[WASTE]
        n = len(stock) + len(waste)
        q = len(waste)
        d = self.draw
        out = []
        seen = set()
        draws = 0
        while q < n:
            q = q + d if q + d < n else n
            draws += 1
            out.append((q - 1, draws, 0))
            seen.add(q - 1)
        left = None if self.max_redeals is None else self.max_redeals - self.used
        if n and (left is None or left > 0):
            draws += 1  # the click that turns the waste over
            q = 0
            while q < n:
                q = q + d if q + d < n else n
                draws += 1
                if q - 1 not in seen:
                    seen.add(q - 1)
                    out.append((q - 1, draws, 1))
        if len(waste):  # the card already on top needs no click
            out = [x for x in out if x[0] != len(waste) - 1]
        return out

    def seq(self) -> list[int]:
        return self.piles[WASTE] + self.piles[STOCK][::-1]

    # ---- playing -----------------------------------------------------------------------
    def apply(self, mv: SMove) -> Rec:
        i, _, nr, src, dst, n = mv
        piles = self.piles
        saved = None
        pending = self.pending
        if dst < FIRST_TABLEAU:
            self.pending = 0
        elif self.lazy_drawn:
            self.pending = dst + PEND_STOCK if i >= 0 else 0
        else:
            self.pending = dst if (self.lazy_stock and src == WASTE) else 0
        if i >= 0:
            stock, waste = piles[STOCK], piles[WASTE]
            saved = (stock[:], waste[:])
            seq = waste + stock[::-1]
            waste[:] = seq[: i + 1]
            stock[:] = seq[:i:-1]
            self.used += nr
        sp = piles[src]
        if n == 1:
            piles[dst].append(sp.pop())
        else:
            piles[dst].extend(sp[-n:])
            del sp[-n:]
        self.bared = src if sp and src >= FIRST_TABLEAU and dst >= FIRST_TABLEAU else 0
        if self.refills and src >= FIRST_TABLEAU and not sp and piles[RESERVE]:
            sp.append(piles[RESERVE].pop())
            return (mv, saved, 1, pending)
        if self.has_hidden and src >= FIRST_TABLEAU and sp and len(sp) == self.hidden[src]:
            self.hidden[src] -= 1  # the face-down card laid bare turns over
            return (mv, saved, 2, pending)
        return (mv, saved, 0, pending)

    def revert(self, rec: Rec) -> None:
        mv, saved, refill, self.pending = rec
        _, _, nr, src, dst, n = mv
        piles = self.piles
        sp = piles[src]
        if refill == 2:
            self.hidden[src] += 1
        elif refill:
            piles[RESERVE].append(sp.pop())
        dp = piles[dst]
        if n == 1:
            sp.append(dp.pop())
        else:
            sp.extend(dp[-n:])
            del dp[-n:]
        if saved is not None:
            piles[STOCK][:], piles[WASTE][:] = saved
            self.used -= nr

    def actions(self, mv: SMove) -> list[str]:
        _, draws, _, src, dst, n = mv
        text = f"{self.names[src]}>{self.names[dst]}"
        if n != 1:
            text += f"*{n}"
        return ["draw"] * draws + [text] if draws else [text]

    def first_empty(self) -> int:
        """The first empty column, or 0: of several empty columns only the first is a
        target (they are interchangeable)."""
        piles = self.piles
        for c in self.cols:
            if not piles[c]:
                return c
        return 0

    def won(self) -> bool:
        p = self.piles
        return len(p[F0]) + len(p[F1]) + len(p[F2]) + len(p[F3]) == 52

    def force(self) -> list[Rec]:
        """Play safe moves to the foundations until none is left; their records."""
        self.fits = None
        if not self.prune or self.pending:
            return []
        return self._force()

    def force_safe(self) -> list[Rec]:
        """``force`` the general way (``Rules.search_force`` may do it faster)."""
        recs: list[Rec] = []
        piles = self.piles
        safe = self.safe
        found = self.found_dst
        sources = [*self.cols, WASTE, *self.reserve_sources]
        face_up = self.rules.face_up
        draw1 = self.draw == 1
        progress = True
        while progress:
            progress = False
            for src in sources:
                p = piles[src]
                if not p:
                    continue
                if src == WASTE and not draw1:
                    # Three cards a click: taking a card from the waste shifts every
                    # later three-card group, so it is never forced.
                    continue
                # One card a click, the waste's top card X: without X the stock and
                # waste hold the same other cards in the same order, the card under
                # X is on top (one more card in reach), and every later click deals
                # what it would have dealt, minus X, with the same redeals. So a
                # position with X up can follow any line of the one with X in the
                # waste; and the rule for X's own use in play is the safe test.
                # the reserve's top card only while the rules show its face (in play)
                if src == RESERVE and not face_up(RESERVE, len(p) - 1, len(p)):
                    continue
                card = p[-1]
                dst = found(card)
                if dst and safe(card):
                    recs.append(self.apply((-1, 0, 0, src, dst, 1)))
                    progress = True
            if not progress and self.stock_is_reserve:
                # One card a click, unlimited redeals: every stock card is within
                # reach at any time and taking one out keeps the others' order, so
                # the stock is a reserve and its safe cards go up too.
                seq = self.seq()
                for i, card in enumerate(seq):
                    dst = found(card)
                    if dst and safe(card):
                        mv = self._stock_move(i, WASTE, dst, 1)
                        recs.append(self.apply(mv))
                        progress = True
                        break
        return recs

    def _stock_move(self, i: int, src: int, dst: int, n: int) -> SMove:
        # the draws that bring index i to the top, found the slow way (rare: forced
        # moves out of the stock only)
        if i == len(self.piles[WASTE]) - 1:
            return (-1, 0, 0, src, dst, n)
        for idx, draws, nr in self.reachable():
            if idx == i:
                return (i, draws, nr, src, dst, n)
        raise AssertionError("stock card out of reach")

    def key(self) -> tuple:
        """The position up to what cannot matter: columns in any order, foundations as
        heights per suit, the reserve by its size (its order never changes), and where
        the stock stands only when that can matter (see ``rank``)."""
        p = self.piles
        if self.has_hidden:  # a column with its count of face-down cards first
            hid = self.hidden
            cols = b"\xff".join(sorted([bytes((hid[c], *p[c])) for c in self.cols]))
        else:
            cols = b"\xff".join(sorted([bytes(p[c]) for c in self.cols]))
        h = bytes(self.heights())
        if self.draw == 1:
            stock = bytes(p[WASTE] + p[STOCK][::-1])
            pend = self.pending
            if pend:
                return (stock, len(p[RESERVE]), h, cols, bytes(p[pend & 15]), pend >> 4)
            return (stock, len(p[RESERVE]), h, cols)
        stock = bytes(p[WASTE] + p[STOCK][::-1])  # in dealing order, as the stock is redealt
        return (stock, self.waste_len(), len(p[RESERVE]), h, cols)

    def waste_len(self) -> int:
        """Where the waste stands, as far as it matters (several cards a click).

        With unlimited redeals, clicking on from w cards in the waste (d a click, n in
        stock and waste) reaches w + d, w + 2d, ... below n, then n, then (turning the
        waste over) 0, d, 2d, ...: the cycle of an empty waste. A position whose w is on
        that cycle (w a multiple of d, or n) reaches exactly what the same cards with an
        empty waste reach: one position, class 0. Any other w is in class w mod d, where
        a smaller w reaches every larger one of its class and then the empty waste's
        cycle: so ``rank`` is w there (a position of the class seen with a w at most
        this one's dominates it), and the position of class 0 is dominated by the same
        cards seen in any other class (``dominated_by``). With limited redeals, turning
        the waste over costs one: w as it is."""
        w = len(self.piles[WASTE])
        if self.max_redeals is not None:
            return w
        if w % self.draw == 0 or not self.piles[STOCK]:
            return 0
        return w % self.draw

    def dominated_by(self, key: tuple) -> list[tuple]:
        """Keys of positions that reach all ``key`` reaches, besides ``key`` itself with
        a smaller rank: for the empty waste's cycle with several cards a click and
        unlimited redeals, the same cards in each other class (see ``waste_len``)."""
        if not self.waste_classes or key[1] != 0:
            return []
        return [(key[0], c, *key[2:]) for c in self.waste_classes]

    def rank(self) -> Any:
        """Where the stock stands, smaller is better: a position whose key was seen
        with a rank at most this one's is pruned.

        One card a click: from (redeals used u, cards in the waste w) the clicks reach
        every (u, w') with w' >= w and, while redeals are left, every (u', any) with
        u' > u, changing nothing else; so a smaller (u, w) reaches all a larger one
        reaches. With unlimited redeals every w is reachable from every other, so the
        rank is constant. Several cards a click: the redeal counter (the same cards in
        the waste, fewer redeals used); with unlimited redeals, w within its class of
        ``waste_len`` (0 for the empty waste's cycle, where all are one position).
        """
        if self.max_redeals is None:
            if self.draw == 1 or self.waste_len() == 0:
                return 0
            return len(self.piles[WASTE])
        if self.draw == 1:
            return (self.used, len(self.piles[WASTE]))
        return self.used

    # ---- the search --------------------------------------------------------------------
    def pause(self) -> None:
        """Nothing of this search runs between runs (the core's helper does)."""

    def cancel(self, on: bool = True) -> None:
        """From any thread: a run in progress stops within CHECK_EVERY nodes
        (``BudgetSpent``), and so does every run until ``cancel(False)``."""
        self.cancelled = on

    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        """Search on for at most ``seconds`` and ``nodes`` more; ``BudgetSpent`` if they
        run out first, after which ``run`` may be called again to go on where it left.
        A budget that is not a finite number >= 0 is refused (``budgets``): the clock
        is never past a NaN deadline."""
        seconds = budgets.seconds(seconds, "seconds")
        nodes = budgets.count(nodes, "nodes")
        deadline = None if seconds is None else time.perf_counter() + seconds
        if self.prune:
            key, rank = self.key, self.rank
        else:
            # No dominance at all: the exact stock position and redeal count are keyed.
            # With unlimited redeals the count changes no move (nothing asks it but a
            # limit), so two positions differing in it alone are the same position and
            # this key tells them apart: sound (it only searches some positions twice)
            # and bounded, since within one search the count grows only by a stock move
            # that turns the waste over to take a card out for good, so by at most 52
            # over the count the search started from. (The pruned key holds no count
            # where redeals are unlimited; ``rank`` holds it only where they are
            # limited.) The compiled core keys the same, node for node.
            def key() -> tuple:
                return (self.key(), len(self.piles[WASTE]), self.used)

            def rank() -> int:
                return 0

        if self._state is None:
            root_forced = self.force()
            if self.won():
                return "won", self._line([], root_forced)
            if self.prune and self.rules.search_blocked(self.piles, self.hidden):
                self._state = ({}, [], root_forced)  # lost, and so again if asked again
                return "lost", []
            seen: dict[tuple, Any] = {key(): rank()}
            stack: list[list[Any]] = [[self.gen(), 0, None, root_forced]]
            self._state = (seen, stack, root_forced)
        seen, stack, root_forced = self._state
        count = self.nodes
        max_nodes = None if nodes is None else count + nodes
        gen = self.gen
        apply = self.apply
        revert = self.revert
        force = self.force
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                stack.pop()
                for rec in reversed(frame[3]):
                    revert(rec)
                if frame[2] is not None:
                    revert(frame[2])
                continue
            if count % CHECK_EVERY == 0:
                self.nodes = count
                if max_nodes is not None and count >= max_nodes:
                    raise BudgetSpent
                if deadline is not None and time.perf_counter() > deadline:
                    raise BudgetSpent
                if self.cancelled:
                    raise BudgetSpent
            mv = moves[frame[1]]
            frame[1] += 1
            rec = apply(mv)
            count += 1
            frc = force()
            if self.won():
                self.nodes = count
                return "won", self._line(stack, root_forced, rec, frc)
            k = key()
            old = seen.get(k)
            r = rank()
            if (old is not None and old <= r) or (
                old is None and self.waste_classes and any(d in seen for d in self.dominated_by(k))
            ):
                for f in reversed(frc):
                    revert(f)
                revert(rec)
                continue
            seen[k] = r
            stack.append([gen(), 0, rec, frc])
        self.nodes = count
        return "lost", []

    def _line(
        self,
        stack: list[list[Any]],
        root_forced: list[Rec],
        rec: Rec | None = None,
        frc: list[Rec] | None = None,
    ) -> list[str]:
        out: list[str] = []
        for r in root_forced:
            out += self.actions(r[0])
        for frame in stack[1:]:
            out += self.actions(frame[2][0])
            for r in frame[3]:
                out += self.actions(r[0])
        if rec is not None:
            out += self.actions(rec[0])
            for r in frc or ():
                out += self.actions(r[0])
        return out


__all__ = ["CHECK_EVERY", "PEND_STOCK", "BudgetSpent", "Rec", "SMove", "Search"]
