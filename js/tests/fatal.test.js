import assert from "node:assert/strict";
import { test } from "node:test";
import { fatalKey, fatalPrompt } from "../fatal.js";
import { STRINGS, t } from "../i18n.js";

const tr = (lang) => (key, args) => t(lang, key, args);

test("a held move becomes a question naming it, and its confirmation carries move and version", () => {
  for (const lang of ["en", "el"]) {
    const p = fatalPrompt({ move: "t6>t5", version: 12 }, tr(lang), lang);
    // named in words, not notation (issue 36, item 11)
    assert.ok(p.title.includes(lang === "el" ? "Ταμπλό 7" : "tableau 7"), p.title);
    assert.ok(!p.title.includes("t6>t5"), p.title);
    assert.ok(!p.title.startsWith("fatal."));
    assert.equal(p.text, "");
    const worded = fatalPrompt(
      { move: "t6>t5", version: 12, text: "If you play this", reason: "why" },
      tr(lang),
    );
    assert.equal(worded.title, "If you play this");
    assert.equal(worded.text, "why");
    assert.equal(p.move, "t6>t5");
    assert.equal(p.version, 12);
    for (const k of [
      "fatal.title",
      "fatal.play",
      "fatal.back",
      "ui.warnfatal",
      "ui.warnfatal.title",
    ]) {
      assert.ok(STRINGS[lang][k], `${lang} ${k}`);
    }
  }
  assert.match(tr("en")("fatal.title", { move: "x" }), /can no longer be won/);
});

test("nothing held, or a malformed entry, shows nothing", () => {
  for (const bad of [
    null,
    undefined,
    {},
    { move: "", version: 1 },
    { move: "t0>t1" },
    { move: "t0>t1", version: 1.5 },
    { move: 3, version: 1 },
  ]) {
    assert.equal(fatalPrompt(/** @type {any} */ (bad), tr("en")), null, JSON.stringify(bad));
  }
});

test("Enter confirms, Esc takes back, other keys are not the panel's", () => {
  assert.equal(fatalKey("Enter"), "confirm");
  assert.equal(fatalKey("Escape"), "back");
  assert.equal(fatalKey("Esc"), "back");
  for (const k of ["a", " ", "ArrowLeft", "u"]) assert.equal(fatalKey(k), null);
});
