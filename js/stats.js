// @ts-check
/**
 * The statistics panel: Aisleriot's figures for the game and options on the table
 * (played, won, streak, best time, best score), as Python keeps them (the `stats` trait,
 * sent when the figures change).
 */

import { GRADES } from "./dealing.js";
import { clock, h } from "./dom.js";

/** @typedef {Readonly<import("./widget.js").Table>} Table */
/** @typedef {import("./view.js").StatsRow} StatsRow */

/**
 * The panel's lines as [label key, value, label arguments, data-stat name]. Pure: the
 * value of a graded line is [won, played], worded by the caller.
 * @param {StatsRow} s
 * @returns {[string, string | [number, number], Object<string, string>, string][]}
 */
export function statsLines(s) {
  const rate = s.played ? ` (${Math.round((100 * s.won) / s.played)}%)` : "";
  /** @type {[string, string | [number, number], Object<string, string>, string][]} */
  const lines = [
    ["stats.played", String(s.played), {}, "played"],
    ["stats.won", `${s.won}${rate}`, {}, "won"],
    // deals Solve played to the end: played, but not the player's wins
    ["stats.solved", String(s.solved || 0), {}, "solved"],
    ["stats.streak", String(s.streak), {}, "streak"],
    ["stats.best_streak", String(s.best_streak), {}, "best_streak"],
    [
      "stats.best_time",
      s.best_time === null || s.best_time === undefined ? "–" : clock(s.best_time),
      {},
      "best_time",
    ],
    ["stats.best_score", String(s.best_score), {}, "best_score"],
  ];
  // the deals dealt by difficulty (winnable deals only), each grade played at least once
  const graded = s.by_difficulty || {};
  for (const grade of [
    ...GRADES,
    ...Object.keys(graded)
      .filter((g) => !GRADES.includes(g))
      .sort(),
  ]) {
    const figures = graded[grade];
    if (!figures?.played) continue;
    lines.push(["stats.graded", [figures.won, figures.played], { grade }, `graded-${grade}`]);
  }
  return lines;
}

/** @param {Table} t */
export function renderStats(t) {
  const el = t.statsEl;
  const s = t.stats;
  if (el.hidden || !s) return;
  const title = h("h3");
  title.textContent = t.tr("stats.title", { game: t.title() });
  const list = h("dl");
  for (const [key, value, args, name] of statsLines(s)) {
    const dt = h("dt");
    dt.textContent = args.grade
      ? t.tr(key, { grade: t.tr(`deal.grade.${args.grade}`) })
      : t.tr(key);
    const dd = h("dd", "", { "data-stat": name });
    dd.textContent = Array.isArray(value)
      ? t.tr("stats.of", { won: String(value[0]), played: String(value[1]) })
      : value;
    const pair = h("div");
    pair.append(dt, dd);
    list.append(pair);
  }
  el.replaceChildren(title, list);
}
