"""The batch players: legal, reproducible, cycle-free, always terminating, picklable."""

from __future__ import annotations

import pickle

import pytest

from solitaire_widget import Game
from solitaire_widget.games import GAMES as REGISTERED
from solitaire_widget.moves import FOUNDATIONS
from solitaire_widget.strategies import (
    STRATEGIES,
    fresh_moves,
    get_strategy,
    greedy_player,
    play_out,
    random_player,
    strategy_name,
)

GAMES = list(REGISTERED)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("strategy", ["random", "greedy", "aisleriot"])
def test_every_choice_is_legal_and_no_position_repeats(name: str, strategy: str) -> None:
    game = Game(name, seed=11)
    player = get_strategy(strategy)
    seen = {game.table.key()}
    for _ in range(300):
        move = player(game)
        if move is None:
            break
        assert move in game.legal_moves
        game.play(move)
        key = game.table.key()
        assert key not in seen, f"{strategy} went back to a position in {name}"
        seen.add(key)


def test_hint_player_follows_the_games_hints() -> None:
    game = Game("eagle-wing", seed=4)
    move = STRATEGIES["hint"](game)
    assert move == game.hint()
    play_out(game, "hint", max_moves=60)
    assert game.moves > 0


@pytest.mark.parametrize("name", GAMES)
def test_random_player_is_reproducible(name: str) -> None:
    a = play_out(Game(name, seed=5), "random", max_moves=300)
    b = play_out(Game(name, seed=5), "random", max_moves=300)
    c = play_out(Game(name, seed=6), "random", max_moves=300)
    assert a.history == b.history
    assert a.history != c.history


def test_greedy_sends_a_card_up_when_it_can() -> None:
    for seed in range(30):
        game = Game("kansas", seed=seed)
        ups = [m for m in fresh_moves(game) if m.dst in FOUNDATIONS]
        if ups:
            assert greedy_player(game).dst in FOUNDATIONS
            return
    pytest.fail("no deal among 30 offers a foundation move at once")


def test_fresh_moves_excludes_going_back() -> None:
    game = Game("saratoga", seed=2)
    move = next(m for m in game.legal_moves if not m.is_draw)
    fresh_moves(game)  # the strategies look at the deal first
    game.play(move)
    back = [m for m in fresh_moves(game) if (m.src, m.dst) == (move.dst, move.src)]
    assert back == []


def test_restart_forgets_the_positions_seen() -> None:
    game = play_out(Game("kansas", seed=3), "greedy", max_moves=10)
    first = game.history
    game.restart()
    assert play_out(game, "greedy", max_moves=10).history == first


def test_play_out_respects_the_cap_and_stops_on_none() -> None:
    game = play_out(Game("saratoga", seed=1), "random", max_moves=7)
    assert game.moves == 7
    stopped = play_out(Game("saratoga", seed=1), lambda g: None)
    assert stopped.moves == 0
    with pytest.raises(ValueError):
        play_out(Game("kansas", seed=1), "random", max_moves=-1)


def test_a_won_game_stops() -> None:
    # the Aisleriot-order player wins some Eagle Wing deals; the loop must stop at the win
    for seed in range(40):
        game = play_out(Game("eagle-wing", seed=seed), "aisleriot")
        if game.is_won:
            assert game.score == 52
            assert game.moves < 1000
            return
    pytest.fail("no Eagle Wing win in 40 deals")


def test_lookup_by_name_and_function() -> None:
    assert get_strategy("greedy") is greedy_player
    assert get_strategy(random_player) is random_player
    assert strategy_name(random_player) == "random"
    assert strategy_name("hint") == "hint"
    with pytest.raises(ValueError, match="unknown strategy"):
        get_strategy("clever")


@pytest.mark.parametrize("name", STRATEGIES)
def test_strategies_pickle_by_reference(name: str) -> None:
    func = STRATEGIES[name]
    assert pickle.loads(pickle.dumps(func)) is func
