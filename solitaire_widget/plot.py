"""Matplotlib pictures of one game and of many: every helper returns its Axes.

Needs the optional "analysis" extra: ``pip install solitaire_widget[analysis]``.
Pass ``ax=`` to draw into a figure of your own; otherwise a new figure is made.

* :func:`score_over_moves`: the score after each action of one game.
* :func:`foundation_progress`: cards on the foundations per suit over one game.
* :func:`win_rates`: win rate per game and strategy, with Wilson intervals.
* :func:`score_distribution`: final scores per game and strategy, as box plots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import matplotlib.pyplot as plt
except ImportError as err:  # pragma: no cover - exercised by a test that hides matplotlib
    raise ImportError(
        "solitaire_widget.plot needs the optional 'analysis' extra "
        "(pandas, matplotlib, tqdm): pip install 'solitaire_widget[analysis]'"
    ) from err

from .analysis import foundation_frame, history_frame, summarize
from .game import Game

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

# Suit colours as on the cards, told apart by line style (black and red twice each).
_SUIT_STYLE = {
    "clubs": ("black", "-"),
    "diamonds": ("tab:red", "-"),
    "hearts": ("tab:red", "--"),
    "spades": ("black", "--"),
}


def _axes(ax: Axes | None, size: tuple[float, float] = (6.4, 3.6)) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def score_over_moves(game: Game, ax: Axes | None = None) -> Axes:
    """The score (cards on the foundations) after each action of ``game``.

    Redeals are marked with dotted lines; the dashed line at 52 is a win.
    """
    frame = history_frame(game)
    # foundation_frame starts at the deal (move 0), where Eagle Wing and Kansas already
    # score 1 for the base card
    per_suit = foundation_frame(game)
    moves = per_suit["move"].astype(int).tolist()
    scores = per_suit[list(_SUIT_STYLE)].sum(axis=1).tolist()
    ax = _axes(ax)
    ax.step(moves, scores, where="post", color="tab:blue", label="score")
    redeals = frame.loc[frame["consequences"].str.startswith("redeal"), "move"]
    for i, move in enumerate(redeals.astype(int)):
        ax.axvline(move, color="grey", linestyle=":", label="redeal" if i == 0 else None)
    ax.axhline(52, color="tab:green", linestyle="--", linewidth=0.8, label="won (52)")
    ax.set_xlabel("move")
    ax.set_ylabel("score (cards on foundations)")
    ax.set_ylim(0, 54)
    ax.set_xlim(0, max(moves[-1], 1))
    ax.set_title(
        f"{game.title}, seed {game.seed}: score over moves"
        if game.seed is not None
        else f"{game.title}: score over moves"
    )
    ax.legend(loc="upper left", fontsize="small")
    return ax


def foundation_progress(game: Game, ax: Axes | None = None) -> Axes:
    """Cards on the foundations per suit after each action of ``game`` (13 = complete)."""
    frame = foundation_frame(game)
    ax = _axes(ax)
    for suit, (colour, style) in _SUIT_STYLE.items():
        ax.step(frame["move"], frame[suit], where="post", color=colour, linestyle=style, label=suit)
    ax.set_xlabel("move")
    ax.set_ylabel("cards on the foundation")
    ax.set_ylim(0, 13.5)
    ax.set_xlim(0, max(int(frame["move"].iloc[-1]), 1))
    ax.set_title(f"{game.title}: foundations per suit")
    ax.legend(loc="upper left", fontsize="small", ncols=2)
    return ax


def _groups(results: pd.DataFrame) -> tuple[list[str], list[str]]:
    games = list(dict.fromkeys(results["game"]))
    strategies = list(dict.fromkeys(results["strategy"]))
    return games, strategies


def win_rates(results: pd.DataFrame, ax: Axes | None = None, confidence: float = 0.95) -> Axes:
    """Bars of the win rate per game (groups) and strategy (colours), with Wilson
    intervals at ``confidence``. ``results`` is ``play_many`` output, concatenated."""
    table = summarize(results, confidence)
    games, strategies = _groups(results)
    ax = _axes(ax)
    width = 0.8 / len(strategies)
    for j, strategy in enumerate(strategies):
        rows = table[table["strategy"] == strategy].set_index("game")
        xs, rates, below, above = [], [], [], []
        for i, game in enumerate(games):
            if game not in rows.index:
                continue
            row = rows.loc[game]
            xs.append(i - 0.4 + width * (j + 0.5))
            rates.append(row["win_rate"])
            below.append(row["win_rate"] - row["low"])
            above.append(row["high"] - row["win_rate"])
        ax.bar(xs, rates, width, yerr=[below, above], capsize=3, label=strategy, color=f"C{j}")
    ax.set_xticks(range(len(games)), games)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    n = int(table["deals"].min())
    ax.set_title(f"Win rate per strategy ({confidence:.0%} Wilson intervals, ≥{n} deals each)")
    ax.legend(fontsize="small")
    return ax


def score_distribution(results: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Box plots of the final score per game (groups) and strategy (colours)."""
    games, strategies = _groups(results)
    ax = _axes(ax)
    width = 0.8 / len(strategies)
    for j, strategy in enumerate(strategies):
        data, xs = [], []
        for i, game in enumerate(games):
            scores = results.loc[
                (results["game"] == game) & (results["strategy"] == strategy), "score"
            ]
            if len(scores):
                data.append(scores.to_numpy())
                xs.append(i - 0.4 + width * (j + 0.5))
        if not data:
            continue
        boxes = ax.boxplot(
            data,
            positions=xs,
            widths=width * 0.85,
            patch_artist=True,
            manage_ticks=False,
            flierprops={"markersize": 3},
            medianprops={"color": "black"},
        )
        for box in boxes["boxes"]:
            box.set_facecolor(f"C{j}")
            box.set_alpha(0.7)
        boxes["boxes"][0].set_label(strategy)
    ax.set_xticks(range(len(games)), games)
    ax.set_xlim(-0.5, len(games) - 0.5)
    ax.set_ylabel("final score (cards on foundations)")
    ax.set_ylim(0, 53)
    ax.set_title("Final score per strategy")
    ax.legend(fontsize="small", loc="upper right")
    return ax


__all__ = ["foundation_progress", "score_distribution", "score_over_moves", "win_rates"]
