"""What the search knows of Kansas: its streamliners, the pending rule for a card
drawn and put down, the safe moves forced in one pass, and the moves worth trying from
a position, best first, each pruning rule argued where it is applied. The rules are in
``games/kansas.py``, which binds these to ``Kansas``; they are written against
``search_protocol.SearchState``, never the search's own module.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

from ..moves import FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE
from .base import Rules
from .search_protocol import Rec, SearchState, SMove, stock_reach

# a count per rank, Ace to King
Counts = tuple[int, ...]

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
STREAMLINERS = (4, 6, 8, 10, 12, 14, 16, 20)


def pending_rule(rules: Rules) -> str | None:
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
    return "drawn" if rules.max_redeals == 0 else None


def force(rules: Rules, s: SearchState) -> list[Rec]:
    recs: list[Rec] = []
    piles = s.piles
    base = s.base
    assert base is not None
    # A group that has just left part of a column laid bare a card that goes up now
    # (Kansas.search_bared_up). The search moves part of a column only to lay bare a
    # card X that can go up (search_moves), and sending X up at once loses nothing. Say
    # the group G lay on X and now lies on T, of X's rank. Until X goes up, the position
    # is one the search has already: G can go straight back onto X (an ordinary move,
    # as X has the rank of T), so the two positions reach each other and are won or lost
    # together, and a line from the new one that leaves X where it is is a line from the
    # old one with G moved about for nothing, which the partial-move rule never does.
    # The only move the new position has for its own is X going up (X taking a card or
    # a group instead, suits not mattering in the columns, is T taking it before the
    # move: the same reason as that rule's). Tests turn it off (``send_bared``) to check
    # it against the search without it.
    col = s.bared
    if col and s.send_bared:
        dst = rules.foundation_for(piles, base, piles[col][-1])
        if dst:
            recs.append(s.apply((-1, 0, 0, col, dst, 1)))
    # With one card a click and unlimited redeals the stock is a reserve and the
    # general routine sends its safe cards up too.
    if s.stock_is_reserve:
        return recs + s.force_safe()
    # Otherwise the general routine's moves in its order (columns, waste, reserve;
    # the reasons are given there), with the card each foundation takes looked up
    # once per change instead of once per card
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


def search_moves(rules: Rules, s: SearchState) -> list[SMove]:
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
    if (
        s.prune
        and s.capacity
        and s.max_redeals == 0
        and columns_overfull(piles, s.base, len(cols), s.column_starts, s.suit_order)
    ):
        return []  # lost on its face: no move can save it
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
        reach = stock_reach(s)
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


def columns_overfull(
    piles: Sequence[list[int]],
    base: int | None,
    ncols: int,
    starts: bool = True,
    suit_order: bool = True,
) -> bool:
    """Whether the columns can never hold, at some moment every win must pass, the cards
    that must lie in them then: the position is lost.

    With one pass through the stock, a waste card W leaves the waste only from its top,
    so every win has a moment at which W leaves, everything that lay above it gone. At
    that moment the cards under W are still in the waste, the reserve still holds some
    number e of its bottom cards and the stock some number d of the cards it deals last
    (cards leave those three piles only from their tops and never come back). Call
    those cards, and W, kept. The foundations are one suit each, built in a fixed order
    from the base card, so a card of suit s that comes after a kept card of suit s
    cannot be up then. If such a card has gone from where it was kept (it lies in a
    column now, above W in the waste, or in the part of the reserve or the stock that
    has gone), it is in a column then: it is in no other pile. So is W itself, once it
    has left, if a card of its suit that comes before it is kept under it or elsewhere:
    it could not go up. So the columns must then hold at least ``lo[r]`` cards of each
    rank r, and can hold at most ``hi[r]``: the cards of that rank not up now and not
    kept, W among them (it has left, up or to a column; it was once left out of ``hi``
    wherever it could go up, as if it had to, which the bound may not assume).

    More than that: each suit's foundation takes its cards in order, so the cards up
    then are, per suit, its next cards from where it stands now, up to (not including)
    its first kept card, or up to W itself in W's suit when none of that suit is kept
    under W. The columns then hold exactly ``hi`` less those runs, one card of each rank
    a run covers: of the counts between ``lo`` and ``hi``, only those some choice of
    the four runs' lengths gives (``fewest_tops_up``; ``suit_order``, which tests and
    benchmarks turn off).

    Every column is a descending run of consecutive ranks, suits ignored, wrapping
    from the Ace to the King: it starts as one card, takes only a card one rank lower
    than its top (or a group that is such a run), and an empty column takes one card.
    So each card of rank r in a column other than a column's top card has a card of rank
    r - 1 on it, and there are at least ``t[r] - t[r - 1]`` tops of rank r for t[r] cards of
    rank r in the columns: the columns in use are at least the sum of those rises. If
    for every e and d no t between ``lo`` and ``hi`` keeps that sum within the number of
    columns, the moment cannot come, W never leaves the waste, and the deal is lost.

    Nor can a column start just anywhere. A card that lies on another in a column now
    stays on a card one rank higher for as long as it is in the columns (it moves only
    with the cards under it, or as a group's bottom card onto a card of that rank: no
    group goes to an empty column, which the reserve refills or only the waste's top card
    may take). So a column's bottom card then is one that is a column's bottom card now,
    a reserve card that refilled an emptied column, or, once the reserve has run out (e
    is 0), a card from the waste or the stock put in an empty column. Each card of rank r
    in a column other than a bottom card lies on a card of rank r + 1, so there are at
    least ``t[r] - t[r + 1]`` bottom cards of rank r, and no more than those cards of that
    rank that can be bottom cards (``cap``): the run of cards must start where such a
    card can (``fewest_columns``).

    Nothing else is assumed: not which suit's cards go up first, nor how the columns
    are arranged now beyond which cards lie at their bottoms. The brute force and the
    unpruned search check it on end games (tests/test_solver_bruteforce.py); the core
    asks the same (kansas.cpp), with the same answer for every position.
    """
    waste = piles[WASTE]
    if not waste:
        return False
    assert base is not None
    # Positions that differ only in how the columns are arranged (most of a proof's)
    # share the answer: it is asked once for them all.
    cols = range(FIRST_TABLEAU, FIRST_TABLEAU + ncols)
    held = sorted(card for c in cols for card in piles[c])
    # the ranks of the columns' bottom cards, all the answer needs of them (None: any
    # card may start a column, the bound without its second half)
    bottoms = tuple(sorted(piles[c][0] % 13 for c in cols if piles[c])) if starts else None
    return _overfull(
        tuple(waste),
        tuple(piles[RESERVE]),
        tuple(piles[STOCK]),
        tuple(held),
        bottoms,
        base,
        ncols,
        suit_order,
    )


@functools.lru_cache(maxsize=1 << 16)
def _overfull(
    waste: tuple[int, ...],
    reserve: tuple[int, ...],
    stock: tuple[int, ...],
    held: tuple[int, ...],
    bottoms: tuple[int, ...] | None,
    base: int,
    ncols: int,
    suit_order: bool,
) -> bool:
    layer = _layer(waste, reserve, stock, held, base, ncols, suit_order)
    if bottoms is None:
        return any(next(layer.moments(i), None) is None for i in range(len(waste)))
    at_bottom = [0] * 13
    for rank in bottoms:
        at_bottom[rank] += 1
    for i in range(len(waste)):
        if not any(
            _columns_start(lo, hi, tuple(c + k for c, k in zip(cap, at_bottom, strict=True)), ncols)
            for lo, hi, cap in layer.moments(i)
        ):
            return True
    return False


class _Moments:
    """Per waste card W, the moments (e, d) whose counts of ranks some t fits in the
    columns, as (lo, hi, cap), cap not yet counting the columns' bottom cards. All of
    it depends only on the layer (what no move undoes), which most of a proof's
    positions share, and the bottom cards only add to every cap; so each moment is
    worked out once, and only as far as some position of the layer asks."""

    def __init__(
        self,
        waste: tuple[int, ...],
        reserve: tuple[int, ...],
        stock: tuple[int, ...],
        held: tuple[int, ...],
        base: int,
        ncols: int,
        suit_order: bool,
    ) -> None:
        self.args = (waste, reserve, stock, held, base, ncols, suit_order)
        self.found: dict[int, list[tuple[Counts, Counts, Counts]]] = {}
        self.rest: dict[int, Iterator[tuple[Counts, Counts, Counts]]] = {}

    def moments(self, i: int) -> Iterator[tuple[Counts, Counts, Counts]]:
        found = self.found.setdefault(i, [])
        yield from found
        rest = self.rest.setdefault(i, self._work_out(i))
        for m in rest:
            found.append(m)
            yield m

    def _work_out(self, i: int) -> Iterator[tuple[Counts, Counts, Counts]]:
        # Cards as bits, rank-major (a nibble a rank), so that counting a set's cards
        # of each rank is a few operations on one int, as in the core; what is kept
        # per suit is built up along the reserve and the stock once, not per moment.
        waste, reserve, stock, held, base, ncols, suit_order = self.args
        b = base - 1
        order = _PLACES[b]  # each card's place on its foundation, the base card's 0
        after = _AFTER[b]

        # per suit, the cards up now: those in none of these piles
        up = [13] * 4
        for card in (*held, *waste, *reserve, *stock):
            up[card // 13] -= 1
        start = tuple((up[su] + b) % 13 for su in range(4))
        w = waste[i]  # W, at the moment it leaves the waste
        ws, wq = w // 13, order[w]
        # per suit, the first place among the waste's cards under W, the reserve's
        # bottom e and the stock's last d to be drawn (the cards kept then)
        kept_waste = _firsts(waste[:i], order)[-1]
        kept_reserve = _firsts(reserve, order)
        kept_stock = _firsts(stock, order)
        # the cards gone (up by then, or in a column) whatever e and d are, W among
        # them (it has left, up or to a column where it cannot go up); then those of
        # the reserve past its bottom e, and of the stock before its last d
        always = _mask((*held, *waste[i + 1 :], w))
        reserve_gone = _suffixes(reserve)
        stock_gone = _suffixes(stock)
        waste_on = _mask(waste[i:])
        for e in range(len(reserve) + 1):  # the reserve's bottom e cards left then
            ke = [min(a, c) for a, c in zip(kept_waste, kept_reserve[e], strict=True)]
            for d in range(len(stock) + 1):  # and the stock's last d
                first = [min(a, c) for a, c in zip(ke, kept_stock[d], strict=True)]
                below_w = first[ws]
                first[ws] = min(below_w, wq)
                gone = always | reserve_gone[e] | stock_gone[d]
                blocked = after[0][first[0]] | after[1][first[1]]
                blocked |= after[2][first[2]] | after[3][first[3]]
                lo = _per_rank(gone & blocked)
                hi = _per_rank(gone)
                if not _tops_fit(lo, hi, ncols):
                    continue
                if suit_order:
                    # the cards up then: per suit a run of places from where it stands
                    # now, ending before the first kept card or (W's suit) after W
                    reach = [first[su] - up[su] for su in range(4)]
                    if wq < below_w:
                        reach[ws] += 1
                    if not _tops_up_fit(hi, start, tuple(reach), ncols):
                        continue
                # the cards besides the columns' bottom ones that can be a column's
                # bottom card then
                starts = reserve_gone[0] | waste_on | stock_gone[d] if e == 0 else reserve_gone[e]
                yield lo, hi, _per_rank(gone & starts)


def _bit(card: int) -> int:
    return 1 << (card % 13 * 4 + card // 13)


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for card in cards:
        m |= _bit(card)
    return m


def _per_rank(m: int) -> Counts:
    # how many of the cards of each rank a mask holds: each nibble's bits counted
    m -= (m >> 1) & 0x5555555555555555
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    return (
        m & 15, m >> 4 & 15, m >> 8 & 15, m >> 12 & 15, m >> 16 & 15, m >> 20 & 15,
        m >> 24 & 15, m >> 28 & 15, m >> 32 & 15, m >> 36 & 15, m >> 40 & 15,
        m >> 44 & 15, m >> 48 & 15,
    )  # fmt: skip


# The same counts come back again and again, across moments and layers (seed 6's
# first 8,000 nodes ask fewest_tops_up 77,308 times of 1,740 different counts); each
# cache holds at most 16,384 answers, a few MB.
@functools.lru_cache(maxsize=1 << 14)
def _tops_fit(lo: tuple[int, ...], hi: tuple[int, ...], ncols: int) -> bool:
    return fewest_tops(lo, hi) <= ncols


@functools.lru_cache(maxsize=1 << 14)
def _tops_up_fit(
    hi: tuple[int, ...], start: tuple[int, ...], reach: tuple[int, ...], ncols: int
) -> bool:
    return fewest_tops_up(hi, start, reach, ncols) <= ncols


def _suffixes(cards: Sequence[int]) -> list[int]:
    # per k, the mask of cards[k:]
    out = [0] * (len(cards) + 1)
    for k in range(len(cards) - 1, -1, -1):
        out[k] = out[k + 1] | _bit(cards[k])
    return out


def _firsts(cards: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    # per k, per suit, the first place among cards[:k] (13 where it has none)
    out = [[13] * 4]
    for card in cards:
        row = list(out[-1])
        row[card // 13] = min(row[card // 13], order[card])
        out.append(row)
    return out


# per base card (less one), each card's place on its foundation; and per suit and place
# f, the mask of that suit's cards that come after f
_PLACES = [tuple((card % 13 - b) % 13 for card in range(52)) for b in range(13)]
_AFTER = [
    [
        [_mask(su * 13 + (place + b) % 13 for place in range(f + 1, 13)) for f in range(14)]
        for su in range(4)
    ]
    for b in range(13)
]


# one _Moments a layer, the layers of a proof's recent positions kept
_layer = functools.lru_cache(maxsize=1 << 12)(_Moments)


def fewest_tops_up(
    hi: Sequence[int], start: Sequence[int], reach: Sequence[int], enough: int = -1
) -> int:
    """The least ``fewest_tops(t, t)`` over the counts t left in the columns when, of the
    cards ``hi`` counts (every card not kept at a moment: up by then or in a column),
    each suit su has sent up a run of its next cards, of the ranks start[su],
    start[su] + 1, ... and no more than reach[su] of them (see ``columns_overfull``).

    Each suit's foundation takes its cards in order, so what is up at a moment is, per
    suit, such a run: t is ``hi`` less one card of each rank a run covers, not any count
    between the blocked cards and ``hi``. Let D[r] = t[r] - t[r - 1] (round the circle):
    the rises are the sum of the positive D[r]. A run from rank a to rank p - 1 lowers
    D[a] by one and raises D[p] by one (a run of all 13 changes none). So for the set of
    suits that send some up, D[a] falls by one at each one's first rank, and each one's
    end p, anywhere from a + 1 to a + min(reach, 12), raises D[p]: free where D[p] is
    below zero (as often as it is), one more rise where it is not. The least cost of the
    ends is then how many runs there are less the most that can end on such falls, a
    matching of runs to falls within their reach (augmenting paths; there are at most
    four runs). Each of the 16 sets is tried, the most runs first. The search asks only
    whether the columns can hold it: as soon as a set is seen to cost at most
    ``enough``, a count at most ``enough`` is returned (not always the least; without
    ``enough``, the least).
    """
    d0 = [hi[r] - hi[r - 1] for r in range(13)]
    rises = sum(x for x in d0 if x > 0)
    best = 99
    for runs in _SETS:
        if any(reach[su] <= 0 for su in runs):
            continue
        # only the first ranks' rises change: k runs from rank a take min(k, D[a]) off
        firsts: dict[int, int] = {}
        for su in runs:
            firsts[start[su]] = firsts.get(start[su], 0) + 1
        cost = rises - sum(max(d0[a], 0) - max(d0[a] - k, 0) for a, k in firsts.items())
        if cost >= best:
            continue
        if cost + len(runs) <= enough:
            return cost + len(runs)  # the columns hold it however the runs end
        d = list(d0)
        for a, k in firsts.items():
            d[a] -= k
        matched = _ends_on_falls(runs, start, reach, [max(0, -x) for x in d])
        best = min(best, cost + len(runs) - matched)
        if best <= enough:
            break
    return best


# the sets of suits that send some cards up, the most suits first (the same order as
# counting ``chosen`` down from 15)
_SETS = [tuple(su for su in range(4) if chosen >> su & 1) for chosen in range(15, -1, -1)]


def _ends_on_falls(
    runs: Sequence[int], start: Sequence[int], reach: Sequence[int], room: Sequence[int]
) -> int:
    """How many of the runs can end on a rank with room (a fall to fill), each at one
    of start + 1 .. start + min(reach, 12), at most room[r] of them at rank r: a largest
    matching, by augmenting paths."""
    at: dict[int, int] = {}  # run -> the rank it ends at
    used = [0] * 13

    def augment(su: int, seen: set[int]) -> bool:
        for j in range(1, min(reach[su], 12) + 1):
            r = (start[su] + j) % 13
            if r in seen:
                continue
            seen.add(r)
            if used[r] < room[r]:
                used[r] += 1
                at[su] = r
                return True
            for o in [o for o, ro in at.items() if ro == r]:
                if augment(o, seen):
                    at[su] = r
                    return True
        return False

    return sum(augment(su, set()) for su in runs)


def fewest_tops(lo: Sequence[int], hi: Sequence[int]) -> int:
    """The least sum of rises ``max(0, t[r] - t[r - 1])`` around the ranks (the Ace's
    rank below is the King's) over every t with lo <= t <= hi (and lo <= hi): how many
    columns at the least hold t[r] cards of each rank r (see ``columns_overfull``).

    Going down costs nothing, so once t[0] is chosen the cheapest way on keeps t as
    high as it may: the least cost of ending rank r at v is K + max(0, v - m) for v in
    [lo[r], hi[r]], with m the level kept, and the next rank clamps m into its own
    bounds, paying lo - m where it must rise. Closing the circle rises from m back to
    t[0]. Each t[0] costs one pass round the thirteen ranks.
    """
    best = 99
    for t0 in range(lo[0], hi[0] + 1):
        m, rises = t0, 0
        for r in range(1, 13):
            if lo[r] > m:
                rises += lo[r] - m
                m = lo[r]
            elif m > hi[r]:
                m = hi[r]
        best = min(best, rises + max(0, t0 - m))
    return best


@functools.lru_cache(maxsize=1 << 14)
def _columns_start(
    lo: tuple[int, ...], hi: tuple[int, ...], cap: tuple[int, ...], ncols: int
) -> bool:
    # fewest_columns(lo, hi, cap) <= ncols, most often settled without it: no fall can
    # be less than lo[r] - hi[r + 1], and t = lo, or t held near a flat level, is a
    # witness when it keeps to the caps (the core asks the same, in the same order)
    if any(lo[r] - hi[r - 12] > cap[r] for r in range(13)):
        return False
    for t in (lo, *([max(a, min(b, c)) for a, b in zip(lo, hi, strict=True)] for c in (1, 2, 3))):
        falls = [t[r] - t[r - 12] for r in range(13)]
        if (
            all(f <= k for f, k in zip(falls, cap, strict=True))
            and sum(f for f in falls if f > 0) <= ncols
        ):
            return True
    return fewest_columns(lo, hi, cap) <= ncols


def fewest_columns(lo: Sequence[int], hi: Sequence[int], cap: Sequence[int]) -> int:
    """The least sum of falls ``max(0, t[r] - t[r + 1])`` around the ranks (the King's
    rank above is the Ace's) over every t with lo <= t <= hi and no fall at rank r
    greater than ``cap[r]``; 99 where no t keeps to that. The falls count the columns'
    bottom cards as the rises count their tops, and round the circle the two sums are
    equal: with no cap this is ``fewest_tops`` (see ``columns_overfull``).

    Read the ranks downwards from a chosen t[0] (t[12], t[11], ..., t[1], and t[0]
    again): a fall is then a step up, which costs and is capped, and a step down is free.
    A cap can make a step up needed before the rank that wants it, so first, from the
    end back, ``need[r]``: the least t[r] from which every later rank can still reach
    its ``lo`` (need[r] = max(lo[r], need[r - 1] - cap[r - 1]), t[0] at the end). Then
    the one pass that keeps t as high as ``hi`` lets it and steps up only to ``need``
    costs least: for any t that keeps to the bounds, by induction on the ranks, its cost
    so far is at least this pass's plus how far it stands above it (a step down to hi
    leaves it no higher; a step up to need[r] it must take too, as t[r] >= need[r]).
    """
    best = 99
    for t0 in range(lo[0], hi[0] + 1):
        need = [0] * 13
        need[0] = t0  # the circle closes at rank 0
        ok = True
        for r in range(1, 13):  # t[1], then up to t[12]: each before the one it falls to
            need[r] = max(lo[r], need[r - 1] - cap[r - 1])
            if need[r] > hi[r]:
                ok = False
                break
        if not ok or need[12] - cap[12] > t0:
            continue
        m, falls = t0, 0
        for r in range(12, 0, -1):
            v = max(need[r], min(m, hi[r]))
            falls += max(0, v - m)
            m = v
        best = min(best, falls + max(0, t0 - m))
    return best


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
