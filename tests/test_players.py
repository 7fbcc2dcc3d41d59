"""Issue 20, the table players and teachers ask for: bad options refused at once,
face-down cards never named, statistics that survive two kernels, review that
describes the position shown, Solve's wins counted as they are announced.

Every game comes from the registry (solitaire_widget.games); none is named here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_widget import Game
from solitaire_widget.cards import card_name, parse_code
from solitaire_widget.games import GAMES


def _option_games(option: str) -> list[str]:
    return [name for name, cls in GAMES.items() if option in cls.option_names]


# ---------------------------------------------------------------------- (5) bad options


@pytest.mark.parametrize("name", _option_games("draw"))
@pytest.mark.parametrize("draw", [3.0, 1.0, "3", True])
def test_a_draw_that_is_not_a_whole_number_is_refused(name: str, draw: Any) -> None:
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        Game(name, seed=1, draw=draw)


@pytest.mark.parametrize("name", _option_games("redeals"))
@pytest.mark.parametrize("redeals", [10**9, 100, 2.0])
def test_a_huge_or_fractional_redeal_count_is_refused(name: str, redeals: Any) -> None:
    with pytest.raises((TypeError, ValueError), match="redeals must be"):
        Game(name, seed=1, redeals=redeals)


@pytest.mark.parametrize("switch", ["live_solver", "warn_unwinnable", "exact_hint"])
@pytest.mark.parametrize("value", ["no", "False", 0, 1, 2.5])
def test_widget_switches_take_true_or_false_only(switch: str, value: Any) -> None:
    pytest.importorskip("anywidget")
    from solitaire_widget.widget import SolitaireWidget

    with pytest.raises(TypeError, match=f"{switch} must be True"):
        SolitaireWidget(next(iter(GAMES)), seed=1, **{switch: value})


# ---------------------------------------------------------------------- (6) face-down cards


def _hidden_names(g: Game) -> list[str]:
    """The names, in both languages, of every card lying face down in ``g``."""
    out = []
    snap = g.snapshot()
    piles = [p for k, v in snap.items() for p in (v if k in ("f", "t") else [v])]
    for pile in piles:
        for c in pile:
            if c.islower():
                card = parse_code(c)[0]
                out += [card_name(card, "en"), card_name(card, "el")]
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_hints_and_explanations_never_name_a_face_down_card(name: str) -> None:
    """Every legal move's explanation (what a hint shows) along 40 random games of 60
    moves: no face-down card is named, in English or in Greek."""
    rng = random.Random(20)
    checked = 0
    for seed in range(40):
        g = Game(name, seed=seed)
        for _ in range(60):
            legal = g.legal_moves
            if not legal or g.status != "playing":
                break
            hidden = _hidden_names(g)
            for m in legal:
                for lang in ("en", "el"):
                    words = g.explain(m, lang=lang)
                    named = [h for h in hidden if h in words]
                    assert not named, (seed, g.history, str(m), words)
                    checked += 1
            g.play(rng.choice(legal))
    assert checked > 1000


# ---------------------------------------------------------------- item 7: how a deal ends


def _send(w: Any, content: Any) -> dict:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    return w.view


def _live_table(name: str, seed: int, **kw: Any) -> Any:
    """A table whose live answer runs by hand (on only once the scheduler is set)."""
    pytest.importorskip("anywidget")
    from solitaire_widget.scheduling import ManualScheduler
    from solitaire_widget.statistics import Statistics
    from solitaire_widget.widget import SolitaireWidget

    w = SolitaireWidget(
        name, seed=seed, live_solver=False, statistics=Statistics(), **kw, thoughtful=True
    )
    w.live_budget = 5.0
    w.scheduler = ManualScheduler()
    w.live_solver = True
    return w


def test_a_deal_solve_finishes_is_said_and_counted_as_solved_not_won() -> None:
    # "You won!" while the figures said "not won" and the streak broken was the
    # contradiction: now both say "solved by the computer", neither a win nor a loss,
    # and the streak neither grows nor ends
    w = _live_table("eagle-wing", 1)
    w.statistics.record("eagle-wing", w.game.options, won=True, seconds=9, score=52)
    w.live_solver = False
    w.solve()
    w.scheduler.run_all()
    assert w.game.status == "won" and w.view["outcome"] == "solved"
    assert w.view["notice"]["text"].startswith("Solved by the computer")
    row = w.stats
    assert (row["played"], row["won"], row["solved"], row["lost"]) == (2, 1, 1, 0)
    assert (row["streak"], row["best_streak"]) == (1, 1)
    # played by hand, the same deal is the player's win
    w.game.restart()
    for a in w.game.solve(seconds=10).solution:
        w.game.play(a)
    assert w.view["outcome"] == "won" and w.view["notice"]["text"].startswith("You won")
    assert (w.stats["played"], w.stats["won"], w.stats["streak"]) == (3, 2, 2)


def test_a_deal_proved_lost_counts_at_once_and_a_later_win_replaces_the_loss() -> None:
    # Eagle Wing deal 5 is lost after t5>f2, t6>t5 and winnable again when undone
    w = _live_table("eagle-wing", 5)
    w.game.play("t5>f2")
    w.game.play("t6>t5")
    w.scheduler.run_all()
    assert w.live_answer == "lost"
    assert (w.stats["played"], w.stats["lost"]) == (1, 1)  # not when it is left
    w.game.undo()
    w.live_solver = False
    for a in w.game.solve(seconds=10).solution:
        w.game.play(a)
    assert w.game.status == "won"
    assert (w.stats["played"], w.stats["won"], w.stats["lost"]) == (1, 1, 0)
    w.game.new(seed=6)  # a win is never taken back
    assert (w.stats["played"], w.stats["won"]) == (1, 1)


def test_a_game_out_of_moves_counts_at_once() -> None:
    pytest.importorskip("anywidget")
    from solitaire_widget.statistics import Statistics
    from solitaire_widget.widget import SolitaireWidget

    for seed in range(50):
        w = SolitaireWidget("kansas", seed=seed, live_solver=False, statistics=Statistics())
        while w.game.status == "playing":
            w.game.play(w.game.legal_moves[0])
        if w.game.status == "lost":
            break
    assert w.game.status == "lost" and w.view["outcome"] == "lost"
    assert (w.stats["played"], w.stats["lost"]) == (1, 1)
    w.game.new()
    assert w.stats["played"] == 1  # counted once


def test_changing_the_rules_mid_game_keeps_the_deal_and_says_it_is_given_up() -> None:
    pytest.importorskip("anywidget")
    from solitaire_widget.statistics import Statistics
    from solitaire_widget.widget import SolitaireWidget

    w = SolitaireWidget("saratoga", seed=11, live_solver=False, statistics=Statistics())
    w.game.draw()
    w.game.draw()
    v = _send(w, {"kind": "select", "game": "saratoga", "options": {"draw": 3, "redeals": 2}})
    assert w.game.seed == 11 and w.game.options["draw"] == 3 and w.game.moves == 0
    assert v["notice"]["text"] == (
        "The rules changed: deal 11 starts again under them. The game in progress (2 moves) "
        "counts as given up (lost) in the statistics."
    )
    assert w.statistics.get("saratoga", {"draw": 1, "redeals": 2})["lost"] == 1
    # with no game in progress, nothing to say
    v = _send(w, {"kind": "select", "game": "saratoga", "options": {"draw": 1, "redeals": 2}})
    assert v["notice"] is None and w.game.seed == 11


def test_a_deal_lost_from_the_start_says_so() -> None:
    # Kansas deal 4 is lost at the deal: "cannot be won", never "no longer winnable"
    w = _live_table("kansas", 4, warn_unwinnable=True)
    w.scheduler.run_all()
    assert w.live_answer == "lost" and w.view["live"]["from_start"] is True
    assert w.view["warning"]["text"] == (
        "This deal cannot be won: it was lost from the start, whatever is played."
    )
    # lost by a move: "no longer"
    w = _live_table("eagle-wing", 5, warn_unwinnable=True)
    w.game.play("t5>f2")
    w.game.play("t6>t5")
    w.scheduler.run_all()
    assert w.view["live"]["from_start"] is False
    assert w.view["warning"]["text"] == "This deal can no longer be won."


# ---------------------------------------------------------------- item 4: review that teaches


def test_in_review_the_live_answer_is_about_the_position_shown() -> None:
    # Eagle Wing deal 5: lost after t5>f2, t6>t5; step back one move and it is winnable
    w = _live_table("eagle-wing", 5)
    w.game.play("t5>f2")
    w.game.play("t6>t5")
    w.scheduler.run_all()
    assert w.live_answer == "lost"
    w.review(1)
    w.scheduler.run_all()
    assert w.live_answer == "winnable" and w.view["live"]["answer"] == "winnable"
    w.review(2)
    w.scheduler.run_all()
    assert w.view["live"]["answer"] == "lost"
    w.review(0)
    w.scheduler.run_all()
    assert w.view["live"]["answer"] == "winnable"
    w.review(None)  # the game again: lost
    w.scheduler.run_all()
    assert w.view["live"]["answer"] == "lost" and w.game.moves == 2


def test_a_move_made_while_reviewing_is_offered_and_played_on_from_there() -> None:
    w = _live_table("eagle-wing", 5)
    w.game.play("t5>f2")
    w.game.play("t6>t5")
    w.scheduler.run_all()
    v = _send(w, {"kind": "review", "at": 1})
    assert "t6>t5" in v["legal"]  # the position shown's moves, for the page to offer
    other = next(m for m in v["legal"] if m != "t6>t5")
    v = _send(w, {"kind": "move", "action": other, "version": 1})
    assert w.game.history == ["t5>f2", "t6>t5"]  # nothing played yet
    assert v["offer"] == other and v["notice"]["text"].startswith(
        "You are looking back at move 1 of 2. Play on from here?"
    )
    v = _send(w, {"kind": "play_on"})
    assert w.game.history == ["t5>f2", other] and v["review"] is None and v["offer"] is None
    # a move not legal in the position shown is refused with its reason, not offered
    v = _send(w, {"kind": "review", "at": 0})
    v = _send(w, {"kind": "move", "action": "t0>t0"})
    assert v["notice"]["level"] == "error" and v["offer"] is None
    assert w.game.history == ["t5>f2", other]
    # "Play on from here" with nothing offered takes back to there, Redo brings it back
    v = _send(w, {"kind": "play_on"})
    assert w.game.moves == 0 and w.game.can_redo and v["review"] is None
    _send(w, {"kind": "redo"})
    assert w.game.history == ["t5>f2"]


def test_the_move_that_lost_the_deal_is_marked_for_review() -> None:
    # Eagle Wing deal 5: winnable after t5>f2, lost by t6>t5 (move 2)
    w = _live_table("eagle-wing", 5)
    w.game.play("t5>f2")
    w.scheduler.run_all()
    assert w.view["fatal"] is None  # still winnable
    w.game.play("t6>t5")
    w.scheduler.run_all()
    w.game.draw()  # played on: the mark stays on the move that lost it
    w.scheduler.run_all()
    assert w.view["fatal"] == {"at": 2, "move": "t6>t5"}
    v = _send(w, {"kind": "review", "at": 1})  # where the page's mark takes the teacher
    w.scheduler.run_all()
    assert w.view["live"]["answer"] == "winnable" and v["fatal"]["at"] == 2
    # lost from the deal: no move lost it
    k = _live_table("kansas", 4)
    k.game.draw()
    k.scheduler.run_all()
    assert k.live_answer == "lost" and k.view["fatal"] is None
