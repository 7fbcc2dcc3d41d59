"""The generic search, and the rule that decides when a game's own search is used.

A game's search knowledge (its hooks, its part in the compiled core) is argued for the
rules of the class that writes it (games/search_scope.py). A subclass that changes a
rule gets the generic search (generic_search.py): its verdicts must be those of a plain
brute force over the rules' own moves, which this file writes again on its own. A
subclass that changes only words keeps the game's search, node for node. And the rule
matters: a subclass below shows the inherited search calling a won end game lost.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

import pytest
from solver_positions import GAMES, saratoga_game, small_position

from solitaire_widget import core_search
from solitaire_widget.games import GAMES as REGISTERED
from solitaire_widget.games import make_rules
from solitaire_widget.games.base import Rules, Table
from solitaire_widget.games.search_scope import owner, untrusted
from solitaire_widget.generic_search import GenericSearch, every_move, trusts_legal_moves
from solitaire_widget.moves import FIRST_TABLEAU, RESERVE, Move
from solitaire_widget.search import BudgetSpent, Search
from solitaire_widget.solver import Solver, solve

CORE = core_search.available()
SARATOGA = REGISTERED["saratoga"]
KANSAS = REGISTERED["kansas"]
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 13, 26, 39


def dfs(t: Table, limit: int) -> bool | None:
    """Whether some line of ``t.legal_moves()`` wins: every move, exact positions as
    keys (every pile card for card, the face-down counts, the redeals used where they
    are limited), nothing else. None past ``limit`` positions."""
    t = t.copy()

    def moves():
        # every legal move; up first and down last find wins sooner
        return iter(sorted(t.legal_moves(), key=lambda m: (m.dst > 6, 3 <= m.src <= 6)))

    def key() -> tuple:
        used = t.redeals_used if t.rules.max_redeals is not None else 0
        return (used, tuple(t.hidden), tuple(tuple(p) for p in t.piles))

    if t.is_won():
        return True
    seen = {key()}
    stack = [moves()]
    records = []
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if records:
                t.revert(records.pop())
            continue
        rec = t.apply(move)
        if t.is_won():
            return True
        k = key()
        if k in seen:
            t.revert(rec)
            continue
        if len(seen) >= limit:
            return None
        seen.add(k)
        records.append(rec)
        stack.append(moves())
    return False


def replays(t: Table, line: list[str]) -> bool:
    """Whether ``line`` is legal move by move on a copy of ``t`` (the referee
    ``Game.play`` asks, ``Table.reason``) and wins it."""
    t = t.copy()
    for action in line:
        move = Move.parse(action)
        if t.reason(move) is not None:
            return False
        t.apply(move)
    return t.is_won()


def under(rules: Rules, table: Table) -> Table:
    """``table``'s position under ``rules``."""
    return Table(
        rules, [list(p) for p in table.piles], table.redeals_used, table.base, list(table.hidden)
    )


# ---- rule changes a teacher might write ------------------------------------------------


class KansasInSuit(KANSAS):
    """Kansas whose columns build down in suit only (the move generator written anew
    from the definition, as a teacher would)."""

    name = "kansas-in-suit"
    columns_build_in_suit = True
    legal_moves = Rules.enumerate_moves

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        why = super().drop_reason(t, src, n, dst)
        top = t.piles[dst][-1] if dst >= FIRST_TABLEAU and t.piles[dst] else None
        if why is None and top is not None and top // 13 != t.piles[src][-n] // 13:
            return "column_suit"
        return why


class SaratogaAnyEmpty(SARATOGA):
    """Saratoga whose empty columns take any card, not only a King."""

    name = "saratoga-any-empty"
    empty_column = "any"
    legal_moves = Rules.enumerate_moves

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        if dst >= FIRST_TABLEAU and not t.piles[dst]:
            return None
        return super().drop_reason(t, src, n, dst)


class SaratogaLooserOnly(SARATOGA):
    """The same looser rule, with the game's fast generator inherited (it knows nothing
    of the new rule): the generic search must not trust it."""

    name = "saratoga-looser"

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        if dst >= FIRST_TABLEAU and not t.piles[dst]:
            return None
        return super().drop_reason(t, src, n, dst)


class KansasRenamed(KANSAS):
    """Kansas with other words only."""

    name = "kansas-renamed"
    title = "Prairie"
    title_el = "Λιβάδι"
    texts: ClassVar = {"en": {"pile_r": "the heap"}}

    def aisleriot_hints(self, t):  # the help, not the rules
        return super().aisleriot_hints(t)


def blocked_but_won() -> Table:
    """A Saratoga end game its search proves lost on its face: the Queen of spades lies
    on the Jack it needs, both red Kings under them, and no column top takes it (its
    blocked cards). With empty columns taking any card it is won in seven moves: the
    Queen to an empty column, then everything up."""
    g = saratoga_game(
        {"draw": 1, "redeals": 2},
        [13, 12, 12, 10],
        [[HEARTS + 12, DIAMONDS + 12, SPADES + 10, SPADES + 11], [], [], [], [], [], []],
        [],
        [SPADES + 12],
    )
    return under(SaratogaAnyEmpty(draw=1, redeals=2), g.table)


# ---- the rule ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(REGISTERED))
def test_the_shipped_games_keep_their_search(name):
    assert untrusted(REGISTERED[name]()) is None
    for variant in REGISTERED[name].variants + REGISTERED[name].rule_sets:
        assert untrusted(make_rules(name, **variant.options)) is None


@pytest.mark.parametrize("cls", [KansasInSuit, SaratogaAnyEmpty, SaratogaLooserOnly])
def test_a_rule_change_gets_the_generic_search_and_no_core(cls):
    rules = cls()
    why = untrusted(rules)
    assert why is not None and "drop_reason" in why and cls.__name__ in why
    assert not core_search.available(rules)
    assert not core_search.available(cls)
    if CORE:
        if issubclass(cls, KANSAS):
            table = under(rules, small_position("kansas", {}, random.Random(1), 8).table)
        else:
            table = under(rules, blocked_but_won())
        with pytest.raises(RuntimeError, match=r"engine='core'.*drop_reason"):
            solve(table, engine="core")
        with pytest.raises(RuntimeError, match="plays other rules"):
            core_search.CoreSearch(table)
        assert solve(table, seconds=None, nodes=50_000).engine == "python"


def test_a_trait_alone_is_a_rule_change():
    class Wide(SARATOGA):
        empty_column = "any"

    assert "empty_column" in untrusted(Wide())


def test_a_helper_the_parents_rules_call_is_a_rule_change():
    class Helper(KANSAS):
        def _fits_started_foundation(self, t, card):
            return True

    assert "_fits_started_foundation" in untrusted(Helper())


def test_a_rule_set_on_an_instance_is_a_rule_change():
    rules = KANSAS()
    rules.drop_reason = lambda *a: None  # type: ignore[method-assign]
    assert "instance" in untrusted(rules)
    # the options the constructor sets are not
    assert untrusted(make_rules("saratoga", draw=3, redeals=None)) is None


def test_a_class_that_argues_its_parents_search_keeps_it():
    # Klondike changes Saratoga's rules (face-down cards) and says its search holds
    assert owner(REGISTERED["klondike"], "search_moves") is REGISTERED["klondike"]
    assert owner(REGISTERED["klondike"], "blocked_cards") is REGISTERED["klondike"]

    class Unargued(SARATOGA):
        hidden_cards = True

        def deal_hidden(self):
            return REGISTERED["klondike"].deal_hidden(self)

    assert "deal_hidden" in untrusted(Unargued())


def test_a_game_with_no_search_of_its_own_is_searched_generically():
    class Bare(KANSAS):
        search_moves = Rules.search_moves

    assert untrusted(Bare()) is not None


def test_a_change_of_words_keeps_the_search_node_for_node():
    rules = KansasRenamed()
    assert untrusted(rules) is None
    rng = random.Random("renamed")
    compared = 0
    for _ in range(12):
        g = small_position("kansas", {}, rng, rng.randint(8, 16), hard=True)
        mine = under(rules, g.table)
        for engine in ["python", *(["core"] if CORE else [])]:
            parent = solve(g, seconds=None, nodes=100_000, engine=engine)
            child = solve(mine, seconds=None, nodes=100_000, engine=engine)
            assert child.search == parent.search == "game"
            assert (child.result, child.nodes, child.solution) == (
                parent.result,
                parent.nodes,
                parent.solution,
            )
            compared += 1
    assert compared >= 12


# ---- the unsound inheritance, shown ---------------------------------------------------


def test_the_inherited_search_calls_a_won_end_game_lost():
    t = blocked_but_won()
    # what the rules allow: the brute force wins it
    assert dfs(t, 10_000) is True
    # the search Saratoga argued for its own rules, run on these (bypassing the rule):
    # its blocked cards end it at once, and without them its move generator still never
    # offers the Queen an empty column
    assert Search(t).run(None, None) == ("lost", [])
    plain = Search(t, prune=False)
    assert plain.run(None, 100_000)[0] == "lost"
    # the solver now runs the generic search: won, and the line replays
    found = solve(t, seconds=None, nodes=100_000)
    assert (found.result, found.search, found.engine) == ("won", "generic", "python")
    assert replays(t, found.solution)
    # engine "auto" picks the Python search, generic
    assert solve(t, seconds=None, engine="auto").search == "generic"


def test_an_inherited_fast_generator_is_not_trusted_after_a_rule_change():
    rules = SaratogaLooserOnly(draw=1, redeals=2)
    assert not trusts_legal_moves(rules)
    assert trusts_legal_moves(SARATOGA()) and trusts_legal_moves(SaratogaAnyEmpty())
    t = under(rules, blocked_but_won())
    # the game's fast generator, written for the rule changed, gave way to the rules'
    # own enumeration (Rules.rules_changed) and finds the new move; that stand-in is not
    # trusted to list every move either: the search asks the referee (reason) itself
    assert SaratogaLooserOnly.rules_changed == ("drop_reason",)
    assert SaratogaLooserOnly.legal_moves is Rules.legal_moves
    assert Move.parse("t0>t1") in t.legal_moves()
    assert Move.parse("t0>t1") in every_move(t)
    found = solve(t, seconds=None, nodes=100_000)
    assert found.result == "won" and replays(t, found.solution)


# ---- the generic search against the brute force ------------------------------------------


def against_brute_force(
    rules_of, name: str, options: dict, seed: str, positions: int, limit: int = 4_000
) -> int:
    """End games of ``name`` under ``rules_of(options)``: the generic search gives the
    brute force's verdict, its wins replay, and the game's own search (where its
    knowledge holds) agrees wherever both decide. Returns how many were decided."""
    rng = random.Random(seed)
    checked = undecided = 0
    for i in range(positions):
        g = small_position(name, options, rng, rng.randint(5, 12), hard=i % 2 == 1)
        if len(g.table.piles[RESERVE]) > 12:
            continue
        t = under(rules_of(options), g.table)
        truth = dfs(t, limit)
        if truth is None:
            continue
        checked += 1
        want = "won" if truth else "lost"
        s = GenericSearch(t)
        try:
            # a loss: the brute force's positions, each expanded once (fewer than 100
            # moves a position), is all the generic search may search
            result, line = s.run(None, 100 * limit)
        except BudgetSpent:
            # a win the brute force's order met early may come late in another order:
            # undecided is no wrong answer, but a few only
            assert want == "won", (g.snapshot(), g.base_rank)
            undecided += 1
            continue
        assert result == want, (g.snapshot(), g.base_rank)
        if want == "won":
            assert replays(t, line)
        result = solve(t, seconds=None, nodes=200_000)
        assert result.result in (want, "unknown")
        assert result.search == ("game" if untrusted(t.rules) is None else "generic")
    assert undecided <= checked // 10
    return checked


FAST = [(n, o) for n, o in GAMES if o == dict(make_rules(n).options)] or GAMES[:4]


@pytest.mark.parametrize(("name", "options"), FAST, ids=str)
def test_generic_search_matches_brute_force_fast(name, options):
    assert against_brute_force(lambda o, n=name: make_rules(n, **o), name, options, "fast", 16) >= 6


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES, ids=str)
def test_generic_search_matches_brute_force(name, options):
    assert (
        against_brute_force(lambda o, n=name: make_rules(n, **o), name, options, "slow", 300) >= 100
    )


def test_kansas_in_suit_matches_brute_force():
    assert against_brute_force(lambda o: KansasInSuit(**o), "kansas", {}, "suit", 24) >= 8


@pytest.mark.slow
@pytest.mark.parametrize("cls", [KansasInSuit, SaratogaAnyEmpty, SaratogaLooserOnly])
def test_rule_changes_match_brute_force(cls):
    name = "kansas" if issubclass(cls, KANSAS) else "saratoga"
    assert against_brute_force(lambda o: cls(**o), name, {}, cls.__name__, 200) >= 50


# ---- budgets -------------------------------------------------------------------------


def test_generic_search_keeps_to_its_budgets_and_goes_on():
    rng = random.Random(3)
    g = small_position("saratoga", {"draw": 1, "redeals": 2}, rng, 14, hard=True)
    t = under(SaratogaAnyEmpty(draw=1, redeals=2), g.table)
    s = Solver(t)
    first = s.run(seconds=None, nodes=600)
    if first.result == "unknown":
        assert first.nodes <= 600 + 512 and first.search == "generic"
        later = s.run(seconds=5, nodes=None)
        assert later.nodes >= first.nodes
    for bad in (math.nan, -1.0, math.inf):
        with pytest.raises(ValueError):
            solve(t, seconds=bad)
    with pytest.raises((TypeError, ValueError)):
        GenericSearch(t).run(None, True)  # type: ignore[arg-type]


def test_a_draw_cycle_ends():
    # unlimited redeals, one card a click: the stock goes round for ever, the memo ends it
    g = small_position("saratoga", {"draw": 1, "redeals": None}, random.Random(9), 6)
    t = under(SaratogaAnyEmpty(draw=1, redeals=None), g.table)
    result, _ = GenericSearch(t).run(30, 2_000_000)
    assert result == ("won" if dfs(t, 200_000) else "lost")
