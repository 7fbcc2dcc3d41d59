import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { emptyStockMark, slotLabel } from "../drawing.js";
import { t } from "../i18n.js";
import { senders } from "../intents.js";
import { keyCommand, passesToHost } from "../keys.js";
import { clickIntent, DOUBLE_CLICK_MS } from "../pointer.js";
import { statsLines } from "../stats.js";
import { statusNotice } from "../status.js";
import { groupEntries, optionsFor, reviewIntent, seedForNew } from "../toolbar.js";

/** The message a click's intent sends (on a view of version 9), or undefined for none. */
const sent = (out) => {
  let msg;
  const keep = (m) => (msg = m);
  if (out.send) out.send(senders(keep, () => 9));
  return msg;
};

const k = (key, o = {}) =>
  keyCommand({ key, ctrl: false, shift: false, alt: false, inField: false, inTable: true, ...o });

test("keys: letters, Ctrl shortcuts, arrows only on the table, nothing from text boxes", () => {
  assert.equal(k("d"), "draw");
  assert.equal(k("H"), "hint");
  assert.equal(k("n"), "new");
  assert.equal(k("z", { ctrl: true }), "undo");
  assert.equal(k("Z", { ctrl: true, shift: true }), "redo");
  assert.equal(k("y", { ctrl: true }), "redo");
  assert.equal(k("ArrowLeft"), "left");
  assert.equal(k("ArrowLeft", { inTable: false }), null);
  assert.equal(k("Enter"), "pick");
  assert.equal(k(" "), "pick");
  assert.equal(k("Enter", { ctrl: true }), "foundation");
  assert.equal(k("Escape"), "escape");
  assert.equal(k("d", { inField: true }), null, "typing in the seed box");
  assert.equal(k("z", { ctrl: true, inField: true }), "undo");
  assert.equal(k("c", { ctrl: true }), null, "Ctrl+C is the browser's");
  assert.equal(k("d", { alt: true }), null);
  assert.equal(k("q"), null);
  assert.equal(k("F5"), null);
});

test("New deals a new game unless the player typed a deal number", () => {
  assert.equal(seedForNew("7", false), null, "the box shows the deal being played");
  assert.equal(seedForNew(" 1234 ", true), "1234");
  assert.equal(seedForNew("", true), null);
  // Whatever was typed goes to Python, which names a bad number instead of dealing at random.
  assert.equal(seedForNew("-5", true), "-5");
  assert.equal(seedForNew("99999999999999", true), "99999999999999");
});

const view = {
  piles: { s: ["ks", "qs"], w: ["2D"], f: [[], [], [], []], t: [["ac", "5H", "4S"], ["6C"], []] },
  legal: ["draw", "t0>t1*2", "w>t0", "t2>f0"],
};

test("every click on the stock deals, however fast and whatever was selected", () => {
  let state = { sel: null, lastClick: null };
  for (let i = 0; i < 5; i++) {
    const out = clickIntent(view, state, "s", 1, 1000 + i);
    assert.deepEqual(sent(out), { kind: "draw" });
    state = out;
  }
  const selected = { sel: { pile: "w", index: 0 }, lastClick: { pile: "w", at: 1000 } };
  assert.deepEqual(sent(clickIntent(view, selected, "s", -1, 1001)), { kind: "draw" });
});

test("click-to-move: select, move, reselect, deselect, double-click", () => {
  const first = clickIntent(view, { sel: null, lastClick: null }, "t0", 1, 0);
  assert.deepEqual(first.sel, { pile: "t0", index: 1 });
  assert.equal(first.send, undefined);
  const moved = clickIntent(view, { ...first, lastClick: null }, "t1", 0, 10_000);
  assert.deepEqual(sent(moved), { kind: "move", action: "t0>t1*2", version: 9 });
  assert.equal(moved.sel, null);
  // A click on another card that can start a move selects it instead.
  const re = clickIntent(view, { ...first, lastClick: null }, "w", 0, 10_000);
  assert.deepEqual(re.sel, { pile: "w", index: 0 });
  // Face-down cards and empty slots select nothing.
  assert.equal(clickIntent(view, { sel: null, lastClick: null }, "t0", 0, 0).sel, null);
  // A second click on the same pile within the double-click time sends it up.
  const dbl = clickIntent(view, first, "t0", 2, DOUBLE_CLICK_MS - 1);
  assert.deepEqual(sent(dbl), { kind: "foundation", pile: "t0", version: 9 });
  const slow = clickIntent(view, first, "t0", 2, DOUBLE_CLICK_MS + 1);
  assert.equal(slow.send, undefined, "too slow: a click on the selection deselects");
  assert.equal(slow.sel, null);
});

test("an empty stock shows ↻ only where the rules recycle and a redeal is left", () => {
  const empty = { piles: { s: [], w: ["2D"] }, redeals_left: 1 };
  const setup = { layout: { recycles: true } };
  assert.equal(emptyStockMark(empty, setup), "↻");
  assert.equal(emptyStockMark({ ...empty, redeals_left: null }, setup), "↻");
  assert.equal(emptyStockMark({ ...empty, redeals_left: 0 }, setup), "✕");
  assert.equal(emptyStockMark({ ...empty, piles: { s: [], w: [] } }, setup), "✕");
  assert.equal(emptyStockMark(empty, { layout: { recycles: false } }), "✕");
  assert.equal(slotLabel("f0", empty, { accepts: { f0: "T" } }), "10");
  assert.equal(slotLabel("t0", empty, { accepts: { t0: "any" } }), "");
});

test("the status line says what is selected after a selection, the notice otherwise", () => {
  const v = { ...view, seq: 5, notice: { text: "Hint: draw", level: "hint" } };
  const tr = (key, args) => t("en", key, args);
  assert.equal(statusNotice(v, null, -1, "en", tr).text, "Hint: draw");
  assert.equal(
    statusNotice(v, { pile: "t0", index: 1 }, 5, "en", tr).text,
    "Selected: Five of hearts",
  );
  // A newer view's notice (seq 6) wins over a selection made before it.
  assert.equal(
    statusNotice({ ...v, seq: 6 }, { pile: "t0", index: 1 }, 5, "en", tr).text,
    "Hint: draw",
  );
  assert.equal(
    statusNotice({ ...v, notice: null }, { pile: "w", index: 0 }, 1, "el", (key, a) =>
      t("el", key, a),
    ).text,
    "Επιλογή: Δύο καρό",
  );
});

test("no game is named in the front end's sources", () => {
  const dir = new URL("../", import.meta.url);
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".js"))) {
    const src = readFileSync(new URL(f, dir), "utf8").toLowerCase();
    for (const name of ["kansas", "saratoga", "eagle", "klondike"])
      assert.ok(!src.includes(name), `${f} names ${name}`);
  }
});

test("review mode: the arrows, Home, End and Esc walk the positions; V enters", () => {
  const r = (key) => k(key, { reviewing: true });
  assert.equal(k("v"), "review");
  assert.equal(r("ArrowLeft"), "review-back");
  assert.equal(r("ArrowRight"), "review-forward");
  assert.equal(r("Home"), "review-first");
  assert.equal(r("End"), "review-last");
  assert.equal(r("Escape"), "review-exit");
  assert.equal(r("p"), "review-playon", "play on from the position shown");
  assert.equal(r("d"), null, "nothing is played while looking back");
  assert.equal(r("Enter"), null);
  assert.equal(k("ArrowLeft", { reviewing: true, inField: true }), null);
});

test("review buttons send where to go", () => {
  const at = { at: 3, of: 9 };
  assert.deepEqual(reviewIntent("review", null), { step: -1 });
  assert.deepEqual(reviewIntent("review", at), { at: null });
  assert.deepEqual(reviewIntent("review-first", at), { at: 0 });
  assert.deepEqual(reviewIntent("review-last", at), { at: 9 });
  assert.deepEqual(reviewIntent("review-back", at), { step: -1 });
  assert.deepEqual(reviewIntent("review-forward", at), { step: 1 });
  assert.deepEqual(reviewIntent("review-exit", at), { at: null });
  assert.equal(reviewIntent("review-last", null), null);
});

test("statistics lines", () => {
  const lines = statsLines({
    played: 4,
    won: 1,
    lost: 2,
    solved: 1,
    streak: 0,
    best_streak: 1,
    best_time: 75.2,
    best_score: 52,
  });
  assert.deepEqual(Object.fromEntries(lines), {
    "stats.played": "4",
    "stats.won": "1 (25%)",
    "stats.solved": "1",
    "stats.streak": "0",
    "stats.best_streak": "1",
    "stats.best_time": "1:15",
    "stats.best_score": "52",
  });
  const none = Object.fromEntries(
    statsLines({
      played: 0,
      won: 0,
      lost: 0,
      streak: 0,
      best_streak: 0,
      best_time: null,
      best_score: 0,
    }),
  );
  assert.equal(none["stats.won"], "0");
  assert.equal(none["stats.best_time"], "–");
  assert.ok(
    !statsLines({
      played: 1,
      won: 1,
      lost: 0,
      streak: 1,
      best_streak: 1,
      best_time: 9,
      best_score: 52,
    }).some((l) => l[0] === "stats.graded"),
  );
});

test("statistics lines by difficulty: each grade played, easy to hard", () => {
  const graded = statsLines({
    played: 6,
    won: 3,
    lost: 3,
    streak: 0,
    best_streak: 2,
    best_time: 90,
    best_score: 52,
    by_difficulty: {
      hard: { played: 2, won: 0 },
      easy: { played: 3, won: 3 },
      medium: { played: 0, won: 0 },
    },
  }).filter((l) => l[0] === "stats.graded");
  assert.deepEqual(graded, [
    ["stats.graded", [3, 3], { grade: "easy" }, "graded-easy"],
    ["stats.graded", [0, 2], { grade: "hard" }, "graded-hard"],
  ]);
});

test("option selectors come from the catalog's groups; other options get an entry of their own", () => {
  const l = (en) => ({ en, el: `${en}·el` });
  const draw = {
    label: l("Cards a click"),
    choices: [
      { label: l("One"), options: { draw: 1 } },
      { label: l("Three"), options: { draw: 3 } },
    ],
  };
  const redeals = {
    label: l("Redeals"),
    choices: [
      { label: l("Two"), options: { redeals: 2 } },
      { label: l("Unlimited"), options: { redeals: null } },
    ],
  };
  assert.deepEqual(groupEntries(draw, 1, "en"), {
    entries: [
      ["0", "One"],
      ["1", "Three"],
    ],
    value: "1",
  });
  assert.deepEqual(groupEntries(draw, 0, "el").entries[0], ["0", "One·el"]);
  const other = { label: l("no redeal"), options: { redeals: 0 } };
  assert.deepEqual(groupEntries(redeals, other, "en"), {
    entries: [
      ["0", "Two"],
      ["1", "Unlimited"],
      ["x", "no redeal"],
    ],
    value: "x",
  });
  assert.deepEqual(optionsFor([draw, redeals], ["1", "1"], [0, 0]), { draw: 3, redeals: null });
  assert.deepEqual(optionsFor([draw, redeals], ["0", "x"], [0, other]), { draw: 1, redeals: 0 });
  // one group that sets several options (four deals as one choice)
  const deals = {
    label: l("Deal"),
    choices: [
      { label: l("A"), options: { draw: 1, redeals: 2 } },
      { label: l("B"), options: { draw: 3, redeals: null } },
    ],
  };
  assert.deepEqual(optionsFor([deals], ["1"], [0]), { draw: 3, redeals: null });
  assert.deepEqual(optionsFor([], [], []), {});
});

test("keys the table does not use stay in it; only Ctrl, Cmd and Alt shortcuts go on to JupyterLab", () => {
  // m, x, b, Enter, Shift+Enter, digits: JupyterLab command-mode shortcuts on the cell
  for (const key of ["m", "x", "b", "c", "1", "Enter", "Tab", "q"]) {
    assert.equal(passesToHost({ ctrl: false, alt: false }), false, key);
  }
  assert.equal(passesToHost({ ctrl: true, alt: false }), true, "Ctrl+S saves the notebook");
  assert.equal(passesToHost({ ctrl: false, alt: true }), true);
});
