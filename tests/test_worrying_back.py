"""Worrying back as a rule switch (``worrying_back=False``), end to end: an option of
the games that have it, checked, saved, named and explained; the rules, the Python
search and the compiled core all keeping the foundations' cards where it is off; and
the search's pieces that rest on it sound both ways, against a brute force.

The games are found by the option, not by name: every registered game whose options
include ``worrying_back``.
"""

from __future__ import annotations

import random

import pytest
from solver_positions import brute_force, saratoga_game, small_position

from solitaire_widget import Game, core_search, rules_text
from solitaire_widget.cards import parse_code
from solitaire_widget.figures import options_key
from solitaire_widget.games import GAMES, make_rules, search_scope
from solitaire_widget.moves import FOUNDATIONS, Move
from solitaire_widget.solver import solve

SWITCHED = [n for n, cls in GAMES.items() if "worrying_back" in cls.option_names]
WITHOUT = [n for n, cls in GAMES.items() if "worrying_back" not in cls.option_names]
# of those, the games whose foundations keep their cards (Canfield has worrying back
# always, with no switch)
KEPT = [n for n in WITHOUT if not GAMES[n].foundations_in_play]
ENGINES = ["python", *(["core"] if core_search.available() else [])]


def parse(text: str) -> int:
    return parse_code(text)[0]


def test_the_switch_is_offered_where_worrying_back_is_the_rule():
    # the games whose foundations keep their cards have no such switch to turn
    assert SWITCHED and KEPT
    for name in SWITCHED:
        assert make_rules(name).foundations_in_play is True
    for name in KEPT:
        assert make_rules(name).foundations_in_play is False
    for name in WITHOUT:
        with pytest.raises(TypeError, match="no option worrying_back"):
            Game(name, worrying_back=False)


@pytest.mark.parametrize("name", SWITCHED)
def test_the_switch_is_an_option(name):
    on = Game(name, seed=3)
    off = Game(name, seed=3, worrying_back=False)
    # Aisleriot's rule is the default and is left out of the options, so that every
    # record made before the switch (statistics, saved games, published deals) names
    # the same game; off, it is named
    assert "worrying_back" not in on.options
    assert Game(name, seed=3, worrying_back=True).options == on.options
    assert off.options == {**on.options, "worrying_back": False}
    assert off.rules.foundations_in_play is False and on.rules.foundations_in_play is True
    assert options_key(off.options) != options_key(on.options)
    assert "worrying_back=False" in options_key(off.options)
    assert "worrying_back=False" in repr(off)
    # the same deal either way
    assert off.snapshot() == on.snapshot()


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("bad", [0, 1, "no", "False", None, 1.0, [False]])
def test_a_switch_that_is_not_a_bool_is_refused(name, bad):
    with pytest.raises(TypeError, match="worrying_back must be True or False"):
        Game(name, worrying_back=bad)


@pytest.mark.parametrize("name", SWITCHED)
def test_the_switch_is_saved_and_restored(name):
    g = Game(name, seed=11, draw=3, redeals=None, worrying_back=False)
    rng = random.Random(1)
    for _ in range(30):
        moves = g.legal_moves
        if not moves:
            break
        g.play(rng.choice(moves))
    h = Game.from_json(g.to_json())
    assert h.options == g.options and h.rules.foundations_in_play is False
    assert h.snapshot() == g.snapshot() and h.history == g.history
    # a saved game of the default rules stays as it was (no worrying_back in it)
    assert "worrying_back" not in Game(name, seed=11).to_json()


def position(name: str, worrying_back: bool) -> Game:
    """Clubs up to the 3, the other suits to the Queen; column t0 holds the 4 of
    hearts alone: the 3 of clubs may come down onto it only with worrying back."""
    cards = {
        "f": [
            ["AC", "2C", "3C"],
            [c + "D" for c in "A23456789TJQ"],
            [c + "H" for c in "A23"],
            [c + "S" for c in "A23456789TJQ"],
        ],
        "t": [["4H"], ["KD"], ["KS"], [], [], [], []],
        "s": [],
        "w": ["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
        + [c + "H" for c in "56789TJQK"],
        "redeals_used": 0,
    }
    return Game.from_snapshot(cards, name, worrying_back=worrying_back)


@pytest.mark.parametrize("name", SWITCHED)
def test_without_it_the_foundations_keep_their_cards(name):
    on, off = position(name, True), position(name, False)
    down = Move.parse("f0>t0")
    assert down in on.legal_moves and on.table.reason(down) is None
    assert off.table.reason(down) == "foundation_kept"
    assert not [m for m in off.legal_moves if m.src in FOUNDATIONS]
    assert [m for m in on.legal_moves if m.src in FOUNDATIONS]
    # explained in the rule's words, in both languages
    assert "Worrying back is switched off" in off.explain("f0>t0")
    assert off.explain("f0>t0").startswith("Illegal")
    assert "επιστροφή φύλλων από τις Βάσεις" in off.explain("f0>t0", lang="el")
    assert on.explain("f0>t0").startswith("Legal")
    # the game refuses it too, and changes nothing
    before = off.snapshot()
    with pytest.raises(Exception, match="Worrying back is switched off"):
        off.play("f0>t0")
    assert off.snapshot() == before
    # and the compiled core's plain rules agree, move for move
    if core_search.available(name):
        for g in (on, off):
            assert sorted(core_search.legal_moves(g.table)) == sorted(map(str, g.legal_moves))
            t = g.table
            triples = core_search.compiled(t).legal_moves(t.piles, t.hidden, t.redeals_used)
            assert triples == [tuple(m) for m in g.legal_moves]


@pytest.mark.parametrize("name", SWITCHED)
def test_the_rules_text_says_so(name):
    for lang, words in (("en", "no worrying back"), ("el", "χωρίς επιστροφή από τις Βάσεις")):
        off = rules_text(make_rules(name, worrying_back=False), lang)
        assert words in off
        assert off.startswith(rules_text(name, lang).rstrip("\n"))
        assert words not in rules_text(make_rules(name), lang)
        assert words not in rules_text(name, lang)


@pytest.mark.parametrize("name", SWITCHED)
def test_its_search_is_trusted_and_the_core_reads_the_trait(name):
    rules = make_rules(name, worrying_back=False)
    # an option, argued for by the game's search: not a rule change
    assert search_scope.untrusted(rules) is None
    assert rules.core_traits()["foundations_in_play"] is False
    assert make_rules(name).core_traits()["foundations_in_play"] is True
    assert core_search.available(rules) == core_search.available(name)


def test_a_part_that_knows_no_worrying_back_refuses_the_trait():
    core = pytest.importorskip("solitaire_core")
    for name in KEPT:
        rules = make_rules(name)
        if rules.core_part is None:
            continue
        base = 1 if rules.has_base_card else None
        core.Rules(rules.core_part, rules.core_traits(), base)  # as it is: fine
        traits = {**rules.core_traits(), "foundations_in_play": True}
        with pytest.raises(ValueError, match="knows no worrying back"):
            core.Rules(rules.core_part, traits, base)
        with pytest.raises(TypeError, match="foundations_in_play"):
            core.Rules(rules.core_part, {**traits, "foundations_in_play": 1}, base)


# ---- soundness: the pieces of the search that rest on worrying back -------------------

# the switched game dealt face up (solver_positions builds its end games)
SA = next(n for n in SWITCHED if not GAMES[n].hidden_cards)


def blocked_queen(worrying_back: bool) -> Game:
    """Q♠ lies on A♠; both Kings it may go onto are up, and an empty column waits. With
    worrying back a King comes down into the empty column, Q♠ goes onto it, and every
    spade follows: won. Without it Q♠ can never move: lost, on its face."""
    rest = [parse(c + "S") for c in "23456789TJK"]
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": worrying_back},
        [13, 13, 13, 0],
        [[parse("AS"), parse("QS")], [], [], [], [], [], []],
        rest[::-1],
        [],
    )


def test_a_card_whose_ways_out_are_up_is_blocked_only_without_worrying_back():
    # The blocked-card fixed point counts one of X's two cards on a foundation as a
    # way out only where it may come down (worrying back). The narrower form, argued
    # for foundations that keep their cards, would call this deal lost with worrying
    # back on, where the brute force wins it: the test fails if the switch is ignored
    # either way.
    on, off = blocked_queen(True), blocked_queen(False)
    queen = parse("QS")
    assert on.rules.blocked_cards(on.table.piles) == []
    assert off.rules.blocked_cards(off.table.piles) == [queen]
    assert brute_force(on) is True and brute_force(off) is False
    for engine in ENGINES:
        won = solve(on, seconds=None, nodes=100_000, engine=engine)
        assert won.result == "won", engine
        replay = blocked_queen(True)
        for action in won.solution:
            replay.play(action)
        assert replay.is_won
        lost = solve(off, seconds=None, nodes=100_000, engine=engine)
        assert lost.result == "lost" and lost.nodes == 0, engine


OPTIONS = [{"draw": 1, "redeals": None}, {"draw": 1, "redeals": 0}, {"draw": 3, "redeals": 0}]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_verdicts_with_and_without_worrying_back_match_brute_force(options):
    # Hundreds of small end games, each under both settings: the pruned search (its
    # default solve, probes and loosest rules included, and the main search alone) and
    # the search with no pruning, in both engines, give the brute force's verdict, and
    # every win replays. The switch must decide some of them (won with it, lost
    # without), and lost ones must occur, for this to mean anything.
    rng = random.Random(f"worrying back{options}")
    checked = decided_by_it = lost = 0
    for i in range(220):
        g = small_position(SA, options, rng, rng.randint(8, 18), hard=i % 2 == 1)
        state = g.snapshot()
        truths = {}
        for wb in (True, False):
            h = Game.from_snapshot(state, SA, worrying_back=wb, **options)
            truth = brute_force(h, 20_000)
            if truth is None:
                break
            truths[wb] = truth
            want = "won" if truth else "lost"
            for engine in ENGINES:
                for r in (
                    solve(h, seconds=None, nodes=200_000, engine=engine),
                    solve(h, seconds=None, nodes=200_000, engine=engine, probes=False),
                    solve(h, seconds=None, nodes=200_000, engine=engine, prune=False),
                ):
                    assert r.result == want, (state, wb, engine, r)
                    if want == "won":
                        k = Game.from_snapshot(state, SA, worrying_back=wb, **options)
                        for action in r.solution:
                            k.play(action)
                        assert k.is_won
        if len(truths) < 2:
            continue
        checked += 1
        # turning worrying back off only takes moves away
        assert truths[True] or not truths[False], state
        decided_by_it += truths[True] and not truths[False]
        lost += not truths[False]
    print(f"{options}: {checked} checked, {decided_by_it} decided by the switch, {lost} lost")
    assert checked >= 150 and decided_by_it >= 3 and lost >= 10, (checked, decided_by_it, lost)
