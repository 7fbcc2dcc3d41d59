"""How columns build as a rule switch (``build="alternate"|"suit"|"any"``), end to end:
an option of the games that offer it, checked, saved, named and explained; the rules,
the Python search and the compiled core all building as it says; the search's pieces
that rest on it sound under each rule, against a brute force; and a guard that matters,
shown by the unsound search it keeps away.

The games are found by the option, not by name: every registered game whose options
include ``build``.
"""

from __future__ import annotations

import random

import pytest
from solver_positions import brute_force, saratoga_game, small_position

from solitaire_widget import Game, core_search, rules_text
from solitaire_widget.cards import parse_code
from solitaire_widget.figures import options_key
from solitaire_widget.games import GAMES, make_rules, search_scope
from solitaire_widget.games.building import BUILDS
from solitaire_widget.moves import FIRST_TABLEAU, Move
from solitaire_widget.solver import solve
from solitaire_widget.widget import SolitaireWidget

BUILT = [n for n, cls in GAMES.items() if "build" in cls.option_names]
WITHOUT = [n for n, cls in GAMES.items() if "build" not in cls.option_names]
ENGINES = ["python", *(["core"] if core_search.available() else [])]
# the switched games dealt face up (solver_positions builds their end games)
FACE_UP = [n for n in BUILT if not GAMES[n].hidden_cards]


def parse(text: str) -> int:
    return parse_code(text)[0]


def default(name: str) -> str:
    return GAMES[name].column_build


def test_the_switch_is_offered_where_columns_build():
    assert len(BUILT) >= 3 and FACE_UP
    for name in GAMES:
        # every game says how its columns build; the core is told it
        assert make_rules(name).column_build in BUILDS
        assert make_rules(name).core_traits()["column_build"] == make_rules(name).column_build
    for name in WITHOUT:
        with pytest.raises(TypeError, match="no option build"):
            Game(name, build="suit")


@pytest.mark.parametrize("name", BUILT)
@pytest.mark.parametrize("build", BUILDS)
def test_the_switch_is_an_option(name, build):
    own = Game(name, seed=3)
    g = Game(name, seed=3, build=build)
    assert g.rules.column_build == build
    assert g.rules.columns_build_in_suit is (build == "suit")
    assert search_scope.untrusted(g.rules) is None  # an option, argued for
    assert g.snapshot() == own.snapshot()  # the same deal under either rule
    if build == default(name):
        # the game's own rule is left out of its options: every record made before the
        # switch names the same game
        assert g.options == own.options and "build" not in g.options
        assert "build" not in g.to_json()
    else:
        assert g.options == {**own.options, "build": build}
        assert f"build='{build}'" in options_key(g.options) and f"build='{build}'" in repr(g)
        assert options_key(g.options) != options_key(own.options)
    rng = random.Random(build)
    for _ in range(25):
        g.play(rng.choice(g.legal_moves))
    h = Game.from_json(g.to_json())
    assert h.options == g.options and h.rules.column_build == build
    assert h.snapshot() == g.snapshot()


@pytest.mark.parametrize("name", BUILT)
@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (None, TypeError),
        (1, TypeError),
        (True, TypeError),
        (["suit"], TypeError),
        ("", ValueError),
        ("Suit", ValueError),
        ("colour", ValueError),
        ("alternate ", ValueError),
    ],
)
def test_a_build_that_is_no_rule_is_refused(name, bad, error):
    with pytest.raises(error, match="build must be one of alternate, suit, any"):
        Game(name, build=bad)


def position(name: str, build: str) -> Game:
    """Each suit up to its 6 (from the Ace); 8♥ alone in t0, 8♠ in t1, 7♣ on 8♣ in t2,
    K♦ in t3; 7♥ on the waste, the rest in the stock. 7♥ fits 8♥ in suit only, 8♠ with
    alternate colours only, both in any suit; 7♣ on 8♣ is a run in suit and in any
    suit, not with alternate colours."""
    up = [[r + s for r in "A23456"] for s in "CDHS"]
    cols = [["8H"], ["8S"], ["8C", "7C"], ["KD"]]
    cols += [[] for _ in range(GAMES[name].n_tableau - len(cols))]
    placed = {c for col in cols for c in col} | {"7H"}
    stock = [r + s for s in "CDHS" for r in "789TJQK" if r + s not in placed]
    state = {"f": up, "t": cols, "w": ["7H"], "s": [c.lower() for c in stock]}
    state["redeals_used"] = 0
    extra = {}
    if GAMES[name].has_reserve:
        state["r"] = []
    if GAMES[name].has_base_card:
        extra["base"] = 1
    return Game.from_snapshot(state, name, build=build, **extra)


# (move, the builds under which it is legal)
CASES = [
    ("w>t0", {"suit", "any"}),
    ("w>t1", {"alternate", "any"}),
    ("w>t3", set()),  # 7♥ on K♦: the rank is wrong under every rule
]


@pytest.mark.parametrize("name", BUILT)
@pytest.mark.parametrize("build", BUILDS)
def test_the_rules_build_as_the_switch_says(name, build):
    g = position(name, build)
    for text, legal in CASES:
        move = Move.parse(text)
        why = g.table.reason(move)
        assert (why is None) is (build in legal), (text, build, why)
        assert (move in g.legal_moves) is (build in legal)
        words = g.explain(text)
        assert words.startswith("Legal" if build in legal else "Illegal"), words
    # the words name the rule played: a refusal by suit says suit, by colour colour
    if build == "alternate":
        assert "alternating colours" in g.explain("w>t0")
    if build == "suit":
        assert "in suit" in g.explain("w>t1") and "in suit" in g.explain("w>t0")
        assert "ίδιο χρώμα" in g.explain("w>t1", lang="el")
    if build == "any":
        assert "any suit" in g.explain("w>t0")
        assert "ανεξαρτήτως χρώματος" in g.explain("w>t0", lang="el")
    # Saratoga and Klondike check that a group is a run: 7♣ on 8♣ is one in suit and in
    # any suit (Canfield's columns are always runs: it checks none)
    if GAMES[name].core_part == "saratoga":
        why = g.rules.pick_reason(g.table, FIRST_TABLEAU + 2, 2)
        assert why == (None if build != "alternate" else "not_a_build")
    # a refused move changes nothing
    before = g.snapshot()
    bad = next(t for t, legal in CASES if build not in legal)
    with pytest.raises(Exception):  # noqa: B017 (the game's IllegalMove, whatever its words)
        g.play(bad)
    assert g.snapshot() == before
    # the compiled core's plain rules agree, move for move and in order
    if core_search.available(name):
        t = g.table
        triples = core_search.compiled(t).legal_moves(t.piles, t.hidden, t.redeals_used)
        assert triples == [tuple(m) for m in g.legal_moves]


@pytest.mark.parametrize("name", BUILT)
def test_the_rules_text_says_so(name):
    own = default(name)
    for build in BUILDS:
        for lang, words in (("en", "Rule switch: how columns build"), ("el", "πώς χτίζονται")):
            text = rules_text(make_rules(name, build=build), lang)
            assert text.startswith(rules_text(name, lang).rstrip("\n"))
            assert (words in text) is (build != own), (build, lang)


def test_a_part_refuses_a_build_it_does_not_play():
    core = pytest.importorskip("solitaire_core")
    refused = 0
    for name in GAMES:
        rules = make_rules(name)
        if rules.core_part is None:
            continue
        base = 1 if rules.has_base_card else None
        for build in BUILDS:
            traits = {**rules.core_traits(), "column_build": build}
            if name in BUILT:
                core.Rules(rules.core_part, traits, base)  # its part plays every rule
                continue
            if build == rules.column_build:
                core.Rules(rules.core_part, traits, base)
            else:
                refused += 1
                with pytest.raises(ValueError, match="does not play that way of building"):
                    core.Rules(rules.core_part, traits, base)
        for bad, error in (("colour", ValueError), (1, TypeError), (None, TypeError)):
            with pytest.raises(error, match="column_build"):
                core.Rules(rules.core_part, {**rules.core_traits(), "column_build": bad}, base)
    assert refused >= 2


@pytest.mark.parametrize("name", BUILT)
def test_the_game_as_it_was_is_the_default(name):
    # the game's own rule, named or not, plays and searches exactly as before the
    # switch: the same moves at every step of a random game, the same search
    a, b = Game(name, seed=7), Game(name, seed=7, build=default(name))
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
        x = solve(Game(name, seed=7), seconds=None, nodes=3000, engine=engine, probes=False)
        y = solve(
            Game(name, seed=7, build=default(name)),
            seconds=None,
            nodes=3000,
            engine=engine,
            probes=False,
        )
        assert (x.result, x.nodes, x.solution) == (y.result, y.nodes, y.solution), engine


def test_the_toolbar_offers_it_to_a_teacher_only():
    for name in BUILT:
        w = SolitaireWidget(name, seed=5, live_solver=False)
        entry = next(e for e in w.catalog if e["name"] == name)
        assert "How columns build" not in [g["label"]["en"] for g in entry["groups"]]
        w.rule_switches = True
        entry = next(e for e in w.catalog if e["name"] == name)
        labels = [g["label"]["en"] for g in entry["groups"]]
        at = labels.index("How columns build")
        group = entry["groups"][at]
        assert group["label"]["el"] == "Πώς χτίζονται οι στήλες"
        assert group["choices"][0]["options"]["build"] == default(name)
        assert "(Aisleriot)" in group["choices"][0]["label"]["en"]
        assert w.setup["chosen"][at] == 0
        other = next(b for b in BUILDS if b != default(name))
        w2 = SolitaireWidget(name, seed=5, live_solver=False, rule_switches=True, build=other)
        assert w2.game.rules.column_build == other
        order = [c["options"]["build"] for c in group["choices"]]
        assert sorted(order) == sorted(BUILDS)
        assert w2.setup["chosen"][at] == order.index(other) > 0
        assert "Rule switch: how columns build" in w2.rules


# ---- soundness: the pieces of the search that rest on how columns build ----------------

SA = next(n for n in FACE_UP if GAMES[n].core_part == "saratoga")


def queen_on_its_ace(build: str) -> Game:
    """Q♠ lies on A♠, K♣ alone in the next column; the red Kings are up and stay up
    (no worrying back). In any suit Q♠ goes onto K♣, A♠ up, and every spade follows:
    won. With alternate colours or in suit Q♠ can never move: lost, on its face."""
    rest = [parse(c + "S") for c in "23456789TJK"]
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "build": build},
        [12, 13, 13, 0],
        [[parse("AS"), parse("QS")], [parse("KC")], [], [], [], [], []],
        rest[::-1],
        [],
    )


def test_the_blocked_card_proof_is_for_alternate_colours_only(monkeypatch):
    # The blocked-card fixed point is argued for alternate colours: a card's two ways
    # out are the two cards one higher of the other colour. In any suit Q♠ has a third
    # (K♣), and the proof, run there, would call a won deal lost.
    won = queen_on_its_ace("any")
    assert brute_force(won) is True
    assert brute_force(queen_on_its_ace("alternate")) is False
    # in suit K♠ comes from the stock into an empty column and takes Q♠: won too
    assert brute_force(queen_on_its_ace("suit")) is True
    queen = parse("QS")
    alternate = make_rules(SA, draw=1, redeals=None, worrying_back=False)
    assert alternate.blocked_cards(won.table.piles) == [queen]  # the proof, ignoring build
    assert won.rules.blocked_cards(won.table.piles) == []  # guarded
    for engine in ENGINES:
        r = solve(won, seconds=None, nodes=100_000, engine=engine)
        assert r.result == "won", engine
        replay = queen_on_its_ace("any")
        for action in r.solution:
            replay.play(action)
        assert replay.is_won
        lost = solve(queen_on_its_ace("alternate"), seconds=None, nodes=100_000, engine=engine)
        assert lost.result == "lost" and lost.nodes == 0, engine
        suit = solve(queen_on_its_ace("suit"), seconds=None, nodes=100_000, engine=engine)
        assert suit.result == "won", engine
    # the guard off (the proof run whatever the build): the search calls it lost
    cls = type(won.rules)
    unguarded = cls.blocked_cards

    def ignoring_build(rules, piles, hidden=None):
        return unguarded(alternate, piles, hidden)

    monkeypatch.setattr(cls, "blocked_cards", ignoring_build)
    assert solve(won, seconds=None, nodes=100_000, engine="python").result == "lost"


def jack_of_diamonds(build: str) -> Game:
    """Clubs and spades up, hearts to the Jack, diamonds to the 9; J♦ lies on T♦ over Q♦
    in t0 and Q♥ is alone in t1; no worrying back, the Kings of the reds in the stock.
    In any suit J♦ must go onto Q♥ to free T♦ (Q♦ lies under it, the black Queens are
    up for good): Q♥, which fits its foundation, must wait."""
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "build": build},
        [13, 9, 11, 13],
        [[parse("QD"), parse("TD"), parse("JD")], [parse("QH")], [], [], [], [], []],
        [parse("KH"), parse("KD")],
        [],
    )


def test_the_safe_bound_follows_the_build(monkeypatch):
    # Blake & Gent's bound for alternate colours sends Q♥ up at once (the blacks are
    # up, the other red suit at 9): sound there, where J♦ could never lie on it. In any
    # suit J♦ may lie on Q♥, and the bound for any suit (every other suit at 10) keeps
    # Q♥ in play: the deal is won. Ignoring the build, the search calls it lost.
    g = jack_of_diamonds("any")
    assert brute_force(g) is True
    assert brute_force(jack_of_diamonds("alternate")) is False
    queen = parse("QH")
    alternate = make_rules(SA, draw=1, redeals=None, worrying_back=False)
    assert alternate.safe_card(g.table.piles, None, queen) is True
    assert g.rules.safe_card(g.table.piles, None, queen) is False
    assert make_rules(SA, build="suit").safe_card(g.table.piles, None, queen) is True
    for engine in ENGINES:
        r = solve(g, seconds=None, nodes=100_000, engine=engine)
        assert r.result == "won", engine
        replay = jack_of_diamonds("any")
        for action in r.solution:
            replay.play(action)
        assert replay.is_won
    cls = type(g.rules)
    unguarded = cls.safe_card

    def ignoring_build(rules, piles, base, card):
        return unguarded(alternate, piles, base, card)

    monkeypatch.setattr(cls, "safe_card", ignoring_build)
    assert solve(jack_of_diamonds("any"), seconds=None, nodes=100_000, engine="python").result == (
        "lost"
    )


def two_eights(build: str) -> Game:
    """8♥ tops t0 (over 7♥) and 8♦ tops t1; 7♦ lies on 2♦ in t2, over the Nine to King
    of hearts; the other diamonds are in the stock, clubs and spades up, no worrying
    back. In suit only 8♦ takes 7♦ (8♥ is of another suit, the same colour), and 7♦
    must move to free 2♦: won that way only."""
    hearts = [parse(r + "H") for r in "KQJT9"]
    return saratoga_game(
        {"draw": 1, "redeals": None, "worrying_back": False, "build": build},
        [13, 1, 6, 13],
        [
            [parse("7H"), parse("8H")],
            [parse("8D")],
            [*hearts, parse("2D"), parse("7D")],
            [],
            [],
            [],
            [],
        ],
        [parse(r + "D") for r in "3456TJQK9"][::-1],
        [],
    )


def test_the_mirror_targets_follow_the_build(monkeypatch):
    # Columns whose top cards take the same cards are one target: with alternate
    # colours that is rank and colour; in suit, rank and suit (the card itself, so no
    # two columns are one). Were 8♥ and 8♦ one target in suit, as by colour, 7♦ could
    # be offered 8♥'s column only, which does not take it: the search would call a won
    # deal lost.
    g = two_eights("suit")
    assert brute_force(g) is True
    for engine in ENGINES:
        r = solve(g, seconds=None, nodes=100_000, engine=engine)
        assert r.result == "won", engine
    from solitaire_widget.games import building, saratoga_search

    by_colour = {**building.WANTED_CLASS, "suit": building.WANTED_CLASS["alternate"]}
    monkeypatch.setattr(saratoga_search, "MIRROR_CLASS", by_colour)
    assert solve(two_eights("suit"), seconds=None, nodes=100_000, engine="python").result == "lost"


# ---- slow: against a brute force on hundreds of small end games -----------------------


# per game, the stock rules each build value is checked under (the stock a reserve, and
# one pass), one of them with worrying back off where the game has that switch too
def checked_options(name: str) -> list[dict]:
    if "worrying_back" in GAMES[name].option_names:
        return [{"draw": 1, "redeals": None}, {"draw": 1, "redeals": 0, "worrying_back": False}]
    return [{"draw": 3, "redeals": None}, {"draw": 1, "redeals": 0}]


CHECKED = [(n, b, o) for n in FACE_UP for b in BUILDS for o in checked_options(n)]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "build", "options"), CHECKED, ids=str)
def test_verdicts_under_each_build_match_brute_force(name, build, options):
    # Hundreds of small end games under one build (and worrying back, where it is a
    # pair of switches): the pruned search (its default solve, probes and loosest rules
    # included) and the search with no pruning, in both engines, give the brute force's
    # verdict, and every win replays. A search may run out of its budget ("unknown": a
    # won end game the brute force's move order finds at once can take the search's
    # longer), never give the other verdict; that is rare, and counted. Lost end games
    # are few here (in any suit nearly none: a loose rule), so the guards' own tests
    # above give a lost one for each piece the build turns off or narrows.
    rng = random.Random(f"build {name} {build} {options}")
    opts = {**options, "build": build}
    checked = lost = unknown = 0
    for i in range(160):
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
                assert r.result == want, (g.snapshot(), g.base_rank, engine, r)
                if want == "won":
                    k = Game.from_snapshot(g.snapshot(), name, base=g.base_rank, **opts)
                    for action in r.solution:
                        k.play(action)
                    assert k.is_won
    print(f"{name} {build} {options}: {checked} checked, {lost} lost, {unknown} unknown")
    assert checked >= 100 and unknown <= 4, (checked, unknown)
