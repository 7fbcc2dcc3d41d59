// @ts-check
/**
 * The toolbar: the game, the deal number, New and the everyday buttons in one row, and
 * a "More" row below it (opened by its button) for the controls a player needs less
 * often: the game's options, Restart, Autoplay, the solver switches, the rules, the
 * language. It sends intents through the table and never decides anything itself.
 */

import { DeckControls } from "./decks.js";
import { h } from "./dom.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./view.js").Choice} Choice */
/** @typedef {import("./view.js").OptionGroup} OptionGroup */
/** @typedef {import("./view.js").CatalogEntry} CatalogEntry */
/** The choice a group is on (its index), or options that are none of its choices. @typedef {number | Choice} Chosen */

/** @param {Record<string, string>} label @param {string} lang */
const say = (label, lang) => label[lang] || label.en || "";

/**
 * A group's selector: its entries ([value, label]) and the value on. Options that are
 * none of the group's choices (set from Python) get an entry of their own, worded by
 * Python; they are shown, never dropped.
 * @param {OptionGroup} group @param {Chosen | undefined} chosen @param {string} lang
 * @returns {{entries: [string, string][], value: string}}
 */
export function groupEntries(group, chosen, lang) {
  /** @type {[string, string][]} */
  const entries = group.choices.map((c, i) => [String(i), say(c.label, lang)]);
  if (chosen !== null && typeof chosen === "object") {
    entries.push(["x", say(chosen.label, lang)]);
    return { entries, value: "x" };
  }
  return { entries, value: String(chosen ?? 0) };
}

/**
 * The options the selectors ask for: each group's choice (or the entry of its own),
 * merged in order.
 * @param {OptionGroup[]} groups @param {string[]} values @param {Chosen[] | undefined} chosen
 * @returns {Record<string, any>}
 */
export function optionsFor(groups, values, chosen) {
  /** @type {Record<string, any>} */
  const out = {};
  groups.forEach((g, i) => {
    const c = chosen?.[i];
    const pick =
      values[i] === "x" && c !== null && typeof c === "object" ? c : g.choices[Number(values[i])];
    if (pick) Object.assign(out, pick.options);
  });
  return out;
}

export const MAX_SEED = 4294967295;

/**
 * What New sends as the seed: null (a new random deal) unless the player typed a deal
 * number since the box last showed the deal being played; then exactly what was typed
 * (Python checks it and names a bad one instead of dealing something else).
 * @param {string} text the seed box's text @param {boolean} edited typed by the player
 * @returns {string | null}
 */
export function seedForNew(text, edited) {
  const v = text.trim();
  return edited && v !== "" ? v : null;
}

/**
 * The seed box after a view: another deal on the table (a New, or a deal changed from
 * Python) shows its number, even while the box has the focus or holds a number typed
 * and not dealt (it would be stale: New would not deal it); the same deal keeps what
 * the player typed (a refused number stays, as typed, to be corrected).
 * @param {{shown: number | null | undefined, edited: boolean, value: string}} box
 * @param {number | null} seed the deal on the table @param {boolean} focused
 * @returns {{shown: number | null | undefined, edited: boolean, value: string}}
 */
export function seedBox(box, seed, focused) {
  if (seed !== box.shown) return { shown: seed, edited: false, value: String(seed ?? "") };
  if (!box.edited && !focused) return { ...box, value: String(seed ?? "") };
  return box;
}

/** The buttons of the main row, in order; "more" opens the second row. */
export const MAIN = /** @type {const} */ (["new", "undo", "redo", "hint", "solve", "review"]);
/** The buttons of the "More" row. */
export const MORE = /** @type {const} */ (["restart", "autoplay", "stats", "rules"]);
/** Review mode's buttons, which stand in for Undo to Solve while a position is looked back at. */
export const NAV = /** @type {const} */ ([
  "review-first",
  "review-back",
  "review-forward",
  "review-last",
  "review-playon",
  "review-exit",
]);

/**
 * The intent a review button or key sends, given where the review stands.
 * @param {string} action @param {{at: number, of: number} | null | undefined} review
 * @returns {{at?: number | null, step?: number} | null}
 */
export function reviewIntent(action, review) {
  if (action === "review") return review ? { at: null } : { step: -1 };
  if (action === "review-exit") return { at: null };
  if (action === "review-first") return { at: 0 };
  if (action === "review-last") return review ? { at: review.of } : null;
  if (action === "review-back") return { step: -1 };
  if (action === "review-forward") return { step: 1 };
  return null;
}

export class Toolbar {
  /** @param {Table} table */
  constructor(table) {
    this.t = table;
    /** True once the player typed in the seed box; a new view showing another deal resets it. */
    this.seedEdited = false;
    this.narrow = false;
    /** @type {number | null | undefined} the seed the box last showed */
    this.shownSeed = undefined;
    const bar = h("div", "sw-bar", { role: "toolbar" });
    this.bar = bar;
    this.gameSel = h("select", "sw-game");
    // Text, not type=number: a number box reports "" for text it cannot read (and
    // "-5" as -5), so a mistyped deal number would silently become a random deal.
    this.seedIn = h("input", "sw-seed", {
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      spellcheck: "false",
      maxlength: "24",
    });
    /** @type {Record<string, HTMLButtonElement>} */
    this.btn = {};
    for (const k of [...MAIN, ...MORE, ...NAV, "more", "line"]) {
      this.btn[k] = h("button", `sw-btn-${k}`, { type: "button", "data-action": k });
    }
    // Glyphs every system font has (⏪ ⏮ ⏭ are missing from many, Debian's among them).
    const glyphs = {
      review: "↶",
      "review-first": "«",
      "review-back": "‹",
      "review-forward": "›",
      "review-last": "»",
    };
    for (const [k, g] of Object.entries(glyphs)) this.btn[k].textContent = g;
    this.reviewAt = h("span", "sw-review-at", { "aria-live": "polite" });
    this.nav = h("span", "sw-review-nav", { hidden: "", role: "group" });
    this.nav.append(
      this.btn["review-first"],
      this.btn["review-back"],
      this.reviewAt,
      this.btn["review-forward"],
      this.btn["review-last"],
      this.btn["review-playon"],
      this.btn["review-exit"],
    );
    this.btn.more.setAttribute("aria-expanded", "false");
    this.more = h("div", "sw-more", { hidden: "" });
    this.more.id = `sw-more-${Math.random().toString(36).slice(2)}`;
    this.btn.more.setAttribute("aria-controls", this.more.id);
    // one selector per option group of the game (the catalog's), built by fillOptions
    this.groupsEl = h("span", "sw-groups");
    /** @type {HTMLSelectElement[]} */
    this.groupSels = [];
    this.langSel = h("select", "sw-lang");
    this.langSel.append(new Option("EN", "en"), new Option("ΕΛ", "el"));
    // Solver switches: Python owns them (view.settings); a change is a request.
    /** @type {Record<string, HTMLInputElement>} */
    this.opt = {};
    /** @type {Record<string, HTMLLabelElement>} */
    this.optLabel = {};
    const opts = h("span", "sw-opts");
    for (const k of ["exact_hint", "warn_unwinnable", "warn_fatal", "live_solver", "thoughtful"]) {
      const box = h("input", `sw-opt-${k}`, { type: "checkbox" });
      const lab = h("label");
      lab.append(box, h("span"));
      this.opt[k] = box;
      this.optLabel[k] = lab;
      opts.append(lab);
      table.on(box, "change", () => table.send.setting(k, box.checked));
    }
    this.play = h("span", "sw-play");
    // back to the other line (view.line), shown only while there is one
    this.btn.line.hidden = true;
    this.play.append(
      this.btn.undo,
      this.btn.redo,
      this.btn.line,
      this.btn.hint,
      this.btn.solve,
      this.btn.review,
    );
    bar.append(
      this.gameSel,
      this.seedIn,
      this.btn.new,
      h("span", "sw-sep"),
      this.play,
      this.nav,
      h("span", "sw-grow"),
      this.btn.more,
    );
    this.more.append(
      this.groupsEl,
      this.btn.restart,
      this.btn.autoplay,
      opts,
      h("span", "sw-grow"),
      this.btn.stats,
      this.btn.rules,
      this.langSel,
    );
    // the deck settings (decks.js), a block of their own before the language
    this.decks = new DeckControls(table);
    this.more.insertBefore(this.decks.el, this.langSel);
    bar.append(this.more);

    const onClick = (/** @type {MouseEvent} */ e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest("button");
      if (!b || b.disabled) return;
      const a = b.dataset.action;
      if (a === "more") return this.toggleMore();
      if (a === "rules") return table.toggleRules();
      if (a === "stats") return table.toggleStats();
      if (a?.startsWith("review")) return table.reviewCommand(a);
      if (a === "new") return this.sendNew();
      if (a === "solve") return table.solveOrStop();
      if (a) table.command(a);
    };
    table.on(bar, "click", onClick);
    table.on(this.seedIn, "input", () => {
      this.seedEdited = true;
    });
    table.on(this.seedIn, "keydown", (e) => {
      if (e.key === "Enter") this.sendNew();
    });
    // another game opens with its own default options
    table.on(this.gameSel, "change", () => table.send.select(this.gameSel.value, {}));
    table.on(this.groupsEl, "change", () => this.sendOptions());
    table.on(this.langSel, "change", () => table.send.lang(this.langSel.value));
  }

  /** New: a new random deal, or the deal number the player typed. */
  sendNew() {
    this.t.send.new(seedForNew(this.seedIn.value, this.seedEdited));
    // Typed once, dealt once: the next New is a new deal again (a refused number is
    // named in the notice).
    this.seedEdited = false;
  }

  /**
   * Narrow cells (a phone, Lab with its file browser open in a small window): the same
   * controls, tighter, in two rows rather than four; "More" shrinks to its ellipsis.
   * @param {boolean} narrow
   */
  setNarrow(narrow) {
    this.narrow = narrow;
    this.labelMore();
    // Solve, the least used of the row, waits in the More row while the cell is narrow.
    if (narrow) this.more.insertBefore(this.btn.solve, this.btn.stats);
    else this.play.insertBefore(this.btn.solve, this.btn.review);
  }

  labelMore() {
    const t = this.t;
    this.btn.more.textContent = this.narrow ? "⋯" : `${t.tr("ui.more")} ▾`;
    this.btn.more.setAttribute("aria-label", t.tr("ui.more"));
  }

  toggleMore() {
    const open = this.more.hidden;
    this.more.hidden = !open;
    this.btn.more.setAttribute("aria-expanded", String(open));
  }

  /** The catalog's entry of the game on the table. @returns {CatalogEntry | undefined} */
  entry() {
    const t = this.t;
    const game = t.setup.game || t.view.game;
    return t.catalog().find((g) => g.name === game);
  }

  /** Asks for the options the selectors show, on the game on the table. */
  sendOptions() {
    const t = this.t;
    const entry = this.entry();
    if (!entry) return;
    const values = this.groupSels.map((s) => s.value);
    t.send.select(entry.name, optionsFor(entry.groups, values, t.setup.chosen));
  }

  /** One selector per option group of the game on the table, showing its options. */
  fillOptions() {
    const t = this.t;
    const groups = (this.entry() || { groups: [] }).groups;
    const chosen = t.setup.chosen || [];
    this.groupSels = groups.map((g, i) => {
      const sel = h("select", "sw-opt-group", { "data-group": String(i) });
      const { entries, value } = groupEntries(g, chosen[i], t.lang);
      sel.append(...entries.map(([v, label]) => new Option(label, v)));
      sel.value = value;
      const label = say(g.label, t.lang);
      sel.setAttribute("aria-label", label);
      sel.title = label;
      return sel;
    });
    this.groupsEl.replaceChildren(...this.groupSels);
    this.groupsEl.hidden = !groups.length;
  }

  /**
   * Puts each option selector back on the options on the table: a choice Python
   * refused (or one made in another view) does not stay shown.
   */
  syncOptions() {
    const t = this.t;
    const groups = (this.entry() || { groups: [] }).groups;
    const chosen = t.setup.chosen || [];
    this.groupSels.forEach((sel, i) => {
      if (!groups[i]) return;
      const { value } = groupEntries(groups[i], chosen[i], t.lang);
      if (sel.value !== value) sel.value = value;
    });
  }

  fillGames() {
    const t = this.t;
    const current = t.view.game;
    this.gameSel.replaceChildren(
      ...t.catalog().map((g) => new Option(t.lang === "el" ? g.title_el : g.title, g.name)),
    );
    if (current) this.gameSel.value = current;
  }

  relabel() {
    const t = this.t;
    this.langSel.value = t.lang;
    // each button's words are ui.<its action> ("review-exit": ui.review.exit)
    for (const k of [
      "new",
      "restart",
      "undo",
      "redo",
      "hint",
      "autoplay",
      "rules",
      "more",
      "stats",
      "review-exit",
      "review-playon",
    ]) {
      this.btn[k].textContent = t.tr(`ui.${k.replace("-", ".")}`);
    }
    this.labelMore();
    this.btn.more.title = t.tr("ui.more.title");
    for (const [k, key] of [
      ["exact_hint", "ui.exact"],
      ["warn_unwinnable", "ui.warn"],
      ["warn_fatal", "ui.warnfatal"],
      ["live_solver", "ui.live"],
      ["thoughtful", "ui.thoughtful"],
    ]) {
      /** @type {HTMLElement} */ (this.optLabel[k].lastChild).textContent = t.tr(key);
      this.optLabel[k].title = t.tr(`${key}.title`);
    }
    const keyHints = {
      undo: " (U, Ctrl+Z)",
      redo: " (R, Ctrl+Y)",
      hint: " (H)",
      new: " (N)",
      autoplay: " (A)",
    };
    for (const [k, s] of Object.entries(keyHints)) this.btn[k].title = t.tr(`ui.${k}`) + s;
    // The review buttons show glyphs: their names are in the title and aria-label.
    const names = {
      review: "ui.review.title",
      "review-first": "ui.review.first",
      "review-back": "ui.review.back",
      "review-forward": "ui.review.forward",
      "review-last": "ui.review.last",
      "review-exit": "ui.review.exit.title",
      "review-playon": "ui.review.playon.title",
    };
    for (const [k, key] of Object.entries(names)) {
      this.btn[k].title = t.tr(key);
      if (k !== "review-exit" && k !== "review-playon")
        this.btn[k].setAttribute("aria-label", t.tr(key));
    }
    this.nav.setAttribute("aria-label", t.tr("ui.review"));
    this.bar.setAttribute("aria-label", t.tr("ui.toolbar"));
    this.gameSel.setAttribute("aria-label", t.tr("ui.game"));
    this.seedIn.setAttribute("aria-label", t.tr("ui.seed"));
    this.seedIn.title = t.tr("ui.seed.edit");
    this.seedIn.placeholder = t.tr("ui.seed");
    this.langSel.setAttribute("aria-label", t.tr("ui.lang"));
    this.fillGames();
    this.fillOptions();
    this.decks.relabel();
  }

  /** Shows the view's game, options, seed and what the buttons can do now. */
  update() {
    const t = this.t;
    const v = t.view;
    if (this.gameSel.value !== v.game) this.gameSel.value = v.game;
    this.syncOptions();
    const box = seedBox(
      { shown: this.shownSeed, edited: this.seedEdited, value: this.seedIn.value },
      v.seed ?? null,
      t.el.ownerDocument.activeElement === this.seedIn,
    );
    this.shownSeed = box.shown;
    this.seedEdited = box.edited;
    if (this.seedIn.value !== box.value) this.seedIn.value = box.value;
    const review = v.review || null;
    this.play.hidden = !!review;
    this.nav.hidden = !review;
    this.btn.review.disabled = !v.moves;
    if (review) {
      this.reviewAt.textContent = t.tr("ui.review.at", { at: review.at, of: review.of });
      this.btn["review-first"].disabled = this.btn["review-back"].disabled = review.at <= 0;
      this.btn["review-forward"].disabled = this.btn["review-last"].disabled =
        review.at >= review.of;
      // a move asked for here waits on this button: it stands out
      this.btn["review-playon"].classList.toggle("sw-main", !!v.offer);
    }
    const line = !v.review && v.line && v.line.moves > 0 ? v.line : null;
    this.btn.line.hidden = !line;
    if (line) {
      this.btn.line.textContent = t.tr("ui.line");
      this.btn.line.title = t.tr("ui.line.title", { at: line.at, moves: line.moves });
    }
    this.btn.undo.disabled = !v.can_undo;
    this.btn.redo.disabled = !v.can_redo;
    this.btn.restart.disabled = !v.can_undo;
    const active = t.solverActive();
    this.btn.solve.textContent = t.tr(active ? "ui.stop" : "ui.solve");
    this.btn.solve.title = `${t.tr(active ? "ui.stop.title" : "ui.solve.title")} (S)`;
    this.btn.solve.setAttribute("aria-pressed", String(active));
    this.btn.solve.disabled = !active && v.status === "won";
    const set = v.settings || { exact_hint: false, warn_unwinnable: false };
    this.opt.exact_hint.checked = !!set.exact_hint;
    this.opt.warn_unwinnable.checked = !!set.warn_unwinnable;
    this.opt.warn_fatal.checked = !!set.warn_fatal;
    this.opt.live_solver.checked = !!v.live?.on;
    this.opt.thoughtful.checked = set.thoughtful !== false;
    this.decks.update();
  }
}
