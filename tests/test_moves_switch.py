"""What moves between columns as a rule switch (``moves="runs"|"single"|"columns"``), end
to end: an option of the games that offer it, checked, saved, named and explained; the
rules, the Python search and the compiled core all moving cards between columns as it
says; the search's pieces that rest on it sound under each rule, against a brute force;
and a guard that matters, shown by the unsound search it keeps away.

The games are found by the option, not by name: every registered game whose options
include ``moves`` (Saratoga and Klondike).
"""

from __future__ import annotations

import random

import pytest
from solver_positions import brute_force, saratoga_game, small_position

from solitaire_widget import Game, core_search, rules_text
from solitaire_widget.cards import parse_code
from solitaire_widget.figures import options_key
from solitaire_widget.games import GAMES, make_rules, saratoga_search, search_scope
from solitaire_widget.games.group_moves import MOVES
from solitaire_widget.games.records import option_words
from solitaire_widget.moves import Move
from solitaire_widget.solver import solve
from solitaire_widget.widget import SolitaireWidget

SWITCHED = [n for n, cls in GAMES.items() if "moves" in cls.option_names]
WITHOUT = [n for n, cls in GAMES.items() if "moves" not in cls.option_names]
ENGINES = ["python", *(["core"] if core_search.available() else [])]
# the switched games dealt face up (solver_positions builds their end games)
FACE_UP = [n for n in SWITCHED if not GAMES[n].hidden_cards]


def parse(text: str) -> int:
    return parse_code(text)[0]


def default(name: str) -> str:
    return GAMES[name].group_moves


def test_the_switch_is_offered_where_runs_move_as_groups():
    assert {"saratoga", "klondike"} <= set(SWITCHED) and FACE_UP
    for name in SWITCHED:
        assert default(name) == "runs"
    for name in GAMES:
        # every game with a part says what moves between its columns; the core is told it
        rules = make_rules(name)
        assert rules.core_traits()["group_moves"] == rules.group_moves == "runs"
    for name in WITHOUT:
        with pytest.raises(TypeError, match="no option moves"):
            Game(name, moves="single")


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("moves", MOVES)
def test_the_switch_is_an_option(name, moves):
    own = Game(name, seed=3)
    g = Game(name, seed=3, moves=moves)
    assert g.rules.group_moves == moves
    assert search_scope.untrusted(g.rules) is None  # an option, argued for
    assert g.snapshot() == own.snapshot()  # the same deal under either rule
    if moves == default(name):
        # the game's own rule is left out of its options: every record made before the
        # switch names the same game
        assert g.options == own.options and "moves" not in g.options
        assert "moves" not in g.to_json()
    else:
        assert g.options == {**own.options, "moves": moves}
        assert f"moves='{moves}'" in options_key(g.options) and f"moves='{moves}'" in repr(g)
        assert options_key(g.options) != options_key(own.options)
        # named in the variants' titles, in both languages
        assert option_words(g.options) != option_words(own.options)
        assert option_words(g.options, "el") != option_words(own.options, "el")
    rng = random.Random(moves)
    for _ in range(25):
        g.play(rng.choice(g.legal_moves))
    h = Game.from_json(g.to_json())
    assert h.options == g.options and h.rules.group_moves == moves
    assert h.snapshot() == g.snapshot()
    # with the other switches too
    many = Game(name, seed=3, moves=moves, empty="any", build="suit", worrying_back=False)
    assert Game.from_json(many.to_json()).options == many.options


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (None, TypeError),
        (1, TypeError),
        (True, TypeError),
        (["runs"], TypeError),
        ("", ValueError),
        ("run", ValueError),
        ("Single", ValueError),
        ("whole", ValueError),
        ("columns ", ValueError),
    ],
)
def test_a_moves_rule_that_is_no_rule_is_refused(name, bad, error):
    with pytest.raises(error, match="moves must be one of runs, single, columns"):
        Game(name, moves=bad)


def position(name: str, moves: str) -> Game:
    """Each suit up to its 6; t0 empty; K♠ Q♥ J♣ in t1 (a King's run, the whole column);
    7♠ T♦ 9♣ 8♥ in t2 (the run T♦ 9♣ 8♥ on top); J♠, T♥, 9♠, 8♣ alone in t3..t6; 7♦ on
    the waste, the rest in the stock."""
    up = [[r + s for r in "A23456"] for s in "CDHS"]
    cols = [[], ["KS", "QH", "JC"], ["7S", "TD", "9C", "8H"], ["JS"], ["TH"], ["9S"], ["8C"]]
    cols += [[] for _ in range(GAMES[name].n_tableau - len(cols))]
    placed = {c for col in cols for c in col} | {"7D"}
    stock = [r + s for s in "CDHS" for r in "789TJQK" if r + s not in placed]
    state = {"f": up, "t": cols, "w": ["7D"], "s": [c.lower() for c in stock]}
    state["redeals_used"] = 0
    return Game.from_snapshot(state, name, moves=moves)


# (move, the rules under which it is legal)
CASES = [
    ("t1>t0*3", {"runs", "columns"}),  # a King's whole run into the empty column
    ("t2>t3*3", {"runs", "columns"}),  # the whole run T♦ 9♣ 8♥ onto J♠
    ("t2>t4*2", {"runs"}),  # part of it, 9♣ 8♥ onto T♥
    ("t2>t5", {"runs", "single"}),  # its top card, 8♥ onto 9♠
    ("w>t6", set(MOVES)),  # the waste's card: one card under every rule
    ("t6>t0", set()),  # 8♣ into the empty column: a King only
]


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("moves", MOVES)
def test_the_rules_move_cards_as_the_switch_says(name, moves):
    g = position(name, moves)
    for text, legal in CASES:
        move = Move.parse(text)
        expected = moves in legal
        why = g.table.reason(move)
        assert (why is None) is expected, (text, moves, why)
        assert (move in g.legal_moves) is expected
        words = g.explain(text)
        assert words.startswith("Legal" if expected else "Illegal"), words
    # the words name the rule played, in both languages
    if moves == "single":
        assert "one card at a time" in g.explain("t2>t3*3")
        assert "ένα φύλλο τη φορά" in g.explain("t2>t3*3", lang="el")
        assert "One card at a time" in g.explain("t2>t5")
        assert "ένα φύλλο τη φορά" in g.explain("t2>t5", lang="el")
    if moves == "columns":
        assert "whole run" in g.explain("t2>t4*2")
        assert "ολόκληρη η σειρά" in g.explain("t2>t4*2", lang="el")
        assert "whole run" in g.explain("t2>t3*3")
        assert "ολόκληρη η σειρά" in g.explain("t2>t3*3", lang="el")
    if moves == "runs":
        assert "whole run" not in g.explain("t2>t4*2")
    # Aisleriot's hints: each column's whole run onto the first column that takes it
    # (T♦ 9♣ 8♥ onto J♣), its top card alone under "single" (8♥ onto 9♠)
    hints = list(g.rules.aisleriot_hints(g.table))
    assert (Move.parse("t2>t1*3") in hints) is (moves != "single")
    assert (Move.parse("t2>t5") in hints) is (moves == "single")
    # a refused move changes nothing
    before = g.snapshot()
    with pytest.raises(Exception):  # noqa: B017 (the game's IllegalMove, whatever its words)
        g.play("t2>t5" if moves == "columns" else "t2>t3*3" if moves == "single" else "t6>t0")
    assert g.snapshot() == before
    # the compiled core's plain rules agree, move for move and in order, here and after
    # each move of a random line
    if core_search.available(name):
        rng = random.Random(f"{name} {moves}")
        for _ in range(40):
            t = g.table
            triples = core_search.compiled(t).legal_moves(t.piles, t.hidden, t.redeals_used)
            assert triples == [tuple(m) for m in g.legal_moves]
            if not g.legal_moves:
                break
            g.play(rng.choice(g.legal_moves))


@pytest.mark.parametrize("name", SWITCHED)
def test_the_rules_text_says_so(name):
    for moves in MOVES:
        for lang, words in (
            ("en", "Rule switch: what moves between columns"),
            ("el", "τι μετακινείται από στήλη σε στήλη"),
        ):
            text = rules_text(make_rules(name, moves=moves), lang)
            assert text.startswith(rules_text(name, lang).rstrip("\n"))
            assert (words in text) is (moves != default(name)), (moves, lang)


def test_a_part_refuses_a_moves_rule_it_does_not_play():
    core = pytest.importorskip("solitaire_core")
    refused = 0
    for name in GAMES:
        rules = make_rules(name)
        if rules.core_part is None:
            continue
        base = 1 if rules.has_base_card else None
        for moves in MOVES:
            traits = {**rules.core_traits(), "group_moves": moves}
            if name in SWITCHED or moves == rules.group_moves:
                core.Rules(rules.core_part, traits, base)  # its part plays it
                continue
            refused += 1
            with pytest.raises(ValueError, match="does not play that rule for what moves"):
                core.Rules(rules.core_part, traits, base)
        for bad, error in (
            ("whole", ValueError),
            ("", ValueError),
            (1, TypeError),
            (None, TypeError),
        ):
            with pytest.raises(error, match="group_moves"):
                core.Rules(rules.core_part, {**rules.core_traits(), "group_moves": bad}, base)
    assert refused >= 4


@pytest.mark.parametrize("name", SWITCHED)
def test_the_game_as_it_was_is_the_default(name):
    # the game's own rule, named or not, plays and searches exactly as before the
    # switch: the same moves at every step of a random game, the same search
    for seed in (7, 11):
        a, b = Game(name, seed=seed), Game(name, seed=seed, moves=default(name))
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
                Game(name, seed=seed, moves=default(name)),
                seconds=None,
                nodes=3000,
                engine=engine,
                probes=False,
            )
            assert (x.result, x.nodes, x.solution) == (y.result, y.nodes, y.solution), engine


@pytest.mark.parametrize("name", SWITCHED)
@pytest.mark.parametrize("moves", ["single", "columns"])
def test_both_engines_search_alike_under_the_switch(name, moves):
    # the core's part and the Python search generate the same moves in the same order:
    # the same nodes to the same verdict
    if not core_search.available(name):
        pytest.skip("no compiled core")
    for seed in (4, 9):
        x = solve(
            Game(name, seed=seed, moves=moves),
            seconds=None,
            nodes=4000,
            engine="python",
            probes=False,
        )
        y = solve(
            Game(name, seed=seed, moves=moves),
            seconds=None,
            nodes=4000,
            engine="core",
            probes=False,
        )
        assert (x.result, x.nodes) == (y.result, y.nodes), seed


def test_the_toolbar_offers_it_to_a_teacher_only():
    label = "What moves between columns"
    for name in SWITCHED:
        w = SolitaireWidget(name, seed=5, live_solver=False)
        entry = next(e for e in w.catalog if e["name"] == name)
        assert label not in [g["label"]["en"] for g in entry["groups"]]
        w.rule_switches = True
        entry = next(e for e in w.catalog if e["name"] == name)
        labels = [g["label"]["en"] for g in entry["groups"]]
        at = labels.index(label)
        group = entry["groups"][at]
        assert group["label"]["el"] == "Τι μετακινείται από στήλη σε στήλη"
        assert group["choices"][0]["options"]["moves"] == default(name)
        assert "(Aisleriot)" in group["choices"][0]["label"]["en"]
        assert w.setup["chosen"][at] == 0
        w2 = SolitaireWidget(name, seed=5, live_solver=False, rule_switches=True, moves="single")
        assert w2.game.rules.group_moves == "single"
        order = [c["options"]["moves"] for c in group["choices"]]
        assert sorted(order) == sorted(MOVES)
        assert w2.setup["chosen"][at] == order.index("single") > 0
        assert "Rule switch: what moves between columns" in w2.rules


# ---- soundness: the pieces of the search that rest on what moves between columns -------

SA = next(n for n in FACE_UP if GAMES[n].core_part == "saratoga")
HEIGHTS = [9, 10, 1, 13]  # clubs to the 9, diamonds to the Ten, hearts to the Ace, spades up


def run_on_a_two(moves: str) -> Game:
    """T♣ 9♥ over 2♥ in t0, J♦ in t1, the other columns empty; the rest in the stock;
    no worrying back. 9♥ has no black Ten to go to alone (T♠ is up, T♣ under it): the
    run T♣ 9♥ must go onto J♦ as a group. Won where runs or whole runs move, lost one
    card at a time."""
    stock = ["JC", "QC", "KC", "QD", "KD", *(r + "H" for r in "345678TJQK")]
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "moves": moves},
        HEIGHTS,
        [[parse("2H"), parse("TC"), parse("9H")], [parse("JD")], [], [], [], [], []],
        [parse(c) for c in stock],
        [],
    )


def part_of_a_run(moves: str) -> Game:
    """J♦ T♣ 9♥ over 2♥ in t0, Q♣ J♥ in t1, the other columns empty; the rest in the
    stock; no worrying back. Only T♣ 9♥, part of t0's run, onto J♥ frees J♦ and then 2♥:
    won where any run moves, lost one card at a time and where only whole runs move
    (no black Queen ever shows: Q♣ lies under J♥, which leaves it only with it)."""
    stock = ["JC", "KC", "QD", "KD", *(r + "H" for r in "345678TQK")]
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "moves": moves},
        HEIGHTS,
        [
            [parse("2H"), parse("JD"), parse("TC"), parse("9H")],
            [parse("QC"), parse("JH")],
            [],
            [],
            [],
            [],
            [],
        ],
        [parse(c) for c in stock],
        [],
    )


@pytest.mark.parametrize("engine", ENGINES)
def test_the_rule_decides_the_verdict_in_both_engines(engine):
    for build, verdicts in (
        (run_on_a_two, {"runs": "won", "columns": "won", "single": "lost"}),
        (part_of_a_run, {"runs": "won", "columns": "lost", "single": "lost"}),
    ):
        for moves, want in verdicts.items():
            assert brute_force(build(moves)) is (want == "won"), (build.__name__, moves)
            for prune in (True, False):
                r = solve(build(moves), seconds=None, nodes=100_000, engine=engine, prune=prune)
                assert r.result == want, (build.__name__, moves, prune, r)
                if want == "won":
                    replay = build(moves)
                    for action in r.solution:
                        replay.play(action)
                    assert replay.is_won


def test_the_search_keeps_to_the_rule(monkeypatch):
    # The search's moves between columns follow the rule: without that guard (every
    # part of a run offered, as where runs move) the Python search finds a "win" under
    # one card at a time whose line the rules refuse.
    g = run_on_a_two("single")
    assert solve(g, seconds=None, nodes=100_000, engine="python").result == "lost"
    monkeypatch.setattr(saratoga_search, "group_allowed", lambda moves, n, run: True)
    r = solve(run_on_a_two("single"), seconds=None, nodes=100_000, engine="python")
    assert r.result == "won"
    replay = run_on_a_two("single")
    with pytest.raises(Exception):  # noqa: B017 (the game's IllegalMove)
        for action in r.solution:
            replay.play(action)


def test_the_search_pieces_off_under_each_rule():
    for moves in MOVES:
        rules = make_rules(SA, moves=moves)
        off = rules.search_off()
        assert ("mirror targets" in off) is (moves != "runs")
        assert "blocked cards" not in off  # the proof stands under every rule
        loose = make_rules(SA, draw=3, moves=moves).loosest()
        assert loose is not None and loose.group_moves == moves


# ---- slow: against a brute force on hundreds of small end games -----------------------


# the stock rules each value is checked under (the stock a reserve, and one pass with
# worrying back off), and one set with the other switches turned too
OPTION_SETS = [
    {"draw": 1, "redeals": None},
    {"draw": 1, "redeals": 0, "worrying_back": False},
    {"draw": 3, "redeals": None, "build": "any", "empty": "any"},
]
CHECKED = [(n, m, o) for n in FACE_UP for m in MOVES if m != "runs" for o in OPTION_SETS]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "moves", "options"), CHECKED, ids=str)
def test_verdicts_under_each_moves_rule_match_brute_force(name, moves, options):
    # Hundreds of small end games under one rule for what moves: the pruned search
    # (its default solve, probes and loosest rules included) and the search with no
    # pruning, in both engines, give the brute force's verdict, and every win replays.
    # A search may run out of its budget ("unknown"), never give the other verdict;
    # that is rare, and counted.
    rng = random.Random(f"moves {name} {moves} {options}")
    opts = {**options, "moves": moves}
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
    print(f"{name} {moves} {options}: {checked} checked, {lost} lost, {unknown} unknown")
    assert checked >= 90 and unknown <= 4, (checked, unknown)
