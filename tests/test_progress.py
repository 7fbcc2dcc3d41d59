"""The "no more moves" test (progress.py) and its memo of stuck components.

The memo serves the Python proof (where the compiled core is missing, as in Pyodide), so
these tests ask that one (``core=False``); tests/test_core.py proves the core's equal."""

from __future__ import annotations

from test_traces import TRACES

from solitaire_widget import Game, progress


def _endgame() -> tuple[Game, list[str]]:
    # Aisleriot's trace of Klondike, three cards a click, unlimited redeals, seed 20:
    # stuck from step 169 on, while its player goes on moving cards about, drawing
    # round the stock and sending a card home and back (each proof about 0.6 s)
    trace = next(
        t
        for t in TRACES
        if t["game"] == "klondike"
        and t["options"] == {"draw": 3, "redeals": None}
        and t["seed"] == 20
    )
    g = Game(trace["game"], seed=trace["seed"], **trace["options"])
    actions = [s["action"] for s in trace["steps"] if s["action"] is not None]
    return g, actions


def test_the_memo_answers_as_a_full_proof_would() -> None:
    g, actions = _endgame()
    memo = progress.StuckMemo()
    for action in actions[:168]:
        g.play(action)
    assert g.status == "playing"
    statuses = {}
    for i in range(168, 181):
        # through the memo, once 169's proof is in it
        statuses[i] = "lost" if progress.is_stuck(g.table, memo=memo, core=False) else "playing"
        assert g.status == statuses[i], i  # the game's own answer (the core, where it is)
        if i in (172, 178, 179):  # a move about, before a draw, after it (fewer tops)
            assert progress.is_stuck(g.table, core=False) == (statuses[i] == "lost"), i
        g.play(actions[i])
    assert statuses[168] == "playing"
    assert all(statuses[i] == "lost" for i in range(169, 181))
    # back before the fatal move: the memo holds the stuck component, which that
    # position is not in
    while g.moves > 168:
        g.undo()
    assert not progress.is_stuck(g.table, memo=memo, core=False)
    assert g.status == "playing"


def test_a_memo_never_makes_a_position_stuck_that_is_not() -> None:
    g, actions = _endgame()
    memo = progress.StuckMemo()
    for action in actions[:169]:
        g.play(action)
    assert progress.is_stuck(g.table, memo=memo, core=False)
    g.undo()
    # the position before the fatal move, asked with the memo of the one after it
    assert not progress.is_stuck(g.table, memo=memo, core=False)
    fresh = Game(g.name, seed=g.seed, **g.rules.options)
    assert not progress.is_stuck(fresh.table, memo=memo, core=False)
