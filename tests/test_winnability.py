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
