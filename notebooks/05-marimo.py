# solitaire_widget in marimo: `marimo edit notebooks/05-marimo.py` (or `marimo run` for
# the app view). Needs the marimo extra: pip install 'solitaire_widget[marimo]'.
import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from solitaire_widget import SolitaireWidget

    return SolitaireWidget, mo


@app.cell
def _(mo):
    mo.md("""
    # Kansas in marimo

    The same table as in JupyterLab: drag or click the cards, D deals, U undoes.
    The cell below the table reads the game and runs again after every move.
    """)
    return


@app.cell
def _(SolitaireWidget, mo):
    table = mo.ui.anywidget(SolitaireWidget("kansas", seed=7))
    # marimo re-runs the cells that call get_game() whenever set_game is called: here
    # after every change of the table (a move on the table or from Python, Undo, New...).
    get_game, set_game = mo.state(table.game)
    table.observe(lambda _change: set_game(table.game), names="view")
    table
    return get_game, table


@app.cell
def _(get_game, mo):
    game = get_game()
    moves = " ".join(game.history) or "none yet"
    mo.md(
        f"**{game.name}**, seed {game.seed}: {len(game.history)} moves ({moves}); "
        f"score {game.score}, {game.status}."
    )
    return (game,)


@app.cell
def _(game, mo):
    hint = game.hint()
    mo.md(f"A move worth playing: `{hint}`. {game.explain(hint) if hint else ''}")
    return


if __name__ == "__main__":
    app.run()
