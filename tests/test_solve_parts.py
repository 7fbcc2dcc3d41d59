"""``SolveResult.parts``: which parts of a game's search knowledge a solve ran, each one
the game defines and its rules and options leave on (``solve_result.PARTS``); none for
the generic search or without pruning. And the declarations behind it hold: a game
that says its moves do not read the search's mirror switch searches the same with it
off, and Saratoga's blocked-card proof, off outside alternate colours, finds nothing
there."""

from __future__ import annotations

import contextlib

import pytest

from solitaire_widget import Game
from solitaire_widget.games import GAMES, make_rules, variants
from solitaire_widget.games.base import Rules
from solitaire_widget.search import BudgetSpent, Search
from solitaire_widget.solve_result import PARTS
from solitaire_widget.solver import solve


@pytest.mark.parametrize("v", variants(), ids=[v.label for v in variants()])
def test_each_solve_names_the_parts_it_ran_in_their_order(v):
    r = Game(v.game, seed=2, **v.options).solve(seconds=None, nodes=2_000)
    assert r.search == "game"
    assert set(r.parts) <= set(PARTS)
    assert list(r.parts) == [p for p in PARTS if p in r.parts]  # PARTS' order, no twice
    rules = make_rules(v.game, **v.options)
    # a part is named only where the game defines it
    if type(rules).safe_card is Rules.safe_card and type(rules).search_force is Rules.search_force:
        assert "safe moves" not in r.parts
    assert ("capacity proof" in r.parts) == bool(rules.search_capacity)
    assert ("probes" in r.parts) == bool(rules.search_probes)
    assert ("streamliners" in r.parts) == bool(rules.search_streamliners)
    assert ("pending rule" in r.parts) == (rules.search_pending_rule() is not None)


def test_nothing_is_named_without_pruning_or_for_the_generic_search():
    g = Game("kansas", seed=2)
    assert solve(g, seconds=None, nodes=2_000, prune=False, engine="python").parts == ()

    class OwnMoves(GAMES["eagle-wing"]):
        """A game written in a test whose legal moves are its own: the generic search."""

        def legal_moves(self, t):
            return super().legal_moves(t)

    r = Game(OwnMoves(), seed=2).solve(seconds=None, nodes=2_000)
    assert r.search == "generic" and r.parts == ()


def test_an_option_that_takes_a_proofs_rule_fact_away_takes_its_part_away():
    # Saratoga's blocked cards are argued for alternate colours only
    assert "blocked cards" in Game("saratoga", seed=5).solve(seconds=None, nodes=500).parts
    for build in ("suit", "any"):
        rules = make_rules("saratoga", build=build)
        assert "blocked cards" in rules.search_off()
        r = Game("saratoga", seed=5, build=build).solve(seconds=None, nodes=500)
        assert "blocked cards" not in r.parts
        # and the proof does turn itself off there: seed 5's opening Q♠ is found only
        # under alternate colours
        t = Game("saratoga", seed=5, build=build).table
        assert rules.blocked_cards(t.piles, t.hidden) == []
    t = Game("saratoga", seed=5).table
    assert t.rules.blocked_cards(t.piles, t.hidden) != []


def _nodes(table, mirror: bool, budget: int) -> int:
    s = Search(table)
    s.mirror = mirror
    with contextlib.suppress(BudgetSpent):  # undecided within the budget: its nodes
        s.run(None, budget)
    return s.nodes


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_mirror_declaration_is_what_the_moves_do(name):
    """A game whose ``search_mirror`` is False searches node for node the same with the
    switch off; one that says True searches differently on some deal (its moves read
    it)."""
    rules = GAMES[name]()
    differs = False
    for seed in range(1, 12):  # (the first deal it changes: Kansas's 4, Klondike's 10)
        t = Game(name, seed=seed).table
        a, b = _nodes(t, True, 1_000), _nodes(t, False, 1_000)
        if not rules.search_mirror:
            assert a == b, seed
        differs |= a != b
        if differs:
            break
    if rules.search_mirror:
        assert differs
