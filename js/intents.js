// @ts-check
/**
 * What the page sends to Python: one sender per kind of intent, the only place a message
 * is made. Python reads each kind into a record with the same fields
 * (solitaire_widget/intent_records.py) and refuses a message with any other;
 * tests/test_protocol.py holds the two lists equal, kind for kind and field for field.
 * A field given as undefined is left out of the message (Python takes its default).
 *
 * Each sender is written `kind: (args) => send("kind", { fields })` on one line, the form
 * the Python test reads.
 */

/**
 * The senders, posting each message with `post`. A move and a double-click carry the
 * version of the view they were made on (`shown`): Python refuses them once the table
 * has moved on.
 * @param {(msg: Record<string, any>) => void} post @param {() => number} shown
 */
export function senders(post, shown) {
  /** @param {string} kind @param {Record<string, any>} [fields] */
  const send = (kind, fields = {}) => {
    /** @type {Record<string, any>} */
    const msg = { kind };
    for (const k in fields) if (fields[k] !== undefined) msg[k] = fields[k];
    post(msg);
  };
  return {
    /** A move in notation ("t0>t3*2"). @param {string} action */
    move: (action) => send("move", { action, version: shown() }),
    /** A click on the stock. */
    draw: () => send("draw"),
    undo: () => send("undo"),
    redo: () => send("redo"),
    restart: () => send("restart"),
    /** A new deal: the deal number the player typed, or null for a random one. @param {string | number | null} seed */
    new: (seed) => send("new", { seed }),
    hint: () => send("hint"),
    autoplay: () => send("autoplay"),
    /** A double-click on a pile: its top card to a foundation. @param {string} pile */
    foundation: (pile) => send("foundation", { pile, version: shown() }),
    /**
     * Another game (with its own default options), or other options for the game on the
     * table (the same deal under them); with `seed`, that deal.
     * @param {string} game @param {Record<string, any>} options @param {string | number | null} [seed]
     */
    select: (game, options, seed) => send("select", { game, options, seed }),
    /** @param {string} lang */
    lang: (lang) => send("lang", { lang }),
    /** Solve: search for a win and play it. */
    solve: () => send("solve"),
    /** Stops Solve's search or replay. */
    stop: () => send("stop"),
    /** A solver switch, or the difficulty of winnable deals. @param {string} name @param {boolean | string} value */
    setting: (name, value) => send("setting", { name, value }),
    /** How the cards are drawn (decks.js). @param {string} name @param {boolean | string} value */
    deck: (name, value) => send("deck", { name, value }),
    /** Looks at the position after `at` actions (null: the game again), or `step` back or forth. @param {number | null} [at] @param {number} [step] */
    review: (at, step) => send("review", { at, step }),
    /** Plays on from the position looked back at. */
    play_on: () => send("play_on"),
    /** Back to the other line (the moves a move dropped from Redo). */
    line: () => send("line"),
    /** Plays the move held back (true: the move and version held) or takes it back. @param {boolean} confirm @param {string} [action] @param {number} [version] */
    fatal: (confirm, action, version) => send("fatal", { confirm, action, version }),
    /** Asks for the view again (the kernel's connection was said to close). */
    sync: () => send("sync"),
  };
}

/** @typedef {ReturnType<typeof senders>} Send */
