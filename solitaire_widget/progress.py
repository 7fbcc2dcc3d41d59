"""Is anything left to do? An exact "no more moves" test.

Aisleriot decides "no more moves" with its hint search, which misses moves (its Eagle
Wing verdict can be wrong; it never decides in Saratoga). Here a game is lost when it is
not won and every position reachable from the current one offers only moves that can be
taken back: shuffling a card between two equal places, an Ace between empty foundations,
a foundation card down and up again, or (with unlimited redeals) going round the stock.
Any move that cannot be taken back changes the game for good, so while one is reachable
the game goes on.
"""

from __future__ import annotations

from collections import deque

from . import budgets, core_search
from .games.base import Table
from .moves import DRAW, FOUNDATIONS, STOCK, WASTE, Move

#: Positions explored at most before giving up and calling the game "playing".
SEARCH_LIMIT = 20_000


def is_reversible(t: Table, move: Move) -> bool:
    """Whether the very next move can undo ``move`` exactly (draws excluded).

    In these games a move that the reverse move cannot undo can never be undone: a card
    goes back onto the card it left only if the building rule lets it, a refill empties
    the reserve for good, and nothing returns to the waste or the reserve.
    """
    before = t.key()
    record = t.apply(move)
    ok = False
    if not record[1]:
        back = Move(move.dst, move.src, move.count)
        if t.reason(back) is None:
            again = t.apply(back)
            ok = t.key() == before
            t.revert(again)
    t.revert(record)
    return ok


def _canonical(t: Table) -> tuple:
    # Pile positions never matter to the rules, so positions that differ only by the
    # order of foundations or of columns behave alike.
    p = t.piles
    counter = t.redeals_used if t.rules.max_redeals is not None else 0
    return (
        counter,
        tuple(p[0]),
        tuple(p[1]),
        tuple(p[2]),
        tuple(sorted(tuple(x) for x in p[3:7])),
        tuple(sorted((h, tuple(x)) for h, x in zip(t.hidden[7:], p[7:], strict=True))),
    )


def _makes_progress(t: Table, move: Move) -> bool:
    if move.src == STOCK:
        # a deal or redeal counts for good when redeals are limited; with unlimited
        # redeals going round the stock is a cycle
        return t.rules.max_redeals is not None
    return not is_reversible(t, move)


def path_to_progress(table: Table, limit: int = SEARCH_LIMIT) -> list[Move] | None:
    """The shortest list of moves ending in one that cannot be taken back.

    ``[]`` is never returned: a path has at least one move. None means there is none
    (the game is stuck), or that none was found within ``limit`` positions.
    """
    budgets.count(limit, "limit", optional=False)
    if table.is_won():
        return None
    t = table.copy()
    seen = {_canonical(t)}
    frontier: deque[tuple[Table, tuple[Move, ...]]] = deque([(t, ())])
    while frontier:
        node, path = frontier.popleft()
        for move in node.legal_moves():
            if _makes_progress(node, move):
                return [*path, move]
            child = node.copy()
            child.apply(move)
            if child.is_won():
                return [*path, move]
            key = _canonical(child)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                frontier.append((child, (*path, move)))
    return None


def _waste_tops(t: Table) -> set[int]:
    """Every card that going round the stock can bring to the top of the waste."""
    scratch = t.copy()
    tops: set[int] = set()
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    while True:
        piles = scratch.piles
        key = (tuple(piles[STOCK]), tuple(piles[WASTE]))
        if key in seen:
            return tops
        seen.add(key)
        if piles[WASTE]:
            tops.add(piles[WASTE][-1])
        if scratch.draw_reason() is not None:
            return tops
        scratch.apply(DRAW)


class StuckMemo:
    """The stuck positions one proof found, so that the next ones cost nothing.

    A proof that a position is stuck explores its whole component: every position the
    moves that can be taken back reach, with the stock set aside. Those moves go both
    ways, so every position of the component has the same component; and while the
    stock and waste bring up the same cards (or some of them only), each of them is
    stuck too. A player who goes on moving cards about (or round the stock) in a lost
    game stays inside it, and each such move would otherwise cost a whole proof again
    (some 0.6 s in a Klondike endgame).
    """

    def __init__(self, size: int = 4) -> None:
        self._proofs: deque[tuple[frozenset[int], set[tuple]]] = deque(maxlen=size)

    def holds(self, tops: set[int], key: tuple) -> bool:
        # fewer cards to bring up is fewer ways out: a subset of the tops stays stuck
        return any(tops <= t and key in seen for t, seen in self._proofs)

    def add(self, tops: set[int], seen: set[tuple]) -> None:
        self._proofs.append((frozenset(tops), seen))

    def clear(self) -> None:
        self._proofs.clear()


def is_stuck(
    table: Table,
    limit: int = SEARCH_LIMIT,
    memo: StuckMemo | None = None,
    *,
    core: bool = True,
) -> bool:
    """True when nothing but moves that cycle without progress is left.

    With ``core`` (and a compiled core that has the game's part), the core answers: the
    search below, move for move, over the core's plain rules, 50-100 times faster
    (tests/test_progress.py compares the two on every position of random games), so it
    needs no ``memo``. Otherwise, or with ``core=False``, this search does:

    The reachable positions are a product: draws touch only the stock and the waste,
    every other move leaves them alone, and a card leaving the waste never comes back
    (progress). So we list the cards the stock can bring to the top of the waste, then
    explore the rest of the table with the stock set aside, asking at each position
    whether one of those cards could be played or a move could not be taken back.
    ``memo`` keeps the components proved stuck (see ``StuckMemo``).
    """
    budgets.count(limit, "limit", optional=False)
    if core and core_search.available(table.rules):
        return core_search.is_stuck(table, limit)
    if table.is_won():
        return False
    if table.rules.max_redeals is not None and table.draw_reason() is None:
        return False  # each deal or limited redeal is progress that cannot be undone
    tops = _waste_tops(table)
    t = table.copy()
    t.piles[STOCK] = []
    t.piles[WASTE] = []
    seen = {_canonical(t)}
    if memo is not None and memo.holds(tops, next(iter(seen))):
        return True
    # Depth first, moves to the foundations tried first: a game that can still go on
    # usually shows it within a few moves this way (in Saratoga's endgames, where nearly
    # every move can be taken back, by reaching the win), while a stuck game has to be
    # explored whole in any order.
    stack: list[Table] = [t]
    targets = [*FOUNDATIONS, *t.tableau]
    drop_reason = t.rules.drop_reason
    while stack:
        node = stack.pop()
        waste = node.piles[WASTE]
        for card in tops:
            waste.append(card)
            playable = any(drop_reason(node, WASTE, 1, d) is None for d in targets)
            waste.pop()
            if playable:
                return False
        moves = node.legal_moves()
        moves.sort(key=lambda m: FOUNDATIONS[0] <= m.dst <= FOUNDATIONS[-1])
        for move in moves:
            if not is_reversible(node, move):
                return False
            child = node.copy()
            child.apply(move)
            if child.is_won():
                return False  # (in Saratoga even the last card up can come back down)
            key = _canonical(child)
            if key not in seen:
                if len(seen) >= limit:
                    return False  # too big to prove stuck: say "playing"
                seen.add(key)
                stack.append(child)
    if memo is not None:
        memo.add(tops, seen)
    return True
