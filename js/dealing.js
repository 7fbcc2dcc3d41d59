// @ts-check
/**
 * "Winnable deals only" and the difficulty asked for, in the toolbar's "More" row beside
 * the solver switches, and the grade of the deal on the table in the status line. Python
 * owns both settings (`view.deal`); a change here is a request, and the controls show
 * what the next view says. Kept apart from toolbar.js: the table mounts it (widget.js).
 */
import { h } from "./dom.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** What the view says about dealing (view.py deal_part). @typedef {import("./view.js").Deal} Deal */

/** The grades Python deals by, easiest first ("" asks for any). */
export const GRADES = ["easy", "medium", "hard"];

/**
 * The status line's words for the grade of the deal on the table: "" when the deal was
 * not dealt winnable-only, "…" while it is measured.
 * @param {Deal | null | undefined} deal @param {(key: string) => string} tr
 * @returns {string}
 */
export function gradeText(deal, tr) {
  if (!deal?.winnable) return "";
  if (deal.grade) return tr(`deal.grade.${deal.grade}`);
  return deal.grading ? "…" : tr("deal.grade.unknown");
}

export class Dealing {
  /** @param {Table} table */
  constructor(table) {
    this.t = table;
    this.el = h("span", "sw-dealing sw-opts");
    this.box = h("input", "sw-opt-winnable_only", { type: "checkbox" });
    this.label = h("label");
    this.label.append(this.box, h("span"));
    this.sel = h("select", "sw-difficulty");
    for (const g of ["", ...GRADES]) this.sel.append(new Option(g, g));
    this.el.append(this.label, this.sel);
    /** the grade in the status line */
    this.st = h("span", "sw-st-difficulty", { hidden: "" });
    table.on(this.box, "change", () => table.send.setting("winnable_only", this.box.checked));
    table.on(this.sel, "change", () => table.send.setting("difficulty", this.sel.value));
  }

  /**
   * Puts the controls after the solver switches of the "More" row, and the grade
   * before the live answer in the status line.
   * @param {HTMLElement} more @param {HTMLElement} status @param {HTMLElement} before
   */
  mount(more, status, before) {
    const opts = more.querySelector(".sw-opts");
    if (opts) opts.after(this.el);
    else more.append(this.el);
    status.insertBefore(this.st, before);
  }

  relabel() {
    const t = this.t;
    /** @type {HTMLElement} */ (this.label.lastChild).textContent = t.tr("ui.winnable");
    this.label.title = t.tr("ui.winnable.title");
    this.sel.setAttribute("aria-label", t.tr("ui.difficulty"));
    this.sel.title = t.tr("ui.difficulty.title");
    for (const o of Array.from(this.sel.options))
      o.textContent = t.tr(o.value ? `deal.grade.${o.value}` : "ui.difficulty.any");
  }

  update() {
    const t = this.t;
    /** @type {Deal | undefined} */
    const deal = t.view.deal;
    const on = !!deal?.winnable_only;
    this.box.checked = on;
    this.sel.value = deal?.difficulty || "";
    // a grade is dealt only among winnable deals
    this.sel.disabled = !on;
    const text = gradeText(deal, (k) => t.tr(k));
    this.st.hidden = !text;
    this.st.replaceChildren();
    if (text) {
      const b = h("b");
      b.textContent = `${t.tr("st.difficulty")}:`;
      this.st.append(b, text);
    }
    this.st.dataset.grade = deal?.grade || (deal?.grading ? "pending" : "");
  }
}
