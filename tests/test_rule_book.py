"""The rule book, as tests: a hand-built position, the rule, the answer.

Each test names the rule it checks; ``explain`` must name the same rule in words.
"""

from __future__ import annotations

import pytest
from positions import build

from solitaire_widget import GAMES, Game, IllegalMove

# ---------------------------------------------------------------- Eagle Wing -------


def ew(t, **kw):
    t = t + [[]] * (8 - len(t))
    return build("eagle-wing", t, **kw)


def test_ew_columns_build_down_in_suit():
    g = ew([["9S"], ["8S"], ["8H"]], s=["KD"], base="A", w=[], r=[])
    assert g.is_legal("t1>t0")
    assert "build down in suit" in g.explain("t1>t0")
    assert not g.is_legal("t2>t0")
    assert "in suit" in g.explain("t2>t0") and g.explain("t2>t0").startswith("Illegal")


def test_ew_a_column_holds_three_cards_at_most():
    g = ew([["TS", "9S", "8S"], ["7S"]], base="A")
    assert not g.is_legal("t1>t0")
    assert "at most 3 cards" in g.explain("t1>t0")


def test_ew_king_goes_on_ace_in_the_columns():
    g = ew([["AC"], ["KC"]], base="5")
    assert g.is_legal("t1>t0")
    assert "King may go on an Ace" in g.explain("t1>t0")


def test_ew_only_single_cards_move_onto_columns():
    g = ew([["9S", "8S"], ["TS"]], base="A")
    assert not g.is_legal("t0>t1*2")
    assert "single cards" in g.explain("t0>t1*2")


def test_ew_foundations_start_at_the_base_rank_and_wrap():
    g = ew([["7C"], ["5H"], ["AS"], ["5D"]], base="5")
    empty = [f"f{i}" for i, p in enumerate(g.snapshot()["f"]) if not p]
    assert len(empty) == 2
    # 5H is a base-rank card: any empty foundation takes it
    assert {f"t1>{f}" for f in empty} <= {str(m) for m in g.legal_moves}
    assert "base rank (Five)" in g.explain(f"t1>{empty[0]}")
    assert "base rank (Five)" in g.explain(f"t0>{empty[0]}")  # 7C cannot start one
    # the spade foundation runs 5..K and takes the Ace next: wrap-around
    spades = next(i for i, f in enumerate(g.snapshot()["f"]) if f and f[-1] == "KS")
    assert g.is_legal(f"t2>f{spades}")
    assert "after the King comes the Ace" in g.explain(f"t2>f{spades}")


def test_ew_a_group_goes_up_top_card_first():
    g = ew([["5S", "4S"]], base="J", s=["6S"])
    f = next(i for i, p in enumerate(g.snapshot()["f"]) if p and p[-1] == "3S")
    before = g.score
    g.play(f"t0>f{f}*2")
    assert g.snapshot()["f"][f][-3:] == ["3S", "4S", "5S"]
    assert g.score == before + 2


def test_ew_an_emptied_column_is_refilled_from_the_trunk():
    g = ew([["5S"], ["9H"]], base="A", r=["2C", "QD", "KD"])
    f = next(i for i, p in enumerate(g.snapshot()["f"]) if p and p[-1] == "4S")
    # the trunk's cards lie face down: the hint says a refill comes, not which card
    words = g.explain(f"t0>f{f}")
    assert "refilled from the reserve" in words and "King of diamonds" not in words
    g.play(f"t0>f{f}")
    assert g.pile("t0") == ["KD"] and g.reserve_left == 2


def test_ew_the_trunk_is_face_down_until_its_last_card():
    g = ew([["5S"]], base="A", r=["2C", "QD"])
    assert not g.is_legal("r>t1")
    assert "face down" in g.explain("r>t1")
    g2 = ew([["5S"]], base="A", r=["2C"])
    assert g2.is_legal("r>t1")  # an empty column takes any card once the trunk is used up


def test_ew_two_redeals_then_no_more():
    g = ew([["KS"]], base="A", w=["9D", "TD", "JD", "QD", "KD"], redeals_used=2)
    assert g.stock_left == 0
    assert not g.is_legal("draw")
    assert "all 2 redeals are used up" in g.explain("draw")
    h = ew([["KS"]], base="A", w=["9D", "TD", "JD", "QD", "KD"], redeals_used=1)
    assert "1 redeal left" not in h.explain("draw")
    assert "0 redeals left after this one" in h.explain("draw")


def test_ew_foundations_are_locked():
    g = ew([["KS"]], base="A", w=["QD"])
    assert "stay there" in g.explain("f0>t1")


# ---------------------------------------------------------------- Kansas -----------


def ks(t, **kw):
    return build("kansas", t + [[]] * (3 - len(t)), **kw)


def test_kansas_columns_build_down_regardless_of_suit_and_groups_move():
    g = ks([["7H"], ["6D", "5H", "4C"], ["9S"]], base="A", s=["8C"])
    assert g.is_legal("t1>t0*3")
    assert "regardless of suit" in g.explain("t1>t0*3")
    g.play("t1>t0*3")
    assert g.pile("t0") == ["7H", "6D", "5H", "4C"]


def test_kansas_empty_columns_take_only_the_waste():
    g = ks([["7H"], ["6D"]], base="A", w=["KS"], s=["8C"])
    assert g.is_legal("w>t2")
    assert not g.is_legal("t0>t2")
    assert "only from the waste" in g.explain("t0>t2")


def test_kansas_one_card_at_a_time_to_the_foundations():
    g = ks([["3S", "2S"]], base="A", s=["9C"])
    assert not g.is_legal("t0>f3*2")
    assert "one card at a time" in g.explain("t0>f3*2")


def test_kansas_has_no_redeal():
    g = ks([["2S"]], base="4", w=["3S"])
    assert g.stock_left == 0
    assert not g.is_legal("draw")
    assert "allows no redeal" in g.explain("draw")


def test_kansas_playing_the_reserve_brings_the_next_card_into_play():
    g = ks([["8H"]], base="A", r=["KD", "7C"], s=["9S"])
    # the card under the reserve's top lies face down until then: it is not named
    words = g.explain("r>t0")
    assert "next card turns face up" in words and "King of diamonds" not in words
    g.play("r>t0")
    assert g.snapshot()["r"] == ["KD"]


# ---------------------------------------------------------------- Saratoga ---------


def sa(t, **kw):
    return build("saratoga", t + [[]] * (7 - len(t)), **kw)


def test_saratoga_alternate_colours():
    g = sa([["9S"], ["8H"], ["8C"]], s=["KD"])
    assert g.is_legal("t1>t0")
    assert "alternating colours" in g.explain("t1>t0")
    assert "same colour" in g.explain("t2>t0")


def test_saratoga_only_kings_fill_empty_columns():
    g = sa([["KH", "QS"], ["JD"], ["QC"]], s=["9C"])
    assert g.is_legal("t0>t3*2")
    assert not g.is_legal("t1>t3")
    assert "Only a King" in g.explain("t1>t3")


def test_saratoga_only_correct_runs_move():
    g = sa([["9S", "8H", "8D"], ["TD"]], s=["KC"])
    assert not g.is_legal("t0>t1*3")
    assert "correct run" in g.explain("t0>t1*3")


def test_saratoga_explanation_names_the_card_where_the_run_breaks():
    # 6C on 7H and 7H on 8S are a run; 8S on 9S is not (same colour)
    g = sa([["9S", "8S", "7H", "6C"], ["TD"]], s=["KC"])
    assert "Eight of spades does not lie on" in g.explain("t0>t1*4")
    assert "Οχτάρι μπαστούνι δεν κάθεται" in g.explain("t0>t1*4", lang="el")


def test_saratoga_foundation_cards_come_back_down_for_a_point():
    g = sa([["9H"], ["9S"]], s=["KD"])
    f = next(i for i, p in enumerate(g.snapshot()["f"]) if p and p[-1] == "8S")
    before = g.score
    assert "costs a point" in g.explain(f"f{f}>t0")
    g.play(f"f{f}>t0")
    assert g.score == before - 1


def test_saratoga_redeal_limits():
    g = sa([["KH"]], w=["KD"], redeals_used=2)
    assert g.stock_left == 0 and not g.is_legal("draw")
    assert "all 2 redeals are used up" in g.explain("draw")
    u = sa([["KH"]], w=["KD"], redeals_used=7, redeals=None)
    assert u.is_legal("draw") and "unlimited" in u.explain("draw")


def test_saratoga_three_card_deals():
    g = sa([["KH"]], s=["KD", "QD", "JD", "TD"], draw=3)
    assert g.stock_left == 4
    g.draw()
    assert g.snapshot()["w"] == ["TD", "JD", "QD"] and g.snapshot()["s"] == ["kd"]
    g.draw()
    assert g.snapshot()["w"] == ["TD", "JD", "QD", "KD"]
    g.draw()  # a redeal turns the waste over: the next pass deals in the same order
    assert g.snapshot()["s"] == ["kd", "qd", "jd", "td"] and g.redeals_left == 1


# ---------------------------------------------------------------- Greek ------------


@pytest.mark.parametrize("name", list(GAMES))
def test_every_reason_has_greek_and_english_words(name):
    from solitaire_widget.texts import TEXTS

    assert set(TEXTS["en"]) == set(TEXTS["el"])
    g = Game(name, seed=3)
    for action in ["draw", "t0>f1", "t0>t1", "w>t0", "t0>t9", "x"]:
        el = g.explain(action, lang="el")
        assert el.startswith(("Επιτρέπεται", "Δεν επιτρέπεται"))
    with pytest.raises(ValueError):
        g.explain("draw", lang="fr")


def test_explain_names_the_rule_in_greek():
    g = ks([["7H"], ["6D"]], base="A", w=["KS"], s=["8C"])
    assert "μόνο από τον Σωρό" in g.explain("t0>t2", lang="el")


# ---------------------------------------------------------------- hint -------------


def test_hint_never_reverses_the_last_move():
    g = sa([["9S"], ["8H"], ["9C"]], s=["KD"], redeals=None)
    g.play("t1>t0")
    assert g.hint() is not None
    assert str(g.hint()) != "t0>t1"
    assert "t0>t1" not in map(str, g.hints()) and "t0>t2" in map(str, g.hints())


def test_hint_never_shuffles_an_ace_between_empty_foundations():
    g = Game("saratoga", seed=1)
    g.play("t0>f0") if g.is_legal("t0>f0") else None
    for m in g.hints():
        assert not (m.source.startswith("f") and m.target.startswith("f"))


def test_hint_prefers_the_foundations_like_aisleriot():
    g = ew([["7C"], ["5H"], ["AS"], ["5D"]], base="5")
    # Aisleriot scans the waste, then the left wing from t0: 7C fits on 6C first
    assert str(g.hint()) == "t0>f0"
    assert [str(m) for m in g.hints()[:3]] == ["t0>f0", "t1>f1", "t2>f3"]


# ---------------------------------------------------------------- autoplay ---------


def test_ew_autoplay_sends_every_card_that_fits_and_undoes_at_once():
    g = ew([["4S", "3S"], ["5D"], ["2S"]], base="2", s=["3D", "4D"], w=[])
    before = g.snapshot()
    played = g.autoplay()
    assert [str(m) for m in played][:1] and g.pile("t0") == [] and g.pile("t2") == []
    g.undo()
    assert g.snapshot() == before


def test_kansas_autoplay_keeps_cards_that_may_still_hold_others():
    # base A: the 3 of clubs may go up only when every foundation is at 2 or higher
    g = ks([["3C"], ["3D"]], base="A", s=["4C"])
    assert g.table.rules.safe_to_foundation(g.table, g.table.tableau[0])
    # the diamond foundation is not started: the 2 of diamonds may still need the
    # 3 of clubs to rest on, so the 3 stays
    low = ks([["3C"], ["AD"]], base="A", s=["4C"])
    assert not low.table.rules.safe_to_foundation(low.table, low.table.tableau[0])
    # base-rank cards are never safe: through the wrap they can hold the Kings
    assert not low.table.rules.safe_to_foundation(low.table, low.table.tableau[1])


def test_saratoga_autoplay_aces_and_twos_always_but_not_high_cards():
    g = sa([["AH"], ["9D", "2S"], ["TH"]], s=["3H"], w=[])
    played = [str(m) for m in g.autoplay()]
    assert any(m.startswith("t0>f") for m in played)
    assert any(m.startswith("t1>f") for m in played)
    assert not any(m.startswith("t2>") for m in played)


# ---------------------------------------------------------------- status -----------


def test_lost_when_nothing_can_ever_change():
    # Kansas, base 4, stock and reserve used up, no redeal: the waste's 3 of clubs
    # needs the 2 of clubs buried under it, and the columns' threes need the twos
    g = ks([["3D"], ["3H"], ["3S"]], base="4", w=["2D", "2H", "2S", "2C", "3C"])
    assert g.stock_left == 0 and g.reserve_left == 0
    assert g.legal_moves == []
    assert g.status == "lost"
    assert g.hint() is None


def test_not_lost_while_a_move_makes_progress():
    g = ks([["3D"], ["3H"], ["3S"]], base="4", w=["2D", "2H", "2S", "3C", "2C"])
    assert g.status == "playing"
    assert str(g.hint()).startswith("w>f")


# A real Saratoga position (unlimited redeals) reached by random play: the waste
# cycles, the Ace of spades may hop to an empty foundation and the 5 of hearts may come
# down and go back up, but nothing else can ever happen.
CYCLING = {
    "s": ["ts", "4d", "4s", "8c"],
    "w": ["JS", "6D", "JH", "3S", "7C", "QD", "9S", "JD"],
    "f": [["AD", "2D"], ["AH", "2H", "3H", "4H", "5H"], [], ["AS"]],
    "t": [
        ["KH"],
        ["TH", "3C"],
        ["KD"],
        ["QS", "7H", "TC"],
        ["3D", "6H", "5C", "8S", "7D", "6S", "5D", "4C"],
        ["8D", "7S", "AC", "QC", "8H", "2C"],
        ["5S", "9H", "KC", "6C", "9D", "2S", "KS", "QH", "JC", "TD", "9C"],
    ],
}


def test_lost_when_only_moves_that_cycle_are_left():
    g = Game.from_snapshot(CYCLING, "saratoga", redeals=None)
    assert g.is_legal("draw") and g.is_legal("f3>f2")
    assert g.status == "lost"
    assert g.hint() is None
    # with two redeals left the same position is not over: each redeal is progress
    assert Game.from_snapshot(CYCLING, "saratoga", redeals=2).status == "playing"


def test_aisleriot_declares_eagle_wing_over_too_early():
    # trace seed 21, step 143: Aisleriot says "no more moves", but the walk then wins
    # by using empty columns; our status must say "playing"
    import gzip
    import json
    from pathlib import Path

    path = Path(__file__).parent / "data" / "eagle-wing.jsonl.gz"
    with gzip.open(path, "rt") as fh:
        trace = next(t for t in map(json.loads, fh) if t["seed"] == 21)
    g = Game("eagle-wing", seed=21)
    for step in trace["steps"][:143]:
        g.play(step["action"])
    assert trace["steps"][143]["over"] and not trace["steps"][143]["won"]
    assert g.status == "playing"


def test_illegal_play_raises_and_changes_nothing():
    g = Game("kansas", seed=1)
    before = g.snapshot()
    with pytest.raises(IllegalMove, match="Illegal"):
        g.play("t0>t1")
    with pytest.raises(IllegalMove, match="not a move"):
        g.play("t0->t1")
    with pytest.raises(TypeError):
        g.play(42)
    assert g.snapshot() == before and g.history == []


def test_kansas_hint_moves_part_of_a_column_that_wraps_around_itself():
    # Aisleriot's "move tableau to self" hint: a 13-card column whose top (6) is one
    # above its own bottom card (5); its top card also fits on another column's 7
    column = ["5S", "4H", "3C", "2D", "AS", "KH", "QC", "JD", "TS", "9H", "8C", "7D", "6S"]
    g = ks([column, ["7H"]], base="A")
    rules = g.table.rules
    assert "t0>t1" in [str(m) for m in rules._self_hint(g.table, g.table.tableau[0])]
    assert "t0>t1" in [str(m) for m in g.hints()]
