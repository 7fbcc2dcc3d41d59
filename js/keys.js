// @ts-check
/**
 * The keyboard: which command a key press means. Pure, so node --test covers the map;
 * the table (widget.js) carries the commands out.
 */

/**
 * @typedef {{key: string, ctrl: boolean, shift: boolean, alt: boolean,
 *   inField: boolean, inTable: boolean, reviewing?: boolean}} KeyPress
 * `inField`: the key went to a text box or selector; `inTable`: to the card table;
 * `reviewing`: a position already played is on the table (review mode).
 */
/**
 * @typedef {"undo"|"redo"|"draw"|"hint"|"autoplay"|"solve"|"new"|"escape"|"pick"|
 *   "foundation"|"left"|"right"|"up"|"down"|"review"|"review-first"|"review-back"|
 *   "review-forward"|"review-last"|"review-exit"|"review-playon"|"line"} KeyCommand
 */

/** Letter keys and what they do (upper and lower case alike). */
export const LETTERS = /** @type {Record<string, KeyCommand>} */ ({
  d: "draw",
  h: "hint",
  u: "undo",
  r: "redo",
  a: "autoplay",
  s: "solve",
  n: "new",
  v: "review",
  // back to the other line: the moves a move dropped from Redo (Python's lines.py)
  l: "line",
});

/** Review mode: the keys that walk through the positions already played. */
export const REVIEW_KEYS = /** @type {Record<string, KeyCommand>} */ ({
  ArrowLeft: "review-back",
  ArrowUp: "review-back",
  ArrowRight: "review-forward",
  ArrowDown: "review-forward",
  Home: "review-first",
  End: "review-last",
  Escape: "review-exit",
  v: "review-exit",
  V: "review-exit",
  // play on from the position shown (the moves after it stay reachable: on Redo, and
  // once another move is played, as the other line)
  p: "review-playon",
  P: "review-playon",
});

/**
 * Whether a key pressed while the focus is in the table (its cards, toolbar, boxes or
 * panels) goes on to the page around it. Only shortcuts with Ctrl, ⌘ or Alt do (save,
 * the browser's own): a plain key would be a JupyterLab command-mode shortcut, and `m`
 * turns the widget's cell into Markdown, `x` cuts it, `b` inserts a cell and takes the
 * focus, Enter edits the cell, Shift+Enter runs it again (a new table). The key's own
 * effect in the table (typing in the deal box, a button's Enter) is kept.
 * @param {{ctrl: boolean, alt: boolean}} k  ctrl: Ctrl or ⌘
 */
export function passesToHost(k) {
  return k.ctrl || k.alt;
}

/**
 * What a key press asks for; null when it is not the table's (it then goes on to
 * JupyterLab or the browser untouched).
 * @param {KeyPress} k
 * @returns {KeyCommand | null}
 */
export function keyCommand(k) {
  const key = k.key;
  if (k.ctrl && (key === "z" || key === "Z")) return k.shift ? "redo" : "undo";
  if (k.ctrl && (key === "y" || key === "Y")) return "redo";
  if (k.inField || (k.ctrl && key !== "Enter") || k.alt) return null;
  // Looking back, nothing can be played: the arrows step through the positions.
  if (k.reviewing) return REVIEW_KEYS[key] || null;
  if (k.inTable && key.startsWith("Arrow")) {
    const dir = key.slice(5).toLowerCase();
    return dir === "left" || dir === "right" || dir === "up" || dir === "down" ? dir : null;
  }
  if (k.inTable && (key === "Enter" || key === " ")) return k.ctrl ? "foundation" : "pick";
  if (key === "Escape") return "escape";
  if (key.length === 1) return LETTERS[key.toLowerCase()] || null;
  return null;
}
