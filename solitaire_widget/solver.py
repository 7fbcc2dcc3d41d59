"""Exact search: can this position still be won, and how?

Every card is treated as known ("thoughtful" solitaire). The search is a depth-first
search that plays and takes back moves in place, with a transposition table of
canonical positions, after Blake & Gent, "The Winnability of Klondike Solitaire and
Many Other Patience Games" (Solvitaire). What keeps it small, each piece argued below
where it is used:

- **Safe moves are forced.** A card that can go to its foundation and is provably
  needed for nothing in play goes up at once, with no branching (per building rule:
  ``_safe_*``). The transposition table stores the position at the end of such a
  chain, never its inside.
- **Canonical positions.** Columns are interchangeable, and so are foundation slots, so
  a position is stored with its columns sorted and its foundations as a height per suit.
- **The stock as a reserve of reachable cards.** Clicking the stock only matters when a
  card is then played from the waste, so "draw until card X is on top, then play it" is
  one move, with the redeals it costs counted against the passes left.
- **No pointless moves.** Partial groups move only when the card they lay bare can go
  up at once; an Ace never moves between empty foundations; a King's whole column never
  moves to an empty column; of several empty columns only the first is a target; of
  several columns whose top cards are alike for building (same rank in Kansas, same rank
  and colour in Saratoga) only the first is a target.
- **A drawn card is used at once.** With one card a click, a card drawn from the stock
  and put on a column must be built on (or carried on with cards under it) by the next
  move, or the next move draws again: every other move could have come before it.

A limited number of redeals makes the redeal counter part of the position; a position
already searched with fewer redeals used dominates the same cards with more used (every
line open to the latter is open to the former), so it is pruned.

The result is ``won`` with the line of actions (``Game.play`` accepts each one),
``lost`` (searched to the end: no line wins) or ``unknown`` (the node or time budget ran
out first).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .moves import FIRST_TABLEAU, RESERVE, STOCK, WASTE, pile_id

if TYPE_CHECKING:
    from .game import Game
    from .games.base import Table

F0, F1, F2, F3 = 3, 4, 5, 6
FOUNDS = (F0, F1, F2, F3)

# A search move: (index, draws, redeals, src, dst, count). ``index`` >= 0 means "first
# draw until the card at that index of the stock sequence is the waste's top card"
# (``draws`` clicks on the stock, ``redeals`` of them turning the waste over); -1 means
# the move is played as the table stands.
SMove = tuple[int, int, int, int, int, int]
# An undo record: the move, the stock and waste before it (if it drew), whether a
# column was refilled from the reserve, and the pending column before it.
Rec = tuple[SMove, Any, int, int]

CHECK_EVERY = 512  # nodes between looks at the clock

# added to a pending column's index when its card was drawn from the stock (so that the
# transposition table tells it from Saratoga's reserve-like stock; see Search.pending)
PEND_STOCK = 32


@dataclass
class SolveResult:
    """What the solver found: ``result`` is ``"won"``, ``"lost"`` or ``"unknown"``."""

    result: str
    solution: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def moves(self) -> int:
        """Length of the winning line in actions (clicks on the stock included)."""
        return len(self.solution)

    def __repr__(self) -> str:
        line = f", {len(self.solution)} actions" if self.result == "won" else ""
        return f"SolveResult({self.result!r}{line}, nodes={self.nodes}, seconds={self.seconds:.3f})"


class BudgetSpent(Exception):
    pass


# colour (1 for red: diamonds and hearts) and rank (0 for an Ace) of each card, by lookup
RED = tuple(int(13 <= c < 39) for c in range(52))
RANK = tuple(c % 13 for c in range(52))


class Search:
    """One search from one position. ``prune=False`` switches off every dominance rule
    (safe moves, partial-group restriction) for testing them against the plain search.
    """

    def __init__(self, table: Table, *, prune: bool = True,
                 order: random.Random | None = None) -> None:
        rules = table.rules
        self._state: tuple | None = None
        self.game = rules.name
        self.piles = [list(p) for p in table.piles]
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
        self.nodes = 0
        # the card each foundation takes, left by force() for the move generator
        self._fits: dict[int, int] | None = None
        # With a reserve-like stock, a stock card put on a column must take a card at
        # once (see _moves_saratoga); ``pending`` is that column, 0 when none.
        self.pending = 0
        self.lazy_stock = prune and self.stock_is_reserve and rules.name == "saratoga"
        # Kansas: a card drawn from the stock and put on a column must be of use at
        # once (see _moves_kansas); ``pending`` then holds the column plus PEND_STOCK.
        # The rule's argument needs a single pass through the stock (Kansas's own
        # rules); with redeals allowed (an option of ours) it is off.
        self.lazy_kansas = prune and rules.name == "kansas" and self.max_redeals == 0
        # columns whose top cards are alike for building are one target (tests turn
        # this off on its own to check it)
        self.mirror = prune
        # Saratoga, one card a click, limited redeals: the same rule for a drawn card
        # as in Kansas (see _moves_kansas); with three a click a draw shifts the groups.
        self.lazy_drawn = (prune and rules.name == "saratoga" and self.draw == 1
                           and not self.stock_is_reserve)
        if self.game == "saratoga":
            self.gen = self._moves_saratoga
            self.safe = self._safe_saratoga
        elif self.game == "kansas":
            self.gen = self._moves_kansas
            self.safe = self._safe_kansas
        else:
            self.gen = self._moves_eagle
            self.safe = self._safe_eagle
        if order is not None:
            self.gen = self._shuffled(self.gen, order)

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
    def found_dst(self, card: int) -> int:
        """The foundation ``card`` may go onto now, or 0."""
        piles = self.piles
        if self.base is None:  # Saratoga: Ace up, same suit, no wrap
            if card % 13 == 0:
                for f in FOUNDS:
                    if not piles[f]:
                        return f
                return 0
            below = card - 1
            for f in FOUNDS:
                p = piles[f]
                if p and p[-1] == below:
                    return f
            return 0
        if card % 13 + 1 == self.base:
            for f in FOUNDS:
                if not piles[f]:
                    return f
            return 0
        below = card - 1 if card % 13 else card + 12  # same suit, wrapping A <- K
        for f in FOUNDS:
            p = piles[f]
            if p and p[-1] == below:
                return f
        return 0

    def heights(self) -> list[int]:
        """Cards on the foundation of each suit (C, D, H, S)."""
        h = [0, 0, 0, 0]
        for f in FOUNDS:
            p = self.piles[f]
            if p:
                h[p[0] // 13] = len(p)
        return h

    # Each _safe_* says whether ``card``, which fits a foundation now, can be needed for
    # nothing in play, so that sending it up at once never costs a win.
    def _safe_eagle(self, card: int) -> bool:
        # Same-suit building: the only card that can ever lie on X is the card one below
        # X in X's suit, and when X fits its foundation that card is already there and
        # stays (Eagle Wing's foundations are locked). So X can hold nothing. Sending X
        # up early may empty its column sooner, which deals the trunk's next card into
        # it sooner: that card is then playable from the column (onto a foundation or
        # another column, as from the trunk) and the trunk's next card is one step
        # nearer; a column holding X could do nothing that an emptied-and-refilled one
        # cannot, because nothing can be put on X. From the waste with one card per
        # click, removing X leaves every other stock card in the same order, reached
        # with the same redeals (see ``force``). So every move up is safe.
        return True

    def _safe_kansas(self, card: int) -> bool:
        # Ranks count from the base card: r = 0 for the base rank, 12 for the last.
        # Columns build down regardless of suit and wrap, so X (rank r) can hold any
        # card Y of rank r-1 (mod 13), and Y any card of rank r-2 (mod 13).
        # - r >= 2 and every foundation has reached rank r-2 (height >= r-1): any Y
        #   that could be put on X can go to its own foundation at that same moment,
        #   and nothing could be put on Y (all of rank r-2 are up). So X is needed for
        #   nothing and can go up.
        # - r == 1 and every foundation is started: the cards X could hold (base rank)
        #   are all up already.
        # - r == 0 (base rank): X can hold the last rank, which goes up only at the
        #   very end, so never safe by this argument.
        # The reserve and the waste (one card per click) hold no cards on X either, and
        # emptying a column only deals the reserve's next card, which the column then
        # offers as the reserve did (Kansas: same drop rules from either).
        r = (card % 13 + 1 - self.base) % 13
        if r == 0:
            return False
        piles = self.piles
        low = min(len(piles[F0]), len(piles[F1]), len(piles[F2]), len(piles[F3]))
        return low >= (r - 1 if r >= 2 else 1)

    def _safe_saratoga(self, card: int) -> bool:
        # Plain ranks (Ace 1 .. King 13). Aces and 2s are always safe: a 2 can hold
        # only an Ace, and an Ace can always go to a foundation (one is free for each
        # Ace not yet up). Rank r >= 3 of colour c: in play X holds only a card Y of
        # the other colour and rank r-1, and Y only a card Z of colour c and rank r-2.
        # If both foundations of the other colour are at r-2 or more and the other
        # foundation of colour c is at r-3 or more, then Y can go up whenever it could
        # go onto X, and so can any Z (its foundation is X's own, then at r-1, or the
        # other of colour c, at r-3 or more), and the cards of rank r-3 Z could hold are
        # of Y's colour, whose foundations are at r-2 or more: up already. Worrying
        # back (foundation to tableau) only adds options and X can still come back
        # down in that case, but nothing in play needs it. Blake & Gent (2019) prove
        # this bound for alternate-colour building with worrying back.
        r = card % 13 + 1
        if r <= 2:
            return True
        h = self.heights()
        s = card // 13
        if 13 <= card < 39:  # red
            return h[0] >= r - 2 and h[3] >= r - 2 and h[3 - s] >= r - 3
        return h[1] >= r - 2 and h[2] >= r - 2 and h[3 - s] >= r - 3

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
        elif self.lazy_kansas or self.lazy_drawn:
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
        if self.refills and src >= FIRST_TABLEAU and not sp and piles[RESERVE]:
            sp.append(piles[RESERVE].pop())
            return (mv, saved, 1, pending)
        return (mv, saved, 0, pending)

    def revert(self, rec: Rec) -> None:
        mv, saved, refill, self.pending = rec
        _, _, nr, src, dst, n = mv
        piles = self.piles
        sp = piles[src]
        if refill:
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

    def won(self) -> bool:
        p = self.piles
        return len(p[F0]) + len(p[F1]) + len(p[F2]) + len(p[F3]) == 52

    def force(self) -> list[Rec]:
        """Play safe moves to the foundations until none is left; their records."""
        self._fits = None
        if not self.prune or self.pending:
            return []
        if self.game == "kansas" and not self.stock_is_reserve:
            return self._force_kansas()
        recs: list[Rec] = []
        piles = self.piles
        safe = self.safe
        found = self.found_dst
        sources = [*self.cols, WASTE]
        if self.game == "eagle-wing" or self.game == "kansas":
            sources.append(RESERVE)
        eagle = self.game == "eagle-wing"
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
                if src == RESERVE and eagle and len(p) > 1:
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

    def _force_kansas(self) -> list[Rec]:
        # force() for Kansas (the same moves in the same order, for the reasons given
        # there), with the card each foundation takes looked up once per change
        recs: list[Rec] = []
        piles = self.piles
        safe = self._safe_kansas
        sources = (*self.cols, WASTE, RESERVE)
        progress = True
        while progress:
            progress = False
            fits = self._fits_wrapping()
            for src in sources:
                p = piles[src]
                if p:
                    card = p[-1]
                    dst = fits.get(card, 0)
                    if dst and safe(card):
                        recs.append(self.apply((-1, 0, 0, src, dst, 1)))
                        progress = True
                        fits = self._fits_wrapping()
        # the move generator runs next, on this same position: it can use ``fits``
        self._fits = fits
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
        cols = b"\xff".join(sorted([bytes(p[c]) for c in self.cols]))
        h = bytes(self.heights())
        if self.draw == 1:
            stock = bytes(p[WASTE] + p[STOCK][::-1])
            pend = self.pending
            if pend:
                return (stock, len(p[RESERVE]), h, cols, bytes(p[pend & 15]), pend >> 4)
            return (stock, len(p[RESERVE]), h, cols)
        return (bytes(p[WASTE]), bytes(p[STOCK]), len(p[RESERVE]), h, cols)

    def rank(self) -> Any:
        """Where the stock stands, smaller is better: a position whose key was seen
        with a rank at most this one's is pruned.

        One card a click: from (redeals used u, cards in the waste w) the clicks reach
        every (u, w') with w' >= w and, while redeals are left, every (u', any) with
        u' > u, changing nothing else; so a smaller (u, w) reaches all a larger one
        reaches. With unlimited redeals every w is reachable from every other, so the
        rank is constant. Three cards a click: only the redeal counter is compared (the
        same cards in the waste, fewer redeals used).
        """
        if self.max_redeals is None:
            return 0
        if self.draw == 1:
            return (self.used, len(self.piles[WASTE]))
        return self.used

    # ---- move generation ------------------------------------------------------------
    # Every generator lists the moves worth trying, best first: to the foundations,
    # then moves that lay cards bare, then the stock, then the rest.

    def _moves_saratoga(self) -> list[SMove]:
        piles = self.piles
        cols = self.cols
        found = self.found_dst
        safe = self.safe
        prune = self.prune
        # Columns whose top cards have the same rank and colour are one target (the
        # argument in _moves_kansas, with colour added: building alternates colours).
        # A pending column stands for its class, since its card must be built on.
        pcol = self.pending & 15
        canon = set()
        seen_tops = set()
        if pcol:
            top = piles[pcol][-1]
            seen_tops.add((top % 13, RED[top]))
            canon.add(pcol)
        for c in cols:
            if piles[c]:
                top = piles[c][-1]
                sig = (top % 13, RED[top])
                if not (prune and self.mirror) or sig not in seen_tops:
                    seen_tops.add(sig)
                    canon.add(c)
        self.canon = canon
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = 0
        for c in cols:
            if not piles[c]:
                empty = c
                break
        # to the foundations (safe ones were forced already)
        for c in cols:
            p = piles[c]
            if p:
                dst = found(p[-1])
                if dst:
                    first.append((-1, 0, 0, c, dst, 1))
        waste = piles[WASTE]
        if waste:
            dst = found(waste[-1])
            if dst:
                first.append((-1, 0, 0, WASTE, dst, 1))
        # runs between columns
        for s in cols:
            sp = piles[s]
            ln = len(sp)
            if not ln:
                continue
            top = sp[-1]
            k = 1  # length of the movable run on top
            while k < ln:
                a, b = sp[-k], sp[-k - 1]
                if b % 13 != a % 13 + 1 or RED[a] == RED[b]:
                    break
                k += 1
            r1 = top % 13
            for t in cols:
                if t == s:
                    continue
                tp = piles[t]
                if tp:
                    if t not in canon:
                        continue
                    tt = tp[-1]
                    j = tt % 13 - r1  # the group's bottom card must be one below tt
                    if j < 1 or j > k or RED[sp[-j]] == RED[tt]:
                        continue
                else:
                    if t != empty:
                        continue
                    j = 12 - r1 + 1  # a King heads the group
                    if j < 1 or j > k or j == ln:
                        continue  # no King in the run, or it already lies at the bottom
                if prune and j < k and not found(sp[-j - 1]):
                    # Part of a run, laying bare a card that cannot go up: the card
                    # laid bare has the rank and colour of the card the group moved
                    # onto, so it offers nothing in play that card did not; only its
                    # suit differs, which matters only for going up.
                    continue
                (first if j in (ln, k) else mid).append((-1, 0, 0, s, t, j))
        # the waste and the stock onto columns and foundations
        if waste:
            w = waste[-1]
            self._to_columns(w, WASTE, -1, 0, 0, mid, empty)
        seq = self.seq()
        for i, draws, nr in self.reachable():
            card = seq[i]
            dst = found(card)
            if dst:
                last.append((i, draws, nr, WASTE, dst, 1))
            self._to_columns(card, WASTE, i, draws, nr, last, empty)
        # worrying back: a foundation's top card down onto a column
        for f in FOUNDS:
            fp = piles[f]
            if not fp:
                continue
            card = fp[-1]
            if card % 13 == 0:
                continue  # an Ace down can only be a waste of a move
            if prune and safe(card):
                continue  # it would be forced straight back up
            self._to_columns(card, f, -1, 0, 0, last, empty)
        if self.lazy_stock:
            return self._lazy_filter(first + mid + last)
        if pcol:
            # a drawn card put down (lazy_drawn): onto it, a further draw, or a group
            # that holds it and more (see _moves_kansas)
            return [m for m in first + mid + last
                    if m[4] == pcol or m[0] >= 0 or (m[3] == pcol and m[5] > 1)]
        return first + mid + last

    def _lazy_filter(self, moves: list[SMove]) -> list[SMove]:
        # One card a click and unlimited redeals make the stock a reserve: every stock
        # card can be reached at any time, and taking one out changes no other card's
        # reach. A stock card X put on a column is then of use only once a card goes
        # onto it (going up it could do from the stock), and until then it only covers
        # the column: every line that puts X down and later puts Y on it can put X
        # down just before Y instead (a move of X in between becomes putting X down
        # there; X going up, not putting it down at all). So after X the next move
        # must put a card on X (``pending``).
        # A chain of stock cards on X is pointless unless a card from play (a column's
        # run or a foundation's top) can end it: that card must be lower than the
        # chain's last card, with the colour the alternation gives it: rank + colour of
        # the same parity. ``lowest[parity]`` is the lowest such card's rank.
        piles = self.piles
        pend = self.pending
        lowest = [13, 13]
        for c in self.cols:
            cp = piles[c]
            if c == pend or not cp:
                continue
            k = len(cp) - 1
            a = cp[k]
            while True:
                sig = (RANK[a] + RED[a]) & 1
                if RANK[a] < lowest[sig]:
                    lowest[sig] = RANK[a]
                if k == 0:
                    break
                b = cp[k - 1]
                if RANK[b] != RANK[a] + 1 or RED[a] == RED[b]:
                    break
                k -= 1
                a = b
        for f in FOUNDS:
            if piles[f]:
                a = piles[f][-1]
                sig = (RANK[a] + RED[a]) & 1
                if RANK[a] < lowest[sig]:
                    lowest[sig] = RANK[a]
        out = []
        seq = None
        for m in moves:
            if pend and m[4] != pend:
                continue
            if m[3] == WASTE and m[4] >= FIRST_TABLEAU:
                if m[0] >= 0:
                    if seq is None:
                        seq = self.seq()
                    card = seq[m[0]]
                else:
                    card = piles[WASTE][-1]
                if lowest[(RANK[card] + RED[card]) & 1] >= RANK[card]:
                    continue
            out.append(m)
        return out

    def _to_columns(self, card: int, src: int, i: int, draws: int, nr: int,
                    out: list[SMove], empty: int) -> None:
        piles = self.piles
        red = RED[card]
        r = card % 13
        canon = self.canon
        for t in self.cols:
            tp = piles[t]
            if tp and t in canon:
                tt = tp[-1]
                if tt % 13 == r + 1 and RED[tt] != red:
                    out.append((i, draws, nr, src, t, 1))
        if empty and r == 12:
            out.append((i, draws, nr, src, empty, 1))

    def _fits_wrapping(self) -> dict[int, int]:
        """Card -> the foundation it may go onto now, for a game with a base card."""
        piles = self.piles
        fits: dict[int, int] = {}
        empty = 0
        for f in FOUNDS:
            p = piles[f]
            if p:
                top = p[-1]
                fits[top + 1 if top % 13 != 12 else top - 12] = f
            elif not empty:
                empty = f
        if empty:
            b = self.base - 1
            for card in (b, b + 13, b + 26, b + 39):
                fits.setdefault(card, empty)
        return fits

    # Kansas, one pass, one card a click. A stock card X drawn and put on column c is of
    # use only once something depends on it: a card or group put onto X, a group
    # that holds X and cards under it moving on, or a further draw (which, made
    # first, would have buried X in the waste). X going up, or on to another
    # column, could have been done straight from the stock. Every other move
    # commutes with "draw to X, put X on c": made before it, it leaves the same
    # stock and waste behind, and after it X can follow as before (if the move
    # played the waste's top card Y, "draw to Y, play Y, then draw to X" gives the
    # same position). So a line that puts X down and then makes moves that do not
    # depend on it can make them first and put X down just before the first one
    # that does: after X, the search follows only the moves that depend on it.
    # (Cards from the waste or the reserve are not held to this: a move can
    # depend on two such cards at once, and then neither order would be
    # searched. Two stock cards cannot tie so: the deeper one is drawn after.)
    def _moves_kansas(self) -> list[SMove]:
        piles = self.piles
        cols = self.cols
        prune = self.prune
        fits = self._fits
        if fits is None:
            fits = self._fits_wrapping()
        self._fits = None
        # While a stock card X is pending (see _moves_kansas) the only moves made are
        # those that depend on it: onto X's column, and further draws.
        pcol = self.pending & 15
        free = not pcol
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = 0
        for c in cols:
            if not piles[c]:
                empty = c
                break
        reserve = piles[RESERVE]
        waste = piles[WASTE]
        if free:
            for src in (RESERVE, *cols, WASTE):
                p = piles[src]
                if p:
                    dst = fits.get(p[-1], 0)
                    if dst:
                        first.append((-1, 0, 0, src, dst, 1))
        tops = [(c, piles[c][-1] % 13) for c in cols if piles[c]]
        # Two columns whose top cards have the same rank are the same target: suits do
        # not matter in the columns, so what lies on one could as well lie on the other,
        # and the one move that tells them apart (a card going up) can swap the two
        # piles at that moment, since a group may move to lay bare a card that goes up.
        # So a card or group goes onto the first such column only (``canon``).
        canon = set()
        ranks = set()
        for c, tr in tops:
            if not (prune and self.mirror) or tr not in ranks:
                ranks.add(tr)
                canon.add(c)
        # groups between columns (a column is always a descending run, wrapping K on A)
        for s in cols:
            sp = piles[s]
            ln = len(sp)
            if not ln:
                continue
            # from a pending card's column only a group that holds more than X (the
            # cards under X could not have moved so without X); X alone to another
            # column could have gone there at once
            from_x = s == pcol
            r1 = sp[-1] % 13
            for t, tr in tops:
                if t == s or (pcol and not from_x and t != pcol):
                    continue
                if t not in canon and t != pcol:
                    continue
                j = (tr - 1 - r1) % 13 + 1
                while j <= ln:
                    if from_x and j == 1:
                        pass
                    elif j == ln:
                        mid.append((-1, 0, 0, s, t, j))
                    elif not prune or sp[-j - 1] in fits:
                        # Part of a column only to lay bare a card that can go up: the
                        # card laid bare has the rank of the card the group moved onto,
                        # and suits do not matter in the columns.
                        first.append((-1, 0, 0, s, t, j))
                    j += 13
        if reserve:
            want = (reserve[-1] % 13 + 1) % 13
            for t, tr in tops:
                if tr == want and ((free and t in canon) or t == pcol):
                    mid.append((-1, 0, 0, RESERVE, t, 1))
        if waste:
            want = (waste[-1] % 13 + 1) % 13
            for t, tr in tops:
                if tr == want and ((free and t in canon) or t == pcol):
                    mid.append((-1, 0, 0, WASTE, t, 1))
            if empty and free:
                mid.append((-1, 0, 0, WASTE, empty, 1))
        # the stock: "draw until X is on top, then play X"
        stock = piles[STOCK]
        if self.max_redeals == 0:  # Kansas's own rule, one pass: the stock in order
            q = len(waste) - 1
            reach = [(q + d, d, 0, card) for d, card in enumerate(reversed(stock), 1)]
        else:  # the option of redeals: the cards the clicks can bring up
            seq = self.seq()
            reach = [(i, d, nr, seq[i]) for i, d, nr in self.reachable()]
        for i, draws, nr, card in reach:
            dst = fits.get(card, 0)
            if dst:
                last.append((i, draws, nr, WASTE, dst, 1))
            want = (card % 13 + 1) % 13
            for t, tr in tops:
                if tr == want and t in canon:
                    last.append((i, draws, nr, WASTE, t, 1))
            if empty:
                last.append((i, draws, nr, WASTE, empty, 1))
        return first + mid + last

    def _moves_eagle(self) -> list[SMove]:
        piles = self.piles
        cols = self.cols
        found = self.found_dst
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = 0
        for c in cols:
            if not piles[c]:
                empty = c
                break
        reserve = piles[RESERVE]
        sources = [*cols, WASTE]
        if len(reserve) == 1:
            sources.append(RESERVE)
        for src in sources:
            p = piles[src]
            if not p:
                continue
            card = p[-1]
            if not self.prune:
                dst = found(card)
                if dst:
                    first.append((-1, 0, 0, src, dst, 1))
            out = first if src >= FIRST_TABLEAU and len(p) > 1 else mid
            lone = src >= FIRST_TABLEAU and len(p) == 1
            self._eagle_cols(card, src, -1, 0, 0, out, 0 if lone else empty)
        seq = self.seq()
        for i, draws, nr in self.reachable():
            card = seq[i]
            dst = found(card)
            if dst:
                last.append((i, draws, nr, WASTE, dst, 1))
            self._eagle_cols(card, WASTE, i, draws, nr, last, empty)
        return first + mid + last

    def _eagle_cols(self, card: int, src: int, i: int, draws: int, nr: int,
                    out: list[SMove], empty: int) -> None:
        piles = self.piles
        above = card + 1 if card % 13 != 12 else card - 12  # same suit, K under A
        for t in self.cols:
            tp = piles[t]
            if tp and len(tp) < 3 and tp[-1] == above and t != src:
                out.append((i, draws, nr, src, t, 1))
        if empty:
            out.append((i, draws, nr, src, empty, 1))

    # ---- the search --------------------------------------------------------------------
    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        """Search on for at most ``seconds`` and ``nodes`` more; ``BudgetSpent`` if they
        run out first, after which ``run`` may be called again to go on where it left."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        if self.prune:
            key, rank = self.key, self.rank
        else:
            # no dominance at all: the exact stock position and redeal count are keyed
            def key() -> tuple:
                return (self.key(), len(self.piles[WASTE]), self.used)

            def rank() -> int:
                return 0
        if self._state is None:
            root_forced = self.force()
            if self.won():
                return "won", self._line([], root_forced)
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
            if old is not None and old <= r:
                for f in reversed(frc):
                    revert(f)
                revert(rec)
                continue
            seen[k] = r
            stack.append([gen(), 0, rec, frc])
        self.nodes = count
        return "lost", []

    def _line(self, stack: list[list[Any]], root_forced: list[Rec],
              rec: Rec | None = None, frc: list[Rec] | None = None) -> list[str]:
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


def _loosest(table: Table) -> Table | None:
    """The same position under Saratoga's loosest rules, one card a click and unlimited
    redeals, when ``table``'s rules are stricter; None otherwise.

    Every line of a stricter rule set is a line of the loosest one: more redeals only
    add choices, and one card a click with unlimited redeals reaches every stock
    position that three a click reaches (the same waste top after the same number of
    cards dealt, counted in ones). So a position the loosest rules lose is lost under
    the stricter ones too; a win there is a win here only if it replays here.
    """
    from .games import make_rules
    from .games.base import Table

    rules = table.rules
    if rules.name != "saratoga" or (rules.draw_count == 1 and rules.max_redeals is None):
        return None
    return Table(make_rules("saratoga", draw=1, redeals=None),
                 [list(p) for p in table.piles], 0, table.base)


def _wins_here(table: Table, line: list[str]) -> bool:
    """Whether ``line`` is legal move by move on ``table`` (a copy) and wins it."""
    from .moves import Move

    t = table.copy()
    for action in line:
        move = Move.parse(action)
        if t.reason(move) is not None:
            return False
        t.apply(move)
    return t.is_won()


class Solver:
    """A search for a win from one position that can go on where it stopped: after an
    ``"unknown"``, calling ``run`` again spends a further budget on the same search
    instead of starting over. ``solve`` is one call of one ``Solver``.

    The position is copied when the solver is made, so the game may go on meanwhile.
    Options as for ``solve``.
    """

    def __init__(self, game: Game | Table, *, prune: bool = True,
                 probes: bool | None = None, relax: bool | None = None) -> None:
        table = getattr(game, "table", game).copy()
        self.table = table
        self.probes = (table.rules.name == "saratoga" if probes is None else probes) and prune
        self.main = Search(table, prune=prune)
        loose = _loosest(table) if self.probes and relax is not False else None
        # the search under the loosest rules, while it may still decide something
        self.wide = Search(loose) if loose is not None else None
        self.runs = 0  # calls to run so far
        self.k = 0  # probes started so far (each probe's order is seeded by its number)
        self.nodes = 0
        self.seconds = 0.0
        self.verdict: tuple[str, list[str]] | None = None

    @property
    def result(self) -> str:
        """``"won"``, ``"lost"``, or ``"unknown"`` while undecided."""
        return "unknown" if self.verdict is None else self.verdict[0]

    def run(self, seconds: float | None = 10.0, nodes: int | None = None) -> SolveResult:
        """Search on for at most ``seconds`` and ``nodes`` more (None: no bound). The
        result's ``nodes`` and ``seconds`` count every run so far."""
        start = time.perf_counter()
        try:
            if self.verdict is None:
                self.verdict = self._run(seconds, nodes, start)
        finally:
            self.runs += 1
            self.seconds += time.perf_counter() - start
        result, line = self.verdict if self.verdict is not None else ("unknown", [])
        return SolveResult(result, list(line), self.nodes, self.seconds)

    def _run(self, seconds: float | None, nodes: int | None,
             start: float) -> tuple[str, list[str]] | None:
        main = self.main
        if not self.probes or (seconds is None and nodes is None):
            before = main.nodes
            try:
                return main.run(seconds, nodes)
            except BudgetSpent:
                return None
            finally:
                self.nodes += main.nodes - before
        # The first run gives the main search half (6/16 with the loosest rules also to
        # search); then turns of (loosest rules 2/16, probe 1/16, main 1/16), or of
        # (probe, main) where there are no looser rules.
        share_s = None if seconds is None else seconds / 16
        share_n = None if nodes is None else max(nodes // 16, CHECK_EVERY)
        used = 0

        def left() -> bool:
            if seconds is not None and time.perf_counter() - start >= seconds:
                return False
            return nodes is None or used < nodes

        def turn(search: Search, parts: int) -> tuple[str, list[str]] | None:
            nonlocal used
            before = search.nodes
            try:
                return search.run(None if share_s is None else share_s * parts,
                                  None if share_n is None else share_n * parts)
            except BudgetSpent:
                return None
            finally:
                used += search.nodes - before
                self.nodes += search.nodes - before

        out = None
        if self.runs == 0:
            out = turn(main, 8 if self.wide is None else 6)
        while out is None and left():
            if self.wide is not None:
                verdict = turn(self.wide, 2)
                if verdict is not None:
                    self.wide = None  # decided: it has nothing more to give
                    if verdict[0] == "lost" or _wins_here(self.table, verdict[1]):
                        return verdict
                if not left():
                    break
            self.k += 1
            probe = Search(self.table, order=random.Random(self.k))
            found = turn(probe, 1)
            if found is not None:  # a probe that runs to the end is a whole search too
                return found
            if left():
                out = turn(main, 1)
        return out


def solve(
    game: Game | Table,
    seconds: float | None = 10.0,
    nodes: int | None = None,
    *,
    prune: bool = True,
    probes: bool | None = None,
    relax: bool | None = None,
) -> SolveResult:
    """Search for a win from ``game``'s current position.

    ``seconds`` and ``nodes`` bound the search (None: no bound); when either runs out the
    result is ``"unknown"``. ``prune=False`` turns off the dominance rules (slow; for
    tests). The position itself is never changed. To go on with a search that ran out
    of budget, use a ``Solver``.

    ``probes`` (by default on for Saratoga): once half the budget is spent undecided, the
    rest goes by turns to short searches in random move orders, which often find a win
    that the main order would reach late, and to the main search going on where it
    stopped (only it can prove a deal lost). Each probe is a fresh, complete search; a
    win from any of them is as good as any other, and is replayed by the tests.

    ``relax`` (by default on for Saratoga's stricter rule sets, when ``probes`` is on):
    the turns also go to a search of the same position under the loosest rules (one
    card a click, unlimited redeals; see ``_loosest``). If that search proves the
    position lost, it is lost here too; if it finds a win whose line is also legal
    here, that is the answer.
    """
    return Solver(game, prune=prune, probes=probes, relax=relax).run(seconds, nodes)


__all__ = ["SolveResult", "Solver", "solve"]
