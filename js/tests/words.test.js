// Words a player meets (issue 36, item 11): moves in words rather than notation, proper
// plurals, the keyboard help naming every key, and the seed box after another deal.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fatalPrompt } from "../fatal.js";
import { moveWords, STRINGS, t } from "../i18n.js";
import { keyCommand, LETTERS, REVIEW_KEYS } from "../keys.js";
import { seedBox } from "../toolbar.js";

test("moves in words, in both languages", () => {
  assert.equal(moveWords("en", "t5>t2*2"), "the top 2 cards of tableau 6 onto tableau 3");
  assert.equal(moveWords("en", "t0>f1"), "the top card of tableau 1 onto foundation 2");
  assert.equal(moveWords("en", "r>t3"), "the top card of the reserve onto tableau 4");
  assert.equal(moveWords("en", "w>f0"), "the top card of the waste onto foundation 1");
  assert.equal(moveWords("en", "draw"), "a click on the stock");
  assert.equal(moveWords("el", "t5>t2*2"), "τα 2 πάνω φύλλα από το Ταμπλό 6 στο Ταμπλό 3");
  assert.equal(moveWords("el", "w>f0"), "το πάνω φύλλο από τον Σωρό στη Βάση 1");
  assert.equal(moveWords("el", "draw"), "ένα κλικ στη Μάνα");
  // what it cannot read is given back as it is, never thrown
  for (const odd of ["", "t5>", "x>y", "<img src=x>", "t999>t1"])
    assert.equal(moveWords("en", odd), odd);
});

test("the page's words are never in notation: every move template names no notation", () => {
  for (const lang of ["en", "el"]) {
    for (const [k, v] of Object.entries(STRINGS[lang]))
      assert.doesNotMatch(v, /\b[twfr]\d>|\(s\)|\(α\)/, `${lang} ${k}`);
  }
});

test("plurals: one move, two moves, in both languages", () => {
  assert.equal(t("en", "ui.line.title", { at: 3, moves: 1 }).includes("1 move (L)"), true);
  assert.equal(t("en", "ui.line.title", { at: 3, moves: 5 }).includes("5 moves (L)"), true);
  assert.ok(t("el", "ui.line.title", { at: 3, moves: 1 }).includes("μία κίνηση"));
  assert.ok(t("el", "ui.line.title", { at: 3, moves: 4 }).includes("4 κινήσεις"));
  for (const lang of ["en", "el"])
    assert.doesNotMatch(t(lang, "ui.line.title", { at: 1, moves: 2 }), /[{}|]/);
});

test("the keyboard help names every key the table answers", () => {
  const named = { en: "", el: "" };
  for (const lang of ["en", "el"]) named[lang] = t(lang, "ui.keys");
  for (const lang of ["en", "el"]) {
    const help = named[lang];
    for (const letter of Object.keys(LETTERS))
      assert.match(help, new RegExp(`\\b${letter.toUpperCase()}\\b`), `${lang}: ${letter}`);
    for (const key of [
      "Esc",
      "Enter",
      "Space",
      "Ctrl+Z",
      "Ctrl+Y",
      "Ctrl+Enter",
      "Home",
      "End",
      "P",
      "←",
      "→",
    ]) {
      assert.ok(help.includes(key), `${lang}: ${key}`);
    }
  }
  assert.equal(REVIEW_KEYS.p, "review-playon");
  const k = (key) =>
    keyCommand({ key, ctrl: false, shift: false, alt: false, inField: false, inTable: true });
  assert.equal(k("l"), "line");
  assert.equal(k("r"), "redo");
});

test("the seed box shows another deal's number, even focused or with a stale typed number", () => {
  const typed = { shown: 7, edited: true, value: "123" };
  // the deal changed from Python while the player had typed (and the box has the focus)
  assert.deepEqual(seedBox(typed, 8, true), { shown: 8, edited: false, value: "8" });
  assert.deepEqual(seedBox(typed, 8, false), { shown: 8, edited: false, value: "8" });
  // the same deal: what was typed stays, to be dealt by New or corrected
  assert.deepEqual(seedBox(typed, 7, true), typed);
  assert.deepEqual(seedBox(typed, 7, false), typed);
  // untouched and not focused: the box follows the deal
  assert.deepEqual(seedBox({ shown: 7, edited: false, value: "" }, 7, false), {
    shown: 7,
    edited: false,
    value: "7",
  });
  assert.deepEqual(seedBox({ shown: undefined, edited: false, value: "" }, null, false), {
    shown: null,
    edited: false,
    value: "",
  });
});

test("the fatal-move question's own words name the move in words", () => {
  const tr = (key, args) => t("en", key, args);
  const p = fatalPrompt({ move: "t1>t0*3", version: 4 }, tr, "en");
  assert.equal(
    p.title,
    "If you play the top 3 cards of tableau 2 onto tableau 1, the deal can no longer be won",
  );
  assert.equal(p.move, "t1>t0*3");
});
