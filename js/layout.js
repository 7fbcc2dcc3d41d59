// @ts-check
/**
 * Table geometry: where every slot and card goes, in pixels, for a given cell width.
 * The slot positions are Aisleriot's own (its games' `set-layout` calls, in card units);
 * everything here is a pure function of (game, piles, width) so node --test covers it.
 */

/** @typedef {"stock"|"waste"|"reserve"|"foundation"|"tableau"} SlotKind */
/** @typedef {{pile: string, kind: SlotKind, ux: number, uy: number, fan: "down"|"right"|"none"}} SlotSpec */
/** @typedef {{pile: string, kind: SlotKind, x: number, y: number, w: number, h: number}} SlotBox */
/** @typedef {{pile: string, index: number, code: string, x: number, y: number}} CardBox */
/**
 * @typedef {{width: number, height: number, cardW: number, cardH: number,
 *   slots: SlotBox[], cards: CardBox[], offsetX: number}} Geometry
 */

export const CARD_RATIO = 1.4; // height / width, a poker card
export const GAP = 0.16; // space between slots, in card widths
export const ROW = 1.12; // one layout unit downwards, in card heights
export const MARGIN = 0.3; // table edge, in card widths
export const MAX_CARD_W = 112; // past this, bigger cards only waste screen
export const MIN_CARD_W = 40;
export const FAN_UP = 0.27; // face-up cards overlap, in card heights
export const FAN_DOWN = 0.1; // face-down cards overlap less: only their backs show
export const WASTE_FAN = 0.24; // three-card deals: visible waste spread, in card widths

/** @param {string} pile @param {SlotKind} kind @param {number} ux @param {number} uy @param {"down"|"right"|"none"} [fan] @returns {SlotSpec} */
const slot = (pile, kind, ux, uy, fan = "none") => ({ pile, kind, ux, uy, fan });

/**
 * Slot positions from Aisleriot's layouts (RULES-REFERENCE 1.1, 2.1, 3.1).
 * `maxFan` bounds a column's spread (card heights below its first card): long Kansas and
 * Saratoga columns are squeezed to fit instead of growing the cell without bound.
 * @type {Record<string, {slots: (nTableau: number, drawCount: number) => SlotSpec[], cols: number, maxFan: number}>}
 */
export const LAYOUTS = {
  "eagle-wing": {
    cols: 9,
    maxFan: 0.7, // a wing holds at most three cards
    slots: () => [
      slot("s", "stock", 0, 0),
      slot("w", "waste", 1, 0),
      ...[0, 1, 2, 3].map((i) => slot(`f${i}`, "foundation", 3 + i, 0)),
      // The two wings rise towards the trunk (the reserve) in the middle.
      ...[1.2, 1.1, 1.0, 1.1].map((uy, i) => slot(`t${i}`, "tableau", i, uy, "down")),
      slot("r", "reserve", 4, 1.35),
      ...[1.1, 1.0, 1.1, 1.2].map((uy, i) => slot(`t${i + 4}`, "tableau", 5 + i, uy, "down")),
    ],
  },
  saratoga: {
    cols: 7,
    maxFan: 2.6,
    slots: (n, drawCount) => [
      slot("s", "stock", 0, 0),
      slot("w", "waste", 1, 0, drawCount > 1 ? "right" : "none"),
      ...[0, 1, 2, 3].map((i) => slot(`f${i}`, "foundation", 3 + i, 0)),
      ...Array.from({ length: n }, (_, i) => slot(`t${i}`, "tableau", i, 1, "down")),
    ],
  },
  kansas: {
    cols: 6.5,
    maxFan: 2.6,
    slots: (n) => [
      slot("s", "stock", 0, 0),
      slot("w", "waste", 1, 0),
      ...[0, 1, 2, 3].map((i) => slot(`f${i}`, "foundation", 2.5 + i, 0)),
      slot("r", "reserve", 0, 1),
      ...Array.from({ length: n }, (_, i) => slot(`t${i}`, "tableau", 3.5 + i, 1, "down")),
    ],
  },
};

/**
 * Card width that fills `width` with the game's columns, within sensible bounds.
 * @param {number} cols @param {number} width
 */
export function cardWidthFor(cols, width) {
  const units = 2 * MARGIN + cols + (cols - 1) * GAP;
  return Math.max(MIN_CARD_W, Math.min(MAX_CARD_W, Math.floor(width / units)));
}

/**
 * The largest card width whose table stays within `maxHeight`: a notebook cell should
 * not need scrolling to see the bottom of a column.
 * @param {number} rows lowest slot's row, in layout units @param {number} maxFan @param {number} maxHeight
 */
export function cardWidthForHeight(rows, maxFan, maxHeight) {
  const perW = CARD_RATIO * (rows * ROW + 1 + maxFan) + 2 * MARGIN;
  return Math.max(MIN_CARD_W, Math.floor(maxHeight / perW));
}

export const MAX_TABLE_H = 640;

/**
 * Offsets of each card in a downward fan: face-down cards closer together, face-up
 * ones further, all scaled down together when the column would pass `maxFan`.
 * @param {string[]} codes bottom to top @param {number} cardH @param {number} maxFan
 * @returns {number[]}
 */
export function fanOffsets(codes, cardH, maxFan) {
  /** @type {number[]} */
  const steps = codes.map((c, i) => (i === 0 ? 0 : (isFaceDown(codes[i - 1]) ? FAN_DOWN : FAN_UP) * cardH));
  const total = steps.reduce((a, b) => a + b, 0);
  const limit = maxFan * cardH;
  const k = total > limit ? limit / total : 1;
  /** @type {number[]} */
  const out = [];
  let y = 0;
  for (const s of steps) {
    y += s * k;
    out.push(Math.round(y));
  }
  return out;
}

/** @param {string} code */
function isFaceDown(code) {
  return code !== code.toUpperCase();
}

/**
 * How many cards of a stacked pile to draw: only the top ones can be seen, and the one
 * below the top shows while the top is dragged away.
 */
export const STACK_SHOWN = 2;

/**
 * Lays the table out.
 * @param {string} game
 * @param {{s?: string[], w?: string[], r?: string[], f?: string[][], t?: string[][]}} piles
 * @param {number} width available width in pixels
 * @param {{drawCount?: number, maxHeight?: number}} [opts]
 * @returns {Geometry}
 */
export function layoutTable(game, piles, width, opts = {}) {
  const spec = LAYOUTS[game] || LAYOUTS.saratoga;
  const tableau = piles.t || [];
  const drawCount = opts.drawCount || 1;
  const specs = spec.slots(tableau.length, drawCount);
  const lowest = Math.max(...specs.map((s) => s.uy));
  const cardW = Math.min(cardWidthFor(spec.cols, width), cardWidthForHeight(lowest, spec.maxFan, opts.maxHeight || MAX_TABLE_H));
  const cardH = Math.round(cardW * CARD_RATIO);
  const step = cardW * (1 + GAP);
  const boardW = cardW * (spec.cols + (spec.cols - 1) * GAP + 2 * MARGIN);
  // Centre the board when the card size hit its maximum and the cell is wider.
  const offsetX = Math.max(0, Math.round((width - boardW) / 2));
  const m = MARGIN * cardW;
  /** @type {SlotBox[]} */
  const slots = [];
  /** @type {CardBox[]} */
  const cards = [];
  let bottom = 0;
  for (const s of specs) {
    const x = Math.round(offsetX + m + s.ux * step);
    const y = Math.round(m + s.uy * cardH * ROW);
    slots.push({ pile: s.pile, kind: s.kind, x, y, w: cardW, h: cardH });
    const codes = pileCards(piles, s.pile);
    if (s.fan === "down") {
      const offs = fanOffsets(codes, cardH, spec.maxFan);
      codes.forEach((code, index) => cards.push({ pile: s.pile, index, code, x, y: y + offs[index] }));
      bottom = Math.max(bottom, y + cardH + spec.maxFan * cardH);
    } else if (s.fan === "right") {
      // Three-card deals: the last three waste cards spread to the right, top card last.
      const first = Math.max(0, codes.length - 3);
      codes.forEach((code, index) => {
        if (index < first - 1) return;
        const k = Math.max(0, index - first);
        cards.push({ pile: s.pile, index, code, x: Math.round(x + k * WASTE_FAN * cardW), y });
      });
    } else {
      codes.forEach((code, index) => {
        if (index >= codes.length - STACK_SHOWN) cards.push({ pile: s.pile, index, code, x, y });
      });
    }
    bottom = Math.max(bottom, y + cardH);
  }
  return { width: Math.round(Math.max(width, boardW)), height: Math.ceil(bottom + m), cardW, cardH, slots, cards, offsetX };
}

/**
 * The cards of one pile by its id ("s", "w", "r", "f2", "t5").
 * @param {{s?: string[], w?: string[], r?: string[], f?: string[][], t?: string[][]}} piles
 * @param {string} pile
 * @returns {string[]}
 */
export function pileCards(piles, pile) {
  const kind = pile[0];
  if (kind === "f" || kind === "t") {
    const list = kind === "f" ? piles.f : piles.t;
    return (list && list[Number(pile.slice(1))]) || [];
  }
  const p = /** @type {Record<string, string[] | undefined>} */ (piles)[kind];
  return Array.isArray(p) ? p : [];
}
