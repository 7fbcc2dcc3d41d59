// @ts-check
/**
 * The statistics panel: Aisleriot's figures for the game and options on the table
 * (played, won, streak, best time, best score), as Python keeps them (the `stats` trait,
 * sent when the figures change).
 */
import { h, clock } from "./dom.js";

/** @typedef {import("./widget.js").Table} Table */
/**
 * @typedef {{played: number, won: number, lost: number, solved?: number, streak: number,
 *   best_streak: number, best_time: number|null, best_score: number}} StatsRow
 */

/**
 * The panel's lines as [label key, value] pairs. Pure.
 * @param {StatsRow} s
 * @returns {[string, string][]}
 */
export function statsLines(s) {
  const rate = s.played ? ` (${Math.round((100 * s.won) / s.played)}%)` : "";
  return [
    ["stats.played", String(s.played)],
    ["stats.won", `${s.won}${rate}`],
    // deals Solve played to the end: played, but not the player's wins
    ["stats.solved", String(s.solved || 0)],
    ["stats.streak", String(s.streak)],
    ["stats.best_streak", String(s.best_streak)],
    ["stats.best_time", s.best_time === null || s.best_time === undefined ? "–" : clock(s.best_time)],
    ["stats.best_score", String(s.best_score)],
  ];
}

/** @param {Table} t */
export function renderStats(t) {
  const el = t.statsEl;
  const s = t.stats;
  if (el.hidden || !s) return;
  const title = h("h3");
  title.textContent = t.tr("stats.title", { game: t.title() });
  const list = h("dl");
  for (const [key, value] of statsLines(s)) {
    const dt = h("dt");
    dt.textContent = t.tr(key);
    const dd = h("dd", "", { "data-stat": key.slice(6) });
    dd.textContent = value;
    const pair = h("div");
    pair.append(dt, dd);
    list.append(pair);
  }
  el.replaceChildren(title, list);
}
