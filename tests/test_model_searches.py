"""The model imports no search: ``Game`` (game.py) is handed its searches
(``Game.searches``, which game_search.py installs), as python-chess hands a board to an
engine, and its search-driven methods are thin calls of them.

Checked on the import graph (no chain at all from the model to a search module: the old
game.py imported the solver and the "no more moves" test), and at run time: the
"no more moves" test behind ``status`` and ``hints``, ``solve`` and the rest go to
whatever searches the class is handed, and a model handed none still plays, undoes,
saves and reads back, and says plainly what it lacks.
"""

from __future__ import annotations

import pickle

import pytest

import solitaire_widget
from solitaire_widget import game as game_module
from solitaire_widget import game_search
from solitaire_widget.game import Game
from solitaire_widget.solve_result import SolveResult

SEARCH_MODULES = [
    "solitaire_widget.game_search",
    "solitaire_widget.solver",
    "solitaire_widget.progress",
    "solitaire_widget.core_search",
    "solitaire_widget.search",
]


def test_no_import_chain_leads_from_the_model_to_a_search() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("solitaire_widget")
    for model in ("solitaire_widget.game", "solitaire_widget.saving", "solitaire_widget.hints"):
        for search in SEARCH_MODULES:
            chain = graph.find_shortest_chain(importer=model, imported=search)
            assert chain is None, f"{model} imports {search}: {' -> '.join(chain or ())}"
    # and the searches are where they say: game_search imports the model and the solver
    assert graph.find_shortest_chain("solitaire_widget.game_search", "solitaire_widget.game")
    assert graph.find_shortest_chain("solitaire_widget.game_search", "solitaire_widget.solver")


def test_the_package_hands_the_one_game_class_its_searches() -> None:
    assert solitaire_widget.Game is Game is game_module.Game
    assert Game.searches is game_search.SEARCHES
    g = Game("kansas", seed=3)
    g.play(g.legal_moves[0])
    again = pickle.loads(pickle.dumps(g))
    assert type(again) is Game and again.history == g.history
    assert type(Game.from_json(g.to_json())) is Game
    assert type(Game.deal("kansas", winnable=False)) is Game


class Recording:
    """The real searches, each call written down; the stuck test answers ``stuck``."""

    def __init__(self, stuck: bool | None = None) -> None:
        self.calls: list[str] = []
        self.stuck = stuck

    def __getattr__(self, name: str):
        real = getattr(game_search.SEARCHES, name)

        def call(*args, **kwargs):
            self.calls.append(name)
            if name == "is_stuck" and self.stuck is not None:
                return self.stuck
            return real(*args, **kwargs)

        return call


def test_status_and_hints_ask_the_stuck_test_the_game_is_handed(monkeypatch) -> None:
    g = Game("kansas", seed=3)
    assert g.status == "playing"  # the real test: moves are left
    fake = Recording(stuck=True)
    monkeypatch.setattr(Game, "searches", fake)
    g.play(g.legal_moves[0])  # a change: the status is asked again
    assert g.status == "lost" and fake.calls == ["is_stuck"]
    assert g.hints() == []  # a lost game hints nothing
    fake.stuck = False
    g.undo()
    assert g.status == "playing" and g.hints()


def test_the_search_methods_are_thin_calls_of_the_searches(monkeypatch) -> None:
    fake = Recording()
    monkeypatch.setattr(Game, "searches", fake)
    g = Game("kansas", seed=3)
    assert isinstance(g.solve(seconds=None, nodes=50), SolveResult)
    assert g.is_winnable(seconds=0.0) in (True, False, None)
    assert g.is_fatal(g.legal_moves[0], seconds=0.0) in (True, False, None)
    assert g.losing_move(seconds=0.0) is None
    g.hint(exact=True, budget=0.0)
    g.hint_policy_wins(max_moves=1)
    assert g.difficulty(nodes=10) is None or g.difficulty(nodes=10).grade
    Game.deal("kansas", winnable=False)
    for name in (
        "solve",
        "is_winnable",
        "is_fatal",
        "losing_move",
        "exact_hint",
        "hint_policy_wins",
        "difficulty",
        "deal",
    ):
        assert name in fake.calls, name


def test_a_model_handed_no_searches_plays_and_says_what_it_lacks(monkeypatch) -> None:
    monkeypatch.setattr(Game, "searches", None)
    g = Game("kansas", seed=3)
    move = g.play(g.legal_moves[0])
    assert g.undo() == [move] and g.redo() == [move]
    assert Game.from_json(g.to_json()).history == g.history
    assert g.snapshot() and g.is_legal("draw")
    with pytest.raises(RuntimeError, match="no searches installed"):
        _ = g.status
    with pytest.raises(RuntimeError, match="no searches installed"):
        g.solve(seconds=0.0)
    with pytest.raises(RuntimeError, match="no searches installed"):
        Game.deal("kansas")
