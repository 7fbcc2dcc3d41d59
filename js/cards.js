// @ts-check
/**
 * Card codes as the Python engine writes them: rank `A23456789TJQK` + suit `CDHS`
 * ("TD"). The view never names a face-down card: it sends `DOWN` ("??") in its place
 * (solitaire_widget/view.py); a lower-case code ("td", the engine's own spelling of a
 * face-down card) is read as face down too. Pure functions only, so node --test can
 * check them without a DOM.
 */

export const RANKS = "A23456789TJQK";
export const SUITS = "CDHS";

/**
 * @typedef {{code: string, rank: string, suit: string, value: number,
 *            faceUp: boolean, red: boolean}} Card
 */

/**
 * Parses a card code; returns null for anything that is not a card.
 * @param {unknown} code
 * @returns {Card | null}
 */
export function parseCard(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const up = code.toUpperCase();
  const rank = up[0];
  const suit = up[1];
  const value = RANKS.indexOf(rank) + 1;
  if (value < 1 || SUITS.indexOf(suit) < 0) return null;
  // Face down is spelled with both letters in lower case; mixed case is not a card.
  if (code !== up && code !== up.toLowerCase()) return null;
  return { code: up, rank, suit, value, faceUp: code === up, red: suit === "D" || suit === "H" };
}

/** A face-down card as the view sends it: no rank, no suit. */
export const DOWN = "??";

/** True for a face-up card's code (not for `DOWN`, a face-down code or junk). @param {unknown} code */
export function faceUp(code) {
  const c = parseCard(code);
  return !!c && c.faceUp;
}

/** Rank as printed in the corner: "10" reads better than "T". @param {string} rank */
export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/** @param {string} suit */
export function suitSymbol(suit) {
  return { C: "♣", D: "♦", H: "♥", S: "♠" }[suit] || "?";
}

/**
 * Splits a move in notation ("t0>t3*2", "w>f1", "draw") into its parts.
 * @param {string} action
 * @returns {{source: string, target: string, count: number} | null}
 */
export function parseAction(action) {
  const m = /^([a-z]\d*)>([a-z]\d*)(?:\*(\d+))?$/.exec(action);
  if (!m) return null;
  return { source: m[1], target: m[2], count: m[3] ? Number(m[3]) : 1 };
}

/**
 * Builds the notation for moving `count` cards from `source` to `target`.
 * @param {string} source @param {string} target @param {number} count
 */
export function formatAction(source, target, count) {
  return `${source}>${target}${count > 1 ? `*${count}` : ""}`;
}

/**
 * The piles a selection of `count` cards from `source` may go to, read off the legal
 * actions Python sent (the page never decides legality itself).
 * @param {string[]} legal @param {string} source @param {number} count
 * @returns {string[]}
 */
export function targetsFor(legal, source, count) {
  /** @type {string[]} */
  const out = [];
  for (const a of legal) {
    const p = parseAction(a);
    if (p && p.source === source && p.count === count && !out.includes(p.target))
      out.push(p.target);
  }
  return out;
}

/**
 * True when some legal action starts with exactly these cards.
 * @param {string[]} legal @param {string} source @param {number} count
 */
export function canStart(legal, source, count) {
  return targetsFor(legal, source, count).length > 0;
}
