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
 * (the keyboard); intents.js makes every message sent. This file holds what the page
 * keeps of its own state and wires the modules together. Each module gets the table as
 * `Readonly<Table>` (tsc, run by npm test, refuses a write): it reads what Python sent
 * (`view`, `setup`, ...) and the page's state (`state`, a frozen object: a write throws),
 * sends through `send`, and changes the state only through the few methods below that
 * name their callers: setSelection, setFocus, click, and pointer.js's setPress and
 * focusTable.
 */

import { Dealing } from "./dealing.js";
import { deckStyle } from "./decks.js";
import { h } from "./dom.js";
import { clampedFocus, decorate, draw, elementAt, newFelt, relayout } from "./drawing.js";
import { FatalPanel, fatalKey } from "./fatal.js";
import { moveFocus } from "./hit.js";
import { t as translate } from "./i18n.js";
import { senders } from "./intents.js";
import { keyCommand, passesToHost } from "./keys.js";
import { pileCards } from "./layout.js";
import { renderMarkdown } from "./markdown.js";
import { cancelDrag, clickIntent, onDown, onMove, onUp } from "./pointer.js";
import { renderStats } from "./stats.js";
import { renderClock, renderOverlay, renderStatus } from "./status.js";
import { reviewIntent, Toolbar } from "./toolbar.js";
import { Verdict } from "./verdict.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** A pile and a card in it (index -1: the empty slot). @typedef {Readonly<{pile: string, index: number}>} Spot */
/**
 * A pointer press (pointer.js): the card pressed, where, with which pointer, and once it
 * moved far enough, the cards dragged (`els`) and the piles they may go to.
 * @typedef {Readonly<{pile: string, index: number, x0: number, y0: number, id: number, touch: boolean,
 *   dragging: boolean, els: readonly HTMLElement[], targets: readonly string[], count: number}>} Press
 */
/**
 * What the page keeps of its own; the game is Python's. One frozen object, replaced
 * whole by the table's methods: `sel` the click-to-move selection and `selSeq` the view's
 * seq when it was made (the status line shows the newer), `focus` the keyboard focus and
 * `keyboard` whether the keyboard is in use (it shows the focus ring), `press` a pointer
 * press or drag under way, `lastClick` the last selecting click (a double-click),
 * `offline` whether model.send failed (the kernel is gone), `dismissed` the version
 * whose won/lost overlay was closed, `clock` the clock as the last view gave it, `width`
 * the felt's and `geom` where its slots and cards lie (drawing.js lays it out).
 * @typedef {Readonly<{sel: Spot | null, selSeq: number, focus: Spot, keyboard: boolean,
 *   press: Press | null, lastClick: Readonly<{pile: string, at: number}> | null, offline: boolean,
 *   dismissed: number, clock: Readonly<{elapsed: number, at: number, running: boolean}>, width: number,
 *   geom: Readonly<Geometry> | null}>} PageState
 */
/** @typedef {import("./toolbar.js").CatalogEntry} CatalogEntry */
/** What changes with a move (view.js). @typedef {import("./view.js").View} View */
/** What changes only with the game, its options or the deal. @typedef {import("./view.js").Setup} Setup */

/** Below this cell width (px) the toolbar tightens into two rows (see Toolbar.setNarrow). */
const NARROW = 480;

export class Table {
  /** @param {any} model @param {HTMLElement} el */
  constructor(model, el) {
    /** @private */
    this.model = model;
    this.el = el;
    /** @type {(() => void)[]} everything to undo on cleanup */
    this.disposers = [];
    /** drawing.js's own: the elements of the cards and slots, and the layout they are for */
    this.felt = newFelt();
    /** @private @type {PageState} */
    this._state = Object.freeze({
      sel: null,
      selSeq: -1,
      focus: { pile: "s", index: -1 },
      keyboard: false,
      press: null,
      lastClick: null,
      offline: false,
      dismissed: -1,
      clock: { elapsed: 0, at: 0, running: false },
      width: 0,
      geom: null,
    });
    /** @private @type {number | undefined} */
    this.lastVersion = undefined;
    /** @private */
    this.pointerFocus = false;
    this.sentAt = 0;
    this.receivedAt = 0;
    this.renderedAt = 0;
    /**
     * The intents this page sends (intents.js). When the kernel is gone (restarted, shut
     * down) a send throws: the table says so instead of going dead, and a later view (the
     * cell run again) brings it back.
     */
    this.send = senders(
      (msg) => {
        this.sentAt = performance.now();
        try {
          model.send(msg);
        } catch (err) {
          this.goOffline(err);
        }
      },
      () => this.view.version,
    );

    const root = h("div", "sw-root", { "data-lm-suppress-shortcuts": "true" });
    this.root = root;
    /** @type {Toolbar} */
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
    /** @type {Verdict} */
    this.verdict = new Verdict(this);
    this.status.append(this.verdict.el, this.verdict.sr);
    this.notice = h("div", "sw-notice", { role: "status", "aria-live": "polite" });
    this.warn = h("div", "sw-warn", { role: "status", "aria-live": "polite", hidden: "" });
    this.status.append(this.notice, this.warn);
    // "Winnable deals only", the difficulty asked for and the deal's grade (dealing.js)
    /** @type {Dealing} */
    this.dealing = new Dealing(this);
    this.dealing.mount(this.toolbar.more, this.status, this.verdict.el);
    this.rules = h("section", "sw-rules", { hidden: "" });
    this.statsEl = h("section", "sw-stats", { hidden: "" });
    // the fatal-move warning's question (fatal.js), under the table
    /** @type {FatalPanel} */
    this.fatalPanel = new FatalPanel(this);
    root.append(
      this.toolbar.bar,
      this.table,
      this.fatalPanel.el,
      this.status,
      this.statsEl,
      this.rules,
      this.keysHelp,
    );
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
        this.set({ dismissed: this.view.version });
        renderOverlay(this);
      } else if (a === "new") this.send.new(null);
      else if (a) this.command(a);
    });
    this.toolbar.fillGames();

    this.listen(model, "change:view", () => this.update());
    this.listen(model, "change:lang", () => this.relabel());
    this.listen(model, "change:rules", () => this.renderRules());
    this.listen(model, "change:catalog", () => this.toolbar.fillGames());
    this.listen(model, "change:setup", () => {
      relayout(this.felt);
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
      this.send.sync();
    });
    for (const k of ["deck", "card_back", "large_index"])
      this.listen(model, `change:${k}`, () => this.update());
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

  /** The page's own state (PageState): a frozen object, a new one after every change. */
  get state() {
    return this._state;
  }

  /** @private @param {Partial<PageState>} change */
  set(change) {
    for (const v of Object.values(change)) if (v && typeof v === "object") Object.freeze(v);
    this._state = Object.freeze({ ...this._state, ...change });
  }

  /** @returns {View} */
  get view() {
    return this.model.get("view") || {};
  }

  /** @returns {Setup} */
  get setup() {
    return this.model.get("setup") || { layout: null };
  }

  /** @returns {import("./view.js").StatsRow | undefined} */
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

  /** @private @param {unknown} err */
  goOffline(err) {
    if (!this._state.offline) console.warn("solitaire_widget: cannot reach the kernel:", err);
    this.set({ offline: true });
    this.root.dataset.offline = "true";
    this.setSelection(null);
    // requests the kernel will not answer: the deck controls show the traits again
    const decks = this.toolbar?.decks;
    decks?.pending.clear();
    decks?.update();
    renderStatus(this);
    renderOverlay(this);
    decorate(this);
  }

  /** The click-to-move selection, or none (modules). @param {Spot | null} sel */
  setSelection(sel) {
    this.set(sel ? { sel, selSeq: this.view.seq } : { sel });
  }

  /** The keyboard focus, and whether the keyboard is in use (modules). @param {Spot} focus @param {boolean} [keyboard] */
  setFocus(focus, keyboard = this._state.keyboard) {
    this.set({ focus, keyboard });
  }

  /** A pointer press or drag under way, or none (pointer.js). @param {Press | null} press */
  setPress(press) {
    this.set({ press });
  }

  /** Takes the keyboard focus into the table for a pointer press, which shows no focus ring (pointer.js). */
  focusTable() {
    this.pointerFocus = true;
    // focusVisible: a mouse user needs no focus ring (Chrome 122+, ignored elsewhere).
    this.table.focus(/** @type {FocusOptions} */ ({ preventScroll: true, focusVisible: false }));
    this.pointerFocus = false;
  }

  /** True while Solve searches or plays its solution (the button then reads Stop). */
  solverActive() {
    const s = this.view.solver;
    return !!s && (s.busy === "solve" || s.steps > 0);
  }

  /** The Solve button or key: Solve, or Stop while it runs. */
  solveOrStop() {
    if (this.solverActive()) this.send.stop();
    else this.send.solve();
  }

  /**
   * What a click (or tap) on `pile` at `index` does (pointer.clickIntent): the selection
   * it makes, the intent it sends. pointer.js calls it for presses, the keyboard for
   * Enter, benchmarks/widget_latency.py to play without synthetic events (modules).
   * @param {string} pile @param {number} index -1 for an empty slot
   */
  click(pile, index) {
    const s = this._state;
    const out = clickIntent(this.view, s, pile, index, performance.now());
    this.setSelection(out.sel);
    this.set({ lastClick: out.lastClick, focus: out.sel ? { ...out.sel } : s.focus });
    if (out.send) out.send(this.send);
    if (!out.send || s.sel) {
      decorate(this);
      renderStatus(this);
    }
  }

  /** @param {string} a */
  command(a) {
    if (
      a === "undo" ||
      a === "redo" ||
      a === "restart" ||
      a === "hint" ||
      a === "autoplay" ||
      a === "draw" ||
      a === "line"
    ) {
      this.setSelection(null);
      this.send[a]();
    }
  }

  relabel() {
    this.root.lang = this.lang;
    this.toolbar.relabel();
    this.dealing.relabel();
    this.keysHelp.textContent = this.tr("ui.keys");
    relayout(this.felt); // slot labels are language dependent
    this.update();
    this.renderRules();
  }

  /** A review button or key: the intent for where the review stands. @param {string} a */
  reviewCommand(a) {
    if (a === "review-playon") {
      this.setSelection(null);
      this.send.play_on();
      return;
    }
    const intent = reviewIntent(a, this.view.review);
    if (intent) {
      this.setSelection(null);
      this.send.review(intent.at, intent.step);
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
    if (w && Math.abs(w - this._state.width) >= 1) {
      const narrow = w < NARROW;
      if (narrow !== this.toolbar.narrow) {
        this.root.toggleAttribute("data-narrow", narrow);
        this.toolbar.setNarrow(narrow);
      }
      this.set({ width: w });
      relayout(this.felt);
      this.draw();
    }
  }

  /** Lays out and draws the felt (drawing.js), keeping where its cards lie. @private */
  draw() {
    const geom = draw(this);
    if (geom) {
      this.set({ geom });
      decorate(this);
    }
  }

  /** A new view arrived from Python. */
  update() {
    const v = this.view;
    if (!v?.piles) return;
    this.receivedAt = performance.now();
    if (this._state.offline) {
      // A view arrived, so the kernel is there again.
      this.set({ offline: false });
      delete this.root.dataset.offline;
    }
    if (v.version !== this.lastVersion) {
      // The table changed under the selection: drop it rather than point at other cards.
      if (this.lastVersion !== undefined) this.set({ sel: null });
      this.lastVersion = v.version;
    }
    this.set({
      clock: {
        elapsed: v.timer ? v.timer.elapsed : 0,
        at: performance.now(),
        running: !!v.timer?.running,
      },
    });
    this.toolbar.update();
    this.dealing.update();
    this.table.setAttribute("aria-label", this.tr("ui.table", { game: this.title() }));
    this.draw();
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

  /** @private */
  focusCurrent() {
    this.setFocus(clampedFocus(this), true);
    const { focus } = this._state;
    const f = elementAt(this, focus.pile, focus.index);
    if (f) {
      decorate(this);
      f.focus({ preventScroll: true });
    }
  }

  /** @private @param {KeyboardEvent} e */
  onKey(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    // a held fatal move: Enter plays it anyway, Esc takes it back (fatal.js)
    const answer =
      this.fatalPanel.open() && !e.ctrlKey && !e.metaKey && !e.altKey ? fatalKey(e.key) : null;
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
    const { focus, geom } = this._state;
    if (cmd === "left" || cmd === "right" || cmd === "up" || cmd === "down") {
      this.setFocus(
        geom ? moveFocus(geom, focus, cmd, (p) => pileCards(this.view.piles, p)) : focus,
        true,
      );
      decorate(this);
      renderStatus(this);
    } else if (cmd === "pick") {
      this.set({ keyboard: true, lastClick: null }); // keys never make a double-click
      this.click(focus.pile, focus.index);
      this.set({ lastClick: null });
    } else if (cmd === "foundation") {
      this.set({ keyboard: true });
      this.setSelection(null);
      this.send.foundation(focus.pile);
    } else if (cmd === "escape") {
      this.setSelection(null);
      decorate(this);
      renderStatus(this);
    } else if (cmd.startsWith("review")) this.reviewCommand(cmd);
    else if (cmd === "solve") this.solveOrStop();
    else if (cmd === "new") this.send.new(null);
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
