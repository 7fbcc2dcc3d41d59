"""The sentences every game shares, in English and Greek, and the widget's notices.

``explain`` fills these templates; the widget shows them in its status line. Keys are
the reason keys the shared mechanics return (the stock, piles, foundations with a base
card), plus ``legal_*`` keys that say why a move is allowed. Each game's own sentences
are on its ``Rules`` (``texts``), which ``Rules.sentence`` looks in first. Written by us,
not translated from Aisleriot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

LANGS = ("en", "el")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "legal": "Legal: {text}",
        "illegal": "Illegal: {text}",
        "malformed": "{action!r} is not a move: write it like 't2>f0', 't0>t3*2' or 'draw'.",
        "bad_move": (
            "{move} is not a move: src and dst are pile indices from 0 to 26, count a "
            "number of cards from 1 to 52."
        ),
        "game_won": "The game is won: every card is on the foundations.",
        # the stock
        "legal_draw": "A click on the stock turns {k} {k|card|cards} face up onto the waste.",
        "legal_redeal": (
            "The stock is empty, so a click turns the waste over into a new stock, in the "
            "same order ({left})."
        ),
        "redeals_left": "{n} {n|redeal|redeals} left after this one",
        "redeals_unlimited": "redeals are unlimited",
        "stock_face_down": (
            "The stock's cards are face down and cannot be picked up: click the stock "
            "('draw') to deal."
        ),
        "draw_nothing": "The stock and the waste are both empty: there is nothing to deal.",
        "draw_no_redeals": (
            "The stock is empty and {max|the one redeal is|all {max} redeals are} used up: the "
            "waste cannot be "
            "turned over again."
        ),
        "draw_no_redeal_game": (
            "The stock is empty and {game} allows no redeal: the stock goes through once only."
        ),
        # piles in general
        "no_such_pile": "{game} has no pile {pile}.",
        "no_reserve": "{game} has no reserve.",
        "source_empty": "{src} is empty: there is no card to move.",
        "not_enough_cards": "{src} holds only {have} {have|card|cards}, not {n}.",
        "single_stack": "Only the top card of {src} can be taken, one at a time.",
        "same_pile": "A card cannot move onto its own pile.",
        "drop_stock": "Nothing can be put on the stock.",
        "drop_waste": "Nothing can be put on the waste; only the stock deals onto it.",
        "drop_reserve": "Nothing can be put on the reserve; it only gives cards.",
        "foundation_locked": "Cards on the foundations stay there in {game}.",
        # foundations
        "foundation_base": (
            "An empty foundation starts with a card of the base rank ({base}), and "
            "{card} is not one."
        ),
        "foundation_suit": (
            "Foundations build up in suit: {card} cannot go on {target}, which is another suit."
        ),
        "foundation_rank_wrap": (
            "Foundations build up one rank at a time (after the King comes the Ace): "
            "{target} needs {needed}, not {card}."
        ),
        "one_to_foundation": "Only one card at a time goes to a foundation in {game}.",
        "legal_found_base": (
            "{card} starts an empty foundation: foundations begin with the base rank ({base})."
        ),
        "legal_found_up": "{card} goes on {target}: foundations build up in suit.",
        "legal_found_wrap": (
            "{card} goes on {target}: foundations build up in suit, and after the King comes "
            "the Ace."
        ),
        "legal_found_group": (
            " The {n} cards go up as a group, top card first, so the foundation stays in sequence."
        ),
        # consequences
        "refill": " The emptied column is refilled from the reserve with {card}.",
        "turn_over": " The face-down card under it turns face up.",
        "reserve_flip": " The reserve's next card, {card}, comes into play.",
        "refill_hidden": " The emptied column is refilled from the reserve with a card "
        "that lies face down until then.",
        "reserve_flip_hidden": " The reserve's next card turns face up and comes into play.",
        # pile names
        # a game written without its own words (games.base.Rules's fallbacks)
        "legal_rules_allow": "The rules of {game} allow {card} to go onto {target_pile}.",
        "rules_none": (
            "{game} gives no rules text of its own: the table shows its piles, a refused "
            "move says which rule refuses it, and `Game.explain` says it of any move."
        ),
        "rules_in_english": "{game} has no rules text in this language: here it is in English.",
        "rules_of_parent": (
            "{game} changes the rules of {parent} and gives no rules text of its own: "
            "these are the rules of {parent}, and Game.explain words each move as {game} "
            "plays it."
        ),
        "pile_s": "the stock",
        "pile_w": "the waste",
        "pile_r": "the reserve",
        "pile_f": "foundation {i}",
        "pile_t": "column {i}",
        "empty_pile": "the empty {pile}",
        "rank_any": "{rank}",
    },
    "el": {
        "legal": "Επιτρέπεται: {text}",
        "illegal": "Δεν επιτρέπεται: {text}",
        "malformed": (
            "Το {action!r} δεν είναι κίνηση: γράψτε την όπως 't2>f0', 't0>t3*2' ή 'draw'."
        ),
        "bad_move": (
            "Το {move} δεν είναι κίνηση: τα src και dst είναι αριθμοί στοιβών από 0 έως 26 "
            "και το count αριθμός φύλλων από 1 έως 52."
        ),
        "game_won": "Η πασιέντζα βγήκε: όλα τα φύλλα είναι στις Βάσεις.",
        "legal_draw": "Ένα κλικ στη Μάνα γυρίζει {k|ένα φύλλο|{k} φύλλα} ανοιχτά στον Σωρό.",
        "legal_redeal": (
            "Η Μάνα άδειασε, οπότε ένα κλικ γυρίζει τον Σωρό σε νέα Μάνα, με την ίδια σειρά "
            "({left})."
        ),
        "redeals_left": "{n|απομένει ένα ξαναμοίρασμα|απομένουν {n} ξαναμοιράσματα} μετά από αυτό",
        "redeals_unlimited": "τα ξαναμοιράσματα είναι απεριόριστα",
        "stock_face_down": (
            "Τα φύλλα της Μάνας είναι κλειστά και δεν σηκώνονται: κάντε κλικ στη Μάνα "
            "('draw') για να μοιράσετε."
        ),
        "draw_nothing": "Η Μάνα και ο Σωρός είναι άδειοι: δεν υπάρχει τίποτα να μοιραστεί.",
        "draw_no_redeals": (
            "Η Μάνα άδειασε και {max|το ένα ξαναμοίρασμα εξαντλήθηκε|τα {max} ξαναμοιράσματα "
            "εξαντλήθηκαν}: ο Σωρός δεν γυρίζει ξανά."
        ),
        "draw_no_redeal_game": (
            "Η Μάνα άδειασε και στο {game} δεν υπάρχει ξαναμοίρασμα: η Μάνα περνά μόνο μία φορά."
        ),
        "no_such_pile": "Το {game} δεν έχει στοίβα {pile}.",
        "no_reserve": "Στο παιχνίδι {game} δεν υπάρχει Ρεζέρβα.",
        "source_empty": "{src}: άδεια στοίβα, δεν υπάρχει φύλλο να μετακινηθεί.",
        "not_enough_cards": "{src}: έχει μόνο {have|ένα φύλλο|{have} φύλλα}, όχι {n}.",
        "single_stack": "{src}: παίρνεται μόνο το πάνω φύλλο, ένα τη φορά.",
        "same_pile": "Ένα φύλλο δεν μπορεί να πάει στη δική του στοίβα.",
        "drop_stock": "Τίποτα δεν μπαίνει πάνω στη Μάνα.",
        "drop_waste": "Τίποτα δεν μπαίνει στον Σωρό· μόνο η Μάνα μοιράζει εκεί.",
        "drop_reserve": "Τίποτα δεν μπαίνει στη Ρεζέρβα· μόνο δίνει φύλλα.",
        "foundation_locked": "Στο {game} τα φύλλα των Βάσεων μένουν εκεί.",
        "foundation_base": (
            "Μια άδεια Βάση ξεκινά με φύλλο της βασικής αξίας ({base}), και το φύλλο {card} δεν είναι."
        ),
        "foundation_suit": (
            "Οι Βάσεις χτίζονται ανεβαίνοντας στο ίδιο χρώμα: το φύλλο {card} δεν πάει πάνω στο "
            "{target}, που είναι άλλο χρώμα."
        ),
        "foundation_rank_wrap": (
            "Οι Βάσεις ανεβαίνουν μία αξία τη φορά (μετά τον Ρήγα έρχεται ο Άσος): το "
            "{target} θέλει {needed}, όχι {card}."
        ),
        "one_to_foundation": "Στο {game} στις Βάσεις πηγαίνει ένα φύλλο τη φορά.",
        "legal_found_base": (
            "Το φύλλο {card} ανοίγει άδεια Βάση: οι Βάσεις ξεκινούν με τη βασική αξία ({base})."
        ),
        "legal_found_up": "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι Βάσεις ανεβαίνουν στο ίδιο χρώμα.",
        "legal_found_wrap": (
            "Το φύλλο {card} πάει πάνω στο φύλλο {target}: οι Βάσεις ανεβαίνουν στο ίδιο χρώμα, και μετά "
            "τον Ρήγα έρχεται ο Άσος."
        ),
        "legal_found_group": (
            " Τα {n} φύλλα ανεβαίνουν μαζί, πρώτα το πάνω, ώστε η Βάση να μένει στη σειρά."
        ),
        "refill": " Η στήλη που άδειασε γεμίζει από τη Ρεζέρβα με το φύλλο {card}.",
        "turn_over": " Το κλειστό φύλλο από κάτω γυρίζει ανοιχτό.",
        "reserve_flip": " Το επόμενο φύλλο της Ρεζέρβας, {card}, μπαίνει στο παιχνίδι.",
        "refill_hidden": " Η στήλη που άδειασε γεμίζει από τη Ρεζέρβα με ένα φύλλο που ως "
        "τότε είναι κλειστό.",
        "reserve_flip_hidden": " Το επόμενο φύλλο της Ρεζέρβας γυρίζει ανοιχτό και μπαίνει "
        "στο παιχνίδι.",
        # ένα παιχνίδι γραμμένο χωρίς δικά του λόγια
        "legal_rules_allow": "Οι κανόνες του παιχνιδιού {game} επιτρέπουν στο φύλλο {card} να πάει στη στοίβα {target_pile}.",
        "rules_none": (
            "Το παιχνίδι {game} δεν έχει δικό του κείμενο κανόνων: το τραπέζι δείχνει τις "
            "στοίβες του, μια κίνηση που απορρίπτεται λέει ποιος κανόνας την απορρίπτει, "
            "και η `Game.explain` το λέει για κάθε κίνηση."
        ),
        "rules_in_english": "Το παιχνίδι {game} δεν έχει κείμενο κανόνων στα ελληνικά: ακολουθεί στα αγγλικά.",
        "rules_of_parent": (
            "Το παιχνίδι {game} αλλάζει τους κανόνες του παιχνιδιού {parent} χωρίς δικό του "
            "κείμενο κανόνων: ακολουθούν οι κανόνες του παιχνιδιού {parent}, και η Game.explain "
            "εξηγεί κάθε κίνηση όπως την παίζει το {game}."
        ),
        "pile_s": "η Μάνα",
        "pile_w": "ο Σωρός",
        "pile_r": "η Ρεζέρβα",
        "pile_f": "Βάση {i}",
        "pile_t": "στήλη {i}",
        "empty_pile": "η άδεια {pile}",
        "rank_any": "{rank}",
    },
}


# What the widget says in its status line (the reasons for illegal moves come from
# explain, through IllegalMove.text).
NOTICES: dict[str, dict[str, str]] = {
    "en": {
        "stale": "The table changed before that move arrived; try it again.",
        "malformed": "That request could not be understood, so nothing changed.",
        "unknown": "Unknown request {kind!r}; nothing changed.",
        "no_undo": "Nothing to undo.",
        "no_redo": "Nothing to redo.",
        "no_hint": "No useful move is left.",
        "hint": "Hint: {text}",
        "no_auto": "No card can go to the foundations safely right now.",
        "auto": "Autoplay moved {n} {n|card|cards}.",
        "no_found": "The top card of {pile} cannot go to a foundation now.",
        "won": "You won! Every card is on the foundations.",
        "lost": "No more moves.",
        "error": "Something went wrong; the game was left as it was.",
        "bad_option": "Those options are not valid for this game: {why}",
        "given_up_rules": "The rules changed: deal {seed} starts again under them. The game "
        "in progress ({moves} {moves|move|moves}) counts as given up (lost) in the statistics.",
        "given_up_game": "Another game: the game in progress ({moves} {moves|move|moves}) counts "
        "as given "
        "up (lost) in the statistics.",
        "new": "New deal #{seed}.",
        "reviewing": "Looking back: the position after {i} of {n} moves. ← and → step "
        "through it, Esc returns to the game.",
        "review_on": "You are looking back at move {i} of {n}; return to the game (Esc) to "
        "play on. Nothing changed.",
        "review_offer": "You are looking back at move {i} of {n}. Play on from here? This "
        "move is played there, and the {k} {k|move|moves} after it {k|is|are} kept as the "
        "other line: Other line (L) brings {k|it|them} back. Press Play on from here (P). "
        "Nothing changed yet.",
        "play_on_chain": "Taken back to move {i}, where an automatic chain of moves begins; "
        "Redo brings the later moves back.",
        "play_on_redo": "Playing on from move {i}: the {k} {k|move|moves} after it {k|is|are} "
        "taken back, and Redo brings {k|it|them} back (if you play another move instead, "
        "{k|it is|they are} kept as the other line).",
        "line_kept": "The {k} {k|move|moves} after move {i} that Redo held {k|is|are} kept as "
        "the other line: Other line (L) brings {k|it|them} back.",
        "line_dropped": "The other line kept before ({k} {k|move|moves}) is let go.",
        "line_back": "Back on the other line: {k} {k|move|moves} after move {i}.",
        "no_line": "There is no other line to go back to.",
        "line_failed": "The other line no longer fits this deal; nothing changed.",
        "stats_failed": "This deal could not be recorded in the statistics.",
        "stats_kept_file": "{n} finished {n|deal|deals} could not be written to the statistics "
        "file ({why}); {n|it is|they are} kept in a file beside it and written as soon as it "
        "can take {n|it|them}.",
        "stats_kept_memory": "{n} finished {n|deal|deals} could not be written to the "
        "statistics file ({why}); {n|it is|they are} kept in memory and written as soon as it "
        "can take {n|it|them} (lost if Python stops first).",
        "stats_written": "The {n} finished {n|deal|deals} that waited {n|is|are} now written "
        "to the statistics file.",
        "stats_readonly": "The statistics file {path} can be read but not written (a "
        "read-only folder or file): its figures are shown, and this session's deals are kept "
        "in memory only.",
        "stats_newer": "The statistics file {path} was written by a newer version of "
        "solitaire_widget (store version {v}): its figures are shown and it is left as it "
        "is; this session's deals are kept in memory only.",
        "stats_refused": "The statistics file {path} was written by a newer version of "
        "solitaire_widget that this one cannot read: it is left as it is, and this "
        "session's figures are kept in memory only.",
        "replay_setting": "The solution cannot be played: {why}. The table is yours.",
        "stats_unopened": "The statistics file {path} could not be opened ({why}); this "
        "session's figures are kept in memory only.",
        "stats_unopened_retry": "The statistics file {path} could not be opened ({why}); this "
        "session's figures are kept in memory only until it can be, and then written to it.",
        "bad_seed": "A deal number is a whole number from 0 to {max}, and {seed!r} is not one; "
        "nothing changed.",
        "solving": "Searching for a win…",
        "solved": "Found a win in {n} {n|move|moves}; playing it on the table. Press Stop to "
        "take over.",
        "replaying": "Playing the solution: move {i} of {n}. Press Stop to take over.",
        "solve_lost": "The solver proved this deal can no longer be won from here; "
        "nothing changed.",
        "solve_blocked": "The {cards} can never move again, whatever is played: every "
        "place it could go waits on cards that lie under it or are stuck themselves, or "
        "must first take its twin (the other card of its rank and colour) for good. This deal "
        "can no longer be won; nothing changed.",
        "solve_blocked_many": "The {cards} can never move again, whatever is played: "
        "every place each could go waits on cards that lie under it or are stuck "
        "themselves, or must first take its twin (the other card of its rank and colour) for "
        "good. This deal can no longer be won; nothing changed.",
        "solve_unknown": "No answer after {s} s of search; press Solve to search on. "
        "Nothing changed.",
        "solve_gave_up": "No answer after {s} s of search ({n} positions, as many as "
        "Solve keeps in memory); nothing changed.",
        "already_won": "This deal is already won.",
        "stopped": "Stopped; the table is yours.",
        "replay_failed": "The solution no longer fits the table, so the replay stopped.",
        "thinking": "Looking for a move that leads to a win…",
        "hint_exact": "Hint (leads to a win): {text}",
        "hint_lost": "This deal can no longer be won. Hint: {text}",
        "hint_blocked": "This deal can no longer be won: the {cards} can never move "
        "again, whatever is played. Hint: {text}",
        "hint_unknown": "No winning line found in time. Hint: {text}",
        "unwinnable": "This deal can no longer be won.",
        "fatal_warn": "If you play this, the deal can no longer be won.",
        "fatal_why": "The solver proved this position winnable, and the one after this move "
        "({move}) lost.",
        "fatal_why_honest": "Of {n} ways the cards you have not seen may lie, {before} are won "
        "from here and {after} after this move ({move}).",
        "disconnected": "The kernel is not connected.",
        "unwinnable_start": "This deal cannot be won: it was lost from the start, whatever "
        "is played.",
        "solve_lost_start": "The solver proved this deal cannot be won: it is lost from the "
        "start; nothing changed.",
        "hint_lost_start": "This deal cannot be won (lost from the start). Hint: {text}",
        "solved_end": "Solved by the computer: every card is on the foundations. It counts "
        "as played and solved, not as your win.",
        "dealing": "Looking for a deal the solver proves winnable…",
        "dealing_failed": "No winnable deal was found in time under these rules; press New "
        "to look again.",
        # honest help: computed from what the player can see (chance.py)
        "chance_about": "about {p}% ({lo}–{hi}%)",
        "chance_unknown": "not yet known ({lo}–{hi}%)",
        "chance_exact_won": "winnable (every card is known: the exact answer)",
        "chance_exact_lost": "no longer winnable (every card is known: the exact answer)",
        "chance_exact_unknown": "not yet known (every card is known)",
        "hint_honest": "Hint (the best chance from what you can see: {chance}): {text}",
        "hint_honest_exact": "Hint (every card is known: {chance}): {text}",
        "hint_honest_unknown": "No chance from what you can see worked out in time. Hint: {text}",
        "chance_lowers": "This move lowers your chance from {before} to {after}, from what you "
        "can see.",
        "live_label_honest": "Your chance",
        "live_label_thoughtful": "Solver (every card known)",
        "live_say_honest": "Your chance: {answer}",
        "live_chance_title": "Your chance of winning from what you can see: the share of "
        "{n} ways the unseen cards may lie in which the solver wins, with its 95% interval. "
        "No face-down card is looked at.",
        "live_chance_more": "Your chance of winning from what you can see: the share of "
        "{n} ways the unseen cards may lie in which the solver wins, with its 95% interval; "
        "refined in the background. No face-down card is looked at.",
        "live_exact_title": "No card is unseen here, so this is the exact answer.",
        "live_thoughtful_title": "Computed with every card known, the face-down cards and "
        "the stock's order included: for study and teaching.",
    },
    "el": {
        "stale": "Το τραπέζι άλλαξε πριν φτάσει η κίνηση· δοκιμάστε ξανά.",
        "malformed": "Το αίτημα δεν ήταν κατανοητό, οπότε δεν άλλαξε τίποτα.",
        "unknown": "Άγνωστο αίτημα {kind!r}· δεν άλλαξε τίποτα.",
        "no_undo": "Δεν υπάρχει κίνηση για αναίρεση.",
        "no_redo": "Δεν υπάρχει κίνηση για επανάληψη.",
        "no_hint": "Δεν μένει χρήσιμη κίνηση.",
        "hint": "Υπόδειξη: {text}",
        "no_auto": "Κανένα φύλλο δεν μπορεί να πάει με ασφάλεια στις Βάσεις τώρα.",
        "auto": "Η αυτόματη κίνηση μετέφερε {n|ένα φύλλο|{n} φύλλα}.",
        "no_found": "Το πάνω φύλλο από {pile} δεν μπορεί να πάει σε Βάση τώρα.",
        "won": "Κερδίσατε! Όλα τα φύλλα είναι στις Βάσεις.",
        "lost": "Δεν υπάρχουν άλλες κινήσεις.",
        "error": "Κάτι πήγε στραβά· το παιχνίδι έμεινε όπως ήταν.",
        "bad_option": "Αυτές οι επιλογές δεν ισχύουν για το παιχνίδι: {why}",
        "given_up_rules": "Οι κανόνες άλλαξαν: το μοίρασμα {seed} ξεκινά ξανά με αυτούς. Το "
        "παιχνίδι που παιζόταν ({moves|μία κίνηση|{moves} κινήσεις}) μετράει ως εγκαταλειμμένο "
        "(χαμένο) στα "
        "στατιστικά.",
        "given_up_game": "Άλλο παιχνίδι: το παιχνίδι που παιζόταν ({moves|μία κίνηση|{moves} "
        "κινήσεις}) μετράει "
        "ως εγκαταλειμμένο (χαμένο) στα στατιστικά.",
        "new": "Νέο μοίρασμα #{seed}.",
        "reviewing": "Αναδρομή: η θέση μετά από {i} από τις {n} κινήσεις. Με ← και → "
        "περνάτε τις θέσεις, με Esc επιστρέφετε στο παιχνίδι.",
        "review_on": "Βλέπετε την κίνηση {i} από {n}· επιστρέψτε στο παιχνίδι (Esc) για να "
        "συνεχίσετε. Δεν άλλαξε τίποτα.",
        "review_offer": "Βλέπετε την κίνηση {i} από {n}. Να συνεχίσετε από εδώ; Αυτή η "
        "κίνηση παίζεται εκεί, και {k|η μία κίνηση|οι {k} κινήσεις} μετά από αυτήν "
        "{k|κρατιέται|κρατιούνται} ως η άλλη σειρά: η Άλλη σειρά (L) {k|τη|τις} φέρνει πίσω. "
        "Πατήστε Συνέχεια από εδώ (P). Δεν άλλαξε τίποτα ακόμη.",
        "play_on_chain": "Αναιρέθηκε ως την κίνηση {i}, όπου αρχίζει μια αυτόματη σειρά "
        "κινήσεων· η Επανάληψη φέρνει πίσω τις επόμενες.",
        "play_on_redo": "Συνέχεια από την κίνηση {i}: {k|η μία κίνηση|οι {k} κινήσεις} μετά "
        "από αυτήν {k|αναιρείται|αναιρούνται} και η Επανάληψη {k|τη|τις} φέρνει πίσω (αν "
        "παίξετε άλλη κίνηση, {k|κρατιέται|κρατιούνται} ως η άλλη σειρά).",
        "line_kept": "{k|Η μία κίνηση|Οι {k} κινήσεις} μετά την κίνηση {i} που κρατούσε η "
        "Επανάληψη {k|κρατιέται|κρατιούνται} ως η άλλη σειρά: η Άλλη σειρά (L) {k|τη|τις} "
        "φέρνει πίσω.",
        "line_dropped": "Η άλλη σειρά που κρατιόταν πριν ({k|μία κίνηση|{k} κινήσεις}) αφήνεται.",
        "line_back": "Πίσω στην άλλη σειρά: {k|μία κίνηση|{k} κινήσεις} μετά την κίνηση {i}.",
        "no_line": "Δεν υπάρχει άλλη σειρά για να γυρίσετε.",
        "line_failed": "Η άλλη σειρά δεν ταιριάζει πια σε αυτό το μοίρασμα· δεν άλλαξε τίποτα.",
        "stats_failed": "Αυτό το μοίρασμα δεν καταγράφηκε στα στατιστικά.",
        "stats_kept_file": "{n|Ένα τελειωμένο μοίρασμα δεν γράφτηκε|{n} τελειωμένα μοιράσματα "
        "δεν γράφτηκαν} στο αρχείο στατιστικών ({why})· {n|κρατιέται|κρατιούνται} σε αρχείο "
        "δίπλα του και {n|γράφεται|γράφονται} μόλις το αρχείο {n|το|τα} δεχτεί.",
        "stats_kept_memory": "{n|Ένα τελειωμένο μοίρασμα δεν γράφτηκε|{n} τελειωμένα "
        "μοιράσματα δεν γράφτηκαν} στο αρχείο στατιστικών ({why})· {n|κρατιέται|κρατιούνται} "
        "στη μνήμη και {n|γράφεται|γράφονται} μόλις το αρχείο {n|το|τα} δεχτεί (χάνονται αν "
        "η Python σταματήσει πρώτα).",
        "stats_written": "{n|Το τελειωμένο μοίρασμα που περίμενε γράφτηκε|Τα {n} τελειωμένα "
        "μοιράσματα που περίμεναν γράφτηκαν} τώρα στο αρχείο στατιστικών.",
        "stats_readonly": "Το αρχείο στατιστικών {path} διαβάζεται αλλά δεν γράφεται (φάκελος "
        "ή αρχείο μόνο για ανάγνωση): φαίνονται τα στοιχεία του, και τα μοιράσματα αυτής της "
        "συνεδρίας κρατιούνται μόνο στη μνήμη.",
        "stats_newer": "Το αρχείο στατιστικών {path} γράφτηκε από νεότερη έκδοση του "
        "solitaire_widget (έκδοση αρχείου {v}): φαίνονται τα στοιχεία του και μένει όπως "
        "είναι· τα μοιράσματα αυτής της συνεδρίας κρατιούνται μόνο στη μνήμη.",
        "stats_refused": "Το αρχείο στατιστικών {path} γράφτηκε από νεότερη έκδοση του "
        "solitaire_widget που αυτή δεν διαβάζει: μένει όπως είναι, και τα στοιχεία αυτής "
        "της συνεδρίας κρατιούνται μόνο στη μνήμη.",
        "replay_setting": "Η λύση δεν μπορεί να παιχτεί: {why}. Συνεχίστε εσείς.",
        "stats_unopened": "Το αρχείο στατιστικών {path} δεν άνοιξε ({why})· τα στοιχεία "
        "αυτής της συνεδρίας κρατιούνται μόνο στη μνήμη.",
        "stats_unopened_retry": "Το αρχείο στατιστικών {path} δεν άνοιξε ({why})· τα "
        "στοιχεία αυτής της συνεδρίας κρατιούνται μόνο στη μνήμη ώσπου να ανοίξει, και τότε "
        "γράφονται σε αυτό.",
        "bad_seed": "Ο αριθμός μοιράσματος είναι ακέραιος από 0 έως {max}, και το {seed!r} "
        "δεν είναι· δεν άλλαξε τίποτα.",
        "solving": "Αναζήτηση νίκης…",
        "solved": "Βρέθηκε νίκη σε {n|μία κίνηση|{n} κινήσεις}· παίζεται στο τραπέζι. "
        "Πατήστε Διακοπή για να συνεχίσετε εσείς.",
        "replaying": "Παίζεται η λύση: κίνηση {i} από {n}. "
        "Πατήστε Διακοπή για να συνεχίσετε εσείς.",
        "solve_lost": "Ο λύτης απέδειξε ότι το μοίρασμα δεν κερδίζεται πια από εδώ· "
        "δεν άλλαξε τίποτα.",
        "solve_blocked": "Το φύλλο {cards} δεν μπορεί να μετακινηθεί ποτέ πια, ό,τι κι αν "
        "παιχτεί: κάθε θέση όπου θα μπορούσε να πάει περιμένει φύλλα που βρίσκονται από "
        "κάτω του ή έχουν κολλήσει κι αυτά, ή πρέπει να δεχτεί πρώτα, για πάντα, το δίδυμό "
        "του (το άλλο φύλλο του ίδιου αριθμού και χρώματος). Το μοίρασμα δεν κερδίζεται πια· "
        "δεν άλλαξε τίποτα.",
        "solve_blocked_many": "Τα φύλλα {cards} δεν μπορούν να μετακινηθούν ποτέ πια, ό,τι "
        "κι αν παιχτεί: κάθε θέση όπου θα μπορούσε να πάει το καθένα περιμένει φύλλα που "
        "βρίσκονται από κάτω του ή έχουν κολλήσει κι αυτά, ή πρέπει να δεχτεί πρώτα, για "
        "πάντα, το δίδυμό του (το άλλο φύλλο του ίδιου αριθμού και χρώματος). Το μοίρασμα δεν "
        "κερδίζεται πια· δεν άλλαξε τίποτα.",
        "solve_unknown": "Καμία απάντηση μετά από {s} δευτ. αναζήτησης· πατήστε «Λύση» "
        "για να συνεχιστεί. Δεν άλλαξε τίποτα.",
        "solve_gave_up": "Καμία απάντηση μετά από {s} δευτ. αναζήτησης ({n} θέσεις, όσες "
        "κρατά η «Λύση» στη μνήμη)· δεν άλλαξε τίποτα.",
        "already_won": "Αυτό το μοίρασμα έχει ήδη κερδηθεί.",
        "stopped": "Διακόπηκε· συνεχίστε εσείς.",
        "replay_failed": "Η λύση δεν ταιριάζει πια στο τραπέζι, οπότε η επανάληψη σταμάτησε.",
        "thinking": "Αναζήτηση κίνησης που οδηγεί σε νίκη…",
        "hint_exact": "Υπόδειξη (οδηγεί σε νίκη): {text}",
        "hint_lost": "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί. Υπόδειξη: {text}",
        "hint_blocked": "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί (κολλημένα για πάντα, "
        "ό,τι κι αν παιχτεί: {cards}). Υπόδειξη: {text}",
        "hint_unknown": "Δεν βρέθηκε νικηφόρα σειρά κινήσεων εγκαίρως. Υπόδειξη: {text}",
        "unwinnable": "Αυτό το μοίρασμα δεν μπορεί πια να κερδηθεί.",
        "fatal_warn": "Αν το παίξετε, το μοίρασμα δεν θα κερδίζεται πια.",
        "fatal_why": "Ο λύτης απέδειξε ότι αυτή η θέση κερδίζεται, και ότι η θέση μετά από "
        "αυτή την κίνηση ({move}) χάνεται.",
        "fatal_why_honest": "Από {n} τρόπους που μπορεί να βρίσκονται τα φύλλα που δεν έχετε "
        "δει, {before} κερδίζονται από εδώ και {after} μετά από αυτή την κίνηση ({move}).",
        "disconnected": "Ο πυρήνας δεν είναι συνδεδεμένος.",
        "unwinnable_start": "Αυτό το μοίρασμα δεν κερδίζεται: ήταν χαμένο από την αρχή, ό,τι "
        "κι αν παιχτεί.",
        "solve_lost_start": "Ο λύτης απέδειξε ότι το μοίρασμα δεν κερδίζεται: είναι χαμένο "
        "από την αρχή· δεν άλλαξε τίποτα.",
        "hint_lost_start": "Αυτό το μοίρασμα δεν κερδίζεται (χαμένο από την αρχή). "
        "Υπόδειξη: {text}",
        "solved_end": "Το έλυσε ο υπολογιστής: όλα τα φύλλα είναι στις Βάσεις. Μετράει ως "
        "παιγμένο και λυμένο, όχι ως δική σας νίκη.",
        "dealing": "Αναζήτηση μοιράσματος που ο λύτης αποδεικνύει ότι κερδίζεται…",
        "dealing_failed": "Δεν βρέθηκε έγκαιρα μοίρασμα που κερδίζεται με αυτούς τους κανόνες· "
        "πατήστε Νέο για νέα αναζήτηση.",
        "chance_about": "περίπου {p}% ({lo}–{hi}%)",
        "chance_unknown": "άγνωστο ακόμα ({lo}–{hi}%)",
        "chance_exact_won": "κερδίζεται (όλα τα φύλλα είναι γνωστά: η ακριβής απάντηση)",
        "chance_exact_lost": "δεν κερδίζεται πια (όλα τα φύλλα είναι γνωστά: η ακριβής απάντηση)",
        "chance_exact_unknown": "άγνωστο ακόμα (όλα τα φύλλα είναι γνωστά)",
        "hint_honest": "Υπόδειξη (η καλύτερη πιθανότητα από όσα βλέπετε: {chance}): {text}",
        "hint_honest_exact": "Υπόδειξη (όλα τα φύλλα είναι γνωστά: {chance}): {text}",
        "hint_honest_unknown": "Δεν υπολογίστηκε εγκαίρως πιθανότητα από όσα βλέπετε. "
        "Υπόδειξη: {text}",
        "chance_lowers": "Αυτή η κίνηση ρίχνει την πιθανότητά σας από {before} σε {after}, "
        "από όσα βλέπετε.",
        "live_label_honest": "Η πιθανότητά σας",
        "live_label_thoughtful": "Λύτης (όλα τα φύλλα γνωστά)",
        "live_say_honest": "Η πιθανότητά σας: {answer}",
        "live_chance_title": "Η πιθανότητά σας να κερδίσετε από όσα βλέπετε: το ποσοστό από "
        "{n} τρόπους που μπορεί να βρίσκονται τα φύλλα που δεν έχετε δει στους οποίους "
        "κερδίζει ο λύτης, με το διάστημα 95%. Κανένα κλειστό φύλλο δεν κοιτάζεται.",
        "live_chance_more": "Η πιθανότητά σας να κερδίσετε από όσα βλέπετε: το ποσοστό από "
        "{n} τρόπους που μπορεί να βρίσκονται τα φύλλα που δεν έχετε δει στους οποίους "
        "κερδίζει ο λύτης, με το διάστημα 95%· βελτιώνεται στο παρασκήνιο. Κανένα κλειστό "
        "φύλλο δεν κοιτάζεται.",
        "live_exact_title": "Κανένα φύλλο δεν είναι άγνωστο εδώ, άρα αυτή είναι η ακριβής "
        "απάντηση.",
        "live_thoughtful_title": "Υπολογίζεται με όλα τα φύλλα γνωστά, μαζί με τα κλειστά "
        "φύλλα και τη σειρά της Μάνας: για μελέτη και διδασκαλία.",
    },
}

# The pile names used in notices (the page has its own copy for its labels).
PILE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "s": "the stock",
        "w": "the waste",
        "r": "the reserve",
        "f": "foundation",
        "t": "tableau",
    },
    "el": {"s": "τη Μάνα", "w": "τον Σωρό", "r": "τη Ρεζέρβα", "f": "Βάση", "t": "Ταμπλό"},
}


# ``{n|card|cards}``: the first words when ``n`` is 1, else the second; either may
# hold placeholders of its own (``{n|one card|{n} cards}``)
_ALT = r"((?:[^{}|]|\{\w+\})*)"
_PLURAL = re.compile(r"\{(\w+)\|" + _ALT + r"\|" + _ALT + r"\}")


def _one(value: object) -> bool:
    try:
        return int(str(value)) == 1
    except ValueError:
        return False


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template`` with its placeholders filled, each ``{n|singular|plural}`` worded
    for the number ``n`` (so no sentence says "card(s)")."""
    chosen = _PLURAL.sub(
        lambda m: m.group(2) if _one(params.get(m.group(1))) else m.group(3), template
    )
    return chosen.format(**params)


# A move in words, for the player ("the top 2 cards of tableau 6 onto tableau 3"): the
# notation (``t5>t2*2``) is for programs. Greek says each pile with its article, in
# the case the sentence needs.
_FROM = {
    "en": {
        "s": "the stock",
        "w": "the waste",
        "r": "the reserve",
        "f": "foundation {i}",
        "t": "tableau {i}",
    },
    "el": {
        "s": "από τη Μάνα",
        "w": "από τον Σωρό",
        "r": "από τη Ρεζέρβα",
        "f": "από τη Βάση {i}",
        "t": "από το Ταμπλό {i}",
    },
}
_TO = {
    "en": {
        "s": "the stock",
        "w": "the waste",
        "r": "the reserve",
        "f": "foundation {i}",
        "t": "tableau {i}",
    },
    "el": {
        "s": "στη Μάνα",
        "w": "στον Σωρό",
        "r": "στη Ρεζέρβα",
        "f": "στη Βάση {i}",
        "t": "στο Ταμπλό {i}",
    },
}
_MOVE = {
    "en": {
        "draw": "a click on the stock",
        "one": "the top card of {src} onto {dst}",
        "many": "the top {n} cards of {src} onto {dst}",
    },
    "el": {
        "draw": "ένα κλικ στη Μάνα",
        "one": "το πάνω φύλλο {src} {dst}",
        "many": "τα {n} πάνω φύλλα {src} {dst}",
    },
}
_MOVE_SYNTAX = re.compile(r"^([swr]|[ft]\d{1,2})>([swr]|[ft]\d{1,2})(?:\*(\d{1,2}))?$")


def _pile_in(table: dict[str, str], pile: str) -> str:
    return table[pile[0]].format(i=int(pile[1:]) + 1 if len(pile) > 1 else "")


def move_words(action: str, lang: str = "en") -> str:
    """A move's notation (``"t5>t2*2"``, ``"draw"``) in words of ``lang``, as a player
    reads it; notation it cannot read is given back as it is."""
    words = _MOVE.get(lang, _MOVE["en"])
    if action == "draw":
        return words["draw"]
    m = _MOVE_SYNTAX.match(action) if isinstance(action, str) else None
    if m is None:
        return str(action)
    src, dst, count = m.group(1), m.group(2), int(m.group(3) or 1)
    where = lang if lang in _FROM else "en"
    args = {"src": _pile_in(_FROM[where], src), "dst": _pile_in(_TO[where], dst), "n": count}
    return words["one" if count == 1 else "many"].format(**args)


def notice(key: str, lang: str = "en", **params: object) -> str:
    """A widget notice (``NOTICES``) in ``lang``."""
    return fill(NOTICES[lang][key], params)


def pile_words(pile: str, lang: str = "en") -> str:
    """How a notice names a pile: "tableau 3", "the waste"."""
    names = PILE_WORDS[lang]
    if pile[:1] in ("f", "t") and pile[1:].isdigit():
        return f"{names[pile[0]]} {int(pile[1:]) + 1}"
    return names.get(pile, pile)


def text(key: str, lang: str = "en", **params: object) -> str:
    if lang not in TEXTS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return fill(TEXTS[lang][key], params)
