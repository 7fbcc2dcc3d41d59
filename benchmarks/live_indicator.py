"""The live indicator's latency (goals: p95 <= 250 ms from a move to its answer; for
Kansas, whose proofs are the hardest, 95% of the answers within 1 s) and the redraw it
must not delay, for every registered game's variants.

For each variant, over many seeds, a real SolitaireWidget (its own KernelScheduler: the
search in the worker pool, as in a kernel) is played by hint moves sent as the page
sends them (``{"kind": "move", ...}`` through ipywidgets' message handler). Per move:

- answer: from the move message arriving to the view saying "winnable" or "lost" for
  that position (what the player sees). A position still "not yet known" after
  ``--wait`` seconds counts as answered later than every figure shown (its time is
  taken as infinite), so a share below 95% decided shows up in p95;
- redraw: from the move message arriving to the new view being set (ipywidgets sends
  it from there), with the indicator on and off, and with it on while the previous
  position's search still runs (moves played without waiting for the answer);
- handler: from the message arriving to the handler returning (the kernel takes the
  next message only then).

The player waits for each answer before the next move (``--wait`` at most), so what the
indicator knows from earlier answers (a proved loss holds for every later position, a
winning line is followed or repaired without a search) counts as it would in play; the
share answered without a search is printed beside the figures.

    python benchmarks/live_indicator.py [--seeds 30] [--moves 25] [--wait 1.0]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solitaire_widget.games import variants as registered  # noqa: E402
from solitaire_widget.solver import Solver  # noqa: E402
from solitaire_widget.widget import SolitaireWidget  # noqa: E402

VARIANTS = [(v.label, v.game, dict(v.options)) for v in registered()]


class Watch:
    """Stamps, for each table version, when its first view was set and when a view
    with a decided answer for it was set."""

    def __init__(self, w: SolitaireWidget) -> None:
        self.lock = threading.Lock()
        self.shown: dict[int, float] = {}
        self.decided: dict[int, float] = {}
        self.events: dict[int, threading.Event] = {}
        w.observe(self._seen, "view")

    def event(self, version: int) -> threading.Event:
        with self.lock:
            return self.events.setdefault(version, threading.Event())

    def _seen(self, change: dict) -> None:
        now = time.perf_counter()
        v = change["new"]
        version = v.get("version")
        with self.lock:
            self.shown.setdefault(version, now)
            answer = (v.get("live") or {}).get("answer")
            if answer in ("winnable", "lost") and version not in self.decided:
                self.decided[version] = now
                self.events.setdefault(version, threading.Event()).set()


def send(w: SolitaireWidget, content: dict) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(w: SolitaireWidget, action: str) -> dict:
    if action == "draw":
        return {"kind": "draw"}
    return {"kind": "move", "action": action, "version": w.view["version"]}


def play(
    name: str, options: dict, seeds: range, moves: int, wait: float, live: bool, wait_answers: bool
) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {
        "answer": [],
        "redraw": [],
        "handler": [],
        "known": [],
        "slow": [],
    }
    for seed in seeds:
        # the answer with every card known: what these goals were set for (the honest
        # chance's first estimate is benchmarks/honest_chance.py's)
        w = SolitaireWidget(name, seed=seed, live_solver=live, thoughtful=True, **options)
        watch = Watch(w)
        if live and wait_answers:  # the deal's own answer first, as a player would see it
            watch.event(w.view["version"]).wait(wait)
        for _ in range(moves):
            g = w.game
            if g.status != "playing":
                break
            hint = g.hint()
            if hint is None:
                break
            content = intent(w, str(hint))
            version = w.view["version"] + 1
            searches_before = _SEARCHES[0]
            t0 = time.perf_counter()
            send(w, content)
            t1 = time.perf_counter()
            if w.view["version"] != version:
                break  # refused (it should not be): stop this deal
            out["handler"].append(t1 - t0)
            out["redraw"].append(watch.shown[version] - t0)
            if live and wait_answers:
                got = watch.event(version).wait(wait)
                out["answer"].append(watch.decided[version] - t0 if got else math.inf)
                if not got and seed not in out["slow"]:
                    out["slow"].append(seed)
                out["known"].append(1.0 if _SEARCHES[0] == searches_before else 0.0)
        w.close()
    return out


# Solver.run calls, counted to tell answers from what was known apart from searched ones
_SEARCHES = [0]
_run = Solver.run


def _counted(self, *a, **k):
    _SEARCHES[0] += 1
    return _run(self, *a, **k)


Solver.run = _counted  # type: ignore[method-assign]


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return math.nan
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def ms(x: float, wait: float) -> str:
    if math.isinf(x):
        return f">{wait * 1000:.0f}"
    return f"{x * 1000:.1f}" if x < 10 else f"{x * 1000:.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=30)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=25, help="hint moves per deal")
    ap.add_argument(
        "--wait", type=float, default=1.0, help="seconds to wait for an answer before the next move"
    )
    ap.add_argument("--only", default="", help="only the variants whose name contains this")
    args = ap.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    variants = [v for v in VARIANTS if args.only.lower() in v[0].lower()]
    budget = SolitaireWidget.live_budget
    print(
        f"live indicator: {args.seeds} seeds x up to {args.moves} hint moves per variant, "
        f"first search {budget * 1000:.0f} ms, then slices of {SolitaireWidget.live_slice}"
        f" s; an answer not in after {args.wait} s counts as infinite"
    )
    print()
    head = (
        f"{'variant':24} {'moves':>5}  {'answer p50':>10} {'p95':>7} {'p99':>7} "
        f"{'<=250ms':>7} {'<=1s':>6} {'decided':>7} {'known':>6}"
    )
    print(head)
    print("-" * len(head))
    redraws = []
    slow: list[str] = []
    for title, name, options in variants:
        on = play(name, options, seeds, args.moves, args.wait, live=True, wait_answers=True)
        a = on["answer"]
        within = sum(x <= 0.25 for x in a) / len(a) if a else math.nan
        second = sum(x <= 1.0 for x in a) / len(a) if a else math.nan
        decided = sum(not math.isinf(x) for x in a) / len(a) if a else math.nan
        known = statistics.fmean(on["known"]) if on["known"] else math.nan
        print(
            f"{title:24} {len(a):>5}  {ms(pct(a, 0.5), args.wait):>10} "
            f"{ms(pct(a, 0.95), args.wait):>7} {ms(pct(a, 0.99), args.wait):>7} "
            f"{within:>7.1%} {second:>6.1%} {decided:>7.1%} {known:>6.1%}",
            flush=True,
        )
        if on["slow"]:
            slow.append(f"{title}: {', '.join(str(int(x)) for x in on['slow'])}")
        busy = play(name, options, seeds, args.moves, args.wait, live=True, wait_answers=False)
        off = play(name, options, seeds, args.moves, args.wait, live=False, wait_answers=False)
        redraws.append((title, on, busy, off))
    if slow:
        print(f"deals with a position not answered within {args.wait} s:")
        for line in slow:
            print("  " + line)
    print()
    print("redraw: move message to the new view set, ms (handler: to the handler's return)")
    head = (
        f"{'variant':24} {'indicator':>12} {'p50':>6} {'p95':>6} {'p99':>6} "
        f"{'handler p50':>11} {'p95':>6}"
    )
    print(head)
    print("-" * len(head))
    for title, on, busy, off in redraws:
        for label, r in (("on", on), ("on, busy", busy), ("off", off)):
            d, hd = r["redraw"], r["handler"]
            print(
                f"{title if label == 'on' else '':24} {label:>12} {pct(d, 0.5) * 1e3:>6.2f} "
                f"{pct(d, 0.95) * 1e3:>6.2f} {pct(d, 0.99) * 1e3:>6.2f} "
                f"{pct(hd, 0.5) * 1e3:>11.2f} {pct(hd, 0.95) * 1e3:>6.2f}"
            )
    print()
    print(
        "'on, busy': moves sent one after another without waiting for the answer, so the "
        "previous position's search is still running in the worker when the move comes."
    )
    print("'known': the share of moves answered from what was already proved (no search).")


if __name__ == "__main__":
    main()
