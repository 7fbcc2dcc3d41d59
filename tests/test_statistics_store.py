"""The saved statistics (issue 20, item 3): a SQLite store in the Jupyter data folder
that several kernels append to at once and none loses the others' deals; a store that
cannot be read is set aside with a notice, and the table opens all the same."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from solitaire_widget.statistics import Statistics
from solitaire_widget.widget import SolitaireWidget

# One kernel: opens its table with saved statistics, says it is ready, waits for the
# word to go, then plays a move of each of DEALS deals and leaves it for a new one (each
# counts as lost), and one deal more recorded as won.
KERNEL = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from solitaire_widget.widget import SolitaireWidget

    me, deals, go = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    w = SolitaireWidget("kansas", seed=int(me), statistics=True, live_solver=False)
    w.statistics.get("kansas", w.game.options)  # read the figures, as the table does
    Path(str(go) + "." + me).write_text("ready")
    while not go.exists():
        time.sleep(0.01)
    for i in range(deals):
        w.game.draw()
        w.game.new(seed=1000 * int(me) + i)
    w.statistics.record("kansas", w.game.options, won=True, seconds=5.0, score=52)
    print(w.stats["played"])
    """
)


def test_two_kernels_playing_at_once_lose_no_deal(tmp_path: Path, monkeypatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(data))
    env = {**os.environ, "JUPYTER_DATA_DIR": str(data)}
    go, deals = tmp_path / "go", 40
    kernels = [
        subprocess.Popen(
            [sys.executable, "-c", KERNEL, me, str(deals), str(go)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for me in ("1", "2")
    ]
    deadline = time.monotonic() + 60
    while not all(Path(f"{go}.{me}").exists() for me in ("1", "2")):
        assert time.monotonic() < deadline, [k.poll() for k in kernels]
        assert all(k.poll() is None for k in kernels), [k.communicate() for k in kernels]
        time.sleep(0.02)
    go.write_text("go")  # both tables are open: now both play
    outs = [k.communicate(timeout=60) for k in kernels]
    assert [k.returncode for k in kernels] == [0, 0], outs
    st = Statistics.saved()  # what the next kernel reads
    (row,) = st.rows()
    # every deal of both kernels: 2 x 40 lost and 2 won, none overwritten
    assert (row["played"], row["won"], row["lost"]) == (2 * deals + 2, 2, 2 * deals)
    assert st.notice is None


def test_a_corrupt_store_is_set_aside_and_the_table_opens(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    store = tmp_path / "solitaire_widget" / "statistics.sqlite"
    store.parent.mkdir(parents=True)
    junk = b"not a database, a damaged file " * 200
    store.write_bytes(junk)
    w = SolitaireWidget("kansas", seed=1, statistics=True, live_solver=False)
    notice = w.view["notice"]
    assert notice["level"] == "warn" and "could not be read" in notice["text"]
    (aside,) = store.parent.glob("statistics.sqlite.corrupt-*")
    assert aside.name in notice["text"] and aside.read_bytes() == junk  # kept, not lost
    # the fresh store counts from here
    w.game.draw()
    w.game.new(seed=2)
    assert w.stats["played"] == 1
    assert Statistics.saved().get("kansas", w.game.options)["played"] == 1
    # the next table has nothing to say about it
    assert SolitaireWidget("kansas", seed=1, statistics=True).view["notice"] is None


def test_a_sqlite_file_of_something_else_is_set_aside(tmp_path):
    path = tmp_path / "statistics.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER)")
    db.commit()
    db.close()
    st = Statistics.saved(path)
    assert st.notice is not None and "something else" in st.notice
    assert list(tmp_path.glob("statistics.sqlite.corrupt-*"))
    st.record("kansas", {}, won=True, seconds=1, score=52)
    assert st.get("kansas", {})["won"] == 1


def test_a_corrupt_old_file_does_not_stop_the_table(tmp_path, monkeypatch):
    # the traceback of issue 20: a damaged statistics.json kept the table from opening
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    old = tmp_path / "solitaire_widget" / "statistics.json"
    old.parent.mkdir(parents=True)
    old.write_text('{"format": "solitaire_widget.statistics", "version": 1, "rows": [')
    w = SolitaireWidget("kansas", seed=1, statistics=True, live_solver=False)
    assert "corrupt statistics file" in w.view["notice"]["text"]
    assert (old.parent / "statistics.json.corrupt").exists()


def test_records_are_appended_never_rewritten(tmp_path):
    path = tmp_path / "statistics.sqlite"
    a, b = Statistics(path), Statistics(path)  # two tables' stores, opened together
    a.record("kansas", {}, won=True, seconds=3, score=52)
    b.record("kansas", {}, won=False, seconds=3, score=9)
    a.record("kansas", {}, won=False, seconds=3, score=9, deal="x")
    a.record("kansas", {}, won=True, seconds=2, score=52, deal="x")  # undone, then won
    # each store sees the other's deals at once; a deal recorded twice counts once
    for st in (a, b):
        row = st.get("kansas", {})
        assert (row["played"], row["won"], row["lost"], row["best_time"]) == (3, 2, 1, 2.0)
    ids = [r[0] for r in sqlite3.connect(path).execute("SELECT id FROM deals ORDER BY id")]
    assert ids == [1, 2, 3, 4]


def test_a_store_that_cannot_be_opened_keeps_the_figures_in_memory(tmp_path, monkeypatch):
    # the data folder's place is taken by a file: no store can be made there
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    (tmp_path / "solitaire_widget").write_text("not a folder")
    w = SolitaireWidget("kansas", seed=1, statistics=True, live_solver=False)
    assert "kept in memory only" in w.view["notice"]["text"]
    w.game.draw()
    w.game.new(seed=2)
    assert w.stats["played"] == 1
    assert (tmp_path / "solitaire_widget").read_text() == "not a folder"


def test_a_locked_store_is_not_taken_for_a_damaged_one(tmp_path, monkeypatch):
    path = tmp_path / "statistics.sqlite"
    Statistics(path).record("kansas", {}, won=True, seconds=3, score=52)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds it, past the timeout
    try:
        with monkeypatch.context() as m:
            from solitaire_widget import sqlite_store as module

            m.setattr(sqlite3, "connect", _quick(sqlite3.connect))
            m.setattr(module.SqliteStore, "open_patience", 0.2)  # and its retries
            st = Statistics(path)
        assert st.notice is not None and "kept in memory only" in st.notice
        assert not list(tmp_path.glob("*.corrupt-*"))  # not set aside
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert Statistics(path).get("kansas", {})["won"] == 1  # the figures are all there


def _quick(connect):
    def quick(*a, **k):
        k["timeout"] = 0.1
        return connect(*a, **k)

    return quick


def test_the_session_figures_need_no_sqlite():
    # JupyterLite's Pyodide ships sqlite3 apart: the widget must import without it
    code = (
        "import sys; sys.modules['sqlite3'] = None\n"
        "from solitaire_widget.statistics import Statistics\n"
        "from solitaire_widget.widget import SolitaireWidget\n"
        "w = SolitaireWidget('kansas', seed=1, live_solver=False)\n"
        "w.game.draw(); w.game.new(seed=2)\n"
        "s = Statistics.saved('/nonexistent/statistics.sqlite')\n"
        "print(w.stats['played'], 'kept in memory only' in s.notice)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "True"]


def test_a_store_locked_at_once_while_another_kernel_creates_it_is_waited_for(
    tmp_path, monkeypatch
):
    # two kernels opening a new store together: switching it to WAL can fail as
    # "database is locked" at once, without SQLite's busy wait (the clean-clone CI saw a
    # kernel keep its 41 deals in memory so): such a failure is retried, not taken for a
    # store that cannot be opened
    from solitaire_widget import sqlite_store as module

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    real = module.SqliteStore._open
    failures = iter([sqlite3.OperationalError("database is locked")] * 3)

    def flaky(self):
        err = next(failures, None)
        if err is not None:
            raise err
        real(self)

    monkeypatch.setattr(module.SqliteStore, "_open", flaky)
    st = Statistics.saved()
    assert st.notice is None
    st.record("kansas", {}, won=False, seconds=1.0, score=3)
    assert Statistics.saved().rows()[0]["played"] == 1


def test_a_store_that_stays_locked_keeps_the_figures_in_memory(tmp_path, monkeypatch):
    # locked past the patience: the table opens, with a notice, and counts in memory
    from solitaire_widget import sqlite_store as module

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))

    def locked(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(module.SqliteStore, "_open", locked)
    monkeypatch.setattr(module.SqliteStore, "open_patience", 0.2)
    st = Statistics.saved()
    assert st.notice is not None and "kept in memory only" in st.notice
    st.record("kansas", {}, won=False, seconds=1.0, score=3)
    assert st.rows()[0]["played"] == 1


@pytest.mark.parametrize("saved", [False, True])
def test_the_figures_by_difficulty(tmp_path, saved):
    # the deals dealt with a grade, per grade: played and won (the player's wins only),
    # each deal once (a loss undone and won counts as won), apart per game and options
    s = Statistics(tmp_path / "s.sqlite") if saved else Statistics()
    opts = {"redeals": None}
    s.record("kansas", opts, won=True, seconds=60, score=52, difficulty="easy", deal="a")
    s.record("kansas", opts, won=False, seconds=9, score=20, difficulty="hard", deal="b")
    s.record("kansas", opts, won=True, seconds=99, score=52, difficulty="hard", deal="b")
    s.record("kansas", opts, won=False, seconds=5, score=3, difficulty="hard", deal="c")
    s.record("kansas", opts, won=True, seconds=7, score=52, solved=True, difficulty="easy")
    s.record("kansas", opts, won=False, seconds=5, score=9)  # not dealt by grade
    s.record("kansas", {}, won=True, seconds=5, score=52, difficulty="medium")
    row = s.get("kansas", opts)
    assert row["played"] == 5 and row["won"] == 2
    assert row["by_difficulty"] == {
        "easy": {"played": 2, "won": 1},
        "hard": {"played": 2, "won": 1},
    }
    assert s.get("kansas", {})["by_difficulty"] == {"medium": {"played": 1, "won": 1}}
    row["by_difficulty"]["easy"]["won"] = 99  # a copy: the figures stay as they are
    assert s.get("kansas", opts)["by_difficulty"]["easy"]["won"] == 1
