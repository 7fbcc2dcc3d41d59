import assert from "node:assert/strict";
import { test } from "node:test";
import { cardName, pileName, STRINGS, t } from "../i18n.js";
import { escapeHTML, renderMarkdown } from "../markdown.js";

test("English and Greek have the same labels, none empty", () => {
  const en = Object.keys(STRINGS.en).sort();
  const el = Object.keys(STRINGS.el).sort();
  assert.deepEqual(el, en);
  for (const lang of ["en", "el"]) {
    for (const [k, v] of Object.entries(STRINGS[lang])) assert.ok(v.trim(), `${lang} ${k}`);
  }
  // Placeholders match between the languages.
  const holes = (s) => (s.match(/\{\w+\}/g) || []).sort().join();
  for (const k of en) assert.equal(holes(STRINGS.el[k]), holes(STRINGS.en[k]), k);
});

test("Greek pile names; no game is named in the page (the catalog brings the titles)", () => {
  assert.equal(t("el", "pile.s"), "Μάνα");
  assert.equal(t("el", "pile.w"), "Σωρός");
  assert.equal(t("el", "pile.f"), "Βάση");
  assert.equal(t("el", "pile.r"), "Ρεζέρβα");
  assert.equal(t("el", "pile.t"), "Ταμπλό");
  for (const lang of ["en", "el"]) {
    for (const k of Object.keys(STRINGS[lang])) assert.ok(!k.startsWith("game."), k);
  }
  // The usual Greek word for a hint (Βοήθεια is Help)
  assert.equal(t("el", "ui.hint"), "Υπόδειξη");
});

test("screen-reader labels", () => {
  const label = t("en", "card.on", { card: cardName("en", "Q", "H"), pile: pileName("en", "t2") });
  assert.equal(label, "Queen of hearts on tableau 3");
  assert.equal(
    t("el", "card.on", { card: cardName("el", "Q", "H"), pile: pileName("el", "t2") }),
    "Ντάμα κούπα στο Ταμπλό 3",
  );
  assert.equal(pileName("en", "s"), "stock");
  assert.equal(t("xx", "pile.s"), "stock");
});

test("rules markdown is escaped and structured", () => {
  const html = renderMarkdown("# Kansas\n\nBuild **down**.\n\n- one\n- two <b>\n");
  assert.match(html, /<h3>Kansas<\/h3>/);
  assert.match(html, /<strong>down<\/strong>/);
  assert.match(html, /<ul><li>one<\/li><li>two &lt;b&gt;<\/li><\/ul>/);
  assert.equal(escapeHTML("<&>"), "&lt;&amp;&gt;");
});
