"""The compiled core is a second implementation of the rules and the search; these
tests prove it equal to the Python ones, mechanically:

- perft: the distinct positions reachable in 1..N actions, counted by both;
- the legal actions at every step of every Aisleriot trace in tests/data;
- the search itself, node for node: the same verdict, the same node count and the same
  winning line for the same budget (the core's table forgets nothing below its cap);
- every won line replays through ``Game.play``.

And that bad input is refused with a clear error, never a crash of the interpreter.
Every rule set of every registered game whose ``Rules.core_part`` the core has is
covered (``solitaire_widget.games.rule_sets()``): a new game is tested with no edit here.
"""

from __future__ import annotations

import contextlib
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget import Game
from solitaire_widget.games import GAMES, rule_sets, variants
from solitaire_widget.moves import FIRST_TABLEAU, Move

core = pytest.importorskip("solitaire_core")

from test_traces import TRACES  # noqa: E402

from solitaire_widget import core_search  # noqa: E402
from solitaire_widget.core_search import CoreSearch  # noqa: E402
from solitaire_widget.search import BudgetSpent, Search  # noqa: E402

# every rule set of every game the core has a part for
VARIANTS = [(v.game, dict(v.options)) for v in rule_sets() if core_search.available(v.game)]
IDS = [f"{n}{o}" for n, o in VARIANTS]
# one deal a game with face-down cards, the others face up: both kinds are covered
HIDDEN = [n for n, _ in VARIANTS if GAMES[n].hidden_cards]


def test_every_game_with_a_core_part_is_covered():
    # the games whose part the core has, each with all its rule sets; the others are the
    # Python search's alone
    games = {n for n, _ in VARIANTS}
    assert games == {n for n, cls in GAMES.items() if cls.core_part in core.parts}
    assert len(VARIANTS) == len([v for v in rule_sets() if v.game in games])
    assert HIDDEN, "no game deals face-down cards: their tests test nothing"


def python_perft(game: Game, depth: int) -> list[int]:
    """Distinct positions (``Table.key``) after exactly 1..depth actions, in Python."""
    layer = [game.table.copy()]
    counts = []
    for _ in range(depth):
        seen: dict[tuple, object] = {}
        for t in layer:
            for move in t.legal_moves():
                child = t.copy()
                child.apply(move)
                seen.setdefault(child.key(), child)
        layer = list(seen.values())
        counts.append(len(layer))
    return counts


def walk(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        moves = game.legal_moves
        if not moves:
            return
        game.play(rng.choice(moves))


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_perft_counts_equal(name, options):
    rng = random.Random(f"perft{name}{options}")
    for seed in range(1, 9):
        g = Game(name, seed=seed, **options)
        walk(g, rng, rng.randint(0, 40))  # from the deal and from positions in play
        assert core_search.perft(g.table, 3) == python_perft(g, 3), (seed, g.history)


@pytest.mark.parametrize(
    "variant", [v for v in variants() if core_search.available(v.game)], ids=str
)
def test_perft_counts_deeper_on_a_few_deals(variant):
    for seed in (2, 5):
        g = Game(variant.game, seed=seed, **variant.options)
        assert core_search.perft(g.table, 5) == python_perft(g, 5), seed


@pytest.mark.parametrize(
    "trace", TRACES, ids=[f"{t['game']}-{t['options']}-{t['seed']}" for t in TRACES]
)
def test_legal_actions_equal_at_every_trace_step(trace):
    if not core_search.available(trace["game"]):
        pytest.skip("the core has no part for this game")
    g = Game(trace["game"], seed=trace["seed"], **trace["options"])
    for i, step in enumerate(trace["steps"]):
        ours = sorted(core_search.legal_moves(g.table))
        assert ours == step["legal"] == sorted(map(str, g.legal_moves)), f"step {i}"
        # the compiled Rules the environment asks: the same moves, as triples, in order
        t = g.table
        triples = core_search.compiled(t).legal_moves(t.piles, t.hidden, t.redeals_used)
        assert triples == [tuple(m) for m in g.legal_moves], f"step {i}"
        if step["action"] is not None:
            g.play(step["action"])


def test_core_play_equals_table_apply():
    rng = random.Random(7)
    for name, options in VARIANTS:
        g = Game(name, seed=rng.randint(1, 10_000), **options)
        for _ in range(60):
            moves = g.legal_moves
            if not moves:
                break
            move = rng.choice(moves)
            piles, hidden, used = core_search.play(g.table, str(move))
            g.play(move)
            t = g.table
            assert (piles, hidden, used) == (t.piles, t.hidden, t.redeals_used), g.history


def python_run(
    table,
    budget: int,
    prune: bool = True,
    waste_cap: int | None = None,
    bared: bool = True,
    capacity: bool = True,
    column_starts: bool = True,
    suit_order: bool = True,
) -> tuple[str, list[str], int]:
    s = Search(table, prune=prune, waste_cap=waste_cap)
    s.send_bared = bared and prune
    s.capacity = capacity and s.capacity
    s.column_starts = column_starts
    s.suit_order = suit_order
    try:
        result, line = s.run(None, budget)
    except BudgetSpent:
        result, line = "unknown", []
    return result, list(line), s.nodes


def core_run(
    table,
    budget: int,
    prune: bool = True,
    waste_cap: int | None = None,
    bared: bool = True,
    capacity: bool = True,
    column_starts: bool = True,
    suit_order: bool = True,
) -> tuple[str, list[str], int]:
    s = CoreSearch(table, prune=prune, waste_cap=waste_cap)
    s.send_bared = bared
    s.capacity = capacity
    s.column_starts = column_starts
    s.suit_order = suit_order
    try:
        result, line = s.run(None, budget)
    except BudgetSpent:
        result, line = "unknown", []
    return result, line, s.nodes


def switched_node_for_node(
    name, options, switch: str, tag: str, deals: int, budget: int, **fixed: bool
) -> int:
    """Both engines with a reduction and both without it (``switch`` off), node for node,
    on deals 1..``deals``, the second half of them from positions in play (a search that
    runs out of nodes ends at the same count either way, so only those that end tell the
    two apart). ``fixed``: other switches, the same both ways. Returns how many the
    reduction changed."""
    rng = random.Random(f"{tag}{options}")
    changed = 0
    for seed in range(1, deals + 1):
        g = Game(name, seed=seed, **options)
        if seed > deals // 2:
            walk(g, rng, rng.randint(10, 50))
        t = g.table
        on = core_run(t, budget, **fixed)
        off = core_run(t, budget, **fixed, **{switch: False})
        assert on == python_run(t, budget, **fixed), seed
        assert off == python_run(t, budget, **fixed, **{switch: False}), seed
        changed += on != off
    return changed


BARED = [(n, o) for n, o in VARIANTS if GAMES[n].search_bared_up]


@pytest.mark.slow  # whole deals searched twice: most of a minute
@pytest.mark.parametrize(("name", "options"), BARED, ids=[f"{n}{o}" for n, o in BARED])
def test_a_card_laid_bare_goes_up_the_same_in_both(name, options):
    # a game that sends a card a group move laid bare up at once (search_bared_up): it
    # changes the search on some of these deals, so the comparison covers it (the rule
    # alone: the capacity proof, where a game has it, ends many of these searches first)
    changed = switched_node_for_node(
        name, options, "bared", "laid bare", 40, 20_000, capacity=False
    )
    assert changed >= 5, changed


CAPACITY = [(n, o) for n, o in VARIANTS if GAMES[n].search_capacity]


@pytest.mark.slow  # whole deals searched twice by each engine: most of a minute
@pytest.mark.parametrize("switch", ["capacity", "column_starts", "suit_order"])
@pytest.mark.parametrize(("name", "options"), CAPACITY, ids=[f"{n}{o}" for n, o in CAPACITY])
def test_full_columns_end_a_position_the_same_in_both(name, options, switch):
    # a game whose search proves a position lost when its columns cannot hold what must
    # wait in them (search_capacity), and within that proof a column starting only at a
    # card that can lie at its bottom (column_starts) and each suit going up in order
    # (suit_order): under rules with one
    # pass through the stock (where they hold) each changes the search on some of these
    # deals, elsewhere on none
    # (16 searches of 4,000 nodes, half from played positions: on the one-pass rules
    # capacity changes 13 of them, column_starts 6 and suit_order nearly all)
    changed = switched_node_for_node(name, options, switch, switch, 16, 4_000)
    one_pass = Game(name, **options).table.rules.max_redeals == 0
    assert changed >= 5 if one_pass else changed == 0, changed


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_search_node_for_node(name, options):
    for seed in range(1, 26):
        t = Game(name, seed=seed, **options).table
        assert core_run(t, 3_000) == python_run(t, 3_000), seed


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_search_node_for_node_without_pruning(name, options):
    for seed in range(1, 6):
        t = Game(name, seed=seed, **options).table
        assert core_run(t, 2_000, prune=False) == python_run(t, 2_000, prune=False), seed


def test_search_node_for_node_from_positions_in_play():
    rng = random.Random(11)
    for name, options in VARIANTS:
        for _ in range(6):
            g = Game(name, seed=rng.randint(1, 100_000), **options)
            walk(g, rng, rng.randint(5, 60))
            assert core_run(g.table, 4_000) == python_run(g.table, 4_000), g.history


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_streamliners_node_for_node(name, options):
    # a waste cap stops the same nodes in both (the position is stored, not expanded),
    # down to a search that runs out ("lost" under its cap) or wins
    for seed in range(1, 11):
        t = Game(name, seed=seed, **options).table
        for cap in (0, 3, 8):
            assert core_run(t, 3_000, waste_cap=cap) == python_run(t, 3_000, waste_cap=cap), (
                seed,
                cap,
            )


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_core_wins_replay(name, options):
    for seed in range(100, 130):
        g = Game(name, seed=seed, **options)
        result, line, _ = core_run(g.table, 200_000)
        if result == "won":
            for action in line:
                g.play(action)
            assert g.is_won, seed


def test_resumed_search_counts_the_same_nodes():
    t = Game("kansas", seed=25).table  # lost, in some 125,000 nodes
    whole = CoreSearch(t)
    assert whole.run(None, None)[0] == "lost"
    parts = CoreSearch(t)
    runs = 0
    while True:
        runs += 1
        try:
            result, _ = parts.run(None, 50_000)
            break
        except BudgetSpent:
            continue
    assert result == "lost" and runs > 2
    assert parts.nodes == whole.nodes


def test_a_capped_table_forgets_but_stays_sound():
    t = Game("kansas", seed=25).table
    small = CoreSearch(t, memory_mb=1)
    assert small.run(None, None)[0] == "lost"
    assert small._search.evictions > 0
    assert small.table_bytes <= 1.1 * 2**20
    # and a win found through a table that forgets still replays (the path's entries,
    # kept beside the table, are never the ones forgotten)
    g = Game("kansas", seed=12)
    won = CoreSearch(g.table, memory_mb=1)
    result, line = won.run(None, None)
    assert result == "won" and won._search.evictions > 0
    for action in line:
        g.play(action)
    assert g.is_won


def test_the_gil_is_released_while_the_core_searches():
    t = Game("kansas", seed=72).table  # undecided for far longer than the budget
    s = CoreSearch(t)
    done = threading.Event()

    def search():
        with contextlib.suppress(BudgetSpent):
            s.run(0.5, None)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # Python code runs here only while the search has let go of the GIL
    worker.join()
    assert ticks > 10_000


def test_one_search_runs_in_one_thread_at_a_time():
    t = Game("kansas", seed=72).table  # undecided for far longer than the budget
    s = CoreSearch(t)
    errors = []

    def search():
        try:
            s.run(1.0, None)
        except BudgetSpent:
            pass
        except RuntimeError as e:
            errors.append(str(e))

    threads = [threading.Thread(target=search) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == ["this search is already running in another thread"]


# ---- bad input: a clear exception, never a crash --------------------------------------
def args_of(g: Game) -> dict:
    t = g.table
    return dict(
        part=t.rules.core_part,
        traits=t.rules.core_traits(),
        piles=[list(p) for p in t.piles],
        hidden=list(t.hidden),
        redeals_used=t.redeals_used,
        base=t.base,
    )


def _trait(**changes):
    return lambda a: a["traits"].update(changes)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda a: a["piles"][7].append(a["piles"][8][0]), "twice"),
        (lambda a: a["piles"][7].pop(), "52 distinct cards"),
        (lambda a: a["piles"][7].append(52), "not a card"),
        (lambda a: a["piles"][7].append(-1), "not a card"),
        (lambda a: a["piles"].append([]), "piles"),
        (lambda a: a["piles"].pop(), "piles"),
        (lambda a: a.update(redeals_used=3), "redeals used"),
        (lambda a: a.update(redeals_used=-1), "redeals used"),
        (lambda a: a.update(base=0), "base"),
        (lambda a: a.update(base=None), "base"),
        (lambda a: a.update(part="no-such-part"), "no part"),
        (lambda a: a["piles"][3].insert(0, a["piles"][7].pop()), "foundation"),
        (lambda a: a["hidden"].__setitem__(7, 1), "face-down"),
        (lambda a: a["hidden"].append(0), "hidden"),
        (_trait(draw=0), "draw"),
        (_trait(draw=True), "draw"),
        (_trait(columns=0), "columns"),
        (_trait(columns=9), "columns"),
        (_trait(columns=10**30), "columns"),
        (_trait(max_redeals=-1), "max_redeals"),
        (_trait(max_redeals="2"), "max_redeals"),
        (_trait(reserve=1), "reserve"),
        (_trait(pending="later"), "pending"),
        (_trait(hidden_cards=True), "face-down"),
        (_trait(colour="red"), "unknown trait"),
        (lambda a: a["traits"].pop("refills"), "refills"),
        (lambda a: a["traits"].pop("reserve"), "reserve"),
    ],
)
def test_impossible_positions_are_refused(change, words):
    a = args_of(Game("kansas", seed=3))
    change(a)
    with pytest.raises((ValueError, TypeError), match=words):
        core.Search(**a)
    with pytest.raises((ValueError, TypeError)):
        core.legal_moves(**a)
    with pytest.raises((ValueError, TypeError)):  # the rules, or the position, refused
        rules = core.Rules(a["part"], a["traits"], a["base"])
        rules.legal_moves(a["piles"], a["hidden"], a["redeals_used"])


@pytest.mark.parametrize("name", HIDDEN)
@pytest.mark.parametrize(
    ("change", "words"),
    [
        # under a face-up top card only: as many as the column's cards, or more
        (lambda a: a["hidden"].__setitem__(8, len(a["piles"][8])), "top card must be face up"),
        (lambda a: a["hidden"].__setitem__(8, 40), "top card must be face up"),
        # an emptied column keeps none
        (
            lambda a: (a["piles"][0].append(a["piles"][7].pop()), a["hidden"].__setitem__(7, 1)),
            "top card must be face up",
        ),
        (lambda a: a["hidden"].__setitem__(9, -1), "face-down"),
        (lambda a: a["hidden"].__setitem__(1, 1), "only a column"),
        (lambda a: a["hidden"].__setitem__(0, 2), "only a column"),
        (lambda a: a["hidden"].__setitem__(9, 10**30), None),  # not an int of C++
        (lambda a: a["traits"].update(hidden_cards=False), "no face-down"),
    ],
)
def test_impossible_face_down_cards_are_refused(name, change, words):
    a = args_of(Game(name, seed=3))
    assert any(a["hidden"])
    change(a)
    with pytest.raises((ValueError, TypeError, OverflowError), match=words):
        core.Search(**a)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        core.perft(**a, depth=1)


@pytest.mark.parametrize("name", HIDDEN)
def test_face_down_cards_turn_over_in_play_and_in_the_search(name):
    # a move that lays a face-down card bare turns it over, in play() as in Table.apply;
    # and a search from there equals the Python one
    rng = random.Random(5)
    turned = 0
    for seed in range(1, 30):
        g = Game(name, seed=seed)
        for _ in range(30):
            before = list(g.table.hidden)
            moves = [m for m in g.legal_moves if m.src >= FIRST_TABLEAU] or g.legal_moves
            if not moves:
                break
            move = rng.choice(moves)
            piles, hidden, used = core_search.play(g.table, str(move))
            g.play(move)
            assert (piles, hidden, used) == (g.table.piles, g.table.hidden, g.table.redeals_used)
            turned += sum(before) - sum(hidden)
        assert core_run(g.table, 2_000) == python_run(g.table, 2_000), g.history
    assert turned > 20


def test_bad_budgets_and_caps_are_refused():
    a = args_of(Game("kansas", seed=3))
    with pytest.raises(ValueError, match="memory_mb"):
        core.Search(**a, memory_mb=0)
    for cap in (-1, 53):
        with pytest.raises(ValueError, match="waste_cap"):
            core.Search(**a, waste_cap=cap)
    s = core.Search(**a)
    with pytest.raises(ValueError, match="nodes"):
        s.run(None, -5)
    with pytest.raises(ValueError, match="NaN"):
        s.run(float("nan"), None)
    with pytest.raises(TypeError):
        s.run("soon", None)
    with pytest.raises(ValueError, match="not a legal action"):
        core.play(**a, action="t9>f0")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VARIANTS),
    st.integers(1, 10**6),
    st.integers(0, 40),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 16), st.integers(-3, 60)), max_size=5),
    st.integers(-2, 4),
    st.one_of(st.none(), st.integers(-3, 15)),
)
def test_fuzzed_snapshots_never_crash(variant, seed, steps, edits, used, base):
    """Random positions in play, then random damage: cards moved anywhere, duplicated or
    invented, piles added or taken away, counters and base ranks out of range. The core
    either accepts the position (and can then search it) or raises a Python exception."""
    name, options = variant
    g = Game(name, seed=seed, **options)
    walk(g, random.Random(seed), steps)
    a = args_of(g)
    piles, hidden = a["piles"], a["hidden"]
    for kind, pile, value in edits:
        pile %= len(piles)
        if kind == 0 and piles[pile]:  # a card moved onto any pile
            piles[value % len(piles)].append(piles[pile].pop())
        elif kind == 1:  # a card written in (a copy, or no card at all)
            piles[pile].append(value)
        elif kind == 2:
            piles.append([])
        elif kind == 3 and value % 2:  # face-down cards counted anywhere, any number
            hidden[pile % len(hidden)] = value - 10
        elif piles:
            piles.pop(pile)
    a["redeals_used"] = used
    a["base"] = base
    try:
        rules = core.Rules(a["part"], a["traits"], a["base"])
        position = (a["piles"], a["hidden"], a["redeals_used"])
        assert rules.is_stuck(*position, limit=200) in (True, False)
        assert all(len(m) == 3 for m in rules.legal_moves(*position))
    except (ValueError, TypeError):
        pass
    try:
        s = core.Search(**a)
    except (ValueError, TypeError):
        return
    result, line = s.run(None, 2_000)
    assert result in ("won", "lost", "unknown")
    assert isinstance(line, list)


@pytest.mark.parametrize("name", sorted({n for n, _ in VARIANTS}))
def test_the_solver_says_which_engine_ran(name):
    g = Game(name, seed=8)
    assert g.solve(seconds=None, nodes=20_000).engine == "core"
    assert g.solve(seconds=None, nodes=20_000, engine="python").engine == "python"


def test_the_sanitized_build_is_the_one_tested():
    # core/scripts/sanitize.sh sets SC_SANITIZED to the folder of its build
    import os

    where = os.environ.get("SC_SANITIZED")
    if not where:
        pytest.skip("not the sanitizer run")
    assert core.__file__.startswith(where)


def test_moves_parse():
    # the core writes the shared notation that Move parses
    t = Game("saratoga", seed=5).table
    for action in core_search.legal_moves(t):
        assert str(Move.parse(action)) == action


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_is_stuck_equals_the_python_proof(name, options):
    # progress.is_stuck in the core and in Python, at every position of random games
    # played on to their end: with a small limit at each step (so the searches' cutoffs
    # are compared too, which only the same order of search gives), and with the full
    # limit where the game ends. The play mostly takes moves that cannot be taken back,
    # so most games end stuck and are not before: both answers are seen for every rule
    # set.
    from solitaire_widget import progress
    from solitaire_widget.moves import STOCK

    rng = random.Random(f"stuck{name}{options}")
    answers = set()
    for seed in range(1, 5):
        t = Game(name, seed=seed, **options).table
        for _ in range(400):
            for limit in (1, 40):
                core_says = progress.is_stuck(t, limit)
                assert core_says == progress.is_stuck(t, limit, core=False), (seed, t.key())
                answers.add(core_says)
            moves = t.legal_moves()
            if not moves or progress.is_stuck(t):
                break
            ahead = [m for m in moves if m.src != STOCK and not progress.is_reversible(t, m)]
            t.apply(rng.choice(ahead if ahead and rng.random() < 0.8 else moves))
        stuck = progress.is_stuck(t)
        assert stuck == progress.is_stuck(t, core=False), (seed, t.key())
        answers.add(stuck)
    assert answers == {True, False}
