"""The page's intents: each custom message checked and carried out on a PlaySession.

The page sends intents only, never state (``{"kind": "move", "action": "t0>t3*2",
"version": 17}``, ``{"kind": "draw"}``, ``{"kind": "select", "game": ..., "options":
{...}}``...). Every one is checked here for shape (a malformed or forged message), for
staleness (``version``) and, through the Game, against the rules; anything refused
becomes a notice in the view and changes nothing. ``handle`` never raises: an unexpected
error is logged for the developer and the player is told, the game untouched (Game
methods are all-or-nothing).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from typing import Any

from .cards import CARD_BACKS, DECKS
from .deals import GRADES
from .game import Game
from .games import GAMES
from .play_session import PlaySession, Refused
from .texts import pile_words as _pile_words

__all__ = ["LANGS", "MAX_SEED", "OFFERED", "PLAYS", "TAKES_OVER", "handle"]

_log = logging.getLogger(__name__)

LANGS = ("en", "el")
# Seeds are GLib guint32 values (g_rand_new_with_seed).
MAX_SEED = 2**32 - 1
# the switches the page may flip (the widget's traits of the same names)
SETTINGS = ("warn_unwinnable", "exact_hint", "live_solver", "winnable_only", "warn_fatal")
# the grades "winnable deals only" may be asked for ("": any)
DIFFICULTIES = ("", *GRADES)
# how the cards are drawn: the widget's traits of these names, and what each may be
DECK_SETTINGS: dict[str, tuple[Any, ...]] = {
    "deck": DECKS,
    "card_back": CARD_BACKS,
    "large_index": (False, True),
}


def handle(play: PlaySession, content: Any) -> None:
    """Handles one intent from the page, under the table's lock. Never raises, and
    always answers: whatever goes wrong, the page gets a view (the last one again, if no
    fresh one can be built) with the refusal or the error in its status line."""
    with play.lock:
        try:
            try:
                dispatch(play, content)
            except Refused as r:
                play.refuse(r.key, **r.args_)
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
    if not isinstance(msg, Mapping):
        raise Refused("malformed")
    kind = msg.get("kind")
    if not isinstance(kind, str):
        raise Refused("malformed")
    handler = HANDLERS.get(kind)
    if handler is None:
        raise Refused("unknown", kind=kind[:40])
    # a held fatal move waits for its answer (or the page's question whether its kernel
    # is there, "sync"), and nothing else
    if kind not in ("fatal", "sync") and play.cancel_fatal() and kind == "undo":
        # Undo while a losing move is held back takes back that move (never played),
        # not the one before it
        play.publish()
        return
    if play.review_at is not None and kind in OFFERED:
        # a move on the position looked back at: offered to be played on from there
        play.refuse_in_review(_offered(play, msg))
        return
    if play.review_at is not None and kind in PLAYS:
        # Looking back changes nothing: say how to play on instead.
        raise Refused("review_on", level="info", i=play.review_at, n=play.game.moves)
    if kind in TAKES_OVER:
        # The player acts: the solver's replay stops even if the intent is refused.
        play.solver.halt()
    handler(play, msg)


# ---------------------------------------------------------------------- checks


def as_int(value: Any, lo: int, hi: int) -> int:
    """An integer in [lo, hi]; bools and floats with fractions are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Refused("malformed")
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise Refused("malformed")
    n = int(value)
    if not lo <= n <= hi:
        raise Refused("malformed")
    return n


def check_options(options: Any) -> dict[str, Any]:
    """The options of a ``select`` intent, checked for shape (Game checks the values)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise Refused("malformed")
    out: dict[str, Any] = {}
    for k, v in options.items():
        if v is None or isinstance(v, str):
            out[k] = v
        else:
            out[k] = as_int(v, 0, 1000)
    return out


def check_version(play: PlaySession, msg: Mapping[str, Any]) -> None:
    if "version" not in msg:
        return
    v = msg["version"]
    if isinstance(v, bool) or not isinstance(v, int):
        raise Refused("malformed")
    if v != play.version:
        raise Refused("stale")


def seed_of(msg: Mapping[str, Any]) -> int | None:
    """The seed a ``new`` or ``select`` intent asks for: None (a random deal) or an int
    GLib takes. The page sends what the player typed, so a bad one is named."""
    seed = msg.get("seed")
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise Refused("malformed")
    if isinstance(seed, int) and 0 <= seed <= MAX_SEED:
        return seed
    text = str(seed).strip()[:24]
    # ASCII digits only: int() would also read other scripts' digits
    if text.isascii() and text.isdigit() and int(text) <= MAX_SEED:
        return int(text)
    raise Refused("bad_seed", seed=text, max=MAX_SEED)


def pile_ids(game: Game) -> set[str]:
    """The ids of the piles this game has."""
    piles = {"s", "w", *(f"f{i}" for i in range(4)), *(f"t{i}" for i in range(game.n_tableau))}
    if game.rules.has_reserve:
        piles.add("r")
    return piles


# ---------------------------------------------------------------------- the intents


def _move(play: PlaySession, msg: Mapping[str, Any]) -> None:
    action = msg.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= 32:
        raise Refused("malformed")
    check_version(play, msg)
    play.play_checked(action)


def _draw(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    play.play_checked("draw")


def _fatal(play: PlaySession, msg: Mapping[str, Any]) -> None:
    """The answer to the fatal-move warning: ``{"kind": "fatal", "confirm": true,
    "action": ..., "version": v}`` plays the move held back ("Play it anyway"; the
    action and version must be the ones held), ``"confirm": false`` takes it back."""
    confirm = msg.get("confirm")
    if not isinstance(confirm, bool):
        raise Refused("malformed")
    if not confirm:
        play.cancel_fatal()
        play.publish()
        return
    action, version = msg.get("action"), msg.get("version")
    if not isinstance(action, str) or not 0 < len(action) <= 32:
        raise Refused("malformed")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refused("malformed")
    play.confirm_fatal(action, version)


def _undo(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    if not play.game.can_undo:
        raise Refused("no_undo", level="info")
    play.game.undo()


def _redo(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    if not play.game.can_redo:
        raise Refused("no_redo", level="info")
    play.game.redo()


def _restart(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    play.game.restart()


def _new(play: PlaySession, msg: Mapping[str, Any]) -> None:
    # a typed deal number is dealt as typed, won or lost; else "winnable only" decides
    play.new_deal(seed_of(msg))


def _hint(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    play.ask_hint()


def _autoplay(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    if not play.game.autoplay():
        raise Refused("no_auto", level="info")


def _foundation(play: PlaySession, msg: Mapping[str, Any]) -> None:
    pile = msg.get("pile")
    if not isinstance(pile, str) or pile not in pile_ids(play.game):
        # a pile this table does not have (a forged or stale message) is named as
        # such, not reported as a card that cannot go up
        raise Refused("malformed")
    check_version(play, msg)
    # a foundation's own card moving to another is not a double-click
    move = None if pile[0] == "f" else play.game.foundation_move(pile)
    if move is None:
        raise Refused("no_found", pile=_pile_words(pile, play.lang))
    play.play_checked(str(move))


def _select(play: PlaySession, msg: Mapping[str, Any]) -> None:
    name = msg.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise Refused("malformed")
    options = check_options(msg.get("options"))
    seed = seed_of(msg)
    asked = seed is not None
    if seed is None and name == play.game.name and play.game.seed is not None:
        # other rules for the game on the table (Draw, Redeals): the same deal under
        # them, not a random one (the game in progress is said to be given up)
        seed = play.game.seed
    try:
        game = Game(name, seed=seed, **options)
    except (TypeError, ValueError) as e:
        raise Refused("bad_option", why=str(e)[:120]) from None
    play.select(game, asked)


def _offered(play: PlaySession, msg: Mapping[str, Any]) -> str:
    """The action a move intent asks for while looking back (checked for shape; the
    version is the game's, not the position's, and is not asked for)."""
    kind = msg.get("kind")
    if kind == "draw":
        return "draw"
    if kind == "move":
        action = msg.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 32:
            raise Refused("malformed")
        return action
    pile = msg.get("pile")
    if not isinstance(pile, str) or pile not in pile_ids(play.game):
        raise Refused("malformed")
    assert play.review_at is not None
    move = None if pile[0] == "f" else play.game.position(play.review_at).foundation_move(pile)
    if move is None:
        raise Refused("no_found", pile=_pile_words(pile, play.lang))
    return str(move)


def _play_on(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    play.play_on()


def _sync(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    """``{"kind": "sync"}``: the page asks for the view again (its kernel's connection
    was said to close: a kernel that is there answers, and the table is live again);
    nothing changes."""
    play.publish()


def _line(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    """``{"kind": "line"}``: back to the other line (the moves a move dropped from
    Redo), the line left kept in its place."""
    play.restore_line()


def _lang(play: PlaySession, msg: Mapping[str, Any]) -> None:
    lang = msg.get("lang")
    if lang not in LANGS:
        raise Refused("malformed")
    if play.settings.lang == lang:
        play.publish()  # every view shows the truth again
    else:
        play.settings.lang = lang  # the owner sends the view in it


def _solve(play: PlaySession, msg: Mapping[str, Any]) -> None:
    stop = msg.get("stop", False)
    if not isinstance(stop, bool):
        raise Refused("malformed")
    if stop or play.solver.replaying:
        # Solve pressed again (the button reads Stop) stops it.
        if not play.solver.stop():
            play.publish()
        return
    play.hint = None
    play.solver.solve()


def _stop(play: PlaySession, _msg: Mapping[str, Any]) -> None:
    if not play.solver.stop():
        play.publish()


def _setting(play: PlaySession, msg: Mapping[str, Any]) -> None:
    name, value = msg.get("name"), msg.get("value")
    if name == "difficulty":
        if value is None:
            value = ""
        if not isinstance(value, str) or value not in DIFFICULTIES:
            raise Refused("malformed")
    elif name not in SETTINGS or not isinstance(value, bool):
        raise Refused("malformed")
    if getattr(play.settings, name) == value:
        play.publish()  # every view shows the truth again
    else:
        setattr(play.settings, name, value)  # the owner tells the table (setting_changed)


def _deck(play: PlaySession, msg: Mapping[str, Any]) -> None:
    """``{"kind": "deck", "name": "deck", "value": "four_colour"}``: how the cards are
    drawn (DECK_SETTINGS). The table itself does not change; the owner's synced trait
    redraws every view."""
    name, value = msg.get("name"), msg.get("value")
    allowed = DECK_SETTINGS.get(name) if isinstance(name, str) else None
    # a bool is an int: True must not pass for a deck's name, nor 1 for True
    if allowed is None or not any(type(value) is type(a) and value == a for a in allowed):
        raise Refused("malformed")
    setattr(play.settings, str(name), value)
    play.publish()  # every intent is answered with a view


def _review(play: PlaySession, msg: Mapping[str, Any]) -> None:
    """``{"kind": "review", "at": n}`` shows the position after n actions;
    ``"at": null`` the game again; ``"step": -1 / 1`` one back or forth."""
    if "step" in msg:
        step = msg["step"]
        if isinstance(step, bool) or not isinstance(step, int) or abs(step) > 10_000:
            raise Refused("malformed")
        now = play.game.moves if play.review_at is None else play.review_at
        play.show_review(min(max(now + step, 0), play.game.moves))
        return
    at = msg.get("at")
    if at is None:
        if play.review_at is None:
            play.publish()  # every view shows the game again
        play.leave_review()
        return
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= play.game.moves:
        raise Refused("malformed")
    play.show_review(at)


HANDLERS: dict[str, Callable[[PlaySession, Mapping[str, Any]], None]] = {
    "move": _move,
    "draw": _draw,
    "undo": _undo,
    "redo": _redo,
    "restart": _restart,
    "new": _new,
    "hint": _hint,
    "autoplay": _autoplay,
    "foundation": _foundation,
    "select": _select,
    "lang": _lang,
    "solve": _solve,
    "stop": _stop,
    "setting": _setting,
    "deck": _deck,
    "review": _review,
    "play_on": _play_on,
    "line": _line,
    "fatal": _fatal,
    "sync": _sync,
}
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
