"""Klondike (Κλοντάικ), as Aisleriot's ``klondike.scm`` plays it.

Seven columns of 1 to 7 cards, dealt row by row; in each column only the top card is
face up. Columns build down in alternating colours; any face-up run moves as a group;
only a King (or a run headed by one) enters an empty column. When a move uncovers a
face-down card it turns face up by itself. Foundations build up in suit from the Ace,
one card at a time, and their top cards stay in play. Aisleriot's four deal options are
one choice: one card a click with two redeals (its default, three passes), three cards
a click with unlimited redeals, no redeals, or unlimited redeals.

It is Saratoga with the cards face down (Aisleriot's ``saratoga.scm`` loads this very
code), so its rules are Saratoga's with the face-down cards added, and the search plays
it as the solver literature's *thoughtful* Klondike: every card known.
"""

from __future__ import annotations

from ..moves import FIRST_TABLEAU
from .saratoga import Saratoga


class Klondike(Saratoga):
    name = "klondike"
    title = "Klondike"
    title_el = "Κλοντάικ"
    hidden_cards = True
    default_redeals = 2

    def deal_hidden(self) -> list[int]:
        # column k (0-based) gets k cards face down under its face-up top card
        return [0] * FIRST_TABLEAU + list(range(self.n_tableau))
