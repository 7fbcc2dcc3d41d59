"""The page's intents as typed records: one record per kind, with its fields.

This is the one list of what the page may send. ``js/intents.js`` has one sender per
kind, sending exactly these fields (``tests/test_protocol.py`` holds the two equal), and
``solitaire_widget.intents`` carries out each record on a PlaySession.

``parse`` checks a message's shape only: a known ``kind``, every field the kind needs,
each of its type, and no field the kind does not have (the page never sends one, so a
message with one is forged). Whatever the table decides (whether a move is legal, a pile
is on this table, a position is in the history) is checked when the intent is carried
out. Anything refused raises Refused("malformed"), or says what was wrong with it (a deal
number that is not one).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import CARD_BACKS, DECKS
from .deals import GRADES
from .solve_session import Refused

__all__ = ["LANGS", "MAX_SEED", "RECORDS", "Intent", "kind_of", "parse", "read"]

LANGS = ("en", "el")
# Seeds are GLib guint32 values (g_rand_new_with_seed).
MAX_SEED = 2**32 - 1
# the longest game name a message may carry (a registered name is far shorter)
MAX_NAME = 64
# notation is short: "t12>t3*13"; a forged one is not read past this
MAX_ACTION = 32
# the switches the page may flip (the widget's traits of the same names)
SETTINGS = (
    "warn_unwinnable",
    "exact_hint",
    "live_solver",
    "winnable_only",
    "warn_fatal",
    "thoughtful",
)
# the grades "winnable deals only" may be asked for ("": any)
DIFFICULTIES = ("", *GRADES)
# how the cards are drawn: the widget's traits of these names, and what each may be
DECK_SETTINGS: dict[str, tuple[Any, ...]] = {
    "deck": DECKS,
    "card_back": CARD_BACKS,
    "large_index": (False, True),
}


# ---------------------------------------------------------------------- field checks
# Each takes the value the page sent and gives it back as the record holds it.


def _malformed() -> Refused:
    return Refused("malformed")


def as_int(value: Any, lo: int, hi: int) -> int:
    """An integer in [lo, hi]; bools and floats with fractions are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _malformed()
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise _malformed()
    n = int(value)
    if not lo <= n <= hi:
        raise _malformed()
    return n


def _action(value: Any) -> str:
    """A move in notation (the Game reads it)."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ACTION:
        raise _malformed()
    return value


def _int(value: Any) -> int:
    """An int, not a bool and not a float."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _malformed()
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _malformed()
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise _malformed()
    return value


def _seed(value: Any) -> int | None:
    """None (a random deal) or an int GLib takes. The page sends what the player typed,
    so a bad one is named."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise _malformed()
    if isinstance(value, int) and 0 <= value <= MAX_SEED:
        return value
    text = str(value).strip()[:24]
    # ASCII digits only: int() would also read other scripts' digits
    if text.isascii() and text.isdigit() and int(text) <= MAX_SEED:
        return int(text)
    raise Refused("bad_seed", seed=text, max=MAX_SEED)


def _game(value: Any) -> str:
    # a registered game's name, or that of the game on the table, which need not be
    # registered: the handler (intents._select) holds it to one of them
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise _malformed()
    return value


def _options(options: Any) -> dict[str, Any]:
    """A game's options, checked for shape (Game checks the values): names to None, a
    string, a bool (a rule switch: ``worrying_back``) or a small integer."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise _malformed()
    out: dict[str, Any] = {}
    for k, v in options.items():
        out[k] = v if v is None or isinstance(v, (str, bool)) else as_int(v, 0, 1000)
    return out


def _lang(value: Any) -> str:
    if not isinstance(value, str) or value not in LANGS:
        raise _malformed()
    return value


def _at(value: Any) -> int | None:
    """A position in the history (None: the game again)."""
    return None if value is None else _int(value)


def _step(value: Any) -> int:
    step = _int(value)
    if abs(step) > 10_000:
        raise _malformed()
    return step


def _any(value: Any) -> Any:
    return value


def _field(check: Callable[[Any], Any], *, optional: bool = False) -> Any:
    """A record's field, read from the page's message by ``check``; an ``optional`` one
    may be left out of the message (it is then None)."""
    if optional:
        return dataclasses.field(default=None, metadata={"check": check})
    return dataclasses.field(metadata={"check": check})


# ---------------------------------------------------------------------- the records


@dataclass(frozen=True)
class Intent:
    """What every intent is: a ``kind``, and the fields of its record."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Move(Intent):
    """A move in notation ("t0>t3*2"), based on the view of ``version`` (a move based on
    an older view is refused as stale; left out, it is not checked)."""

    kind: ClassVar[str] = "move"
    action: str = _field(_action)
    version: int | None = _field(_int, optional=True)


@dataclass(frozen=True)
class Draw(Intent):
    """A click on the stock."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Undo(Intent):
    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Redo(Intent):
    kind: ClassVar[str] = "redo"


@dataclass(frozen=True)
class Restart(Intent):
    """The deal again from its start."""

    kind: ClassVar[str] = "restart"


@dataclass(frozen=True)
class New(Intent):
    """A new deal: the deal number the player typed (dealt as typed, won or lost), or
    None for a random one ("winnable deals only" decides)."""

    kind: ClassVar[str] = "new"
    seed: int | None = _field(_seed, optional=True)


@dataclass(frozen=True)
class Hint(Intent):
    kind: ClassVar[str] = "hint"


@dataclass(frozen=True)
class Autoplay(Intent):
    """The safe moves to the foundations."""

    kind: ClassVar[str] = "autoplay"


@dataclass(frozen=True)
class Foundation(Intent):
    """A double-click on ``pile``: its top card to a foundation that takes it."""

    kind: ClassVar[str] = "foundation"
    pile: str = _field(_str)
    version: int | None = _field(_int, optional=True)


@dataclass(frozen=True)
class Select(Intent):
    """Another game, or other options for the game on the table (then the same deal under
    them); ``seed`` deals that number instead."""

    kind: ClassVar[str] = "select"
    game: str = _field(_game)
    options: Mapping[str, Any] | None = _field(_options, optional=True)
    seed: int | None = _field(_seed, optional=True)


@dataclass(frozen=True)
class Lang(Intent):
    """The table's language."""

    kind: ClassVar[str] = "lang"
    lang: str = _field(_lang)


@dataclass(frozen=True)
class Solve(Intent):
    """Solve: search for a win and play it (pressed again while it runs: stop)."""

    kind: ClassVar[str] = "solve"


@dataclass(frozen=True)
class Stop(Intent):
    """Stop the solver's search or replay."""

    kind: ClassVar[str] = "stop"


@dataclass(frozen=True)
class Setting(Intent):
    """One of the switches (SETTINGS) on or off, or the grade of "winnable deals only"
    (``difficulty``: a grade, or "" or None for any)."""

    kind: ClassVar[str] = "setting"
    name: str = _field(_str)
    value: bool | str | None = _field(_any)

    def __post_init__(self) -> None:
        if self.name == "difficulty":
            if self.value is not None and (
                not isinstance(self.value, str) or self.value not in DIFFICULTIES
            ):
                raise _malformed()
        elif self.name not in SETTINGS or not isinstance(self.value, bool):
            raise _malformed()


@dataclass(frozen=True)
class Deck(Intent):
    """How the cards are drawn: ``name`` one of DECK_SETTINGS, ``value`` one it takes."""

    kind: ClassVar[str] = "deck"
    name: str = _field(_str)
    value: str | bool = _field(_any)

    def __post_init__(self) -> None:
        allowed = DECK_SETTINGS.get(self.name, ())
        # a bool is an int: True must not pass for a deck's name, nor 1 for True
        if not any(type(self.value) is type(a) and self.value == a for a in allowed):
            raise _malformed()


@dataclass(frozen=True)
class Review(Intent):
    """Looking back: the position after ``at`` actions (None, or neither field: the game
    again), or ``step`` positions back or forth from the one shown."""

    kind: ClassVar[str] = "review"
    at: int | None = _field(_at, optional=True)
    step: int | None = _field(_step, optional=True)


@dataclass(frozen=True)
class PlayOn(Intent):
    """Play on from the position looked back at."""

    kind: ClassVar[str] = "play_on"


@dataclass(frozen=True)
class Line(Intent):
    """Back to the other line (the moves a move dropped from Redo)."""

    kind: ClassVar[str] = "line"


@dataclass(frozen=True)
class Fatal(Intent):
    """The answer to the fatal-move warning: ``confirm`` True plays the move held back
    (``action`` and ``version`` must be the ones held), False takes it back."""

    kind: ClassVar[str] = "fatal"
    confirm: bool = _field(_bool)
    action: str | None = _field(_action, optional=True)
    version: int | None = _field(_int, optional=True)

    def __post_init__(self) -> None:
        if self.confirm and (self.action is None or self.version is None):
            raise _malformed()


@dataclass(frozen=True)
class Sync(Intent):
    """The page asks for the view again (it heard its kernel's connection close)."""

    kind: ClassVar[str] = "sync"


RECORDS: dict[str, type[Intent]] = {
    cls.kind: cls
    for cls in (
        Move,
        Draw,
        Undo,
        Redo,
        Restart,
        New,
        Hint,
        Autoplay,
        Foundation,
        Select,
        Lang,
        Solve,
        Stop,
        Setting,
        Deck,
        Review,
        PlayOn,
        Line,
        Fatal,
        Sync,
    )
}


def kind_of(msg: Any) -> str:
    """The kind of a message, one of RECORDS'; Refused when it is none."""
    if not isinstance(msg, Mapping):
        raise _malformed()
    kind = msg.get("kind")
    if not isinstance(kind, str):
        raise _malformed()
    if kind not in RECORDS:
        raise Refused("unknown", kind=kind[:40])
    return kind


def read(cls: type[Intent], msg: Mapping[str, Any]) -> Intent:
    """``msg`` as a record of ``cls``: each field checked, none missing, none extra."""
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    if any(k != "kind" and k not in names for k in msg):
        raise _malformed()
    values: dict[str, Any] = {}
    for f in fields:
        if f.name in msg:
            values[f.name] = f.metadata["check"](msg[f.name])
        elif f.default is dataclasses.MISSING:
            raise _malformed()
    return cls(**values)


def parse(msg: Any) -> Intent:
    """The record a message from the page stands for; Refused when it is not one."""
    return read(RECORDS[kind_of(msg)], msg)
