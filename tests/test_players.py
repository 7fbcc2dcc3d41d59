"""Issue 20, the table players and teachers ask for: bad options refused at once,
face-down cards never named, statistics that survive two kernels, review that
describes the position shown, Solve's wins counted as they are announced.

Every game comes from the registry (solitaire_widget.games); none is named here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_widget import Game
from solitaire_widget.cards import card_name, parse_code
from solitaire_widget.games import GAMES


def _option_games(option: str) -> list[str]:
    return [name for name, cls in GAMES.items() if option in cls.option_names]


# ---------------------------------------------------------------------- (5) bad options


@pytest.mark.parametrize("name", _option_games("draw"))
@pytest.mark.parametrize("draw", [3.0, 1.0, "3", True])
def test_a_draw_that_is_not_a_whole_number_is_refused(name: str, draw: Any) -> None:
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        Game(name, seed=1, draw=draw)


@pytest.mark.parametrize("name", _option_games("redeals"))
@pytest.mark.parametrize("redeals", [10**9, 100, 2.0])
def test_a_huge_or_fractional_redeal_count_is_refused(name: str, redeals: Any) -> None:
    with pytest.raises((TypeError, ValueError), match="redeals must be"):
        Game(name, seed=1, redeals=redeals)


@pytest.mark.parametrize("switch", ["live_solver", "warn_unwinnable", "exact_hint"])
@pytest.mark.parametrize("value", ["no", "False", 0, 1, 2.5])
def test_widget_switches_take_true_or_false_only(switch: str, value: Any) -> None:
    pytest.importorskip("anywidget")
    from solitaire_widget.widget import SolitaireWidget

    with pytest.raises(TypeError, match=f"{switch} must be True"):
        SolitaireWidget(next(iter(GAMES)), seed=1, **{switch: value})


# ---------------------------------------------------------------------- (6) face-down cards


def _hidden_names(g: Game) -> list[str]:
    """The names, in both languages, of every card lying face down in ``g``."""
    out = []
    snap = g.snapshot()
    piles = [p for k, v in snap.items() for p in (v if k in ("f", "t") else [v])]
    for pile in piles:
        for c in pile:
            if c.islower():
                card = parse_code(c)[0]
                out += [card_name(card, "en"), card_name(card, "el")]
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_hints_and_explanations_never_name_a_face_down_card(name: str) -> None:
    """Every legal move's explanation (what a hint shows) along 40 random games of 60
    moves: no face-down card is named, in English or in Greek."""
    rng = random.Random(20)
    checked = 0
    for seed in range(40):
        g = Game(name, seed=seed)
        for _ in range(60):
            legal = g.legal_moves
            if not legal or g.status != "playing":
                break
            hidden = _hidden_names(g)
            for m in legal:
                for lang in ("en", "el"):
                    words = g.explain(m, lang=lang)
                    named = [h for h in hidden if h in words]
                    assert not named, (seed, g.history, str(m), words)
                    checked += 1
            g.play(rng.choice(legal))
    assert checked > 1000
