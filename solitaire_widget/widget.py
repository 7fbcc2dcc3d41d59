"""SolitaireWidget: the Jupyter front end of a :class:`~solitaire_widget.Game`.

The only module that knows about Jupyter. Python stays the source of truth: the page
draws one synced ``view`` trait and sends intents back as custom messages
(``{"kind": "move", "action": "t0>t3*2", "version": 17}``). Every intent is checked
here; anything malformed, stale or illegal becomes a notice in the view and changes
nothing. No exception raised while handling a message leaves this module.
"""

from __future__ import annotations

import logging
import math
import pathlib
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from .game import Game
from .games import GAMES

__all__ = ["SolitaireWidget"]

_log = logging.getLogger(__name__)

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"

LANGS = ("en", "el")
# Seeds are GLib guint32 values (g_rand_new_with_seed).
MAX_SEED = 2**32 - 1

# Notices written here (the reasons for illegal moves come from Game.explain).
_NOTICES = {
    "en": {
        "stale": "The table changed before that move arrived; try it again.",
        "malformed": "That request could not be understood, so nothing changed.",
        "unknown": "Unknown request {kind!r}; nothing changed.",
        "no_undo": "Nothing to undo.",
        "no_redo": "Nothing to redo.",
        "no_hint": "No useful move is left.",
        "hint": "Hint: {text}",
        "no_auto": "No card can go to the foundations safely right now.",
        "auto": "Autoplay moved {n} card(s).",
        "no_found": "The top card of {pile} cannot go to a foundation now.",
        "won": "You won! Every card is on the foundations.",
        "lost": "No more moves.",
        "error": "Something went wrong; the game was left as it was.",
        "bad_option": "Those options are not valid for this game: {why}",
        "new": "New deal #{seed}.",
    },
    "el": {
        "stale": "Το τραπέζι άλλαξε πριν φτάσει η κίνηση· δοκιμάστε ξανά.",
        "malformed": "Το αίτημα δεν ήταν κατανοητό, οπότε δεν άλλαξε τίποτα.",
        "unknown": "Άγνωστο αίτημα {kind!r}· δεν άλλαξε τίποτα.",
        "no_undo": "Δεν υπάρχει κίνηση για αναίρεση.",
        "no_redo": "Δεν υπάρχει κίνηση για επανάληψη.",
        "no_hint": "Δεν μένει χρήσιμη κίνηση.",
        "hint": "Βοήθεια: {text}",
        "no_auto": "Κανένα φύλλο δεν μπορεί να πάει με ασφάλεια στις Βάσεις τώρα.",
        "auto": "Η αυτόματη κίνηση μετέφερε {n} φύλλα.",
        "no_found": "Το πάνω φύλλο από {pile} δεν μπορεί να πάει σε Βάση τώρα.",
        "won": "Κερδίσατε! Όλα τα φύλλα είναι στις Βάσεις.",
        "lost": "Δεν υπάρχουν άλλες κινήσεις.",
        "error": "Κάτι πήγε στραβά· το παιχνίδι έμεινε όπως ήταν.",
        "bad_option": "Αυτές οι επιλογές δεν ισχύουν για το παιχνίδι: {why}",
        "new": "Νέο μοίρασμα #{seed}.",
    },
}

# The pile names used in notices (the page has its own copy for its labels).
_PILES = {
    "en": {"s": "the stock", "w": "the waste", "r": "the reserve", "f": "foundation",
           "t": "tableau"},
    "el": {"s": "τη Μάνα", "w": "τον Σωρό", "r": "τη Ρεζέρβα", "f": "Βάση", "t": "Ταμπλό"},
}

# Options the toolbar offers per game: option name -> the choices shown.
_OPTION_CHOICES = {"saratoga": {"draw": [1, 3], "redeals": [2, None]}}


def _pile_words(pile: str, lang: str) -> str:
    names = _PILES[lang]
    if pile[:1] in ("f", "t") and pile[1:].isdigit():
        return f"{names[pile[0]]} {int(pile[1:]) + 1}"
    return names.get(pile, pile)


class _Refused(Exception):
    """An intent that is turned down with a notice; the game is not touched."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


def _as_int(value: Any, lo: int, hi: int) -> int:
    """An integer in [lo, hi]; bools and floats with fractions are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Refused("malformed")
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise _Refused("malformed")
    n = int(value)
    if not lo <= n <= hi:
        raise _Refused("malformed")
    return n


def _check_options(game: str, options: Any) -> dict[str, Any]:
    """The options of a `select` intent, checked for shape (Game checks the values)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise _Refused("malformed")
    out: dict[str, Any] = {}
    for k, v in options.items():
        if v is None or isinstance(v, str):
            out[k] = v
        else:
            out[k] = _as_int(v, 0, 1000)
    return out


class SolitaireWidget(anywidget.AnyWidget):
    """A card table in a notebook cell, playing a live :class:`Game`.

    ``SolitaireWidget(game="kansas", seed=None, lang="en", **options)`` starts a deal;
    ``SolitaireWidget(existing_game)`` shows a game you already have. ``widget.game`` is
    that live Game: moves played on it from Python show in the cell at once, and moves
    played in the cell are in ``widget.game.history``.
    """

    _esm = _BUNDLE
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    rules = traitlets.Unicode("").tag(sync=True)
    catalog = traitlets.List().tag(sync=True)

    def __init__(
        self,
        game: Game | str = "kansas",
        seed: int | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
        if isinstance(game, Game):
            if seed is not None or options:
                raise TypeError("seed and options go with a game name, not an existing Game")
            live = game
        elif isinstance(game, str):
            # Game raises TypeError for an unknown option and ValueError for a bad name.
            live = Game(game, seed=seed, **options)
        else:
            raise TypeError(f"game must be a Game or a game name, not {type(game).__name__}")
        super().__init__()
        self._version = 0
        self._seq = 0
        self._notice: dict[str, str] | None = None
        self._hint: str | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._reset_timer()
        self._game: Game = live
        self.catalog = self._catalog()
        self.lang = lang
        self._attach(live)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live Game this widget shows."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"widget.game must be a Game, not {type(game).__name__}")
        self._attach(game)

    def _attach(self, game: Game) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._game = game
        self._unsubscribe = game.on_change(self._game_changed)
        self._reset_timer()
        self._hint = None
        self._notice = None
        self._version += 1
        self.rules = self._rules_text()
        self._publish()

    def _game_changed(self, game: Game) -> None:
        """Any change to the game, from the page or from Python code."""
        if game is not self._game:
            return
        self._version += 1
        self._hint = None
        if game.moves == 0 and not game.can_redo:
            # Restart or a new deal (undoing back to the start keeps the clock going).
            self._reset_timer()
        elif game.status == "playing":
            self._start_timer()
        else:
            # Won or lost: the clock stops (and runs again if an undo reopens the game).
            self._stop_timer()
        self._publish()

    # The clock: seconds banked from earlier stretches plus the one running now.
    def _reset_timer(self) -> None:
        self._t_banked = 0.0
        self._t_since: float | None = None

    def _start_timer(self) -> None:
        if self._t_since is None:
            self._t_since = time.monotonic()

    def _stop_timer(self) -> None:
        if self._t_since is not None:
            self._t_banked += time.monotonic() - self._t_since
            self._t_since = None

    def _elapsed(self) -> float:
        running = time.monotonic() - self._t_since if self._t_since is not None else 0.0
        return round(self._t_banked + running, 3)

    # ------------------------------------------------------------------ state out

    def _catalog(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "title": getattr(cls, "title", name),
                "title_el": getattr(cls, "title_el", name),
                "options": _OPTION_CHOICES.get(name, {}),
            }
            for name, cls in GAMES.items()
        ]

    def _rules_text(self) -> str:
        from . import rules_text

        try:
            return rules_text(self._game.name, lang=self.lang)
        except Exception:  # a missing translation must not break the table
            _log.exception("rules_text failed")
            return ""

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if change["new"] not in LANGS:
            self.lang = change["old"]
            return
        if hasattr(self, "_game"):
            self.rules = self._rules_text()

    def _accepts(self) -> dict[str, str]:
        """What each empty slot takes, for its outline label (display only)."""
        g = self._game
        out: dict[str, str] = {}
        base = g.base_rank or "A"
        for i in range(4):
            out[f"f{i}"] = base
        n = g.n_tableau
        tab = g.rules.empty_column
        for i in range(n):
            out[f"t{i}"] = tab
        return out

    def _double_clicks(self, snap: dict[str, Any]) -> dict[str, str]:
        """What a double-click on each pile would play (empty when nothing)."""
        out: dict[str, str] = {}
        piles = ["w", "r"] + [f"t{i}" for i in range(len(snap.get("t", [])))]
        for p in piles:
            try:
                m = self._game.foundation_move(p)
            except Exception:  # unknown pile for this game
                m = None
            if m is not None:
                out[p] = str(m)
        return out

    def _build_view(self) -> dict[str, Any]:
        g = self._game
        snap = g.snapshot()
        return {
            "game": g.name,
            "seed": g.seed,
            "options": dict(g.options),
            "piles": snap,
            "score": g.score,
            "status": g.status,
            "moves": g.moves,
            "stock_left": g.stock_left,
            "reserve_left": g.reserve_left,
            "redeals_left": g.redeals_left,
            "base_rank": g.base_rank,
            "draw_count": g.draw_count,
            "legal": [str(m) for m in g.legal_moves],
            "dbl": self._double_clicks(snap),
            "accepts": self._accepts(),
            "hint": self._hint,
            "notice": self._notice or self._end_notice(),
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "timer": {"running": self._t_since is not None, "elapsed": self._elapsed()},
            "version": self._version,
            "seq": self._seq,
        }

    def _end_notice(self) -> dict[str, str] | None:
        status = self._game.status
        if status == "won":
            return {"text": self._say("won"), "level": "won"}
        if status == "lost":
            return {"text": self._say("lost"), "level": "info"}
        return None

    def _publish(self) -> None:
        """Sends the whole view; `seq` grows on every send so each one is a change."""
        self._seq += 1
        self.view = self._build_view()
        # A notice lives for one view: the next change clears it.
        self._notice = None

    def _say(self, key: str, **args: Any) -> str:
        return _NOTICES[self.lang][key].format(**args)

    def _refuse(self, key: str, level: str = "error", **args: Any) -> None:
        self._notice = {"text": self._say(key, **args), "level": level}
        self._publish()

    # ------------------------------------------------------------------ intents in

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Handles one intent from the page. Never raises."""
        try:
            self._dispatch(content)
        except _Refused as r:
            self._refuse(r.key, **r.args_)
        except Exception:
            # A bug, not a bad message: record it for the developer, keep the game, and
            # tell the player. The game is rebuilt from nothing we half-changed, since
            # Game methods are all-or-nothing.
            _log.exception("solitaire_widget: error while handling %r", content)
            self._refuse("error")

    def _dispatch(self, msg: Any) -> None:
        if not isinstance(msg, Mapping):
            raise _Refused("malformed")
        kind = msg.get("kind")
        if not isinstance(kind, str):
            raise _Refused("malformed")
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise _Refused("unknown", kind=kind[:40])
        handler(self, msg)

    def _check_version(self, msg: Mapping[str, Any]) -> None:
        if "version" not in msg:
            return
        v = msg["version"]
        if isinstance(v, bool) or not isinstance(v, int):
            raise _Refused("malformed")
        if v != self._version:
            raise _Refused("stale")

    def _do_move(self, msg: Mapping[str, Any]) -> None:
        action = msg.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 32:
            raise _Refused("malformed")
        self._check_version(msg)
        if action == "draw":
            self._do_draw(msg)
            return
        try:
            self._game.play(action)
        except ValueError:  # IllegalMove subclasses ValueError
            self._explain_refusal(action)

    def _explain_refusal(self, action: str) -> None:
        try:
            text = self._game.explain(action, lang=self.lang)
        except Exception:
            _log.exception("explain(%r) failed", action)
            text = self._say("malformed")
        self._notice = {"text": text, "level": "error"}
        self._publish()

    def _do_draw(self, _msg: Mapping[str, Any]) -> None:
        try:
            self._game.draw()
        except ValueError:
            self._explain_refusal("draw")

    def _do_undo(self, _msg: Mapping[str, Any]) -> None:
        if not self._game.can_undo:
            raise _Refused("no_undo", level="info")
        self._game.undo()

    def _do_redo(self, _msg: Mapping[str, Any]) -> None:
        if not self._game.can_redo:
            raise _Refused("no_redo", level="info")
        self._game.redo()

    def _do_restart(self, _msg: Mapping[str, Any]) -> None:
        self._game.restart()

    def _do_new(self, msg: Mapping[str, Any]) -> None:
        seed = msg.get("seed")
        if seed is not None:
            seed = _as_int(seed, 0, MAX_SEED)
        self._game.new(seed=seed)

    def _do_hint(self, _msg: Mapping[str, Any]) -> None:
        move = self._game.hint()
        if self._game.status == "playing":
            # Aisleriot starts its clock on a hint too.
            self._start_timer()
        if move is None:
            self._hint = None
            self._notice = {"text": self._say("no_hint"), "level": "info"}
        else:
            self._hint = str(move)
            try:
                text = self._game.explain(move, lang=self.lang)
            except Exception:
                _log.exception("explain(%r) failed", move)
                text = str(move)
            self._notice = {"text": self._say("hint", text=text), "level": "hint"}
        self._publish()

    def _do_autoplay(self, _msg: Mapping[str, Any]) -> None:
        played = self._game.autoplay()
        if not played:
            raise _Refused("no_auto", level="info")

    def _do_foundation(self, msg: Mapping[str, Any]) -> None:
        pile = msg.get("pile")
        if not isinstance(pile, str) or not 0 < len(pile) <= 4:
            raise _Refused("malformed")
        self._check_version(msg)
        try:
            move = self._game.foundation_move(pile)
        except (ValueError, KeyError, IndexError):
            raise _Refused("malformed") from None
        if move is None:
            raise _Refused("no_found", pile=_pile_words(pile, self.lang))
        try:
            self._game.play(move)
        except ValueError:
            self._explain_refusal(str(move))

    def _do_select(self, msg: Mapping[str, Any]) -> None:
        name = msg.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise _Refused("malformed")
        options = _check_options(name, msg.get("options"))
        seed = msg.get("seed")
        if seed is not None:
            seed = _as_int(seed, 0, MAX_SEED)
        try:
            game = Game(name, seed=seed, **options)
        except (TypeError, ValueError) as e:
            raise _Refused("bad_option", why=str(e)[:120]) from None
        self._attach(game)

    def _do_lang(self, msg: Mapping[str, Any]) -> None:
        lang = msg.get("lang")
        if lang not in LANGS:
            raise _Refused("malformed")
        self.lang = lang
        self._publish()

    _HANDLERS: ClassVar[dict[str, Callable[[SolitaireWidget, Mapping[str, Any]], None]]] = {
        "move": _do_move,
        "draw": _do_draw,
        "undo": _do_undo,
        "redo": _do_redo,
        "restart": _do_restart,
        "new": _do_new,
        "hint": _do_hint,
        "autoplay": _do_autoplay,
        "foundation": _do_foundation,
        "select": _do_select,
        "lang": _do_lang,
    }

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait updates from the page are refused: the page sends intents, never state.
        Python's view is sent again so every open view goes back to the truth."""
        ours = {"view", "lang", "rules", "catalog"}
        try:
            rest = {k: v for k, v in sync_data.items() if k not in ours}
            if rest:
                super().set_state(rest)  # ipywidgets' own traits (layout, ...)
            if ours & set(sync_data):
                self._refuse("malformed")
        except Exception:
            _log.exception("solitaire_widget: error while handling a state update")

    def close(self) -> None:
        # Also runs from __del__, possibly on a half-built widget (a refused constructor).
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
            self._unsubscribe = None
        super().close()

    def __repr__(self) -> str:
        return f"SolitaireWidget({self._game.name!r}, seed={self._game.seed}, lang={self.lang!r})"
