// @ts-check
/**
 * The status line (score, moves, clock, stock, notice, warning) and the overlay shown
 * when a deal is won or lost.
 */
import { parseCard } from "./cards.js";
import { clock, h } from "./dom.js";
import { cardName } from "./i18n.js";
import { pileCards } from "./layout.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./view.js").View} View */

/**
 * The status line's sentence: what the player did last wins. A selection made after
 * the view arrived (`selSeq` is the view's seq when it was made) says what is picked
 * up; Python's notice shows until then, and again as soon as a newer view brings one.
 * @param {View} v @param {{pile: string, index: number} | null} sel @param {number} selSeq
 * @param {string} lang @param {(key: string, args?: Record<string, string|number>) => string} tr
 * @returns {{text: string, level: string}}
 */
export function statusNotice(v, sel, selSeq, lang, tr) {
  const note = v.notice;
  if (sel && (!note || selSeq >= v.seq)) {
    const c = parseCard(pileCards(v.piles, sel.pile)[sel.index]);
    if (c)
      return { text: tr("st.selected", { card: cardName(lang, c.rank, c.suit) }), level: "info" };
  }
  return note ? { text: note.text, level: note.level } : { text: "", level: "" };
}

/** @param {Table} t */
export function renderStatus(t) {
  const v = t.view;
  const set = (
    /** @type {string} */ k,
    /** @type {string} */ label,
    /** @type {any} */ value,
    show = true,
  ) => {
    const s = t.st[k];
    s.hidden = !show;
    s.innerHTML = "";
    const b = h("b");
    b.textContent = `${label}:`;
    s.append(b, String(value));
  };
  set("score", t.tr("st.score"), v.score);
  set("moves", t.tr("st.moves"), v.moves);
  set("stock", t.tr("st.stock"), v.stock_left);
  set(
    "reserve",
    t.tr("st.reserve"),
    v.reserve_left,
    v.reserve_left !== null && v.reserve_left !== undefined,
  );
  set("base", t.tr("st.base"), v.base_rank ? t.tr(`rank.${v.base_rank}`) : "", !!v.base_rank);
  const layout = t.setup.layout;
  const recycles = !!layout?.recycles;
  set(
    "redeals",
    t.tr("st.redeals"),
    v.redeals_left === null ? t.tr("st.unlimited") : v.redeals_left,
    recycles,
  );
  const s = t.state;
  const note = s.offline
    ? { text: t.tr("ui.offline"), level: "error" }
    : statusNotice(v, s.sel, s.selSeq, t.lang, t.tr.bind(t));
  t.notice.textContent = note.text;
  t.warn.hidden = !v.warning;
  t.warn.textContent = v.warning ? v.warning.text : "";
  t.notice.className = `sw-notice${note.level === "error" ? " sw-error" : note.level === "won" ? " sw-good" : ""}`;
}

/** @param {Table} t */
export function renderClock(t) {
  const b = t.state.clock;
  const s = b.elapsed + (b.running ? (performance.now() - b.at) / 1000 : 0);
  const span = t.st?.time;
  if (!span) return;
  span.innerHTML = "";
  const lab = h("b");
  lab.textContent = `${t.tr("st.time")}:`;
  span.append(lab, clock(s));
}

/** @param {Table} t */
export function renderOverlay(t) {
  const v = t.view;
  if (t.state.offline) {
    // Said on the felt, where the player clicked: the status line may be out of sight.
    const panel = h("div", "sw-panel", { role: "alert" });
    const p = h("p");
    p.textContent = t.tr("ui.offline");
    panel.append(p);
    t.over.replaceChildren(panel);
    t.over.dataset.status = "offline";
    t.over.hidden = false;
    return;
  }
  const show =
    (v.status === "won" || v.status === "lost") &&
    t.state.dismissed !== v.version &&
    !t.reviewing();
  t.over.hidden = !show;
  if (!show) return;
  const won = v.status === "won";
  const panel = h("div", "sw-panel", { role: "dialog", "aria-modal": "false" });
  const title = h("h2");
  // as the statistics count it: a win Solve played is the computer's, not the player's
  const solved = won && v.outcome === "solved";
  title.textContent = t.tr(solved ? "over.solved" : won ? "over.won" : "over.lost");
  const sub = h("p");
  sub.textContent = t.tr(solved ? "over.solvedsub" : won ? "over.wonsub" : "over.lostsub", {
    score: v.score,
    moves: v.moves,
  });
  const buttons = h("div");
  for (const [a, key] of [
    ["undo", "ui.undo"],
    ["restart", "ui.restart"],
    ["new", "ui.new"],
    ["close", "ui.close"],
  ]) {
    const b = h("button", a === "new" ? "sw-main" : "", { type: "button", "data-action": a });
    b.textContent = t.tr(key);
    if ((a === "undo" || a === "restart") && !v.can_undo) b.disabled = true;
    buttons.append(b);
  }
  panel.append(title, sub, buttons);
  panel.setAttribute("aria-label", title.textContent || "");
  t.over.replaceChildren(panel);
  t.over.dataset.status = v.status;
}
