import assert from "node:assert/strict";
import { test } from "node:test";
import { STRINGS, t } from "../i18n.js";
import { ANSWERS, fatalMark, verdictLabel } from "../verdict.js";

const tr = (lang) => (key, args) => t(lang, key, args);
const CHANCE = {
  label: "Your chance",
  text: "about 50% (30–70%)",
  title: "t",
  note: null,
  say: "s",
};
const live = (answer, extra = {}) => ({
  on: true,
  answer,
  seconds: 0.02,
  searching: false,
  ...(answer === "chance" ? { thoughtful: false, words: CHANCE } : {}),
  ...extra,
});

test("each answer has a word, a tooltip and (once decided) a sentence, in both languages", () => {
  for (const lang of ["en", "el"]) {
    for (const a of ANSWERS) {
      const shown = verdictLabel(live(a), "playing", tr(lang));
      assert.ok(shown?.text && shown.title, `${lang} ${a}`);
      assert.equal(shown.answer, a);
      assert.notEqual(shown.text, shown.title);
      // every word comes from the table, none falls back to the key
      assert.ok(!shown.text.startsWith("live."), shown.text);
      assert.equal(shown.say === "", a === "checking", `${lang} ${a}`);
    }
    assert.ok(STRINGS[lang]["ui.live"] && STRINGS[lang]["ui.live.title"]);
  }
  assert.equal(verdictLabel(live("winnable"), "playing", tr("en")).text, "Winnable");
  assert.equal(verdictLabel(live("lost"), "playing", tr("en")).text, "No longer winnable");
  assert.equal(verdictLabel(live("unknown"), "playing", tr("en")).text, "Not yet known");
  assert.equal(verdictLabel(live("lost"), "playing", tr("el")).text, "Δεν κερδίζεται πια");
  assert.equal(verdictLabel(live("lost"), "lost", tr("en")).say, "Solver: No longer winnable");
});

test("not yet known says how long it searched and whether it searches on", () => {
  const on = verdictLabel(live("unknown", { seconds: 2.46, searching: true }), "playing", tr("en"));
  assert.match(on.title, /2\.5 s/);
  assert.match(on.title, /background/);
  const off = verdictLabel(live("unknown", { seconds: 10.2 }), "playing", tr("en"));
  assert.match(off.title, /10 s/);
  assert.doesNotMatch(off.title, /background/);
});

test("nothing shown when off, when won, or for an answer it does not know", () => {
  assert.equal(verdictLabel(live("winnable", { on: false }), "playing", tr("en")), null);
  assert.equal(
    verdictLabel({ on: true, answer: "off", seconds: 0, searching: false }, "playing", tr("en")),
    null,
  );
  assert.equal(verdictLabel(live("winnable"), "won", tr("en")), null);
  assert.equal(verdictLabel(live("<img src=x>"), "playing", tr("en")), null);
  assert.equal(verdictLabel(undefined, "playing", tr("en")), null);
});

test("the move that lost the deal is marked, and the mark looks back at the position before it", () => {
  const m = fatalMark({ at: 23, move: "t5>t2*2" }, tr("en"), "en");
  assert.deepEqual(m, {
    text: "winnable until move 23 (the top 2 cards of tableau 6 onto tableau 3)",
    title: "Look back at the position before the move that lost the deal",
    review: 22,
  });
  // the move in words, never in notation (issue 36, item 11)
  const el = fatalMark({ at: 2, move: "t6>t5" }, tr("el"), "el").text;
  assert.equal(el, "κερδιζόταν ως την κίνηση 2 (το πάνω φύλλο από το Ταμπλό 7 στο Ταμπλό 6)");
  assert.ok(!el.includes("t6>t5"));
  for (const bad of [null, undefined, { at: 0, move: "draw" }, { at: 3 }])
    assert.equal(fatalMark(bad, tr("en")), null);
});

test("a deal lost at the deal itself says so, not 'no longer winnable'", () => {
  for (const lang of ["en", "el"]) {
    const start = verdictLabel(live("lost", { from_start: true }), "playing", tr(lang));
    const later = verdictLabel(live("lost"), "playing", tr(lang));
    assert.equal(start.answer, "lost");
    assert.notEqual(start.text, later.text);
    assert.notEqual(start.title, later.title);
  }
  assert.equal(
    verdictLabel(live("lost", { from_start: true }), "playing", tr("en")).text,
    "Not winnable (lost from the start)",
  );
});

test("the honest chance and the exact honest answer say what Python words for them", () => {
  const words = {
    label: "Your chance",
    text: "about 64% (58–70%)",
    title: "Your chance of winning from what you can see",
    note: null,
    say: "Your chance: about 64% (58–70%)",
  };
  const shown = verdictLabel(live("chance", { words }), "playing", tr("en"));
  assert.deepEqual(shown, {
    answer: "chance",
    text: words.text,
    title: words.title,
    say: words.say,
    label: "Your chance",
  });
  // an honest answer with no words to show is not shown ("chance" has none of its own)
  assert.equal(verdictLabel(live("chance", { words: { label: "x" } }), "playing", tr("en")), null);
  for (const bad of [null, undefined, { text: 5 }, { text: "" }]) {
    assert.equal(verdictLabel(live("chance", { words: bad }), "playing", tr("en")), null);
  }
  // the exact honest answer: Python's words, the page's tooltip with Python's note
  const exact = verdictLabel(
    live("winnable", {
      words: {
        label: "Your chance",
        text: "Winnable (every card is known: the exact answer)",
        title: null,
        note: "No card is unseen here.",
        say: null,
      },
    }),
    "playing",
    tr("en"),
  );
  assert.equal(exact.text, "Winnable (every card is known: the exact answer)");
  assert.match(exact.title, /found a way to win.*No card is unseen here\.$/);
  assert.equal(exact.say, "Solver: Winnable (every card is known: the exact answer)");
  // with every card known: the page's words, labelled so, the tooltip noted
  const thoughtful = verdictLabel(
    live("winnable", {
      words: { label: "Solver (every card known)", note: "With every card known." },
    }),
    "playing",
    tr("en"),
  );
  assert.equal(thoughtful.text, "Winnable");
  assert.equal(thoughtful.label, "Solver (every card known)");
  assert.match(thoughtful.title, /With every card known\.$/);
  // an older view with no words: the page's label
  assert.equal(verdictLabel(live("winnable"), "playing", tr("en")).label, "Solver");
  for (const lang of ["en", "el"]) {
    assert.ok(STRINGS[lang]["ui.thoughtful"] && STRINGS[lang]["ui.thoughtful.title"]);
  }
});
