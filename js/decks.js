// @ts-check
/**
 * The deck settings of the "More" row: the deck (classic, four colours, high contrast),
 * the card back and large corner indices. Python owns them (the widget's traits `deck`,
 * `card_back`, `large_index`, synced to the page); a change here is a request, and the
 * controls always show the traits, so a refused request shows the truth again.
 */

import { BACKS, DECKS } from "./cardsvg.js";
import { h } from "./dom.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */

/** @param {object} table @param {any} key */
// biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022; the page targets ES2020
const has = (table, key) => Object.prototype.hasOwnProperty.call(table, key);

/** The deck, back and index size the traits ask for; unknown values fall back. @param {any} model */
export function deckStyle(model) {
  const deck = model.get("deck");
  const back = model.get("card_back");
  return {
    deck: has(DECKS, deck) ? String(deck) : "classic",
    back: has(BACKS, back) ? String(back) : "lattice",
    large: model.get("large_index") === true,
  };
}

export class DeckControls {
  /** @param {Table} table */
  constructor(table) {
    this.t = table;
    this.el = h("span", "sw-decks");
    this.deckSel = h("select", "sw-deck");
    this.backSel = h("select", "sw-back");
    this.large = h("input", "sw-large", { type: "checkbox" });
    this.largeLabel = h("label");
    this.largeLabel.append(this.large, h("span"));
    this.el.append(this.deckSel, this.backSel, this.largeLabel);
    const send = table.send.deck;
    table.on(this.deckSel, "change", () => send("deck", this.deckSel.value));
    table.on(this.backSel, "change", () => send("card_back", this.backSel.value));
    table.on(this.large, "change", () => send("large_index", this.large.checked));
  }

  relabel() {
    const t = this.t;
    const fill = (
      /** @type {HTMLSelectElement} */ sel,
      /** @type {string[]} */ keys,
      /** @type {string} */ pre,
    ) => {
      sel.replaceChildren(...keys.map((k) => new Option(t.tr(`${pre}.${k}`), k)));
      sel.setAttribute("aria-label", t.tr(pre));
      sel.title = t.tr(pre);
    };
    fill(this.deckSel, Object.keys(DECKS), "deck");
    fill(this.backSel, Object.keys(BACKS), "back");
    /** @type {HTMLElement} */ (this.largeLabel.lastChild).textContent = t.tr("index.large");
    this.update();
  }

  update() {
    const s = this.t.deckStyle();
    this.deckSel.value = s.deck;
    this.backSel.value = s.back;
    this.large.checked = s.large;
  }
}
