// @ts-check
/**
 * What Python sends the page, as types: the `view`, `setup`, `stats` and `catalog`
 * traits and their parts. Each typedef is a TypedDict of the same name in
 * solitaire_widget/view.py (the layout's in layout.js and layouts.py), and
 * tests/test_protocol.py holds each pair equal, field for field and type for type: a
 * field added on one side only fails it. Nothing here runs; the modules import the types.
 *
 * The test reads each typedef as `{name: type, ...}`; a part that is a record of its own
 * is named (a typedef here), not written inline.
 */

/**
 * The cards of every pile; a face-down card is "??" (`r`: the reserve, in the games that
 * have one).
 * @typedef {{s: string[], w: string[], r?: string[], f: string[][], t: string[][]}} Piles
 */
/** A sentence for the status line. @typedef {{text: string, level: string}} Notice */
/** @typedef {{running: boolean, elapsed: number}} Timer */
/**
 * What Solve and the exact hint are doing, and how far a replay has come.
 * @typedef {{busy: string|null, step: number, steps: number}} Solver
 */
/** The solver switches (the view's `settings`). @typedef {{exact_hint: boolean, warn_unwinnable: boolean, warn_fatal: boolean, thoughtful: boolean}} Switches */
/**
 * The honest chance (answer "chance"): the share won of the decided worlds (null: none
 * yet), its 95% interval, the worlds solved and left undecided.
 * @typedef {{share: number|null, low: number, high: number, samples: number, undecided: number}} Chance
 */
/**
 * The indicator's words Python gives (null: the page's own): its label, and the honest
 * chance's text, tooltip, note and sentence read out.
 * @typedef {{label: string, text: string|null, title: string|null, note: string|null, say: string|null}} LiveWords
 */
/**
 * The live answer after every move (verdict.js words it).
 * @typedef {{on: boolean, answer: string, seconds: number, searching: boolean, from_start: boolean,
 *   thoughtful: boolean, exact: boolean, chance: Chance|null, words: LiveWords}} Live
 */
/** The move that lost the deal. @typedef {{at: number, move: string}} Fatal */
/**
 * A move held back by the fatal-move warning (fatal.js asks the player).
 * @typedef {{move: string, version: number, text: string, reason: string}} Pending
 */
/** The position looked back at. @typedef {{at: number, of: number}} ReviewAt */
/** The line a move dropped from Redo. @typedef {{at: number, moves: number}} LineLeft */
/**
 * "Winnable deals only" (dealing.js).
 * @typedef {{winnable_only: boolean, difficulty: string|null, searching: boolean,
 *   winnable: boolean, grade: string|null, grading: boolean}} Deal
 */
/**
 * What changes with a move (view.py build).
 * @typedef {{
 *   game: string, seed: number|null, piles: Piles, score: number, status: string,
 *   outcome: string|null, moves: number, stock_left: number, reserve_left: number|null,
 *   redeals_left: number|null, base_rank: string|null, draw_count: number,
 *   legal: string[], dbl: Record<string, string>, hint: string|null, notice: Notice|null,
 *   can_undo: boolean, can_redo: boolean, timer: Timer, solver: Solver,
 *   settings: Switches, pending: Pending|null, review: ReviewAt|null, deal: Deal,
 *   offer: string|null, line: LineLeft|null, version: number, seq: number, live: Live,
 *   warning: Notice|null, fatal: Fatal|null
 * }} View
 */
/**
 * One choice of an option group; in `Setup.chosen`, the options on when they are none
 * of the group's choices.
 * @typedef {{label: Record<string, string>, options: Record<string, any>}} Choice
 */
/** @typedef {{label: Record<string, string>, choices: Choice[]}} OptionGroup */
/** A game as the toolbar offers it. @typedef {{name: string, title: string, title_el: string, groups: OptionGroup[]}} CatalogEntry */
/**
 * What changes only with the game, its options or the deal (view.py setup): `chosen`
 * says, per option group of the catalog, which choice is on (an index) or what else is.
 * @typedef {{game: string, options: Record<string, any>, chosen: (number|Choice)[],
 *   layout: import("./layout.js").TableSpec, accepts: Record<string, string>}} Setup
 */
/** @typedef {{played: number, won: number}} Graded */
/**
 * The figures of the game and options on the table (stats.js shows them).
 * @typedef {{played: number, won: number, lost: number, solved: number, streak: number,
 *   best_streak: number, best_time: number|null, best_score: number,
 *   by_difficulty: Record<string, Graded>}} StatsRow
 */

export {};
