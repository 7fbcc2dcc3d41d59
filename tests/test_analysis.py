"""history_frame, foundation_frame, play_many (sequential and on executors), summaries."""

from __future__ import annotations

import importlib
import math
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

pd = pytest.importorskip("pandas")

from solitaire_widget import GAMES, Game, analysis  # noqa: E402
from solitaire_widget.analysis import (  # noqa: E402
    HISTORY_COLUMNS,
    foundation_frame,
    history_frame,
    play_many,
    summarize,
    wilson_interval,
)
from solitaire_widget.strategies import play_out  # noqa: E402


def first_refill(name: str) -> tuple[Game, str]:
    """A deal and a move of it that empties a column, so the reserve refills it."""
    for seed in range(200):
        game = Game(name, seed=seed)
        for move in game.legal_moves:
            if move.source.startswith("t") and len(game.pile(move.source)) == move.count:
                return game, str(move)
    raise AssertionError("no refill in 200 deals")


def test_one_row_per_action_with_the_games_own_numbers() -> None:
    game = play_out(Game("saratoga", seed=3), "aisleriot", max_moves=80)
    frame = game.history_frame()
    assert list(frame.columns) == HISTORY_COLUMNS
    assert len(frame) == game.moves
    assert frame["action"].tolist() == game.history
    assert frame["move"].tolist() == list(range(1, game.moves + 1))
    last = frame.iloc[-1]
    assert last["score"] == game.score
    assert last["stock_left"] == game.stock_left
    assert last["redeals_left"] == game.redeals_left
    assert pd.isna(last["reserve_left"])  # Saratoga has no reserve
    assert (frame["seconds"] >= 0).all() and frame["seconds"].iloc[0] == 0
    assert frame["seconds"].is_monotonic_increasing


def test_cards_moved_and_piles() -> None:
    game = Game("kansas", seed=1)
    top = game.pile("t1")[-1]
    game.play("t1>f1")
    game.draw()
    frame = history_frame(game)
    assert frame.loc[0, ["source", "target", "cards"]].tolist() == ["t1", "f1", top]
    assert frame.loc[1, "source"] == "s" and frame.loc[1, "target"] == "w"
    assert frame.loc[1, "cards"] == game.pile("w")[-1]


def test_group_moves_list_every_card_bottom_to_top() -> None:
    for seed in range(100):
        game = Game("saratoga", seed=seed)
        group = [m for m in game.legal_moves if m.count > 1]
        if group:
            move = group[0]
            cards = game.pile(move.source)[-move.count :]
            game.play(move)
            assert history_frame(game).loc[0, "cards"] == " ".join(cards)
            return
    pytest.fail("no group move at the start of 100 Saratoga deals")


@pytest.mark.parametrize("name", [n for n, c in GAMES.items() if c.refills_from_reserve])
def test_refill_from_the_reserve_is_a_consequence(name: str) -> None:
    game, action = first_refill(name)
    reserve = game.reserve_left
    game.play(action)
    row = history_frame(game).iloc[0]
    source = action.split(">")[0]
    assert (
        f"{source} refilled from the reserve with {game.pile(source)[-1]}" in (row["consequences"])
    )
    assert row["reserve_left"] == reserve - 1


def test_redeal_is_a_consequence() -> None:
    game = Game("saratoga", seed=8)
    while game.stock_left:
        game.draw()
    game.draw()  # the waste turned over
    frame = history_frame(game)
    assert frame["consequences"].iloc[-1].startswith("redeal")
    assert frame["consequences"].iloc[:-1].eq("").all()
    assert frame["redeals_left"].iloc[-1] == 1
    assert frame["cards"].iloc[-1] == ""


def test_autoplay_chain_rows_share_an_undo_step() -> None:
    for seed in range(300):
        game = play_out(Game("eagle-wing", seed=seed), "greedy", max_moves=30)
        chain = game.autoplay()
        if len(chain) > 1:
            frame = history_frame(game)
            tail = frame.tail(len(chain))
            assert tail["autoplay"].all()
            assert tail["seconds"].nunique() == 1
            assert not frame["autoplay"].iloc[: -len(chain)].any()
            return
    pytest.fail("no autoplay chain of two or more cards found")


def test_empty_history_and_undone_moves() -> None:
    game = Game("kansas", seed=2)
    assert history_frame(game).empty
    game.draw()
    game.draw()
    game.undo()
    assert history_frame(game)["action"].tolist() == ["draw"]


def test_game_started_from_a_snapshot() -> None:
    source = Game("kansas", seed=9)
    game = Game.from_snapshot(source.snapshot(), "kansas")
    game.draw()
    assert history_frame(game)["action"].tolist() == ["draw"]


def test_foundation_frame_counts_per_suit() -> None:
    game = play_out(Game("eagle-wing", seed=0), "aisleriot")
    frame = foundation_frame(game)
    assert len(frame) == game.moves + 1
    suits = ["clubs", "diamonds", "hearts", "spades"]
    assert frame[suits].sum(axis=1).iloc[0] == 1  # the base card
    assert frame[suits].sum(axis=1).iloc[-1] == game.score
    assert (frame[suits].diff().dropna().abs().sum(axis=1) <= 1).all()


# ---- many deals ------------------------------------------------------------------------
def test_play_many_sequential() -> None:
    frame = play_many("kansas", range(10), "greedy", progress=False)
    assert frame.columns.tolist() == [
        "game",
        "strategy",
        "seed",
        "won",
        "score",
        "moves",
        "seconds",
    ]
    assert frame["seed"].tolist() == list(range(10))
    one = play_out(Game("kansas", seed=4), "greedy")
    row = frame.set_index("seed").loc[4]
    assert (row["score"], row["moves"], row["won"]) == (one.score, one.moves, one.is_won)
    assert (frame["score"] >= 1).all()


def test_play_many_passes_game_options_and_the_cap() -> None:
    capped = play_many("saratoga", [1, 2], "random", progress=False, max_moves=5, draw=3)
    assert (capped["moves"] == 5).all()
    three = play_out(Game("saratoga", seed=1, draw=3), "random", max_moves=5)
    assert capped.loc[0, "score"] == three.score
    with pytest.raises(TypeError):
        play_many("kansas", [1], "random", progress=False, draw=3)
    with pytest.raises(ValueError):
        play_many("kansas", [1], "nonsense", progress=False)


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_play_many_on_an_executor_matches_sequential(pool) -> None:
    seeds = list(range(30, 42))
    here = play_many("eagle-wing", seeds, "random", progress=False)
    with pool(max_workers=2) as executor:
        there = play_many("eagle-wing", seeds, "random", executor, progress=False, chunksize=5)
    columns = ["seed", "won", "score", "moves"]
    pd.testing.assert_frame_equal(here[columns], there[columns])


def test_play_many_shows_a_progress_bar_on_long_runs(capsys) -> None:
    play_many("kansas", range(analysis.PROGRESS_FROM), "greedy")
    assert "kansas / greedy" in capsys.readouterr().err
    play_many("kansas", range(3), "greedy")
    assert "kansas / greedy" not in capsys.readouterr().err


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 300)
    assert low == 0 and 0 < high < 0.02
    low, high = wilson_interval(150, 300)
    assert low < 0.5 < high and math.isclose(0.5 - low, high - 0.5)
    # a known value: 8 of 10 at 95% is about (0.490, 0.943)
    low, high = wilson_interval(8, 10)
    assert math.isclose(low, 0.4902, abs_tol=1e-3) and math.isclose(high, 0.9433, abs_tol=1e-3)
    with pytest.raises(ValueError):
        wilson_interval(3, 0)
    with pytest.raises(ValueError):
        wilson_interval(4, 3)


def test_summarize() -> None:
    results = pd.DataFrame(
        {
            "game": ["kansas"] * 4 + ["saratoga"] * 2,
            "strategy": ["a", "a", "b", "b", "a", "a"],
            "won": [True, False, False, False, True, True],
            "score": [52, 10, 5, 7, 52, 52],
            "moves": [100, 50, 40, 60, 90, 110],
        }
    )
    table = summarize(results)
    assert table[["game", "strategy", "deals", "wins"]].values.tolist() == [
        ["kansas", "a", 2, 1],
        ["kansas", "b", 2, 0],
        ["saratoga", "a", 2, 2],
    ]
    assert table["win_rate"].tolist() == [0.5, 0.0, 1.0]
    assert (table["low"] <= table["win_rate"]).all()
    assert (table["win_rate"] <= table["high"]).all()
    assert table.loc[1, "mean_score"] == 6


def test_missing_extra_names_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.delitem(sys.modules, "solitaire_widget.analysis")
    with pytest.raises(ImportError, match=r"solitaire_widget\[analysis\]"):
        importlib.import_module("solitaire_widget.analysis")
    # the core does not need it
    import solitaire_widget

    assert solitaire_widget.Game("kansas", seed=1).score == 1


def test_core_does_not_import_pandas_or_matplotlib() -> None:
    import subprocess

    code = (
        "import sys, solitaire_widget, solitaire_widget.strategies;"
        "g = solitaire_widget.Game('kansas', seed=1); g.play(g.legal_moves[0]);"
        "print(any(m in sys.modules for m in ('pandas', 'matplotlib')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_play_many_on_a_dask_executor() -> None:
    distributed = pytest.importorskip("distributed")
    seeds = range(8)
    here = play_many("kansas", seeds, "greedy", progress=False)
    with distributed.Client(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as client:
        there = play_many(
            "kansas", seeds, "greedy", client.get_executor(), progress=False, chunksize=3
        )
    columns = ["seed", "won", "score", "moves"]
    pd.testing.assert_frame_equal(here[columns], there[columns])


def test_three_card_deals_list_the_cards_turned() -> None:
    game = Game("saratoga", seed=7, draw=3)
    stock = game.pile("s")
    game.draw()
    row = history_frame(game).iloc[0]
    # the stock's top card is turned first and ends at the bottom of the three
    assert row["cards"] == " ".join(c.upper() for c in reversed(stock[-3:]))
    assert row["cards"] == " ".join(game.pile("w"))
    assert row["stock_left"] == len(stock) - 3


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("eagle-wing", {}),
        ("kansas", {}),
        ("saratoga", {"redeals": None}),
    ],
)
def test_replayed_numbers_match_a_live_replay(name: str, options: dict) -> None:
    game = play_out(Game(name, seed=21, **options), "random", max_moves=150)
    frame = history_frame(game)
    live = Game(name, seed=21, **options)
    for action, row in zip(game.history, frame.itertuples(), strict=True):
        live.play(action)
        assert (row.score, row.stock_left) == (live.score, live.stock_left)
        assert pd.isna(row.reserve_left) == (live.reserve_left is None)
        assert pd.isna(row.redeals_left) == (live.redeals_left is None)


def test_winnability_is_re_exported() -> None:
    from solitaire_widget import winnability as module

    assert analysis.winnability is module.winnability
