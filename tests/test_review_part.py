"""Looking back alone (solitaire_widget.review): a Review over a real Game of every
game in the registry, without a table, a search or Jupyter. Nothing is sent or worded
here: the Review changes the game only when "Play on from here" asks it to."""

from __future__ import annotations

import json

import pytest

from solitaire_widget import Game
from solitaire_widget.games import GAMES
from solitaire_widget.moves import IllegalMove
from solitaire_widget.review import PlayOn, Review
from solitaire_widget.strategies import play_out

NAMES = list(GAMES)


def played(name: str) -> Game:
    """A game of ``name`` a few greedy moves deep, with a position looked back at where
    another move than the one played is legal (the first such deal)."""
    for seed in range(1, 50):
        game = play_out(Game(name, seed=seed), "greedy", max_moves=8)
        if game.moves >= 3 and _another(game) is not None:
            return game
    raise AssertionError(f"no deal of {name} with another move found")


def _another(game: Game) -> tuple[int, str] | None:
    for at in range(1, game.moves):
        for m in game.position(at).legal_moves:
            if str(m) != game.history[at]:
                return at, str(m)
    return None


def state(game: Game) -> tuple[str, ...]:
    return (game.to_json(),)


def another_move(game: Game) -> tuple[int, str]:
    """A position looked back at (``at`` actions in) and a move legal there other than
    the one played."""
    found = _another(game)
    assert found is not None
    return found


@pytest.mark.parametrize("name", NAMES)
def test_looking_back_shows_the_position_and_leaves_the_game_as_it_was(name):
    game = played(name)
    before = state(game)
    review = Review()
    assert review.shown(game) == (game, game.history) and not review.leave()
    review.look(game, 2)
    position, history = review.shown(game)
    assert history == game.history[:2] and position.snapshot() == game.position(2).snapshot()
    assert review.at == 2 and state(game) == before
    assert review.leave() and review.at is None and review.position is None
    assert review.shown(game)[0] is game


@pytest.mark.parametrize("name", NAMES)
def test_a_position_the_game_does_not_have_is_refused_and_nothing_changes(name):
    game = played(name)
    review = Review()
    review.look(game, 1)
    for bad in (-1, game.moves + 1, True, "2"):
        with pytest.raises(ValueError):
            review.look(game, bad)
        assert review.at == 1 and review.position is not None


@pytest.mark.parametrize("name", NAMES)
def test_a_move_asked_for_while_looking_back_is_offered_or_refused_untouched(name):
    game = played(name)
    before = state(game)
    review = Review()
    at, move = another_move(game)
    review.look(game, at)
    review.ask(game, move)
    assert review.offer == move and state(game) == before
    with pytest.raises(IllegalMove):
        review.ask(game, "t0>t0")  # never legal
    assert review.offer is None and state(game) == before
    review.ask(game, move)
    review.look(game, game.moves)  # another position: the offer does not follow
    assert review.offer is None


@pytest.mark.parametrize("name", NAMES)
def test_play_on_takes_back_the_later_moves_and_the_offer_leaves_the_other_line(name):
    game = played(name)
    whole = list(game.history)
    review = Review()
    assert review.play_on(game) is None and game.history == whole  # not looking back
    at, move = another_move(game)
    later = len(whole) - at
    review.look(game, at)
    review.ask(game, move)
    game.on_change(lambda g: review.lines.changed(g))  # as the table tells every change
    done = review.play_on(game)
    assert done == PlayOn(at=at, later=later, reached=at, offer=move)
    assert review.at is None and review.offer is None
    assert game.history == whole[:at] and game.can_redo  # the later moves wait on Redo
    game.play(move)  # the caller plays the offer: the moves on Redo are dropped...
    left = review.lines.last
    assert left is not None and (left.at, left.moves) == (at, later)
    assert review.lines.describe(game) == {"at": at, "moves": later}  # ...but kept


@pytest.mark.parametrize("name", NAMES)
def test_a_change_ends_the_review_and_a_new_deal_lets_the_lines_go(name):
    game = played(name)
    review = Review()
    review.look(game, 1)
    review.lines.changed(game)
    game.undo()
    assert review.game_changed(game, dealt=False) is None
    game.play(str(game.legal_moves[-1]))
    review.look(game, 1)
    review.game_changed(game, dealt=False)
    assert review.at is None and review.position is None
    game.new(seed=4)
    review.look(game, 0)
    assert review.game_changed(game, dealt=True) is None
    assert review.at is None and review.lines.other is None
    review.look(game, 0)
    review.forget()  # another game on the table: the same
    assert review.at is None and review.lines.other is None


def test_play_on_inside_an_automatic_chain_stops_where_the_chain_begins():
    # undo takes a chain back whole: playing on from inside one lands where it begins
    for name in NAMES:
        for seed in range(100):
            game = play_out(Game(name, seed=seed), "greedy", max_moves=30)
            start = game.moves
            if len(game.autoplay()) > 1:
                steps = json.loads(game.to_json())["history"]
                assert len(steps[-1]) > 1
                review = Review()
                review.look(game, start + 1)
                done = review.play_on(game)
                assert done is not None and done.at == start + 1
                assert done.reached == start == game.moves and done.offer is None
                return
    pytest.fail("no automatic chain of two or more cards found")
