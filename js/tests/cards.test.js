import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canStart,
  DOWN,
  faceUp,
  formatAction,
  parseAction,
  parseCard,
  RANKS,
  rankLabel,
  SUITS,
  targetsFor,
} from "../cards.js";
import { cardSVG, PIPS } from "../cardsvg.js";

test("parses every face-up and face-down code", () => {
  for (const r of RANKS) {
    for (const s of SUITS) {
      const up = parseCard(r + s);
      assert.ok(up);
      assert.equal(up.faceUp, true);
      assert.equal(up.code, r + s);
      assert.equal(up.red, s === "D" || s === "H");
      const down = parseCard((r + s).toLowerCase());
      assert.ok(down);
      assert.equal(down.faceUp, false);
      assert.equal(down.code, r + s);
    }
  }
  assert.equal(parseCard("TD").value, 10);
  assert.equal(parseCard("KS").value, 13);
});

test("a face-down card is sent with no name, and is not face up", () => {
  assert.equal(DOWN, "??");
  assert.equal(parseCard(DOWN), null);
  assert.equal(faceUp(DOWN), false);
  assert.equal(faceUp("qh"), false);
  assert.equal(faceUp("QH"), true);
  assert.equal(faceUp(undefined), false);
});

test("refuses what is not a card", () => {
  for (const bad of ["", "X", "1H", "TX", "Td", "ADS", null, 7, undefined, "10H"]) {
    assert.equal(parseCard(bad), null, String(bad));
  }
});

test("notation round trip", () => {
  assert.deepEqual(parseAction("t0>t3*2"), { source: "t0", target: "t3", count: 2 });
  assert.deepEqual(parseAction("w>f1"), { source: "w", target: "f1", count: 1 });
  assert.equal(parseAction("draw"), null);
  assert.equal(parseAction("t0>"), null);
  assert.equal(formatAction("t0", "t3", 2), "t0>t3*2");
  assert.equal(formatAction("w", "f1", 1), "w>f1");
});

test("targets come only from the legal list", () => {
  const legal = ["draw", "w>f0", "t0>t1*2", "t0>t2*2", "t0>f1", "w>t2"];
  assert.deepEqual(targetsFor(legal, "t0", 2), ["t1", "t2"]);
  assert.deepEqual(targetsFor(legal, "t0", 1), ["f1"]);
  assert.deepEqual(targetsFor(legal, "w", 1), ["f0", "t2"]);
  assert.equal(canStart(legal, "t1", 1), false);
  assert.equal(rankLabel("T"), "10");
});

test("card faces: pips 2-10, distinct courts, cached markup", () => {
  for (let n = 2; n <= 10; n++) assert.equal(PIPS[n].length, n);
  const faces = new Set();
  for (const r of RANKS) for (const s of SUITS) faces.add(cardSVG(r + s));
  assert.equal(faces.size, 52, "every card looks different");
  assert.equal(cardSVG("QH"), cardSVG("QH"));
  assert.match(cardSVG("TD"), />10</);
  assert.equal(cardSVG("zz"), "");
  // Pips count for a number card: one path per pip plus the two corner suits.
  const paths = (cardSVG("7C").match(/<path /g) || []).length;
  assert.equal(paths, 7 + 2);
  assert.notEqual(cardSVG("KS").replace(/K/g, ""), cardSVG("QS").replace(/Q/g, ""));
});
