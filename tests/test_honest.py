"""Honest help: what the table tells a player is computed from what they can see.

The heart of it is the permutation test: two games of the same deal whose unseen cards
(never face up, from the deal to now) are permuted among themselves show the same table
at every step of the same history, so every honest answer (``Game.chance``,
``honest_hint``, ``chance_after``) must be the same for both, to the last world. A
sampler that let a face-down card through (the worlds drawn from the unseen cards in
the order they truly lie, or the true position among the worlds) fails it: the last
tests here run it on such samplers and check that it does.

Which cards were seen is checked against the table's own face-up codes (the snapshot's
upper-case cards), a second reading of the same facts. No game is named: each is
reached through the registry, and asked about its rules.
"""

from __future__ import annotations

import math
import random

import pytest

from solitaire_widget import Game, game_search
from solitaire_widget.cards import code
from solitaire_widget.chance import Chance, lowers, wilson
from solitaire_widget.games import SHIPPED, make_rules, rule_sets, variants
from solitaire_widget.information import Information
from solitaire_widget.moves import DRAW, FIRST_TABLEAU, STOCK, IllegalMove
from solitaire_widget.solve_result import SolveResult

# small, so the test is quick: the answers only need to be the same, not fine
WORLDS, NODES, SEED = 6, 3_000, 11
VARIANTS = variants()
IDS = [v.label for v in VARIANTS]


def _face_up(g: Game) -> set[str]:
    snap = g.snapshot()
    codes = [*snap["s"], *snap["w"], *snap.get("r", [])]
    for pile in (*snap["f"], *snap["t"]):
        codes.extend(pile)
    return {c for c in codes if c == c.upper()}


def _masked(g: Game) -> dict:
    # the table as the player sees it: face-down cards all alike
    def mask(pile: list[str]) -> list[str]:
        return [c if c == c.upper() else "??" for c in pile]

    snap = g.snapshot()
    return {
        k: [mask(p) for p in v] if k in ("f", "t") else mask(v)
        for k, v in snap.items()
        if k != "redeals_used"
    }


def _seen_by_replay(g: Game) -> set[str]:
    """The cards face up at some step of ``g``'s history, read off the snapshots."""
    fresh = Game(g.name, deck=g.deck, **g.options)
    seen = _face_up(fresh)
    for action in g.history:
        fresh.play(action)
        seen |= _face_up(fresh)
    return seen


def _play_some(g: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        legal = g.legal_moves
        if not legal or g.is_won:
            return
        others = [m for m in legal if not m.is_draw]
        if others and (DRAW not in legal or rng.random() < 0.6):
            g.play(rng.choice(others))
        else:
            g.play(DRAW)


def _dealt(v, seed: int, steps: int) -> Game:
    # a deal as a deck (so that its twin is one too), played on a little at random
    deck = Game(v.game, seed=seed, **v.options).deck
    g = Game(v.game, deck=deck, **v.options)
    _play_some(g, random.Random(seed * 7 + steps), steps)
    return g


def _twin(g: Game, rng: random.Random) -> Game | None:
    """The same deal with its unseen cards permuted among themselves, the same history
    played on it, its table checked to look the same at every step; None when fewer
    than two cards are unseen."""
    assert g.deck is not None
    seen = _seen_by_replay(g)
    places = [i for i, c in enumerate(g.deck) if c not in seen]
    if len(places) < 2:
        return None
    cards = [g.deck[i] for i in places]
    shuffled = list(cards)
    while shuffled == cards:
        rng.shuffle(shuffled)
    deck = list(g.deck)
    for i, c in zip(places, shuffled, strict=True):
        deck[i] = c
    twin = Game(g.name, deck=deck, **g.options)
    mirror = Game(g.name, deck=g.deck, **g.options)
    assert _masked(twin) == _masked(mirror)
    for action in g.history:
        twin.play(action)
        mirror.play(action)
        assert _masked(twin) == _masked(mirror), action
    assert twin.snapshot() != g.snapshot()  # the unseen cards do lie elsewhere
    return twin


def _answers(g: Game) -> tuple:
    """Every honest answer about ``g``, as plain values."""
    c = g.chance(WORLDS, nodes=NODES, seed=SEED)
    hint = g.honest_hint(WORLDS, nodes=NODES, seed=SEED)
    hinted = None
    if hint is not None:
        hinted = (
            str(hint.move),
            hint.text(),
            sorted((str(m), tuple(x.figures().items())) for m, x in hint.chances.items()),
        )
    after = [
        (str(m), tuple(g.chance_after(m, WORLDS, nodes=NODES, seed=SEED).figures().items()))
        for m in g.legal_moves[:3]
    ]
    return (tuple(c.figures().items()), c.text(), c.text("el"), hinted, after)


CASES = [(v, seed, steps) for v in VARIANTS for seed in (1, 2, 3) for steps in (0, 12, 40)]


def _pairs(cases):
    rng = random.Random(5)
    for v, seed, steps in cases:
        g = _dealt(v, seed, steps)
        twin = _twin(g, rng)
        if twin is not None:
            yield g, twin


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_permuting_the_unseen_cards_changes_no_honest_answer(v) -> None:
    compared = 0
    for g, twin in _pairs([c for c in CASES if c[0] is v]):
        assert _answers(g) == _answers(twin), (v.label, g.history)
        compared += 1
    assert compared >= 4, v.label  # (a long history may leave nothing unseen)


HIDDEN = [v for v in VARIANTS if any(Game(v.game, seed=1, **v.options).table.hidden)]


@pytest.mark.parametrize("v", HIDDEN, ids=[v.label for v in HIDDEN])
def test_the_hints_order_that_breaks_ties_reads_no_face_down_card(v) -> None:
    # many positions, for the moves that turn a face-down card over are what a hint
    # could judge by the card it would show
    rng = random.Random(13)
    compared = 0
    for seed in range(1, 25):
        g = _dealt(v, seed, 0)
        for _ in range(6):
            _play_some(g, rng, 7)
            twin = _twin(g, rng)
            if twin is not None:
                assert game_search.hint_order(g) == game_search.hint_order(twin), g.history
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("v", HIDDEN, ids=[v.label for v in HIDDEN])
def test_a_hint_does_not_judge_a_move_by_the_card_it_would_turn_over(v) -> None:
    # A face-up nine on one face-down card, two red tens to take it: the card under the
    # nine is an Ace (it could go up once turned over) or a Five (it could not). The
    # player sees the same table, so the hints must come in the same order.
    rules = make_rules(v.game, **v.options)
    col = next(i for i, n in enumerate(rules.deal_hidden()[FIRST_TABLEAU:]) if n)
    orders = []
    for down in ("ah", "5c"):
        used = {"9S", "TH", "TD", down.upper()}
        columns: list[list[str]] = [[] for _ in range(rules.n_tableau)]
        columns[col] = [down, "9S"]
        others = [i for i in range(rules.n_tableau) if i != col][:2]
        columns[others[0]], columns[others[1]] = ["TH"], ["TD"]
        state = {
            "s": [code(c).lower() for c in range(52) if code(c) not in used],
            "w": [],
            "f": [[], [], [], []],
            "t": columns,
        }
        g = Game.from_snapshot(state, v.game, **v.options)
        assert {f"t{col}>t{others[0]}", f"t{col}>t{others[1]}"} <= {str(m) for m in g.legal_moves}
        orders.append([str(m) for m in game_search.hint_order(g)])
    assert orders[0] == orders[1]


def test_the_permutation_test_covers_every_game_with_unseen_cards() -> None:
    # every game deals some cards unseen (the stock at least): each is in VARIANTS
    assert {v.game for v in VARIANTS} == set(SHIPPED)
    for v in VARIANTS:
        assert Game(v.game, seed=1, **v.options).information().unseen, v.label
    # three cards a click with face-down columns among them
    assert any(
        make_rules(v.game, **v.options).draw_count == 3
        and any(Game(v.game, seed=1, **v.options).table.hidden)
        for v in VARIANTS
    )


def _leaky_in_table_order(self: Information, rng: random.Random):
    # the unseen cards shuffled from where they truly lie: the same random numbers
    # then give different worlds for two tables that look the same
    cards = [self.table.piles[i][p] for i, p in self.slots]
    rng.shuffle(cards)
    t = self.table.copy()
    for (i, p), card in zip(self.slots, cards, strict=True):
        t.piles[i][p] = card
    return t


def _leaky_truth(self: Information, rng: random.Random):
    # a "sample" that is the true position
    return self.table.copy()


@pytest.mark.parametrize("leak", [_leaky_in_table_order, _leaky_truth])
def test_the_permutation_test_fails_a_sampler_that_peeks(monkeypatch, leak) -> None:
    cases = [c for c in CASES if make_rules(c[0].game, **c[0].options).draw_count == 3]
    pairs = list(_pairs(cases[:12]))
    monkeypatch.setattr(Information, "world", leak)
    assert any(_answers(g) != _answers(twin) for g, twin in pairs)


# ---- what was seen ------------------------------------------------------------------
@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_the_seen_cards_are_those_that_were_ever_face_up(v) -> None:
    for seed, steps in ((4, 0), (5, 25), (6, 80)):
        g = _dealt(v, seed, steps)
        info = g.information()
        seen = _seen_by_replay(g)
        codes = {code(c) for c in info.seen}
        assert codes == seen, (v.label, seed, steps)
        assert len(info.unseen) == len(info.slots) == 52 - len(seen)
        table = g.table
        for index, position in info.slots:
            # an unseen card lies face down, and is one of the unseen ones
            assert not table.is_face_up(index, position)
            assert table.piles[index][position] in info.unseen
        assert list(info.unseen) == sorted(info.unseen)


def _through_the_stock(v) -> Game | None:
    """A deal of ``v`` with its stock dealt through once and turned over, or None
    where its rules allow no redeal."""
    g = Game(v.game, seed=8, **v.options)
    if g.rules.max_redeals == 0:
        return None
    while g.stock_left:
        g.play(DRAW)
    g.play(DRAW)  # the redeal: the waste back into the stock, in a known order
    assert g.stock_left and g.redeals_used == 1
    return g


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_a_stock_dealt_through_once_is_known(v) -> None:
    g = _through_the_stock(v)
    if g is None:
        pytest.skip("no redeal under these rules")
    info = g.information()
    assert not [s for s in info.slots if s[0] == STOCK]
    stock = g.table.piles[STOCK]
    assert set(stock) <= info.seen
    # and once drawn again, a card stays seen while it lies face down in the stock
    g.play(DRAW)
    assert set(g.table.piles[STOCK]) <= g.information().seen


def test_a_game_with_nothing_unseen_is_answered_exactly_and_says_so() -> None:
    exact = []
    for v in variants():
        g = _through_the_stock(v)
        if g is None or not g.information().exact:
            continue
        exact.append(v.label)
        c = g.chance(4, nodes=10_000)
        assert c.exact and c.samples == 0 and c.searched
        truth = g.solve(seconds=None, nodes=40_000).result
        assert c.result == truth
        assert "every card is known" in c.text()
        assert "όλα τα φύλλα είναι γνωστά" in c.text("el")
        if truth != "unknown":
            assert c.interval == (float(truth == "won"),) * 2
        hint = g.honest_hint(2, nodes=10_000)
        assert hint is not None and hint.chance.exact
        assert "every card is known" in hint.text()
    # the rules with every card face up but the stock: known once it has been seen
    assert exact
    # and the rules with face-down cards are not
    assert len(exact) < len([v for v in variants() if _through_the_stock(v) is not None])


# ---- answered without a search ----------------------------------------------------------
def _no_search(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(game_search, "world_search", refuse)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_won_game_is_answered_without_sampling(monkeypatch, name) -> None:
    v = next(v for v in variants(name))
    g = Game.deal(name, **v.options) if v.figures else None
    if g is None:
        for seed in range(1, 40):
            g = Game(name, seed=seed, **v.options)
            if g.solve(seconds=None, nodes=200_000).result == "won":
                break
    assert g is not None
    line = g.solve(seconds=60).solution
    for action in line:
        g.play(action)
    assert g.is_won
    _no_search(monkeypatch)
    c = g.chance()
    assert c.exact and not c.searched and c.samples == 0 and c.result == "won"
    assert c.share == 1.0 and c.interval == (1.0, 1.0)
    assert g.honest_hint() is None


def test_a_stuck_game_is_answered_without_sampling(monkeypatch) -> None:
    # rules with no redeal: play at random until no move changes anything for good
    stuck = []
    for v in rule_sets():
        if make_rules(v.game, **v.options).max_redeals != 0:
            continue
        for seed in range(1, 30):
            g = Game(v.game, seed=seed, **v.options)
            rng = random.Random(seed)
            for _ in range(300):
                if g.status != "playing":
                    break
                _play_some(g, rng, 1)
            if g.status == "lost":
                stuck.append(g)
                break
    assert stuck
    _no_search(monkeypatch)
    for g in stuck:
        c = g.chance()
        assert c.exact and not c.searched and c.result == "lost" and c.share == 0.0
        assert c.interval == (0.0, 0.0)


# ---- sampling -----------------------------------------------------------------------------
def test_worlds_keep_every_seen_card_and_shuffle_the_unseen_uniformly() -> None:
    v = next(v for v in VARIANTS if any(Game(v.game, seed=1, **v.options).table.hidden))
    g = _dealt(v, 9, 30)
    info = g.information()
    k = len(info.unseen)
    first = info.slots[0]
    counts: dict[int, int] = {}
    worlds = set()
    for i in range(2_000):
        t = info.world(random.Random(i))
        for index, pile in enumerate(t.piles):
            for position, card in enumerate(pile):
                if (index, position) not in info.slots:
                    assert card == info.table.piles[index][position]
        placed = [t.piles[i][p] for i, p in info.slots]
        assert sorted(placed) == list(info.unseen)
        counts[placed[0]] = counts.get(placed[0], 0) + 1
        worlds.add(tuple(placed))
    assert len(worlds) == 2_000  # (k! worlds: a repeat would be a broken shuffle)
    # each unseen card lies in the first unseen place in about 1/k of the worlds (a
    # fixed seed: no chance of a flaky failure; chi-square, k-1 degrees, far tail)
    expected = 2_000 / k
    chi2 = sum((counts.get(c, 0) - expected) ** 2 / expected for c in info.unseen)
    assert set(counts) == set(info.unseen)
    assert chi2 < (k - 1) + 6 * math.sqrt(2 * (k - 1)), (first, chi2)


def test_the_same_seed_gives_the_same_answer_and_refining_adds_worlds() -> None:
    v = next(v for v in VARIANTS if any(Game(v.game, seed=1, **v.options).table.hidden))
    g = _dealt(v, 3, 10)
    a = g.chance(8, nodes=NODES, seed=4)
    b = g.chance(3, nodes=NODES, seed=4).refine(samples=5)
    assert a.figures() == b.figures() and a.samples == 8
    assert g.chance(8, nodes=NODES, seed=5).samples == 8
    before = b.figures()
    b.refine(samples=0)
    b.refine(seconds=0.0)
    assert b.figures() == before
    b.refine(seconds=0.5, samples=2)
    assert b.samples == 10
    low, high = b.interval
    assert 0.0 <= low <= (b.share or 0.0) <= high <= 1.0


def test_the_interval_counts_undecided_worlds_both_ways() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(30, 50)
    assert 0.46 < low < 0.47 and 0.72 < high < 0.73  # the textbook figures
    c = _fake_chance(["won"] * 5 + ["lost"] * 3 + ["unknown"] * 2)
    assert (c.won, c.lost, c.undecided, c.samples) == (5, 3, 2, 10)
    assert c.share == 5 / 8
    assert c.interval == (wilson(5, 10)[0], wilson(7, 10)[1])
    assert c.text() == "about 62% (24–89%)"
    assert c.text("el").startswith("περίπου 62%")


class _Fixed:
    def __init__(self, result: str) -> None:
        self.result = result

    def run(self, seconds=None, nodes=None) -> SolveResult:
        return SolveResult(self.result)


def _fake_chance(results: list[str], move=None) -> Chance:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    info = g.information()
    it = iter(results)
    c = Chance(info, lambda t: _Fixed(next(it)), move=move)
    return c.refine(samples=len(results))


def test_the_warning_says_a_move_lowers_the_chance() -> None:
    before = _fake_chance(["won"] * 8 + ["lost"] * 2)
    after = _fake_chance(["won"] * 2 + ["lost"] * 8)
    words = lowers(before, after)
    assert words is not None and "from about 80%" in words and "to about 20%" in words
    assert lowers(after, before) is None
    assert lowers(before, before) is None
    assert "ρίχνει" in (lowers(before, after, "el") or "")


def test_the_honest_hint_says_what_it_rests_on() -> None:
    v = next(v for v in VARIANTS if any(Game(v.game, seed=1, **v.options).table.hidden))
    g = _dealt(v, 2, 5)
    hint = g.honest_hint(WORLDS, nodes=NODES)
    assert hint is not None and hint.move in g.legal_moves
    assert "the best chance from what you can see" in hint.text()
    assert "από όσα βλέπετε" in hint.text("el")
    best = hint.chances[hint.move]
    assert all(best.won >= c.won for c in hint.chances.values())
    # each move's chance is the one chance_after gives over the same worlds
    # (a world's answer there may come from the answer before the move: lost stays
    # lost, a line that starts with the move wins on; where both decide, they agree)
    agreed = 0
    for move, c in hint.chances.items():
        direct = g.chance_after(move, WORLDS, nodes=NODES)
        for mine, theirs in zip(c.results, direct.results, strict=True):
            if "unknown" not in (mine, theirs):
                assert mine == theirs, move
                agreed += 1
    assert agreed


# ---- bad input ----------------------------------------------------------------------------
BAD = [
    ({"nodes": float("nan")}, ValueError),
    ({"nodes": -1}, ValueError),
    ({"nodes": 0}, ValueError),
    ({"nodes": True}, TypeError),
    ({"nodes": 1.5}, ValueError),
    ({"seconds": float("nan")}, ValueError),
    ({"seconds": -1.0}, ValueError),
    ({"seconds": float("inf")}, ValueError),
    ({"seconds": True}, TypeError),
    ({"seconds": "1"}, TypeError),
    ({"nodes": None, "seconds": None}, ValueError),
    ({"seed": -1}, ValueError),
    ({"seed": 1.0}, ValueError),
]


@pytest.mark.parametrize("bad,error", BAD, ids=[repr(b) for b, _ in BAD])
def test_bad_budgets_are_refused_and_change_nothing(monkeypatch, bad, error) -> None:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    g.play(g.legal_moves[0])
    before = (g.to_json(), g._version)
    _no_search(monkeypatch)
    with pytest.raises(error):
        g.chance(**bad)
    with pytest.raises(error):
        g.chance_after(g.legal_moves[0], **bad)
    with pytest.raises(error):
        g.honest_hint(**bad)
    assert (g.to_json(), g._version) == before


@pytest.mark.parametrize(
    "samples,error", [(-1, ValueError), (2.0, ValueError), (None, TypeError), (True, TypeError)]
)
def test_bad_sample_counts_are_refused(monkeypatch, samples, error) -> None:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    _no_search(monkeypatch)
    with pytest.raises(error):
        g.chance(samples)
    with pytest.raises(error):
        g.honest_hint(samples)


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({}, ValueError),
        ({"seconds": float("nan")}, ValueError),
        ({"seconds": -1}, ValueError),
        ({"samples": -1}, ValueError),
        ({"samples": True}, TypeError),
        ({"seconds": True}, TypeError),
    ],
)
def test_a_bad_refinement_is_refused_and_changes_nothing(kwargs, error) -> None:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    c = g.chance(2, nodes=NODES)
    before = c.figures()
    with pytest.raises(error):
        c.refine(**kwargs)
    assert c.figures() == before


def test_an_illegal_move_is_refused_and_nothing_is_played() -> None:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.chance_after("t9>f0")
    with pytest.raises((IllegalMove, ValueError)):
        g.chance_after("nonsense")
    assert g.to_json() == before


# ---- refined on another thread ----------------------------------------------------------
class _Gate:
    """A search that answers "won" once let through, saying when it has started."""

    def __init__(self, started, through) -> None:
        self.started, self.through = started, through

    def run(self, seconds=None, nodes=None) -> SolveResult:
        self.started.set()
        assert self.through.wait(30), "never let through"
        return SolveResult("won")


def test_the_figures_can_be_read_while_a_refinement_runs() -> None:
    import threading

    started, through = threading.Event(), threading.Event()
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    c = Chance(g.information(), lambda t: _Gate(started, through))
    worker = threading.Thread(target=c.refine, kwargs={"samples": 2}, daemon=True)
    worker.start()
    assert started.wait(30)
    read: list = []
    reader = threading.Thread(target=lambda: read.append((c.figures(), c.text())), daemon=True)
    reader.start()
    reader.join(30)  # (a guard against a hang, not a timing: it returns at once)
    assert read and read[0][0]["samples"] == 0  # read while the first world is solved
    through.set()
    worker.join(30)
    assert c.samples == 2 and c.won == 2


class _Cancelling:
    def __init__(self, chance_box: list, after: int) -> None:
        self.box, self.after = chance_box, after

    def run(self, seconds=None, nodes=None) -> SolveResult:
        c = self.box[0]
        if len(c.results) + 1 == self.after:
            c.cancel()
        return SolveResult("lost")


def test_a_cancelled_refinement_stops_after_the_world_it_solves() -> None:
    g = Game(VARIANTS[0].game, seed=1, **VARIANTS[0].options)
    box: list = []
    c = Chance(g.information(), lambda t: _Cancelling(box, 3))
    box.append(c)
    c.refine(samples=1_000)
    assert c.samples == 3 and c.lost == 3
    c.refine(samples=2)  # and it may be refined again
    assert c.samples == 5
