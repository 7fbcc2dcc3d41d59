"""Cards as small integers, and their two-letter codes.

A card is ``suit * 13 + rank - 1`` with suits in Aisleriot's order (clubs 0, diamonds 1,
hearts 2, spades 3) and the Ace low (rank 1). Integers keep the engine's inner loop
cheap; the codes ("TD", face down "td") are the shared vocabulary of traces, notation
and the widget.
"""

from __future__ import annotations

from .budgets import shown

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"

# How the widget draws the cards (js/cardsvg.js DECKS, BACKS): the deck's inks (two
# colours, the common four-colour deck, or high contrast) and the pattern on the backs.
DECKS = ("classic", "four_colour", "high_contrast")
CARD_BACKS = ("lattice", "chevrons", "rings")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13

RANK_NAMES = {
    "en": [
        "Ace",
        "Two",
        "Three",
        "Four",
        "Five",
        "Six",
        "Seven",
        "Eight",
        "Nine",
        "Ten",
        "Jack",
        "Queen",
        "King",
    ],
    "el": [
        "Άσος",
        "Δυάρι",
        "Τριάρι",
        "Τεσσάρι",
        "Πεντάρι",
        "Εξάρι",
        "Εφτάρι",
        "Οχτάρι",
        "Εννιάρι",
        "Δεκάρι",
        "Βαλές",
        "Ντάμα",
        "Ρήγας",
    ],
}
SUIT_NAMES = {
    "en": ["clubs", "diamonds", "hearts", "spades"],
    "el": ["σπαθί", "καρό", "κούπα", "μπαστούνι"],
}


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank(card: int) -> int:
    return card % 13 + 1


def suit(card: int) -> int:
    return card // 13


def is_red(card: int) -> bool:
    # diamonds (1) and hearts (2) are red
    return 13 <= card < 39


def code(card: int, face_up: bool = True) -> str:
    text = RANKS[card % 13] + SUITS[card // 13]
    return text if face_up else text.lower()


def parse_code(text: str) -> tuple[int, bool]:
    """``"TD"`` -> (card, face up); ``"td"`` -> (card, face down). ValueError if malformed."""
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError(f"{shown(text)} is not a card code (rank A23456789TJQK + suit CDHS)")
    upper = text.upper()
    if upper[0] not in RANKS or upper[1] not in SUITS:
        raise ValueError(f"{text!r} is not a card code (rank A23456789TJQK + suit CDHS)")
    if text not in (upper, upper.lower()):
        raise ValueError(f"{text!r} mixes cases: face up is upper case, face down lower case")
    card = SUITS.index(upper[1]) * 13 + RANKS.index(upper[0])
    return card, text == upper


def rank_name(r: int, lang: str = "en") -> str:
    return RANK_NAMES[lang][r - 1]


def card_name(card: int, lang: str = "en") -> str:
    """``"Queen of hearts"`` / ``"Ντάμα κούπα"``: how a person says the card."""
    if lang == "el":
        return f"{RANK_NAMES['el'][card % 13]} {SUIT_NAMES['el'][card // 13]}"
    return f"{RANK_NAMES['en'][card % 13]} of {SUIT_NAMES['en'][card // 13]}"


def card_symbol(card: int) -> str:
    """``"Q♥"``: compact, for text pictures."""
    return RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[card // 13]


FULL_DECK = tuple(range(52))
