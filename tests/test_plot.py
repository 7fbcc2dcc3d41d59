"""The plot helpers draw what the data says and return their Axes (Agg backend)."""

from __future__ import annotations

import importlib
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from solitaire_widget import Game, plot  # noqa: E402
from solitaire_widget.analysis import summarize  # noqa: E402
from solitaire_widget.strategies import play_out  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def results() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "game": ["kansas"] * 4 + ["saratoga"] * 4,
            "strategy": ["a", "a", "b", "b"] * 2,
            "seed": [1, 2, 1, 2] * 2,
            "won": [False, False, True, False, True, True, False, False],
            "score": [5, 9, 52, 12, 52, 52, 3, 20],
            "moves": [10] * 8,
            "seconds": [0.1] * 8,
        }
    )


def test_score_over_moves_steps_through_every_score() -> None:
    game = play_out(Game("saratoga", seed=3), "aisleriot")
    ax = plot.score_over_moves(game)
    line = ax.get_lines()[0]
    xs, ys = line.get_xdata(), line.get_ydata()
    assert list(xs) == list(range(game.moves + 1))
    assert ys[0] == 0 and ys[-1] == game.score
    assert list(ys[1:]) == game.history_frame()["score"].astype(int).tolist()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "redeal" in labels  # this deal goes through the stock more than once


def test_score_over_moves_starts_with_the_base_card() -> None:
    game = Game("kansas", seed=1)
    game.play("t1>f1")
    ys = plot.score_over_moves(game).get_lines()[0].get_ydata()
    assert list(ys) == [1, 2]


def test_foundation_progress_one_line_per_suit() -> None:
    game = play_out(Game("eagle-wing", seed=0), "aisleriot")
    _fig, ax = plt.subplots()
    assert plot.foundation_progress(game, ax=ax) is ax
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"clubs", "diamonds", "hearts", "spades"}
    finals = sum(int(line.get_ydata()[-1]) for line in lines.values())
    assert finals == game.score


def test_win_rates_bars_and_intervals() -> None:
    data = results()
    ax = plot.win_rates(data)
    heights = sorted(round(p.get_height(), 3) for p in ax.patches)
    table = summarize(data)
    assert heights == sorted(round(r, 3) for r in table["win_rate"])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["kansas", "saratoga"]
    # one error bar per bar, spanning the Wilson interval
    segments = [c for c in ax.collections if hasattr(c, "get_segments")]
    spans = sorted(tuple(np.round(seg[:, 1], 3)) for c in segments for seg in c.get_segments())
    expected = sorted(
        (round(lo, 3), round(hi, 3)) for lo, hi in zip(table["low"], table["high"], strict=True)
    )
    assert spans == expected


def test_score_distribution_one_box_per_group() -> None:
    data = results()
    _fig, ax = plt.subplots()
    assert plot.score_distribution(data, ax=ax) is ax
    boxes = list(ax.patches)
    assert len(boxes) == 4
    # each box spans its group's quartiles
    spans = sorted(
        (round(b.get_path().vertices[:, 1].min(), 2), round(b.get_path().vertices[:, 1].max(), 2))
        for b in boxes
    )
    expected = sorted(
        (round(float(np.percentile(s, 25)), 2), round(float(np.percentile(s, 75)), 2))
        for _, s in data.groupby(["game", "strategy"])["score"]
    )
    assert spans == expected
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["a", "b"]


def test_missing_extra_names_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    monkeypatch.delitem(sys.modules, "solitaire_widget.plot")
    with pytest.raises(ImportError, match=r"solitaire_widget\[analysis\]"):
        importlib.import_module("solitaire_widget.plot")


def test_plots_of_a_game_not_yet_played() -> None:
    game = Game("eagle-wing", seed=5)
    ys = plot.score_over_moves(game).get_lines()[0].get_ydata()
    assert list(ys) == [1]
    lines = plot.foundation_progress(game).get_lines()
    assert sum(int(line.get_ydata()[-1]) for line in lines) == 1
