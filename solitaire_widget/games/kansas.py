"""Kansas (Κάνσας), as Aisleriot's ``kansas.scm`` plays it.

A 12-card reserve with its top card in play, three columns and a base card. Foundations
build up in suit from the base card, wrapping King -> Ace, one card at a time. Columns
build down regardless of suit, also wrapping, and any group of a column (which is always
a descending run) may move onto a column whose top card is one higher than the group's
bottom card. A column emptied by a move is refilled from the reserve; once the reserve is
used up, an empty column takes only the waste's top card. One pass through the stock.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from .base import F0, F3, Rules, Table

if TYPE_CHECKING:
    from ..solver import Rec, Search, SMove

F1, F2 = FOUNDATIONS[1], FOUNDATIONS[2]


class Kansas(Rules):
    name = "kansas"
    title = "Kansas"
    title_el = "Κάνσας"
    empty_column = "waste"
    n_tableau = 3
    has_reserve = True
    refills_from_reserve = True
    has_base_card = True
    reserve_top_in_play = True
    default_redeals = 0

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        piles[RESERVE] = deck[0:12]  # deck[11] on top, face up
        piles[F0] = [deck[12]]  # the base card
        for i in range(3):
            piles[FIRST_TABLEAU + i] = [deck[13 + i]]
        piles[STOCK] = deck[:15:-1]  # deck[16] on top
        return piles

    def face_up(self, pile: int, position: int, length: int) -> bool:
        if pile == RESERVE:
            return position == length - 1  # the reserve's top card is always in play
        return pile != STOCK

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        if F0 <= src <= F3:
            return "foundation_locked"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        spile = t.piles[src]
        if dst <= F3:
            if n != 1:
                return "one_to_foundation"
            return self.wrapping_foundation_reason(t, spile[-1], dst)
        pile = t.piles[dst]
        if not pile:
            return None if src == WASTE else "kansas_empty_waste_only"
        bottom = spile[-n] % 13 + 1
        top = pile[-1] % 13 + 1
        if top != bottom + 1 and not (top == ACE and bottom == KING):
            return "tableau_rank_any_suit"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        if dst <= F3:
            return self.foundation_keys(t, t.piles[src][-1], dst)
        if not t.piles[dst]:
            return ["legal_kansas_empty"]
        return ["legal_kansas_tableau", "legal_kansas_group"] if n > 1 else ["legal_kansas_tableau"]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        up = self.wrapping_foundation_targets(t)
        cols = t.tableau
        empty = [c for c in cols if not piles[c]]
        # rank (0..12) -> columns whose top card is one rank higher (an Ace takes a King)
        takes: dict[int, list[int]] = {}
        for c in cols:
            if piles[c]:
                takes.setdefault((piles[c][-1] - 1) % 13, []).append(c)
        for src in (WASTE, RESERVE, *cols):
            pile = piles[src]
            if not pile:
                continue
            moves.extend(Move(src, f, 1) for f in up.get(pile[-1], ()))
            if src < FIRST_TABLEAU:
                moves.extend(Move(src, c, 1) for c in takes.get(pile[-1] % 13, ()))
                if src == WASTE:
                    moves.extend(Move(src, c, 1) for c in empty)
                continue
            for n in range(1, len(pile) + 1):
                moves.extend(Move(src, c, n) for c in takes.get(pile[-n] % 13, ()) if c != src)
        return moves

    # ---- what the search needs (see Rules) ------------------------------------------
    foundation_for = Rules.wrapping_foundation_for

    # Streamliners: searches that never let the waste hold more than so many cards. With
    # one pass through the stock a card buried in the waste comes back only once every
    # card above it has gone, so a winning line seldom lets the waste grow long; the full
    # search, which must rule out every line to prove a loss, spends most of its nodes in
    # positions whose waste holds twenty cards or more (seed 1: two thirds of its first
    # 300,000 nodes have at most five stock cards left). Capped, the search is a small
    # fraction of that and reaches such wins early: over seeds 41-120, caps 4 to 20 at
    # 50,000 nodes each found every win the full search had found within 2,000,000
    # nodes, and seven more among the 43 deals it had left undecided. Several caps,
    # since a smaller one is not always quicker to a win: a cap that shuts out the
    # winning line must first be searched to its end. They find wins only.
    search_streamliners = (4, 6, 8, 10, 12, 14, 16, 20)

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Count ranks from the base card (r = 0 for the base rank, 12 for the rank below
        # it). Columns build down regardless of suit and wrap, so a card X of relative
        # rank r can hold any card Y of rank r-1 (mod 13), and Y any card of rank r-2.
        # - r >= 2 and every foundation has reached rank r-2 (height >= r-1): each card
        #   Y that might be placed on X can instead go to its own foundation (whose top
        #   is then rank r-2) at that very moment, and nothing can ever be placed on Y
        #   (every card of rank r-2 is up). So X is needed for nothing and can go up.
        # - r == 1 and every foundation is started: the cards X could hold are of the
        #   base rank, and with every foundation started all four are up already, where
        #   they stay (foundations are locked). So X can hold nothing.
        # - r == 0 (the base rank): through the wrap X can hold the last rank of each
        #   suit, which cannot go up until the very end, so it is never safe this way.
        # The reserve and the waste (one card per click) hold no cards on X either, and
        # emptying a column only deals the reserve's next card, which the column then
        # offers as the reserve did (the same drop rules from either).
        assert base is not None  # Kansas deals a base card
        r = (card % 13 + 1 - base) % 13
        if r == 0:
            return False
        low = min(len(piles[F0]), len(piles[F1]), len(piles[F2]), len(piles[F3]))
        return low >= (r - 1 if r >= 2 else 1)

    def search_pending_rule(self) -> str | None:
        # One card a click, one pass. A stock card X drawn and put on column c is of use
        # only once something depends on it: a card or group put onto X, a group that
        # holds X and cards under it moving on, or a further draw (which, made first,
        # would have buried X in the waste). X going up, or on to another column, could
        # have been done straight from the stock. Every other move commutes with "draw
        # to X, put X on c": made before it, it leaves the same stock and waste behind,
        # and after it X can follow as before (if the move played the waste's top card
        # Y, "draw to Y, play Y, then draw to X" gives the same position). So a line
        # that puts X down and then makes moves that do not depend on it can make them
        # first and put X down just before the first one that does: after X, the search
        # follows only the moves that depend on it (``search_moves``).
        # (Cards from the waste or the reserve are not held to this: a move can depend
        # on two such cards at once, and then neither order would be searched. Two
        # stock cards cannot tie so: the deeper one is drawn after.)
        # The argument needs a single pass through the stock (Kansas's own rules); with
        # redeals allowed (an option of ours) it is off.
        return "drawn" if self.max_redeals == 0 else None

    def search_force(self, s: Search) -> list[Rec]:
        # With one card a click and unlimited redeals the stock is a reserve and the
        # general routine sends its safe cards up too.
        if s.stock_is_reserve:
            return s.force_safe()
        # Otherwise the general routine's moves in its order (columns, waste, reserve;
        # the reasons are given there), with the card each foundation takes looked up
        # once per change instead of once per card
        recs: list[Rec] = []
        piles = s.piles
        base = s.base
        assert base is not None
        safe = s.safe
        apply = s.apply
        sources = (*s.cols, WASTE, RESERVE)
        progress = True
        while progress:
            progress = False
            fits = _fits(piles, base)
            for src in sources:
                p = piles[src]
                if p:
                    card = p[-1]
                    dst = fits.get(card, 0)
                    if dst and safe(card):
                        recs.append(apply((-1, 0, 0, src, dst, 1)))
                        progress = True
                        fits = _fits(piles, base)
        # the move generator runs next, on this same position: it can use ``fits``
        s.fits = fits
        return recs

    def search_moves(self, s: Search) -> list[SMove]:
        # best first: to the foundations and parts of columns that lay a card bare for
        # them, then whole columns, the reserve and the waste, then the stock
        piles = s.piles
        cols = s.cols
        prune = s.prune
        fits = s.fits
        if fits is None:
            assert s.base is not None
            fits = _fits(piles, s.base)
        s.fits = None
        # While a stock card X is pending (see search_pending_rule) the only moves made
        # are those that depend on it: onto X's column, and further draws.
        pcol = s.pending & 15
        free = not pcol
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = s.first_empty()
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
            if not (prune and s.mirror) or tr not in ranks:
                ranks.add(tr)
                canon.add(c)
        # groups between columns (a column is always a descending run, wrapping K on A)
        for src in cols:
            sp = piles[src]
            ln = len(sp)
            if not ln:
                continue
            # from a pending card's column only a group that holds more than X (the
            # cards under X could not have moved so without X); X alone to another
            # column could have gone there at once
            from_x = src == pcol
            r1 = sp[-1] % 13
            for t, tr in tops:
                if t == src or (pcol and not from_x and t != pcol):
                    continue
                if t not in canon and t != pcol:
                    continue
                j = (tr - 1 - r1) % 13 + 1
                while j <= ln:
                    if from_x and j == 1:
                        pass
                    elif j == ln:
                        mid.append((-1, 0, 0, src, t, j))
                    elif not prune or sp[-j - 1] in fits:
                        # Part of a column only to lay bare a card that can go up: the
                        # card laid bare has the rank of the card the group moved onto,
                        # and suits do not matter in the columns.
                        first.append((-1, 0, 0, src, t, j))
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
        if s.max_redeals == 0:  # Kansas's own rule, one pass: the stock in order
            q = len(waste) - 1
            reach = [(q + d, d, 0, card) for d, card in enumerate(reversed(stock), 1)]
        else:  # the option of redeals: the cards the clicks can bring up
            seq = s.seq()
            reach = [(i, d, nr, seq[i]) for i, d, nr in s.reachable()]
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

    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        # 1. a top card to a foundation: waste, reserve, then the columns
        for src in (WASTE, RESERVE, *cols):
            pile = piles[src]
            if not pile:
                continue
            for dst in FOUNDATIONS:
                if self.wrapping_foundation_reason(t, pile[-1], dst) is None:
                    yield Move(src, dst)
                    break
        # 2. onto each non-empty column: waste, reserve, whole columns, useful parts
        for dst in cols:
            target = piles[dst]
            if not target:
                continue
            for src in (WASTE, RESERVE):
                if piles[src] and self.drop_reason(t, src, 1, dst) is None:
                    yield Move(src, dst)
            for src in cols:
                spile = piles[src]
                if src == dst or not spile:
                    continue
                for n in range(len(spile), 0, -1):
                    if self.drop_reason(t, src, n, dst) is not None:
                        continue
                    # a part of a column only when it lays bare a card that can go up
                    if n == len(spile) or self._fits_started_foundation(t, spile[-n - 1]):
                        yield Move(src, dst, n)
            yield from self._self_hint(t, dst)
        # 3. the waste card into the first empty column
        if piles[WASTE]:
            for dst in cols:
                if not piles[dst]:
                    yield Move(WASTE, dst)
                    break

    def _self_hint(self, t: Table, col: int) -> Iterator[Move]:
        # Aisleriot's "move tableau to self" hint (bug 660297): a column long enough to
        # wrap around may hold, deep down, the card its own top could take. Move the
        # top part from the topmost card that fits on another column, when a deeper card
        # c is one below the top and c is the bottom card or lies on a card that can go
        # up. Only the first such top card is looked at, as in Aisleriot.
        piles = t.piles
        pile = piles[col]
        for i in range(len(pile) - 1, -1, -1):
            rank = pile[i] % 13
            others = [
                o for o in t.tableau if o != col and piles[o] and (piles[o][-1] - 1) % 13 == rank
            ]
            if not others:
                continue
            top = pile[-1] % 13
            for j in range(i):
                if top == (pile[j] % 13 + 1) % 13 and (
                    j == 0 or self._fits_started_foundation(t, pile[j - 1])
                ):
                    yield Move(col, others[0], len(pile) - i)
                    break
            return

    def _fits_started_foundation(self, t: Table, card: int) -> bool:
        for f in FOUNDATIONS:
            pile = t.piles[f]
            if pile and self.wrapping_foundation_reason(t, card, f) is None:
                return True
        return False


def _fits(piles: Sequence[list[int]], base: int) -> dict[int, int]:
    """Card -> the foundation it may go onto now (``foundation_for`` for every card)."""
    fits: dict[int, int] = {}
    empty = 0
    for f in FOUNDATIONS:
        p = piles[f]
        if p:
            top = p[-1]
            fits[top + 1 if top % 13 != 12 else top - 12] = f
        elif not empty:
            empty = f
    if empty:
        b = base - 1
        for card in (b, b + 13, b + 26, b + 39):
            fits.setdefault(card, empty)
    return fits
