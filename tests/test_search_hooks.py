"""The search takes everything game-specific from the game's ``Rules``: it names no
game, uses each game's own hooks, refuses a game that has none, and shares its safe
test with ``Game.autoplay``."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget.solver as solver
from solitaire_widget import Game
from solitaire_widget.games import GAMES, Rules, Table, rule_sets
from solitaire_widget.games.kansas import Kansas
from solitaire_widget.moves import FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE
from solitaire_widget.solver import Search, Solver, solve

VARIANTS = [(v.game, dict(v.options)) for v in rule_sets()]


def test_the_search_names_no_game() -> None:
    source = Path(solver.__file__).read_text(encoding="utf-8").lower()
    words = {"eagle", "kansas", "saratoga"}
    for cls in GAMES.values():
        words |= {cls.name, cls.title.lower(), cls.title_el.lower()}
    for word in words:
        assert not re.search(re.escape(word), source), word


class Fourth(Rules):
    """A game with its rules but none of the search's hooks."""

    name = "fourth"
    title = "Fourth"
    title_el = "Τέταρτο"
    n_tableau = 2
    empty_column = "any"

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        return None if n == 1 else "single_stack"

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        pile = t.piles[dst]
        card = t.piles[src][-1]
        if dst in FOUNDATIONS:
            if not pile:
                return None if card % 13 == 0 else "foundation_ace"
            return None if card == pile[-1] + 1 and card % 13 else "foundation_rank"
        return None


def _fourth_table() -> Table:
    rules = Fourth()
    piles = rules.empty_piles()
    piles[STOCK] = list(range(2, 52))
    piles[FIRST_TABLEAU] = [1]
    piles[FIRST_TABLEAU + 1] = [0]
    return Table(rules, piles)


def test_a_game_without_search_hooks_is_refused_by_name() -> None:
    table = _fourth_table()
    with pytest.raises(NotImplementedError, match=r"Fourth cannot be searched.*search_moves"):
        Search(table)
    # the solver searches it with the generic search (its own moves, no pruning),
    # never with another game's knowledge
    found = solve(table, nodes=100, engine="python")
    assert found.search == "generic" and found.result in ("won", "unknown")
    # and never gets another game's: the defaults of the other hooks are the cautious ones
    rules = table.rules
    assert rules.safe_card(table.piles, None, 0) is False
    assert rules.search_pending_rule() is None and rules.loosest() is None
    assert rules.search_blocked(table.piles) is False
    assert rules.search_probes is False and rules.search_streamliners == ()


def test_the_general_foundation_fit_asks_drop_reason() -> None:
    table = _fourth_table()
    rules = table.rules
    assert rules.foundation_for(table.piles, None, 0) == FOUNDATIONS[0]  # an Ace
    assert rules.foundation_for(table.piles, None, 1) == 0
    table.piles[FOUNDATIONS[2]].append(0)
    assert rules.foundation_for(table.piles, None, 1) == FOUNDATIONS[2]
    assert table.piles[WASTE] == []  # asked on a scratch list of piles


def _positions(name: str, options: dict, seeds: range, steps: int):
    """Tables met along random games (copies)."""
    for seed in seeds:
        g = Game(name, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(steps):
            yield g.table.copy()
            moves = g.legal_moves
            if not moves:
                break
            g.play(rng.choice(moves))


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_each_game_fits_cards_to_foundations_as_its_drop_rule_says(name, options) -> None:
    # the game's fast foundation_for against the general one, which asks drop_reason
    for t in _positions(name, options, range(1, 4), 60):
        rules = t.rules
        for card in range(52):
            fast = rules.foundation_for(t.piles, t.base, card)
            assert fast == Rules.foundation_for(rules, t.piles, t.base, card), (t.piles, card)


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_search_and_autoplay_share_one_safe_test(name, options) -> None:
    seen = 0
    for t in _positions(name, options, range(1, 4), 80):
        s = Search(t)
        for src in (WASTE, RESERVE, *t.tableau):
            pile = t.piles[src]
            if pile and s.found_dst(pile[-1]):
                assert t.rules.safe_to_foundation(t, src) == s.safe(pile[-1])
                seen += 1
    assert seen > 0


def _spy(cls: type[Rules]) -> type[Rules]:
    """``cls`` with its search hooks counted."""

    class Spy(cls):  # type: ignore[valid-type, misc]
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.calls: dict[str, int] = {}

        def _count(self, hook: str) -> None:
            self.calls[hook] = self.calls.get(hook, 0) + 1

        def search_moves(self, s):
            self._count("search_moves")
            return super().search_moves(s)

        def search_force(self, s):
            self._count("search_force")
            return super().search_force(s)

        def safe_card(self, piles, base, card):
            self._count("safe_card")
            return super().safe_card(piles, base, card)

        def foundation_for(self, piles, base, card):
            self._count("foundation_for")
            return super().foundation_for(piles, base, card)

        def search_blocked(self, piles, hidden=None):
            self._count("search_blocked")
            return super().search_blocked(piles, hidden)

    return Spy


def _goes(g: Game) -> bool:
    s = Search(g.table.copy())
    with contextlib.suppress(solver.BudgetSpent):
        s.run(None, 3000)
    return s.nodes >= 200


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_search_runs_on_the_games_own_hooks(name, options) -> None:
    cls = GAMES[name]
    for hook in ("search_moves", "safe_card", "foundation_for"):
        # the game's own (or its parent game's, as Klondike has Saratoga's), never the
        # contract's default
        assert getattr(cls, hook) is not getattr(Rules, hook), f"{cls.title} lacks {hook}"
    # a deal on which the search gets going: under some rule sets (columns built in
    # suit) seed 3 is decided before any card fits a foundation, and safe_card is
    # never asked
    g = next(g for g in (Game(name, seed=s, **options) for s in range(3, 30)) if _goes(g))
    spy = _spy(cls)(**options)
    table = g.table.copy()
    table.rules = spy
    s = Search(table)
    assert s.rules is spy
    with contextlib.suppress(solver.BudgetSpent):
        s.run(None, 3000)
    assert spy.calls.get("search_moves", 0) > 0 and spy.calls.get("search_force", 0) > 0
    assert spy.calls.get("safe_card", 0) > 0
    assert spy.calls.get("search_blocked", 0) == 1  # asked of the start only
    # what a plain search and the same search on the spy find is the same
    plain = Search(g.table)
    with contextlib.suppress(solver.BudgetSpent):
        plain.run(None, 3000)
    assert plain.nodes == s.nodes


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_probes_and_looser_rules_come_from_the_rules(name, options) -> None:
    g = Game(name, seed=1, **options)
    rules = g.table.rules
    solver_ = Solver(g, engine="python")
    assert solver_.probes == type(rules).search_probes
    loose = rules.loosest()
    assert (solver_.wide is not None) == (loose is not None and solver_.probes)
    if loose is not None:
        assert type(loose) is type(rules)
        assert loose.loosest() is None  # the loosest rules have nothing looser
        assert solver_.wide.rules is not rules
    # the streamliners' caps too, on by default, off with the plain search
    assert solver_.streamliners == tuple(type(rules).search_streamliners)
    assert Solver(g, engine="python", streamline=False).streamliners == ()
    assert Solver(g, engine="python", prune=False).streamliners == ()


def test_kansas_autoplay_sends_up_a_rank_one_card_once_every_foundation_is_started() -> None:
    # base 5: the four 5s are up, so a 6 can hold nothing (it could only hold a 5)
    f = [["5C"], ["5D"], ["5H"], ["5S"]]
    rest = [r + s for s in "CDHS" for r in "A234789TJQK"] + ["6C", "6D", "6S"]
    state = {"s": [c.lower() for c in rest], "w": [], "r": [], "f": f, "t": [["6H"], [], []]}
    g = Game.from_snapshot(state, "kansas")
    assert [str(m) for m in g.autoplay()] == ["t0>f2"]
    # with the spades foundation not started, the 6 may still have to hold the 5S
    state = {**state, "f": [["5C"], ["5D"], ["5H"], []], "s": state["s"] + ["5s"]}
    g = Game.from_snapshot(state, "kansas", base=5)
    assert g.autoplay() == []
    assert isinstance(g.table.rules, Kansas)


def _least_falls(lo, hi, cap=None) -> int:
    # every t between lo and hi, one by one
    import itertools

    best = 99
    for t in itertools.product(*(range(a, b + 1) for a, b in zip(lo, hi, strict=True))):
        falls = [t[r] - t[(r + 1) % 13] for r in range(13)]
        if cap is None or all(f <= c for f, c in zip(falls, cap, strict=True)):
            best = min(best, sum(f for f in falls if f > 0))
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
    st.lists(st.booleans(), min_size=13, max_size=13),
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
)
def test_kansas_column_bounds_match_enumeration(lo, wider, cap) -> None:
    # fewest_tops (rises, no caps) and fewest_columns (falls, each capped by the cards
    # that can start a column) against every t, up to 2**13 of them; round the circle
    # the rises and the falls are the same sum, so with caps that bind nowhere the two
    # agree
    from solitaire_widget.games.kansas_search import fewest_columns, fewest_tops

    hi = [min(4, a + w) for a, w in zip(lo, wider, strict=True)]
    assert fewest_tops(lo, hi) == _least_falls(lo, hi)
    assert fewest_columns(lo, hi, [4] * 13) == fewest_tops(lo, hi)
    assert fewest_columns(lo, hi, cap) == _least_falls(lo, hi, cap)


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.integers(0, 51)),
    st.lists(st.integers(0, 12), min_size=4, max_size=4),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
)
def test_kansas_runs_up_match_enumeration(loose, start, reach) -> None:
    # fewest_tops_up (the cards up at a moment a run of places per suit) against every
    # choice of the four runs' lengths, up to 14**4 of them: the cards not kept are
    # ``loose`` and each suit's reachable run (its next cards are never kept)
    import itertools

    from solitaire_widget.games.kansas_search import fewest_tops, fewest_tops_up

    runs = [[su * 13 + (start[su] + k) % 13 for k in range(reach[su])] for su in range(4)]
    cards = set(loose) | {c for run in runs for c in run}
    hi = [sum(1 for c in cards if c % 13 == r) for r in range(13)]
    best = 99
    for ks in itertools.product(*(range(n + 1) for n in reach)):
        up = {c for su in range(4) for c in runs[su][: ks[su]]}
        t = [sum(1 for c in cards - up if c % 13 == r) for r in range(13)]
        best = min(best, fewest_tops(t, t))
    assert fewest_tops_up(hi, start, reach) == best
