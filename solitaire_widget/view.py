"""What the page is sent: built from a table's PlaySession, plain JSON, no Jupyter.

Three synced traits carry it, each sent only when it changes (ipywidgets sends a trait
when it is assigned a value that differs from the one it holds, and traitlets compares
the two; the widget assigns all three under ``hold_sync``, so what changed together
arrives together):

- ``view``: what changes with a move (``build``): the piles, counts, legal actions,
  hint, notice, clock, the solver's state and the live answer, ``version`` and ``seq``;
- ``setup``: what changes only with the game, its options or the deal (``setup``): the
  table's layout (solitaire_widget.layouts), what each empty slot takes, the options on
  and which of the toolbar's choices they are;
- ``stats``: the statistics of the game and options on the table (``stats``).

So a move sends about half of what it did when the layout and the statistics travelled
with every view (see benchmarks/widget_latency.py).

**Face-down cards are never named.** Every card lying face down (the stock, Eagle Wing's
trunk but its last card, Kansas's reserve under its top card, Klondike's columns under
their face-up cards) is sent as ``"??"`` (``DOWN``), in its place: the page knows how many
cards a pile holds and which of them lie face down, not which cards they are, so neither
the page's HTML (no ``data-card`` for them) nor its model (devtools) can read the stock's
order or a face-down card. When a move turns a card over, the next view names it. The
deal number (``seed``) is the player's, as in Aisleriot: a deal can be dealt again from it.

**The shapes are typed records** (TypedDicts below: ``View``, ``Setup``, ``StatsRow``,
``CatalogEntry`` and their parts; the layout's in solitaire_widget.layouts). The page
reads them through JSDoc typedefs of the same names (js/view.js, js/layout.js), and
tests/test_protocol.py holds each pair equal, field for field and type for type.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from .game import Game
from .games import catalog as _catalog
from .games import catalog_entry, game_key, is_registered, offered_groups, option_defaults
from .games.base import F0, F3
from .games.records import option_words
from .layouts import TableSpec, table_layout
from .moves import Move
from .moves import pile_index as _pile_index
from .play_session import PlaySession
from .texts import move_words

__all__ = [
    "DOWN",
    "CatalogEntry",
    "Setup",
    "StatsRow",
    "View",
    "build",
    "catalog",
    "double_clicks",
    "live_part",
    "masked",
    "setup",
    "stats",
]

# a face-down card as the page sees it
DOWN = "??"


# ---------------------------------------------------------------------- the shapes


class _TablePiles(TypedDict):
    s: list[str]
    w: list[str]
    f: list[list[str]]
    t: list[list[str]]


class Piles(_TablePiles, total=False):
    """The cards of every pile, face-down ones as DOWN (``r``: the reserve, in the
    games that have one)."""

    r: list[str]


class Notice(TypedDict):
    """A sentence for the status line, at ``level`` "info", "warn", "error" or "won"."""

    text: str
    level: str


class Timer(TypedDict):
    running: bool
    elapsed: float


class Solver(TypedDict):
    """What Solve and the exact hint are doing (``busy`` "solve", "hint" or None), and
    how far a replay has come (``step`` of ``steps``; 0 of 0 when none runs)."""

    busy: str | None
    step: int
    steps: int


class Switches(TypedDict):
    """The solver switches the toolbar shows (the view's ``settings``)."""

    exact_hint: bool
    warn_unwinnable: bool
    warn_fatal: bool
    thoughtful: bool


class Chance(TypedDict):
    """The honest chance (solitaire_widget.chance): the share of the decided worlds won
    (None: none decided yet), its 95% interval, the worlds solved and left undecided."""

    share: float | None
    low: float
    high: float
    samples: int
    undecided: int


class LiveWords(TypedDict):
    """What Python words of the indicator (in the table's language): its ``label``
    (what the answer rests on), and where the page has no words of its own, the honest
    chance's and the exact honest answer's: ``text``, ``title`` (its tooltip, in place
    of the page's), ``note`` (added to the page's tooltip) and ``say`` (read out). None:
    the page's own."""

    label: str
    text: str | None
    title: str | None
    note: str | None
    say: str | None


class Live(TypedDict):
    """The live answer (solitaire_widget.live): ``answer`` "winnable", "lost", "unknown",
    "checking", "off" or "chance" (the honest chance, in ``chance``); ``from_start``
    when the deal itself is proved lost; ``thoughtful`` when the answer is the one with
    every card known, ``exact`` when it is the honest one and nothing is unseen."""

    on: bool
    answer: str
    seconds: float
    searching: bool
    from_start: bool
    thoughtful: bool
    exact: bool
    chance: Chance | None
    words: LiveWords


class Fatal(TypedDict):
    """The move that lost the deal: the ``at``-th action, ``move``."""

    at: int
    move: str


class Pending(TypedDict):
    """A move held back by the fatal-move warning, waiting for "Play it anyway"."""

    move: str
    version: int
    text: str
    reason: str


class ReviewAt(TypedDict):
    """The position looked back at: after ``at`` of the game's ``of`` actions."""

    at: int
    of: int


class LineLeft(TypedDict):
    """The line a move dropped from Redo: where it parts from the game (``at`` actions
    shared) and how many actions it has after that."""

    at: int
    moves: int


class Deal(TypedDict):
    """For "winnable deals only" (deal_part)."""

    winnable_only: bool
    difficulty: str | None
    searching: bool
    winnable: bool
    grade: str | None
    grading: bool


class LivePart(TypedDict):
    """What a new live answer changes in the view."""

    live: Live
    warning: Notice | None
    fatal: Fatal | None


class View(TypedDict):
    """The ``view`` trait: what changes with a move."""

    game: str
    seed: int | None
    piles: Piles
    score: int
    status: str
    outcome: str | None
    moves: int
    stock_left: int
    reserve_left: int | None
    redeals_left: int | None
    base_rank: str | None
    draw_count: int
    legal: list[str]
    dbl: dict[str, str]
    hint: str | None
    notice: Notice | None
    can_undo: bool
    can_redo: bool
    timer: Timer
    solver: Solver
    settings: Switches
    pending: Pending | None
    review: ReviewAt | None
    deal: Deal
    offer: str | None
    line: LineLeft | None
    version: int
    seq: int
    live: Live
    warning: Notice | None
    fatal: Fatal | None


class Choice(TypedDict):
    """One choice of an option group: its label in each language and its options; in
    ``Setup.chosen``, the options on when they are none of the group's choices."""

    label: dict[str, str]
    options: dict[str, Any]


class OptionGroup(TypedDict):
    label: dict[str, str]
    choices: list[Choice]


class CatalogEntry(TypedDict):
    """A game as the toolbar offers it (the ``catalog`` trait)."""

    name: str
    title: str
    title_el: str
    groups: list[OptionGroup]


class Setup(TypedDict):
    """The ``setup`` trait: what changes only with the game, its options or the deal."""

    game: str
    options: dict[str, Any]
    chosen: list[int | Choice]
    layout: TableSpec
    accepts: dict[str, str]


class Graded(TypedDict):
    played: int
    won: int


class StatsRow(TypedDict):
    """The ``stats`` trait: the figures of the game and options on the table."""

    played: int
    won: int
    lost: int
    solved: int
    streak: int
    best_streak: int
    best_time: float | None
    best_score: int
    by_difficulty: dict[str, Graded]


# ---------------------------------------------------------------------- building them


def masked(state: dict[str, Any]) -> Piles:
    """A snapshot (face-down cards in lower case) with every face-down card as ``DOWN``."""

    def pile(cards: list[str]) -> list[str]:
        return [c if c.isupper() else DOWN for c in cards]

    out: dict[str, Any] = {}
    for key, value in state.items():
        if key in ("f", "t"):
            out[key] = [pile(p) for p in value]
        elif isinstance(value, list):
            out[key] = pile(value)
    return cast(Piles, out)


def double_clicks(legal: list[Move]) -> dict[str, str]:
    """What a double-click on each pile plays: its top card to the first foundation
    that takes it, read off the legal moves (the same move ``Game.foundation_move``
    finds; a foundation's own card moving to another is not a double-click)."""
    out: dict[str, str] = {}
    for m in legal:
        if m.is_draw or m.count != 1 or not F0 <= m.dst <= F3 or F0 <= m.src <= F3:
            continue
        src = m.source
        if src not in out or m.dst < _pile_index(out[src].split(">")[1]):
            out[src] = str(m)
    return out


def accepts(game: Game) -> dict[str, str]:
    """What each empty slot takes, for its outline label (display only): a column's
    is the game's ``empty_column`` as its options set it ("K", "any", "waste", "none")."""
    base = game.base_rank or "A"
    out = {f"f{i}": base for i in range(4)}
    tab = game.rules.empty_column
    for i in range(game.n_tableau):
        out[f"t{i}"] = tab
    return out


def chosen(game: Game, switches: bool = False) -> list[int | Choice]:
    """For each of the game's option groups the toolbar offers (the selectors, in order;
    the rule switches' only where ``switches``): the index of the choice its options
    are, or, when they are none of them, the entry the selector shows besides: its
    label in each language and the options it stands for. An option the game's options
    leave out (a switch at its default) is its default here."""
    cls = type(game.rules)
    options = {**option_defaults(cls), **game.options}
    out: list[int | Choice] = []
    for group in offered_groups(cls, switches):
        i = group.chosen(options)
        if i is not None:
            out.append(i)
            continue
        keys = sorted({k for c in group.choices for k in c.options})
        mine = {k: options.get(k) for k in keys}
        out.append(
            {
                "label": {lang: option_words(mine, lang) for lang in ("en", "el")},
                "options": mine,
            }
        )
    return out


def setup(game: Game, switches: bool = False) -> Setup:
    """The ``setup`` trait: what changes only with the game, its options or the deal
    (and with the table's rule switches, ``switches``: which groups are offered)."""
    return {
        "game": game.name,
        "options": dict(game.options),
        "chosen": chosen(game, switches),
        "layout": table_layout(game.rules),
        "accepts": accepts(game),
    }


def stats(play: PlaySession) -> StatsRow:
    """The ``stats`` trait (solitaire_widget.statistics keeps the figures)."""
    g = play.game
    return cast(StatsRow, play.statistics.get(game_key(g.rules), g.options))


def _warning(play: PlaySession) -> Notice | None:
    if play.solver.warning:
        # the deal itself proved lost: not "no longer", but lost from the start
        key = "unwinnable_start" if play.proofs.lost([]) else "unwinnable"
        return {"text": play.say(key), "level": "warn"}
    return None


def _pending(play: PlaySession) -> Pending | None:
    held = play.pending
    if held is None:
        return None
    words = move_words(held["move"], play.lang)
    if "chances" in held:  # the honest warning: the chance from what the player can see
        before, after = held["chances"]
        lang = play.lang
        return {
            "move": held["move"],
            "version": held["version"],
            "text": play.say("chance_lowers", before=before.text(lang), after=after.text(lang)),
            "reason": play.say(
                "fatal_why_honest", n=after.samples, before=before.won, after=after.won, move=words
            ),
        }
    return {
        "move": held["move"],
        "version": held["version"],
        "text": play.say("fatal_warn"),
        "reason": play.say("fatal_why", move=words),
    }


def _busy_notice(play: PlaySession) -> Notice | None:
    busy = play.solver.busy_notice()
    if busy is None:
        return None
    key, args = busy
    return {"text": play.say(key, **args), "level": "info"}


def _deal_notice(play: PlaySession) -> Notice | None:
    if play.dealer.searching:
        return {"text": play.say("dealing"), "level": "info"}
    if play.dealer_failed:
        return {"text": play.say("dealing_failed"), "level": "warn"}
    return None


def deal_part(play: PlaySession) -> Deal:
    """For "winnable deals only": the switch, the grade asked for, and about the deal on
    the table whether it was so dealt and its grade ("easy", "medium", "hard"; None
    with ``grading`` while it is measured, or when it could not be)."""
    settings = play.settings
    winnable = play.dealt_winnable
    grade = play.dealer.grade_of(play.game)[0] if winnable else None
    return {
        "winnable_only": bool(settings.winnable_only),
        "difficulty": settings.difficulty or None,
        "searching": play.dealer.searching,
        "winnable": winnable,
        "grade": grade,
        # not known yet: the page shows "…" until it is
        "grading": winnable and play.dealer.pending(play.game),
    }


def _end_notice(play: PlaySession, status: str) -> Notice | None:
    if status == "won":
        # as it is counted: a win Solve played is the computer's, not the player's
        if play.outcome == "solved":
            return {"text": play.say("solved_end"), "level": "won"}
        return {"text": play.say("won"), "level": "won"}
    if status == "lost":
        return {"text": play.say("lost"), "level": "info"}
    return None


def live_part(play: PlaySession) -> LivePart:
    """What a new live answer changes in the view (nothing else is sent again)."""
    answer = play.live.view()
    thoughtful = answer["thoughtful"]
    live: Live = {
        "on": answer["on"],
        "answer": answer["answer"],
        "seconds": answer["seconds"],
        "searching": answer["searching"],
        # the deal itself is proved lost: the page says "lost from the start" (a proof
        # with every card known: not told by the honest answer)
        "from_start": thoughtful and answer["answer"] == "lost" and play.proofs.lost([]),
        "thoughtful": thoughtful,
        "exact": answer["exact"],
        "chance": answer["chance"],
        "words": _live_words(play, answer),
    }
    # the move that lost the game ("winnable until move 23, t5>t2*2"), for review (with
    # every card known, so only beside the thoughtful answer)
    history = play.game.history
    k = play.proofs.fatal(history) if thoughtful else None
    fatal: Fatal | None = None if k is None else {"at": k, "move": history[k - 1]}
    return {"live": live, "warning": _warning(play), "fatal": fatal}


def _live_words(play: PlaySession, answer: dict[str, Any]) -> LiveWords:
    """The indicator's words Python gives (``LiveWords``)."""
    words: LiveWords = {"label": "", "text": None, "title": None, "note": None, "say": None}
    if answer["thoughtful"]:
        words["label"] = play.say("live_label_thoughtful")
        words["note"] = play.say("live_thoughtful_title")
        return words
    words["label"] = play.say("live_label_honest")
    figures = answer["chance"]
    if answer["answer"] == "chance" and figures is not None:
        lo, hi = round(figures["low"] * 100), round(figures["high"] * 100)
        if figures["share"] is None:
            text = play.say("chance_unknown", lo=lo, hi=hi)
        else:
            text = play.say("chance_about", p=round(figures["share"] * 100), lo=lo, hi=hi)
        key = "live_chance_more" if answer["searching"] else "live_chance_title"
        words["text"], words["title"] = text, play.say(key, n=figures["samples"])
        words["say"] = play.say("live_say_honest", answer=text)
    elif answer["exact"] and answer["answer"] in ("winnable", "lost"):
        said = play.say(
            "chance_exact_won" if answer["answer"] == "winnable" else "chance_exact_lost"
        )
        text = said[:1].upper() + said[1:]
        words["text"], words["note"] = text, play.say("live_exact_title")
        words["say"] = play.say("live_say_honest", answer=text)
    return words


def _said(notice: dict[str, str] | None) -> Notice | None:
    """A notice the PlaySession keeps, as the view sends it."""
    return {"text": notice["text"], "level": notice["level"]} if notice else None


def _solver(play: PlaySession) -> Solver:
    state = play.solver.view()
    return {"busy": state["busy"], "step": state["step"], "steps": state["steps"]}


def _line(play: PlaySession) -> LineLeft | None:
    line = play.lines.describe(play.game)
    return None if line is None else {"at": line["at"], "moves": line["moves"]}


def build(play: PlaySession) -> View:
    """The ``view`` trait: the table as it stands (or the position looked back at)."""
    g = play.game
    moves = g.moves
    status = g.status
    shown, review_at = play.review_game, play.review_at
    review: ReviewAt | None = None
    if shown is not None and review_at is not None:
        review = {"at": review_at, "of": moves}
    reviewing = review is not None
    at = shown if shown is not None and reviewing else g
    # looking back, the moves of the position shown: the page lets them be asked for,
    # and Python offers to play on from there (PlaySession.refuse_in_review)
    legal = at.legal_moves
    settings = play.settings
    part = live_part(play)
    return {
        "game": g.name,
        "seed": g.seed,
        "piles": masked(at.snapshot()),
        "score": at.score,
        "status": status,
        # how the deal ended as the statistics count it ("won", "lost", "solved")
        "outcome": play.outcome,
        "moves": review["at"] if review is not None else moves,
        "stock_left": at.stock_left,
        "reserve_left": at.reserve_left,
        "redeals_left": at.redeals_left,
        "base_rank": g.base_rank,
        "draw_count": g.draw_count,
        "legal": [str(m) for m in legal],
        "dbl": double_clicks(legal),
        "hint": None if reviewing else play.hint,
        "notice": _said(play.notice)
        or _busy_notice(play)
        or _deal_notice(play)
        or _said(play.store_notice())
        or _end_notice(play, status),
        "can_undo": g.can_undo,
        "can_redo": g.can_redo,
        "timer": {"running": play.timer_running, "elapsed": play.elapsed()},
        "solver": _solver(play),
        "settings": {
            "exact_hint": bool(settings.exact_hint),
            "warn_unwinnable": bool(settings.warn_unwinnable),
            "warn_fatal": bool(getattr(settings, "warn_fatal", False)),
            "thoughtful": bool(getattr(settings, "thoughtful", True)),
        },
        # a move held back by the fatal-move warning, waiting for "Play it anyway"
        "pending": _pending(play),
        "review": review,
        "deal": deal_part(play),
        # the move offered to be played on from the position looked back at
        "offer": play.offer if reviewing else None,
        # the line left when moves waiting on Redo were dropped: where it parts from the
        # game (``at`` actions shared) and its actions after that (``moves``)
        "line": None if reviewing else _line(play),
        "version": play.version,
        "seq": play.seq,
        "live": part["live"],
        "warning": part["warning"],
        "fatal": part["fatal"],
    }


def catalog(game: Game | None = None, switches: bool = False) -> list[CatalogEntry]:
    """The ``catalog`` trait: every game the toolbar offers, with its option groups
    (games.catalog: each group a per-language label and its choices; the rule
    switches' only where ``switches``). The game on the table (``game``) is among them
    even when its rules are not registered: in the place of the game registered under
    its name, if any, else last."""
    entries = _catalog(switches)
    if game is not None and not is_registered(game.rules):
        mine = catalog_entry(type(game.rules), switches)
        names = [e["name"] for e in entries]
        if mine["name"] in names:
            entries[names.index(mine["name"])] = mine
        else:
            entries.append(mine)
    return cast(list[CatalogEntry], entries)
