// @ts-check
/**
 * The live solver's answer in the status line, as KPatience shows its solver's: a dot
 * and a word after every move ("Winnable", "No longer winnable", "Not yet known",
 * "Checking…"; from what the player can see, "about 64% (58–70%)"), a tooltip that says
 * what it means, and a screen-reader sentence when the answer is decided (not for every
 * "checking", which would talk over each move).
 * Python decides everything (view.live); this only words it.
 *
 * Most positions are answered within milliseconds, so "Checking…" would flash up after
 * nearly every move: for the first CHECKING_DELAY_MS the previous words stay, greyed
 * (the state is already "checking", in data-answer and the tooltip), and only a search
 * that takes longer shows "Checking…".
 */
import { h } from "./dom.js";
import { moveWords } from "./i18n.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./view.js").Live} Live */

export const ANSWERS = /** @type {const} */ (["winnable", "lost", "unknown", "checking", "chance"]);
export const CHECKING_DELAY_MS = 250;

/** @param {unknown} x */
const said = (x) => (typeof x === "string" && x ? x : null);

/**
 * What the indicator shows for `live` (null: nothing, the switch is off, the game is
 * won, or the view carries no answer). Its label says what the answer rests on (what
 * the player can see, or every card known); the honest chance's words, and the exact
 * honest answer's, come worded from Python (`live.words`).
 * @param {Live | null | undefined} live @param {string} status the game's status
 * @param {(key: string, args?: Record<string, string|number>) => string} tr
 * @returns {{answer: string, text: string, title: string, say: string, label: string} | null}
 */
export function verdictLabel(live, status, tr) {
  if (!live?.on || status === "won") return null;
  const answer = /** @type {readonly string[]} */ (ANSWERS).includes(live.answer)
    ? live.answer
    : null;
  if (!answer) return null;
  const w = live.words;
  const label = said(w?.label) ?? tr("live.label");
  // a deal proved lost at the deal itself is not "no longer" winnable
  const key = answer === "lost" && live.from_start ? "lost_start" : answer;
  const text = said(w?.text) ?? (answer === "chance" ? null : tr(`live.${key}`));
  if (text === null) return null;
  let title = said(w?.title) ?? tr(`live.${key}.title`);
  if (answer === "unknown") {
    const s = (live.seconds || 0).toFixed(live.seconds >= 10 ? 0 : 1);
    title = tr(live.searching ? "live.unknown.more" : "live.unknown.title", { s });
  }
  const note = said(w?.note);
  if (note) title = `${title} ${note}`;
  const say = answer === "checking" ? "" : (said(w?.say) ?? tr("live.say", { answer: text }));
  return { answer, text, title, say, label };
}

/**
 * The mark on the move that lost the deal ("winnable until move 23 (the top 2 cards of
 * tableau 6 onto tableau 3)"), and the position it takes the player to (the one before
 * that move); null when none is known. The move is said in words, not notation.
 * @param {{at: number, move: string} | null | undefined} fatal
 * @param {(key: string, args?: Record<string, string|number>) => string} tr
 * @param {string} [lang]
 */
export function fatalMark(fatal, tr, lang = "en") {
  if (!fatal || !(fatal.at >= 1) || typeof fatal.move !== "string") return null;
  const move = moveWords(lang, fatal.move);
  return {
    text: tr("live.fatal", { at: fatal.at, move }),
    title: tr("live.fatal.title"),
    review: fatal.at - 1,
  };
}

export class Verdict {
  /** @param {Table} table */
  constructor(table) {
    this.t = table;
    this.el = h("span", "sw-live", { hidden: "" });
    this.dot = h("span", "sw-live-dot", { "aria-hidden": "true" });
    this.label = h("b");
    this.text = h("span", "sw-live-text");
    // the move that lost the deal, marked: a click looks back at the position before it
    this.fatal = h("button", "sw-fatal", { type: "button", hidden: "" });
    /** @type {number | null} */
    this.fatalAt = null;
    table.on(this.fatal, "click", () => {
      if (this.fatalAt !== null) table.send.review(this.fatalAt);
    });
    this.el.append(this.dot, this.label, this.text, this.fatal);
    // Said once per decided answer: the status line's own region is for the notices.
    this.sr = h("span", "sw-sr", { role: "status", "aria-live": "polite" });
    this.said = "";
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.timerSeq = -1;
    /** the seq of the view whose "checking" has waited long enough to be shown */
    this.longSeq = -1;
    table.disposers.push(() => this.clearTimer());
  }

  clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  render() {
    const t = this.t;
    const v = t.view;
    const shown = verdictLabel(v.live, v.status, t.tr.bind(t));
    this.el.hidden = !shown;
    if (!shown) {
      delete this.el.dataset.answer;
      this.sr.textContent = "";
      this.said = "";
      return;
    }
    this.el.dataset.answer = shown.answer;
    const mark = shown.answer === "lost" ? fatalMark(v.fatal, t.tr.bind(t), t.lang) : null;
    this.fatal.hidden = !mark;
    this.fatalAt = mark ? mark.review : null;
    if (mark) {
      this.fatal.textContent = mark.text;
      this.fatal.title = mark.title;
    }
    this.label.textContent = `${shown.label}:`;
    this.el.title = shown.title;
    const fresh =
      shown.answer === "checking" && this.longSeq !== v.seq && this.text.textContent !== "";
    this.el.classList.toggle("sw-live-pending", fresh);
    if (fresh) {
      // keep the previous words, greyed, unless the search takes a while
      if (this.timer === null || this.timerSeq !== v.seq) {
        this.clearTimer();
        const seq = v.seq;
        this.timerSeq = seq;
        this.timer = setTimeout(() => {
          this.timer = null;
          if (t.view.seq === seq) {
            this.longSeq = seq;
            this.render();
          }
        }, CHECKING_DELAY_MS);
      }
    } else {
      this.clearTimer();
      this.text.textContent = shown.text;
    }
    if (shown.say && shown.say !== this.said) {
      this.said = shown.say;
      this.sr.textContent = shown.say;
    }
  }
}
