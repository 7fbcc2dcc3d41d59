"""Batch solving on executors: a thread pool, the default process pool, and Dask."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

pd = pytest.importorskip("pandas")

from solitaire_widget.winnability import summary, wilson, winnability  # noqa: E402

SEEDS = [3, 1, 2]


def check(df):
    assert list(df.columns) == ["seed", "result", "moves", "nodes", "seconds"]
    assert list(df["seed"]) == sorted(SEEDS)
    assert set(df["result"]) <= {"won", "lost", "unknown"}
    won = df[df["result"] == "won"]
    assert (won["moves"] > 0).all()
    assert df.loc[df["result"] != "won", "moves"].isna().all()


def test_thread_pool_executor():
    with ThreadPoolExecutor(2) as pool:
        df = winnability(
            "eagle-wing", SEEDS, seconds=None, nodes=2_000, executor=pool, progress=False
        )
    check(df)
    assert df.set_index("seed").loc[1, "result"] == "won"


def test_default_process_pool_and_progress_bar():
    df = winnability("saratoga", SEEDS, seconds=None, nodes=2_000, redeals=None)
    check(df)


def test_bad_option_fails_before_any_work():
    with pytest.raises(TypeError):
        winnability("kansas", [1], redeals=3, draw=3)


def test_dask_distributed_executor():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        df = winnability(
            "kansas",
            SEEDS,
            seconds=None,
            nodes=2_000,
            executor=client.get_executor(),
            progress=False,
        )
    check(df)


def test_wilson_and_summary():
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert wilson(0, 0) == (0.0, 1.0)
    df = pd.DataFrame({"seed": [1, 2, 3, 4], "result": ["won", "won", "lost", "unknown"]})
    s = summary(df)
    assert (s["won"], s["lost"], s["unknown"]) == (2, 1, 1)
    assert s["low"] == wilson(2, 4)[0] and s["high"] == wilson(3, 4)[1]


def test_missing_pandas_names_the_extra(monkeypatch):
    import importlib

    real = importlib.import_module

    def fake(name, *args):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", fake)
    with pytest.raises(ImportError, match=r"solitaire_widget\[analysis\]"):
        winnability("kansas", [1])


def test_figures_recheck_decides_what_a_changed_search_sees_and_keeps_the_rest(
    tmp_path, monkeypatch
):
    # benchmarks/winnability_figures.py --retry --recheck --nodes 0: every undecided deal
    # again, whatever budget it had; Saratoga seed 5 (blocked on its face) becomes lost,
    # seed 1 stays undecided and keeps its row (with the bigger budget it had)
    import csv
    import importlib
    from pathlib import Path

    # importable by name, so that the process pool's workers find its functions
    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "benchmarks"))
    figures = importlib.import_module("winnability_figures")
    monkeypatch.setattr(figures, "OUT", tmp_path)
    rows = [
        {"seed": 1, "result": "unknown", "moves": "", "nodes": 800000, "seconds": "1.0"},
        {"seed": 2, "result": "won", "moves": 100, "nodes": 69, "seconds": "0.0"},
        {"seed": 5, "result": "unknown", "moves": "", "nodes": 800000, "seconds": "1.0"},
    ]
    with (tmp_path / "saratoga-d1-r2.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, figures.FIELDS)
        w.writeheader()
        w.writerows(rows)
    with figures.executor(1) as pool:
        figures.retry("saratoga-d1-r2", 0, pool)  # no recheck: nothing had less than 0 nodes
    assert [r["result"] for r in figures.read(tmp_path / "saratoga-d1-r2.csv")] == [
        "unknown",
        "won",
        "unknown",
    ]
    with figures.executor(1) as pool:
        figures.retry("saratoga-d1-r2", 0, pool, recheck=True)
    got = figures.read(tmp_path / "saratoga-d1-r2.csv")
    assert [(r["result"], r["nodes"]) for r in got] == [
        ("unknown", "800000"),
        ("won", "69"),
        ("lost", "0"),
    ]


def test_figures_resume_a_run_cut_short_and_keep_seed_order(tmp_path, monkeypatch):
    # a run killed part way leaves the deals it finished, in the order they finished;
    # the same command solves only the rest and writes the file back in seed order
    import csv
    import importlib
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "benchmarks"))
    figures = importlib.import_module("winnability_figures")
    monkeypatch.setattr(figures, "OUT", tmp_path)
    path = tmp_path / "eagle-wing.csv"
    kept = {"seed": 4, "result": "lost", "moves": "", "nodes": 7, "seconds": "0.0"}
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, figures.FIELDS)
        w.writeheader()
        w.writerows([kept, {**kept, "seed": 2}])
    with figures.executor(2) as pool:
        figures.run("eagle-wing", 6, 20_000, pool)
    rows = figures.read(path)
    assert [int(r["seed"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    # the two finished deals were not solved again (their made-up rows stand)
    assert [r["nodes"] for r in rows if int(r["seed"]) in (2, 4)] == ["7", "7"]
    assert {r["result"] for r in rows} <= {"won", "lost", "unknown"}
    assert not path.with_suffix(".tmp").exists()


def test_the_published_tables_are_the_csvs_own(monkeypatch):
    # the README's table and docs/winnability's table and check are written from the CSVs
    # by `winnability_figures.py --readme`; a CSV changed without rerunning it fails here
    # (the cross-check's table is left out: it replays deals, minutes of search)
    import importlib
    from pathlib import Path

    root = Path(__file__).parent.parent
    monkeypatch.syspath_prepend(str(root / "benchmarks"))
    figures = importlib.import_module("winnability_figures")

    def between(path: Path, name: str) -> str:
        text = path.read_text()
        start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
        return text[text.index(start) + len(start) : text.index(end)].strip()

    docs = root / "docs" / "winnability" / "README.md"
    assert between(root / "README.md", "table") == figures.table(0)
    assert between(docs, "table") == figures.table(0) + "\n\n" + figures.budgets()
    assert between(docs, "check") == figures.check()


def test_undecided_budget_samples_the_deals_left_at_the_budget(tmp_path, monkeypatch, capsys):
    # benchmarks/undecided_budget.py: only undecided deals at the run's budget (within
    # 5%) from --from-seed on are sampled, and each is solved with --factor times it
    import csv
    import importlib
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "benchmarks"))
    bench = importlib.import_module("undecided_budget")
    path = tmp_path / "eagle-wing.csv"
    row = {"seed": 1, "result": "unknown", "moves": "", "nodes": 100, "seconds": "0.0"}
    rows = [
        row,  # before --from-seed
        {**row, "seed": 2},
        {**row, "seed": 3, "nodes": 97},
        {**row, "seed": 4, "nodes": 50},  # a smaller budget: left out
        {**row, "seed": 5, "result": "won", "moves": 90},
    ]
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, ["seed", "result", "moves", "nodes", "seconds"])
        w.writeheader()
        w.writerows(rows)
    argv = ["x", "--only", "eagle-wing", "--csv", str(path), "--factor", "200"]
    monkeypatch.setattr(sys, "argv", [*argv, "--from-seed", "2"])
    bench.main()
    out = capsys.readouterr().out
    assert "4 undecided of 5, 2 of them at 100 nodes; 2 sampled" in out
    assert "with 20,000 nodes" in out
    assert [int(line.split()[1].rstrip(":")) for line in out.splitlines() if "seed" in line] == [
        2,
        3,
    ]
    assert "decided " in out and "peak" in out
