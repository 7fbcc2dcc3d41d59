"""Hand-built positions for rule-book tests: name the loose cards, the rest go up."""

from __future__ import annotations

from solitaire_widget import Game
from solitaire_widget.cards import RANKS, SUITS


def build(
    name: str,
    t: list[list[str]],
    w: list[str] = (),
    r: list[str] = (),
    s: list[str] = (),
    base: str | None = None,
    redeals_used: int = 0,
    **options,
) -> Game:
    """A game where the listed cards lie where given and every other card is on its
    suit's foundation, up to the first loose card of the suit; the cards above that one
    go to the bottom of the stock. Reserve cards follow the game's
    face rules automatically; the stock is face down."""
    loose = {c for pile in (*t, w, r, s) for c in pile}
    start = RANKS.index(base) if base else 0
    foundations = []
    extra: list[str] = []  # cards above a loose card of their suit: under the stock
    for suit in SUITS:
        pile = []
        for k in range(13):
            card = RANKS[(start + k) % 13] + suit
            if card in loose:
                break
            pile.append(card)
        rest = [RANKS[(start + k) % 13] + suit for k in range(len(pile), 13)]
        extra += [c for c in rest if c not in loose]
        foundations.append(pile)
    n = len(r)
    if name == "eagle-wing":
        reserve = [c if i == 0 else c.lower() for i, c in enumerate(r)]
    else:
        reserve = [c if i == n - 1 else c.lower() for i, c in enumerate(r)]
    state = {"s": [c.lower() for c in [*extra, *s]], "w": list(w)}
    if name != "saratoga":
        state["r"] = reserve
    state["f"] = foundations
    state["t"] = [list(p) for p in t]
    if redeals_used:
        state["redeals_used"] = redeals_used
    return Game.from_snapshot(state, name, base=base, **options)
