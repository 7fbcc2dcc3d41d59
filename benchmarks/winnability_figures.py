"""Regenerate the winnability figures in docs/winnability/.

    python benchmarks/winnability_figures.py                 # every variant, 2000 deals
    python benchmarks/winnability_figures.py --deals 5000 --only kansas
    python benchmarks/winnability_figures.py --deals 20000 --only klondike-d3-unlimited
    python benchmarks/winnability_figures.py --retry --nodes 1000000   # deepen undecided
    python benchmarks/winnability_figures.py --retry --recheck --nodes 0   # blocked deals
    python benchmarks/winnability_figures.py --table         # just print the table
    python benchmarks/winnability_figures.py --readme        # table into the README
    python benchmarks/winnability_figures.py --verify        # replay every won deal
    python benchmarks/winnability_figures.py --retry --only kansas --nodes 30000000 \
        --dask tcp://scheduler:8786                          # the same job on a Dask cluster
    python benchmarks/winnability_figures.py ... --dask local  # a local Dask cluster (test)

Each variant is solved over consecutive seeds from 1 with a fixed budget of search
nodes per deal (not seconds: a node budget gives the same verdicts on any machine and
under any load). Results go to ``docs/winnability/<variant>.csv`` (seed, result, moves,
nodes, seconds); a run that stops part way resumes where it left off; every win is
replayed through ``Game.play`` before it is counted. Deals go to a process pool
(``--workers``) or to a Dask cluster (``--dask``: any ``concurrent.futures`` executor will
do), with a progress bar; each result is written as it comes in, so a run stopped and
started again loses at most the deals it was searching. The table counts
undecided deals both ways: the low end of the Wilson 95% interval treats them as lost,
the high end as won.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_widget.winnability import wilson  # noqa: E402

OUT = ROOT / "docs" / "winnability"

from solitaire_widget.games import GAMES, make_rules, variant_title, variants  # noqa: E402

# every registered variant with published figures: file name -> (title, game, options)
VARIANTS = {v.slug: (variant_title(v), v.game, dict(v.options)) for v in variants() if v.figures}
OUTSIDE = {v.slug: v.outside for v in variants() if v.figures}
FIELDS = ["seed", "result", "moves", "nodes", "seconds"]


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open() as fh:
        return list(csv.DictReader(fh))


@contextmanager
def executor(workers: int, dask: str | None = None) -> Iterator[Executor]:
    """A process pool of ``workers``, or a Dask cluster's executor: ``dask`` is a
    scheduler's address, or ``"local"`` for a local cluster of ``workers`` processes."""
    if not dask:
        pool = ProcessPoolExecutor(workers)
        try:
            yield pool
        except BaseException:  # Ctrl-C: the deals not started are not waited for
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        return
    from distributed import Client, LocalCluster  # the "dask" extra

    if dask == "local":
        with (
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster,
            Client(cluster) as client,
        ):
            yield client.get_executor()
    else:
        with Client(dask) as client:
            yield client.get_executor()


def completed(jobs: list[Future], label: str) -> Iterator[Future]:
    """The jobs as they finish, behind a progress bar (tqdm, from the "analysis" extra;
    plain lines without it)."""
    done = as_completed(jobs)
    try:
        from tqdm import tqdm
    except ImportError:
        start = time.time()
        for i, job in enumerate(done, 1):
            yield job
            if i % 100 == 0 or i == len(jobs):
                print(f"{label}: {i}/{len(jobs)} in {time.time() - start:.0f} s", flush=True)
        return
    yield from tqdm(done, total=len(jobs), desc=label, unit="deal", smoothing=0.05)


def _rewrite(path: Path, rows: list[dict]) -> None:
    """The CSV in seed order, written whole and then moved into place (never half)."""
    rows = sorted(rows, key=lambda r: int(r["seed"]))
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as fh:
        w = csv.DictWriter(fh, FIELDS)
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


def solve_checked(game: str, seed: int, nodes: int, options: dict) -> dict:
    """Solve one deal within ``nodes``; a win counts only once its line, replayed
    through ``Game.play``, ends in a won game."""
    from solitaire_widget import Game

    g = Game(game, seed=seed, **options)
    r = g.solve(seconds=None, nodes=nodes)
    if r.result == "won":
        for action in r.solution:
            g.play(action)
        if not g.is_won:
            raise AssertionError(f"{game} {options} seed {seed}: the winning line does not win")
    return {
        "seed": seed,
        "result": r.result,
        "moves": len(r.solution) if r.result == "won" else None,
        "nodes": r.nodes,
        "seconds": r.seconds,
    }


def run(variant: str, deals: int, nodes: int, pool: Executor) -> None:
    _, game, options = VARIANTS[variant]
    path = OUT / f"{variant}.csv"
    done = {int(r["seed"]) for r in read(path)}
    todo = [s for s in range(1, deals + 1) if s not in done]
    if not todo:
        return
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, FIELDS)
        if new:
            w.writeheader()
        jobs = [pool.submit(solve_checked, game, s, nodes, options) for s in todo]
        for job in completed(jobs, variant):
            row = job.result()
            row["seconds"] = f"{row['seconds']:.4f}"
            w.writerow(row)
            fh.flush()  # a run killed outright keeps every deal it finished
    # appended as they finished: put back in seed order
    _rewrite(path, read(path))


def retry(
    variant: str, nodes: int, pool: Executor, upto: int | None = None, recheck: bool = False
) -> None:
    """Solve again, with a bigger node budget, the deals a run left undecided (those
    with seeds up to ``upto``, if given), in the order of their seeds.

    ``recheck``: every undecided deal, whatever budget it had, for what a changed
    search decides sooner (``--nodes 0``: what it sees at its start); a deal it leaves
    undecided keeps its row, and with it the bigger budget it was searched with."""
    _, game, options = VARIANTS[variant]
    path = OUT / f"{variant}.csv"
    rows = read(path)
    todo = [
        int(r["seed"])
        for r in rows
        if r["result"] == "unknown"
        and (recheck or int(r["nodes"]) < nodes)
        and (upto is None or int(r["seed"]) <= upto)
    ]
    if not todo:
        return
    new: dict[int, dict] = {}

    def save() -> None:  # every few deals, so a run cut short keeps what it found
        _rewrite(path, [new.get(int(r["seed"]), r) for r in rows])

    jobs = [pool.submit(solve_checked, game, s, nodes, options) for s in todo]
    try:
        for i, job in enumerate(completed(jobs, f"{variant} retry"), 1):
            row = job.result()
            row["seconds"] = f"{row['seconds']:.4f}"
            if not recheck or row["result"] != "unknown":
                new[row["seed"]] = row
            if i % 20 == 0:
                save()
    finally:
        save()


def replay_won(game: str, seed: int, nodes: int, options: dict) -> bool:
    """Solve a deal again and replay the winning line through Game.play."""
    from solitaire_widget import Game

    g = Game(game, seed=seed, **options)
    r = g.solve(seconds=None, nodes=nodes)
    if r.result != "won":
        return False
    for action in r.solution:
        g.play(action)
    return g.is_won


def verify(variant: str, workers: int) -> None:
    """Replay the winning line of every deal a run counted as won."""
    _, game, options = VARIANTS[variant]
    rows = [r for r in read(OUT / f"{variant}.csv") if r["result"] == "won"]
    with ProcessPoolExecutor(workers) as pool:
        # a budget above the one that found the win: the solver may have changed
        # since (its pruning only ever drops lines that others cover)
        jobs = {
            int(r["seed"]): pool.submit(
                replay_won, game, int(r["seed"]), max(4 * int(r["nodes"]), 300_000), options
            )
            for r in rows
        }
        bad = [s for s, j in jobs.items() if not j.result()]
    print(
        f"{variant}: {len(rows) - len(bad)} of {len(rows)} winning lines replay and win"
        + (f"; FAILED: {bad}" if bad else ""),
        flush=True,
    )


def table(nodes: int) -> str:
    lines = [
        "| Game and options | Deals | Won | Lost | Undecided | Win rate | 95% interval |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for variant, (title, _, _) in VARIANTS.items():
        rows = read(OUT / f"{variant}.csv")
        n = len(rows)
        if not n:
            continue
        won = sum(r["result"] == "won" for r in rows)
        lost = sum(r["result"] == "lost" for r in rows)
        unknown = n - won - lost
        low = wilson(won, n)[0]
        high = wilson(won + unknown, n)[1]
        seeds = sorted(int(r["seed"]) for r in rows)
        lines.append(
            f"| {title} (seeds {seeds[0]}–{seeds[-1]}) | {n} | {won} | {lost} | {unknown} "
            f"| {won / n:.2%} | {low:.2%} – {high:.2%} |"
        )
    return "\n".join(lines)


def check() -> str:
    """Our figures against those published elsewhere for the same rules (each variant's
    ``outside``): the interval, undecided deals counted both ways, must hold theirs."""
    out = []
    for variant, figures in OUTSIDE.items():
        rows = read(OUT / f"{variant}.csv")
        if not rows or not figures:
            continue
        n = len(rows)
        won = sum(r["result"] == "won" for r in rows)
        unknown = sum(r["result"] == "unknown" for r in rows)
        low, high = wilson(won, n)[0], wilson(won + unknown, n)[1]
        for source, rate, half in figures:
            theirs = f"{rate:.3%}" + (f" ± {half:.3%}" if half else "")
            lo, hi = (rate - half, rate + half) if half else (rate, rate)
            verdict = "agrees" if hi >= low and lo <= high else "DISAGREES (a bug to find)"
            out.append(
                f"- {VARIANTS[variant][0]} ({n} deals): ours {won / n:.2%}, interval "
                f"{low:.2%} – {high:.2%}; {source}: {theirs}: {verdict}."
            )
    return "\n".join(out)


def budgets() -> str:
    out = []
    for variant, (title, _, _) in VARIANTS.items():
        rows = read(OUT / f"{variant}.csv")
        if rows:
            most = max(int(r["nodes"]) for r in rows)
            out.append(f"{title}: up to {most:,} nodes")
    return "Largest search per deal: " + "; ".join(out) + "."


def replay_across(
    game: str, strict: dict, seed: int, nodes: int, loose: dict, game_loose: str | None = None
) -> bool:
    """Solve a deal under ``strict`` and replay its winning line under ``loose`` (of
    ``game_loose``, the game dealt face up, or the same game)."""
    from solitaire_widget import Game

    # the solver shares its budget among its searches in proportion, so a win found
    # after N nodes of a big budget may need more than N under a small one
    for budget in (nodes, 8_000_000):
        r = Game(game, seed=seed, **strict).solve(seconds=None, nodes=budget)
        if r.result == "won":
            break
    else:
        return False
    g = Game(game_loose or game, seed=seed, **loose)
    for action in r.solution:
        g.play(action)
    return g.is_won


def _looser(game: str, a: dict, game_b: str, b: dict) -> str | None:
    """How rule set ``b`` of ``game_b`` is looser than ``a`` of ``game``: "redeals" (the
    same game and draw, more redeals: every line of ``a`` is a line of ``b``), "loosest"
    (``b`` is ``a``'s loosest rules, ``Rules.loosest``: a loss there is a loss here),
    "face up" (``game_b`` is ``game`` dealt face up, ``Rules.face_up_of``, with the
    same options: every line of ``a`` is a line of ``b``), or None."""
    ra, rb = make_rules(game, **a), make_rules(game_b, **b)
    if game_b != game:
        face_up = game in GAMES[game_b].face_up_of and ra.options == rb.options
        return "face up" if face_up else None
    if ra.options == rb.options:
        return None
    if ra.draw_count == rb.draw_count and (
        rb.max_redeals is None or (ra.max_redeals is not None and rb.max_redeals > ra.max_redeals)
    ):
        return "redeals"
    loose = ra.loosest()
    if loose is not None and loose.options == rb.options:
        return "loosest"
    return None


def across(workers: int = 2) -> str:
    """Undecided deals that another rule set decides: of the same game, or of the game
    it is with every card face up (``Rules.face_up_of``).

    A deal lost under looser rules is lost under stricter ones: with more redeals every
    line of the stricter rules is still a line, a game's loosest rules
    (``Rules.loosest``) argue the same of their own, and so does the game dealt face up
    with the same options. A deal won under the stricter rules is won under the looser
    ones (more redeals, or face up): the same line is replayed there to make sure.
    """
    res = {v: {int(r["seed"]): r for r in read(OUT / f"{v}.csv")} for v in VARIANTS}
    decided: dict[str, tuple[set[int], set[int]]] = {v: (set(), set()) for v in VARIANTS}
    clash: list[tuple[str, str, int]] = []
    replays: list[tuple[str, int, str, str, int]] = []
    for a, (_, game, opts_a) in VARIANTS.items():
        for b, (_, game_b, opts_b) in VARIANTS.items():
            how = _looser(game, opts_a, game_b, opts_b)
            if how is None or not res[a] or not res[b]:
                continue
            for seed in set(res[a]) & set(res[b]):
                ra, rb = res[a][seed]["result"], res[b][seed]["result"]
                if rb == "lost" and ra == "unknown":
                    decided[a][1].add(seed)
                if rb == "lost" and ra == "won":
                    clash.append((a, b, seed))
                if how in ("redeals", "face up") and ra == "won" and rb == "unknown":
                    replays.append((a, seed, b, max(4 * int(res[a][seed]["nodes"]), 300_000)))
    if replays:
        with ProcessPoolExecutor(workers) as pool:
            jobs = [
                pool.submit(
                    replay_across,
                    VARIANTS[a][1],
                    VARIANTS[a][2],
                    seed,
                    nodes,
                    VARIANTS[b][2],
                    VARIANTS[b][1],
                )
                for a, seed, b, nodes in replays
            ]
            for (_, seed, b, _), job in zip(replays, jobs, strict=True):
                if job.result():
                    decided[b][0].add(seed)
    lines = [
        "| Game and options | Won | Lost | Undecided | 95% interval |",
        "|---|---:|---:|---:|---|",
    ]
    for v, (more_won, more_lost) in decided.items():
        if not (more_won or more_lost):
            continue
        rows = res[v]
        n = len(rows)
        won = sum(r["result"] == "won" for r in rows.values()) + len(more_won)
        lost = sum(r["result"] == "lost" for r in rows.values()) + len(more_lost)
        unknown = n - won - lost
        low, high = wilson(won, n)[0], wilson(won + unknown, n)[1]
        lines.append(
            f"| {VARIANTS[v][0]} | {won} (+{len(more_won)}) | {lost} "
            f"(+{len(more_lost)}) | {unknown} | {low:.2%} – {high:.2%} |"
        )
    lines.append(
        f"\nDeals won under a stricter rule set but proved lost under a looser one: "
        f"{len(clash)}{' ' + str(clash) if clash else ''}."
    )
    return "\n".join(lines)


def _between(path: Path, parts: tuple[tuple[str, str], ...]) -> None:
    text = path.read_text()
    for name, body in parts:
        start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
        i, j = text.index(start) + len(start), text.index(end)
        text = text[:i] + "\n" + body + "\n" + text[j:]
    path.write_text(text)


def readme() -> None:
    """Write the table, the check and the deals decided across rule sets into
    docs/winnability/README.md between markers, and the table into the project's README
    (when the figures are the published ones)."""
    _between(
        OUT / "README.md",
        (("table", table(0) + "\n\n" + budgets()), ("check", check()), ("across", across())),
    )
    if OUT == ROOT / "docs" / "winnability":
        _between(ROOT / "README.md", (("table", table(0)),))


def main() -> None:
    global OUT
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--deals",
        type=int,
        default=None,
        help="seeds 1..DEALS (a run: 2000 if not given; --retry: every seed if not given)",
    )
    ap.add_argument("--nodes", type=int, default=100_000, help="search nodes per deal")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="solve on a Dask cluster: a scheduler's address, or 'local' (--workers processes)",
    )
    ap.add_argument(
        "--out", type=Path, default=OUT, help="the folder of the CSVs (default docs/winnability)"
    )
    ap.add_argument("--only", nargs="*", choices=list(VARIANTS))
    ap.add_argument("--table", action="store_true", help="only print the table")
    ap.add_argument(
        "--verify", action="store_true", help="replay every won deal's line through Game.play"
    )
    ap.add_argument(
        "--readme",
        action="store_true",
        help="only write the tables into docs/winnability/README.md and README.md",
    )
    ap.add_argument(
        "--retry",
        action="store_true",
        help="re-solve the undecided deals with the (bigger) --nodes budget",
    )
    ap.add_argument(
        "--recheck",
        action="store_true",
        help="with --retry: every undecided deal, keeping its row unless now decided",
    )
    args = ap.parse_args()
    OUT = args.out
    OUT.mkdir(parents=True, exist_ok=True)
    if args.readme:
        readme()
        return
    if args.verify:
        for variant in args.only or VARIANTS:
            verify(variant, args.workers)
        return
    if not args.table:
        with executor(args.workers, args.dask) as pool:
            for variant in args.only or VARIANTS:
                if args.retry:
                    retry(variant, args.nodes, pool, args.deals, args.recheck)
                else:
                    run(variant, args.deals or 2000, args.nodes, pool)
    print(table(args.nodes))
    print(check())


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("stopped: every deal finished is saved; the same command resumes")
