"""The page's intents carried out on a PlaySession.

The page sends intents only, never state (``{"kind": "move", "action": "t0>t3*2",
"version": 17}``, ``{"kind": "draw"}``, ``{"kind": "select", "game": ..., "options":
{...}}``...; every kind and its fields are records in solitaire_widget.intent_records,
sent by js/intents.js). Every one is checked for shape there, for staleness
(``version``) and, through the Game, against the rules here; anything refused becomes a
notice in the view and changes nothing. ``handle`` never raises: an unexpected error is
logged for the developer and the player is told, the game untouched (Game methods are
all-or-nothing).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from . import intent_records as r
from .game import Game
from .games import GAMES, rules_of_class
from .intent_records import LANGS, MAX_SEED, RECORDS, Intent
from .play_session import PlaySession, Refused
from .texts import pile_words as _pile_words

__all__ = ["HANDLERS", "LANGS", "MAX_SEED", "OFFERED", "PLAYS", "TAKES_OVER", "handle"]

_log = logging.getLogger(__name__)

# the handler of each kind, taking its record (``handles`` fills it)
HANDLERS: dict[str, Callable[[PlaySession, Any], None]] = {}
_I = TypeVar("_I", bound=Intent)


def handle(play: PlaySession, content: Any) -> None:
    """Handles one intent from the page, under the table's lock. Never raises, and
    always answers: whatever goes wrong, the page gets a view (the last one again, if no
    fresh one can be built) with the refusal or the error in its status line."""
    with play.lock:
        try:
            try:
                dispatch(play, content)
            except Refused as e:
                play.refuse(e.key, **e.args_)
        except Exception:
            _log.exception("solitaire_widget: error while handling %r", _short(content))
            try:
                play.refuse("error")
            except Exception:  # even the refusal failed (the game cannot say its state)
                _log.exception("solitaire_widget: error while reporting an error")
                play.send_error()


def _short(content: Any) -> str:
    """A forged message can be huge: the log names its start."""
    text = repr(content)
    return text if len(text) <= 300 else text[:300] + "…"


def dispatch(play: PlaySession, msg: Any) -> None:
    """Carries out one intent; Refused says why not."""
    kind = r.kind_of(msg)
    # a held fatal move waits for its answer (or the page's question whether its kernel
    # is there, "sync"), and nothing else
    if kind not in ("fatal", "sync") and play.cancel_fatal() and kind == "undo":
        # Undo while a losing move is held back takes back that move (never played),
        # not the one before it
        play.publish()
        return
    if play.review_at is not None and kind in OFFERED:
        # a move on the position looked back at: offered to be played on from there
        play.refuse_in_review(_offered(play, r.read(RECORDS[kind], msg)))
        return
    if play.review_at is not None and kind in PLAYS:
        # Looking back changes nothing: say how to play on instead.
        raise Refused("review_on", level="info", i=play.review_at, n=play.game.moves)
    if kind in TAKES_OVER:
        # The player acts: the solver's replay stops even if the intent is refused.
        play.solver.halt()
    HANDLERS[kind](play, r.read(RECORDS[kind], msg))


def handles(
    cls: type[_I],
) -> Callable[[Callable[[PlaySession, _I], None]], Callable[[PlaySession, _I], None]]:
    """Makes the function the handler of ``cls``'s kind."""

    def register(fn: Callable[[PlaySession, _I], None]) -> Callable[[PlaySession, _I], None]:
        HANDLERS[cls.kind] = fn
        return fn

    return register


# ---------------------------------------------------------------------- checks


def check_version(play: PlaySession, version: int | None) -> None:
    """A move based on an older view than the table's is stale (None: not said)."""
    if version is not None and version != play.version:
        raise Refused("stale")


def pile_ids(game: Game) -> set[str]:
    """The ids of the piles this game has."""
    piles = {"s", "w", *(f"f{i}" for i in range(4)), *(f"t{i}" for i in range(game.n_tableau))}
    if game.rules.has_reserve:
        piles.add("r")
    return piles


def _pile(play: PlaySession, pile: str) -> str:
    """A pile this table has; another (a forged or stale message) is named as such, not
    reported as a card that cannot go up."""
    if pile not in pile_ids(play.game):
        raise Refused("malformed")
    return pile


# ---------------------------------------------------------------------- the intents


@handles(r.Move)
def _move(play: PlaySession, i: r.Move) -> None:
    check_version(play, i.version)
    play.play_checked(i.action)


@handles(r.Draw)
def _draw(play: PlaySession, _i: r.Draw) -> None:
    play.play_checked("draw")


@handles(r.Fatal)
def _fatal(play: PlaySession, i: r.Fatal) -> None:
    """The answer to the fatal-move warning: ``confirm`` plays the move held back ("Play
    it anyway"; the action and version must be the ones held), else takes it back."""
    if not i.confirm:
        play.cancel_fatal()
        play.publish()
        return
    assert i.action is not None and i.version is not None  # the record says so
    play.confirm_fatal(i.action, i.version)


@handles(r.Undo)
def _undo(play: PlaySession, _i: r.Undo) -> None:
    if not play.game.can_undo:
        raise Refused("no_undo", level="info")
    play.game.undo()


@handles(r.Redo)
def _redo(play: PlaySession, _i: r.Redo) -> None:
    if not play.game.can_redo:
        raise Refused("no_redo", level="info")
    play.game.redo()


@handles(r.Restart)
def _restart(play: PlaySession, _i: r.Restart) -> None:
    play.game.restart()


@handles(r.New)
def _new(play: PlaySession, i: r.New) -> None:
    # a typed deal number is dealt as typed, won or lost; else "winnable only" decides
    play.new_deal(i.seed)


@handles(r.Hint)
def _hint(play: PlaySession, _i: r.Hint) -> None:
    play.ask_hint()


@handles(r.Autoplay)
def _autoplay(play: PlaySession, _i: r.Autoplay) -> None:
    if not play.game.autoplay():
        raise Refused("no_auto", level="info")


@handles(r.Foundation)
def _foundation(play: PlaySession, i: r.Foundation) -> None:
    pile = _pile(play, i.pile)
    check_version(play, i.version)
    # a foundation's own card moving to another is not a double-click
    move = None if pile[0] == "f" else play.game.foundation_move(pile)
    if move is None:
        raise Refused("no_found", pile=_pile_words(pile, play.lang))
    play.play_checked(str(move))


@handles(r.Select)
def _select(play: PlaySession, i: r.Select) -> None:
    seed, asked = i.seed, i.seed is not None
    if seed is None and i.game == play.game.name and play.game.seed is not None:
        # other rules for the game on the table (Draw, Redeals): the same deal under
        # them, not a random one (the game in progress is said to be given up)
        seed = play.game.seed
    try:
        if i.game == play.game.name:
            # the game on the table under other options: its own class, registered
            # or not (its name may be another's: a subclass that kept its parent's)
            rules = rules_of_class(type(play.game.rules), **_kept(play, i.options or {}))
            game = Game(rules, seed=seed)
        elif i.game in GAMES:
            game = Game(i.game, seed=seed, **(i.options or {}))
        else:  # a game unregistered since the toolbar listed it
            raise Refused("malformed")
    except (TypeError, ValueError) as e:
        raise Refused("bad_option", why=str(e)[:120]) from None
    play.select(game, asked)


def _kept(play: PlaySession, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options asked for, with the rule switches they do not name kept as the game
    on the table has them: a toolbar that does not offer the switches (the widget's
    ``rule_switches`` off) changes the deal, not a rule a teacher set."""
    current = play.game.options
    kept = {
        k: current[k]
        for g in type(play.game.rules).option_groups
        if g.switch
        for c in g.choices
        for k in c.options
        if k not in options and k in current
    }
    return {**kept, **options}


def _offered(play: PlaySession, i: Intent) -> str:
    """The action a move intent asks for while looking back (the version is the
    game's, not the position's, and is not asked for)."""
    if isinstance(i, r.Move):
        return i.action
    if not isinstance(i, r.Foundation):
        return "draw"
    pile = _pile(play, i.pile)
    assert play.review_at is not None
    move = None if pile[0] == "f" else play.game.position(play.review_at).foundation_move(pile)
    if move is None:
        raise Refused("no_found", pile=_pile_words(pile, play.lang))
    return str(move)


@handles(r.PlayOn)
def _play_on(play: PlaySession, _i: r.PlayOn) -> None:
    play.play_on()


@handles(r.Sync)
def _sync(play: PlaySession, _i: r.Sync) -> None:
    """The page asks for the view again (its kernel's connection was said to close: a
    kernel that is there answers, and the table is live again); nothing changes."""
    play.publish()


@handles(r.Line)
def _line(play: PlaySession, _i: r.Line) -> None:
    """Back to the other line (the moves a move dropped from Redo), the line left kept
    in its place."""
    play.restore_line()


@handles(r.Lang)
def _lang(play: PlaySession, i: r.Lang) -> None:
    if play.settings.lang == i.lang:
        play.publish()  # every view shows the truth again
    else:
        play.settings.lang = i.lang  # the owner sends the view in it


@handles(r.Solve)
def _solve(play: PlaySession, _i: r.Solve) -> None:
    if play.solver.replaying:
        # Solve pressed again (the button reads Stop) stops it.
        if not play.solver.stop():
            play.publish()
        return
    play.hint = None
    play.solver.solve()


@handles(r.Stop)
def _stop(play: PlaySession, _i: r.Stop) -> None:
    if not play.solver.stop():
        play.publish()


@handles(r.Setting)
def _setting(play: PlaySession, i: r.Setting) -> None:
    value = "" if i.value is None else i.value  # difficulty None: any
    if getattr(play.settings, i.name) == value:
        play.publish()  # every view shows the truth again
    else:
        setattr(play.settings, i.name, value)  # the owner tells the table (setting_changed)


@handles(r.Deck)
def _deck(play: PlaySession, i: r.Deck) -> None:
    """How the cards are drawn (DECK_SETTINGS). The table itself does not change; the
    owner's synced trait redraws every view."""
    setattr(play.settings, i.name, i.value)
    play.publish()  # every intent is answered with a view


@handles(r.Review)
def _review(play: PlaySession, i: r.Review) -> None:
    """The position after ``at`` actions, the game again (``at`` None), or ``step``
    positions back or forth."""
    if i.step is not None:
        now = play.game.moves if play.review_at is None else play.review_at
        play.show_review(min(max(now + i.step, 0), play.game.moves))
        return
    if i.at is None:
        if play.review_at is None:
            play.publish()  # every view shows the game again
        play.leave_review()
        return
    if not 0 <= i.at <= play.game.moves:
        raise Refused("malformed")
    play.show_review(i.at)


# Intents that would change the game: refused while a position is reviewed.
PLAYS = frozenset(
    {"move", "draw", "undo", "redo", "hint", "autoplay", "foundation", "solve", "fatal", "line"}
)
# Moves that, asked for while looking back, are offered to be played on from there.
OFFERED = frozenset({"move", "draw", "foundation"})
# Intents that take the table back from a running Solve.
TAKES_OVER = frozenset(
    {
        "move",
        "draw",
        "undo",
        "redo",
        "restart",
        "new",
        "autoplay",
        "foundation",
        "select",
        "fatal",
        "line",
    }
)
