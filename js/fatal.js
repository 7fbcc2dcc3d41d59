// @ts-check
/**
 * The fatal-move warning (warn_fatal): Python held back a move that would lose a deal
 * proved winnable (view.pending) and asks the player. A small panel under the table says
 * so, with "Play it anyway" (Enter) and "Take it back" (Esc). Confirming sends the move
 * and the version it was held at; Python refuses a stale or forged one. Anything else
 * the player does cancels it on Python's side, so this only words and asks.
 */
import { h } from "./dom.js";
import { moveWords } from "./i18n.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./view.js").Pending} Pending */

/**
 * What the panel shows for `pending` (null: nothing held, or a malformed entry).
 * @param {Pending | null | undefined} pending
 * @param {(key: string, args?: Record<string, string|number>) => string} tr
 * Python words it (text, reason); the page's own words are for an older kernel's view.
 * @param {string} [lang] the page's language (the move in words)
 * @returns {{title: string, text: string, move: string, version: number} | null} what
 *   "Play it anyway" confirms: the move held and the version it was held at
 */
export function fatalPrompt(pending, tr, lang = "en") {
  if (
    !pending ||
    typeof pending.move !== "string" ||
    !pending.move ||
    !Number.isInteger(pending.version)
  )
    return null;
  return {
    title:
      typeof pending.text === "string" && pending.text
        ? pending.text
        : tr("fatal.title", { move: moveWords(lang, pending.move) }),
    text: typeof pending.reason === "string" ? pending.reason : "",
    move: pending.move,
    version: pending.version,
  };
}

/** What a key does while the panel is open: "confirm", "back" or null. @param {string} key */
export function fatalKey(key) {
  if (key === "Enter") return "confirm";
  if (key === "Escape" || key === "Esc") return "back";
  return null;
}

export class FatalPanel {
  /** @param {Table} table */
  constructor(table) {
    this.t = table;
    this.el = h("div", "sw-fatal-panel", {
      role: "alertdialog",
      hidden: "",
      "aria-modal": "false",
    });
    this.el.id = `sw-fatal-${Math.random().toString(36).slice(2)}`;
    this.head = h("b", "sw-fatal-title");
    this.head.id = `${this.el.id}-t`;
    this.text = h("span", "sw-fatal-text");
    this.text.id = `${this.el.id}-d`;
    this.el.setAttribute("aria-labelledby", this.head.id);
    this.el.setAttribute("aria-describedby", this.text.id);
    this.play = h("button", "sw-fatal-play", { type: "button" });
    this.back = h("button", "sw-fatal-back sw-main", { type: "button" });
    const row = h("span", "sw-fatal-buttons");
    row.append(this.play, this.back);
    this.el.append(this.head, this.text, row);
    /** @type {ReturnType<typeof fatalPrompt>} */
    this.prompt = null;
    this.shownKey = "";
    table.on(this.play, "click", () => this.confirm());
    table.on(this.back, "click", () => this.takeBack());
    table.on(this.el, "keydown", (e) => {
      const what = fatalKey(e.key);
      if (!what) return;
      e.stopPropagation(); // the panel's keys, not the table's nor JupyterLab's
      // Enter on a button is that button (Tab to "Take it back", Enter takes it back)
      if (what === "confirm" && /** @type {HTMLElement} */ (e.target).tagName === "BUTTON") return;
      e.preventDefault();
      if (what === "confirm") this.confirm();
      else this.takeBack();
    });
  }

  confirm() {
    if (this.prompt) this.t.send.fatal(true, this.prompt.move, this.prompt.version);
  }

  takeBack() {
    if (this.prompt) this.t.send.fatal(false);
  }

  /** Whether a move is held (the table's keys then answer the panel). */
  open() {
    return !!this.prompt;
  }

  render() {
    const t = this.t;
    const p = fatalPrompt(t.view.pending, t.tr.bind(t), t.lang);
    this.prompt = p;
    this.el.hidden = !p;
    if (!p) {
      if (this.shownKey && this.el.contains(t.el.ownerDocument.activeElement))
        t.table.focus({ preventScroll: true });
      this.shownKey = "";
      return;
    }
    this.head.textContent = p.title;
    this.text.textContent = p.text;
    this.play.textContent = t.tr("fatal.play");
    this.back.textContent = t.tr("fatal.back");
    this.play.title = `${t.tr("fatal.play")} (Enter)`;
    this.back.title = `${t.tr("fatal.back")} (Esc)`;
    const key = `${p.move}@${p.version}`;
    if (key !== this.shownKey) {
      this.shownKey = key;
      // the question takes the focus (keyboard and screen-reader players hear it)
      this.play.focus({ preventScroll: true });
    }
  }
}
