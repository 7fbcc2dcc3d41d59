import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { dropTarget, focusRows, hitTest, moveFocus, pileBounds } from "../hit.js";
import {
  cardWidthFor,
  fanOffsets,
  layoutTable as layoutFor,
  MAX_CARD_W,
  MIN_CARD_W,
  pileCards,
} from "../layout.js";

// The layouts as the view carries them, one per variant of every registered game
// (tests/test_layouts.py writes them and checks this copy is current).
const LAYOUTS = JSON.parse(readFileSync(new URL("./layouts.json", import.meta.url), "utf8"));
/** The layout of a game's first variant (or its first with three cards a click). */
const layoutOf = (name, drawCount = 1) =>
  LAYOUTS[
    Object.keys(LAYOUTS).find((k) => k.startsWith(name) && (drawCount === 3) === k.includes("d3"))
  ];
/** @param {string} name @param {any} piles @param {number} width @param {{drawCount?: number}} [o] */
const layoutTable = (name, piles, width, o = {}) =>
  layoutFor(layoutOf(name, o.drawCount), piles, width);

// Face-down cards as the view sends them: "??", never named.
const D = "??";
const kansas = {
  s: Array(36).fill(D),
  w: [],
  r: [D, D, "4C"],
  f: [["5H"], [], [], []],
  t: [["9D"], ["QS"], ["7C"]],
};
const saratoga = {
  s: Array(24).fill(D),
  w: ["2D"],
  f: [[], [], [], []],
  t: [
    ["AH"],
    ["ac", "2S"],
    ["ac", "ac", "3D"],
    ["ac", "ac", "ac", "4C"],
    ["ac", "ac", "ac", "ac", "5H"],
    ["ac", "ac", "ac", "ac", "ac", "6S"],
    ["ac", "ac", "ac", "ac", "ac", "ac", "7D"],
  ],
};
// a column of face-down cards as the view sends them
const klondike = { ...saratoga, t: saratoga.t.map((col) => col.map((c) => (c === "ac" ? D : c))) };
const eagle = {
  s: Array(30).fill(D),
  w: [],
  r: ["KC", D, D],
  f: [["5S"], [], [], []],
  t: [["2H"], ["3H"], ["4D", "3D"], ["9C"], ["TC"], ["JC"], ["QC"], ["KD"]],
};

/** A table for any layout: each slot gets two face-down cards and a face-up one. */
function anyPiles(layout) {
  /** @type {any} */
  const piles = { f: [[], [], [], []], t: [] };
  for (const s of layout.slots) {
    const cards = [D, D, "KH"];
    if (s.pile[0] === "f") piles.f[Number(s.pile.slice(1))] = ["AS"];
    else if (s.pile[0] === "t") piles.t[Number(s.pile.slice(1))] = cards;
    else piles[s.pile] = cards;
  }
  return piles;
}

test("every variant of every game fits from a 272 px cell to 1,900 px", () => {
  for (const [slug, layout] of Object.entries(LAYOUTS)) {
    const piles = anyPiles(layout);
    for (let w = 272; w <= 1900; w += 64) {
      const g = layoutFor(layout, piles, w);
      assert.ok(g.width <= w, `${slug} at ${w}px is ${g.width}px wide`);
      for (const c of g.cards)
        assert.ok(c.x >= 0 && c.x + g.cardW <= w && c.y + g.cardH <= g.height, slug);
      assert.equal(new Set(g.slots.map((s) => s.pile)).size, layout.slots.length);
    }
  }
});

test("the table fits every width from a 272 px cell to 1,900 px", () => {
  for (const [game, piles] of [
    ["kansas", kansas],
    ["saratoga", saratoga],
    ["klondike", klondike],
    ["eagle-wing", eagle],
  ]) {
    for (let w = 272; w <= 1900; w += 16) {
      const g = layoutTable(game, piles, w);
      assert.ok(g.width <= w, `${game} at ${w}px is ${g.width}px wide`);
      for (const c of g.cards)
        assert.ok(c.x >= 0 && c.x + g.cardW <= w, `${game} card off the table at ${w}`);
      for (const s of g.slots) assert.ok(s.x + s.w <= w);
      assert.ok(g.cardW <= MAX_CARD_W && g.cardW >= MIN_CARD_W);
      for (const c of g.cards)
        assert.ok(c.y >= 0 && c.y + g.cardH <= g.height, `${game} card below the felt at ${w}`);
      assert.equal(g.cardH, Math.round(g.cardW * 1.4));
    }
  }
});

test("slots follow Aisleriot's layouts", () => {
  const g = layoutTable("eagle-wing", eagle, 1000);
  const at = (p) => g.slots.find((s) => s.pile === p);
  assert.equal(g.slots.length, 2 + 4 + 8 + 1);
  // The wings rise towards the trunk: t2 and t5 highest, t0 and t7 lowest, reserve lowest of all.
  assert.ok(at("t2").y < at("t1").y && at("t1").y < at("t0").y);
  assert.ok(at("t5").y < at("t6").y && at("t6").y < at("t7").y);
  assert.ok(at("r").y > at("t0").y);
  assert.ok(at("t3").x < at("r").x && at("r").x < at("t4").x);
  const k = layoutTable("kansas", kansas, 1000);
  const ks = (p) => k.slots.find((s) => s.pile === p);
  assert.equal(ks("r").x, ks("s").x, "Kansas's reserve sits under the stock");
  assert.ok(ks("r").y > ks("s").y);
  assert.equal(ks("t0").x, ks("f1").x);
  const s = layoutTable("saratoga", saratoga, 1000);
  assert.equal(s.slots.filter((x) => x.kind === "tableau").length, 7);
});

test("long columns are compressed, not grown", () => {
  const long = Array.from({ length: 19 }, (_, i) => (i < 6 ? "ac" : "KH"));
  const h = 140;
  const offs = fanOffsets(long, h, layoutOf("saratoga").max_fan);
  assert.ok(offs[offs.length - 1] <= layoutOf("saratoga").max_fan * h + 1);
  for (let i = 1; i < offs.length; i++) assert.ok(offs[i] > offs[i - 1], "cards stay in order");
  const short = fanOffsets(["KH", "QH"], h, 3);
  assert.equal(short[1], Math.round(0.27 * h));
  // face-down cards lie closer together, whether sent as "??" or in lower case
  assert.deepEqual(fanOffsets([D, D, "KH"], h, 3), [0, Math.round(0.1 * h), Math.round(0.2 * h)]);
  assert.deepEqual(fanOffsets(["kh", "KH"], h, 3), fanOffsets([D, "KH"], h, 3));
  // A long column makes the felt taller, but only up to the squeezed fan's limit.
  const piles = { ...saratoga, t: saratoga.t.map((c, i) => (i === 0 ? long : c)) };
  const longer = { ...saratoga, t: saratoga.t.map((c, i) => (i === 0 ? [...long, ...long] : c)) };
  assert.ok(
    layoutTable("saratoga", piles, 900).height > layoutTable("saratoga", saratoga, 900).height,
  );
  assert.equal(
    layoutTable("saratoga", piles, 900).height,
    layoutTable("saratoga", longer, 900).height,
  );
});

test("the felt is as tall as the piles need, not as the longest fan could be", () => {
  // Kansas at the deal: one card per column; the felt ends a card and a fan step below.
  const g = layoutTable("kansas", kansas, 1000);
  const lowest = Math.max(...g.cards.map((c) => c.y + g.cardH));
  assert.ok(
    g.height - lowest <= 0.27 * g.cardH + 0.3 * g.cardW + 2,
    `${g.height - lowest}px of empty felt`,
  );
  assert.ok(g.height < 2 * g.cardH * 1.12 + g.cardH, `${g.height}px`);
});

test("stacked piles draw only their top cards; three-card waste fans right", () => {
  const g = layoutTable("kansas", kansas, 900);
  assert.equal(g.cards.filter((c) => c.pile === "s").length, 2);
  const p3 = { ...saratoga, w: ["2D", "3D", "4D", "5D", "6D"] };
  const g3 = layoutTable("saratoga", p3, 900, { drawCount: 3 });
  const w = g3.cards.filter((c) => c.pile === "w");
  const top = w[w.length - 1];
  assert.equal(top.code, "6D");
  assert.ok(top.x > w[0].x);
});

test("hit testing finds the topmost card, then the slot", () => {
  const g = layoutTable("saratoga", saratoga, 900);
  const top = g.cards.find((c) => c.pile === "t6" && c.index === 6);
  assert.deepEqual(hitTest(g, top.x + 5, top.y + 5), { pile: "t6", index: 6 });
  const under = g.cards.find((c) => c.pile === "t6" && c.index === 5);
  assert.deepEqual(hitTest(g, under.x + 5, under.y + 3), { pile: "t6", index: 5 });
  const f0 = g.slots.find((s) => s.pile === "f0");
  assert.deepEqual(hitTest(g, f0.x + 3, f0.y + 3), { pile: "f0", index: -1 });
  assert.equal(hitTest(g, 1, 1), null);
});

test("drop target: centre first, then corners, never the source", () => {
  const g = layoutTable("saratoga", saratoga, 900);
  const f2 = g.slots.find((s) => s.pile === "f2");
  assert.equal(dropTarget(g, f2.x + 4, f2.y + 4, "t0"), "f2");
  // Centre off the table, a corner over t3's fan.
  const b = pileBounds(g, "t3");
  assert.equal(dropTarget(g, b.x + b.w - 3, b.y + b.h - 3, "t0"), "t3");
  assert.equal(dropTarget(g, f2.x, f2.y, "f2"), null);
  assert.equal(dropTarget(g, 5000, 5000, "t0"), null);
});

test("keyboard focus walks rows and columns", () => {
  const g = layoutTable("saratoga", saratoga, 900);
  const rows = focusRows(g);
  assert.deepEqual(rows[0], ["s", "w", "f0", "f1", "f2", "f3"]);
  assert.deepEqual(rows[1], ["t0", "t1", "t2", "t3", "t4", "t5", "t6"]);
  const of = (p) => pileCards(saratoga, p);
  const ko = (p) => pileCards(klondike, p);
  // Up from a face-up card stops there, over "??" cards too
  assert.equal(moveFocus(g, { pile: "t3", index: 3 }, "up", ko).pile, "f0");
  assert.deepEqual(moveFocus(g, { pile: "w", index: 0 }, "down", ko), { pile: "t1", index: 1 });
  assert.deepEqual(moveFocus(g, { pile: "s", index: 23 }, "right", of), { pile: "w", index: 0 });
  assert.deepEqual(moveFocus(g, { pile: "s", index: 23 }, "left", of), { pile: "f3", index: -1 });
  // Down from the waste enters t1 at its first face-up card.
  assert.deepEqual(moveFocus(g, { pile: "w", index: 0 }, "down", of), { pile: "t1", index: 1 });
  // Up from a column's first face-up card goes to the top row.
  assert.equal(moveFocus(g, { pile: "t3", index: 3 }, "up", of).pile, "f0");
  const eg = layoutTable("eagle-wing", eagle, 900);
  const eo = (p) => pileCards(eagle, p);
  assert.deepEqual(moveFocus(eg, { pile: "t2", index: 1 }, "up", eo), { pile: "t2", index: 0 });
  assert.equal(focusRows(eg)[1].length, 9, "the wings and the trunk form one row");
});

test("card width grows with the cell until the cap", () => {
  assert.ok(cardWidthFor(9, 600) < cardWidthFor(9, 900));
  assert.equal(cardWidthFor(7, 5000), MAX_CARD_W);
});
