"""The deck settings (``deck``, ``card_back``, ``large_index``): widget traits synced to
the page, set from Python or asked for by the page's toolbar, refused when bad, and kept
across deals and games. What the page draws with them: js/tests/decks.test.js and
tests/browser/test_decks.py."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

import traitlets
from test_widget_messages import last_view, no_swallowed_errors, recording_comms, send

from solitaire_widget.cards import CARD_BACKS, DECKS
from solitaire_widget.widget import SolitaireWidget

__all__ = ["no_swallowed_errors", "recording_comms"]  # the fixtures, used by name


def synced(w: SolitaireWidget, since: int) -> dict[str, Any]:
    """Every trait sent to the page since ``since``, the later values winning."""
    state: dict[str, Any] = {}
    for m in w.comm.sent[since:]:
        state.update(m["data"].get("state", {}))
    return state


def looks(w: SolitaireWidget) -> tuple[str, str, bool]:
    return w.deck, w.card_back, w.large_index


def test_defaults_and_constructor():
    w = SolitaireWidget("kansas", seed=7)
    assert looks(w) == ("classic", "lattice", False)
    w = SolitaireWidget("kansas", seed=7, deck="four_colour", card_back="rings", large_index=True)
    assert looks(w) == ("four_colour", "rings", True)
    # the page gets them with the widget's first state
    assert {"deck", "card_back", "large_index"} <= set(w.get_state())
    assert DECKS == ("classic", "four_colour", "high_contrast")
    assert len(CARD_BACKS) >= 3


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"deck": "four-colour"}, ValueError, "deck must be one of"),
        ({"deck": None}, ValueError, "deck must be one of"),
        ({"card_back": "plaid"}, ValueError, "card_back must be one of"),
        ({"card_back": ["rings"]}, ValueError, "card_back must be one of"),
        ({"large_index": "yes"}, TypeError, "large_index must be True or False"),
        ({"large_index": 1}, TypeError, "large_index must be True or False"),
    ],
)
def test_constructor_refuses_bad_values(kwargs, error, words):
    with pytest.raises(error, match=words):
        SolitaireWidget("kansas", seed=7, **kwargs)


@pytest.mark.parametrize(
    ("name", "bad"),
    [("deck", "neon"), ("deck", 2), ("card_back", ""), ("large_index", 1), ("large_index", "no")],
)
def test_setting_a_bad_value_is_a_clear_error_and_changes_nothing(name, bad):
    w = SolitaireWidget("kansas", seed=7, deck="high_contrast", card_back="chevrons")
    before = looks(w)
    sent = len(w.comm.sent)
    with pytest.raises(traitlets.TraitError, match=name):
        setattr(w, name, bad)
    assert looks(w) == before
    assert name not in synced(w, sent)


def test_python_changes_reach_the_page():
    w = SolitaireWidget("kansas", seed=7)
    sent = len(w.comm.sent)
    w.deck = "four_colour"
    w.card_back = "rings"
    w.large_index = True
    assert synced(w, sent) == {"deck": "four_colour", "card_back": "rings", "large_index": True}


def test_the_page_asks_and_every_view_is_told():
    w = SolitaireWidget("kansas", seed=7)
    snap, version = w.game.snapshot(), w.view["version"]
    asks = (("deck", "high_contrast"), ("card_back", "chevrons"), ("large_index", True))
    for name, value in asks:
        sent = len(w.comm.sent)
        send(w, {"kind": "deck", "name": name, "value": value})
        assert getattr(w, name) == value
        assert synced(w, sent).get(name) == value
    # how the cards are drawn is not a move
    assert w.game.snapshot() == snap and w.view["version"] == version and not w.game.history


@pytest.mark.parametrize(
    "msg",
    [
        {"kind": "deck", "name": "deck", "value": "neon"},
        {"kind": "deck", "name": "deck", "value": True},
        {"kind": "deck", "name": "card_back", "value": None},
        {"kind": "deck", "name": "large_index", "value": 1},
        {"kind": "deck", "name": "large_index", "value": "true"},
        {"kind": "deck", "name": "lang", "value": "el"},
        {"kind": "deck", "name": "live_solver", "value": False},
        {"kind": "deck", "name": ["deck"], "value": "classic"},
        {"kind": "deck"},
    ],
)
def test_malformed_requests_are_refused_and_change_nothing(msg):
    w = SolitaireWidget("kansas", seed=7, card_back="rings")
    before = (looks(w), w.lang, w.live_solver)
    sent = len(w.comm.sent)
    v = send(w, msg)
    assert (looks(w), w.lang, w.live_solver) == before
    assert v is not None and v["notice"]["level"] == "error"
    assert not {"deck", "card_back", "large_index"} & set(synced(w, sent))


def test_the_page_cannot_set_the_traits_directly():
    w = SolitaireWidget("kansas", seed=7)
    w.comm.handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"deck": "four_colour"}}},
            "buffers": [],
        }
    )
    assert w.deck == "classic"


def test_kept_across_deals_games_and_restarts():
    w = SolitaireWidget("kansas", seed=7)
    send(w, {"kind": "deck", "name": "deck", "value": "four_colour"})
    send(w, {"kind": "deck", "name": "card_back", "value": "rings"})
    send(w, {"kind": "deck", "name": "large_index", "value": True})
    want = ("four_colour", "rings", True)
    sent = len(w.comm.sent)
    send(w, {"kind": "new", "seed": None})
    assert looks(w) == want
    send(w, {"kind": "new", "seed": "12"})
    assert w.game.seed == 12 and looks(w) == want
    send(w, {"kind": "select", "game": "eagle-wing", "options": {}})
    assert w.game.name == "eagle-wing" and looks(w) == want
    send(w, {"kind": "select", "game": "saratoga", "options": {"draw": 3, "redeals": None}})
    send(w, {"kind": "restart"})
    assert w.game.name == "saratoga" and looks(w) == want
    # nothing told the page to draw another deck meanwhile
    assert not {"deck", "card_back", "large_index"} & set(synced(w, sent))
    v = last_view(w, since=sent)
    assert v is not None and v["game"] == "saratoga"


def test_the_python_picture_takes_the_deck_too():
    import re
    from pathlib import Path

    from solitaire_widget import Game
    from solitaire_widget.render import INKS, table_svg

    g = Game("klondike", seed=5)
    assert table_svg(g) == table_svg(g, deck="classic") == g._repr_svg_()
    for deck in DECKS:
        svg = table_svg(g, deck=deck)
        for m in re.finditer(r'data-card="(..)"><rect[^>]*/><text[^>]*fill="([^"]+)"', svg):
            assert m.group(2) == INKS[deck]["CDHS".index(m.group(1)[1])], (deck, m.group(1))
    assert table_svg(g, "four_colour") != table_svg(g)
    assert all(g.svg(deck) == table_svg(g, deck) for deck in DECKS)
    with pytest.raises(ValueError, match="deck must be one of"):
        table_svg(g, deck="neon")
    with pytest.raises(ValueError, match="deck must be one of"):
        g.svg("neon")
    # the same inks as the page's, but the picture's own near-black
    js = (Path(__file__).parents[1] / "js" / "cardsvg.js").read_text()
    for deck in ("four_colour", "high_contrast"):
        row = re.search(rf"{deck}: \{{[^}}]*\}}", js)
        assert row
        for suit, ink in zip("CDH", INKS[deck][:3], strict=True):
            red = "H: RED" in row.group(0) and f'const RED = "{ink}"' in js
            assert f'{suit}: "{ink}"' in row.group(0) or (suit == "H" and red)
