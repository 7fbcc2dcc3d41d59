"""Widget latency and traffic (goals: p95 click-to-render <= 16 ms in the harness page,
<= 100 ms in JupyterLab on loopback).

- bytes of state sent per move: every synced trait that changed (``view``, and
  ``setup`` or ``stats`` when they change), as JSON, as the page receives them;
- click-to-render latency over 200 moves in the harness page (a real Python
  SolitaireWidget behind a Playwright binding), and in a real JupyterLab server:
  from the click handler sending the intent to the page having drawn the new view;
  beside it, the harness's share of that in Python (each intent's handling) and in the
  page's drawing, and the bridge's own round trip, so that what is left is Chromium's
  frame (style, layout, paint) and the Playwright binding.

    python benchmarks/widget_latency.py [--moves 200] [--no-lab] [--winnable] [--warn-fatal]
        [--deck high_contrast --card-back rings --large-index] [--pause 150]
        [--old-bundle OLD/solitaire_widget/static/widget.js] [--fatal-only]

Each run plays its moves twice: back to back (the next click as soon as the answer is
drawn, so it can queue behind the last move's frame) and paced as a player plays
(``--pause`` ms after the frame that shows the answer; 0 leaves the paced run out),
which also measures click-to-paint, to the end of that frame. ``--old-bundle`` runs an
older build's front end beside this one's, game by game, in the same run.

The harness runs twice, with the live answer (a search after every move) on and off;
the deck settings (the widget's traits of those names) apply to every run.
``--winnable`` plays with "winnable deals only" on (a deal proved winnable, its grade
measured in the background where the published list has none) instead of seed 3.
``--warn-fatal`` runs the live-on harness and JupyterLab once more with the fatal-move
warning on (a move from a position proved winnable is checked before it is played; a
held move's answer, the question, counts as that click's render).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser import harness  # noqa: E402
from browser.harness import LAUNCH_ARGS, Harness  # noqa: E402
from browser.lab import LabServer, notebook, run_cell, wait_idle  # noqa: E402

from solitaire_widget.cards import CARD_BACKS, DECKS  # noqa: E402
from solitaire_widget.games import DEFAULT_GAME, GAMES  # noqa: E402
from solitaire_widget.widget import SolitaireWidget  # noqa: E402


class Counted(Harness):
    """The harness page, counting the bytes of state each answer carries to the page and
    the time Python spends on each intent (the widget's handling and the diff of the
    synced traits): what is left of click-to-render is the browser's and the bridge's."""

    def __init__(self, *a, **kw) -> None:
        self.sizes: list[int] = []
        self.python_ms: list[float] = []
        super().__init__(*a, **kw)

    def _from_page(self, msg):
        start = time.perf_counter()
        changes = super()._from_page(msg)
        self.python_ms.append((time.perf_counter() - start) * 1000)
        self.sizes.append(len(json.dumps(changes)))
        return changes


# Plays `n` moves through the page's own click handling and returns, per move, the time
# from sending the intent to the end of drawing the answer (both stamped by the widget),
# the drawing's own share, and the time to the end of the first frame that shows it (a
# message posted from that frame's requestAnimationFrame runs once the frame's style,
# layout and paint are done: the "next paint" that Event Timing and web-vitals use).
# `pause` > 0 plays as a player does: the next click waits for that frame and then
# `pause` ms (a player does not click within a millisecond of a render, and the 90 ms
# slide has ended); 0 plays back to back, so each answer can queue behind the frame
# (and the slide) of the move before.
DRIVER = """
async ([n, pause]) => {
  const root = document.querySelector('.sw-root');
  const t = root.parentElement.__swTable;
  const cards = (p) => { const v = t.view.piles; const k = p[0];
    return k === 'f' || k === 't' ? v[k][Number(p.slice(1))] : (v[k] || []); };
  const nextSeq = (seq) => new Promise((resolve, reject) => {
    if (Number(root.dataset.seq) > seq) return resolve();
    const timer = setTimeout(() => { mo.disconnect(); reject(new Error('no answer')); }, 10000);
    const mo = new MutationObserver(() => {
      if (Number(root.dataset.seq) > seq) { mo.disconnect(); clearTimeout(timer); resolve(); }
    });
    mo.observe(root, { attributes: true, attributeFilter: ['data-seq'] });
  });
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  }));
  const out = [];
  let rnd = 12345;
  const pick = (xs) => {
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    return xs[rnd % xs.length];
  };
  while (out.length < n) {
    const v = t.view;
    const seq = Number(root.dataset.seq);
    const legal = (v.legal || []);
    if (v.status !== 'playing' || legal.length === 0) {
      // a bundle from before intents.js (--old-bundle) sends by kind
      if (typeof t.send === 'function') t.send('new', { seed: null }); else t.send.new(null);
      await nextSeq(seq);
      continue;
    }
    const a = pick(legal);
    if (a === 'draw') {
      t.click('s', -1);
    } else {
      const [src, rest] = a.split('>');
      const [dst, cnt] = rest.split('*');
      const k = Number(cnt || 1);
      t.click(src, cards(src).length - k);
      t.click(dst, cards(dst).length - 1);
    }
    await nextSeq(seq);
    const sent = t.sentAt;
    const row = [t.renderedAt - sent, t.renderedAt - t.receivedAt];
    if (pause > 0) {
      await afterPaint();
      row.push(performance.now() - sent);
      await new Promise((r) => setTimeout(r, pause));
    }
    out.push(row);
  }
  return out;
}
"""


def summary(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[max(0, round(0.95 * len(ms)) - 1)]
    return (
        f"{label}: n={len(ms)} median {statistics.median(ms):.2f} ms, "
        f"p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"
    )


def bridge_floor(browser, n: int) -> None:
    """The harness page's round trip to Python with nothing done on either side: the
    floor under its click-to-render figures (the Playwright binding, not the widget),
    with an empty answer and with a real view's (a first deal's, as JSON values)."""
    w = SolitaireWidget(DEFAULT_GAME, seed=3, live_solver=False)
    view = {"view": json.loads(json.dumps(w.view))}
    w.close()
    for label, answer in (
        ("a binding that does nothing", {"view": {}}),
        (f"the same, answering a view of {len(json.dumps(view))} bytes", view),
    ):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.set_content("<html><body></body></html>")
        page.expose_binding("ping", lambda _source, _msg, answer=answer: answer)
        ms = page.evaluate(
            """async (n) => { const out = [];
            for (let i = 0; i < n; i++) { const t = performance.now(); await window.ping(i);
              out.push(performance.now() - t); }
            return out; }""",
            n,
        )
        ctx.close()
        print(summary(f"  harness bridge alone ({label})", ms))


def table_args(winnable: bool) -> dict:
    return {"winnable_only": True} if winnable else {"seed": 3}


def report(label: str, page, n: int, pause: int) -> None:
    """Plays `n` moves on the page (`pause`: see DRIVER) and prints what they measured."""
    rows = page.evaluate(DRIVER, [n, pause])
    how = f"paced {pause} ms" if pause else "back to back"
    print(summary(f"  {label} {how:13s} click-to-render", [r[0] for r in rows]))
    print(summary(f"  {label} {how:13s} drawing only   ", [r[1] for r in rows]))
    if pause:
        print(summary(f"  {label} {how:13s} click-to-paint ", [r[2] for r in rows]))


def harness_run(
    browser,
    n: int,
    live: bool,
    looks: dict[str, Any],
    winnable: bool = False,
    warn_fatal: bool = False,
    pause: int = 0,
    bundle: str = "",
) -> None:
    tag = ("live on " if live else "live off") + (" +fatal" if warn_fatal else "") + bundle
    for game in GAMES:
        w = SolitaireWidget(
            game, live_solver=live, warn_fatal=warn_fatal, **table_args(winnable), **looks
        )
        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
        page = ctx.new_page()
        h = Counted(page, w, width=960)
        report(f"harness {tag} {game:10s}", page, n, 0)
        if pause:
            report(f"harness {tag} {game:10s}", page, n, pause)
        sizes = h.sizes
        ctx.close()
        w.close()
        print(summary(f"  harness {tag} {game:10s} Python per intent", h.python_ms))
        print(
            f"  harness {tag} {game:10s} state bytes per move: median "
            f"{statistics.median(sizes):.0f}, max {max(sizes)}"
        )


def lab_run(
    browser,
    n: int,
    game: str,
    looks: dict[str, Any],
    winnable: bool = False,
    warn_fatal: bool = False,
    pause: int = 0,
) -> None:
    options = {**table_args(winnable), "warn_fatal": warn_fatal}
    args = ", ".join(f"{k}={v!r}" for k, v in options.items())
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        kwargs = "".join(f", {k}={v!r}" for k, v in looks.items())
        nb = notebook(
            [
                "from solitaire_widget import SolitaireWidget\n"
                f"w = SolitaireWidget({game!r}, {args}{kwargs})\nw"
            ]
        )
        (tmp / "NB.ipynb").write_text(json.dumps(nb))
        server = LabServer(tmp)
        try:
            server.wait_ready()
            ctx = browser.new_context(viewport={"width": 1300, "height": 1000})
            page = ctx.new_page()
            page.set_default_timeout(120_000)
            page.goto(server.page_url("NB.ipynb"))
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            wait_idle(page)
            run_cell(page, 0)
            page.locator(".jp-OutputArea .sw-root .sw-card").first.wait_for()
            tag = f"{game:10s}" + (" +fatal" if warn_fatal else "")
            report(f"JupyterLab {tag}", page, n, 0)
            if pause:
                report(f"JupyterLab {tag}", page, n, pause)
            ctx.close()
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--no-lab", action="store_true")
    ap.add_argument(
        "--lab-game", default=DEFAULT_GAME, choices=sorted(GAMES), help="the game in JupyterLab"
    )
    ap.add_argument("--winnable", action="store_true", help='"winnable deals only" on')
    ap.add_argument("--deck", default="classic", choices=DECKS)
    ap.add_argument("--card-back", default="lattice", choices=CARD_BACKS)
    ap.add_argument("--large-index", action="store_true", help="large corner indices")
    ap.add_argument("--warn-fatal", action="store_true", help="the fatal-move warning on too")
    ap.add_argument(
        "--fatal-only", action="store_true", help="with --warn-fatal: only the runs with it on"
    )
    ap.add_argument(
        "--pause",
        type=int,
        default=150,
        help="ms between a move's frame and the next click in the paced runs (0: none)",
    )
    ap.add_argument(
        "--old-bundle",
        type=Path,
        help="a widget.js built from an older tree: its harness runs beside this one's",
    )
    args = ap.parse_args()
    looks = {"deck": args.deck, "card_back": args.card_back, "large_index": args.large_index}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=LAUNCH_ARGS)
        print(
            f"click-to-render over {args.moves} moves (goal p95 <= 16 ms harness, "
            "<= 100 ms JupyterLab), cards: " + ", ".join(f"{k}={v}" for k, v in looks.items())
        )
        bridge_floor(browser, args.moves)
        # the live answer searches after every move: with it and without, side by side
        bundles = [("", harness.BUNDLE)]
        if args.old_bundle:
            bundles.insert(0, (" old", args.old_bundle))
        for live in () if args.warn_fatal and args.fatal_only else (True, False):
            for tag, path in bundles:  # old and new one after the other, game by game
                harness.BUNDLE = path
                harness_run(browser, args.moves, live, looks, args.winnable, False, args.pause, tag)
        harness.BUNDLE = bundles[-1][1]
        if args.warn_fatal:
            harness_run(browser, args.moves, True, looks, args.winnable, True, args.pause)
        if not args.no_lab and not (args.warn_fatal and args.fatal_only):
            lab_run(browser, args.moves, args.lab_game, looks, args.winnable, False, args.pause)
        if not args.no_lab and args.warn_fatal:
            lab_run(browser, args.moves, args.lab_game, looks, args.winnable, True, args.pause)
        browser.close()


if __name__ == "__main__":
    main()
