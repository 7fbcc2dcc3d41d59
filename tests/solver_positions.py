"""Small hand-built end-game positions, and a brute-force search to check the solver on.

A position keeps most cards on the foundations and deals the few others out at random,
respecting what the game makes possible (Kansas columns are runs, Eagle Wing's columns
hold at most three cards built in suit, no empty column while a reserve has cards).
"""

from __future__ import annotations

import random

from solitaire_widget import Game
from solitaire_widget.cards import code
from solitaire_widget.games import make_rules, rule_sets
from solitaire_widget.moves import FIRST_TABLEAU, RESERVE, STOCK, WASTE

GAMES = [(v.game, dict(v.options)) for v in rule_sets()]


def small_position(
    name: str, options: dict, rng: random.Random, off: int, hard: bool = False
) -> Game:
    """A position of ``name`` with about ``off`` cards not on the foundations.

    ``hard`` deals them low cards first and mostly onto the pile the last card went
    to, which buries low cards under high ones: many such positions are lost.
    """
    rules = make_rules(name, **options)
    base = rng.randint(1, 13) if rules.has_base_card else 1
    # foundation heights: how many cards of each suit are up, from the base rank
    heights = [13] * 4
    for _ in range(off):
        s = rng.randrange(4)
        heights[s] -= 1 if heights[s] > 0 else 0
    if rules.has_base_card and min(heights) == 13:
        heights[0] = 12
    found = []
    loose = []
    for s in range(4):
        seq = [s * 13 + (base - 1 + k) % 13 for k in range(13)]
        found.append(seq[: heights[s]])
        loose += seq[heights[s] :]
    rng.shuffle(loose)
    if hard:
        loose.sort(key=lambda c: (c - (base - 1)) % 13)
    piles = [[] for _ in range(FIRST_TABLEAU + rules.n_tableau)]
    cols = list(range(FIRST_TABLEAU, FIRST_TABLEAU + rules.n_tableau))
    last = None
    if hard and name == "saratoga":
        # no empty column to start with: a King then has nowhere to go
        for c in cols:
            if loose:
                piles[c].append(loose.pop())
    for card in loose:
        choices = [STOCK, WASTE, *cols]
        # (a reserve holds at most what the game deals there: Rules.position_limits)
        room = rules.has_reserve and len(piles[RESERVE]) < rules.position_limits()[RESERVE]
        if room:
            choices.append(RESERVE)
        tries = 0
        while True:
            tries += 1
            if hard and last is not None and tries < 3 and rng.random() < 0.7:
                dst = last
            else:
                dst = rng.choice(choices)
            pile = piles[dst]
            if dst == RESERVE and not room:
                continue  # full: what it is dealt
            if name == "kansas" and dst in cols and pile:
                top = pile[-1]
                if (top % 13 - 1) % 13 != card % 13:
                    continue  # a Kansas column is a descending run, any suit
            if name == "eagle-wing" and dst in cols and pile:
                if len(pile) >= 3:
                    continue
                top = pile[-1]
                if top // 13 != card // 13 or (top % 13 - 1) % 13 != card % 13:
                    continue
            pile.append(card)
            last = dst
            break
    if rules.has_reserve and piles[RESERVE]:
        # columns stay filled while the reserve has cards
        for c in cols:
            if not piles[c] and piles[RESERVE]:
                piles[c].append(piles[RESERVE].pop())
    for i, f in enumerate(found):
        piles[3 + i] = f
    used = 0
    if rules.max_redeals is not None and rules.max_redeals > 0:
        used = rng.randint(0, rules.max_redeals)

    def codes(index: int) -> list[str]:
        pile = piles[index]
        return [code(c, rules.face_up(index, i, len(pile))) for i, c in enumerate(pile)]

    state = {
        "s": codes(STOCK),
        "w": codes(WASTE),
        "f": [codes(3 + i) for i in range(4)],
        "t": [codes(c) for c in cols],
        "redeals_used": used,
    }
    if rules.has_reserve:
        state["r"] = codes(RESERVE)
    return Game.from_snapshot(state, name, base=base if rules.has_base_card else None, **options)


def brute_force(game: Game, limit: int = 300_000) -> bool | None:
    """Whether a win is reachable, by plain search over every legal move (no pruning
    at all, exact positions as keys). None if more than ``limit`` positions."""
    t = game.table.copy()

    def moves():
        # every legal move, in an order that finds wins sooner: up first, down last
        return iter(sorted(t.legal_moves(), key=lambda m: (m.dst > 6, 3 <= m.src <= 6)))

    seen = {t.key()}
    stack = [moves()]
    records = []
    if t.is_won():
        return True
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if records:
                t.revert(records.pop())
            continue
        rec = t.apply(move)
        if t.is_won():
            return True
        k = t.key()
        if k in seen:
            t.revert(rec)
            continue
        if len(seen) >= limit:
            return None
        seen.add(k)
        records.append(rec)
        stack.append(moves())
    return False


def saratoga_game(
    options: dict,
    heights: list[int],
    cols: list[list[int]],
    stock: list[int],
    waste: list[int],
) -> Game:
    """A Saratoga position: foundations by height per suit (from the Ace), the columns,
    stock and waste as card lists, bottom first."""
    state = {
        "s": [code(c, False) for c in stock],
        "w": [code(c) for c in waste],
        "f": [[code(t * 13 + k) for k in range(heights[t])] for t in range(4)],
        "t": [[code(c) for c in col] for col in cols],
        "redeals_used": 0,
    }
    return Game.from_snapshot(state, "saratoga", **options)


def blocked_candidate(options: dict, rng: random.Random) -> Game:
    """A small Saratoga end game built around the blocked pattern
    (``Saratoga.blocked_cards``): a card X with a lower card of its suit and both cards
    it may go onto under it in one column, in a random order (so X sometimes lies
    validly on one of them and may go with it: then it is not blocked), the other loose
    cards dealt at random, some onto X's column."""
    s = rng.randrange(4)
    r = rng.randint(9, 11)  # X: a 10, a Jack or a Queen
    ry = rng.randint(r - 2, r - 1)
    hosts_suits = (0, 3) if s in (1, 2) else (1, 2)
    heights = [0] * 4
    heights[s] = ry
    for hs in hosts_suits:
        heights[hs] = rng.randint(r, r + 1)
    heights[{0: 3, 3: 0, 1: 2, 2: 1}[s]] = rng.randint(11, 13)
    x = s * 13 + r
    under = [s * 13 + ry, *(hs * 13 + r + 1 for hs in hosts_suits)]
    rng.shuffle(under)
    loose = [c for t in range(4) for c in range(t * 13 + heights[t], t * 13 + 13)]
    loose = [c for c in loose if c not in under and c != x]
    rng.shuffle(loose)
    cols: list[list[int]] = [[] for _ in range(7)]
    a = rng.randrange(7)
    cols[a] = [*under, x]
    stock: list[int] = []
    waste: list[int] = []
    for c in loose:
        d = rng.randrange(10)
        (stock if d == 7 else waste if d == 8 else cols[a] if d == 9 else cols[d]).append(c)
    return saratoga_game(options, heights, cols, stock, waste)


def twin_candidate(options: dict, rng: random.Random) -> Game:
    """A small Saratoga end game built around the twins' pattern
    (``Saratoga.blocked_cards``): a card X over a lower card of its suit, a lower card
    of its twin's suit (X's rank and colour) and one of the two cards X may go onto,
    with the twin above X or lying on the other such card elsewhere. A third of them a
    near miss: one of the three cards under X dealt elsewhere instead, so the pattern
    does not hold (and the deal is often won)."""
    s = rng.randrange(4)
    t = 3 - s  # the twin's suit: the other suit of X's colour
    hosts = (1, 2) if s in (0, 3) else (0, 3)
    r = rng.randint(10, 11)  # X: a Jack or a Queen
    heights = [0] * 4
    heights[s] = heights[t] = r - 1  # few loose cards: the brute force must end
    for h in hosts:
        heights[h] = r + 1
    x, twin = s * 13 + r, t * 13 + r
    y0, y1 = (h * 13 + r + 1 for h in rng.sample(hosts, 2))
    under = [s * 13 + heights[s], t * 13 + heights[t], y0]
    miss = under.pop(rng.randrange(3)) if rng.random() < 1 / 3 else None
    rng.shuffle(under)
    loose = [c for u in range(4) for c in range(u * 13 + heights[u], u * 13 + 13)]
    loose = [c for c in loose if c not in (*under, x, twin, y1)]
    rng.shuffle(loose)
    cols: list[list[int]] = [[] for _ in range(7)]
    a, b = rng.sample(range(7), 2)
    cols[a] = [*under, x]
    on_y1 = rng.random() < 0.5
    if on_y1:
        cols[b] = [y1, twin]
    else:
        loose.append(y1)
    stock: list[int] = []
    waste: list[int] = []
    for c in loose:
        d = rng.choice([7, 8, b]) if c == miss else rng.randrange(10)
        (stock if d == 7 else waste if d == 8 else cols[a] if d == 9 else cols[d]).append(c)
    if not on_y1:
        cols[a].append(twin)
    return saratoga_game(options, heights, cols, stock, waste)


def stock_heavy(options: dict, rng: random.Random) -> Game:
    """A Saratoga end game with most loose cards in the stock and the waste, the rest
    in the columns, low cards first (so some are buried under high ones): where several
    cards a click and unlimited redeals make the waste's place matter
    (``Search.waste_len``)."""
    rules = make_rules("saratoga", **options)
    heights = [13] * 4
    for _ in range(rng.randint(16, 22)):
        s = rng.randrange(4)
        heights[s] -= 1 if heights[s] > 0 else 0
    loose = [c for t in range(4) for c in range(t * 13 + heights[t], t * 13 + 13)]
    rng.shuffle(loose)
    # every column holds a card or two (no empty column for a King to go to), low
    # cards under high ones
    cols: list[list[int]] = [[] for _ in range(rules.n_tableau)]
    n_cols = rng.randint(len(cols), len(cols) + 3)
    buried = sorted(loose[:n_cols], key=lambda c: c % 13)
    rest = loose[n_cols:]
    stock: list[int] = []
    waste: list[int] = []
    for i, c in enumerate(buried):
        cols[i if i < len(cols) else rng.randrange(len(cols))].append(c)
    for c in rest:
        (stock if rng.random() < 0.75 else waste).append(c)
    return saratoga_game(options, heights, cols, stock, waste)
