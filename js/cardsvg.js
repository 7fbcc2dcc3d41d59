// @ts-check
/**
 * Card faces drawn as SVG markup in a 100 x 140 box, scaled by CSS to any size. Suit
 * shapes are paths (not font glyphs) so every browser draws the same card. Faces are
 * cached by code: a redraw after a move reuses the strings.
 */
import { parseCard, rankLabel } from "./cards.js";

/** Suit outlines in a 20 x 20 box centred on 0,0. */
export const SUIT_PATHS = {
  H: "M0 9C-3 6-10 1.5-10-4C-10-7.6-7.4-10-4.6-10C-2.6-10-.9-8.8 0-7C.9-8.8 2.6-10 4.6-10C7.4-10 10-7.6 10-4C10 1.5 3 6 0 9Z",
  D: "M0-10Q4-4.6 8 0Q4 4.6 0 10Q-4 4.6-8 0Q-4-4.6 0-10Z",
  S: "M0-10C-3 -5.5-10-1.8-10 3C-10 6.4-7.6 8.4-5 8.4C-3.2 8.4-1.7 7.6-.9 6.3C-1.1 8-2 9.3-3.6 10H3.6C2 9.3 1.1 8 .9 6.3C1.7 7.6 3.2 8.4 5 8.4C7.6 8.4 10 6.4 10 3C10-1.8 3-5.5 0-10Z",
  C: "M-4.3-5a4.3 4.3 0 1 0 8.6 0a4.3 4.3 0 1 0-8.6 0ZM-9.6 2.2a4.3 4.3 0 1 0 8.6 0a4.3 4.3 0 1 0-8.6 0ZM1 2.2a4.3 4.3 0 1 0 8.6 0a4.3 4.3 0 1 0-8.6 0ZM-.9 1C-1 5.6-2 8.3-3.8 10H3.8C2 8.3 1 5.6 .9 1Z",
};

const RED = "#c0162c";
const BLACK = "#1b1b22";

/**
 * Suit inks and the face of each deck. The four-colour deck is the common one (PySolFC,
 * poker sites): blue diamonds, green clubs. High contrast is four-colour too, on a white
 * face, its inks chosen to stay apart under protan, deutan and tritan colour-blindness
 * and each at least 5.5:1 on the face (js/tests/decks.test.js checks both).
 * @type {Record<string, {face: string, edge: string, C: string, D: string, H: string, S: string}>}
 */
export const DECKS = {
  classic: { face: "#fffdf8", edge: "#b9b4a8", C: BLACK, D: RED, H: RED, S: BLACK },
  four_colour: { face: "#fffdf8", edge: "#b9b4a8", C: "#12702a", D: "#1f57c3", H: RED, S: BLACK },
  high_contrast: {
    face: "#fff",
    edge: "#000",
    C: "#1c7282",
    D: "#6c30bf",
    H: "#bb261c",
    S: "#000",
  },
};

/** Corner index sizes (SVG units of the 100 x 140 card): rank font, and again for "10". */
export const INDEX = { normal: [18, 15], large: [32, 27] };

/**
 * Card backs, each a colour and a pattern drawn in an 88 x 128 panel (a nested svg
 * clips it). The patterns differ in shape, not only in colour.
 * @type {Record<string, [string, string]>}
 */
export const BACKS = {
  lattice: [
    "#2553a4",
    Array.from(
      { length: 28 },
      (_, i) => `M${i * 8 - 128} 0l128 128M${i * 8 - 128} 128l128-128`,
    ).join(""),
  ],
  chevrons: [
    "#a3273a",
    Array.from({ length: 15 }, (_, i) => `M0 ${i * 9 + 2}${"l8 6 8-6".repeat(6)}`).join(""),
  ],
  rings: [
    "#1d6b45",
    Array.from(
      { length: 12 },
      (_, i) =>
        `M${44 - 6 * i - 4} 64a${6 * i + 4} ${6 * i + 4} 0 1 0 ${12 * i + 8} 0a${6 * i + 4} ${6 * i + 4} 0 1 0-${12 * i + 8} 0`,
    ).join(""),
  ],
};

/** Pip centres for 2..10 (x, y); pips below the middle are drawn upside down. */
const L = 31;
const C = 50;
const R = 69;
// biome-ignore format: a table, one card's pips a line
/** @type {Record<number, number[][]>} */
export const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 56.7], [R, 56.7], [C, 70], [L, 83.3], [R, 83.3], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [C, 43.3], [L, 56.7], [R, 56.7], [L, 83.3], [R, 83.3], [C, 96.7], [L, 110], [R, 110]],
};

/**
 * One suit shape at (x, y), scaled; upside down if `flip`.
 * @param {string} suit @param {number} x @param {number} y @param {number} scale @param {boolean} [flip]
 */
function pip(suit, x, y, scale, flip = false) {
  const d = /** @type {Record<string,string>} */ (SUIT_PATHS)[suit];
  return `<path d="${d}" transform="translate(${x} ${y}) scale(${flip ? -scale : scale})"/>`;
}

/** Emblems that tell the court cards apart at a glance (drawn in a 40 x 30 box). */
const EMBLEM = {
  // King: a five-pointed crown.
  K: "M-18 10L-18-6L-10 2L-4-12L0-2L4-12L10 2L18-6L18 10Z",
  // Queen: a tiara, rounded arches with jewels.
  Q: "M-17 10L-15-2Q-10 6-7-6Q-3 4 0-10Q3 4 7-6Q10 6 15-2L17 10Z",
  // Jack: a feathered cap.
  J: "M-16 10Q-16-6 0-8Q12-8 14 2L16 10ZM2-8Q10-20 18-14Q10-14 6-7Z",
};

/**
 * Court card picture: a framed panel, an emblem at each end (court cards are
 * symmetrical), the suit in the middle and the letter large.
 * @param {string} rank @param {string} suit @param {string} ink
 */
function court(rank, suit, ink) {
  const e = /** @type {Record<string,string>} */ (EMBLEM)[rank];
  const gold = "#d9a520";
  return (
    `<rect x="20" y="22" width="60" height="96" rx="4" fill="${rank === "K" ? "#fbeed0" : rank === "Q" ? "#f6e4f0" : "#e3eefb"}" stroke="${ink}" stroke-width="1.4"/>` +
    `<rect x="24" y="26" width="52" height="88" rx="2" fill="none" stroke="${gold}" stroke-width="1"/>` +
    `<g fill="${gold}" stroke="${ink}" stroke-width="1.2" stroke-linejoin="round">` +
    `<path d="${e}" transform="translate(50 42) scale(.9)"/>` +
    `<path d="${e}" transform="translate(50 98) scale(-.9)"/></g>` +
    `<g fill="${ink}">${pip(suit, 50, 70, 1.05)}</g>` +
    `<text x="50" y="70" dy=".35em" text-anchor="middle" font-size="14" font-weight="700" fill="#fff" font-family="Georgia,serif">${rank}</text>`
  );
}

/** @type {Map<string, string>} */
const cache = new Map();

/**
 * The SVG markup of a face-up card, in a deck of DECKS, with large corner indices or not
 * (large ones put the suit in the other top corner and shrink the middle a little, so a
 * fanned card still shows both in the strip that stays visible).
 * @param {string} code e.g. "QH" @param {string} [deck] @param {boolean} [large]
 * @returns {string}
 */
export function cardSVG(code, deck = "classic", large = false) {
  const key = `${code}${deck}${large}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const c = parseCard(code);
  const d = DECKS[deck];
  if (!c || !d) return "";
  const ink = d[/** @type {"C"} */ (c.suit)];
  const label = rankLabel(c.rank);
  const two = label.length > 1;
  const [size, size10] = INDEX[large ? "large" : "normal"];
  const font = `text-anchor="middle" font-size="${two ? size10 : size}" font-weight="700" font-family="Georgia,'Times New Roman',serif" letter-spacing="${two ? -1.5 : 0}"`;
  const corner = large
    ? `<text class="sw-idx" x="${two ? 17 : 14}" y="30" ${font}>${label}</text>${pip(c.suit, 84, 17, 0.9)}`
    : `<text class="sw-idx" x="9" y="18" ${font}>${label}</text>${pip(c.suit, 9, 29, 0.55)}`;
  let middle = "";
  if (c.value === 1) {
    middle = pip(c.suit, 50, 70, c.suit === "S" ? 2.4 : 1.8);
  } else if (c.value <= 10) {
    middle = PIPS[c.value].map(([x, y]) => pip(c.suit, x, y, 0.78, y > 70)).join("");
  } else {
    middle = court(c.rank, c.suit, ink);
  }
  if (large) middle = `<g transform="translate(50 70) scale(.8) translate(-50 -70)">${middle}</g>`;
  const svg =
    `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x=".5" y=".5" width="99" height="139" rx="7" fill="${d.face}" stroke="${d.edge}"/>` +
    `<g fill="${ink}">${corner}<g transform="rotate(180 50 70)">${corner}</g>${middle}</g></svg>`;
  cache.set(key, svg);
  return svg;
}

/** @type {Map<string, string>} */
const backs = new Map();

/**
 * The SVG markup of a card's back: a border in the face's colour, the pattern and a
 * thin frame. It names no card. @param {string} back a key of BACKS
 */
export function backSVG(back) {
  const hit = backs.get(back);
  if (hit) return hit;
  const b = BACKS[back] || BACKS.lattice;
  const svg =
    `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" data-back="${back}">` +
    `<rect x=".5" y=".5" width="99" height="139" rx="7" fill="#fffdf8" stroke="#b9b4a8"/>` +
    `<svg x="6" y="6" width="88" height="128"><rect width="88" height="128" rx="4" fill="${b[0]}"/>` +
    `<path d="${b[1]}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="1.6"/></svg>` +
    `<rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.4"/></svg>`;
  backs.set(back, svg);
  return svg;
}
