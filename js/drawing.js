// @ts-check
/**
 * Drawing the felt: slots, cards, the stock's and reserve's badges, and the highlights
 * (selection, legal targets, hint, keyboard focus). Everything is positioned from the
 * geometry of layout.js; the cards are SVG from cardsvg.js. A face-down card is a back
 * with no name: the view sends none (cards.js DOWN), and its element carries no
 * `data-card`. What it keeps between draws (the elements, the layout they are for) is its
 * own Felt; the geometry it lays out goes back to the table (widget.js keeps it in its
 * state, where pointer.js and the keyboard read it).
 */
import { parseAction, parseCard, rankLabel, targetsFor } from "./cards.js";
import { backSVG, cardSVG } from "./cardsvg.js";
import { h } from "./dom.js";
import { cardName, pileName } from "./i18n.js";
import { layoutTable, pileCards } from "./layout.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/**
 * The felt's own memory, written only here: the element of each card (by cardKey) and
 * of each slot (by pile), and the layout they were built for (`key`; "" builds again).
 * @typedef {{cards: Map<string, HTMLElement>, slots: Map<string, HTMLElement>, key: string}} Felt
 */

/** @returns {Felt} */
export const newFelt = () => ({ cards: new Map(), slots: new Map(), key: "" });

/** The slots are built again at the next draw (a new width, language or game). @param {Felt} f */
export function relayout(f) {
  f.key = "";
}
/** @typedef {import("./view.js").View} View */
/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./layout.js").CardBox} CardBox */
/** @typedef {import("./view.js").Setup} Setup */

/**
 * What an empty stock shows: ↻ when a click turns the waste over, ✕ when nothing will
 * come of it. Whether the game recycles at all comes from the rules (layout.recycles).
 * @param {View} v @param {Setup} setup
 */
export function emptyStockMark(v, setup) {
  const recycles = !!setup.layout?.recycles;
  const left =
    v.redeals_left === null || (typeof v.redeals_left === "number" && v.redeals_left > 0);
  return recycles && left && pileCards(v.piles, "w").length > 0 ? "↻" : "✕";
}

/**
 * The rank an empty slot takes, printed in its outline ("" for none).
 * @param {string} pile @param {View} v @param {Setup} setup
 */
export function slotLabel(pile, v, setup) {
  if (pile === "s") return emptyStockMark(v, setup);
  const acc = setup.accepts?.[pile];
  return acc && acc.length <= 2 ? rankLabel(acc) : "";
}

/**
 * Lays out and draws the view at the table's width; returns the geometry (null when
 * there is nothing to draw yet), which the table keeps before it decorates.
 * @param {Table} t @returns {Geometry | null}
 */
export function draw(t) {
  const v = t.shownView();
  const setup = t.setup;
  const width = t.state.width;
  if (!v?.piles || !setup.layout || !width) return null;
  const g = layoutTable(setup.layout, v.piles, width);
  t.table.style.height = `${g.height}px`;
  t.table.style.setProperty("--cw", `${g.cardW}px`);
  const key = `${g.width}|${g.cardW}|${g.slots.map((s) => s.pile).join()}|${t.lang}|${v.base_rank}`;
  if (key !== t.felt.key) {
    t.felt.key = key;
    buildSlots(t, g, v, setup);
  }
  placeSlots(t, g, v, setup);
  placeCards(t, g);
  return g;
}

/** @param {Table} t @param {Geometry} g @param {View} v @param {Setup} setup */
function buildSlots(t, g, v, setup) {
  const slots = t.felt.slots;
  for (const e of slots.values()) e.remove();
  slots.clear();
  for (const s of g.slots) {
    const e = h("div", `sw-slot sw-slot-${s.kind}${s.kind === "foundation" ? " sw-fslot" : ""}`, {
      "data-pile": s.pile,
      role: "button",
      tabindex: "-1",
    });
    const label = h("span");
    label.textContent = slotLabel(s.pile, v, setup);
    e.append(label);
    Object.assign(e.style, {
      left: `${s.x}px`,
      top: `${s.y}px`,
      width: `${s.w}px`,
      height: `${s.h}px`,
      fontSize: `${Math.round(s.w * 0.42)}px`,
    });
    t.table.insertBefore(e, t.table.firstChild);
    slots.set(s.pile, e);
  }
}

/** @param {Table} t @param {Geometry} g @param {View} v @param {Setup} setup */
function placeSlots(t, g, v, setup) {
  for (const s of g.slots) {
    const e = t.felt.slots.get(s.pile);
    if (!e) continue;
    const n = pileCards(v.piles, s.pile).length;
    const span = /** @type {HTMLElement} */ (e.firstChild);
    if (s.pile === "s") span.textContent = n ? "" : emptyStockMark(v, setup);
    e.setAttribute("aria-label", slotAria(t, setup, s.pile, n));
  }
  // Badges: stock count (+ redeals) and reserve count, on the slot's lower edge.
  const place = (
    /** @type {HTMLElement} */ b,
    /** @type {string} */ pile,
    /** @type {string} */ text,
  ) => {
    const s = g.slots.find((x) => x.pile === pile);
    b.hidden = !s || text === "";
    if (!s) return;
    b.textContent = text;
    b.style.left = `${s.x + s.w / 2}px`;
    b.style.top = `${s.y + s.h - 2}px`;
  };
  const left = v.stock_left ?? pileCards(v.piles, "s").length;
  place(t.badges.s, "s", left ? String(left) : "");
  place(t.badges.r, "r", v.reserve_left ? String(v.reserve_left) : "");
  const sSlot = g.slots.find((x) => x.pile === "s");
  if (sSlot) {
    const r = v.redeals_left;
    t.stockTag.hidden = !setup.layout.recycles;
    t.stockTag.textContent = r === null || r === undefined ? `↻ ${t.tr("st.unlimited")}` : `↻ ${r}`;
    t.stockTag.title = t.tr("st.redeals");
    t.stockTag.style.left = `${sSlot.x + sSlot.w / 2}px`;
    t.stockTag.style.top = `${sSlot.y + 6}px`;
  }
}

/** @param {Table} t @param {Setup} setup @param {string} pile @param {number} n */
function slotAria(t, setup, pile, n) {
  const name = pileName(t.lang, pile);
  if (n) return `${name}, ${n}`;
  const acc = setup.accepts?.[pile];
  const empty = t.tr("slot.empty", { pile: name });
  if (!acc) return empty;
  const what =
    acc === "any"
      ? t.tr("accept.any")
      : acc === "waste"
        ? t.tr("accept.waste")
        : acc === "none"
          ? t.tr("accept.none")
          : t.tr(`rank.${acc}`);
  return `${empty}, ${t.tr("slot.accepts", { what })}`;
}

/**
 * The key of a card's element: a face-up card's code (its element follows it from pile
 * to pile, so it slides); a face-down card, which has no name, its place.
 * @param {CardBox} c
 */
export function cardKey(c) {
  const card = parseCard(c.code);
  return card?.faceUp ? card.code : `${c.pile}:${c.index}`;
}

/**
 * Places every card. A face-up card that has no element yet (turned over, or dealt from
 * the stock) takes the nearest back that left its place in this view, so it turns over
 * where it lay, or slides from the stock to the waste; the other new cards get new ones.
 * @param {Table} t @param {Geometry} g
 */
function placeCards(t, g) {
  const keys = g.cards.map(cardKey);
  const wanted = new Set(keys);
  const els = t.felt.cards;
  /** @type {HTMLElement[]} backs whose card is no longer where it was */
  const backs = [];
  for (const [key, e] of els) {
    if (!wanted.has(key)) {
      els.delete(key);
      if (e.classList.contains("sw-down")) backs.push(e);
      else e.remove();
    }
  }
  const before = t.badges.s;
  const { deck, back, large } = t.deckStyle();
  t.root.dataset.deck = deck;
  g.cards.forEach((c, z) => {
    const key = keys[z];
    let e = els.get(key);
    const card = parseCard(c.code);
    const up = !!card && card.faceUp;
    if (!e) {
      let best = -1;
      let dist = Infinity;
      if (up) {
        backs.forEach((f, i) => {
          const d = Math.hypot(parseFloat(f.style.left) - c.x, parseFloat(f.style.top) - c.y);
          if (d < dist) {
            dist = d;
            best = i;
          }
        });
      }
      e =
        best >= 0
          ? backs.splice(best, 1)[0]
          : h("div", "sw-card", { role: "button", tabindex: "-1" });
      if (best < 0) t.table.insertBefore(e, before);
      els.set(key, e);
    }
    const wasDown = e.classList.contains("sw-down");
    // what the element shows, so a new deck or back redraws it (a back names no card)
    const face = up ? `${c.code} ${deck} ${large}` : back;
    if (e.dataset.face !== face) {
      e.dataset.face = face;
      e.innerHTML = up ? cardSVG(c.code, deck, large) : backSVG(back);
    }
    if (up) {
      e.dataset.card = c.code;
      e.classList.remove("sw-down");
    } else {
      e.removeAttribute("data-card");
      e.classList.add("sw-down");
    }
    // a card that lay face down a moment ago shows it turning over
    e.classList.toggle("sw-turn", up && wasDown);
    e.dataset.pile = c.pile;
    e.dataset.index = String(c.index);
    e.style.left = `${c.x}px`;
    e.style.top = `${c.y}px`;
    e.style.width = `${g.cardW}px`;
    e.style.height = `${g.cardH}px`;
    e.style.zIndex = String(10 + z);
    e.style.transform = "";
    e.classList.remove("sw-drag", "sw-snap");
    const pileLabel = pileName(t.lang, c.pile);
    e.setAttribute(
      "aria-label",
      up && card
        ? t.tr("card.on", { card: cardName(t.lang, card.rank, card.suit), pile: pileLabel })
        : t.tr("card.on", { card: t.tr("card.down"), pile: pileLabel }),
    );
  });
  for (const e of backs) e.remove();
}

/** The element that shows a pile's card at `index`, or the pile's slot. @param {Table} t @param {string} pile @param {number} index */
export function elementAt(t, pile, index) {
  const g = t.state.geom;
  if (index >= 0 && g) {
    const c = g.cards.find((x) => x.pile === pile && x.index === index);
    if (c) return t.felt.cards.get(cardKey(c)) || null;
  }
  return t.felt.slots.get(pile) || null;
}

/** Element of a pile's top card, or its slot when empty. @param {Table} t @param {string} pile */
export function topElement(t, pile) {
  const n = pileCards(t.shownView().piles, pile).length;
  return elementAt(t, pile, n - 1);
}

/**
 * Selection, legal targets, hint and focus highlights. The focus is kept on a card or
 * slot that exists (clampedFocus, told to the table).
 * @param {Table} t
 */
export function decorate(t) {
  for (const e of t.table.querySelectorAll(".sw-sel,.sw-target,.sw-hint,.sw-focus")) {
    e.classList.remove("sw-sel", "sw-target", "sw-hint", "sw-focus");
  }
  for (const e of t.felt.cards.values()) e.removeAttribute("aria-pressed");
  const v = t.shownView();
  const { sel, press } = t.state;
  if (sel) {
    const { pile, index } = sel;
    const n = pileCards(v.piles, pile).length;
    for (let i = index; i < n; i++) {
      const e = elementAt(t, pile, i);
      if (e) {
        e.classList.add("sw-sel");
        e.setAttribute("aria-pressed", "true");
      }
    }
    for (const tgt of targetsFor(v.legal || [], pile, n - index))
      topElement(t, tgt)?.classList.add("sw-target");
  } else if (press?.dragging) {
    for (const tgt of press.targets) topElement(t, tgt)?.classList.add("sw-target");
  }
  if (v.hint && !sel) {
    if (v.hint === "draw") topElement(t, "s")?.classList.add("sw-hint");
    else {
      const p = parseAction(v.hint);
      if (p) {
        const n = pileCards(v.piles, p.source).length;
        for (let i = n - p.count; i < n; i++) elementAt(t, p.source, i)?.classList.add("sw-hint");
        topElement(t, p.target)?.classList.add("sw-hint");
      }
    }
  }
  const focus = clampedFocus(t);
  if (focus !== t.state.focus) t.setFocus(focus);
  const f = elementAt(t, focus.pile, focus.index);
  for (const e of t.table.querySelectorAll('[tabindex="0"]'))
    if (e !== t.table) e.setAttribute("tabindex", "-1");
  if (f) {
    f.setAttribute("tabindex", "0");
    const active = t.el.ownerDocument.activeElement;
    if (t.state.keyboard && t.table.contains(active)) {
      f.classList.add("sw-focus");
      if (active !== f) f.focus({ preventScroll: true });
    }
  }
}

/**
 * The keyboard focus moved onto a card or slot that exists: the table's own when it is on
 * one (or nothing is laid out yet), else its pile's top card, or the first slot's.
 * @param {Table} t
 */
export function clampedFocus(t) {
  const v = t.shownView();
  const { focus, geom } = t.state;
  if (!v.piles || !geom) return focus;
  const pile = geom.slots.some((s) => s.pile === focus.pile) ? focus.pile : geom.slots[0].pile;
  const index = pile === focus.pile ? focus.index : -1;
  const n = pileCards(v.piles, pile).length;
  if (index >= n || index < 0 || !elementAt(t, pile, index)) return { pile, index: n - 1 };
  return pile === focus.pile ? focus : { pile, index };
}
