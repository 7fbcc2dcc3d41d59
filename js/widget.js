// @ts-check
/**
 * The card table (anywidget front end). Python owns the game: this page draws the
 * `view` trait and turns clicks, drags and keys into intents sent with model.send.
 * It never decides whether a move is legal; it only reads `view.legal` to light up targets.
 */
import { parseCard, parseAction, formatAction, targetsFor, canStart, rankLabel } from "./cards.js";
import { cardSVG } from "./cardsvg.js";
import { layoutTable, pileCards } from "./layout.js";
import { dropTarget, moveFocus } from "./hit.js";
import { t, pileName, cardName } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";
import { CSS } from "./style.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/**
 * @typedef {{
 *   game: string, seed: number, options: Record<string, any>, piles: any,
 *   score: number, status: string, moves: number, stock_left: number,
 *   reserve_left: number|null, redeals_left: number|null, base_rank: string|null,
 *   draw_count: number, legal: string[], dbl: Record<string,string>, hint: string|null,
 *   notice: {text: string, level: string}|null, can_undo: boolean, can_redo: boolean,
 *   timer: {running: boolean, elapsed: number}, version: number, seq: number,
 *   accepts: Record<string,string>,
 *   solver?: {busy: string|null, step: number, steps: number},
 *   settings?: {exact_hint: boolean, warn_unwinnable: boolean},
 *   warning?: {text: string, level: string}|null
 * }} View
 */
/** @typedef {{name: string, title: string, title_el: string, options: Record<string, any[]>}} CatalogEntry */

const DRAG_THRESHOLD = 4; // px before a press becomes a drag rather than a click
const DOUBLE_CLICK_MS = 400;

let styleInstalled = false;
/** One stylesheet per document, however many views are on the page. */
function installStyle() {
  if (styleInstalled && document.querySelector("style[data-sw-style]")) return;
  const s = document.createElement("style");
  s.setAttribute("data-sw-style", "");
  s.textContent = CSS;
  document.head.appendChild(s);
  styleInstalled = true;
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} [cls] @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, cls, attrs) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (attrs) for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** @param {number} s */
function clock(s) {
  const m = Math.floor(s / 60);
  const r = Math.floor(s % 60);
  return `${m}:${String(r).padStart(2, "0")}`;
}

class Table {
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
    this.sentAt = 0;
    this.receivedAt = 0;
    this.renderedAt = 0;
    // Elements made by build().
    /** @type {HTMLDivElement} */ this.root;
    /** @type {HTMLDivElement} */ this.bar;
    /** @type {HTMLSelectElement} */ this.gameSel;
    /** @type {HTMLSelectElement} */ this.drawSel;
    /** @type {HTMLSelectElement} */ this.redealSel;
    /** @type {HTMLLabelElement} */ this.drawLabel;
    /** @type {HTMLLabelElement} */ this.redealLabel;
    /** @type {HTMLInputElement} */ this.seedIn;
    /** @type {Record<string, HTMLButtonElement>} */ this.btn;
    /** @type {HTMLSelectElement} */ this.langSel;
    /** @type {HTMLDivElement} */ this.table;
    /** @type {HTMLDivElement} */ this.keysHelp;
    /** @type {{s: HTMLDivElement, r: HTMLDivElement}} */ this.badges;
    /** @type {HTMLDivElement} */ this.stockTag;
    /** @type {HTMLDivElement} */ this.over;
    /** @type {HTMLDivElement} */ this.status;
    /** @type {Record<string, HTMLSpanElement>} */ this.st;
    /** @type {HTMLDivElement} */ this.notice;
    /** @type {HTMLDivElement} */ this.warn;
    /** @type {Record<string, HTMLInputElement>} */ this.opt;
    /** @type {Record<string, HTMLLabelElement>} */ this.optLabel;
    /** @type {HTMLElement} */ this.rules;
    installStyle();
    this.build();
    this.listen(model, "change:view", () => this.update());
    this.listen(model, "change:lang", () => this.relabel());
    this.listen(model, "change:rules", () => this.renderRules());
    this.listen(model, "change:catalog", () => this.fillGames());
    const ro = new ResizeObserver(() => this.resize());
    ro.observe(this.root);
    this.disposers.push(() => ro.disconnect());
    const tick = setInterval(() => this.renderClock(), 1000);
    this.disposers.push(() => clearInterval(tick));
    this.relabel();
    this.update();
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

  /** @param {string} key @param {Record<string, string|number>} [args] */
  tr(key, args) {
    return t(this.lang, key, args);
  }

  /** Sends an intent to Python. Moves carry the version they were based on. @param {string} kind @param {Record<string, any>} [extra] */
  send(kind, extra = {}) {
    /** @type {Record<string, any>} */
    const msg = { kind, ...extra };
    if (kind === "move" || kind === "foundation") msg.version = this.view.version;
    this.sentAt = performance.now();
    this.model.send(msg);
  }

  // ---------------------------------------------------------------- building

  build() {
    const root = h("div", "sw-root", { "data-lm-suppress-shortcuts": "true" });
    this.root = root;
    const bar = h("div", "sw-bar", { role: "toolbar" });
    this.bar = bar;
    this.gameSel = h("select", "sw-game");
    this.drawSel = h("select", "sw-opt-draw");
    this.redealSel = h("select", "sw-opt-redeals");
    this.drawLabel = h("label");
    this.redealLabel = h("label");
    this.drawLabel.append(this.drawSel);
    this.redealLabel.append(this.redealSel);
    this.seedIn = h("input", "sw-seed", { type: "number", min: "0", step: "1", inputmode: "numeric" });
    this.btn = {};
    for (const k of ["new", "restart", "undo", "redo", "hint", "autoplay", "solve", "rules"]) {
      this.btn[k] = h("button", `sw-btn-${k}`, { type: "button", "data-action": k });
    }
    this.langSel = h("select", "sw-lang");
    this.langSel.append(new Option("EN", "en"), new Option("ΕΛ", "el"));
    bar.append(this.gameSel, this.drawLabel, this.redealLabel, this.seedIn, this.btn.new, h("span", "sw-sep"),
      this.btn.restart, this.btn.undo, this.btn.redo, this.btn.hint, this.btn.autoplay, this.btn.solve, h("span", "sw-grow"),
      this.btn.rules, this.langSel);

    this.table = h("div", "sw-table", { role: "application", tabindex: "0" });
    this.keysHelp = h("div", "sw-sr", { id: `sw-keys-${Math.random().toString(36).slice(2)}` });
    this.table.setAttribute("aria-describedby", this.keysHelp.id);
    this.badges = { s: h("div", "sw-badge sw-badge-s"), r: h("div", "sw-badge sw-badge-r") };
    this.stockTag = h("div", "sw-tag sw-tag-s");
    this.over = h("div", "sw-over", { hidden: "" });
    this.table.append(this.badges.s, this.badges.r, this.stockTag, this.over);

    this.status = h("div", "sw-status");
    this.st = {};
    for (const k of ["score", "moves", "time", "stock", "reserve", "base", "redeals"]) {
      const s = h("span", `sw-st-${k}`);
      this.st[k] = s;
      this.status.append(s);
    }
    // Solver switches: Python owns them (view.settings); a change is a request.
    this.opt = {};
    this.optLabel = {};
    const opts = h("span", "sw-opts");
    for (const k of ["exact_hint", "warn_unwinnable"]) {
      const box = h("input", `sw-opt-${k}`, { type: "checkbox" });
      const lab = h("label");
      lab.append(box, h("span"));
      this.opt[k] = box;
      this.optLabel[k] = lab;
      opts.append(lab);
      this.on(box, "change", () => this.send("setting", { name: k, value: box.checked }));
    }
    this.status.append(opts);
    this.notice = h("div", "sw-notice", { role: "status", "aria-live": "polite" });
    this.warn = h("div", "sw-warn", { role: "status", "aria-live": "polite", hidden: "" });
    this.status.append(this.notice, this.warn);
    this.rules = h("section", "sw-rules", { hidden: "" });
    root.append(bar, this.table, this.status, this.rules, this.keysHelp);
    this.el.append(root);

    // Toolbar intents.
    this.on(bar, "click", (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest("button");
      if (!b || b.disabled) return;
      const a = b.dataset.action;
      if (a === "rules") return this.toggleRules();
      if (a === "new") return this.send("new", { seed: this.seedValue() });
      if (a === "solve") return this.send(this.solverActive() ? "stop" : "solve");
      if (a) this.command(a);
    });
    this.on(this.seedIn, "keydown", (e) => {
      if (e.key === "Enter") this.send("new", { seed: this.seedValue() });
    });
    const select = () => this.send("select", { game: this.gameSel.value, options: this.chosenOptions() });
    this.on(this.gameSel, "change", select);
    this.on(this.drawSel, "change", select);
    this.on(this.redealSel, "change", select);
    this.on(this.langSel, "change", () => this.send("lang", { lang: this.langSel.value }));

    // Table: one set of pointer listeners for every card (delegation).
    this.on(this.table, "pointerdown", (e) => this.onDown(e));
    this.on(this.table, "pointermove", (e) => this.onMove(e));
    this.on(this.table, "pointerup", (e) => this.onUp(e));
    this.on(this.table, "pointercancel", () => this.cancelDrag());
    this.on(this.table, "lostpointercapture", () => this.cancelDrag());
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
        this.renderOverlay();
      } else if (a === "new") this.send("new", { seed: null });
      else if (a) this.command(a);
    });
    this.fillGames();
  }

  seedValue() {
    const v = this.seedIn.value.trim();
    return /^\d+$/.test(v) ? Number(v) : null;
  }

  /** Options as the selectors show them. @returns {Record<string, any>} */
  chosenOptions() {
    const entry = this.catalog().find((g) => g.name === this.gameSel.value);
    /** @type {Record<string, any>} */
    const out = {};
    if (!entry) return out;
    if (entry.options.draw) out.draw = Number(this.drawSel.value) || 1;
    if (entry.options.redeals) out.redeals = this.redealSel.value === "none" ? null : Number(this.redealSel.value);
    return out;
  }

  /** @returns {CatalogEntry[]} */
  catalog() {
    const c = this.model.get("catalog");
    return Array.isArray(c) ? c : [];
  }

  fillGames() {
    const current = this.view.game;
    this.gameSel.replaceChildren(...this.catalog().map((g) => new Option(this.lang === "el" ? g.title_el : g.title, g.name)));
    if (current) this.gameSel.value = current;
  }

  /** True while Solve searches or plays its solution (the button then reads Stop). */
  solverActive() {
    const s = this.view.solver;
    return !!s && (s.busy === "solve" || s.steps > 0);
  }

  /** @param {string} a */
  command(a) {
    if (a === "undo" || a === "redo" || a === "restart" || a === "hint" || a === "autoplay" || a === "draw") {
      this.sel = null;
      this.send(a);
    }
  }

  // ---------------------------------------------------------------- labels

  relabel() {
    const v = this.view;
    this.root.lang = this.lang;
    this.langSel.value = this.lang;
    const labels = { new: "ui.new", restart: "ui.restart", undo: "ui.undo", redo: "ui.redo", hint: "ui.hint", autoplay: "ui.autoplay", rules: "ui.rules" };
    for (const [k, key] of Object.entries(labels)) this.btn[k].textContent = this.tr(key);
    for (const [k, key] of [["exact_hint", "ui.exact"], ["warn_unwinnable", "ui.warn"]]) {
      /** @type {HTMLElement} */ (this.optLabel[k].lastChild).textContent = this.tr(key);
      this.optLabel[k].title = this.tr(`${key}.title`);
    }
    const keyHints = { undo: " (U, Ctrl+Z)", redo: " (Ctrl+Y)", hint: " (H)", new: " (N)", autoplay: " (A)" };
    for (const [k, s] of Object.entries(keyHints)) this.btn[k].title = this.tr(`ui.${k}`) + s;
    this.bar.setAttribute("aria-label", this.tr("ui.toolbar"));
    this.gameSel.setAttribute("aria-label", this.tr("ui.game"));
    this.seedIn.setAttribute("aria-label", this.tr("ui.seed"));
    this.seedIn.placeholder = this.tr("ui.seed");
    this.langSel.setAttribute("aria-label", this.tr("ui.lang"));
    this.drawSel.setAttribute("aria-label", this.tr("ui.draw"));
    this.redealSel.setAttribute("aria-label", this.tr("ui.redeals"));
    this.drawSel.replaceChildren(new Option(this.tr("ui.draw1"), "1"), new Option(this.tr("ui.draw3"), "3"));
    const r = v.options && v.options.redeals;
    const redeals = [new Option(this.tr("ui.redeals2"), "2"), new Option(this.tr("ui.unlimited"), "none")];
    if (typeof r === "number" && r !== 2) redeals.push(new Option(`${r}`, String(r)));
    this.redealSel.replaceChildren(...redeals);
    this.keysHelp.textContent = this.tr("ui.keys");
    this.fillGames();
    this.layoutKey = ""; // slot labels are language dependent
    this.update();
    this.renderRules();
  }

  toggleRules() {
    const open = this.rules.hidden;
    this.rules.hidden = !open;
    this.btn.rules.setAttribute("aria-pressed", String(open));
    this.renderRules();
  }

  renderRules() {
    if (this.rules.hidden) return;
    this.rules.innerHTML = renderMarkdown(String(this.model.get("rules") || ""));
  }

  // ---------------------------------------------------------------- drawing

  resize() {
    const w = Math.floor(this.root.clientWidth);
    if (w && Math.abs(w - this.width) >= 1) {
      this.width = w;
      this.layoutKey = "";
      this.draw();
    }
  }

  /** A new view arrived from Python. */
  update() {
    const v = this.view;
    if (!v || !v.piles) return;
    this.receivedAt = performance.now();
    if (v.version !== this.lastVersion) {
      // The table changed under the selection: drop it rather than point at other cards.
      if (this.lastVersion !== undefined) this.sel = null;
      this.lastVersion = v.version;
    }
    this.timerBase = { elapsed: v.timer ? v.timer.elapsed : 0, at: performance.now(), running: !!(v.timer && v.timer.running) };
    if (this.gameSel.value !== v.game) this.gameSel.value = v.game;
    const opts = v.options || {};
    // Only the options the catalog offers for this game get a selector.
    const offered = (this.catalog().find((g) => g.name === v.game) || { options: {} }).options;
    this.drawLabel.hidden = !("draw" in offered);
    this.redealLabel.hidden = !("redeals" in offered);
    if ("draw" in opts) this.drawSel.value = String(opts.draw);
    if ("redeals" in opts) {
      const val = opts.redeals === null ? "none" : String(opts.redeals);
      if (![...this.redealSel.options].some((o) => o.value === val)) this.redealSel.append(new Option(val, val));
      this.redealSel.value = val;
    }
    if (document.activeElement !== this.seedIn) this.seedIn.value = String(v.seed ?? "");
    this.btn.undo.disabled = !v.can_undo;
    this.btn.redo.disabled = !v.can_redo;
    this.btn.restart.disabled = !v.can_undo;
    const active = this.solverActive();
    this.btn.solve.textContent = this.tr(active ? "ui.stop" : "ui.solve");
    this.btn.solve.title = `${this.tr(active ? "ui.stop.title" : "ui.solve.title")} (S)`;
    this.btn.solve.setAttribute("aria-pressed", String(active));
    this.btn.solve.disabled = !active && v.status === "won";
    const set = v.settings || { exact_hint: false, warn_unwinnable: false };
    this.opt.exact_hint.checked = !!set.exact_hint;
    this.opt.warn_unwinnable.checked = !!set.warn_unwinnable;
    this.table.setAttribute("aria-label", this.tr("ui.table", { game: this.tr(`game.${v.game}`) }));
    this.draw();
    this.renderStatus();
    this.renderOverlay();
    this.renderClock();
    this.renderedAt = performance.now();
    this.root.dataset.version = String(v.version);
    this.root.dataset.seq = String(v.seq);
  }

  draw() {
    const v = this.view;
    if (!v || !v.piles || !this.width) return;
    const g = layoutTable(v.game, v.piles, this.width, { drawCount: v.draw_count });
    this.geom = g;
    this.table.style.height = `${g.height}px`;
    this.table.style.setProperty("--cw", `${g.cardW}px`);
    const key = `${v.game}|${g.width}|${g.slots.length}|${this.lang}|${v.base_rank}`;
    if (key !== this.layoutKey) {
      this.layoutKey = key;
      this.buildSlots(g);
    }
    this.placeSlots(g);
    this.placeCards(g);
    this.decorate();
  }

  /** @param {Geometry} g */
  buildSlots(g) {
    for (const e of this.slotEls.values()) e.remove();
    this.slotEls.clear();
    const v = this.view;
    for (const s of g.slots) {
      const e = h("div", `sw-slot sw-slot-${s.kind}${s.kind === "foundation" ? " sw-fslot" : ""}`, { "data-pile": s.pile, role: "button", tabindex: "-1" });
      const label = h("span");
      label.textContent = this.slotLabel(s.pile, v);
      e.append(label);
      Object.assign(e.style, { left: `${s.x}px`, top: `${s.y}px`, width: `${s.w}px`, height: `${s.h}px`, fontSize: `${Math.round(s.w * 0.42)}px` });
      this.table.insertBefore(e, this.table.firstChild);
      this.slotEls.set(s.pile, e);
    }
  }

  /** What an empty slot shows: the rank it accepts, or the stock's redeal state. @param {string} pile @param {View} v */
  slotLabel(pile, v) {
    const acc = (v.accepts || {})[pile];
    if (pile === "s") return v.redeals_left === 0 ? "✕" : "↻";
    return acc && acc.length <= 2 ? rankLabel(acc) : "";
  }

  /** @param {Geometry} g */
  placeSlots(g) {
    const v = this.view;
    for (const s of g.slots) {
      const e = this.slotEls.get(s.pile);
      if (!e) continue;
      const n = pileCards(v.piles, s.pile).length;
      const span = /** @type {HTMLElement} */ (e.firstChild);
      if (s.pile === "s") {
        // An empty stock shows whether clicking it recycles the waste.
        const canRedeal = (v.redeals_left === null || v.redeals_left > 0) && pileCards(v.piles, "w").length > 0 && v.game !== "kansas";
        span.textContent = n ? "" : canRedeal ? "↻" : "✕";
      }
      e.setAttribute("aria-label", this.slotAria(s.pile, n));
    }
    // Badges: stock count (+ redeals) and reserve count, on the slot's lower edge.
    const place = (/** @type {HTMLElement} */ b, /** @type {string} */ pile, /** @type {string} */ text) => {
      const s = g.slots.find((x) => x.pile === pile);
      b.hidden = !s || text === "";
      if (!s) return;
      b.textContent = text;
      b.style.left = `${s.x + s.w / 2}px`;
      b.style.top = `${s.y + s.h - 2}px`;
    };
    const left = v.stock_left ?? pileCards(v.piles, "s").length;
    place(this.badges.s, "s", left ? String(left) : "");
    place(this.badges.r, "r", v.reserve_left ? String(v.reserve_left) : "");
    const sSlot = g.slots.find((x) => x.pile === "s");
    if (sSlot) {
      const r = v.redeals_left;
      this.stockTag.hidden = v.game === "kansas";
      this.stockTag.textContent = r === null || r === undefined ? `↻ ${this.tr("st.unlimited")}` : `↻ ${r}`;
      this.stockTag.title = this.tr("st.redeals");
      this.stockTag.style.left = `${sSlot.x + sSlot.w / 2}px`;
      this.stockTag.style.top = `${sSlot.y + 6}px`;
    }
  }

  /** @param {string} pile @param {number} n */
  slotAria(pile, n) {
    const name = pileName(this.lang, pile);
    if (n) return `${name}, ${n}`;
    const v = this.view;
    const acc = (v.accepts || {})[pile];
    const empty = this.tr("slot.empty", { pile: name });
    if (!acc) return empty;
    const what = acc === "any" ? this.tr("accept.any") : acc === "waste" ? this.tr("accept.waste") : this.tr(`rank.${acc}`);
    return `${empty}, ${this.tr("slot.accepts", { what })}`;
  }

  /** @param {Geometry} g */
  placeCards(g) {
    const seen = new Set();
    const before = this.badges.s;
    g.cards.forEach((c, z) => {
      const key = c.code.toUpperCase();
      seen.add(key);
      let e = this.cardEls.get(key);
      if (!e) {
        e = h("div", "sw-card", { role: "button", tabindex: "-1" });
        this.cardEls.set(key, e);
        this.table.insertBefore(e, before);
      }
      const card = parseCard(c.code);
      const up = !!card && card.faceUp;
      if (e.dataset.card !== c.code) {
        e.dataset.card = c.code;
        e.classList.toggle("sw-down", !up);
        e.innerHTML = up ? cardSVG(c.code) : "";
      }
      e.dataset.pile = c.pile;
      e.dataset.index = String(c.index);
      e.style.left = `${c.x}px`;
      e.style.top = `${c.y}px`;
      e.style.width = `${g.cardW}px`;
      e.style.height = `${g.cardH}px`;
      e.style.zIndex = String(10 + z);
      e.style.transform = "";
      e.classList.remove("sw-drag", "sw-snap");
      const pileLabel = pileName(this.lang, c.pile);
      e.setAttribute("aria-label", up && card
        ? this.tr("card.on", { card: cardName(this.lang, card.rank, card.suit), pile: pileLabel })
        : this.tr("card.on", { card: this.tr("card.down"), pile: pileLabel }));
    });
    for (const [key, e] of this.cardEls) {
      if (!seen.has(key)) {
        e.remove();
        this.cardEls.delete(key);
      }
    }
  }

  /** The element that shows a pile's card at `index`, or the pile's slot. @param {string} pile @param {number} index */
  elementAt(pile, index) {
    if (index >= 0 && this.geom) {
      const c = this.geom.cards.find((x) => x.pile === pile && x.index === index);
      if (c) return this.cardEls.get(c.code.toUpperCase()) || null;
    }
    return this.slotEls.get(pile) || null;
  }

  /** Element of a pile's top card, or its slot when empty. @param {string} pile */
  topElement(pile) {
    const n = pileCards(this.view.piles, pile).length;
    return this.elementAt(pile, n - 1);
  }

  /** Selection, legal targets, hint and focus highlights. */
  decorate() {
    for (const e of this.table.querySelectorAll(".sw-sel,.sw-target,.sw-hint,.sw-focus")) {
      e.classList.remove("sw-sel", "sw-target", "sw-hint", "sw-focus");
    }
    for (const e of this.cardEls.values()) e.removeAttribute("aria-pressed");
    const v = this.view;
    if (this.sel) {
      const { pile, index } = this.sel;
      const n = pileCards(v.piles, pile).length;
      for (let i = index; i < n; i++) {
        const e = this.elementAt(pile, i);
        if (e) {
          e.classList.add("sw-sel");
          e.setAttribute("aria-pressed", "true");
        }
      }
      for (const tgt of targetsFor(v.legal || [], pile, n - index)) this.topElement(tgt)?.classList.add("sw-target");
    } else if (this.press && this.press.dragging) {
      for (const tgt of this.press.targets) this.topElement(tgt)?.classList.add("sw-target");
    }
    if (v.hint && !this.sel) {
      if (v.hint === "draw") this.topElement("s")?.classList.add("sw-hint");
      else {
        const p = parseAction(v.hint);
        if (p) {
          const n = pileCards(v.piles, p.source).length;
          for (let i = n - p.count; i < n; i++) this.elementAt(p.source, i)?.classList.add("sw-hint");
          this.topElement(p.target)?.classList.add("sw-hint");
        }
      }
    }
    this.clampFocus();
    const f = this.elementAt(this.focus.pile, this.focus.index);
    for (const e of this.table.querySelectorAll('[tabindex="0"]')) if (e !== this.table) e.setAttribute("tabindex", "-1");
    if (f) {
      f.setAttribute("tabindex", "0");
      if (this.keyboardActive && this.table.contains(document.activeElement)) {
        f.classList.add("sw-focus");
        if (document.activeElement !== f) f.focus({ preventScroll: true });
      }
    }
  }

  clampFocus() {
    const v = this.view;
    if (!v.piles || !this.geom) return;
    if (!this.geom.slots.some((s) => s.pile === this.focus.pile)) this.focus = { pile: this.geom.slots[0].pile, index: -1 };
    const n = pileCards(v.piles, this.focus.pile).length;
    if (this.focus.index >= n || this.focus.index < 0 || !this.elementAt(this.focus.pile, this.focus.index)) this.focus.index = n - 1;
  }

  renderStatus() {
    const v = this.view;
    const set = (/** @type {string} */ k, /** @type {string} */ label, /** @type {any} */ value, show = true) => {
      const s = this.st[k];
      s.hidden = !show;
      s.innerHTML = "";
      const b = h("b");
      b.textContent = `${label}:`;
      s.append(b, String(value));
    };
    set("score", this.tr("st.score"), v.score);
    set("moves", this.tr("st.moves"), v.moves);
    set("stock", this.tr("st.stock"), v.stock_left);
    set("reserve", this.tr("st.reserve"), v.reserve_left, v.reserve_left !== null && v.reserve_left !== undefined);
    set("base", this.tr("st.base"), v.base_rank ? this.tr(`rank.${v.base_rank}`) : "", !!v.base_rank);
    set("redeals", this.tr("st.redeals"), v.redeals_left === null ? this.tr("st.unlimited") : v.redeals_left, v.game !== "kansas");
    const note = v.notice;
    let text = note ? note.text : "";
    if (!text && this.sel) {
      const codes = pileCards(v.piles, this.sel.pile);
      const c = parseCard(codes[this.sel.index]);
      if (c) text = this.tr("st.selected", { card: cardName(this.lang, c.rank, c.suit) });
    }
    this.notice.textContent = text;
    this.warn.hidden = !v.warning;
    this.warn.textContent = v.warning ? v.warning.text : "";
    this.notice.className = `sw-notice${note && note.level === "error" ? " sw-error" : note && note.level === "won" ? " sw-good" : ""}`;
  }

  renderClock() {
    const b = this.timerBase;
    const s = b.elapsed + (b.running ? (performance.now() - b.at) / 1000 : 0);
    const span = this.st && this.st.time;
    if (!span) return;
    span.innerHTML = "";
    const lab = h("b");
    lab.textContent = `${this.tr("st.time")}:`;
    span.append(lab, clock(s));
  }

  renderOverlay() {
    const v = this.view;
    const show = (v.status === "won" || v.status === "lost") && this.overDismissed !== v.version;
    this.over.hidden = !show;
    if (!show) return;
    const won = v.status === "won";
    const panel = h("div", "sw-panel", { role: "dialog", "aria-modal": "false" });
    const title = h("h2");
    title.textContent = this.tr(won ? "over.won" : "over.lost");
    const sub = h("p");
    sub.textContent = this.tr(won ? "over.wonsub" : "over.lostsub", { score: v.score, moves: v.moves });
    const buttons = h("div");
    for (const [a, key] of [["undo", "ui.undo"], ["restart", "ui.restart"], ["new", "ui.new"], ["close", "ui.close"]]) {
      const b = h("button", a === "new" ? "sw-main" : "", { type: "button", "data-action": a });
      b.textContent = this.tr(key);
      if ((a === "undo" || a === "restart") && !v.can_undo) b.disabled = true;
      buttons.append(b);
    }
    panel.append(title, sub, buttons);
    panel.setAttribute("aria-label", title.textContent || "");
    this.over.replaceChildren(panel);
    this.over.dataset.status = v.status;
  }

  // ---------------------------------------------------------------- mouse

  /** @param {PointerEvent} e */
  pointInTable(e) {
    const r = this.table.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  /** Pile and index of the element under an event. @param {Event} e */
  targetOf(e) {
    const el = /** @type {HTMLElement} */ (e.target).closest?.("[data-pile]");
    if (!el || !(el instanceof HTMLElement)) return null;
    const pile = el.dataset.pile || "";
    const index = el.dataset.index === undefined ? -1 : Number(el.dataset.index);
    return { pile, index, el };
  }

  /** @param {PointerEvent} e */
  onDown(e) {
    if (e.button !== 0 || !this.over.hidden) return;
    this.keyboardActive = false;
    const hit = this.targetOf(e);
    if (!hit) return;
    const p = this.pointInTable(e);
    this.press = { ...hit, x0: p.x, y0: p.y, id: e.pointerId, dragging: false, els: [], targets: [] };
    // preventDefault below keeps the browser from focusing anything, so take keyboard
    // focus ourselves: keys typed after a click belong to the table, not to the notebook.
    if (!this.table.contains(document.activeElement)) {
      this.pointerFocus = true;
      // focusVisible: a mouse user needs no focus ring (Chrome 122+, ignored elsewhere).
      this.table.focus(/** @type {FocusOptions} */ ({ preventScroll: true, focusVisible: false }));
      this.pointerFocus = false;
    }
    // Capture keeps the drag alive outside the table without a window listener.
    try {
      this.table.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events have no active pointer */
    }
    e.preventDefault();
  }

  /** @param {PointerEvent} e */
  onMove(e) {
    const pr = this.press;
    if (!pr || pr.id !== e.pointerId) return;
    const p = this.pointInTable(e);
    const dx = p.x - pr.x0;
    const dy = p.y - pr.y0;
    if (!pr.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!this.startDrag(pr)) return;
    }
    for (const el of pr.els) el.style.transform = `translate(${dx}px,${dy}px)`;
  }

  /** Lifts the pressed card and those above it, if it may be picked up at all. @param {any} pr */
  startDrag(pr) {
    const v = this.view;
    const codes = pileCards(v.piles, pr.pile);
    if (pr.index < 0 || pr.pile === "s") return false;
    const c = parseCard(codes[pr.index]);
    if (!c || !c.faceUp) return false;
    // A stacked pile (waste, reserve, foundation) only ever gives its top card.
    const index = pr.pile[0] === "t" ? pr.index : codes.length - 1;
    pr.index = index;
    pr.count = codes.length - index;
    pr.dragging = true;
    this.sel = null;
    pr.els = [];
    for (let i = index; i < codes.length; i++) {
      const el = this.elementAt(pr.pile, i);
      if (el) {
        el.classList.add("sw-drag");
        pr.els.push(el);
      }
    }
    pr.targets = targetsFor(v.legal || [], pr.pile, pr.count);
    this.decorate();
    return true;
  }

  /** @param {PointerEvent} e */
  onUp(e) {
    const pr = this.press;
    if (!pr || pr.id !== e.pointerId) return;
    this.press = null;
    if (!pr.dragging) {
      this.click(pr.pile, pr.index);
      return;
    }
    const p = this.pointInTable(e);
    const first = this.geom && this.geom.cards.find((c) => c.pile === pr.pile && c.index === pr.index);
    const target = first && this.geom ? dropTarget(this.geom, first.x + p.x - pr.x0, first.y + p.y - pr.y0, pr.pile, pr.targets) : null;
    if (target && pr.targets.includes(target)) {
      // Leave the cards where they were dropped; the new view puts them in place.
      this.send("move", { action: formatAction(pr.pile, target, pr.count) });
    } else {
      this.snapBack(pr.els);
      // An illegal drop still goes to Python, which answers with the reason.
      if (target) this.send("move", { action: formatAction(pr.pile, target, pr.count) });
    }
    this.decorate();
  }

  cancelDrag() {
    const pr = this.press;
    if (!pr) return;
    this.press = null;
    if (pr.dragging) this.snapBack(pr.els);
    this.decorate();
  }

  /** @param {HTMLElement[]} els */
  snapBack(els) {
    for (const el of els) {
      el.classList.remove("sw-drag");
      el.classList.add("sw-snap");
      el.style.transform = "";
    }
  }

  /**
   * Click-to-move. The first click selects a card and those above it; a click on a
   * highlighted pile moves them there. A quick second click on the same card sends
   * it to a foundation, like Aisleriot's double-click.
   * @param {string} pile @param {number} index -1 for an empty slot
   */
  click(pile, index) {
    const v = this.view;
    const codes = pileCards(v.piles, pile);
    const now = performance.now();
    const last = this.lastClick;
    this.lastClick = null;
    if (pile === "s") {
      this.sel = null;
      this.send("draw");
      return;
    }
    if (last && last.pile === pile && now - last.at < DOUBLE_CLICK_MS && pile !== "s") {
      this.sel = null;
      this.send("foundation", { pile });
      return;
    }
    if (this.sel) {
      const from = this.sel;
      if (from.pile === pile) {
        this.sel = null;
        this.lastClick = { pile, at: now };
        this.decorate();
        this.renderStatus();
        return;
      }
      const count = pileCards(v.piles, from.pile).length - from.index;
      const targets = targetsFor(v.legal || [], from.pile, count);
      if (!targets.includes(pile) && this.selectable(pile, index)) {
        const idx = pile[0] === "t" ? index : codes.length - 1;
        if (canStart(v.legal || [], pile, codes.length - idx)) {
          this.select(pile, idx, now);
          return;
        }
      }
      this.sel = null;
      this.send("move", { action: formatAction(from.pile, pile, count) });
      this.decorate();
      return;
    }
    if (this.selectable(pile, index)) {
      this.select(pile, pile[0] === "t" ? index : codes.length - 1, now);
    }
  }

  /** @param {string} pile @param {number} index @param {number} now */
  select(pile, index, now) {
    this.sel = { pile, index };
    this.lastClick = { pile, at: now };
    this.focus = { pile, index };
    this.decorate();
    this.renderStatus();
  }

  /** A face-up card that is not the stock's. @param {string} pile @param {number} index */
  selectable(pile, index) {
    if (pile === "s" || index < 0) return false;
    const c = parseCard(pileCards(this.view.piles, pile)[index]);
    return !!c && c.faceUp;
  }

  // ---------------------------------------------------------------- keyboard

  focusCurrent() {
    this.keyboardActive = true;
    this.clampFocus();
    const f = this.elementAt(this.focus.pile, this.focus.index);
    if (f) {
      this.decorate();
      f.focus({ preventScroll: true });
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const tag = /** @type {HTMLElement} */ (e.target).tagName;
    const inField = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
    const inTable = this.table.contains(/** @type {Node} */ (e.target));
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key;
    let done = true;
    if (ctrl && (key === "z" || key === "Z")) this.command(e.shiftKey ? "redo" : "undo");
    else if (ctrl && (key === "y" || key === "Y")) this.command("redo");
    else if (inField || ctrl && key !== "Enter" || e.altKey) done = false;
    else if (inTable && key.startsWith("Arrow")) {
      const dir = /** @type {"left"|"right"|"up"|"down"} */ (key.slice(5).toLowerCase());
      if (this.geom) this.focus = moveFocus(this.geom, this.focus, dir, (p) => pileCards(this.view.piles, p));
      this.keyboardActive = true;
      this.decorate();
      this.renderStatus();
    } else if (inTable && (key === "Enter" || key === " ")) {
      this.keyboardActive = true;
      if (ctrl) {
        this.sel = null;
        this.send("foundation", { pile: this.focus.pile });
      } else {
        this.lastClick = null; // keys never make a double-click
        this.click(this.focus.pile, this.focus.index);
        this.lastClick = null;
      }
    } else if (key === "Escape") {
      this.sel = null;
      this.decorate();
      this.renderStatus();
    } else if (key === "d" || key === "D") this.command("draw");
    else if (key === "h" || key === "H") this.command("hint");
    else if (key === "u" || key === "U") this.command("undo");
    else if (key === "r" || key === "R") this.command("redo");
    else if (key === "a" || key === "A") this.command("autoplay");
    else if (key === "s" || key === "S") this.send(this.solverActive() ? "stop" : "solve");
    else if (key === "n" || key === "N") this.send("new", { seed: null });
    else done = false;
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
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
