"""The moves the game's help offers on a table: those worth a hint (Aisleriot's hint
order, then what it misses, without the moves that change nothing; ``Game.hints`` adds
the stock and, when only pointless moves are left, the first step towards progress,
which takes a search), what a double-click does, and autoplay's safe moves.

>>> from solitaire_widget import Game
>>> g = Game("kansas", seed=1)
>>> [str(m) for m in worth_playing(g.table, g.legal_moves, None)]
['t1>f1', 't1>f2', 't1>f3']
"""

from __future__ import annotations

from .games.base import F0, F3, Record, Table
from .moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, WASTE, Move, pile_index


def worth_playing(t: Table, legal: list[Move], last: list[Record] | None) -> list[Move]:
    """The legal moves worth playing in ``t``, best first, the stock left out: the ones
    Aisleriot's hint gives, then any card that can go up and what the game's rules add
    (``Rules.extra_hints``), none that is pointless after ``last`` (the last action's
    records: taking it straight back is no hint)."""
    allowed = set(legal)
    out: list[Move] = []
    for move in [*t.rules.aisleriot_hints(t), *_extra(t, legal)]:
        if move in allowed and move not in out and not pointless(t, move, last):
            out.append(move)
    return out


def _extra(t: Table, legal: list[Move]) -> list[Move]:
    # Moves Aisleriot's hint does not look for but a player would: any card that can
    # go up, then what the game's rules add (rules.extra_hints).
    extra = [m for m in legal if F0 <= m.dst <= F3 and not F0 <= m.src <= F3]
    extra.extend(t.rules.extra_hints(t, legal))
    return extra


def pointless(t: Table, move: Move, last: list[Record] | None) -> bool:
    """Whether ``move`` changes nothing worth a hint in ``t``: an Ace between empty
    foundations, a whole column into an empty one, or the last action taken straight
    back (``last``: its records)."""
    src, dst, n = move
    if move == DRAW:
        return False
    spile = t.piles[src]
    # an Ace shuffled between empty foundations
    if F0 <= src <= F3 and F0 <= dst <= F3:
        return True
    # a whole column moved into an empty column changes nothing but its place
    if src >= FIRST_TABLEAU and dst >= FIRST_TABLEAU and not t.piles[dst] and n == len(spile):
        return True
    # the reverse of the last move
    if last is not None and len(last) == 1:
        (lm, info) = last[0]
        if not lm.is_draw and not info and (lm.dst, lm.src, lm.count) == (src, dst, n):
            return True
    return False


def foundation_move(t: Table, pile: object) -> Move | None:
    """``Game.foundation_move``: the top card of ``pile`` (an id like ``"t3"`` or an
    index) to a foundation, or None (None too for anything that names no pile)."""
    if isinstance(pile, str):
        try:
            src = pile_index(pile)
        except ValueError:
            return None
    elif isinstance(pile, int) and not isinstance(pile, bool):
        src = pile  # (an index out of range is refused by the rules: None)
    else:
        return None
    for f in FOUNDATIONS:
        move = Move(src, f, 1)
        if src != f and t.reason(move) is None:
            return move
    return None


def play_safe_moves(t: Table) -> list[Record]:
    """``Game.autoplay``: plays on ``t`` every move to a foundation that can never cost a
    win (``Rules.safe_to_foundation``), until none is left; returns their records."""
    group: list[Record] = []
    sources = [WASTE, RESERVE, *t.tableau]
    progress_made = True
    while progress_made:
        progress_made = False
        for src in sources:
            pile = t.piles[src]
            if not pile:
                continue
            for f in FOUNDATIONS:
                move = Move(src, f, 1)
                if t.reason(move) is None and t.rules.safe_to_foundation(t, src):
                    group.append(t.apply(move))
                    progress_made = True
                    break
    return group


__all__ = ["foundation_move", "play_safe_moves", "pointless", "worth_playing"]
