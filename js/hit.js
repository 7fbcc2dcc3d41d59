// @ts-check
/**
 * Hit testing on the laid-out table, in the table's pixel coordinates: which card is
 * under the pointer, and which pile a dragged group lands on. Aisleriot picks the drop
 * target from the dragged card's centre first, then its corners; so do we.
 */

import { faceUp } from "./cards.js";

/** @typedef {import("./layout.js").Geometry} Geometry */

/**
 * @param {{x: number, y: number}} r @param {number} w @param {number} h
 * @param {number} px @param {number} py
 */
function inside(r, w, h, px, py) {
  return px >= r.x && px < r.x + w && py >= r.y && py < r.y + h;
}

/**
 * The topmost card (or, failing that, the empty slot) under a point.
 * @param {Geometry} g @param {number} px @param {number} py
 * @returns {{pile: string, index: number} | null} index -1 for an empty slot
 */
export function hitTest(g, px, py) {
  for (let i = g.cards.length - 1; i >= 0; i--) {
    const c = g.cards[i];
    if (inside(c, g.cardW, g.cardH, px, py)) return { pile: c.pile, index: c.index };
  }
  for (const s of g.slots) if (inside(s, s.w, s.h, px, py)) return { pile: s.pile, index: -1 };
  return null;
}

/**
 * The area a pile occupies: its slot grown to cover its fanned cards.
 * @param {Geometry} g @param {string} pile
 */
export function pileBounds(g, pile) {
  const s = g.slots.find((x) => x.pile === pile);
  if (!s) return null;
  let x1 = s.x + s.w;
  let y1 = s.y + s.h;
  for (const c of g.cards) {
    if (c.pile !== pile) continue;
    x1 = Math.max(x1, c.x + g.cardW);
    y1 = Math.max(y1, c.y + g.cardH);
  }
  return { x: s.x, y: s.y, w: x1 - s.x, h: y1 - s.y };
}

/**
 * Where a card dropped with its top-left corner at (x, y) lands: the pile under its
 * centre, else under one of its corners; never the pile it came from.
 * @param {Geometry} g @param {number} x @param {number} y @param {string} from
 * @param {readonly string[]} [prefer] piles to pick first when two are under the card (legal targets)
 * @returns {string | null}
 */
export function dropTarget(g, x, y, from, prefer = []) {
  const w = g.cardW;
  const h = g.cardH;
  const points = [
    [x + w / 2, y + h / 2],
    [x, y],
    [x + w, y],
    [x, y + h],
    [x + w, y + h],
  ];
  const bounds = g.slots.map((s) => ({ pile: s.pile, b: pileBounds(g, s.pile) }));
  for (const [px, py] of points) {
    const hits = bounds.filter(({ pile, b }) => pile !== from && b && inside(b, b.w, b.h, px, py));
    if (hits.length === 0) continue;
    const good = hits.find((hh) => prefer.includes(hh.pile));
    return (good || hits[0]).pile;
  }
  return null;
}

/**
 * Keyboard focus order: piles grouped into rows by their slot's height, left to right.
 * The tableau row sits below the top row even where a layout staggers its columns.
 * @param {Geometry} g
 * @returns {string[][]}
 */
export function focusRows(g) {
  const top = g.slots.filter((s) => s.y < g.slots[0].y + g.cardH / 2);
  const rest = g.slots.filter((s) => !top.includes(s));
  const byX = (
    /** @type {import("./layout.js").SlotBox} */ a,
    /** @type {import("./layout.js").SlotBox} */ b,
  ) => a.x - b.x;
  return [top.sort(byX).map((s) => s.pile), rest.sort(byX).map((s) => s.pile)].filter(
    (r) => r.length,
  );
}

/**
 * Moves keyboard focus one step. Left/right walk along a row; up/down walk a column's
 * face-up cards, then jump to the nearest pile of the other row.
 * @param {Geometry} g
 * @param {{pile: string, index: number}} at index -1 for an empty slot
 * @param {"left"|"right"|"up"|"down"} dir
 * @param {(pile: string) => string[]} cardsOf codes of a pile, bottom to top
 * @returns {{pile: string, index: number}}
 */
export function moveFocus(g, at, dir, cardsOf) {
  const rows = focusRows(g);
  const r = rows.findIndex((row) => row.includes(at.pile));
  if (r < 0) return topOf(rows[0][0], cardsOf);
  const row = rows[r];
  const c = row.indexOf(at.pile);
  if (dir === "left" || dir === "right") {
    const next = row[(c + (dir === "left" ? row.length - 1 : 1)) % row.length];
    return topOf(next, cardsOf);
  }
  const codes = cardsOf(at.pile);
  const fanned = at.pile[0] === "t";
  if (fanned && codes.length) {
    const i = at.index < 0 ? codes.length - 1 : at.index;
    if (dir === "up" && i > 0 && faceUp(codes[i - 1])) return { pile: at.pile, index: i - 1 };
    if (dir === "down" && i < codes.length - 1) return { pile: at.pile, index: i + 1 };
  }
  const other = rows[(r + (dir === "up" ? rows.length - 1 : 1)) % rows.length];
  const here = g.slots.find((s) => s.pile === at.pile);
  let best = other[0];
  let dist = Infinity;
  for (const p of other) {
    const s = g.slots.find((x) => x.pile === p);
    if (!s || !here) continue;
    const d = Math.abs(s.x - here.x);
    if (d < dist) {
      dist = d;
      best = p;
    }
  }
  const target = topOf(best, cardsOf);
  // Entering a column from above lands on its first face-up card, the natural grab point.
  if (dir === "down" && best[0] === "t") {
    const cs = cardsOf(best);
    const first = cs.findIndex(faceUp);
    if (first >= 0) return { pile: best, index: first };
  }
  return target;
}

/** @param {string} pile @param {(pile: string) => string[]} cardsOf */
function topOf(pile, cardsOf) {
  return { pile, index: cardsOf(pile).length - 1 };
}
