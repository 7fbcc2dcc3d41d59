"""What the search knows of Saratoga (and of Klondike, its face-down twin): the moves
worth trying from a position, best first, with the pruning rules each argued where it
is applied; the pattern that proves a deal lost on its face; which pending rule holds;
the loosest rules a loss carries over from. The rules themselves are in
``games/saratoga.py``, which binds these to ``Saratoga``; they are written against
``search_protocol.SearchState``, never the search's own module.

Each piece says which rule facts (``games/base.py``'s ``RULE_FACTS``) it rests on. One
of them is an option: ``foundations_in_play`` (``worrying_back``, on by default as in
Aisleriot). Every piece below is argued with it on and with it off; where its argument
needs it on, it is off without it, and where worrying back only widened it (a card from
a foundation counted as able to come back), the narrower form is argued and used
without it. The compiled core's part (``core/cpp/games/saratoga.cpp``) reads the same
trait and does the same, node for node.

Another option is how columns build (``column_build``, the option ``build``:
``games/building.py``): alternate colours, Aisleriot's rule, or in suit, or in any suit.
Each piece below that rests on it says so: most hold for every building rule once a
card's colour is read as its class (what a card takes and where it may lie); the
blocked-card proof, argued for alternate colours only, is off under the others.

A third is what an empty column takes (``empty_column``, the option ``empty``:
``games/empty_columns.py``): a King or a run headed by one, Aisleriot's rule, or any
card or run, or nothing (an empty column stays empty). The pieces that rest on it: the
moves into an empty column (``search_moves``, ``_to_columns``: a King's, any, none), the
blocked-card proof (a King is the one card an empty column lets out: off where any card
fills one; under "none" the King's way out it counts only widens it, so it stands), and
the loosest rules (which keep it). The others never ask what an empty column takes; each
says why where it is argued.

A fourth is what moves between columns (``group_moves``, the option ``moves``:
``games/group_moves.py``): any face-up run as a group, Aisleriot's rule, or one card at
a time ("single"), or only a column's whole run ("columns"). Every line of play under
"single" or "columns" is a line under "runs" (one card, or a whole run, is a run that
moves), with the same positions; so every piece that says "no line does X" (the
blocked-card proof) holds under them as it stands. The pieces that say "a line that
does X can be changed into one that does Y" hold only where Y is still a legal line:
each says so below. Kept: the safe-card bound (``Saratoga.safe_card``), the blocked-card
proof, the lazy-stock filter, the pending rules, the loosest rules (which keep the
switch), the streamliners (they only cut lines while a win is sought: a win found is
a real line under any rule), and Klondike's face-up twin (``face_up_of``: the deal, not
the moves). Off under "single" and "columns": the mirror targets. Off under "single":
the part-of-a-run rule (under "columns" no part of a run moves, so it never applies).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import is_red
from ..moves import FIRST_TABLEAU, FOUNDATIONS, WASTE
from .base import Rules
from .building import CHAIN_CLASS, SUIT_CLASS, WANTED_CLASS
from .group_moves import group_allowed
from .search_protocol import SearchState, SMove, stock_reach


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


# the rules for what moves between columns (group_moves) under which the mirror targets
# and the part-of-a-run rule are argued (``search_moves``): runs moving as groups only
MIRROR_RULES = ("runs",)
PART_OF_RUN_RULES = ("runs",)


def search_off(rules: Rules) -> frozenset[str]:
    # the blocked-card proof below is argued for alternate colours only, and for empty
    # columns that let out Kings only or nothing (it returns no card under the others)
    off = set()
    if rules.column_build != "alternate" or rules.empty_column == "any":
        off.add("blocked cards")
    # the mirror targets are argued for runs moving as groups only (``search_moves``)
    if rules.group_moves not in MIRROR_RULES:
        off.add("mirror targets")
    return frozenset(off)


def blocked_cards(
    rules: Rules, piles: Sequence[list[int]], hidden: Sequence[int] | None = None
) -> list[int]:
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
    # Without worrying back (worrying_back=False) a card on a foundation never comes
    # down, so one of X's two cards lying there is no way out for X: only the stock
    # and the waste count as "out of the columns". Every other way out is one of the
    # rules' moves that worrying back does not touch, so the argument holds as it
    # stands with that one way taken out. (Counting a foundation card anyway, as with
    # worrying back, would be sound but would prove fewer positions lost.)
    # Rule facts: columns build down in alternating colours (column_build: under the
    # other building rules the proof is not made, and no card is called blocked); a
    # run moves as a group;
    # only a King (or a run headed by one) fills an empty column (empty_column "K"; with
    # "none" nothing does, so the King's way out is one the rules do not even give: the
    # set M only grows by it, and the proof stands, calling fewer cards blocked; with
    # "any" every card has that way out once a column may empty, and the twin argument's
    # "an empty column takes only a King" fails: the proof is not made, and no card is
    # called blocked); foundations build up
    # in suit from the Ace; foundations_in_play as above; face-down cards as below.
    # What moves between columns (group_moves): the proof says a card moves in no line
    # of the rules where any run moves as a group; one card at a time ("single") or a
    # column's whole run only ("columns") allows a subset of those lines (each of their
    # moves is a move of a run), through the same positions, so a card that moves in
    # none of the larger set moves in none of the smaller: it stands under every rule.
    # Every set of cards that really move meets these, so it lies inside the
    # largest such set, found by starting from every column card and dropping those
    # that fail until none does: a card left out can never move. Deals only: in
    # the searches of seeds 1-200 (d1, unlimited) at 20,000 positions each, no
    # position past the first was blocked, so the search asks at its start only.
    # Face-down cards (Klondike's) narrow it once more: X goes together with the card
    # under it only if that card shows its face (a face-down one turns over only once X
    # has left it), so that way out needs the card under X face up. (Every other way out
    # asks only for cards to move, which a face-down card can do only after those on it
    # have, as the card on X must anyway.) Any Klondike line is a Saratoga line, so the
    # rest of the argument holds as it stands.
    if rules.column_build != "alternate" or rules.empty_column == "any":
        return []
    where: dict[int, tuple[list[int], int]] = {}
    down: dict[int, int] = {}  # card -> face-down cards at the bottom of its column
    # the cards on the foundations, which are no way out without worrying back
    kept = set() if rules.foundations_in_play else {c for f in FOUNDATIONS for c in piles[f]}
    for c in range(FIRST_TABLEAU, FIRST_TABLEAU + rules.n_tableau):
        pile = piles[c]
        h = hidden[c] if hidden is not None else 0
        for i, card in enumerate(pile):
            where[card] = (pile, i)
            down[card] = h
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
            red = is_red(x)
            if i > down[x] and pile[i - 1] in moves:
                d = pile[i - 1]
                if d % 13 == r + 1 and is_red(d) != red:
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
                if w is None:
                    if h in kept:
                        continue  # up for good (no worrying back)
                    break
                if w[1] == len(w[0]) - 1 or w[0][w[1] + 1] in moves:
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


def pending_rule(rules: Rules) -> str | None:
    # Rule facts: draw_count and max_redeals (the stock's reach), and the moves'
    # rules; "waste" is argued in ``_lazy_filter`` with worrying back on and off. The
    # "drawn" rule is Kansas's argument (moves that do not depend on the drawn card X
    # commute with drawing it and putting it down), made there for foundations that
    # keep their cards, as they do here without worrying back. With it, a foundation
    # card put onto X is a move that depends on X (the search follows it next), and
    # one put elsewhere commutes like any other move: it holds with
    # foundations_in_play on and off. What an empty column takes (empty_column) leaves
    # it as it stands: a drawn card X put into an empty column holds that column as a
    # card X put on a column holds that card, and a move that neither depends on X nor
    # uses that column (which X fills) commutes with putting X down under every rule.
    if rules.draw_count == 1 and rules.max_redeals is None:
        # The stock is a reserve (every card in reach at any time): a waste card put
        # on a column must be built on at once (the argument in ``_lazy_filter``).
        return "waste"
    if rules.draw_count == 1:
        # One card a click, limited redeals: the rule for a card drawn from the
        # stock and put on a column that Kansas argues (``Kansas.
        # search_pending_rule``), for the same reasons. With three a click a draw
        # shifts the later groups of three, so it is off.
        return "drawn"
    return None


def loosest(rules: Rules) -> Rules | None:
    # Every line of a stricter rule set is a line of the loosest one, one card a
    # click and unlimited redeals with worrying back: more redeals only add choices,
    # one card a click with unlimited redeals reaches every stock position that three
    # a click reaches (the same waste top after the same number of cards dealt,
    # counted in ones), and worrying back only adds moves (from the foundations) to
    # the same rules. So a position the loosest rules lose is lost under the stricter
    # ones too; a win there is a win here only if it replays here.
    # Rule facts: draw_count, max_redeals, foundations_in_play (the options), and
    # that nothing else in the rules depends on them; column_build is not loosened
    # (no building rule's lines are all another's): the loosest rules keep it. Nor is
    # empty_column, though "any" is looser than "K" and "none" (every line of theirs is
    # one of its): the loosest rules keep it, so that a game under its own rule searches
    # as it did before the switch (the same nodes), and an empty column's rule counts
    # for nothing in the argument above. Nor is group_moves (what moves between
    # columns), for the same reason: "runs" is the loosest of the three, but the
    # loosest rules keep the game's own, and it counts for nothing above.
    if rules.draw_count == 1 and rules.max_redeals is None and rules.foundations_in_play:
        return None
    loose: Any = type(rules)  # Saratoga, or a game with its options (Klondike)
    return loose(
        draw=1,
        redeals=None,
        build=rules.column_build,
        empty=rules.empty_column,
        moves=rules.group_moves,
    )


def search_moves(rules: Rules, s: SearchState) -> list[SMove]:
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
    # on. Rule facts: columns build down in alternating colours (a column's top card
    # takes by rank and colour alone), and the columns are interchangeable; a card
    # from a foundation (worrying back) is one more card put onto the class, so it
    # holds with foundations_in_play on and off. Under the other building rules
    # (column_build) a top card takes by rank and its class (``wanted_class``): by
    # rank alone in any suit, as in Kansas, where the argument was made; in suit the
    # class is the suit, so no two columns are one target (the rule prunes nothing).
    # What moves between columns (group_moves): the argument lets a group put on one
    # of two such columns move on as a group wherever it could have from the other;
    # with one card at a time ("single") a group cannot, and with whole runs only
    # ("columns") a group put on a card joins that column's run and moves only with
    # it, so it is not argued there: off under both (``search_off`` says so).
    moves_rule = rules.group_moves
    mirror_on = prune and s.mirror and moves_rule in MIRROR_RULES
    build = rules.column_build
    cls, wants = SUIT_CLASS[build], WANTED_CLASS[build]
    mirror = MIRROR_CLASS[build]
    pcol = s.pending & 15
    canon = set()
    seen_tops = set()
    if pcol:
        top = piles[pcol][-1]
        seen_tops.add((top % 13, mirror[top]))
        canon.add(pcol)
    for c in cols:
        if piles[c]:
            top = piles[c][-1]
            sig = (top % 13, mirror[top])
            if not mirror_on or sig not in seen_tops:
                seen_tops.add(sig)
                canon.add(c)
    first: list[SMove] = []
    mid: list[SMove] = []
    last: list[SMove] = []
    # The first empty column is the one target of its kind (the columns are
    # interchangeable); none where an empty column takes nothing (empty_column "none").
    # Rule fact: empty_column (a King's group, any group, none)
    takes_any = rules.empty_column == "any"
    empty = s.first_empty() if rules.empty_column != "none" else 0
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
            if b % 13 != a % 13 + 1 or cls[a] != wants[b]:
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
                if j < 1 or j > k or cls[sp[-j]] != wants[tt]:
                    continue
            else:
                if t != empty:
                    continue
                if takes_any:
                    # Any part of the run may fill an empty column (empty_column "any"):
                    # each, the whole run first, but never the whole column (it would
                    # give the same position: the columns are interchangeable). No part
                    # is pruned: the rule below (a part laying bare a card that cannot
                    # go up) rests on the card laid bare being like the card the group
                    # moved onto, and an empty column is no card; the card laid bare
                    # may take the twin of the group's bottom card, which nothing did.
                    # Under "single" only the top card, under "columns" only the whole
                    # run (group_moves).
                    for j in range(1, k + 1):
                        if j != ln and group_allowed(moves_rule, j, k):
                            (first if j == k else mid).append((-1, 0, 0, src, t, j))
                    continue
                j = 12 - r1 + 1  # a King heads the group
                if j < 1 or j > k or j == ln:
                    continue  # no King in the run, or it already lies at the bottom
                # (a King's group is always the whole run, j == k: nothing lies above a
                # King in a run, so the rule below never prunes it)
            if not group_allowed(moves_rule, j, k):
                continue  # what moves between columns (group_moves): one card, or the run
            if prune and moves_rule in PART_OF_RUN_RULES and j < k and not found(sp[-j - 1]):
                # Part of a run, laying bare a card that cannot go up: the card
                # laid bare has the rank and colour of the card the group moved
                # onto, so it offers nothing in play that card did not; only its
                # suit differs, which matters only for going up. Rule facts: runs
                # move as groups, columns build down in alternating colours; what
                # "in play" offers (a column's card, or with worrying back a
                # foundation's) is the same for both cards, so it holds with
                # foundations_in_play on and off. Under the other building rules
                # (column_build) the card laid bare has the rank and class of the
                # card the group moved onto, which in any suit is all that decides
                # what it takes and where it may lie, as colour does here; in suit
                # it would be that very card, so the move never arises.
                # What moves between columns (group_moves): the argument lets the
                # cards moved go on as a group from where they lay to where they could
                # have; under "columns" no part of a run moves (j == k always), so the
                # rule never applies; under "single" the cards left on the card laid
                # bare cannot follow as a group, and it is not argued: off.
                continue
            (first if j in (ln, k) else mid).append((-1, 0, 0, src, t, j))
    # the waste and the stock onto columns and foundations
    if waste:
        w = waste[-1]
        _to_columns(s, canon, w, WASTE, -1, 0, 0, mid, empty, build, takes_any)
    for i, draws, nr, card in stock_reach(s):
        dst = found(card)
        if dst:
            last.append((i, draws, nr, WASTE, dst, 1))
        _to_columns(s, canon, card, WASTE, i, draws, nr, last, empty, build, takes_any)
    # worrying back: a foundation's top card down onto a column. Rule fact:
    # foundations_in_play; without it these moves do not exist (the rules refuse
    # them: Saratoga.pick_reason), so none is generated.
    for f in FOUNDATIONS if rules.foundations_in_play else ():
        fp = piles[f]
        if not fp:
            continue
        card = fp[-1]
        if card % 13 == 0:
            continue  # an Ace down can only be a waste of a move
        if prune and safe(card):
            continue  # it would be forced straight back up
        _to_columns(s, canon, card, f, -1, 0, 0, last, empty, build, takes_any)
    if s.lazy_stock:
        return _lazy_filter(s, first + mid + last, rules.foundations_in_play, build)
    if pcol:
        # a drawn card put down (the "drawn" pending rule): onto it, a further
        # draw, or a group that holds it and more (see Kansas.search_pending_rule)
        return [
            m
            for m in first + mid + last
            if m[4] == pcol or m[0] >= 0 or (m[3] == pcol and m[5] > 1)
        ]
    return first + mid + last


# What makes two columns' top cards one target (with their rank): the class of the cards
# they take, as the columns build (a name of its own so that a test can put the colour
# in its place under another building rule and see the search go wrong)
MIRROR_CLASS = WANTED_CLASS

# colour (1 for red: diamonds and hearts) and rank (0 for an Ace) of each card, by lookup
RED = tuple(int(13 <= c < 39) for c in range(52))
RANK = tuple(c % 13 for c in range(52))


def _to_columns(
    s: SearchState,
    canon: set[int],
    card: int,
    src: int,
    i: int,
    draws: int,
    nr: int,
    out: list[SMove],
    empty: int,
    build: str,
    takes_any: bool = False,
) -> None:
    # ``card`` onto each column of ``canon`` whose top card is one above it in the other
    # colour (as the columns build: its class), and a King into the first empty column
    # (any other empty one is the same: the columns are interchangeable; rule facts:
    # empty_column "K", column_build); any card where an empty column takes any
    # (``takes_any``: empty_column "any"); ``empty`` is 0 where there is none to fill,
    # or it takes nothing (empty_column "none")
    piles = s.piles
    cls = SUIT_CLASS[build][card]
    wants = WANTED_CLASS[build]
    r = card % 13
    for t in s.cols:
        tp = piles[t]
        if tp and t in canon:
            tt = tp[-1]
            if tt % 13 == r + 1 and wants[tt] == cls:
                out.append((i, draws, nr, src, t, 1))
    if empty and (r == 12 or takes_any):
        out.append((i, draws, nr, src, empty, 1))


def _lazy_filter(s: SearchState, moves: list[SMove], in_play: bool, build: str) -> list[SMove]:
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
    # Rule facts: draw_count 1 and max_redeals None (the stock a reserve), columns
    # built down in alternating colours, runs moved as groups. A foundation's top card
    # is a card from play only with worrying back (``in_play``: foundations_in_play);
    # without it a foundation card never comes down, so it ends no chain and counts
    # for nothing here (counting it would be sound, and prune less). The rest of the
    # argument asks nothing of the foundations but that a stock card may go up from
    # the stock, which holds either way. Under the other building rules (column_build)
    # the chain keeps another class instead of the parity (``chain_class``): the suit
    # in suit, nothing in any suit; the rest of the argument never asked about colours.
    # What an empty column takes (empty_column) changes nothing here: a stock card put
    # into an empty column (a King, or any card with "any") only fills that column until
    # a card goes onto it, and the line that puts it there just before that card keeps
    # the column empty meanwhile, which only leaves more moves open under every rule
    # (no rule makes a move compulsory); a chain that no card from play ends is as
    # pointless on an empty column as on a card.
    piles = s.piles
    pend = s.pending
    chain, cls, wants = CHAIN_CLASS[build], SUIT_CLASS[build], WANTED_CLASS[build]
    lowest = [13, 13, 13, 13]
    for c in s.cols:
        cp = piles[c]
        if c == pend or not cp:
            continue
        k = len(cp) - 1
        a = cp[k]
        down = s.hidden[c]  # the face-down cards at the bottom are not in play
        while True:
            sig = chain[a]
            if RANK[a] < lowest[sig]:
                lowest[sig] = RANK[a]
            if k <= down:
                break
            b = cp[k - 1]
            if RANK[b] != RANK[a] + 1 or cls[a] != wants[b]:
                break
            k -= 1
            a = b
    for f in FOUNDATIONS if in_play else ():
        if piles[f]:
            a = piles[f][-1]
            sig = chain[a]
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
            if lowest[chain[card]] >= RANK[card]:
                continue
        out.append(m)
    return out
