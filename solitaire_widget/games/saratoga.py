"""Saratoga (Σαρατόγκα), as Aisleriot's ``saratoga.scm`` (Klondike's code) plays it.

Klondike with every card dealt face up: seven columns of 1 to 7 cards, built down in
alternating colours; any correct run moves as a group; only a King (or a run headed by
one) enters an empty column. Foundations build up in suit from the Ace, one card at a
time, and their top cards stay in play. The help text's rule is the default: one card per
deal and two redeals (three passes); ``redeals=None`` is what Aisleriot's code does
(unlimited), ``draw=3`` its "Three card deals" option.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import ACE, KING
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, STOCK, WASTE, Move
from .base import _UNSET, F0, F3, Rules, Table

if TYPE_CHECKING:
    from ..solver import Search, SMove


def _is_red(card: int) -> bool:
    return 13 <= card < 39


def _held_by_twin(
    where: dict[int, tuple[list[int], int]],
    x: int,
    i: int,
    pile: list[int],
    y: int,
    other: int,
) -> bool:
    """Whether X's twin must hold Y, one of the two cards X (at ``i`` in ``pile``) may go
    onto, for as long as X stays there (the argument is in ``blocked_cards``)."""
    w = where.get(other)
    if w is None or w[0] is not pile or w[1] >= i:
        return False  # the other card is not under X
    r = x % 13
    twin = (3 - x // 13) * 13 + r
    t = where.get(twin)
    if t is None:
        return False
    tp, ti = t
    if tp is pile:
        if ti < i:
            return False
    else:
        h = where.get(y)
        if h is None or h[0] is not tp or h[1] + 1 != ti:
            return False
    # a lower card of the twin's suit under X: the twin cannot go up while X stays
    for low in range(twin - r, twin):
        lw = where.get(low)
        if lw is not None and lw[0] is pile and lw[1] < i:
            return True
    return False


class Saratoga(Rules):
    name = "saratoga"
    title = "Saratoga"
    title_el = "Σαρατόγκα"
    empty_column = "K"
    n_tableau = 7
    default_redeals = 2
    option_names = ("draw", "redeals")

    def __init__(self, draw: int = 1, redeals: int | None = _UNSET) -> None:
        super().__init__(redeals)
        if isinstance(draw, bool) or draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw!r}")
        self.draw_count = draw

    @property
    def options(self) -> dict[str, Any]:
        return {"draw": self.draw_count, "redeals": self.max_redeals}

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        i = 0
        for row in range(7):  # row by row, as Klondike deals
            for col in range(row, 7):
                piles[FIRST_TABLEAU + col].append(deck[i])
                i += 1
        piles[STOCK] = deck[:27:-1]  # deck[28] on top
        return piles

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        pile = t.piles[src]
        if n > len(pile) - t.hidden[src]:
            return "face_down_group"
        # each card of the group must lie on a card one higher of the other colour
        for i in range(len(pile) - n + 1, len(pile)):
            upper, lower = pile[i], pile[i - 1]
            if upper % 13 + 2 != lower % 13 + 1 or _is_red(upper) == _is_red(lower):
                return "not_a_build"
        return None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        spile = t.piles[src]
        pile = t.piles[dst]
        if dst <= F3:
            if n != 1:
                return "one_to_foundation"
            card = spile[-1]
            if not pile:
                return None if card % 13 + 1 == ACE else "foundation_ace"
            top = pile[-1]
            if top // 13 != card // 13:
                return "foundation_suit"
            if card % 13 != top % 13 + 1:
                return "foundation_rank"
            return None
        bottom = spile[-n]
        if not pile:
            return None if bottom % 13 + 1 == KING else "empty_king_only"
        top = pile[-1]
        if _is_red(top) == _is_red(bottom):
            return "tableau_colour"
        if bottom % 13 + 2 != top % 13 + 1:
            return "tableau_rank"
        return None

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        back = ["legal_found_back"] if F0 <= src <= F3 else []
        if dst <= F3:
            if F0 <= src <= F3:
                return ["legal_found_ace_move"]
            if not t.piles[dst]:
                return ["legal_found_ace"]
            return ["legal_found_up"]
        group = ["legal_sara_group"] if n > 1 else []
        if not t.piles[dst]:
            return ["legal_sara_empty", *group]
        return ["legal_sara_tableau", *group, *back]

    def legal_moves(self, t: Table) -> list[Move]:
        piles = t.piles
        moves = [DRAW] if t.draw_reason() is None else []
        cols = t.tableau
        empty_f = [f for f in FOUNDATIONS if not piles[f]]
        up: dict[int, int] = {}  # card -> the foundation it goes on
        for f in FOUNDATIONS:
            pile = piles[f]
            if pile and pile[-1] % 13 < 12:
                up[pile[-1] + 1] = f
        empty_c = [c for c in cols if not piles[c]]
        # (rank index, is red) of the card a column takes -> columns
        takes: dict[tuple[int, bool], list[int]] = {}
        for c in cols:
            pile = piles[c]
            if pile and pile[-1] % 13 > 0:
                top = pile[-1]
                takes.setdefault((top % 13 - 1, not _is_red(top)), []).append(c)
        for src in (WASTE, *FOUNDATIONS, *cols):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if card % 13 == 0:
                moves.extend(Move(src, f, 1) for f in empty_f if f != src)
            elif card in up:
                moves.append(Move(src, up[card], 1))
            depth = len(pile) - t.hidden[src] if src >= FIRST_TABLEAU else 1
            n = 1
            while True:
                bottom = pile[-n]
                for c in takes.get((bottom % 13, _is_red(bottom)), ()):
                    if c != src:
                        moves.append(Move(src, c, n))
                if bottom % 13 == 12:
                    moves.extend(Move(src, c, n) for c in empty_c)
                if n == depth:
                    break
                below = pile[-n - 1]
                if below % 13 != bottom % 13 + 1 or _is_red(below) == _is_red(bottom):
                    break
                n += 1
        return moves

    # ---- what the search needs (see Rules) ------------------------------------------
    # Most deals are won, and a win that the main search's move order reaches late is
    # often found early in another order: solve() gives probes a share by default (only
    # the main search can prove a deal lost, so it keeps the rest).
    search_probes = True

    def foundation_for(self, piles: Sequence[list[int]], base: int | None, card: int) -> int:
        # an Ace onto the first empty foundation, any other card onto the one of its
        # suit that holds the card just below it (no wrap)
        if card % 13 == 0:
            for f in FOUNDATIONS:
                if not piles[f]:
                    return f
            return 0
        below = card - 1
        for f in FOUNDATIONS:
            p = piles[f]
            if p and p[-1] == below:
                return f
        return 0

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        # Ranks are plain here (Ace 1 .. King 13, no wrap). The rule for building in
        # alternate colours (Blake & Gent 2019, after Bjarnason et al.), who prove this
        # bound with worrying back: Aces and 2s are always safe (a 2 can hold only an
        # Ace, and an Ace can always go up: one foundation is free for each Ace not yet
        # up). A card X of colour c and rank r >= 3 may go up when both foundations of
        # the other colour are at r-2 or higher and the other foundation of colour c is
        # at r-3 or higher.
        # Why: in play X could only hold a card Y of the other colour and rank r-1; Y
        # could then hold only a card Z of colour c and rank r-2. With those heights Y
        # can go to its foundation whenever it would have gone onto X, and so can Z
        # (its foundation is X's, then at r-1, or the other one of colour c, at r-3 or
        # more), and the cards of rank r-3 that Z could hold are of Y's colour, whose
        # foundations are at r-2 or more: up already. So X is needed for nothing in
        # play. Moving foundation cards back down only adds options to the player, and
        # X itself stays available to come back down until something covers it.
        r = card % 13 + 1
        if r <= 2:
            return True
        h = [0, 0, 0, 0]  # foundation height of each suit
        for f in FOUNDATIONS:
            p = piles[f]
            if p:
                h[p[0] // 13] = len(p)
        s = card // 13
        if 13 <= card < 39:  # red: the blacks, then the other red suit
            return h[0] >= r - 2 and h[3] >= r - 2 and h[3 - s] >= r - 3
        return h[1] >= r - 2 and h[2] >= r - 2 and h[3 - s] >= r - 3

    def blocked_cards(self, piles: Sequence[list[int]]) -> list[int]:
        # A card in the columns that can never move is never played to its foundation,
        # so the deal is lost (a dead end of the kind Klondike solvers look for, found
        # here as a fixed point rather than by fixed patterns). Seed 5 opens so: Q♠
        # lies on A♠, K♥ and K♦, the only cards it may go onto are those two Kings, and
        # its foundation needs A♠ first; Q♠ can never move, and a plain search needs 140
        # million positions to see it.
        # Which cards may ever move: the largest set M of column cards in which each card
        # X meets, with M for the others, what X's first move needs:
        # - the card lying on X is in M (it has to go first, or go with X), and
        # - one of: X is an Ace (a foundation is free for it) or a King (a column may
        #   empty); X lies on a card one higher of the other colour that is in M (they
        #   may go together); every lower card of X's suit still in the columns is in
        #   M and none lies under X (X up, after them); or one of the two cards X may
        #   go onto is out of the columns (the stock, the waste, or a foundation, from
        #   where worrying back may bring it down), or in a column and not under X in
        #   its own, with no card on it or the card on it in M. A card Y of those two
        #   does not count when its twin X' (X's rank and colour, the other suit) must
        #   hold Y for as long as X stays: X' lies above X or straight on Y, a lower
        #   card of the twin's suit lies under X, and the other card X may go onto lies
        #   under X too. Then X' can leave only onto Y (the other one is under X), and once
        #   there it leaves Y only for its foundation or that other card, both shut
        #   until X moves; and X, which cannot go up either, has nowhere to go: Y is
        #   covered and an empty column takes only a King. Seed 324 opens so: Q♠ and
        #   Q♣ lie in that order over 2♠, 4♣ and K♦, and K♥ can take only one of them.
        # Every set of cards that really move meets these, so it lies inside the
        # largest such set, found by starting from every column card and dropping those
        # that fail until none does: a card left out can never move. Deals only: in
        # the searches of seeds 1-200 (d1, unlimited) at 20,000 positions each, no
        # position past the first was blocked, so the search asks at its start only.
        where: dict[int, tuple[list[int], int]] = {}
        for c in range(FIRST_TABLEAU, FIRST_TABLEAU + self.n_tableau):
            pile = piles[c]
            for i, card in enumerate(pile):
                where[card] = (pile, i)
        moves = set(where)
        changed = True
        while changed:
            changed = False
            for x in list(moves):
                pile, i = where[x]
                if i + 1 < len(pile) and pile[i + 1] not in moves:
                    moves.discard(x)
                    changed = True
                    continue
                r = x % 13
                if r == 0 or r == 12:
                    continue
                red = _is_red(x)
                if i and pile[i - 1] in moves:
                    d = pile[i - 1]
                    if d % 13 == r + 1 and _is_red(d) != red:
                        continue
                up = True
                for y in range(x - r, x):  # the lower cards of X's suit
                    w = where.get(y)
                    if w is not None and (y not in moves or (w[0] is pile and w[1] < i)):
                        up = False
                        break
                if up:
                    continue
                targets = (r + 1, r + 40) if red else (r + 14, r + 27)
                for k, h in enumerate(targets):
                    w = where.get(h)
                    if w is not None and w[0] is pile and w[1] < i:
                        continue  # under X
                    if _held_by_twin(where, x, i, pile, h, targets[1 - k]):
                        continue
                    if w is None or w[1] == len(w[0]) - 1 or w[0][w[1] + 1] in moves:
                        break
                else:
                    moves.discard(x)
                    changed = True
        # the cards stuck for want of somewhere to go, not for the card lying on them
        stuck = []
        for x in where.keys() - moves:
            pile, i = where[x]
            if i + 1 == len(pile) or pile[i + 1] in moves:
                stuck.append(x)
        return sorted(stuck)

    def search_pending_rule(self) -> str | None:
        if self.draw_count == 1 and self.max_redeals is None:
            # The stock is a reserve (every card in reach at any time): a waste card put
            # on a column must be built on at once (the argument in ``_lazy_filter``).
            return "waste"
        if self.draw_count == 1:
            # One card a click, limited redeals: the rule for a card drawn from the
            # stock and put on a column that Kansas argues (``Kansas.
            # search_pending_rule``), for the same reasons. With three a click a draw
            # shifts the later groups of three, so it is off.
            return "drawn"
        return None

    def loosest(self) -> Rules | None:
        # Every line of a stricter rule set is a line of the loosest one, one card a
        # click and unlimited redeals: more redeals only add choices, and one card a
        # click with unlimited redeals reaches every stock position that three a click
        # reaches (the same waste top after the same number of cards dealt, counted in
        # ones). So a position the loosest rules lose is lost under the stricter ones
        # too; a win there is a win here only if it replays here.
        if self.draw_count == 1 and self.max_redeals is None:
            return None
        return type(self)(draw=1, redeals=None)

    def search_moves(self, s: Search) -> list[SMove]:
        # best first: to the foundations and moves that lay cards bare, then the
        # waste, then the stock and worrying back
        piles = s.piles
        cols = s.cols
        found = s.found_dst
        safe = s.safe
        prune = s.prune
        # Columns whose top cards have the same rank and colour are one target (the
        # argument in Kansas.search_moves, with colour added: building alternates
        # colours). A pending column stands for its class, since its card must be built
        # on.
        pcol = s.pending & 15
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
                if not (prune and s.mirror) or sig not in seen_tops:
                    seen_tops.add(sig)
                    canon.add(c)
        first: list[SMove] = []
        mid: list[SMove] = []
        last: list[SMove] = []
        empty = s.first_empty()
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
        for src in cols:
            sp = piles[src]
            ln = len(sp)
            if not ln:
                continue
            top = sp[-1]
            k = 1  # length of the movable run on top (face-down cards never move)
            face_up = ln - s.hidden[src]
            while k < face_up:
                a, b = sp[-k], sp[-k - 1]
                if b % 13 != a % 13 + 1 or RED[a] == RED[b]:
                    break
                k += 1
            r1 = top % 13
            for t in cols:
                if t == src:
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
                (first if j in (ln, k) else mid).append((-1, 0, 0, src, t, j))
        # the waste and the stock onto columns and foundations
        if waste:
            w = waste[-1]
            _to_columns(s, canon, w, WASTE, -1, 0, 0, mid, empty)
        seq = s.seq()
        for i, draws, nr in s.reachable():
            card = seq[i]
            dst = found(card)
            if dst:
                last.append((i, draws, nr, WASTE, dst, 1))
            _to_columns(s, canon, card, WASTE, i, draws, nr, last, empty)
        # worrying back: a foundation's top card down onto a column
        for f in FOUNDATIONS:
            fp = piles[f]
            if not fp:
                continue
            card = fp[-1]
            if card % 13 == 0:
                continue  # an Ace down can only be a waste of a move
            if prune and safe(card):
                continue  # it would be forced straight back up
            _to_columns(s, canon, card, f, -1, 0, 0, last, empty)
        if s.lazy_stock:
            return _lazy_filter(s, first + mid + last)
        if pcol:
            # a drawn card put down (the "drawn" pending rule): onto it, a further
            # draw, or a group that holds it and more (see Kansas.search_pending_rule)
            return [
                m
                for m in first + mid + last
                if m[4] == pcol or m[0] >= 0 or (m[3] == pcol and m[5] > 1)
            ]
        return first + mid + last

    def extra_hints(self, t: Table, legal: list[Move]) -> Iterator[Move]:
        # part of a run moved onto another column to lay bare a card that can go up
        for m in legal:
            pile = t.piles[m.src]
            if m.src >= FIRST_TABLEAU and m.dst >= FIRST_TABLEAU and m.count < len(pile):
                scratch = t.copy()
                scratch.apply(m)
                if any(scratch.reason(Move(m.src, f)) is None for f in FOUNDATIONS):
                    yield m

    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        piles = t.piles
        cols = list(t.tableau)
        empty_f = next((f for f in FOUNDATIONS if not piles[f]), None)
        # 1. an Ace on the waste or a column to an empty foundation
        if empty_f is not None:
            for src in (WASTE, *cols):
                if piles[src] and piles[src][-1] % 13 == 0:
                    yield Move(src, empty_f)
        # 2. each column's whole run onto a column (a King's run into an empty one)
        for src in cols:
            pile = piles[src]
            if not pile:
                continue
            n = 1
            while n < len(pile) and self.pick_reason(t, src, n + 1) is None:
                n += 1
            if n == len(pile) and pile[0] % 13 + 1 == KING:
                continue  # a King already at the bottom stays put
            for dst in cols:
                if dst != src and self.drop_reason(t, src, n, dst) is None:
                    yield Move(src, dst, n)
                    break
        # 3. the waste card onto a column
        if piles[WASTE]:
            for dst in cols:
                if self.drop_reason(t, WASTE, 1, dst) is None:
                    yield Move(WASTE, dst)
                    break
        # 4. a waste or column top card onto its foundation
        for f in FOUNDATIONS:
            if not piles[f]:
                continue
            for src in (WASTE, *cols):
                if piles[src] and self.drop_reason(t, src, 1, f) is None:
                    yield Move(src, f)


# colour (1 for red: diamonds and hearts) and rank (0 for an Ace) of each card, by lookup
RED = tuple(int(13 <= c < 39) for c in range(52))
RANK = tuple(c % 13 for c in range(52))


def _to_columns(
    s: Search,
    canon: set[int],
    card: int,
    src: int,
    i: int,
    draws: int,
    nr: int,
    out: list[SMove],
    empty: int,
) -> None:
    # ``card`` onto each column of ``canon`` whose top card is one above it in the other
    # colour, and a King into the first empty column (any other empty one is the same)
    piles = s.piles
    red = RED[card]
    r = card % 13
    for t in s.cols:
        tp = piles[t]
        if tp and t in canon:
            tt = tp[-1]
            if tt % 13 == r + 1 and RED[tt] != red:
                out.append((i, draws, nr, src, t, 1))
    if empty and r == 12:
        out.append((i, draws, nr, src, empty, 1))


def _lazy_filter(s: Search, moves: list[SMove]) -> list[SMove]:
    # One card a click and unlimited redeals make the stock a reserve: every stock card
    # can be reached at any time, and taking one out changes no other card's reach. A
    # stock card X put on a column is then of use only once a card goes onto it (going
    # up it could do from the stock), and until then it only covers the column: every
    # line that puts X down and later puts Y on it can put X down just before Y instead
    # (a move of X in between becomes putting X down there; X going up, not putting it
    # down at all). So after X the next move must put a card on X (``pending``).
    # A chain of stock cards on X is pointless unless a card from play (a column's run
    # or a foundation's top) can end it: that card must be lower than the chain's last
    # card, with the colour the alternation gives it: rank + colour of the same parity.
    # ``lowest[parity]`` is the lowest such card's rank.
    piles = s.piles
    pend = s.pending
    lowest = [13, 13]
    for c in s.cols:
        cp = piles[c]
        if c == pend or not cp:
            continue
        k = len(cp) - 1
        a = cp[k]
        down = s.hidden[c]  # the face-down cards at the bottom are not in play
        while True:
            sig = (RANK[a] + RED[a]) & 1
            if RANK[a] < lowest[sig]:
                lowest[sig] = RANK[a]
            if k <= down:
                break
            b = cp[k - 1]
            if RANK[b] != RANK[a] + 1 or RED[a] == RED[b]:
                break
            k -= 1
            a = b
    for f in FOUNDATIONS:
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
                    seq = s.seq()
                card = seq[m[0]]
            else:
                card = piles[WASTE][-1]
            if lowest[(RANK[card] + RED[card]) & 1] >= RANK[card]:
                continue
        out.append(m)
    return out
