// @ts-check
/**
 * Pointer input: mouse, touch and pen through one set of pointer events. A press that
 * moves past a few pixels drags the card and those above it; one that does not is a
 * click (click-to-move, a quick second click on the same pile sends its top card to a
 * foundation). What was pressed is read off the laid-out geometry, not off whichever
 * element happens to be under the pointer: a card still sliding from the stock to the
 * waste must not turn the next click on the stock into a click on the waste. The press
 * under way is the table's (state.press, which drawing.js reads for the drop targets):
 * set through the table's setPress, as a new frozen object at each step.
 */
import { canStart, formatAction, parseCard, targetsFor } from "./cards.js";
import { decorate, elementAt } from "./drawing.js";
import { dropTarget, hitTest } from "./hit.js";
import { pileCards } from "./layout.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./widget.js").Press} Press */
/** @typedef {import("./view.js").View} View */
/** @typedef {import("./widget.js").Spot} Spot */
/** @typedef {import("./intents.js").Send} Send */

export const DRAG_THRESHOLD = 4; // px before a mouse press becomes a drag rather than a click
export const TOUCH_DRAG_THRESHOLD = 10; // a fingertip wobbles more than a mouse
export const DOUBLE_CLICK_MS = 400;

/**
 * A face-up card that is not the stock's.
 * @param {View} v @param {string} pile @param {number} index
 */
export function selectable(v, pile, index) {
  if (pile === "s" || index < 0) return false;
  const c = parseCard(pileCards(v.piles, pile)[index]);
  return !!c && c.faceUp;
}

/**
 * What a click (or tap) on `pile` at `index` means, given the selection and the last
 * selecting click. Pure: the table applies the answer (Table.click).
 * @param {View} v
 * @param {{sel: Spot | null, lastClick: {pile: string, at: number} | null}} state
 * @param {string} pile @param {number} index -1 for an empty slot @param {number} now ms
 * @returns {{sel: Spot | null, lastClick: {pile: string, at: number} | null,
 *   send?: (send: Send) => void}} `send`: the intent it sends, given the senders
 */
export function clickIntent(v, state, pile, index, now) {
  const codes = pileCards(v.piles, pile);
  const last = state.lastClick;
  const legal = v.legal || [];
  // Every click on the stock deals, however fast the clicks come.
  if (pile === "s") return { sel: null, lastClick: null, send: (s) => s.draw() };
  if (last && last.pile === pile && now - last.at < DOUBLE_CLICK_MS) {
    return { sel: null, lastClick: null, send: (s) => s.foundation(pile) };
  }
  const at = pile[0] === "t" ? index : codes.length - 1; // stacked piles give their top card
  const sel = state.sel;
  if (sel) {
    if (sel.pile === pile) return { sel: null, lastClick: { pile, at: now } };
    const count = pileCards(v.piles, sel.pile).length - sel.index;
    const targets = targetsFor(legal, sel.pile, count);
    if (
      !targets.includes(pile) &&
      selectable(v, pile, index) &&
      canStart(legal, pile, codes.length - at)
    ) {
      return { sel: { pile, index: at }, lastClick: { pile, at: now } };
    }
    const action = formatAction(sel.pile, pile, count);
    return { sel: null, lastClick: null, send: (s) => s.move(action) };
  }
  if (selectable(v, pile, index)) return { sel: { pile, index: at }, lastClick: { pile, at: now } };
  return { sel: null, lastClick: null };
}

/** @param {Table} t @param {PointerEvent} e */
function pointInTable(t, e) {
  const r = t.table.getBoundingClientRect();
  return { x: e.clientX - r.left, y: e.clientY - r.top };
}

/** @param {Table} t @param {PointerEvent} e */
export function onDown(t, e) {
  // Looking back, a move still goes to Python, which offers to play on from there.
  if (e.button !== 0 || !t.over.hidden) return;
  const { focus, geom } = t.state;
  t.setFocus(focus, false);
  const p = pointInTable(t, e);
  const hit = geom ? hitTest(geom, p.x, p.y) : null;
  if (!hit) return;
  t.setPress({
    ...hit,
    x0: p.x,
    y0: p.y,
    id: e.pointerId,
    touch: e.pointerType !== "mouse",
    dragging: false,
    els: [],
    targets: [],
    count: 0,
  });
  // preventDefault below keeps the browser from focusing anything, so take keyboard
  // focus ourselves: keys typed after a click belong to the table, not to the notebook.
  if (!t.table.contains(t.el.ownerDocument.activeElement)) t.focusTable();
  // Capture keeps the drag alive outside the table without a window listener.
  try {
    t.table.setPointerCapture(e.pointerId);
  } catch {
    /* synthetic events have no active pointer */
  }
  e.preventDefault();
}

/** @param {Table} t @param {PointerEvent} e */
export function onMove(t, e) {
  let pr = t.state.press;
  if (!pr || pr.id !== e.pointerId) return;
  const p = pointInTable(t, e);
  const dx = p.x - pr.x0;
  const dy = p.y - pr.y0;
  if (!pr.dragging) {
    if (Math.hypot(dx, dy) < (pr.touch ? TOUCH_DRAG_THRESHOLD : DRAG_THRESHOLD)) return;
    pr = startDrag(t, pr);
    if (!pr) return;
  }
  for (const el of pr.els) el.style.transform = `translate(${dx}px,${dy}px)`;
}

/**
 * Lifts the pressed card and those above it, if it may be picked up at all; returns the
 * press as a drag (null: it may not be).
 * @param {Table} t @param {Press} pr @returns {Press | null}
 */
function startDrag(t, pr) {
  const v = t.view;
  const codes = pileCards(v.piles, pr.pile);
  if (pr.index < 0 || pr.pile === "s") return null;
  const c = parseCard(codes[pr.index]);
  if (!c?.faceUp) return null;
  // A stacked pile (waste, reserve, foundation) only ever gives its top card.
  const index = pr.pile[0] === "t" ? pr.index : codes.length - 1;
  const count = codes.length - index;
  t.setSelection(null);
  /** @type {HTMLElement[]} */
  const els = [];
  for (let i = index; i < codes.length; i++) {
    const el = elementAt(t, pr.pile, i);
    if (el) {
      el.classList.add("sw-drag");
      els.push(el);
    }
  }
  const drag = {
    ...pr,
    index,
    count,
    dragging: true,
    els,
    targets: targetsFor(v.legal || [], pr.pile, count),
  };
  t.setPress(drag);
  decorate(t);
  return drag;
}

/** @param {Table} t @param {PointerEvent} e */
export function onUp(t, e) {
  const { press: pr, geom } = t.state;
  if (!pr || pr.id !== e.pointerId) return;
  t.setPress(null);
  if (!pr.dragging) {
    t.click(pr.pile, pr.index);
    return;
  }
  const p = pointInTable(t, e);
  const first = geom?.cards.find((c) => c.pile === pr.pile && c.index === pr.index);
  const target =
    first && geom
      ? dropTarget(geom, first.x + p.x - pr.x0, first.y + p.y - pr.y0, pr.pile, pr.targets)
      : null;
  // Leave the cards where they were dropped on a target; the new view puts them in place.
  if (!target || !pr.targets.includes(target)) snapBack(pr.els);
  // An illegal drop still goes to Python, which answers with the reason.
  if (target) t.send.move(formatAction(pr.pile, target, pr.count));
  decorate(t);
}

/** @param {Table} t */
export function cancelDrag(t) {
  const pr = t.state.press;
  if (!pr) return;
  t.setPress(null);
  if (pr.dragging) snapBack(pr.els);
  decorate(t);
}

/** @param {readonly HTMLElement[]} els */
function snapBack(els) {
  for (const el of els) {
    el.classList.remove("sw-drag");
    el.classList.add("sw-snap");
    el.style.transform = "";
  }
}
