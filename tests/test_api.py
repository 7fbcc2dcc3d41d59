"""The public API's edges: construction, options, decks, notation, saving, observers."""

from __future__ import annotations

import json
import random

import pytest

from solitaire_widget import DRAW, Game, IllegalMove, Move
from solitaire_widget.deal import shuffled_deck


def test_seeded_deals_are_aisleriots_and_random_seeds_are_kept():
    g = Game("kansas", seed=1)
    assert g.deck[:5] == ["9C", "QH", "8D", "3C", "6S"]
    r = Game("eagle-wing")
    assert isinstance(r.seed, int) and 0 <= r.seed < 2**32
    assert Game("eagle-wing", seed=r.seed).snapshot() == r.snapshot()


def test_explicit_deck_deals_it():
    deck = Game("saratoga", seed=9).deck
    g = Game("saratoga", deck=deck)
    assert g.seed is None and g.snapshot() == Game("saratoga", seed=9).snapshot()
    assert Game("saratoga", deck=shuffled_deck(9)).snapshot() == g.snapshot()


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["AC"] * 52, "duplicate cards: AC"),
        (["AC", "2C"], "52 cards, not 2"),
        ([*Game("kansas", seed=1).deck[:51], "XX"], "not a card code"),
        ("AC2C", "not a string"),
        ([*Game("kansas", seed=1).deck[:51], None], "not a card code"),
    ],
)
def test_bad_decks_are_refused_with_the_problem_named(deck, message):
    with pytest.raises(ValueError, match=message):
        Game("kansas", deck=deck)


def test_options_and_their_errors():
    assert Game("saratoga").options == {"draw": 1, "redeals": 2}
    assert Game("saratoga", redeals=None).options["redeals"] is None
    # -1 is the traces' spelling of unlimited, not the API's (tests/test_traces.py
    # converts it): a negative count is refused, not read as "unlimited"
    with pytest.raises(ValueError, match="redeals must be >= 0 or None"):
        Game("saratoga", redeals=-1)
    with pytest.raises(ValueError, match="redeals must be >= 0 or None"):
        Game("kansas", redeals=-1)
    assert Game("eagle-wing").options == {"redeals": 2}
    assert Game("kansas").options == {"redeals": 0}
    with pytest.raises(TypeError, match="no option draw"):
        Game("kansas", draw=3)
    with pytest.raises(TypeError, match="no option colour"):
        Game("saratoga", colour="red")
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        Game("saratoga", draw=2)
    with pytest.raises(ValueError, match="redeals must be"):
        Game("saratoga", redeals=-5)
    with pytest.raises(ValueError, match="unknown game"):
        Game("spider")
    with pytest.raises(ValueError, match="seed must be"):
        Game("kansas", seed=-1)
    with pytest.raises(ValueError, match="not both"):
        Game("kansas", seed=1, deck=Game("kansas", seed=1).deck)


def test_notation_round_trips():
    for text in ["draw", "t2>f0", "t0>t3*2", "w>t1", "r>t3", "f1>t4"]:
        assert str(Move.parse(text)) == text
    assert Move.parse("draw") == DRAW and DRAW.is_draw
    m = Move.parse("t0>t3*2")
    assert (m.source, m.target, m.count) == ("t0", "t3", 2)
    for bad in ["", "t0>", "t0>t3*0", "x1>t2", "t20>t1", "f4>t0", "s>w", "t0 t1", "t0>t3*"]:
        with pytest.raises(IllegalMove):
            Move.parse(bad)
    with pytest.raises(TypeError):
        Move.parse(3)


def test_undo_redo_restart_new():
    g = Game("kansas", seed=1)
    start = g.snapshot()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    g.play("t1>f1")
    g.draw()
    assert g.history == ["t1>f1", "draw"] and g.moves == 2
    assert g.pop() == DRAW
    assert g.redo() == [DRAW]
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()
    g.undo()
    g.play("draw")  # a new action clears the redo stack
    assert not g.can_redo
    g.restart()
    assert g.snapshot() == start and g.history == [] and g.seed == 1
    g.new(seed=2)
    assert g.seed == 2 and g.snapshot() == Game("kansas", seed=2).snapshot()


def test_observers_follow_every_change_and_can_stop():
    g = Game("eagle-wing", seed=4)
    seen = []
    stop = g.on_change(lambda game: seen.append(game.moves))
    g.draw()
    g.undo()
    g.redo()
    g.restart()
    assert seen == [1, 0, 1, 0]
    stop()
    g.draw()
    assert seen == [1, 0, 1, 0]


def test_snapshot_round_trip_and_corrupt_positions():
    g = Game("eagle-wing", seed=3)
    g.draw()
    h = Game.from_snapshot(g.snapshot(), "eagle-wing")
    assert h.snapshot() == g.snapshot() and h.base_rank == g.base_rank
    bad = g.snapshot()
    bad["t"][0][0] = bad["t"][1][0]
    with pytest.raises(ValueError, match="exactly once"):
        Game.from_snapshot(bad, "eagle-wing")
    bad = g.snapshot()
    bad["r"][-1] = bad["r"][-1].upper()
    with pytest.raises(ValueError, match="face up where the rules"):
        Game.from_snapshot(bad, "eagle-wing")
    bad = g.snapshot()
    del bad["r"]
    with pytest.raises(ValueError, match="exactly the keys"):
        Game.from_snapshot(bad, "eagle-wing")
    with pytest.raises(ValueError):
        Game.from_snapshot("nope", "kansas")


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: "{not json",
        lambda d: json.dumps({**d, "format": "other"}),
        lambda d: json.dumps({**d, "version": 99}),
        lambda d: json.dumps({**d, "history": [["t0>t7"]]}),
        lambda d: json.dumps({**d, "history": ["draw"]}),
        lambda d: json.dumps({**d, "redo": [["t5>t6*4"]]}),
        lambda d: json.dumps({**d, "seed": (d["seed"] or 0) + 1}),
        lambda d: json.dumps({**d, "options": {"draw": 5}}),
        lambda d: json.dumps({**d, "options": {"colour": 1}}),
        lambda d: json.dumps({k: v for k, v in d.items() if k != "start"}),
        lambda d: json.dumps({**d, "state": {**d["state"], "w": []}}),
        lambda d: json.dumps([1, 2, 3]),
        # times: one finite number per history entry, or absent
        lambda d: json.dumps({**d, "times": "soon"}),
        lambda d: json.dumps({**d, "times": d["times"][:-1]}),
        lambda d: json.dumps({**d, "times": [*d["times"][:-1], "x"]}),
        lambda d: json.dumps({**d, "times": [*d["times"][:-1], True]}),
        lambda d: json.dumps({**d, "times": [*d["times"][:-1], 1e400]}),
        # redo: a list of non-empty lists of action strings
        lambda d: json.dumps({**d, "redo": {"draw": 1}}),
        lambda d: json.dumps({**d, "redo": "draw"}),
        lambda d: json.dumps({**d, "redo": [[{"a": 1}]]}),
        lambda d: json.dumps({**d, "history": {"draw": 1}}),
    ],
)
def test_corrupt_saved_games_raise_value_error(corrupt):
    g = Game("saratoga", seed=5)
    for _ in range(3):
        g.draw()
    g.undo()
    data = json.loads(g.to_json())
    with pytest.raises(ValueError):
        Game.from_json(corrupt(data))


def test_pictures():
    g = Game("kansas", seed=1)
    text = str(g)
    assert text.splitlines()[0].startswith("Kansas  seed 1  score 1")
    assert "t0: 9D" in text
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and 'data-card="9D"' in svg
    assert "seed=1" in repr(g)


def test_saved_game_without_times_loads():
    g = Game("saratoga", seed=5)
    g.draw()
    data = json.loads(g.to_json())
    del data["times"]
    assert Game.from_json(json.dumps(data)).history == ["draw"]


def test_only_ascii_digits_name_piles():
    g = Game("saratoga", seed=7)
    for text in ("t\uff10>t1", "t0>t\u0661", "t0>t1*\uff12", "f\uff10>t0"):
        with pytest.raises(IllegalMove, match="is not a move") as err:
            g.play(text)
        assert err.value.key == "malformed"
    assert g.history == []


def test_illegal_move_carries_its_reason_key_and_neutral_args():
    g = Game("saratoga", seed=7)
    with pytest.raises(IllegalMove) as err:
        g.play("t0>t1")
    e = err.value
    assert e.key == "tableau_colour"
    assert e.params["card"] == "3D" and e.params["target"] == "8H"
    assert e.text("en") == str(e) == g.explain("t0>t1")
    assert e.text("el") == g.explain("t0>t1", lang="el")


def test_foundation_move_is_what_a_double_click_does():
    g = Game("kansas", seed=1)
    assert str(g.foundation_move("t1")) == "t1>f1"
    assert g.foundation_move("t0") is None
    assert g.foundation_move("nonsense") is None


def _lost_by_random_play(seed: int) -> Game:
    g = Game("saratoga", seed=seed)
    rng = random.Random(seed)
    while g.status == "playing" and g.moves < 300:
        g.play(rng.choice(g.legal_moves))
    return g


def test_the_losing_move_and_the_fatal_move_from_python():
    g = _lost_by_random_play(2)  # a winnable deal, then lost by random play
    assert g.status == "lost" and Game("saratoga", seed=2).is_winnable(5) is True
    history = list(g.history)
    k = g.losing_move(seconds=5)
    assert k is not None and 1 <= k <= len(history)
    assert g.position(k - 1).is_winnable(5) is True
    assert g.position(k).is_winnable(5) is False
    before = g.position(k - 1)
    assert before.is_fatal(history[k - 1], seconds=5) is True
    # the winning line's first move keeps the win; nothing is played by asking
    line = before.solve(seconds=5).solution
    assert before.is_fatal(line[0], seconds=5) is False
    assert before.history == [] and g.history == history
    with pytest.raises(IllegalMove):
        before.is_fatal("t0>t0")
    # a game still winnable, or lost from the deal, has no losing move
    assert Game("saratoga", seed=2).losing_move() is None
    assert g.position(k - 1).losing_move() is None


def test_no_fatal_move_where_nothing_is_left_to_lose():
    g = _lost_by_random_play(2)
    k = g.losing_move(seconds=5)
    assert k is not None
    after = g.position(k)  # proved lost: every move keeps it lost
    assert all(after.is_fatal(m, seconds=5) is False for m in after.legal_moves)
