// @ts-check
/**
 * The card table (anywidget front end). Python owns the game: this page draws the
 * `view` trait and turns clicks, drags and keys into intents sent with model.send.
 * It never decides whether a move is legal; it only reads `view.legal` to light up
 * targets. Nothing here knows a game by name: what differs between games (where the
 * piles lie, whether the stock recycles, the options a game offers) comes from Python,
 * in the `setup` trait (sent when the game, its options or the deal change) and the
 * `catalog`. The styles come as the widget's `_css` (static/widget.css), not in here.
 *
 * The jobs live in modules of their own: toolbar.js (the controls), drawing.js (the
 * felt), status.js (status line and overlay), pointer.js (mouse, touch, pen), keys.js
 * (the keyboard); this file holds the table's state and wires them together.
 */
import { pileCards } from "./layout.js";
import { moveFocus } from "./hit.js";
import { t as translate } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";
import { h } from "./dom.js";
import { deckStyle } from "./decks.js";
import { keyCommand, passesToHost } from "./keys.js";
import { Toolbar, reviewIntent } from "./toolbar.js";
import { renderStats } from "./stats.js";
import { draw, decorate, clampFocus, elementAt } from "./drawing.js";
import { renderStatus, renderClock, renderOverlay } from "./status.js";
import { Verdict } from "./verdict.js";
import { Dealing } from "./dealing.js";
import { FatalPanel, fatalKey } from "./fatal.js";
import { onDown, onMove, onUp, cancelDrag, click } from "./pointer.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./layout.js").TableSpec} TableSpec */
/** @typedef {import("./toolbar.js").CatalogEntry} CatalogEntry */
/**
 * What changes with a move (solitaire_widget/view.py build). Face-down cards are "??".
 * @typedef {{
 *   game: string, seed: number, piles: any,
 *   score: number, status: string, outcome?: string|null, moves: number, stock_left: number,
 *   reserve_left: number|null, redeals_left: number|null, base_rank: string|null,
 *   draw_count: number, legal: string[], dbl: Record<string,string>, hint: string|null,
 *   notice: {text: string, level: string}|null, can_undo: boolean, can_redo: boolean,
 *   timer: {running: boolean, elapsed: number}, version: number, seq: number,
 *   solver?: {busy: string|null, step: number, steps: number},
 *   settings?: {exact_hint: boolean, warn_unwinnable: boolean, warn_fatal?: boolean},
 *   live?: import("./verdict.js").Live,
 *   warning?: {text: string, level: string}|null,
 *   review?: {at: number, of: number}|null, offer?: string|null,
 *   line?: {at: number, moves: number}|null,
 *   fatal?: {at: number, move: string}|null,
 *   deal?: import("./dealing.js").Deal,
 *   pending?: import("./fatal.js").Pending|null
 * }} View
 */
/**
 * What changes only with the game, its options or the deal (view.py setup): `chosen`
 * says, per option group of the catalog, which choice is on (an index) or what else is.
 * @typedef {{game?: string, options?: Record<string, any>, layout: TableSpec,
 *   accepts?: Record<string, string>, chosen?: import("./toolbar.js").Chosen[]}} Setup
 */

/** Below this cell width (px) the toolbar tightens into two rows (see Toolbar.setNarrow). */
const NARROW = 480;

export class Table {
  /** @param {any} model @param {HTMLElement} el */
  constructor(model, el) {
    this.model = model;
    this.el = el;
    /** @type {(() => void)[]} everything to undo on cleanup */
    this.disposers = [];
    /** @type {Map<string, HTMLElement>} card elements by upper-case code */
    this.cardEls = new Map();
    /** @type {Map<string, HTMLElement>} slot elements by pile id */
    this.slotEls = new Map();
    /** @type {Geometry | null} */
    this.geom = null;
    this.layoutKey = "";
    /** @type {{pile: string, index: number} | null} click-to-move selection */
    this.sel = null;
    /** the view's seq when the selection was made (the status line shows the newer) */
    this.selSeq = -1;
    /** @type {{pile: string, index: number}} keyboard focus (index -1: empty slot) */
    this.focus = { pile: "s", index: -1 };
    /** @type {any} pointer press / drag in progress */
    this.press = null;
    /** @type {{pile: string, at: number} | null} last selecting click, for double-click */
    this.lastClick = null;
    this.overDismissed = -1;
    this.timerBase = { elapsed: 0, at: 0, running: false };
    this.width = 0;
    /** @type {number | undefined} */ this.lastVersion = undefined;
    this.keyboardActive = false;
    this.pointerFocus = false;
    /** True once model.send failed: the kernel behind this view is gone. */
    this.offline = false;
    this.sentAt = 0;
    this.receivedAt = 0;
    this.renderedAt = 0;

    const root = h("div", "sw-root", { "data-lm-suppress-shortcuts": "true" });
    this.root = root;
    this.toolbar = new Toolbar(this);
    this.table = h("div", "sw-table", { role: "application", tabindex: "0" });
    this.keysHelp = h("div", "sw-sr", { id: `sw-keys-${Math.random().toString(36).slice(2)}` });
    this.table.setAttribute("aria-describedby", this.keysHelp.id);
    this.badges = { s: h("div", "sw-badge sw-badge-s"), r: h("div", "sw-badge sw-badge-r") };
    this.stockTag = h("div", "sw-tag sw-tag-s");
    this.over = h("div", "sw-over", { hidden: "" });
    this.table.append(this.badges.s, this.badges.r, this.stockTag, this.over);
    this.status = h("div", "sw-status");
    /** @type {Record<string, HTMLSpanElement>} */
    this.st = {};
    for (const k of ["score", "moves", "time", "stock", "reserve", "base", "redeals"]) {
      const s = h("span", `sw-st-${k}`);
      this.st[k] = s;
      this.status.append(s);
    }
    // The live solver's answer, after the counters (verdict.js).
    this.verdict = new Verdict(this);
    this.status.append(this.verdict.el, this.verdict.sr);
    this.notice = h("div", "sw-notice", { role: "status", "aria-live": "polite" });
    this.warn = h("div", "sw-warn", { role: "status", "aria-live": "polite", hidden: "" });
    this.status.append(this.notice, this.warn);
    // "Winnable deals only", the difficulty asked for and the deal's grade (dealing.js)
    this.dealing = new Dealing(this);
    this.dealing.mount(this.toolbar.more, this.status, this.verdict.el);
    this.rules = h("section", "sw-rules", { hidden: "" });
    this.statsEl = h("section", "sw-stats", { hidden: "" });
    // the fatal-move warning's question (fatal.js), under the table
    this.fatalPanel = new FatalPanel(this);
    root.append(this.toolbar.bar, this.table, this.fatalPanel.el, this.status, this.statsEl, this.rules, this.keysHelp);
    el.append(root);

    // Table: one set of pointer listeners for every card (delegation).
    this.on(this.table, "pointerdown", (e) => onDown(this, e));
    this.on(this.table, "pointermove", (e) => onMove(this, e));
    this.on(this.table, "pointerup", (e) => onUp(this, e));
    this.on(this.table, "pointercancel", () => cancelDrag(this));
    this.on(this.table, "lostpointercapture", () => cancelDrag(this));
    this.on(this.table, "focus", (e) => {
      if (e.target === this.table && !this.pointerFocus) this.focusCurrent();
    });
    this.on(root, "keydown", (e) => this.onKey(e));
    this.on(this.over, "click", (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest("button");
      if (!b) return;
      const a = b.dataset.action;
      if (a === "close") {
        this.overDismissed = this.view.version;
        renderOverlay(this);
      } else if (a === "new") this.send("new", { seed: null });
      else if (a) this.command(a);
    });
    this.toolbar.fillGames();

    this.listen(model, "change:view", () => this.update());
    this.listen(model, "change:lang", () => this.relabel());
    this.listen(model, "change:rules", () => this.renderRules());
    this.listen(model, "change:catalog", () => this.toolbar.fillGames());
    this.listen(model, "change:setup", () => {
      this.layoutKey = "";
      this.toolbar.fillOptions();
      this.update();
    });
    this.listen(model, "change:stats", () => renderStats(this));
    // The kernel restarts: Jupyter's widget manager marks the model's comm dead
    // (comm_live set false, "comm_live_update"; it is set true only when a model is
    // made, before any view). The table says so at once, not at the first click, and
    // asks Python for a view: a kernel that is there after all answers, and a view
    // arriving brings the table back (update).
    this.listen(model, "comm_live_update", () => {
      this.goOffline("the kernel's connection closed");
      this.send("sync");
    });
    for (const k of ["deck", "card_back", "large_index"]) this.listen(model, `change:${k}`, () => this.update());
    // The cards follow the cell's width: JupyterLab's panes, a phone, a wide screen.
    const ro = new ResizeObserver(() => this.resize());
    ro.observe(this.root);
    this.disposers.push(() => ro.disconnect());
    const tick = setInterval(() => renderClock(this), 1000);
    this.disposers.push(() => clearInterval(tick));
    this.relabel();
  }

  /** Subscribes to a model event and remembers to unsubscribe. @param {any} model @param {string} ev @param {() => void} fn */
  listen(model, ev, fn) {
    model.on(ev, fn);
    this.disposers.push(() => model.off(ev, fn));
  }

  /**
   * Adds a DOM listener and remembers to remove it (window/document ones included).
   * @param {EventTarget} target @param {string} ev @param {(e: any) => void} fn @param {any} [opts]
   */
  on(target, ev, fn, opts) {
    target.addEventListener(ev, fn, opts);
    this.disposers.push(() => target.removeEventListener(ev, fn, opts));
  }

  destroy() {
    for (const d of this.disposers.splice(0)) d();
    this.root.remove();
  }

  get lang() {
    return this.model.get("lang") === "el" ? "el" : "en";
  }

  /** @returns {View} */
  get view() {
    return this.model.get("view") || {};
  }

  /** @returns {Setup} */
  get setup() {
    return this.model.get("setup") || { layout: null };
  }

  /** @returns {import("./stats.js").StatsRow | undefined} */
  get stats() {
    return this.model.get("stats") || undefined;
  }

  /** The game's title in the page's language. */
  title() {
    const v = this.view;
    const entry = this.catalog().find((g) => g.name === v.game);
    return entry ? (this.lang === "el" ? entry.title_el : entry.title) : v.game || "";
  }

  /** The deck, card back and index size the cards are drawn in (decks.js). */
  deckStyle() {
    return deckStyle(this.model);
  }

  /** The view the felt shows (the same one: a reviewed position comes from Python). */
  shownView() {
    return this.view;
  }

  /** True while the player looks back through the game (review mode). */
  reviewing() {
    return !!this.view.review;
  }

  /** @param {string} key @param {Record<string, string|number>} [args] */
  tr(key, args) {
    return translate(this.lang, key, args);
  }

  /** @returns {CatalogEntry[]} */
  catalog() {
    const c = this.model.get("catalog");
    return Array.isArray(c) ? c : [];
  }

  /**
   * Sends an intent to Python. Moves carry the version they were based on. When the
   * kernel is gone (restarted, shut down) the send throws: the table says so instead
   * of going dead, and a later view (the cell run again) brings it back.
   * @param {string} kind @param {Record<string, any>} [extra]
   */
  send(kind, extra = {}) {
    /** @type {Record<string, any>} */
    const msg = { kind, ...extra };
    if (kind === "move" || kind === "foundation") msg.version = this.view.version;
    this.sentAt = performance.now();
    try {
      this.model.send(msg);
    } catch (err) {
      this.goOffline(err);
    }
  }

  /** @param {unknown} err */
  goOffline(err) {
    if (!this.offline) console.warn("solitaire_widget: cannot reach the kernel:", err);
    this.offline = true;
    this.root.dataset.offline = "true";
    this.setSelection(null);
    renderStatus(this);
    renderOverlay(this);
    decorate(this);
  }

  /** @param {{pile: string, index: number} | null} sel */
  setSelection(sel) {
    this.sel = sel;
    if (sel) this.selSeq = this.view.seq;
  }

  /** True while Solve searches or plays its solution (the button then reads Stop). */
  solverActive() {
    const s = this.view.solver;
    return !!s && (s.busy === "solve" || s.steps > 0);
  }

  /**
   * What a click (or tap) on `pile` at `index` does; pointer.js calls it for presses,
   * benchmarks/widget_latency.py to play without synthetic events.
   * @param {string} pile @param {number} index -1 for an empty slot
   */
  click(pile, index) {
    click(this, pile, index);
  }

  /** @param {string} a */
  command(a) {
    if (a === "undo" || a === "redo" || a === "restart" || a === "hint" || a === "autoplay" || a === "draw" || a === "line") {
      this.setSelection(null);
      this.send(a);
    }
  }

  relabel() {
    this.root.lang = this.lang;
    this.toolbar.relabel();
    this.dealing.relabel();
    this.keysHelp.textContent = this.tr("ui.keys");
    this.layoutKey = ""; // slot labels are language dependent
    this.update();
    this.renderRules();
  }

  /** A review button or key: the intent for where the review stands. @param {string} a */
  reviewCommand(a) {
    if (a === "review-playon") {
      this.setSelection(null);
      this.send("play_on");
      return;
    }
    const intent = reviewIntent(a, this.view.review);
    if (intent) {
      this.setSelection(null);
      this.send("review", intent);
    }
  }

  toggleStats() {
    const open = this.statsEl.hidden;
    this.statsEl.hidden = !open;
    this.toolbar.btn.stats.setAttribute("aria-pressed", String(open));
    renderStats(this);
  }

  toggleRules() {
    const open = this.rules.hidden;
    this.rules.hidden = !open;
    this.toolbar.btn.rules.setAttribute("aria-pressed", String(open));
    this.renderRules();
  }

  renderRules() {
    if (this.rules.hidden) return;
    this.rules.innerHTML = renderMarkdown(String(this.model.get("rules") || ""));
  }

  resize() {
    const w = Math.floor(this.root.clientWidth);
    if (w && Math.abs(w - this.width) >= 1) {
      this.width = w;
      const narrow = w < NARROW;
      if (narrow !== this.toolbar.narrow) {
        this.root.toggleAttribute("data-narrow", narrow);
        this.toolbar.setNarrow(narrow);
      }
      this.layoutKey = "";
      draw(this);
    }
  }

  /** A new view arrived from Python. */
  update() {
    const v = this.view;
    if (!v || !v.piles) return;
    this.receivedAt = performance.now();
    if (this.offline) {
      // A view arrived, so the kernel is there again.
      this.offline = false;
      delete this.root.dataset.offline;
    }
    if (v.version !== this.lastVersion) {
      // The table changed under the selection: drop it rather than point at other cards.
      if (this.lastVersion !== undefined) this.sel = null;
      this.lastVersion = v.version;
    }
    this.timerBase = { elapsed: v.timer ? v.timer.elapsed : 0, at: performance.now(), running: !!(v.timer && v.timer.running) };
    this.toolbar.update();
    this.dealing.update();
    this.table.setAttribute("aria-label", this.tr("ui.table", { game: this.title() }));
    draw(this);
    renderStatus(this);
    this.verdict.render();
    this.fatalPanel.render();
    renderOverlay(this);
    renderClock(this);
    renderStats(this);
    this.root.toggleAttribute("data-review", !!v.review);
    this.renderedAt = performance.now();
    this.root.dataset.version = String(v.version);
    this.root.dataset.seq = String(v.seq);
  }

  focusCurrent() {
    this.keyboardActive = true;
    clampFocus(this);
    const f = elementAt(this, this.focus.pile, this.focus.index);
    if (f) {
      decorate(this);
      f.focus({ preventScroll: true });
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    // a held fatal move: Enter plays it anyway, Esc takes it back (fatal.js)
    const answer = this.fatalPanel.open() && !e.ctrlKey && !e.metaKey && !e.altKey ? fatalKey(e.key) : null;
    if (answer) {
      if (answer === "confirm") this.fatalPanel.confirm();
      else this.fatalPanel.takeBack();
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const tag = target.tagName;
    const cmd = keyCommand({
      key: e.key,
      ctrl: e.ctrlKey || e.metaKey,
      shift: e.shiftKey,
      alt: e.altKey,
      inField: tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA",
      inTable: this.table.contains(target),
      reviewing: this.reviewing(),
    });
    if (cmd === null) {
      // not the table's, but not JupyterLab's either (issue 20: `m` made the cell Markdown)
      if (!passesToHost({ ctrl: e.ctrlKey || e.metaKey, alt: e.altKey })) e.stopPropagation();
      return;
    }
    if (cmd === "left" || cmd === "right" || cmd === "up" || cmd === "down") {
      if (this.geom) this.focus = moveFocus(this.geom, this.focus, cmd, (p) => pileCards(this.view.piles, p));
      this.keyboardActive = true;
      decorate(this);
      renderStatus(this);
    } else if (cmd === "pick") {
      this.keyboardActive = true;
      this.lastClick = null; // keys never make a double-click
      click(this, this.focus.pile, this.focus.index);
      this.lastClick = null;
    } else if (cmd === "foundation") {
      this.keyboardActive = true;
      this.setSelection(null);
      this.send("foundation", { pile: this.focus.pile });
    } else if (cmd === "escape") {
      this.setSelection(null);
      decorate(this);
      renderStatus(this);
    } else if (cmd.startsWith("review")) this.reviewCommand(cmd);
    else if (cmd === "solve") this.send(this.solverActive() ? "stop" : "solve");
    else if (cmd === "new") this.send("new", { seed: null });
    else this.command(cmd);
    e.preventDefault();
    e.stopPropagation();
  }
}

/** anywidget entry point. @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const table = new Table(model, el);
  // Exposed for the browser tests and the latency benchmark; not an API.
  /** @type {any} */ (el).__swTable = table;
  return () => table.destroy();
}

export default { render };
