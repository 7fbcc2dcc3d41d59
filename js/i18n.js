// @ts-check
/**
 * Every word the page shows, in English and Greek. Notices about moves come from
 * Python (Game.explain) already translated; this table covers the page's own labels.
 * A node test checks both languages have the same keys and no empty strings.
 */

// biome-ignore format: a table of texts, grouped by hand, a string a line however long (as texts.py)
/** @type {Record<string, Record<string, string>>} */
export const STRINGS = {
  en: {
    "pile.s": "stock",
    "pile.w": "waste",
    "pile.r": "reserve",
    "pile.f": "foundation",
    "pile.t": "tableau",
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
    "accept.none": "no card",
    "ui.game": "Game",
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
    "ui.exact": "Searched hints",
    "ui.exact.title": "Hint searches: the best chance from what you can see, or (every card known) the first move of a winning line",
    "ui.warn": "Warn when lost",
    "ui.warn.title": "Tell me when this deal can no longer be won",
    "ui.warnfatal": "Warn before a losing move",
    "ui.warnfatal.title": "Before a move that would make a winnable deal lost, ask me first",
    "fatal.title": "If you play {move}, the deal can no longer be won",
    "fatal.play": "Play it anyway",
    "fatal.back": "Take it back",
    "ui.live": "Live solver",
    "ui.live.title": "After every move, say whether this deal can still be won",
    // "Winnable deals only" and the difficulty (dealing.js)
    "ui.winnable": "Winnable deals only",
    "ui.winnable.title": "New deals only deals the solver proved winnable (a deal number you type is dealt as typed)",
    "ui.difficulty": "Difficulty",
    "ui.difficulty.title": "Winnable deals of this difficulty only",
    "ui.difficulty.any": "Any difficulty",
    "st.difficulty": "Difficulty",
    "deal.grade.easy": "easy",
    "deal.grade.medium": "medium",
    "deal.grade.hard": "hard",
    "deal.grade.unknown": "not known",
    "live.label": "Solver",
    "live.winnable": "Winnable",
    "live.lost": "No longer winnable",
    "live.lost_start": "Not winnable (lost from the start)",
    "live.fatal": "winnable until move {at} ({move})",
    "live.fatal.title": "Look back at the position before the move that lost the deal",
    "live.lost_start.title": "The solver proved that this deal cannot be won, whatever is played: it was lost from the start.",
    "live.unknown": "Not yet known",
    "live.checking": "Checking…",
    "live.winnable.title": "The solver found a way to win from this position.",
    "live.lost.title": "The solver proved that this deal can no longer be won from here; Undo can take you back to where it could.",
    "live.unknown.title": "The solver has not decided this position ({s} s of search); it stopped searching.",
    "live.unknown.more": "The solver has not decided this position yet ({s} s of search); it searches on in the background.",
    "live.checking.title": "The solver is checking this position.",
    "live.say": "Solver: {answer}",
    "ui.thoughtful": "Every card known",
    "ui.thoughtful.title": "Off: your chance from what you can see",
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
    "ui.review.playon": "Play on from here",
    "ui.review.playon.title": "Play on from this position, with the move you asked for (P): the moves after it are kept, on Redo or as the other line (L)",
    "ui.line": "Other line",
    "ui.line.title": "Back to the line you left after move {at}: {moves} {moves|move|moves} (L); the line you are on is kept in its place",
    "move.draw": "a click on the stock",
    "move.one": "the top card of {src} onto {dst}",
    "move.many": "the top {n} cards of {src} onto {dst}",
    "move.from.s": "the stock", "move.from.w": "the waste", "move.from.r": "the reserve",
    "move.from.f": "foundation {i}", "move.from.t": "tableau {i}",
    "move.to.s": "the stock", "move.to.w": "the waste", "move.to.r": "the reserve",
    "move.to.f": "foundation {i}", "move.to.t": "tableau {i}",
    "ui.review.at": "{at} / {of}",
    "ui.stats": "Statistics",
    "stats.title": "{game}: statistics",
    "stats.played": "Played",
    "stats.won": "Won",
    "stats.solved": "Solved by the computer",
    "stats.streak": "Streak",
    "stats.best_streak": "Best streak",
    "stats.best_time": "Best time",
    "stats.best_score": "Best score",
    "stats.graded": "Won ({grade} deals)",
    "stats.of": "{won} of {played}",
    "ui.rules": "Rules",
    "ui.close": "Close",
    "ui.lang": "Language",
    "deck": "Deck",
    "deck.classic": "Classic",
    "deck.four_colour": "Four colours",
    "deck.high_contrast": "High contrast",
    "back": "Card back",
    "back.lattice": "Lattice",
    "back.chevrons": "Chevrons",
    "back.rings": "Rings",
    "index.large": "Large indices",
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
    "over.solved": "Solved by the computer",
    "over.solvedsub": "Every card is home. Counted as solved, not as your win.",
    "over.wonsub": "Every card is home. Score: {score}. Moves: {moves}.",
    "over.lost": "No more moves",
    "over.lostsub": "Undo to try another way, or start again.",
    "ui.keys": "Arrows move, Enter or Space picks up and drops, Ctrl+Enter sends to a foundation, Esc drops what is picked up, D deals, H hints, A plays the safe moves to the foundations (autoplay), U or Ctrl+Z undoes, R or Ctrl+Y redoes, L goes back to the other line, S solves (again: stops), N starts a new deal, V looks back through the game (then ← → step, Home and End go to either end, P plays on from the position shown, Esc or V returns to the game).",
  },
  el: {
    "pile.s": "Μάνα",
    "pile.w": "Σωρός",
    "pile.r": "Ρεζέρβα",
    "pile.f": "Βάση",
    "pile.t": "Ταμπλό",
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
    "accept.none": "κανένα φύλλο",
    "ui.game": "Παιχνίδι",
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
    "ui.exact": "Υπόδειξη με αναζήτηση",
    "ui.exact.title": "Η Υπόδειξη ψάχνει: την καλύτερη πιθανότητα από όσα βλέπετε, ή (όλα τα φύλλα γνωστά) την πρώτη κίνηση μιας νικηφόρας σειράς",
    "ui.warn": "Προειδοποίηση ήττας",
    "ui.warn.title": "Πείτε μου όταν αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί",
    "ui.warnfatal": "Προειδοποίηση πριν από χαμένη κίνηση",
    "ui.warnfatal.title": "Πριν από μια κίνηση που θα έχανε ένα μοίρασμα που κερδίζεται, ρωτήστε με",
    "fatal.title": "Αν παίξετε {move}, το μοίρασμα δεν θα κερδίζεται πια",
    "fatal.play": "Παίξτε το όπως και να 'χει",
    "fatal.back": "Πάρτε το πίσω",
    "ui.live": "Ζωντανός λύτης",
    "ui.live.title": "Μετά από κάθε κίνηση, πείτε μου αν το μοίρασμα μπορεί ακόμη να κερδηθεί",
    // "Winnable deals only" and the difficulty (dealing.js)
    "ui.winnable": "Μόνο μοιράσματα που κερδίζονται",
    "ui.winnable.title": "Το Νέο μοιράζει μόνο ό,τι ο λύτης απέδειξε ότι κερδίζεται (ένας αριθμός που γράφετε μοιράζεται όπως είναι)",
    "ui.difficulty": "Δυσκολία",
    "ui.difficulty.title": "Μόνο μοιράσματα αυτής της δυσκολίας",
    "ui.difficulty.any": "Κάθε δυσκολία",
    "st.difficulty": "Δυσκολία",
    "deal.grade.easy": "εύκολο",
    "deal.grade.medium": "μέτριο",
    "deal.grade.hard": "δύσκολο",
    "deal.grade.unknown": "άγνωστη",
    "live.label": "Λύτης",
    "live.winnable": "Κερδίζεται",
    "live.lost": "Δεν κερδίζεται πια",
    "live.lost_start": "Δεν κερδίζεται (χαμένο από την αρχή)",
    "live.fatal": "κερδιζόταν ως την κίνηση {at} ({move})",
    "live.fatal.title": "Δείτε τη θέση πριν από την κίνηση που έχασε το μοίρασμα",
    "live.lost_start.title": "Ο λύτης απέδειξε ότι το μοίρασμα δεν κερδίζεται, ό,τι κι αν παιχτεί: ήταν χαμένο από την αρχή.",
    "live.unknown": "Άγνωστο ακόμη",
    "live.checking": "Έλεγχος…",
    "live.winnable.title": "Ο λύτης βρήκε τρόπο να κερδηθεί το μοίρασμα από αυτή τη θέση.",
    "live.lost.title": "Ο λύτης απέδειξε ότι το μοίρασμα δεν μπορεί πια να κερδηθεί από εδώ· με την Αναίρεση γυρίζετε εκεί όπου μπορούσε.",
    "live.unknown.title": "Ο λύτης δεν αποφάνθηκε για αυτή τη θέση ({s} δευτ. αναζήτησης)· σταμάτησε να ψάχνει.",
    "live.unknown.more": "Ο λύτης δεν έχει αποφανθεί ακόμη για αυτή τη θέση ({s} δευτ. αναζήτησης)· συνεχίζει να ψάχνει στο παρασκήνιο.",
    "live.checking.title": "Ο λύτης ελέγχει αυτή τη θέση.",
    "live.say": "Λύτης: {answer}",
    "ui.thoughtful": "Όλα τα φύλλα γνωστά",
    "ui.thoughtful.title": "Όχι: η πιθανότητά σας από όσα βλέπετε",
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
    "ui.review.playon": "Συνέχεια από εδώ",
    "ui.review.playon.title": "Συνέχεια από αυτή τη θέση, με την κίνηση που ζητήσατε (P): οι κινήσεις μετά από αυτήν κρατιούνται, στην Επανάληψη ή ως η άλλη σειρά (L)",
    "ui.line": "Άλλη σειρά",
    "ui.line.title": "Πίσω στη σειρά που αφήσατε μετά την κίνηση {at}: {moves|μία κίνηση|{moves} κινήσεις} (L)· η σειρά όπου είστε κρατιέται στη θέση της",
    "move.draw": "ένα κλικ στη Μάνα",
    "move.one": "το πάνω φύλλο {src} {dst}",
    "move.many": "τα {n} πάνω φύλλα {src} {dst}",
    "move.from.s": "από τη Μάνα", "move.from.w": "από τον Σωρό", "move.from.r": "από τη Ρεζέρβα",
    "move.from.f": "από τη Βάση {i}", "move.from.t": "από το Ταμπλό {i}",
    "move.to.s": "στη Μάνα", "move.to.w": "στον Σωρό", "move.to.r": "στη Ρεζέρβα",
    "move.to.f": "στη Βάση {i}", "move.to.t": "στο Ταμπλό {i}",
    "ui.review.at": "{at} / {of}",
    "ui.stats": "Στατιστικά",
    "stats.title": "{game}: στατιστικά",
    "stats.played": "Παίχτηκαν",
    "stats.won": "Νίκες",
    "stats.solved": "Λύσεις του υπολογιστή",
    "stats.streak": "Σερί",
    "stats.best_streak": "Καλύτερο σερί",
    "stats.best_time": "Καλύτερος χρόνος",
    "stats.best_score": "Καλύτεροι πόντοι",
    "stats.graded": "Νίκες (δυσκολία: {grade})",
    "stats.of": "{won} από {played}",
    "ui.rules": "Κανόνες",
    "ui.close": "Κλείσιμο",
    "ui.lang": "Γλώσσα",
    "deck": "Τράπουλα",
    "deck.classic": "Κλασική",
    "deck.four_colour": "Τέσσερα χρώματα",
    "deck.high_contrast": "Υψηλή αντίθεση",
    "back": "Πλάτη φύλλων",
    "back.lattice": "Πλέγμα",
    "back.chevrons": "Ζιγκ-ζαγκ",
    "back.rings": "Κύκλοι",
    "index.large": "Μεγάλοι δείκτες",
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
    "over.solved": "Το έλυσε ο υπολογιστής",
    "over.solvedsub": "Όλα τα φύλλα στις Βάσεις. Μετράει ως λυμένο, όχι ως δική σας νίκη.",
    "over.wonsub": "Όλα τα φύλλα στις Βάσεις. Πόντοι: {score}. Κινήσεις: {moves}.",
    "over.lost": "Δεν υπάρχουν άλλες κινήσεις",
    "over.lostsub": "Αναιρέστε για να δοκιμάσετε αλλιώς, ή ξεκινήστε ξανά.",
    "ui.keys": "Τα βέλη μετακινούν, Enter ή Space σηκώνει και αφήνει, Ctrl+Enter στέλνει στη Βάση, Esc αφήνει ό,τι σηκώθηκε, D μοιράζει, H δίνει υπόδειξη, A παίζει τις ασφαλείς κινήσεις στις Βάσεις (αυτόματα), U ή Ctrl+Z αναιρεί, R ή Ctrl+Y επαναλαμβάνει, L γυρίζει στην άλλη σειρά, S λύνει (ξανά: σταματά), N νέο μοίρασμα, V αναδρομή στο παιχνίδι (μετά ← → βήμα βήμα, Home και End στις δύο άκρες, P συνέχεια από τη θέση που φαίνεται, Esc ή V επιστροφή στο παιχνίδι).",
  },
};

export const LANGS = /** @type {const} */ (["en", "el"]);

/** `{n|one card|{n} cards}`: the first words when n is 1, else the second (Python's texts.fill). */
const PLURAL = /\{(\w+)\|((?:[^{}|]|\{\w+\})*)\|((?:[^{}|]|\{\w+\})*)\}/g;

/**
 * Looks a label up and fills its {placeholders}, each {n|singular|plural} worded for the
 * number n; falls back to English, then the key.
 * @param {string} lang @param {string} key @param {Record<string, string|number>} [args]
 */
export function t(lang, key, args) {
  const table = STRINGS[lang] || STRINGS.en;
  let s = table[key] ?? STRINGS.en[key] ?? key;
  const a = args || {};
  s = s.replace(PLURAL, (_m, name, one, many) => (Number(a[name]) === 1 ? one : many));
  for (const [k, v] of Object.entries(a)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

const MOVE = /^([swr]|[ft]\d{1,2})>([swr]|[ft]\d{1,2})(?:\*(\d{1,2}))?$/;

/**
 * A move's notation ("t5>t2*2", "draw") in words, as a player reads it ("the top 2
 * cards of tableau 6 onto tableau 3"); notation it cannot read is given back as it is.
 * @param {string} lang @param {string} action
 */
export function moveWords(lang, action) {
  if (action === "draw") return t(lang, "move.draw");
  const m = typeof action === "string" ? MOVE.exec(action) : null;
  if (!m) return String(action);
  const place = (/** @type {string} */ way, /** @type {string} */ pile) =>
    t(lang, `move.${way}.${pile[0]}`, { i: pile.length > 1 ? Number(pile.slice(1)) + 1 : "" });
  const n = Number(m[3] || 1);
  return t(lang, n === 1 ? "move.one" : "move.many", {
    src: place("from", m[1]),
    dst: place("to", m[2]),
    n,
  });
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
