// @ts-check
/**
 * Every word the page shows, in English and Greek. Notices about moves come from
 * Python (Game.explain) already translated; this table covers the page's own labels.
 * A node test checks both languages have the same keys and no empty strings.
 */

/** @type {Record<string, Record<string, string>>} */
export const STRINGS = {
  en: {
    "pile.s": "stock",
    "pile.w": "waste",
    "pile.r": "reserve",
    "pile.f": "foundation",
    "pile.t": "tableau",
    "piles.f": "foundations",
    "piles.t": "tableau",
    "rank.A": "Ace", "rank.2": "Two", "rank.3": "Three", "rank.4": "Four", "rank.5": "Five",
    "rank.6": "Six", "rank.7": "Seven", "rank.8": "Eight", "rank.9": "Nine", "rank.T": "Ten",
    "rank.J": "Jack", "rank.Q": "Queen", "rank.K": "King",
    "suit.C": "clubs", "suit.D": "diamonds", "suit.H": "hearts", "suit.S": "spades",
    "card.of": "{rank} of {suit}",
    "card.on": "{card} on {pile}",
    "card.down": "face-down card",
    "slot.empty": "empty {pile}",
    "slot.accepts": "takes {what}",
    "accept.any": "any card",
    "accept.waste": "a card from the waste",
    "accept.rank": "{rank}",
    "stock.redeal": "click to deal the waste again",
    "stock.done": "no redeal left",
    "ui.game": "Game",
    "ui.draw": "Deal",
    "ui.draw1": "Deal one",
    "ui.draw3": "Deal three",
    "ui.redeals": "Redeals",
    "ui.redeals2": "2 redeals",
    "ui.unlimited": "Unlimited",
    "ui.seed": "Deal number",
    "ui.new": "New",
    "ui.restart": "Restart",
    "ui.undo": "Undo",
    "ui.redo": "Redo",
    "ui.hint": "Hint",
    "ui.autoplay": "Autoplay",
    "ui.solve": "Solve",
    "ui.solve.title": "Let the solver find a win and play it on the table",
    "ui.stop": "Stop",
    "ui.stop.title": "Stop the solver and play on yourself",
    "ui.exact": "Exact hints",
    "ui.exact.title": "Hint gives the first move of a winning line when the solver finds one",
    "ui.warn": "Warn when lost",
    "ui.warn.title": "Tell me when this deal can no longer be won",
    "ui.more": "More",
    "ui.more.title": "More controls: options, autoplay, solver, rules, language",
    "ui.seed.edit": "Type a deal number, then New (or Enter) deals it",
    "ui.offline": "The kernel is not connected (it was restarted or shut down), so the table cannot play: run the cell again.",
    "ui.review": "Look back",
    "ui.review.title": "Look back through the game without undoing it (V; then ← →, Home, End, Esc)",
    "ui.review.first": "The deal (Home)",
    "ui.review.back": "One move back (←)",
    "ui.review.forward": "One move forward (→)",
    "ui.review.last": "The last move (End)",
    "ui.review.exit": "Back to the game",
    "ui.review.exit.title": "Leave the review and play on (Esc)",
    "ui.review.at": "{at} / {of}",
    "ui.stats": "Statistics",
    "stats.title": "{game}: statistics",
    "stats.played": "Played",
    "stats.won": "Won",
    "stats.streak": "Streak",
    "stats.best_streak": "Best streak",
    "stats.best_time": "Best time",
    "stats.best_score": "Best score",
    "ui.rules": "Rules",
    "ui.close": "Close",
    "ui.lang": "Language",
    "ui.table": "Card table: {game}",
    "ui.toolbar": "Game controls",
    "st.score": "Score",
    "st.moves": "Moves",
    "st.time": "Time",
    "st.stock": "Stock",
    "st.reserve": "Reserve",
    "st.base": "Base card",
    "st.redeals": "Redeals left",
    "st.unlimited": "∞",
    "st.selected": "Selected: {card}",
    "over.won": "You won!",
    "over.wonsub": "Every card is home. Score: {score}. Moves: {moves}.",
    "over.lost": "No more moves",
    "over.lostsub": "Undo to try another way, or start again.",
    "ui.keys": "Arrows move, Enter or Space picks up and drops, Ctrl+Enter sends to a foundation, D deals, H hints, U or Ctrl+Z undoes, Ctrl+Y redoes, S solves (again: stops), N starts a new deal.",
  },
  el: {
    "pile.s": "Μάνα",
    "pile.w": "Σωρός",
    "pile.r": "Ρεζέρβα",
    "pile.f": "Βάση",
    "pile.t": "Ταμπλό",
    "piles.f": "Βάσεις",
    "piles.t": "Ταμπλό",
    "rank.A": "Άσσος", "rank.2": "Δύο", "rank.3": "Τρία", "rank.4": "Τέσσερα", "rank.5": "Πέντε",
    "rank.6": "Έξι", "rank.7": "Επτά", "rank.8": "Οκτώ", "rank.9": "Εννιά", "rank.T": "Δέκα",
    "rank.J": "Βαλές", "rank.Q": "Ντάμα", "rank.K": "Ρήγας",
    // Greek names the suit after the rank: ♥ κούπα, ♦ καρό, ♣ σπαθί, ♠ μπαστούνι.
    "suit.C": "σπαθί", "suit.D": "καρό", "suit.H": "κούπα", "suit.S": "μπαστούνι",
    "card.of": "{rank} {suit}",
    "card.on": "{card} στο {pile}",
    "card.down": "κλειστό φύλλο",
    "slot.empty": "άδειο: {pile}",
    "slot.accepts": "δέχεται {what}",
    "accept.any": "οποιοδήποτε φύλλο",
    "accept.waste": "φύλλο από τον Σωρό",
    "accept.rank": "{rank}",
    "stock.redeal": "πατήστε για να ξαναμοιράσετε τον Σωρό",
    "stock.done": "δεν μένει άλλο μοίρασμα",
    "ui.game": "Παιχνίδι",
    "ui.draw": "Μοίρασμα",
    "ui.draw1": "Ανά ένα",
    "ui.draw3": "Ανά τρία",
    "ui.redeals": "Ξαναμοιράσματα",
    "ui.redeals2": "2 ξαναμοιράσματα",
    "ui.unlimited": "Απεριόριστα",
    "ui.seed": "Αριθμός μοιράσματος",
    "ui.new": "Νέο",
    "ui.restart": "Από την αρχή",
    "ui.undo": "Αναίρεση",
    "ui.redo": "Επανάληψη",
    "ui.hint": "Υπόδειξη",
    "ui.autoplay": "Αυτόματα",
    "ui.solve": "Λύση",
    "ui.solve.title": "Ο λύτης βρίσκει μια νίκη και την παίζει στο τραπέζι",
    "ui.stop": "Διακοπή",
    "ui.stop.title": "Σταματήστε τον λύτη και συνεχίστε εσείς",
    "ui.exact": "Ακριβής υπόδειξη",
    "ui.exact.title": "Η Υπόδειξη δίνει την πρώτη κίνηση μιας νικηφόρας σειράς, όταν ο λύτης τη βρει",
    "ui.warn": "Προειδοποίηση ήττας",
    "ui.warn.title": "Πείτε μου όταν αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί",
    "ui.more": "Περισσότερα",
    "ui.more.title": "Περισσότερα χειριστήρια: επιλογές, αυτόματα, λύτης, κανόνες, γλώσσα",
    "ui.seed.edit": "Γράψτε αριθμό μοιράσματος και πατήστε Νέο (ή Enter) για να μοιραστεί",
    "ui.offline": "Ο πυρήνας δεν είναι συνδεδεμένος (επανεκκινήθηκε ή σταμάτησε), οπότε το τραπέζι δεν παίζει: εκτελέστε ξανά το κελί.",
    "ui.review": "Αναδρομή",
    "ui.review.title": "Δείτε ξανά τις θέσεις του παιχνιδιού χωρίς αναίρεση (V· μετά ← →, Home, End, Esc)",
    "ui.review.first": "Το μοίρασμα (Home)",
    "ui.review.back": "Μία κίνηση πίσω (←)",
    "ui.review.forward": "Μία κίνηση μπροστά (→)",
    "ui.review.last": "Η τελευταία κίνηση (End)",
    "ui.review.exit": "Στο παιχνίδι",
    "ui.review.exit.title": "Τέλος αναδρομής· συνεχίστε το παιχνίδι (Esc)",
    "ui.review.at": "{at} / {of}",
    "ui.stats": "Στατιστικά",
    "stats.title": "{game}: στατιστικά",
    "stats.played": "Παίχτηκαν",
    "stats.won": "Νίκες",
    "stats.streak": "Σερί",
    "stats.best_streak": "Καλύτερο σερί",
    "stats.best_time": "Καλύτερος χρόνος",
    "stats.best_score": "Καλύτεροι πόντοι",
    "ui.rules": "Κανόνες",
    "ui.close": "Κλείσιμο",
    "ui.lang": "Γλώσσα",
    "ui.table": "Τραπέζι: {game}",
    "ui.toolbar": "Χειριστήρια παιχνιδιού",
    "st.score": "Πόντοι",
    "st.moves": "Κινήσεις",
    "st.time": "Χρόνος",
    "st.stock": "Μάνα",
    "st.reserve": "Ρεζέρβα",
    "st.base": "Φύλλο βάσης",
    "st.redeals": "Μένουν μοιράσματα",
    "st.unlimited": "∞",
    "st.selected": "Επιλογή: {card}",
    "over.won": "Κερδίσατε!",
    "over.wonsub": "Όλα τα φύλλα στις Βάσεις. Πόντοι: {score}. Κινήσεις: {moves}.",
    "over.lost": "Δεν υπάρχουν άλλες κινήσεις",
    "over.lostsub": "Αναιρέστε για να δοκιμάσετε αλλιώς, ή ξεκινήστε ξανά.",
    "ui.keys": "Τα βέλη μετακινούν, Enter ή Space σηκώνει και αφήνει, Ctrl+Enter στέλνει στη Βάση, D μοιράζει, H δίνει υπόδειξη, U ή Ctrl+Z αναιρεί, Ctrl+Y επαναλαμβάνει, S λύνει (ξανά: σταματά), N νέο μοίρασμα.",
  },
};

export const LANGS = /** @type {const} */ (["en", "el"]);

/**
 * Looks a label up and fills its {placeholders}; falls back to English, then the key.
 * @param {string} lang @param {string} key @param {Record<string, string|number>} [args]
 */
export function t(lang, key, args) {
  const table = STRINGS[lang] || STRINGS.en;
  let s = table[key] ?? STRINGS.en[key] ?? key;
  if (args) for (const [k, v] of Object.entries(args)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

/**
 * A pile's name as people say it: "tableau 3", "foundation 1", "Μάνα".
 * @param {string} lang @param {string} pile
 */
export function pileName(lang, pile) {
  const kind = pile[0];
  const name = t(lang, `pile.${kind}`);
  return pile.length > 1 ? `${name} ${Number(pile.slice(1)) + 1}` : name;
}

/**
 * Accessible name of a card: "Queen of hearts", "Ντάμα κούπα".
 * @param {string} lang @param {string} rank @param {string} suit
 */
export function cardName(lang, rank, suit) {
  return t(lang, "card.of", { rank: t(lang, `rank.${rank}`), suit: t(lang, `suit.${suit}`) });
}
