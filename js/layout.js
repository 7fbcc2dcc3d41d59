// @ts-check
import { faceUp } from "./cards.js";

/**
 * Table geometry: where every slot and card goes, in pixels, for a given cell width.
 * The slot positions come in the view's `layout` (Aisleriot's own, from Python);
 * everything here is a pure function of (layout, piles, width) so node --test covers it.
 */

/** @typedef {"stock"|"waste"|"reserve"|"foundation"|"tableau"} SlotKind */
/**
 * One slot of the view's `layout` (solitaire_widget/layouts.py): x in card widths, y in
 * rows, and how its cards spread.
 * @typedef {{pile: string, kind: SlotKind, x: number, y: number, fan: "down"|"right"|"none"}} SlotSpec
 */
/**
 * What the view says about the table's shape (layouts.py TableSpec; tests/test_protocol.py
 * holds the two equal, as SlotSpec). The page knows no game by name: every game-specific
 * fact arrives here from Python's rules.
 * @typedef {{cols: number, max_fan: number, slots: SlotSpec[], recycles: boolean}} TableSpec
 */
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
// Small enough that a nine-column table fits a 272 px cell (a phone, or Lab with
// its file browser open in a narrow window): a small card beats one out of reach.
export const MIN_CARD_W = 20;
export const FAN_UP = 0.27; // face-up cards overlap, in card heights
export const FAN_DOWN = 0.1; // face-down cards overlap less: only their backs show
export const WASTE_FAN = 0.24; // three-card deals: visible waste spread, in card widths

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
  return Math.floor(maxHeight / perW);
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
  const steps = codes.map((_, i) =>
    i === 0 ? 0 : (faceUp(codes[i - 1]) ? FAN_UP : FAN_DOWN) * cardH,
  );
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

/**
 * How many cards of a stacked pile to draw: only the top ones can be seen, and the one
 * below the top shows while the top is dragged away.
 */
export const STACK_SHOWN = 2;

/**
 * Lays the table out.
 * @param {TableSpec} spec the view's `layout`
 * @param {{s?: string[], w?: string[], r?: string[], f?: string[][], t?: string[][]}} piles
 * @param {number} width available width in pixels
 * @param {{maxHeight?: number}} [opts]
 * @returns {Geometry}
 */
export function layoutTable(spec, piles, width, opts = {}) {
  const specs = spec.slots;
  const lowest = Math.max(...specs.map((s) => s.y));
  const byHeight = cardWidthForHeight(lowest, spec.max_fan, opts.maxHeight || MAX_TABLE_H);
  // The width decides first: every pile must stay on the table however narrow the cell.
  const cardW = Math.max(MIN_CARD_W, Math.min(cardWidthFor(spec.cols, width), byHeight));
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
    const x = Math.round(offsetX + m + s.x * step);
    const y = Math.round(m + s.y * cardH * ROW);
    slots.push({ pile: s.pile, kind: s.kind, x, y, w: cardW, h: cardH });
    const codes = pileCards(piles, s.pile);
    if (s.fan === "down") {
      const offs = fanOffsets(codes, cardH, spec.max_fan);
      codes.forEach((code, index) => {
        cards.push({ pile: s.pile, index, code, x, y: y + offs[index] });
      });
      // The felt is as tall as the columns are now, plus one more face-up card: room
      // to drop on the longest one without the cell growing under the pointer.
      const fan = offs.length ? offs[offs.length - 1] : 0;
      bottom = Math.max(bottom, y + cardH + Math.min(fan + FAN_UP * cardH, spec.max_fan * cardH));
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
  return {
    width: Math.round(Math.max(width, boardW)),
    height: Math.ceil(bottom + m),
    cardW,
    cardH,
    slots,
    cards,
    offsetX,
  };
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
    return list?.[Number(pile.slice(1))] || [];
  }
  const p = /** @type {Record<string, string[] | undefined>} */ (piles)[kind];
  return Array.isArray(p) ? p : [];
}
