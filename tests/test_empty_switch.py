"""What an empty column takes as a rule switch (``empty="K"|"any"|"none"``), end to end:
an option of the games that offer it, checked, saved, named and explained; the rules,
the Python search and the compiled core all filling empty columns as it says; the
search's pieces that rest on it sound under each rule, against a brute force; and a
guard that matters, shown by the unsound search it keeps away.

The games are found by the option, not by name: every registered game whose options
include ``empty`` (Saratoga and Klondike).
"""

from __future__ import annotations

import random

import pytest
from solver_positions import (
    blocked_candidate,
    brute_force,
    saratoga_game,
    small_position,
    twin_candidate,
)

from solitaire_widget import Game, core_search, rules_text
from solitaire_widget.cards import parse_code
from solitaire_widget.figures import options_key
from solitaire_widget.games import GAMES, make_rules, search_scope
from solitaire_widget.games.empty_columns import EMPTIES
from solitaire_widget.games.records import option_words
from solitaire_widget.moves import Move
from solitaire_widget.solver import solve
from solitaire_widget.view import accepts
from solitaire_widget.widget import SolitaireWidget

SWITCHED = [n for n, cls in GAMES.items() if "empty" in cls.option_names]
WITHOUT = [n for n, cls in GAMES.items() if "empty" not in cls.option_names]
ENGINES = ["python", *(["core"] if core_search.available() else [])]
# the switched games dealt face up (solver_positions builds their end games)
FACE_UP = [n for n in SWITCHED if not GAMES[n].hidden_cards]


def parse(text: str) -> int:
    return parse_code(text)[0]


def default(name: str) -> str:
    return GAMES[name].empty_column


def test_the_switch_is_offered_where_kings_fill_empty_columns():
    assert {"saratoga", "klondike"} <= set(SWITCHED) and FACE_UP
    for name in SWITCHED:
        assert default(name) == "K"
    for name in GAMES:
        # every game with a part says what its empty columns take; the core is told it
        rules = make_rules(name)
        assert rules.core_traits()["empty_column"] == rules.empty_column
    for name in WITHOUT:
        with pytest.raises(TypeError, match="no option empty"):
            Game(name, empty="any")


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("empty", EMPTIES)
def test_the_switch_is_an_option(name, empty):
    own = Game(name, seed=3)
    g = Game(name, seed=3, empty=empty)
    assert g.rules.empty_column == empty
    assert search_scope.untrusted(g.rules) is None  # an option, argued for
    assert g.snapshot() == own.snapshot()  # the same deal under either rule
    if empty == default(name):
        # the game's own rule is left out of its options: every record made before the
        # switch names the same game
        assert g.options == own.options and "empty" not in g.options
        assert "empty" not in g.to_json()
    else:
        assert g.options == {**own.options, "empty": empty}
        assert f"empty='{empty}'" in options_key(g.options) and f"empty='{empty}'" in repr(g)
        assert options_key(g.options) != options_key(own.options)
        # named in the variants' titles, in both languages
        assert option_words(g.options) != option_words(own.options)
        assert option_words(g.options, "el") != option_words(own.options, "el")
    # the empty column's outline label follows it
    assert accepts(g)["t0"] == empty
    rng = random.Random(empty)
    for _ in range(25):
        g.play(rng.choice(g.legal_moves))
    h = Game.from_json(g.to_json())
    assert h.options == g.options and h.rules.empty_column == empty
    assert h.snapshot() == g.snapshot()
    # with the other switches too
    both = Game(name, seed=3, empty=empty, build="suit", worrying_back=False)
    assert Game.from_json(both.to_json()).options == both.options


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (None, TypeError),
        (1, TypeError),
        (True, TypeError),
        (["K"], TypeError),
        ("", ValueError),
        ("k", ValueError),
        ("King", ValueError),
        ("waste", ValueError),
        ("any ", ValueError),
    ],
)
def test_an_empty_rule_that_is_no_rule_is_refused(name, bad, error):
    with pytest.raises(error, match="empty must be one of K, any, none"):
        Game(name, empty=bad)


def position(name: str, empty: str) -> Game:
    """Each suit up to its 6; t0 empty; 8♥ on 9♣ in t1 (a run); K♦ on T♠ in t2; 7♣ in
    t3; Q♥ on the waste, the rest in the stock. Q♥ fills t0 only where any card does;
    K♦ where a King or any card does; the run 9♣ 8♥, or 8♥ alone, where any does."""
    up = [[r + s for r in "A23456"] for s in "CDHS"]
    cols = [[], ["9C", "8H"], ["TS", "KD"], ["7C"]]
    cols += [[] for _ in range(GAMES[name].n_tableau - len(cols))]
    placed = {c for col in cols for c in col} | {"QH"}
    stock = [r + s for s in "CDHS" for r in "789TJQK" if r + s not in placed]
    state = {"f": up, "t": cols, "w": ["QH"], "s": [c.lower() for c in stock]}
    state["redeals_used"] = 0
    return Game.from_snapshot(state, name, empty=empty)


# (move, the rules under which it is legal)
CASES = [
    ("w>t0", {"any"}),
    ("t2>t0", {"K", "any"}),
    ("t1>t0*2", {"any"}),
    ("t1>t0", {"any"}),
    ("t3>t1", set()),  # 7♣ on 8♥: legal under every rule (no empty column involved)
]


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("empty", EMPTIES)
def test_the_rules_fill_empty_columns_as_the_switch_says(name, empty):
    g = position(name, empty)
    for text, legal in CASES:
        move = Move.parse(text)
        expected = empty in legal or text == "t3>t1"
        why = g.table.reason(move)
        assert (why is None) is expected, (text, empty, why)
        assert (move in g.legal_moves) is expected
        words = g.explain(text)
        assert words.startswith("Legal" if expected else "Illegal"), words
    # the words name the rule played, in both languages
    if empty == "K":
        assert "is not a King" in g.explain("w>t0")
        assert "δεν είναι Ρήγας" in g.explain("w>t0", lang="el")
        assert "is a King" in g.explain("t2>t0")
    if empty == "any":
        assert "any card" in g.explain("w>t0")
        assert "οποιοδήποτε φύλλο" in g.explain("w>t0", lang="el")
    if empty == "none":
        for text in ("w>t0", "t2>t0"):
            assert "stays empty" in g.explain(text)
            assert "μένει άδεια" in g.explain(text, lang="el")
    # Aisleriot's hints: a King alone (not its whole column) into the empty column where
    # a King fills one; never a whole column into an empty one (the same table)
    hints = list(g.rules.aisleriot_hints(g.table))
    assert (Move.parse("t2>t0") in hints) is (empty != "none")
    assert Move.parse("t1>t0*2") not in hints and Move.parse("t3>t0") not in hints
    assert Move.parse("t3>t1") in hints
    # a refused move changes nothing
    before = g.snapshot()
    with pytest.raises(Exception):  # noqa: B017 (the game's IllegalMove, whatever its words)
        g.play("t2>t0" if empty == "none" else "t1>t0" if empty == "K" else "t3>t2")
    assert g.snapshot() == before
    # the compiled core's plain rules agree, move for move and in order, here and after
    # each move of a random line (empty columns come and go)
    if core_search.available(name):
        rng = random.Random(f"{name} {empty}")
        for _ in range(40):
            t = g.table
            triples = core_search.compiled(t).legal_moves(t.piles, t.hidden, t.redeals_used)
            assert triples == [tuple(m) for m in g.legal_moves]
            if not g.legal_moves:
                break
            g.play(rng.choice(g.legal_moves))


@pytest.mark.parametrize("name", SWITCHED)
def test_the_rules_text_says_so(name):
    for empty in EMPTIES:
        for lang, words in (
            ("en", "Rule switch: what an empty column takes"),
            ("el", "τι δέχεται μια άδεια στήλη"),
        ):
            text = rules_text(make_rules(name, empty=empty), lang)
            assert text.startswith(rules_text(name, lang).rstrip("\n"))
            assert (words in text) is (empty != default(name)), (empty, lang)


def test_a_part_refuses_an_empty_rule_it_does_not_play():
    core = pytest.importorskip("solitaire_core")
    refused = 0
    for name in GAMES:
        rules = make_rules(name)
        if rules.core_part is None:
            continue
        base = 1 if rules.has_base_card else None
        for empty in (*EMPTIES, "waste"):
            traits = {**rules.core_traits(), "empty_column": empty}
            if (name in SWITCHED and empty in EMPTIES) or empty == rules.empty_column:
                core.Rules(rules.core_part, traits, base)  # its part plays it
                continue
            refused += 1
            with pytest.raises(ValueError, match="does not play that rule for empty columns"):
                core.Rules(rules.core_part, traits, base)
        for bad, error in (
            ("king", ValueError),
            ("", ValueError),
            (1, TypeError),
            (None, TypeError),
        ):
            with pytest.raises(error, match="empty_column"):
                core.Rules(rules.core_part, {**rules.core_traits(), "empty_column": bad}, base)
    assert refused >= 6


@pytest.mark.parametrize("name", SWITCHED)
def test_the_game_as_it_was_is_the_default(name):
    # the game's own rule, named or not, plays and searches exactly as before the
    # switch: the same moves at every step of a random game, the same search
    for seed in (7, 11):
        a, b = Game(name, seed=seed), Game(name, seed=seed, empty=default(name))
        rng = random.Random(name)
        for _ in range(60):
            assert a.legal_moves == b.legal_moves
            if not a.legal_moves:
                break
            m = rng.choice(a.legal_moves)
            a.play(m)
            b.play(m)
        for engine in ENGINES:
            if engine == "core" and not core_search.available(name):
                continue
            x = solve(Game(name, seed=seed), seconds=None, nodes=3000, engine=engine, probes=False)
            y = solve(
                Game(name, seed=seed, empty=default(name)),
                seconds=None,
                nodes=3000,
                engine=engine,
                probes=False,
            )
            assert (x.result, x.nodes, x.solution) == (y.result, y.nodes, y.solution), engine


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("empty", ["any", "none"])
def test_both_engines_search_alike_under_the_switch(name, empty):
    # the core's part and the Python search generate the same moves in the same order:
    # the same nodes to the same verdict
    if not core_search.available(name):
        pytest.skip("no compiled core")
    for seed in (4, 9):
        x = solve(
            Game(name, seed=seed, empty=empty),
            seconds=None,
            nodes=4000,
            engine="python",
            probes=False,
        )
        y = solve(
            Game(name, seed=seed, empty=empty),
            seconds=None,
            nodes=4000,
            engine="core",
            probes=False,
        )
        assert (x.result, x.nodes) == (y.result, y.nodes), seed


def test_the_toolbar_offers_it_to_a_teacher_only():
    label = "What an empty column takes"
    for name in SWITCHED:
        w = SolitaireWidget(name, seed=5, live_solver=False)
        entry = next(e for e in w.catalog if e["name"] == name)
        assert label not in [g["label"]["en"] for g in entry["groups"]]
        w.rule_switches = True
        entry = next(e for e in w.catalog if e["name"] == name)
        labels = [g["label"]["en"] for g in entry["groups"]]
        at = labels.index(label)
        group = entry["groups"][at]
        assert group["label"]["el"] == "Τι δέχεται μια άδεια στήλη"
        assert group["choices"][0]["options"]["empty"] == default(name)
        assert "(Aisleriot)" in group["choices"][0]["label"]["en"]
        assert w.setup["chosen"][at] == 0
        w2 = SolitaireWidget(name, seed=5, live_solver=False, rule_switches=True, empty="none")
        assert w2.game.rules.empty_column == "none"
        order = [c["options"]["empty"] for c in group["choices"]]
        assert sorted(order) == sorted(EMPTIES)
        assert w2.setup["chosen"][at] == order.index("none") > 0
        assert "Rule switch: what an empty column takes" in w2.rules
        assert w2.setup["accepts"]["t0"] == "none"


# ---- soundness: the pieces of the search that rest on what an empty column takes ------

SA = next(n for n in FACE_UP if GAMES[n].core_part == "saratoga")


def jack_on_its_ten(empty: str, build: str = "alternate") -> Game:
    """J♠ lies on T♠ in t0, the other columns empty; everything else up but Q♠ and K♠,
    in the stock; no worrying back (the red Queens stay up). J♠ must leave T♠, and only
    an empty column can take it: won where any card fills one, lost under the other
    rules (on its face: J♠ can never move)."""
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "build": build, "empty": empty},
        [13, 13, 13, 9],
        [[parse("TS"), parse("JS")], [], [], [], [], [], []],
        [parse("KS"), parse("QS")],
        [],
    )


def king_on_its_ten(empty: str) -> Game:
    """K♠ lies on T♠ in t0, the other columns empty, J♠ and Q♠ in the stock: won where an
    empty column takes a King (or any card), lost where it stays empty."""
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "empty": empty},
        [13, 13, 13, 9],
        [[parse("TS"), parse("KS")], [], [], [], [], [], []],
        [parse("QS"), parse("JS")],
        [],
    )


@pytest.mark.parametrize("engine", ENGINES)
def test_the_rule_decides_the_verdict_in_both_engines(engine):
    verdicts = {"any": "won", "K": "lost", "none": "lost"}
    for empty, want in verdicts.items():
        assert brute_force(jack_on_its_ten(empty)) is (want == "won")
        r = solve(jack_on_its_ten(empty), seconds=None, nodes=100_000, engine=engine)
        assert r.result == want, (empty, r)
        if want == "won":
            replay = jack_on_its_ten(empty)
            for action in r.solution:
                replay.play(action)
            assert replay.is_won
    for empty in EMPTIES:
        want = "lost" if empty == "none" else "won"
        assert brute_force(king_on_its_ten(empty)) is (want == "won")
        for prune in (True, False):
            r = solve(
                king_on_its_ten(empty), seconds=None, nodes=100_000, engine=engine, prune=prune
            )
            assert r.result == want, (empty, prune, r)


def test_the_blocked_card_proof_is_off_where_any_card_fills_a_column(monkeypatch):
    # The blocked-card fixed point counts a King as the one card an empty column lets
    # out. Where any card fills one, J♠ has that way out too, and the proof, run there,
    # would call a won deal lost.
    won = jack_on_its_ten("any")
    jack = parse("JS")
    kings_only = make_rules(SA, draw=1, redeals=None, worrying_back=False)
    assert kings_only.blocked_cards(won.table.piles) == [jack]  # the proof, ignoring the rule
    assert won.rules.blocked_cards(won.table.piles) == []  # guarded
    assert "blocked cards" in won.rules.search_off()
    # under "none" the proof stands (the King's way out it counts only widens it)
    none = jack_on_its_ten("none")
    assert none.rules.blocked_cards(none.table.piles) == [jack]
    assert "blocked cards" not in none.rules.search_off()
    for engine in ENGINES:
        assert solve(none, seconds=None, nodes=100_000, engine=engine).nodes == 0, engine
    # the guard off (the proof run whatever the rule): the search calls it lost
    cls = type(won.rules)
    unguarded = cls.blocked_cards

    def ignoring_the_rule(rules, piles, hidden=None):
        return unguarded(kings_only, piles, hidden)

    monkeypatch.setattr(cls, "blocked_cards", ignoring_the_rule)
    assert solve(won, seconds=None, nodes=100_000, engine="python").result == "lost"


def run_under_a_jack(empty: str) -> Game:
    """The run T♣ 9♥ over 2♥ and the two Kings of clubs and hearts in t0, the other
    columns empty; diamonds and spades up, clubs to the 9, hearts to the Ace, the other
    hearts and clubs in the stock; no worrying back. 9♥ has no black Ten to go to (T♠
    is up, T♣ under it) and no King can come out to start a column, so only an empty
    column that takes any card lets the run (whole or in part) out: won there only."""
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "empty": empty},
        [9, 13, 1, 13],
        [[parse(c) for c in ("KC", "KH", "2H", "TC", "9H")], [], [], [], [], [], []],
        [parse(r + "H") for r in "QJT876543"] + [parse(r + "C") for r in "QJ"],
        [],
    )


def test_parts_of_runs_fill_an_empty_column_in_both_engines():
    # Where any card fills an empty column, a run may go there whole or in part: the
    # search offers each part (the whole run first) in both engines, and the verdicts
    # agree with the brute force
    for empty in EMPTIES:
        g = run_under_a_jack(empty)
        truth = brute_force(g)
        assert truth is (empty == "any"), empty
        for engine in ENGINES:
            for prune in (True, False):
                r = solve(
                    run_under_a_jack(empty), seconds=None, nodes=100_000, engine=engine, prune=prune
                )
                assert r.result == ("won" if truth else "lost"), (empty, engine, prune, r)


@pytest.mark.parametrize("empty", ["none", "any"])
def test_the_blocked_patterns_under_each_empty_rule(empty):
    # End games built around the blocked-card and twins' patterns (tests/
    # test_solver_bruteforce.py), played where an empty column takes nothing (the proof
    # stands: no position it calls blocked is won) or any card (the proof is off: many
    # positions it calls blocked where Kings alone fill columns are won here, and the
    # searches of both engines find them won).
    rng = random.Random(f"blocked patterns {empty}")
    opts = {"draw": 1, "redeals": 0, "worrying_back": False, "empty": empty}
    kings_only = make_rules(SA, draw=1, redeals=0, worrying_back=False)
    blocked_lost = blocked_by_kings_won = checked = 0
    for i in range(80):
        g = (blocked_candidate if i % 2 else twin_candidate)(opts, rng)
        truth = brute_force(g, 20_000)
        if truth is None:
            continue
        checked += 1
        blocked = g.rules.search_blocked(g.table.piles)
        assert not (blocked and truth), g.snapshot()
        blocked_lost += blocked
        blocked_by_kings_won += bool(kings_only.search_blocked(g.table.piles)) and truth
        for engine in ENGINES:
            r = solve(g, seconds=None, nodes=200_000, engine=engine)
            assert r.result in ("unknown", "won" if truth else "lost"), (g.snapshot(), engine, r)
    print(f"{empty}: {checked} checked, {blocked_lost} blocked, {blocked_by_kings_won} won")
    assert checked >= 50
    if empty == "none":
        assert blocked_lost >= 5
    else:
        assert blocked_lost == 0 and blocked_by_kings_won >= 5


def kings_buried(empty: str, **options) -> Game:
    """K♠ K♣ T♠ J♠ in t0, the other columns empty; clubs up to the Queen, the reds to the
    Jack, spades to the 9; Q♠ and the red Queens and Kings in the stock. J♠ can go onto
    a red Queen only once a black King starts a column, and both lie under it: won only
    where any card fills an empty column, even with worrying back and unlimited redeals."""
    opts = {"draw": 1, "redeals": 0, "worrying_back": False, "empty": empty, **options}
    return saratoga_game(
        opts,
        [12, 11, 11, 9],
        [[parse("KS"), parse("KC"), parse("TS"), parse("JS")], [], [], [], [], [], []],
        [parse(c) for c in ("QS", "KH", "QH", "KD", "QD")],
        [],
    )


def test_the_loosest_rules_keep_the_empty_rule():
    # The solver carries a loss under the loosest rules (one card a click, unlimited
    # redeals, worrying back) over to the game's own. Those rules keep what an empty
    # column takes: loosened to Aisleriot's King, they would lose this end game, won
    # where any card fills a column, and the solver would call it lost.
    g = kings_buried("any")
    loose = g.rules.loosest()
    assert loose is not None and loose.empty_column == "any"
    assert loose.options == {"draw": 1, "redeals": None, "empty": "any"}
    assert brute_force(g) is True
    assert brute_force(kings_buried("any", redeals=None, worrying_back=True)) is True
    assert brute_force(kings_buried("K", redeals=None, worrying_back=True)) is False
    for engine in ENGINES:
        assert solve(g, seconds=None, nodes=100_000, engine=engine).result == "won"
        assert solve(kings_buried("K"), seconds=None, nodes=100_000, engine=engine).result == (
            "lost"
        )


# ---- slow: against a brute force on hundreds of small end games -----------------------


# the stock rules each value is checked under (the stock a reserve, and one pass with
# worrying back off), and one set with the build switch turned too
OPTION_SETS = [
    {"draw": 1, "redeals": None},
    {"draw": 1, "redeals": 0, "worrying_back": False},
    {"draw": 3, "redeals": None, "build": "any"},
]
CHECKED = [(n, e, o) for n in FACE_UP for e in EMPTIES for o in OPTION_SETS]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "empty", "options"), CHECKED, ids=str)
def test_verdicts_under_each_empty_rule_match_brute_force(name, empty, options):
    # Hundreds of small end games under one rule for empty columns: the pruned search
    # (its default solve, probes and loosest rules included) and the search with no
    # pruning, in both engines, give the brute force's verdict, and every win replays.
    # A search may run out of its budget ("unknown"), never give the other verdict;
    # that is rare, and counted.
    rng = random.Random(f"empty {name} {empty} {options}")
    opts = {**options, "empty": empty}
    checked = lost = unknown = 0
    for i in range(150):
        g = small_position(name, opts, rng, rng.randint(10, 18), hard=i % 2 == 1)
        truth = brute_force(g, 20_000)
        if truth is None:
            continue
        checked += 1
        lost += not truth
        want = "won" if truth else "lost"
        for engine in ENGINES:
            if engine == "core" and not core_search.available(name):
                continue
            for r in (
                solve(g, seconds=None, nodes=200_000, engine=engine),
                solve(g, seconds=None, nodes=200_000, engine=engine, prune=False),
            ):
                if r.result == "unknown":
                    unknown += 1
                    continue
                assert r.result == want, (g.snapshot(), engine, r)
                if want == "won":
                    k = Game.from_snapshot(g.snapshot(), name, **opts)
                    for action in r.solution:
                        k.play(action)
                    assert k.is_won
    print(f"{name} {empty} {options}: {checked} checked, {lost} lost, {unknown} unknown")
    assert checked >= 90 and unknown <= 4, (checked, unknown)
