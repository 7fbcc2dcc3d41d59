"""Issue 36, the model's part: what broke the table, each pinned by a test that failed
before the fix (items 1, 2, 3, 4 and 6 of the issue; the adversary's properties are in
test_adversary_model.py).

Calls that used to hang (a NaN budget) run in a subprocess with a time limit.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import textwrap
import threading

import pytest

from solitaire_widget import Game, IllegalMove, Move, core_search
from solitaire_widget.search import Search
from solitaire_widget.solver import Solver, solve

CORE = core_search.available()
try:
    import anywidget  # noqa: F401

    from solitaire_widget import SolitaireWidget
except ImportError:  # the widget is an optional extra
    SolitaireWidget = None
needs_core = pytest.mark.skipif(not CORE, reason="the compiled core is not installed")


def run_isolated(snippet: str, timeout: float = 90.0) -> str:
    """Runs ``snippet`` in a fresh interpreter (the same sys.path), failing the test if
    it does not end within ``timeout`` seconds or ends with an error; its stdout."""
    code = "import sys; sys.path[:0] = " + repr(sys.path) + "\n" + textwrap.dedent(snippet)
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {timeout} s (a hang):\n{snippet}")
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# ---- 1. unlimited redeals have no ceiling ---------------------------------------------


def test_255_passes_through_an_unlimited_stock_break_nothing():
    g = Game("klondike", seed=1, draw=3, redeals=None)
    for _ in range(2304):  # 9 clicks a pass: 256 passes
        g.play("draw")
    assert g.redeals_used == 256 and g.redeals_left is None
    assert g.status == "playing"
    assert g.hints()
    assert "256" not in repr(g) or "moves" in repr(g)
    for engine in ("python", *(["core"] if CORE else [])):
        r = g.solve(seconds=None, nodes=3_000, engine=engine)
        assert r.result in ("won", "lost", "unknown")
    assert Game.from_json(g.to_json()).redeals_used == 256
    g.play("draw")
    assert g.undo() and g.redeals_used == 256


@needs_core
def test_the_core_takes_any_count_of_unlimited_redeals():
    for used in (255, 256, 10_000, 2**70):
        state = {**Game("saratoga", seed=4, redeals=None).snapshot(), "redeals_used": used}
        g = Game.from_snapshot(state, "saratoga", redeals=None)
        t = g.table
        assert sorted(core_search.legal_moves(t)) == sorted(map(str, g.legal_moves))
        assert core_search.is_stuck(t, 1000) is (g.status == "lost")
        assert g.solve(seconds=None, nodes=2_000, engine="core").result in ("won", "unknown")
        if SolitaireWidget is not None:  # the table takes it as it is, live answer and all
            w = SolitaireWidget(g)
            assert w.view["piles"] and w.live_answer in ("checking", "winnable", "unknown")
            w.close()
        # the core answers with the table's own count
        while g.table.piles[0]:
            g.play("draw")
        piles, hidden, after = core_search.play(g.table, "draw")
        assert after == used + 1
        g.play("draw")
        assert (piles, hidden, after) == (g.table.piles, g.table.hidden, g.redeals_used)


def test_a_limited_count_past_its_limit_is_still_refused():
    state = {**Game("saratoga", seed=4, redeals=2).snapshot(), "redeals_used": 3}
    with pytest.raises(ValueError, match="redeals used"):
        Game.from_snapshot(state, "saratoga", redeals=2)


def test_an_environment_steps_past_255_passes():
    pytest.importorskip("gymnasium")
    from solitaire_widget.env import SolitaireEnv

    # the clicks go round the same positions: the repetition limit is off here
    env = SolitaireEnv("klondike", draw=3, redeals=None, max_steps=5000, max_repeats=None)
    env.reset(seed=1)
    for _ in range(2304 + 9):
        _, _, done, truncated, _ = env.step(env.draw_action)
        if done or truncated:
            break
    assert env.game.redeals_used >= 256


# ---- 2. one validator for every budget ----------------------------------------------


def test_nan_budgets_are_refused_at_once_not_searched_for_ever():
    # each of these hung for ever (a NaN deadline is never reached); the widget's
    # is_fatal hung holding the table's lock
    out = run_isolated(
        """
        from solitaire_widget import Game
        nan = float("nan")
        g = Game("kansas", seed=3)
        calls = {
            "solve": lambda: g.solve(seconds=nan, nodes=1000),
            "solve_python": lambda: g.solve(seconds=nan, nodes=1000, engine="python"),
            "hint": lambda: g.hint(exact=True, budget=nan),
            "is_winnable": lambda: g.is_winnable(nan),
            "is_fatal": lambda: g.is_fatal(g.legal_moves[0], nan),
            "losing_move": lambda: g.losing_move(nan),
        }
        try:
            from solitaire_widget import SolitaireWidget
            w = SolitaireWidget(g, live_solver=False)
            calls["widget.is_fatal"] = lambda: w.is_fatal(g.legal_moves[0], budget=nan)
        except ImportError:
            pass
        for name, call in calls.items():
            try:
                call()
            except ValueError as err:
                assert "finite" in str(err), (name, err)
                print(name, "refused")
            else:
                raise AssertionError(f"{name} took a NaN budget")
        """
    )
    assert out.count("refused") >= 6


BAD_SECONDS = [
    (float("nan"), ValueError),
    (float("inf"), ValueError),
    (-1, ValueError),
    (-0.5, ValueError),
    (True, TypeError),
    ("1", TypeError),
    ([1], TypeError),
    (2**20_000, ValueError),
]
BAD_COUNTS = [
    (-1, ValueError),
    (1.5, ValueError),
    (float("nan"), ValueError),
    (True, TypeError),
    ("100", TypeError),
    (None, TypeError),
]


def _budget_calls():
    g = Game("kansas", seed=3)
    move = g.legal_moves[0]
    seconds = {
        "seconds": [
            lambda v: g.solve(seconds=v, nodes=100),
            lambda v: g.is_winnable(v),
            lambda v: g.is_fatal(move, v),
            lambda v: g.losing_move(v),
            lambda v: solve(g, seconds=v, nodes=100),
            lambda v: Solver(g).run(seconds=v, nodes=100),
            lambda v: Search(g.table).run(v, 100),
        ],
        "budget": [lambda v: g.hint(exact=True, budget=v)],
    }
    counts = {
        "nodes": [
            lambda v: g.solve(seconds=1, nodes=v) if v is not None else g.difficulty(nodes=v),
            lambda v: Game.deal("kansas", nodes=v, rng=random.Random(1)),
        ],
        "tries": [lambda v: Game.deal("kansas", tries=v, rng=random.Random(1))],
        "max_moves": [lambda v: g.hint_policy_wins(v)],
    }
    if CORE:
        seconds["seconds"].append(lambda v: core_search.CoreSearch(g.table).run(v, 100))
    return g, seconds, counts


def test_every_budget_is_checked_and_named():
    # in a subprocess: several of these calls have no node bound, and took NaN for ever
    here = os.path.dirname(os.path.abspath(__file__))
    run_isolated(
        f"""
        sys.path.insert(0, {here!r})
        import test_hardening_model as m
        m.check_every_budget()
        """,
        timeout=120,
    )


def check_every_budget():
    g, seconds, counts = _budget_calls()
    before = g.to_json()
    for name, calls in seconds.items():
        for call in calls:
            for value, error in BAD_SECONDS:
                with pytest.raises(error, match=name):
                    call(value)
    for name, calls in counts.items():
        for call in calls:
            for value, error in BAD_COUNTS:
                if value is None and name == "nodes":
                    value, error = "x", TypeError
                with pytest.raises(error, match=name):
                    call(value)
    assert g.to_json() == before


def test_memory_and_threads_are_checked():
    g = Game("kansas", seed=3)
    for bad in (float("nan"), 0, -5, True, "big", 2.0**40):
        with pytest.raises((TypeError, ValueError), match="memory_mb"):
            Solver(g, memory_mb=bad)
    for bad in (True, 2.0, "2", 0, 3):
        with pytest.raises(ValueError, match="threads"):
            Solver(g, threads=bad)


def test_huge_budgets_are_no_bound_not_an_overflow():
    # (in a subprocess: 1e300 seconds overflowed the core's clock into a deadline long
    # past, so each of its turns searched nothing and the solver's loop went round for
    # ever)
    run_isolated(
        """
        from solitaire_widget import Game, core_search
        g = Game("kansas", seed=12)  # (its main search takes some 650,000 nodes)
        for engine in ("python", *(["core"] if core_search.available() else [])):
            r = g.solve(seconds=1e300, nodes=5_000, engine=engine)
            assert r.result in ("won", "lost", "unknown") and r.nodes <= 10_000, r
            r = g.solve(seconds=0.5, nodes=2**70, engine=engine)
            assert r.result in ("won", "lost", "unknown"), r
            if engine == "core":
                s = core_search.CoreSearch(g.table)
                try:
                    s.run(1e300, 2_000)
                except core_search.BudgetSpent:
                    pass
                assert 2_000 <= s.nodes < 4_000, s.nodes
        """
    )


def test_the_validator_itself():
    from solitaire_widget import budgets

    assert budgets.seconds(None, "x") is None
    assert budgets.seconds(2, "x") == 2.0 and isinstance(budgets.seconds(2, "x"), float)
    assert budgets.count(2**70, "x") == 2**70
    with pytest.raises(TypeError, match="x must"):
        budgets.seconds(None, "x", optional=False)
    with pytest.raises(ValueError, match=r"x must be an int >= 1"):
        budgets.count(0, "x", least=1)
    with pytest.raises(ValueError, match="an int of"):
        budgets.seconds(-(2**20_000), "x")


def test_widget_budgets_are_checked_when_set():
    pytest.importorskip("anywidget")
    from solitaire_widget import SolitaireWidget

    w = SolitaireWidget("kansas", seed=3, live_solver=False)
    for name in ("solve_budget", "hint_budget", "check_budget", "fatal_budget", "live_budget"):
        for bad, error in BAD_SECONDS:
            with pytest.raises(error, match=name):
                setattr(w, name, bad)
    for bad, error in [("fast", TypeError), (float("nan"), ValueError), (-0.1, ValueError)]:
        with pytest.raises(error, match="replay_delay"):
            w.replay_delay = bad
    assert w.replay_delay == 0.3 and type(w).replay_delay == 0.3
    w.replay_delay = 1
    assert w.replay_delay == 1.0 and isinstance(w.replay_delay, float)
    for bad in (0, 1.5, True, None):
        with pytest.raises((TypeError, ValueError), match="solve_node_limit"):
            w.solve_node_limit = bad
    w.solve_node_limit = 10
    assert w.solve_node_limit == 10
    with pytest.raises(ValueError, match="budget"):
        w.is_fatal(w.game.legal_moves[0], budget=-1)


# ---- 3. a Game two threads can share ------------------------------------------------


def _hammer(g: Game, seed: int, rounds: int, errors: list) -> None:
    rng = random.Random(seed)
    try:
        for _ in range(rounds):
            op = rng.random()
            try:
                if op < 0.45:
                    moves = g.legal_moves
                    if moves:
                        g.play(rng.choice(moves))
                elif op < 0.6:
                    g.undo()
                elif op < 0.7:
                    g.redo()
                elif op < 0.72:
                    g.restart()
                elif op < 0.73:
                    g.new(rng.randrange(2**32))
                elif op < 0.85:
                    saved = g.to_json()
                    h = Game.from_json(saved)
                    assert h.to_json() == saved
                elif op < 0.9:
                    assert g.status in ("playing", "won", "lost")
                    g.hints()
                else:
                    snap = g.snapshot()
                    assert (
                        sum(map(len, [snap["s"], snap["w"], *snap["f"], *snap["t"]]))
                        + len(snap.get("r", []))
                        == 52
                    )
            except IllegalMove:
                pass  # a move another thread made stale, nothing to undo or redo
    except Exception as err:  # reported to the test's thread
        errors.append(repr(err))


@pytest.mark.parametrize("name", ["kansas", "klondike"])
def test_threads_sharing_a_game_never_corrupt_it(name):
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter will
    try:
        for trial in range(3):
            g = Game(name, seed=trial + 11)
            heard: list[int] = []
            g.on_change(lambda game, heard=heard: heard.append(game.moves))
            errors: list[str] = []
            threads = [
                threading.Thread(target=_hammer, args=(g, trial * 10 + k, 300, errors))
                for k in range(4)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(120)
            assert not any(t.is_alive() for t in threads), "a thread is stuck"
            assert not errors, errors[:3]
            saved = g.to_json()
            h = Game.from_json(saved)  # its own save loads, and is the same game
            assert h.to_json() == saved
            assert h.snapshot() == g.snapshot() and h.history == g.history
            replay = g.position(0)
            for action in g.history:
                replay.play(action)
            assert replay.snapshot() == g.snapshot()
            assert heard  # the listener heard the changes
    finally:
        sys.setswitchinterval(interval)


def test_the_lock_makes_several_reads_one_moment():
    g = Game("kansas", seed=4)
    stop = threading.Event()

    def player() -> None:
        while not stop.is_set():
            try:
                g.play("draw")
            except IllegalMove:
                g.restart()

    t = threading.Thread(target=player)
    t.start()
    try:
        for _ in range(300):
            with g.lock:
                history, moves, snap = g.history, g.moves, g.snapshot()
                assert len(history) == moves and len(snap["s"]) == g.stock_left
    finally:
        stop.set()
        t.join(30)


def test_a_listener_with_a_lock_of_its_own_cannot_deadlock_the_game():
    # The widget's pattern: its table lock is held while it plays on the game (the
    # replay's timer), and its listener takes that lock when the game changes. The
    # game's lock is let go before the listener runs, so the two never wait on each
    # other in opposite orders.
    table_lock = threading.RLock()
    g = Game("kansas", seed=5)

    def listener(game: Game) -> None:
        with table_lock:
            game.status  # noqa: B018 (reads back into the game)

    g.on_change(listener)
    stop = threading.Event()

    def timer() -> None:
        while not stop.is_set():
            with table_lock:
                try:
                    g.play("draw")
                except IllegalMove:
                    g.restart()

    def user() -> None:
        for _ in range(300):
            try:
                g.undo()
            except IllegalMove:
                g.play("draw")

    a = threading.Thread(target=timer, daemon=True)
    b = threading.Thread(target=user, daemon=True)
    a.start()
    b.start()
    b.join(60)
    stop.set()
    a.join(60)
    assert not a.is_alive() and not b.is_alive(), "deadlocked"


def test_a_widget_replaying_from_timers_while_user_code_uses_its_game():
    # Solve's replay plays from timer threads (the default scheduler of a plain script)
    # holding the table's lock, while user code reads and plays on widget.game: nothing
    # waits for ever, and the game stays whole. In a subprocess, with a time limit.
    pytest.importorskip("anywidget")
    out = run_isolated(
        """
        import random, time
        from solitaire_widget import Game, IllegalMove
        from solitaire_widget.statistics import Statistics
        from solitaire_widget.widget import SolitaireWidget

        rng = random.Random(1)
        for round in range(2):
            w = SolitaireWidget("eagle-wing", seed=7, statistics=Statistics(), live_solver=False)
            w.replay_delay = 0.0
            w.solve()
            deadline = time.monotonic() + 60
            reads = 0
            while (w.replaying or reads < 50) and time.monotonic() < deadline:
                # a pause between reads, as user code has: a loop that takes the game's
                # lock back the instant it lets go starves the timer threads (Python's
                # locks are not fair), which on a loaded machine left the replay 30 moves in
                time.sleep(0.002)
                g = w.game
                saved = g.to_json()
                assert Game.from_json(saved).to_json() == saved
                g.status, g.hints(), g.legal_moves, str(g)
                reads += 1
                if round == 1 and reads == 20:
                    try:  # the player takes the table back from the replay
                        g.play(rng.choice(g.legal_moves))
                    except IllegalMove:
                        pass
            w.stop()
            w.close()
            print(round, reads, w.game.moves, w.game.status)
        """,
        timeout=120,
    )
    first, second = out.split("\n")[:2]
    assert first.endswith("won")  # the replay played on to the win, read all along
    assert second.split()[1] == "50"


def test_a_search_runs_on_a_copy_outside_the_lock():
    g = Game("kansas", seed=3)
    started = threading.Event()
    result: list = []

    def search() -> None:
        started.set()
        result.append(g.solve(seconds=1.0, engine="python"))

    t = threading.Thread(target=search)
    t.start()
    started.wait()
    for _ in range(5):
        g.play("draw")  # not held up by the search (it holds no lock while it runs)
    t.join(30)
    assert result and g.moves == 5


def test_a_game_still_copies_and_pickles():
    # (its lock is not copied: a copy has one of its own)
    import copy
    import pickle

    g = Game("kansas", seed=3)
    g.play("draw")
    for h in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert h.to_json() == g.to_json() and h.lock is not g.lock
        h.play("draw")
        assert g.moves == 1 and h.moves == 2


# ---- 4. one set of limits for a position ---------------------------------------------


def _kansas_state(reserve: int) -> dict:
    g = Game("kansas", seed=9)
    state = g.snapshot()
    stock = state["s"]
    extra = [c.lower() for c in stock[: reserve - len(state["r"])]]
    state["s"] = stock[len(extra) :]
    state["r"] = [c.lower() for c in state["r"][:-1]] + extra + [state["r"][-1]]
    return state


def test_a_kansas_reserve_holds_what_it_is_dealt():
    assert Game.from_snapshot(_kansas_state(12), "kansas").reserve_left == 12
    for n in (13, 20):
        with pytest.raises(ValueError, match=r"reserve \(r\) holds \d+ cards.*at most 12"):
            Game.from_snapshot(_kansas_state(n), "kansas")


def test_limits_name_the_pile_and_the_limit():
    ew = Game("eagle-wing", seed=2).snapshot()
    ew["t"][0] = ew["t"][0] + [c.upper() for c in ew["s"][-3:]]
    ew["s"] = ew["s"][:-3]
    with pytest.raises(ValueError, match=r"column t0 holds 4 cards.*at most 3"):
        Game.from_snapshot(ew, "eagle-wing")
    k = Game("klondike", seed=2).snapshot()  # t0 is dealt no face-down card
    k["t"][0] = [k["t"][1][0], *k["t"][0]]
    k["t"][1] = k["t"][1][1:]
    with pytest.raises(ValueError, match=r"column t0 holds 1 face-down.*dealt 0"):
        Game.from_snapshot(k, "klondike")
    for used in (True, -1, 3, 2**70, "1", 1.0):
        state = {**Game("saratoga", seed=4, redeals=2).snapshot(), "redeals_used": used}
        with pytest.raises(ValueError, match="redeals used"):
            Game.from_snapshot(state, "saratoga", redeals=2)


def test_the_core_adapter_checks_a_table_changed_by_hand():
    g = Game("kansas", seed=9)
    t = g.table.copy()
    t.piles[2][:0] = t.piles[0][:8]  # eight stock cards slipped under the reserve
    del t.piles[0][:8]
    with pytest.raises(ValueError, match=r"reserve \(r\) holds 20 cards"):
        core_search.legal_moves(t) if CORE else t.rules.check_position(
            t.piles, t.hidden, t.redeals_used
        )
    if CORE:
        for call in (
            lambda: core_search.is_stuck(t, 100),
            lambda: core_search.CoreSearch(t),
            lambda: core_search.play(t, "draw"),
            lambda: solve(t, seconds=1, engine="core"),
        ):
            with pytest.raises(ValueError, match="reserve"):
                call()


def test_seeds_are_32_bit_wherever_they_enter():
    g = Game("kansas", seed=7)
    data = json.loads(g.to_json())
    for seed in (1 + 2**32, 2**32, -1, True, 7.0, "7"):
        with pytest.raises(ValueError, match="seed"):
            Game.from_json(json.dumps({**data, "seed": seed}))
    # a seed with no deck must deal the saved start
    assert Game.from_json(json.dumps({**data, "deck": None})).seed == 7
    with pytest.raises(ValueError, match="seed does not deal"):
        Game.from_json(json.dumps({**data, "deck": None, "seed": 8}))
    for seed in (2**32, -1, True):
        with pytest.raises(ValueError, match="seed"):
            Game("kansas", seed=seed)
        with pytest.raises(ValueError, match="seed"):
            g.new(seed)
    assert g.seed == 7
    with pytest.raises(AttributeError):
        g.seed = 2**40  # what was dealt says which seed it was


def test_a_start_with_redeals_used_is_saved_with_them():
    g = Game("klondike", seed=1, draw=3, redeals=2)
    for _ in range(9):
        g.draw()
    assert g.redeals_used == 1
    h = Game.from_snapshot({**g.snapshot(), "redeals_used": 1}, "klondike", draw=3, redeals=2)
    back = Game.from_json(h.to_json())
    assert back.redeals_used == 1 and back.redeals_left == 1
    # a game that starts later in its deal (``position``) is saved as a position
    later = g.position(5)
    assert Game.from_json(later.to_json()).snapshot() == later.snapshot()


# ---- 6. the right exception ---------------------------------------------------------


def test_saved_games_fail_with_value_error_only():
    good = json.loads(Game("kansas", seed=3).to_json())
    bad = [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        json.dumps({**good, "times": [1e308 * 10]}).replace("Infinity", "1e999"),
        json.dumps(good, separators=(",", ":")).replace('"seed":3', '"seed":NaN'),
        json.dumps(good, separators=(",", ":")).replace('"seed":3', '"seed":' + "9" * 5000),
        json.dumps({**good, "times": [10**400]}),
        json.dumps({**good, "options": {"redeals": 10**400}}),
        json.dumps({**good, "game": ["kansas"]}),
        json.dumps({**good, "history": [["draw"], [{"x": 1}]], "redo": [], "times": None}),
        json.dumps({**good, "start": {**good["start"], "r": [[]] * 12}}),
        b"\xff\xfe",
        None,
        12,
    ]
    for text in bad:
        with pytest.raises(ValueError):
            Game.from_json(text)


def test_moves_made_by_hand_are_checked_where_they_enter():
    g = Game("kansas", seed=3)
    before = g.to_json()
    for move in (
        Move(-5, 3, 1),
        Move(7, 3, math.nan),
        Move(-1, 3, 1),
        Move(7, 3, 1.0),
        Move(7, 3, True),
        Move(7, 99, 1),
        Move("t0", "f0", 1),
        Move(7, 3, 0),
        Move(7, 3, 2**70),
    ):
        text = repr(move)  # never raises, never claims a notation it has not
        assert text.startswith("Move(") and str(move) == text
        with pytest.raises(IllegalMove, match="is not a move") as caught:
            g.play(move)
        assert caught.value.key == "bad_move"
        assert caught.value.text("el")  # worded in every language
        assert not g.is_legal(move)
        assert "is not a move" in g.explain(move) and "no pile r" not in g.explain(move)
        with pytest.raises(IllegalMove):
            g.is_fatal(move, 0.1)
    for move in (Move(0, 1, 5), Move(0, 7, 1)):  # the stock's face-down cards
        with pytest.raises(IllegalMove, match="face down"):
            g.play(move)
        assert repr(move).startswith("Move(src=0")
    with pytest.raises(IllegalMove, match="no pile t5"):  # a pile of another game
        g.play(Move(12, 3, 1))
    assert g.to_json() == before
    assert repr(Move(7, 3, 2)) == "Move.parse('t0>f0*2')" and str(Move(0, 1, 1)) == "draw"


def test_deal_checks_its_rng():
    for rng in ("x", 3, random):
        with pytest.raises(TypeError, match="rng"):
            Game.deal("kansas", rng=rng)
    assert Game.deal("kansas", rng=random.Random(3)).name == "kansas"
