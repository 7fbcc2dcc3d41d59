"""Verdicts against a brute-force search that uses no pruning at all.

The positions are small end games (tests/solver_positions.py): a few cards off the
foundations, so that ``Table.legal_moves`` can be searched exhaustively. Both the solver
and the solver with every dominance rule off must agree with the brute force; a "lost"
from the solver is then a position where no line at all wins.
"""

from __future__ import annotations

import functools
import random

import pytest
from solver_positions import (
    GAMES,
    blocked_candidate,
    brute_force,
    small_position,
    stock_heavy,
    twin_candidate,
)

from solitaire_widget import Game, core_search
from solitaire_widget.games import GAMES as REGISTERED
from solitaire_widget.moves import RESERVE
from solitaire_widget.solver import solve

# The deep checks of the search take minutes; the fast tier leaves them to the full run.
pytestmark = pytest.mark.slow

N = 16  # positions per variant and kind (plain, hard)
# both searches: the Python reference and the compiled core, where it loads
ENGINES = ["python", *(["core"] if core_search.available() else [])]


def engines(name: str) -> list[str]:
    """The engines that search game ``name``: the core only where it has its part."""
    return ["python", *(["core"] if core_search.available(name) else [])]


LOST: dict[str, int] = {}


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_verdicts_match_brute_force(name, options):
    rng = random.Random(f"{name}{options}")
    checked = 0
    for i in range(2 * N):
        hard = i % 2 == 1
        off = rng.randint(12, 20) if hard else rng.randint(6, 14)
        g = small_position(name, options, rng, off, hard=hard)
        truth = brute_force(g, 20_000)
        if truth is None:
            continue  # too big to search blindly
        checked += 1
        want = "won" if truth else "lost"
        for engine in engines(name):
            fast = solve(g, seconds=None, nodes=200_000, engine=engine)
            plain = solve(g, seconds=None, nodes=200_000, prune=False, engine=engine)
            assert fast.result == want, (g.snapshot(), g.base_rank, fast)
            assert plain.result == want, (g.snapshot(), g.base_rank, plain)
        LOST[f"{name}{options}"] = LOST.get(f"{name}{options}", 0) + (want == "lost")
        if want == "won":
            for action in fast.solution:
                g.play(action)
            assert g.is_won
    assert checked >= N


def on_and_off_against_brute_force(
    name: str, options: dict, search, tag: str, positions: int, off: tuple[int, int]
) -> tuple[int, int, int]:
    """End games with ``off`` cards off the foundations: with a reduction and without it
    (``search(g, engine, on)``), both engines give the brute force's verdict and every
    win replays. Returns how many the brute force decided, how many the reduction
    changed the search on, and how many of those were lost."""
    rng = random.Random(tag)
    checked = changed = changed_lost = 0
    for i in range(positions):
        g = small_position(name, options, rng, rng.randint(*off), hard=i % 2 == 1)
        if len(g.table.piles[RESERVE]) > 12:
            continue  # a reserve never holds more than it is dealt
        truth = brute_force(g, 20_000)
        if truth is None:
            continue
        checked += 1
        want = "won" if truth else "lost"
        for engine in engines(name):
            on = search(g, engine, True)
            no = search(g, engine, False)
            assert on[0] == no[0] == want, (g.snapshot(), g.base_rank, engine)
            if want == "won":
                h = Game.from_snapshot(g.snapshot(), name, base=g.base_rank, **options)
                for action in on[2]:
                    h.play(action)
                assert h.is_won
            if engine == ENGINES[0] and on[1] != no[1]:
                changed += 1
                changed_lost += want == "lost"
    return checked, changed, changed_lost


def searched(g: Game, engine: str, bared: bool) -> tuple[str, int, list[str]]:
    from solitaire_widget.core_search import CoreSearch
    from solitaire_widget.search import Search

    s = CoreSearch(g.table) if engine == "core" else Search(g.table)
    s.send_bared = bared
    # the rule alone: the columns' capacity, which would end many of these lost end
    # games before a group move is made, has a test of its own (below)
    s.capacity = False
    result, line = s.run(None, 200_000)
    return result, s.nodes, list(line)


# (with unlimited redeals end games are mostly won by forced moves alone)
BARED = [
    (n, o) for n, o in GAMES if REGISTERED[n].search_bared_up and o.get("redeals", 0) is not None
]


@pytest.mark.parametrize(("name", "options"), BARED, ids=str)
def test_a_card_laid_bare_goes_up_at_once_matches_brute_force(name, options):
    # a game that sends a card a group move laid bare up at once (search_bared_up): end
    # games with 12 to 22 cards off the foundations, with the rule and without it, both
    # engines give the brute force's verdict, every win replays, and the rule changes
    # the search on many of them, lost ones among them (with unlimited redeals such end
    # games are mostly won by forced moves alone: test_core.py covers that rule set)
    checked, changed, changed_lost = on_and_off_against_brute_force(
        name, options, searched, f"laid bare{options}", 120, (12, 22)
    )
    assert checked >= 80 and changed >= 30 and changed_lost >= 1, (checked, changed, changed_lost)


def test_lost_positions_were_among_them():
    # the check above means something only if lost positions occur among them
    if len(LOST) < len(GAMES):
        pytest.skip("run with the brute-force checks above")
    assert LOST["kansas{}"] >= 3
    assert sum(v for k, v in LOST.items() if k.startswith("saratoga")) >= 2


def answers_at_once_iff_blocked(g: Game, blocked: bool) -> None:
    """Both engines answer "lost" with no search exactly where the position is blocked."""
    for engine in ENGINES:
        r = solve(g, seconds=None, nodes=0, engine=engine)
        assert (r.result == "lost") == blocked and (r.nodes == 0 or not blocked)


@pytest.mark.parametrize("options", [{"draw": 1, "redeals": 0}, {"draw": 3, "redeals": 0}])
def test_a_position_blocked_on_its_face_is_lost(options):
    # End games built around the blocked pattern, some blocked, some a near miss (X lies
    # validly on one of the cards under it): no blocked one may be won, and the
    # brute force must confirm some blocked ones lost for this to mean anything. One
    # pass through the stock keeps the brute force small; the pattern never looks at
    # the stock.
    rng = random.Random(f"blocked{options}")
    confirmed = near_misses_won = 0
    for _ in range(40):
        g = blocked_candidate(options, rng)
        blocked = g.table.rules.search_blocked(g.table.piles)
        truth = brute_force(g, 5_000)
        assert not (blocked and truth), g.snapshot()
        confirmed += blocked and truth is False
        near_misses_won += truth is True
        answers_at_once_iff_blocked(g, blocked)
    assert confirmed >= 2 and near_misses_won >= 10


@pytest.mark.parametrize(
    "options",
    [{"draw": 1, "redeals": 0}, {"draw": 3, "redeals": 0}, {"draw": 1, "redeals": None}],
)
def test_a_position_blocked_by_twins_is_lost(options):
    # End games built around the twins' pattern (X and its twin wanting the one card
    # not under X), a third of them a near miss. No blocked one may be won: the brute
    # force looks for a win among its first 5,000 positions (wins come early), and the
    # search with no pruning (itself checked against the brute force above) settles
    # every one, so that no blocked one may be won either way; and blocked ones proved
    # lost and others won must both occur for this to mean anything.
    rng = random.Random(f"twins{options}")
    blocked_lost = others_won = 0
    for _ in range(40):
        g = twin_candidate(options, rng)
        blocked = g.table.rules.search_blocked(g.table.piles)
        assert not (blocked and brute_force(g, 5_000)), g.snapshot()
        plain = solve(g, seconds=None, nodes=3_000_000, prune=False, engine=ENGINES[-1])
        assert plain.result != "unknown"
        assert not (blocked and plain.result == "won"), g.snapshot()
        blocked_lost += blocked
        others_won += not blocked and plain.result == "won"
        answers_at_once_iff_blocked(g, blocked)
    assert blocked_lost >= 10 and others_won >= 10


def test_the_twins_block_seed_324():
    # Q♠ and Q♣ lie in that order over 2♠, 4♣ and K♦: K♥ can take only one of them, so
    # Q♠ never moves (a search needs tens of millions of positions to see it)
    for options in ({"draw": 1, "redeals": None}, {"draw": 1}, {"draw": 3, "redeals": None}):
        g = Game("saratoga", seed=324, **options)
        assert g.table.rules.blocked_cards(g.table.piles) == [50]  # Q♠
        for engine in ENGINES:
            r = solve(g, seconds=None, nodes=0, engine=engine)
            assert r.result == "lost" and r.nodes == 0


def without_waste_classes(m: pytest.MonkeyPatch) -> None:
    """The Python search as it was before the waste's classes: its exact place keyed,
    no rank, no dominance between classes."""
    from solitaire_widget import search
    from solitaire_widget.moves import WASTE

    m.setattr(search.Search, "dominated_by", lambda self, key: [])
    m.setattr(search.Search, "rank", lambda self: 0)
    m.setattr(search.Search, "waste_len", lambda self: len(self.piles[WASTE]))


def test_the_waste_classes_of_three_a_click_match_brute_force(monkeypatch):
    # Three cards a click, unlimited redeals: where the waste stands is keyed by its
    # class (Search.waste_len), ranked within it, and the empty waste's cycle is
    # dominated by the same cards in another class. End games with most cards in the
    # stock and the waste, where that matters: verdicts equal the brute force's (and
    # the search's without the classes).
    options = {"draw": 3, "redeals": None}
    rng = random.Random("waste classes")
    checked = 0
    for _ in range(40):
        g = stock_heavy(options, rng)
        truth = brute_force(g, 20_000)
        if truth is None:
            continue
        checked += 1
        want = "won" if truth else "lost"
        for engine in ENGINES:
            r = solve(g, seconds=None, nodes=200_000, engine=engine)
            assert r.result == want, (g.snapshot(), engine, r)
            if want == "won":
                h = Game.from_snapshot(g.snapshot(), "saratoga", **options)
                for action in r.solution:
                    h.play(action)
                assert h.is_won
        with monkeypatch.context() as m:
            without_waste_classes(m)
            assert solve(g, seconds=None, nodes=200_000, engine="python").result == want
    assert checked >= 30


@pytest.mark.parametrize("seed", [73, 74])
def test_the_waste_classes_prune_a_lost_deal_and_keep_its_verdict(monkeypatch, seed):
    # deals of three cards a click that a real search proves lost (end games small
    # enough for the brute force are all won): the same verdict with fewer nodes
    g = Game("saratoga", seed=seed, draw=3, redeals=None)
    with_classes = solve(g, seconds=None, nodes=None, engine="python", probes=False)
    with monkeypatch.context() as m:
        without_waste_classes(m)
        without = solve(g, seconds=None, nodes=None, engine="python", probes=False)
    assert with_classes.result == without.result == "lost"
    assert with_classes.nodes < without.nodes


def switched(
    g: Game, engine: str, on: bool, switch: str = "capacity"
) -> tuple[str, int, list[str]]:
    from solitaire_widget.core_search import CoreSearch
    from solitaire_widget.search import Search

    s = CoreSearch(g.table) if engine == "core" else Search(g.table)
    setattr(s, switch, on)
    result, line = s.run(None, 200_000)
    return result, s.nodes, list(line)


# the games whose search proves a position lost when its columns cannot hold what must
# wait in them, under rules with one pass through the stock (where the argument holds)
CAPACITY = [
    (n, o)
    for n, o in GAMES
    if REGISTERED[n].search_capacity and Game(n, **o).table.rules.max_redeals == 0
]


@pytest.mark.parametrize(("name", "options"), CAPACITY, ids=str)
def test_full_columns_prove_only_lost_end_games(name, options):
    # end games with 14 to 26 cards off the foundations: with the proof and without it,
    # both engines give the brute force's verdict and every win replays; the proof
    # changes the search on many of them, most of them lost (it only ever ends a
    # position), and ends some lost ones within a handful of nodes
    checked, changed, changed_lost = on_and_off_against_brute_force(
        name, options, switched, f"capacity{options}", 200, (14, 26)
    )
    assert checked >= 150 and changed >= 15 and changed_lost >= 10, (
        checked,
        changed,
        changed_lost,
    )


# the capacity proof's parts, each switched on and off alone: "column_starts" (a column
# starts only at a card that can lie at its bottom) and "suit_order" (the cards up at a
# moment are a run of places per suit, not any count between the blocked cards and all
# of them); the tag seeds the end games drawn for it (kept as it was, so that each part
# meets the same end games as before the two tests became one)
PARTS = [("column_starts", "starts"), ("suit_order", "suits")]


@pytest.mark.parametrize(("switch", "tag"), PARTS, ids=[p[0] for p in PARTS])
@pytest.mark.parametrize(("name", "options"), CAPACITY, ids=str)
def test_a_part_of_the_capacity_proof_proves_only_lost_end_games(name, options, switch, tag):
    # the brute force's verdict both ways, every win replayed, and lost end games the
    # part ends sooner
    checked, changed, changed_lost = on_and_off_against_brute_force(
        name,
        options,
        functools.partial(switched, switch=switch),
        f"{tag}{options}",
        200,
        (14, 26),
    )
    assert checked >= 150 and changed >= 3 and changed_lost >= 3, (
        checked,
        changed,
        changed_lost,
    )
