"""The fatal-move hold alone (solitaire_widget.fatal_hold): a stand-in check that says
what the test wants, a real Proofs record, a real Game; no table, no search."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from solitaire_widget import Game
from solitaire_widget.fatal_hold import FatalHold
from solitaire_widget.games import GAMES
from solitaire_widget.moves import IllegalMove
from solitaire_widget.proofs import Proofs

NAME = next(iter(GAMES))


class Check:
    """The answer ``is_fatal`` gives (or the error it raises), and what it was asked."""

    def __init__(self, answer: Any = True) -> None:
        self.answer = answer
        self.asked: list[tuple[str, float]] = []

    def __call__(self, action: str, budget: float) -> bool | None:
        self.asked.append((action, budget))
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer


def setup(
    answer: Any = True, winnable: bool = True, **settings: Any
) -> tuple[FatalHold, Game, Check]:
    game = Game(NAME, seed=1)
    proofs = Proofs()
    proofs.follow(game)
    if winnable:
        proofs.learn([], "won", [str(game.legal_moves[0])], "test")
    check = Check(answer)
    knobs = SimpleNamespace(**{"warn_fatal": True, **settings})
    return FatalHold(knobs, proofs, check), game, check


def test_a_move_proved_to_lose_a_winnable_deal_is_held():
    hold, game, check = setup(fatal_budget=0.25)
    assert hold.loses(game, "draw", reviewing=False)
    assert check.asked == [("draw", 0.25)]


@pytest.mark.parametrize(
    "answer,winnable,settings,reviewing",
    [
        (True, True, {"warn_fatal": False}, False),  # the switch is off
        (True, True, {}, True),  # looking back: nothing is played
        (True, False, {}, False),  # not known winnable: never a guess
        (None, True, {}, False),  # undecided in the budget
        (False, True, {}, False),  # the move keeps a win
        (IllegalMove("no"), True, {}, False),  # refused when it is played
        (ValueError("bad"), True, {}, False),
        (RuntimeError("the search failed"), True, {}, False),  # never stops a move
    ],
)
def test_anything_but_a_proof_lets_the_move_be_played(answer, winnable, settings, reviewing):
    hold, game, _ = setup(answer, winnable, **settings)
    assert not hold.loses(game, "draw", reviewing=reviewing)


def test_an_ended_game_holds_nothing():
    hold, _, check = setup()
    over = SimpleNamespace(status="won", history=[])
    assert not hold.loses(over, "draw", reviewing=False)
    assert check.asked == []


def test_play_it_anyway_needs_the_very_move_and_table_held():
    hold, _, _ = setup()
    assert not hold.release("draw", 3, now=3)  # nothing held
    hold.hold("draw", 3)
    assert hold.held == {"move": "draw", "version": 3}
    assert not hold.release("t0>t1", 3, now=3)  # another move: forged
    assert not hold.release("draw", 2, now=3)  # another table: stale
    assert not hold.release("draw", 3, now=4)  # the table changed since
    assert hold.held == {"move": "draw", "version": 3}  # refusals change nothing
    assert hold.release("draw", 3, now=3) and hold.held is None
    assert not hold.release("draw", 3, now=3)  # once


def test_take_it_back_drops_the_move_held():
    hold, _, _ = setup()
    assert not hold.drop()
    hold.hold("draw", 1)
    assert hold.drop() and hold.held is None and not hold.drop()
