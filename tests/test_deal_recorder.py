"""The deal recorder and its clock alone (solitaire_widget.deal_recorder): a stand-in
game whose status, moves and score the test sets, a stand-in statistics that keeps what
it is given, a clock on a hand-turned time. No table, no search, no Jupyter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from solitaire_widget.deal_recorder import Clock, DealRecorder


@dataclass
class FakeGame:
    name: str = "g"
    options: dict[str, Any] = field(default_factory=lambda: {"draw": 1})
    seed: int | None = 1
    moves: int = 0
    score: int = 0
    status: str = "playing"
    history: list[str] = field(default_factory=list)

    def play(self, n: int = 1, score: int = 0) -> FakeGame:
        self.moves += n
        self.history += [f"m{len(self.history) + i}" for i in range(n)]
        self.score += score
        return self


class FakeStats:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.fail = False

    def record(self, game: str, options: dict[str, Any], **kw: Any) -> None:
        if self.fail:
            raise OSError("the figures cannot be written")
        self.records.append({"game": game, "options": options, **kw})

    def outcomes(self) -> list[str]:
        return ["solved" if r["solved"] else ("won" if r["won"] else "lost") for r in self.records]


class FakeProofs:
    def __init__(self) -> None:
        self.lost_at: set[tuple[str, ...]] = set()

    def lost(self, history: list[str]) -> bool:
        return tuple(history) in self.lost_at


class Time:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def key(game: FakeGame) -> tuple[str, str, int | None]:
    return game.name, repr(sorted(game.options.items())), game.seed


class Setup:
    def __init__(self, game: FakeGame | None = None) -> None:
        self.game = game or FakeGame()
        self.stats = FakeStats()
        self.proofs = FakeProofs()
        self.time = Time()
        self.grades: dict[Any, str] = {}
        self.asked: list[Any] = []
        self.told: list[bool] = []

        def grade(k: Any) -> str | None:
            self.asked.append(k)
            return self.grades.get(k)

        self.deal = DealRecorder(
            self.stats,
            self.proofs,
            self.game,
            key(self.game),
            grade,
            self.told.append,
            Clock(self.time),
        )

    def follow(self, dealt: bool = False, solving: bool = False) -> None:
        self.deal.follow(self.game, dealt=dealt, solving=solving)


def test_the_clock_banks_its_stretches_and_rounds_to_the_millisecond():
    now = Time()
    clock = Clock(now)
    assert not clock.running and clock.elapsed() == 0.0
    clock.start()
    now.t += 2.5
    clock.start()  # running already: nothing changes
    assert clock.running and clock.elapsed() == 2.5
    clock.stop()
    now.t += 10  # stopped: the time does not count
    clock.stop()
    assert not clock.running and clock.elapsed() == 2.5
    clock.start()
    now.t += 1.00049
    assert clock.elapsed() == 3.5
    clock.reset()
    assert not clock.running and clock.elapsed() == 0.0


def test_a_deal_counts_from_its_first_move_and_is_lost_when_left():
    s = Setup()
    assert s.deal.left() == 0 and s.stats.records == []  # no move: not counted
    s.game.play(3, score=2)
    s.follow()
    assert s.deal.clock.running  # the first move starts the clock
    s.time.t += 7
    assert s.deal.left() == 3
    (record,) = s.stats.records
    assert s.stats.outcomes() == ["lost"] and record["score"] == 2
    assert record["seconds"] == 7 and record["seed"] == 1 and record["winnable"] is False
    assert s.told == [True]
    assert s.deal.left() == 0 and len(s.stats.records) == 1  # once


def test_the_deal_left_is_recorded_as_it_was_dealt_not_as_the_game_now_is():
    s = Setup()
    s.game.play(2)
    s.follow()
    # New: by the time the deal is recorded, the game already holds the next one
    s.game.seed, s.game.moves, s.game.history = 99, 0, []
    s.deal.next_deal(s.game, key(s.game), False)
    s.follow(dealt=True)
    assert [r["seed"] for r in s.stats.records] == [1]
    assert not s.deal.clock.running  # a new deal waits for its first move
    s.game.play(1)
    s.follow()
    s.deal.left()
    assert [r["seed"] for r in s.stats.records] == [1, 99]
    tokens = [r["deal"] for r in s.stats.records]
    assert tokens[0] != tokens[1]  # each deal its own token


def test_an_end_is_counted_at_once_and_a_loss_undone_and_won_is_recorded_again():
    s = Setup()
    s.game.play(4, score=3)
    s.game.status = "lost"
    s.follow()
    assert s.stats.outcomes() == ["lost"] and s.deal.outcome == "lost"
    assert not s.deal.clock.running  # the end stops the clock
    s.game.status = "playing"  # undone: the deal is open again, the clock runs
    s.follow()
    assert s.deal.outcome is None and s.deal.clock.running
    s.game.play(1, score=10)
    s.game.status = "won"
    s.follow()
    assert s.stats.outcomes() == ["lost", "won"] and s.deal.outcome == "won"
    first, last = s.stats.records
    assert first["deal"] == last["deal"]  # the same deal: the last record counts
    # a win is never taken back: undone and lost, then left, it stays a win
    s.game.status = "playing"
    s.follow()
    s.game.status = "lost"
    s.follow()
    assert s.deal.left() == 0
    assert s.stats.outcomes() == ["lost", "won"]


def test_a_win_solves_replay_finished_is_solved_not_won():
    s = Setup()
    s.game.play(5)
    s.game.status = "won"
    s.follow(solving=True)
    assert s.stats.outcomes() == ["solved"] and s.deal.outcome == "solved"


def test_a_deal_proved_lost_counts_at_once_once():
    s = Setup()
    s.proofs.lost_at.add(())
    assert not s.deal.count_proved_loss(s.game)  # no move yet
    s.game.play(2)
    s.proofs.lost_at.add(tuple(s.game.history))
    s.follow()  # follow asks too
    assert s.stats.outcomes() == ["lost"]
    assert not s.deal.count_proved_loss(s.game)
    assert s.deal.left() == 0 and s.stats.outcomes() == ["lost"]


def test_a_game_shown_already_ended_is_not_counted_again():
    s = Setup()
    done = FakeGame(seed=5, moves=9, status="won")
    s.deal.show(done, key(done), False)
    assert s.deal.outcome == "won"
    assert s.deal.left() == 0 and s.stats.records == []
    playing = FakeGame(seed=6, moves=4)
    s.deal.show(playing, key(playing), False)
    assert s.deal.outcome is None
    assert s.deal.left() == 4 and [r["seed"] for r in s.stats.records] == [6]


def test_the_grade_is_asked_for_a_winnable_deal_only_under_its_own_key():
    s = Setup()
    s.game.play(1)
    s.follow()
    s.deal.left()
    assert s.asked == [] and s.stats.records[-1]["difficulty"] is None
    dealt = FakeGame(seed=8)
    s.grades[key(dealt)] = "easy"
    s.deal.show(dealt, key(dealt), True)
    dealt.play(1)
    s.deal.follow(dealt, dealt=False, solving=False)
    dealt.seed = 9  # the game moved on to another deal before the record
    s.deal.left()
    assert s.asked == [key(FakeGame(seed=8))]
    assert s.stats.records[-1]["difficulty"] == "easy"
    assert s.stats.records[-1]["winnable"] is True


def test_statistics_that_fail_are_told_and_the_play_goes_on():
    s = Setup()
    s.stats.fail = True
    s.game.play(1)
    s.game.status = "won"
    s.follow()
    assert s.told == [False] and s.deal.outcome == "won"
    s.stats.fail = False
    s.game.status = "playing"
    s.follow()
    s.game.status = "won"
    s.follow()
    # counted (as far as the deal knows) even though the figures refused it: not again
    assert s.stats.records == [] and s.told == [False]


@pytest.mark.parametrize("status", ["won", "lost"])
def test_the_clock_does_not_start_on_a_deal_or_an_ended_game(status):
    s = Setup()
    s.follow(dealt=True)
    assert not s.deal.clock.running
    s.game.play(1)
    s.game.status = status
    s.follow()
    assert not s.deal.clock.running
