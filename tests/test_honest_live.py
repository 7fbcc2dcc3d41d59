"""The table's honest live answer (``thoughtful=False``): the chance of winning from what
the player can see, refined in the background, and the exact answer, said so, where no
card is unseen. Stepped by hand (ManualScheduler).

The table-level permutation test: two tables of the same deal whose unseen cards are
permuted among themselves, played alike, send the same view (piles, moves, hint, live
answer and its figures). The first estimate is held to its node budget here (its time
bounds off), so that it is the same to the world on both tables.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from solitaire_widget import Game, game_search
from solitaire_widget.cards import code
from solitaire_widget.games import variants
from solitaire_widget.moves import DRAW
from solitaire_widget.scheduling import ManualScheduler
from solitaire_widget.widget import SolitaireWidget

HIDDEN = [v for v in variants() if any(Game(v.game, seed=1, **v.options).table.hidden)]


@pytest.fixture
def by_nodes(monkeypatch) -> None:
    """The first estimate bounded by nodes alone: the same worlds, the same answers."""
    monkeypatch.setattr(game_search, "WORLD_SECONDS", None)
    monkeypatch.setattr(game_search, "FIRST_SECONDS", 1e6)


def table(game: Game, **kw: Any) -> SolitaireWidget:
    w = SolitaireWidget(game, live_solver=False, **kw)
    w.scheduler = ManualScheduler()
    w.live_slice = 0.05
    w.live_solver = True
    return w


def send(w: SolitaireWidget, content: Any) -> dict:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    return w.view


def move(w: SolitaireWidget, action: str) -> dict:
    return send(w, {"kind": "move", "action": action, "version": w.view["version"]})


def shown(view: dict) -> dict:
    """What the page shows of a view, its clocks left out (and whether it searches on:
    one table of the process at a time does, the last to start)."""
    live = dict(view["live"])
    live.pop("seconds")
    live.pop("searching")
    live["words"] = {k: v for k, v in live["words"].items() if k != "title"}  # (says which)
    return {
        "piles": view["piles"],
        "legal": view["legal"],
        "hint": view["hint"],
        "status": view["status"],
        "live": live,
        "warning": view["warning"],
        "fatal": view["fatal"],
    }


def _twins(v, seed: int, steps: int) -> tuple[Game, Game, list[str]]:
    """A deal and its twin (the cards never seen permuted among themselves), and a
    history played at random on the first, legal on both."""
    deck = Game(v.game, seed=seed, **v.options).deck
    g = Game(v.game, deck=deck, **v.options)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = g.legal_moves
        others = [m for m in legal if not m.is_draw]
        if not legal:
            break
        g.play(rng.choice(others) if others and rng.random() < 0.6 else legal[0])
    seen = g.information().seen
    seen_codes = {code(c) for c in seen}
    places = [i for i, c in enumerate(deck) if c not in seen_codes]
    cards = [deck[i] for i in places]
    shuffled = list(cards)
    while len(cards) > 1 and shuffled == cards:
        rng.shuffle(shuffled)
    twin_deck = list(deck)
    for i, c in zip(places, shuffled, strict=True):
        twin_deck[i] = c
    return (
        Game(v.game, deck=deck, **v.options),
        Game(v.game, deck=twin_deck, **v.options),
        g.history,
    )


@pytest.mark.parametrize("v", variants(), ids=[v.label for v in variants()])
def test_permuting_the_unseen_cards_changes_nothing_the_table_shows(by_nodes, v) -> None:
    for seed, steps in ((1, 0), (2, 8)):
        a, b, history = _twins(v, seed, steps)
        assert a.deck != b.deck  # (eight moves leave cards unseen in every game)
        wa, wb = table(a, thoughtful=False), table(b, thoughtful=False)
        assert shown(wa.view) == shown(wb.view)
        for action in history:
            va, vb = move(wa, action), move(wb, action)
            assert shown(va) == shown(vb), (v.label, action)
        # and the hint the Hint button gives
        send(wa, {"kind": "hint"})
        send(wb, {"kind": "hint"})
        assert shown(wa.view) == shown(wb.view)
        # and the searched one (the honest hint), its worlds held to their node budget
        for w in (wa, wb):
            w.hint_budget = 3600.0
            w.exact_hint = True
        va, vb = send(wa, {"kind": "hint"}), send(wb, {"kind": "hint"})
        assert shown(va) == shown(vb) and va["notice"] == vb["notice"], v.label
        assert va["notice"]["text"].startswith(("Hint (", "No chance")), va["notice"]


@pytest.mark.parametrize("v", HIDDEN, ids=[v.label for v in HIDDEN])
def test_the_honest_answer_is_a_chance_and_learns_no_proof(v) -> None:
    g = Game(v.game, seed=3, **v.options)
    w = table(g, thoughtful=False)
    live = w.view["live"]
    assert live["answer"] == "chance" and live["thoughtful"] is False
    assert live["exact"] is False and live["from_start"] is False
    c = live["chance"]
    assert 1 <= c["samples"] <= 8 and 0.0 <= c["low"] <= c["high"] <= 1.0
    assert w.live.chance is not None and w.live.chance.samples == c["samples"]
    # worded by Python, in the table's language
    words = live["words"]
    assert words["label"] == "Your chance"
    assert re.fullmatch(r"(about \d+%|not yet known) \(\d+–\d+%\)", words["text"])
    assert words["say"] == f"Your chance: {words['text']}"
    assert f"{c['samples']} ways" in words["title"]
    w.lang = "el"
    assert w.view["live"]["words"]["label"] == "Η πιθανότητά σας"
    assert re.fullmatch(
        r"(περίπου \d+%|άγνωστο ακόμα) \(\d+–\d+%\)", w.view["live"]["words"]["text"]
    )
    w.lang = "en"
    # the every-card-known record stays empty: nothing proved, nothing to warn from
    assert w.proofs.known([]) is None
    # refined in the background, in slices
    assert w.scheduler.pending
    before = w.live.chance.samples
    w.scheduler.run_next()
    assert w.live.chance.samples >= before and w.view["live"]["answer"] == "chance"
    # a move: the answer is the new position's
    w.game.play(DRAW)
    assert w.view["live"]["answer"] == "chance"
    assert w.proofs.known(w.game.history) is None


def test_thoughtful_is_the_answer_with_every_card_known_and_says_so() -> None:
    v = HIDDEN[0]
    w = table(Game(v.game, seed=3, **v.options), thoughtful=True)
    live = w.view["live"]
    assert live["thoughtful"] is True and live["chance"] is None
    assert live["answer"] in ("winnable", "lost", "unknown", "checking")
    assert w.view["settings"]["thoughtful"] is True


def test_the_switch_turns_from_one_to_the_other_and_refuses_a_non_bool() -> None:
    v = HIDDEN[0]
    w = table(Game(v.game, seed=3, **v.options), thoughtful=True)
    view = send(w, {"kind": "setting", "name": "thoughtful", "value": False})
    assert w.thoughtful is False and view["settings"]["thoughtful"] is False
    assert view["live"]["answer"] == "chance"
    before = dict(w.view)
    view = send(w, {"kind": "setting", "name": "thoughtful", "value": "yes"})
    assert w.thoughtful is False and view["notice"]["level"] == "error"
    assert view["piles"] == before["piles"]
    view = send(w, {"kind": "setting", "name": "thoughtful", "value": True})
    assert view["live"]["thoughtful"] is True and view["live"]["answer"] != "chance"
    with pytest.raises(TypeError):
        SolitaireWidget(v.game, seed=3, thoughtful=1, **v.options)


def _drawn_through(v) -> Game | None:
    g = Game(v.game, seed=8, **v.options)
    if g.rules.max_redeals == 0:
        return None
    while g.stock_left:
        g.play(DRAW)
    g.play(DRAW)
    return g


def test_with_nothing_unseen_the_honest_answer_is_the_exact_one_and_says_so() -> None:
    found = 0
    for v in variants():
        g = _drawn_through(v)
        if g is None or not g.information().exact:
            continue
        found += 1
        w = table(g, thoughtful=False)
        w.live_budget = 5.0
        w.live.moved()
        w.live.check_soon()
        live = w.view["live"]
        assert live["answer"] in ("winnable", "lost") and live["exact"] is True
        assert live["chance"] is None
        # looking back at the deal, the stock was not yet seen: a chance again
        view = send(w, {"kind": "review", "at": 0})
        assert view["live"]["answer"] == "chance" and view["live"]["exact"] is False
        view = send(w, {"kind": "review"})
        assert view["live"]["exact"] is True
    assert found


def test_a_stuck_game_is_lost_on_its_face_without_a_search(monkeypatch) -> None:
    # rules with no redeal, played until no move changes anything for good
    for v in HIDDEN:
        if Game(v.game, seed=1, **v.options).rules.max_redeals != 0:
            continue
        for seed in range(1, 40):
            g = Game(v.game, seed=seed, **v.options)
            rng = random.Random(seed)
            for _ in range(400):
                if g.status != "playing":
                    break
                legal = g.legal_moves
                others = [m for m in legal if not m.is_draw]
                g.play(rng.choice(others) if others and rng.random() < 0.7 else legal[0])
            if g.status == "lost" and g.information().unseen:
                break
        else:
            continue

        def refuse(*a, **k):
            raise AssertionError("searched")

        monkeypatch.setattr(game_search, "world_search", refuse)
        w = table(g, thoughtful=False)
        assert w.view["live"]["answer"] == "lost" and w.view["live"]["exact"] is False
        return
    pytest.skip("no stuck position with unseen cards found")


def test_the_unwinnable_warning_runs_its_own_check_beside_the_honest_answer() -> None:
    # the warning is a switch of its own, with every card known: the honest chance
    # proves nothing, so its check runs beside it (a deal lost from the deal)
    for v in HIDDEN + [v for v in variants() if v not in HIDDEN]:
        for seed in range(1, 30):
            g = Game(v.game, seed=seed, **v.options)
            if g.solve(seconds=None, nodes=300_000).result == "lost":
                break
        else:
            continue
        w = table(g, thoughtful=False)
        assert w.view["warning"] is None and w.proofs.known([]) is None
        w.check_budget = 30.0
        w.warn_unwinnable = True  # switched on with the honest answer showing
        assert w.view["live"]["answer"] in ("chance", "lost")
        assert w.view["warning"] is not None and w.view["warning"]["level"] == "warn"
        return
    pytest.fail("no lost deal found")


def test_by_default_the_table_tells_the_honest_chance() -> None:
    v = HIDDEN[0]
    w = SolitaireWidget(v.game, seed=3, live_solver=False, **v.options)
    assert w.thoughtful is False
    w.scheduler = ManualScheduler()
    w.live_solver = True
    assert w.view["live"]["answer"] == "chance" and w.view["settings"]["thoughtful"] is False
    # the fatal-move warning follows the switch: with it off, the honest warning, and
    # the indicator stays the honest chance
    w.warn_fatal = True
    live = w.view["live"]
    assert live["thoughtful"] is False and live["answer"] == "chance"
    w.thoughtful = True
    live = w.view["live"]
    assert live["thoughtful"] is True and live["answer"] != "chance"
    assert live["words"]["label"] == "Solver (every card known)"


def test_the_honest_warning_holds_a_move_that_lowers_the_chance_much(by_nodes, monkeypatch):
    """With warn_fatal on and thoughtful off (the default), the warning is the honest one:
    a move is held when it lowers the chance from what the player can see by a quarter
    or more, over the same worlds (Eagle Wing 15: t7>t4 wins five of the eight worlds
    the deal wins in all eight); its words give both chances and the worlds, and say
    nothing of the every-card-known proofs, which are neither read nor written. The
    permuted twin holds the same move with the same words."""
    from solitaire_widget import live

    monkeypatch.setattr(live, "WORLD_SECONDS", None)  # the look-ahead's worlds by nodes too
    seen = []
    for deck_game in _twins(next(v for v in variants() if v.game == "eagle-wing"), 15, 0)[:2]:
        w = table(deck_game, thoughtful=False, warn_fatal=True)
        w.proofs.learn([], "won", ["t0>f0"])  # a record the honest warning must not read
        before = w.game.snapshot()
        v = move(w, "t7>t4")
        assert v["pending"] is not None and v["pending"]["move"] == "t7>t4", v["pending"]
        assert w.game.snapshot() == before  # held, not played
        assert re.fullmatch(
            r"This move lowers your chance from about 100% \(\d+–100%\) to about \d+% "
            r"\(\d+–\d+%\), from what you can see\.",
            v["pending"]["text"],
        ), v["pending"]
        assert v["pending"]["reason"].startswith(
            "Of 8 ways the cards you have not seen may lie, 8 are won from here and 5 after"
        )
        w.lang = "el"
        assert w.view["pending"]["text"].startswith("Αυτή η κίνηση ρίχνει την πιθανότητά σας")
        w.lang = "en"
        seen.append((v["pending"]["text"], v["pending"]["reason"]))
        # "Play it anyway" plays it, and nothing was proved from it
        held = v["pending"]
        v = send(
            w, {"kind": "fatal", "confirm": True, "action": "t7>t4", "version": held["version"]}
        )
        assert w.game.history == ["t7>t4"] and v["pending"] is None
        assert w.proofs.known(["t7>t4"]) is None
        # the honest hint's move, which keeps the chance, is played at once
        w.game.undo()
        hint = w.live._honest_ahead[1].move
        v = move(w, str(hint))
        assert v["pending"] is None and w.game.history == [str(hint)]
    assert seen[0] == seen[1]
