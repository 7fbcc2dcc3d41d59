// The decks (js/cardsvg.js DECKS, BACKS; js/decks.js) and their contrast: WCAG 2.x ratios
// of every ink on its card face and of the felt's outlines and labels, in JupyterLab's
// light and dark themes, and the high-contrast inks told apart under colour blindness.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BACKS, backSVG, cardSVG, DECKS, INDEX } from "../cardsvg.js";
import { CVD, contrast, deltaE, luminance, over } from "../contrast.js";
import { deckStyle, Pending } from "../decks.js";
import { STRINGS } from "../i18n.js";
import { CSS } from "../style.js";

const SUITS = ["C", "D", "H", "S"];
const TEXT = 4.5; // WCAG 1.4.3, text
const NON_TEXT = 3; // WCAG 1.4.11, outlines and other graphics
// court cards' panels (cardsvg.js court): the suit's ink stands on them
const PANELS = ["#fbeed0", "#f6e4f0", "#e3eefb"];

/** The custom properties a rule of the stylesheet sets. @param {RegExp} selector */
function vars(selector) {
  const m = new RegExp(`(?:^|\\n|\\})${selector.source}\\{([^}]*)\\}`).exec(CSS);
  assert.ok(m, `no rule ${selector}`);
  return Object.fromEntries(
    [...m[1].matchAll(/--sw-([a-z0-9]+):([^;]+)/g)].map((x) => [x[1], x[2].trim()]),
  );
}

/** The felt's colours for a deck in a theme, as the cascade gives them. @param {string} deck @param {"light"|"dark"} theme */
function felt(deck, theme) {
  let v = vars(/\.sw-root/);
  if (theme === "dark") v = { ...v, ...vars(/body\[data-jp-theme-light=false\] \.sw-root[^{]*/) };
  if (deck === "high_contrast")
    v = { ...v, ...vars(/\.sw-root\.sw-root\[data-deck=high_contrast\]/) };
  return v;
}

test("WCAG contrast: the formula's known values", () => {
  assert.equal(contrast("#000", "#fff"), 21);
  assert.equal(contrast("#777", "#777"), 1);
  // #767676 is the lightest grey with 4.5:1 on white, the textbook example
  assert.ok(contrast("#767676", "#fff") >= 4.5 && contrast("#777777", "#fff") < 4.5);
  assert.ok(Math.abs(luminance("#ff0000") - 0.2126) < 1e-4);
  assert.equal(over("rgba(255,255,255,.5)", "#000000"), "#808080");
});

test("every suit's ink reads on its card face, in every deck (text, 4.5:1)", (t) => {
  for (const [name, d] of Object.entries(DECKS)) {
    for (const s of SUITS) {
      const ink = d[/** @type {"C"} */ (s)];
      const ratios = [
        contrast(ink, d.face),
        ...PANELS.map((p) => contrast(ink, p)),
        contrast(ink, "#fff"),
      ];
      t.diagnostic(
        `${name} ${s} ${ink}: face ${ratios[0].toFixed(2)}, court panels ${ratios
          .slice(1, 4)
          .map((r) => r.toFixed(2))
          .join("/")}`,
      );
      for (const r of ratios) assert.ok(r >= TEXT, `${name} ${s} ${ink}: ${r.toFixed(2)}:1`);
    }
  }
});

test("high contrast: outlines and labels on the felt, light and dark themes", (t) => {
  const d = DECKS.high_contrast;
  // fanned cards overlap, face on face: their edge is the only line between them
  assert.ok(contrast(d.edge, d.face) >= NON_TEXT);
  assert.match(CSS, /\.sw-root\[data-deck=high_contrast\] \.sw-slot span\{opacity:1\}/);
  for (const theme of /** @type {const} */ (["light", "dark"])) {
    const v = felt("high_contrast", theme);
    // the felt is a gradient from felt1 (middle) to felt2 (edges): both ends are checked
    for (const bg of [v.felt1, v.felt2]) {
      const line = over(v.line, bg);
      const ink = over(v.ink, bg);
      const figures = {
        slot: contrast(line, bg),
        label: contrast(ink, bg),
        card: contrast(d.face, bg),
        back: contrast("#fffdf8", bg),
      };
      t.diagnostic(
        `${theme} ${bg}: ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, r]) => [k, +r.toFixed(2)])))}`,
      );
      assert.ok(figures.slot >= NON_TEXT, `${theme}: slot outline ${figures.slot}`);
      assert.ok(figures.card >= NON_TEXT && figures.back >= NON_TEXT, `${theme}: card edges`);
      assert.ok(figures.label >= TEXT, `${theme}: slot labels ${figures.label}`);
    }
  }
});

test("the high-contrast mode is what makes the classic felt's faint outlines pass", (t) => {
  // why the mode exists: the classic slot outlines are translucent and below 3:1
  const v = felt("classic", "light");
  const r = contrast(over(v.line, v.felt1), v.felt1);
  t.diagnostic(`classic light slot outline ${r.toFixed(2)}:1`);
  assert.ok(r < NON_TEXT);
});

test("high contrast: the four inks stay apart under protan, deutan and tritan vision", (t) => {
  for (const name of ["four_colour", "high_contrast"]) {
    const d = DECKS[name];
    const inks = SUITS.map((s) => d[/** @type {"C"} */ (s)]);
    assert.equal(new Set(inks).size, 4, `${name}: four different inks`);
    for (const vision of /** @type {(keyof CVD)[]} */ (Object.keys(CVD))) {
      let least = Infinity;
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++) least = Math.min(least, deltaE(inks[i], inks[j], vision));
      t.diagnostic(`${name} ${vision}: closest two inks ΔE76 ${least.toFixed(1)}`);
      // ΔE76 of about 2.3 is just noticeable; 30 is a plainly different colour
      if (name === "high_contrast") assert.ok(least >= 30, `${vision}: ${least.toFixed(1)}`);
    }
  }
});

test("the suits differ in shape too: four different outlines", async () => {
  const { SUIT_PATHS } = await import("../cardsvg.js");
  assert.equal(new Set(Object.values(SUIT_PATHS)).size, 4);
});

test("cards are drawn in the deck's inks, with large indices on request", () => {
  for (const [name, d] of Object.entries(DECKS)) {
    for (const s of SUITS) {
      const svg = cardSVG(`7${s}`, name);
      assert.ok(svg.includes(`<g fill="${d[/** @type {"C"} */ (s)]}">`), `${name} 7${s}`);
      assert.ok(svg.includes(`fill="${d.face}"`));
    }
  }
  const size = (/** @type {string} */ svg) =>
    Number(/class="sw-idx"[^>]*font-size="(\d+)"/.exec(svg)?.[1]);
  assert.equal(size(cardSVG("7H")), INDEX.normal[0]);
  assert.equal(size(cardSVG("7H", "classic", true)), INDEX.large[0]);
  assert.equal(size(cardSVG("TH", "classic", true)), INDEX.large[1]);
  assert.ok(INDEX.large[0] >= 1.5 * INDEX.normal[0]);
  // a fanned card shows its top 27% (layout.js FAN_UP): a large index fits in it
  assert.match(cardSVG("7H", "classic", true), /class="sw-idx" x="14" y="30"/);
  assert.notEqual(cardSVG("QC", "classic"), cardSVG("QC", "four_colour"));
  assert.equal(cardSVG("QS", "nonsense"), "");
});

test("three or more backs, each its own pattern, none naming a card", () => {
  const keys = Object.keys(BACKS);
  assert.ok(keys.length >= 3);
  const svgs = keys.map(backSVG);
  assert.equal(new Set(svgs).size, keys.length);
  assert.equal(
    new Set(keys.map((k) => BACKS[k][1])).size,
    keys.length,
    "patterns differ, not only colours",
  );
  keys.forEach((k, i) => {
    assert.ok(svgs[i].includes(`data-back="${k}"`));
  });
  for (const s of svgs) assert.doesNotMatch(s, /data-card|<text/);
});

test("the traits' values are the same in Python and in the page", () => {
  const py = readFileSync(new URL("../../solitaire_widget/cards.py", import.meta.url), "utf8");
  const tuple = (/** @type {string} */ name) =>
    [
      .../** @type {RegExpExecArray} */ (
        new RegExp(`^${name} = \\(([^)]*)\\)`, "m").exec(py)
      )[1].matchAll(/"(\w+)"/g),
    ].map((m) => m[1]);
  assert.deepEqual(tuple("DECKS"), Object.keys(DECKS));
  assert.deepEqual(tuple("CARD_BACKS"), Object.keys(BACKS));
});

test("every deck and back has a label in both languages", () => {
  for (const lang of ["en", "el"]) {
    for (const k of [
      "deck",
      "back",
      "index.large",
      ...Object.keys(DECKS).map((d) => `deck.${d}`),
      ...Object.keys(BACKS).map((b) => `back.${b}`),
    ]) {
      assert.ok(STRINGS[lang][k], `${lang} ${k}`);
    }
  }
});

test("deckStyle: the traits, and the defaults for anything else", () => {
  const model = (/** @type {Record<string, any>} */ o) => ({
    get: (/** @type {string} */ k) => o[k],
  });
  assert.deepEqual(
    deckStyle(model({ deck: "four_colour", card_back: "rings", large_index: true })),
    { deck: "four_colour", back: "rings", large: true },
  );
  assert.deepEqual(deckStyle(model({ deck: "toString", card_back: 3, large_index: 1 })), {
    deck: "classic",
    back: "lattice",
    large: false,
  });
});

test("a control shows its request until the trait it asked for arrives", () => {
  const p = new Pending();
  assert.equal(p.show("large_index", false), false); // nothing asked: the trait
  p.ask("deck", "classic");
  p.ask("large_index", true);
  // the answer to the deck request comes first: the box stays ticked
  assert.equal(p.show("deck", "classic"), "classic");
  assert.equal(p.show("large_index", false), true);
  // the second answer: the trait, and the request is done
  assert.equal(p.show("large_index", true), true);
  assert.equal(p.show("large_index", false), false); // Python changed it since: the trait
  // ticked and unticked before either answer: the last request is what shows
  p.ask("large_index", true);
  p.ask("large_index", false);
  assert.equal(p.show("large_index", true), false);
  assert.equal(p.show("large_index", false), false);
  assert.equal(p.show("large_index", true), true);
  // the kernel gone: the traits again
  p.ask("card_back", "rings");
  p.clear();
  assert.equal(p.show("card_back", "lattice"), "lattice");
});
