;;; Headless driver for GNOME Aisleriot's own compiled rule code.
;;;
;;; Debian's `aisleriot` package installs every game as compiled Guile
;;; (<libdir>/aisleriot/guile/3.0/NAME.go) plus the shared API module
;;; (aisleriot api).  Those files expect a module (aisleriot interface) that
;;; Aisleriot's C front end (src/game.c) defines at start-up.  This file
;;; defines that module again, in Scheme, from the behaviour of the C
;;; functions it stands in for, and then answers requests from
;;; scripts/record_traces.py on stdin/stdout: one S-expression per line in,
;;; one JSON object per line out.
;;;
;;; Nothing of Aisleriot is copied here: its game files and api.go are loaded
;;; from the installed package, unmodified.  Random numbers come from the real
;;; GLib (g_rand_new_with_seed / g_rand_int_range, called through the FFI), as
;;; in Aisleriot, where `aisleriot-random' is g_rand_int_range on the game's
;;; GRand.
;;;
;;; Requests (see scripts/record_traces.py):
;;;   (load "NAME")                    load NAME.go; answers its options
;;;   (options (("Label" . #t) ...) ((variable . value) ...))
;;;                                    set Aisleriot options by label, as the
;;;                                    Game > Options menu does, then override
;;;                                    game variables (for rules the game has
;;;                                    no option for)
;;;   (new SEED)                       new game with g_rand_new_with_seed(SEED)
;;;   (observe)                        slots, score, end flags, legal actions
;;;   (move SRC DST K)                 drag the top K cards of slot SRC to DST
;;;   (click SLOT)                     click on SLOT (the stock: a draw)
;;;   (quit)

;;; ---------------------------------------------------------------------------
;;; The C side: module (aisleriot interface)
;;; ---------------------------------------------------------------------------

(define-module (aisleriot interface)
  #:use-module (system foreign)
  #:export (set-feature-word!
            get-feature-word
            set-statusbar-message-c
            reset-surface
            add-slot
            get-slot
            set-cards-c!
            set-slot-y-expansion!
            set-slot-x-expansion!
            set-lambda
            set-lambda!
            aisleriot-random
            click-to-move?
            update-score
            get-timeout
            set-timeout!
            delayed-call
            undo-set-sensitive
            redo-set-sensitive
            dealable-set-sensitive))

;; GLib's GRand, as Aisleriot uses it.  G_RANDOM_VERSION switches GLib to an
;; older seeding algorithm, which Aisleriot's users do not get.
(define glib (dynamic-link "libglib-2.0.so.0"))
(define g-rand-new-with-seed
  (pointer->procedure '* (dynamic-func "g_rand_new_with_seed" glib) (list uint32)))
(define g-rand-int-range
  (pointer->procedure int32 (dynamic-func "g_rand_int_range" glib) (list '* int32 int32)))
(define g-rand-free
  (pointer->procedure void (dynamic-func "g_rand_free" glib) (list '*)))

;; The C game object's fields that the Scheme side can reach.
(define rand #f)                  ; the game's GRand (a pointer), or #f
(define features 0)
(define slots '())                ; slot records in creation order
(define slot-types '())           ; (id . type) in creation order
(define lambdas (make-hash-table))
(define timeout (* 60 60))
(define score-string #f)
(define pending-call #f)          ; the one pending delayed-call, or #f
(define game-state 'uninitialised); uninitialised loaded begin running

(define lambda-names
  '(new-game button-pressed button-released button-clicked
    button-double-clicked game-over winning-game hint get-options
    apply-options timeout droppable dealable))

(define (invalid-call message)
  (throw 'aisleriot-invalid-call message))

;; A slot is a mutable pair (id . cards); cards are top card first, each
;; (rank suit face-up?), exactly as get-slot hands them to Scheme.
(define (find-slot id)
  (assv id slots))

;; C keeps a card as rank, suit and a face-down bit: whatever else a card
;; list holds is dropped, and the face-up flag becomes a boolean.
(define (normalise-card card)
  (list (car card) (cadr card) (if (caddr card) #t #f)))

(define (normalise-cards cards)
  (if (list? cards) (map normalise-card cards) '()))

(define (set-feature-word! word)
  (set! features word)
  '())

(define (get-feature-word) features)

(define (set-statusbar-message-c message) '())

(define (reset-surface)
  (set! slots '())
  (set! slot-types '())
  '())

(define (add-slot slot-data)
  (when (memq game-state '(running))
    (invalid-call "Cannot add a new slot after the game has started."))
  (let ((id (car slot-data))
        (cards (cadr slot-data))
        (type (if (null? (cdddr slot-data)) 'unknown (cadddr slot-data))))
    (set! slots (append slots (list (cons id (normalise-cards cards)))))
    (set! slot-types (append slot-types (list (cons id type))))
    '()))


(define (get-slot id)
  (let ((slot (find-slot id)))
    (if slot
        (list id (map normalise-card (cdr slot)))
        '())))

(define (set-cards-c! id cards)
  (let ((slot (find-slot id)))
    (unless slot
      (invalid-call (string-append "No slot " (number->string id))))
    (set-cdr! slot (normalise-cards cards))
    #t))

;; Layout only: nothing to do headless.
(define (set-slot-y-expansion! id value) '())
(define (set-slot-x-expansion! id value) '())

(define (set-lambda new-game pressed released clicked double-clicked
                    game-over winning-game hint . rest)
  (for-each (lambda (name proc) (hashq-set! lambdas name proc))
            '(new-game button-pressed button-released button-clicked
              button-double-clicked game-over winning-game hint)
            (list new-game pressed released clicked double-clicked
                  game-over winning-game hint))
  (hashq-set! lambdas 'get-options (list-ref rest 0))
  (hashq-set! lambdas 'apply-options (list-ref rest 1))
  (hashq-set! lambdas 'timeout (list-ref rest 2))
  (let ((rest (list-tail rest 3)))
    (if (logtest features 1)        ; droppable-feature
        (begin (hashq-set! lambdas 'droppable (car rest))
               (set! rest (cdr rest)))
        (hashq-remove! lambdas 'droppable))
    (if (logtest features 4)        ; dealable-feature
        (hashq-set! lambdas 'dealable (car rest))
        (hashq-remove! lambdas 'dealable)))
  '())

(define (set-lambda! name proc)
  (unless (memq name lambda-names)
    (invalid-call "Unknown lambda name in set-lambda!"))
  (hashq-set! lambdas name proc)
  '())

(define (aisleriot-random range)
  (unless rand
    (invalid-call "aisleriot-random called without a game's random generator"))
  (g-rand-int-range rand 0 range))

;; Aisleriot always answers #f here (see src/game.c).
(define (click-to-move?) #f)

(define (update-score new-score)
  (set! score-string new-score)
  new-score)

(define (get-timeout) timeout)

(define (set-timeout! new)
  (set! timeout new)
  new)

;; Aisleriot runs the callback from a GLib timeout, before the player's next
;; action; the driver runs it right after the action that scheduled it.
(define (delayed-call callback)
  (when pending-call
    (invalid-call "Already have a delayed callback pending."))
  (set! pending-call callback)
  #t)

(define (undo-set-sensitive state) '())
(define (redo-set-sensitive state) '())
(define (dealable-set-sensitive state) '())

;;; ---------------------------------------------------------------------------
;;; The driver
;;; ---------------------------------------------------------------------------

(define-module (aisleriot recorder-driver)
  #:use-module (system foreign)
  #:use-module (srfi srfi-1)
  #:use-module (ice-9 rdelim)
  #:use-module (ice-9 match))

(when (getenv "G_RANDOM_VERSION")
  (display "G_RANDOM_VERSION is set: GLib would not deal as Aisleriot does\n"
           (current-error-port))
  (exit 2))

(define iface (resolve-module '(aisleriot interface)))
(define (c-ref name) (module-ref iface name))
(define (c-set! name value) (module-set! iface name value))

(define api #f)                   ; (aisleriot api), once a game is loaded
(define game-module #f)           ; where the game file's definitions live

(define (api-ref name) (module-ref api name))
(define (api-set! name value) (module-set! api name value))

(define (lambda-ref name)
  (hashq-ref (c-ref 'lambdas) name))

;; Aisleriot's C code calls into Scheme with the game file's module current
;; (save-variables and restore-variables in api.scm evaluate variable names
;; there); the driver's own code runs in its own module.
(define (in-game proc . args)
  (save-module-excursion
   (lambda ()
     (set-current-module game-module)
     (apply proc args))))

(define (call-lambda name . args)
  (let ((proc (lambda-ref name)))
    (unless (procedure? proc)
      (throw 'aisleriot-invalid-lambda (symbol->string name)))
    (apply in-game proc args)))

;; C calls these api procedures by name ("record-move", "end-move", ...).
(define (call-api name . args)
  (apply in-game (api-ref name) args))

;;; JSON output -----------------------------------------------------------

(define (json-string s port)
  (write-char #\" port)
  (string-for-each
   (lambda (c)
     (cond ((char=? c #\") (display "\\\"" port))
           ((char=? c #\\) (display "\\\\" port))
           ((char<? c #\space)
            (display (string-append "\\u"
                                    (string-pad (number->string (char->integer c) 16)
                                                4 #\0))
                     port))
           (else (write-char c port))))
   s)
  (write-char #\" port))

(define (json value port)
  (cond ((eq? value #t) (display "true" port))
        ((eq? value #f) (display "false" port))
        ((null? value) (display "[]" port))
        ((and (integer? value) (exact? value)) (display value port))
        ((string? value) (json-string value port))
        ((symbol? value) (json-string (symbol->string value) port))
        ((vector? value)                 ; an object: #((key . value) ...)
         (display "{" port)
         (let loop ((items (vector->list value)) (first #t))
           (unless (null? items)
             (unless first (display "," port))
             (json-string (car (car items)) port)
             (display ":" port)
             (json (cdr (car items)) port)
             (loop (cdr items) #f)))
         (display "}" port))
        ((list? value)
         (display "[" port)
         (let loop ((items value) (first #t))
           (unless (null? items)
             (unless first (display "," port))
             (json (car items) port)
             (loop (cdr items) #f)))
         (display "]" port))
        (else (json-string (object->string value) port))))

(define (reply . pairs)
  (json (list->vector pairs) (current-output-port))
  (newline (current-output-port))
  (force-output (current-output-port)))

;;; Cards ----------------------------------------------------------------

(define (card-code card)
  (let* ((rank (car card))
         (suit (cadr card))
         (code (string (string-ref "?A23456789TJQKA" rank)
                       (string-ref "CDHS" suit))))
    (if (caddr card) code (string-downcase code))))

;;; Game state snapshots -------------------------------------------------

;; Everything a trial move may change: the C side's slots, pending call and
;; score string, and the API's global and saved variables.
(define api-globals '(SCORE FLIP-COUNTER STATUSBAR-MESSAGE MOVE HISTORY FUTURE IN-GAME))

(define (saved-variable-names)
  (api-ref 'variable-list))

(define (snapshot)
  (list (map (lambda (slot) (cons (car slot) (cdr slot))) (c-ref 'slots))
        (c-ref 'pending-call)
        (c-ref 'score-string)
        (map api-ref api-globals)
        (map (lambda (name) (copy-tree (module-ref game-module name)))
             (saved-variable-names))))

(define (restore! snap)
  (match snap
    ((slots pending score-string globals saved)
     (for-each (lambda (saved-slot)
                 (set-cdr! (assv (car saved-slot) (c-ref 'slots)) (cdr saved-slot)))
               slots)
     (c-set! 'pending-call pending)
     (c-set! 'score-string score-string)
     (for-each api-set! api-globals globals)
     (for-each (lambda (name value) (module-set! game-module name (copy-tree value)))
               (saved-variable-names) saved))))

;;; What the C front end does --------------------------------------------

;; aisleriot_game_test_end_of_game, minus the game-over bookkeeping: the
;; driver asks game-over and winning-game itself when it observes.
(define (end-of-move)
  (call-api 'end-move)
  (when (lambda-ref 'dealable) (call-lambda 'dealable)))

(define (run-delayed-calls)
  (let loop ()
    (let ((callback (c-ref 'pending-call)))
      (when callback
        (c-set! 'pending-call #f)
        (in-game callback)
        (end-of-move)
        (loop)))))

(define (slot-cards id)
  (let ((slot (assv id (c-ref 'slots))))
    (unless slot (throw 'driver-error (format #f "no slot ~a" id)))
    (cdr slot)))

;; A drag: button-pressed on the picked cards (board-noclutter.c
;; aisleriot_board_button_press), record-move and take the cards off
;; (drag_begin), button-released on the target (drop_moving_cards), then
;; end-move or discard-move; on a refused drop the cards go back.
;; Answers whether the move was made.
(define (drag! src dst k)
  (let* ((cards (slot-cards src))
         (moving (list-head cards k)))
    (and (call-lambda 'button-pressed src moving)
         (begin
           (call-api 'record-move src cards)
           ((c-ref 'set-cards-c!) src (list-tail cards k))
           (if (call-lambda 'button-released src moving dst)
               (begin
                 (call-api 'end-move)
                 (end-of-move)
                 (run-delayed-calls)
                 #t)
               (begin
                 (call-api 'discard-move)
                 ((c-ref 'set-cards-c!) src cards)
                 #f))))))

;; A click that is not a drag (aisleriot_board_button_release).
(define (click! id)
  (call-api 'record-move -1 '())
  (let ((moved (call-lambda 'button-clicked id)))
    (if moved (call-api 'end-move) (call-api 'discard-move))
    (end-of-move)
    (run-delayed-calls)
    (if moved #t #f)))

(define (slot-type id)
  (cdr (assv id (c-ref 'slot-types))))

;; Every drag the front end accepts, each tried from the same snapshot.  A
;; tableau slot's cards can be picked up at any depth; other slots are drawn
;; as one stack, so only their top card can.
(define (legal-drags)
  (let ((snap (snapshot))
        (ids (map car (c-ref 'slots)))
        (found '()))
    (for-each
     (lambda (src)
       (unless (eq? (slot-type src) 'stock)
         (let* ((n (length (slot-cards src)))
                (depth (if (eq? (slot-type src) 'tableau) n (min n 1))))
           (do ((k 1 (+ k 1))) ((> k depth))
             (when (call-lambda 'button-pressed src (list-head (slot-cards src) k))
               (for-each
                (lambda (dst)
                  (unless (or (= dst src) (eq? (slot-type dst) 'stock))
                    (when (drag! src dst k)
                      (set! found (cons (list src dst k) found)))
                    (restore! snap)))
                ids))
             (restore! snap)))))
     ids)
    (reverse found)))

(define (stock-ids)
  (map car (filter (lambda (entry) (eq? (cdr entry) 'stock)) (c-ref 'slot-types))))

;; A click on the stock is a legal draw when Aisleriot's button-clicked says
;; it did something.
(define (legal-clicks)
  (let ((snap (snapshot)))
    (filter (lambda (id)
              (let ((moved (click! id)))
                (restore! snap)
                moved))
            (stock-ids))))

(define (observe)
  (let* ((over (not (call-lambda 'game-over)))
         (won (if (call-lambda 'winning-game) #t #f))
         (drags (legal-drags))
         (clicks (legal-clicks)))
    (reply (cons "ok" #t)
           (cons "slots" (map (lambda (slot)
                                (list (car slot) (slot-type (car slot))
                                      (map card-code (reverse (cdr slot)))))
                              (c-ref 'slots)))
           (cons "score" (api-ref 'SCORE))
           (cons "over" over)
           (cons "won" won)
           (cons "drags" drags)
           (cons "clicks" clicks))))

;;; Loading, options, new game -------------------------------------------

(define (load-game! name)
  (when game-module (throw 'driver-error "a game is already loaded"))
  (set! game-module (make-fresh-user-module))
  (c-set! 'game-state 'uninitialised)
  (save-module-excursion
   (lambda ()
     (set-current-module game-module)
     (primitive-load-path name)))
  (set! api (resolve-module '(aisleriot api)))
  (for-each (lambda (name)
              (unless (procedure? (lambda-ref name))
                (throw 'driver-error (format #f "~a: not a procedure" name))))
            '(new-game button-pressed button-released button-clicked
              button-double-clicked game-over winning-game hint
              get-options apply-options timeout))
  (c-set! 'game-state 'loaded))

(define (option-entries)
  (let ((options (call-lambda 'get-options)))
    (if (list? options) options '())))

;; aisleriot_game_change_options: set the chosen entries' flags in the list
;; get-options returned, then hand that list to apply-options.
(define (set-options! settings overrides)
  (let ((options (call-lambda 'get-options)))
    (for-each
     (lambda (setting)
       (let ((entry (and (list? options)
                         (find (lambda (entry)
                                 (and (list? entry) (equal? (car entry) (car setting))))
                               options))))
         (unless entry
           (throw 'driver-error (format #f "no option ~s" (car setting))))
         (list-set! entry 1 (cdr setting))))
     settings)
    (when (list? options) (call-lambda 'apply-options options)))
  (for-each
   (lambda (override)
     (unless (module-defined? game-module (car override))
       (throw 'driver-error (format #f "the game has no variable ~a" (car override))))
     (module-set! game-module (car override) (cdr override)))
   overrides))

;; game_scm_new_game: deal until the game's game-over says play can go on.
(define (new-game! seed)
  (let ((old (c-ref 'rand)))
    (when old (g-rand-free old)))
  (c-set! 'rand ((@@ (aisleriot interface) g-rand-new-with-seed) seed))
  (c-set! 'pending-call #f)
  (c-set! 'game-state 'begin)
  (let loop ()
    (call-lambda 'new-game)
    (call-api 'start-game)
    (unless (call-lambda 'game-over) (loop)))
  (when (lambda-ref 'dealable) (call-lambda 'dealable))
  (c-set! 'game-state 'running)
  (api-ref 'DECK))

(define (handle request)
  (match request
    (('load (? string? name))
     (load-game! name)
     (reply (cons "ok" #t)
            (cons "options" (map (lambda (entry) (list (car entry) (if (cadr entry) #t #f)))
                                 (filter list? (option-entries))))))
    (('options settings overrides)
     (set-options! settings overrides)
     (reply (cons "ok" #t)))
    (('new (? integer? seed))
     (let ((deck (new-game! seed)))
       (reply (cons "ok" #t) (cons "deck" (map card-code deck)))))
    (('observe) (observe))
    (('move (? integer? src) (? integer? dst) (? integer? k))
     (unless (and (assv src (c-ref 'slots)) (assv dst (c-ref 'slots))
                  (<= 1 k (length (slot-cards src))))
       (throw 'driver-error "no such slots or cards"))
     (reply (cons "ok" #t) (cons "moved" (drag! src dst k))))
    (('click (? integer? id))
     (unless (assv id (c-ref 'slots)) (throw 'driver-error "no such slot"))
     (reply (cons "ok" #t) (cons "moved" (click! id))))
    (_ (throw 'driver-error (format #f "bad request ~s" request)))))

(define (main)
  (let loop ()
    (let ((line (read-line (current-input-port))))
      (unless (eof-object? line)
        (let ((request (call-with-input-string line read)))
          (unless (equal? request '(quit))
            (catch #t
              (lambda () (handle request))
              (lambda (key . args)
                (reply (cons "ok" #f)
                       (cons "error" (format #f "~a: ~s" key args)))))
            (loop)))))))

(main)
