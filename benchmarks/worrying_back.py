"""What worrying back is worth: the share of deals won only with it.

    nice -n 10 python benchmarks/worrying_back.py --draw 1 --deals 2000 --nodes 1000000
    python benchmarks/worrying_back.py --draw 3 --deals 500
    python benchmarks/worrying_back.py --table              # the figures of what is saved

Worrying back (a foundation's top card brought back into play) is a rule switch of the
games that have it (``worrying_back=False``). Each deal, from seed 1 on, is solved with
it, thoughtfully (every card known, as the solver always plays) with unlimited redeals;
only a deal won with it is solved again without it (a deal lost with it is lost without
it: turning it off only takes moves away). A deal won with worrying back and proved lost
without it needs it. Every win is replayed through ``Game.play`` before it counts.

Both solves have the same fixed budget of search nodes (``--nodes``: the same verdicts on
any machine and under any load) and run in this one process, one deal at a time, on the
compiled core (one thread: a node budget never starts the helper). The second solve runs
without the loosest-rules search (``relax=False``): those rules are the ones the deal was
just won under, so it could prove nothing.

The share of deals that need worrying back is printed with its Wilson 95% interval, and
with the interval that counts the undecided deals both ways (the low end: none of them
needs it; the high end: each deal undecided with worrying back, or undecided without it
after a win with it, needs it), beside Blake & Gent's "necessity of worrying back" in
thoughtful Klondike (JAIR 2026, Table 3: 0.34% one card a click; they quote 9.26% for
thirteen cards a click, no figure here for three). Results go to
``benchmarks/results/worrying-back-<game>-d<draw>.csv`` as they come (a run stopped and
started again goes on where it left off).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_widget import Game, core_search  # noqa: E402
from solitaire_widget.games import GAMES  # noqa: E402
from solitaire_widget.solver import solve  # noqa: E402
from solitaire_widget.winnability import wilson  # noqa: E402

OUT = ROOT / "benchmarks" / "results"
FIELDS = [
    "seed",
    "budget",
    "with",
    "with_nodes",
    "with_seconds",
    "without",
    "without_nodes",
    "without_seconds",
]

# Blake & Gent (JAIR 2026), Table 3, thoughtful Klondike with unlimited redeals: the share
# of deals won with worrying back and lost without it, by cards a click (the two figures
# the project quotes; none for three cards a click)
PUBLISHED = {1: 0.0034, 13: 0.0926}


def default_game() -> str:
    """The registered game the literature's figure is for: one that offers the switch and
    deals cards face down (thoughtful play of a game with hidden cards)."""
    for name, cls in GAMES.items():
        if "worrying_back" in cls.option_names and cls.hidden_cards:
            return name
    raise SystemExit("no registered game offers worrying_back and deals cards face down")


def solved(game: str, seed: int, nodes: int, relax: bool, **options) -> tuple[str, int, float]:
    """One deal solved within ``nodes``: its verdict (a win only once its line replays
    through ``Game.play``), the nodes and the CPU seconds it took."""
    g = Game(game, seed=seed, **options)
    start = time.process_time()
    r = solve(g, seconds=None, nodes=nodes, engine="auto", relax=relax)
    seconds = time.process_time() - start
    if r.result == "won":
        check = Game(game, seed=seed, **options)
        for action in r.solution:
            check.play(action)
        if not check.is_won:
            raise AssertionError(f"seed {seed} {options}: the won line does not win")
    return r.result, r.nodes, seconds


def path_of(game: str, draw: int) -> Path:
    return OUT / f"worrying-back-{game}-d{draw}.csv"


def read(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def run(game: str, draw: int, deals: int, nodes: int) -> None:
    path = path_of(game, draw)
    done = {int(r["seed"]) for r in read(path)}
    OUT.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    with path.open("a", newline="") as fh:
        out = csv.DictWriter(fh, FIELDS)
        if new:
            out.writeheader()
        for seed in range(1, deals + 1):
            if seed in done:
                continue
            opts = {"draw": draw, "redeals": None}
            w, wn, ws = solved(game, seed, nodes, True, **opts)
            row = {"seed": seed, "budget": nodes, "with": w, "with_nodes": wn}
            row["with_seconds"] = f"{ws:.4f}"
            row.update({"without": "", "without_nodes": "", "without_seconds": ""})
            if w == "won":
                o, on, os_ = solved(game, seed, nodes, False, worrying_back=False, **opts)
                row.update({"without": o, "without_nodes": on, "without_seconds": f"{os_:.4f}"})
            out.writerow(row)
            fh.flush()
            if seed % 100 == 0:
                print(f"  d{draw}: {seed} deals", flush=True)


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def table(game: str, draw: int, deals: int | None) -> None:
    rows = read(path_of(game, draw))
    rows = [r for r in rows if deals is None or int(r["seed"]) <= deals]
    if not rows:
        print(f"d{draw}: nothing saved yet ({path_of(game, draw)})")
        return
    n = len(rows)
    count = {k: sum(r["with"] == k for r in rows) for k in ("won", "lost", "unknown")}
    won = [r for r in rows if r["with"] == "won"]
    without = {k: sum(r["without"] == k for r in won) for k in ("won", "lost", "unknown")}
    needs = without["lost"]
    maybe = needs + without["unknown"] + count["unknown"]
    lo, hi = wilson(needs, n)
    low, high = wilson(needs, n)[0], wilson(maybe, n)[1]
    cpu = sum(float(r["with_seconds"]) + float(r["without_seconds"] or 0) for r in rows)
    nodes = sum(int(r["with_nodes"]) + int(r["without_nodes"] or 0) for r in rows)
    print(f"{GAMES[game].title}, {draw} card(s) a click, unlimited redeals, thoughtful")
    print(f"  deals (seeds 1..{max(int(r['seed']) for r in rows)}): {n}")
    print(
        f"  with worrying back:    won {count['won']}, lost {count['lost']}, "
        f"undecided {count['unknown']}"
    )
    print(
        f"  its wins, without it:  won {without['won']}, lost {without['lost']}, "
        f"undecided {without['unknown']}"
    )
    print(
        f"  won only with worrying back: {needs} = {pct(needs / n)} of deals "
        f"(Wilson 95% {pct(lo)}-{pct(hi)}; undecided counted both ways {pct(low)}-{pct(high)})"
    )
    if count["won"]:
        share = wilson(needs, count["won"])
        print(
            f"  of the deals won with it: {pct(needs / count['won'])} "
            f"(Wilson 95% {pct(share[0])}-{pct(share[1])})"
        )
    published = PUBLISHED.get(draw)
    print(
        "  Blake & Gent (JAIR 2026, Table 3): "
        + (pct(published) if published is not None else "no figure quoted for this draw")
    )
    budgets = sorted({int(r["budget"]) for r in rows})
    print(f"  budget: {' / '.join(f'{b:,}' for b in budgets)} nodes a solve")
    print(f"  CPU: {cpu:.1f} s for {nodes:,} nodes ({cpu / n:.3f} s a deal)")
    seeds = [r["seed"] for r in won if r["without"] == "lost"]
    if seeds:
        print(f"  the deals that need it: seeds {', '.join(seeds)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=None, help="a registered game offering worrying_back")
    ap.add_argument("--draw", type=int, action="append", help="cards a click (repeatable)")
    ap.add_argument("--deals", type=int, default=2000, help="seeds 1..N")
    ap.add_argument("--nodes", type=int, default=1_000_000, help="node budget of each solve")
    ap.add_argument("--table", action="store_true", help="print the saved figures only")
    args = ap.parse_args()
    game = args.game or default_game()
    if game not in GAMES or "worrying_back" not in GAMES[game].option_names:
        raise SystemExit(f"{game!r} is no registered game with the worrying_back option")
    if not core_search.available(game):
        print("(the compiled core is not loaded: the Python search is some 30 times slower)")
    for draw in args.draw or [1, 3]:
        if not args.table:
            run(game, draw, args.deals, args.nodes)
        table(game, draw, None if args.table else args.deals)


if __name__ == "__main__":
    main()
