// @ts-check
/**
 * The deck settings of the "More" row: the deck (classic, four colours, high contrast),
 * the card back and large corner indices. Python owns them (the widget's traits `deck`,
 * `card_back`, `large_index`, synced to the page); a change here is a request, and the
 * controls show the traits, or a request while its answer is on the way (Pending).
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

/**
 * The requests a control has sent and Python has not yet answered. Until the trait it
 * asked for arrives, the control shows the request, not the trait: a view answering an
 * earlier intent (say, the deck chosen a moment before the box was ticked) would
 * otherwise untick the box, and tick it again when the second answer came. A request
 * Python honours arrives as the trait; the page only offers values Python accepts, so
 * a request left unanswered means the kernel is gone (the table says so) and the next
 * request replaces it.
 */
export class Pending {
  constructor() {
    /** @type {Map<string, any>} */
    this.asked = new Map();
  }

  /** The player asked for `value`. @param {string} name @param {any} value */
  ask(name, value) {
    this.asked.set(name, value);
  }

  /**
   * What the control shows when the trait is `truth`: the request while it is
   * outstanding, the trait once it has arrived.
   * @param {string} name @param {any} truth
   */
  show(name, truth) {
    if (!this.asked.has(name)) return truth;
    if (this.asked.get(name) === truth) {
      this.asked.delete(name);
      return truth;
    }
    return this.asked.get(name);
  }

  /** Forgets every request (the kernel's connection closed: the traits are the truth). */
  clear() {
    this.asked.clear();
  }
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
    this.pending = new Pending();
    /** @param {string} name @param {boolean | string} value */
    const send = (name, value) => {
      this.pending.ask(name, value);
      table.send.deck(name, value);
    };
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
    const p = this.pending;
    this.deckSel.value = p.show("deck", s.deck);
    this.backSel.value = p.show("card_back", s.back);
    this.large.checked = p.show("large_index", s.large);
  }
}
