"""Saving a game and reading it back: the versioned JSON of ``Game.to_json`` and the
snapshot (trace) format of ``Game.snapshot`` / ``Game.from_snapshot``.

Everything here works on ``Table``s and plain data, never on a ``Game``: ``Game``
(game.py) hands in its parts under its lock and builds itself from what ``load``
returns, so this module sits below it and knows nothing of its lock or its listeners.
Whatever a saved form gets wrong is a ValueError that says what, before any game exists.

>>> from solitaire_widget.games import make_rules
>>> rules = make_rules("kansas")
>>> table = snapshot_table(rules, table_state(Table(rules, rules.deal(list(range(52))))), None)
>>> table_state(table)["f"]
[['KC'], [], [], []]
>>> piles_from_state(rules, {"s": [], "w": []})
Traceback (most recent call last):
ValueError: a Kansas position has exactly the keys ['f', 'r', 's', 't', 'w']
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .budgets import shown
from .cards import RANKS, code, parse_code
from .deal import check_seed, shuffled_deck
from .games import GAMES, is_registered, make_rules
from .games.base import F0, Record, Rules, Table
from .moves import FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, IllegalMove, Move, bad_move

JSON_FORMAT = "solitaire_widget.game"
JSON_VERSION = 1


def as_move(action: object) -> Move:
    """A Move, from a Move (checked) or its notation (``"t2>f0"``); TypeError otherwise."""
    if isinstance(action, Move):
        why = bad_move(action)
        if why is not None:
            raise why
        return action
    if isinstance(action, str):
        return Move.parse(action)
    raise TypeError(f"a move is a Move or a string like 't2>f0', not {type(action).__name__}")


def check_deck(deck: Iterable[object]) -> list[int]:
    """52 distinct card codes -> card numbers; ValueError names the problem.

    >>> check_deck(["AC", "AC"])
    Traceback (most recent call last):
    ValueError: deck must hold 52 cards, not 2
    """
    if isinstance(deck, (str, bytes)):
        raise ValueError("deck must be a list of 52 card codes, not a string")
    try:
        items = list(deck)
    except TypeError:
        raise ValueError("deck must be a list of 52 card codes") from None
    if len(items) != 52:
        raise ValueError(f"deck must hold 52 cards, not {len(items)}")
    cards = []
    for item in items:
        if isinstance(item, str):
            card, _ = parse_code(item.upper())
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 52:
            card = item
        else:
            raise ValueError(f"{shown(item)} is not a card code")
        cards.append(card)
    if len(set(cards)) != 52:
        dupes = sorted({code(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"deck has duplicate cards: {', '.join(dupes)}")
    return cards


# ---- the snapshot (trace) format ----------------------------------------------------
def pile_codes(t: Table, index: int) -> list[str]:
    """The cards of pile ``index``, bottom to top, as codes (lower case: face down)."""
    face_up = t.is_face_up
    return [code(c, face_up(index, i)) for i, c in enumerate(t.piles[index])]


def table_state(t: Table) -> dict[str, Any]:
    """A position in the trace format: ``{"s", "w", "r", "f", "t"}``, bottom to top."""
    state: dict[str, Any] = {"s": pile_codes(t, STOCK), "w": pile_codes(t, WASTE)}
    if t.rules.has_reserve:
        state["r"] = pile_codes(t, RESERVE)
    state["f"] = [pile_codes(t, f) for f in FOUNDATIONS]
    state["t"] = [pile_codes(t, i) for i in t.tableau]
    return state


def snapshot_table(rules: Rules, state: object, base: str | int | None) -> Table:
    """The Table of a position in the trace format (``Game.from_snapshot``); ValueError
    if it cannot occur in ``rules``' game."""
    piles, redeals_used, hidden = piles_from_state(rules, state)
    return Table(rules, piles, redeals_used, base_rank(rules, piles, base), hidden)


def piles_from_state(rules: Rules, state: object) -> tuple[list[list[int]], int, list[int]]:
    """The piles, redeals used and face-down counts of a position in the trace format,
    checked against ``rules`` (ValueError says what is wrong)."""
    if not isinstance(state, dict):
        raise ValueError("a position is a dict with keys s, w, f, t (and r)")
    expected = {"s", "w", "f", "t"} | ({"r"} if rules.has_reserve else set())
    if set(state) - {"redeals_used"} != expected:
        raise ValueError(f"a {rules.title} position has exactly the keys {sorted(expected)}")
    piles = rules.empty_piles()
    faces: list[list[bool]] = [[] for _ in piles]

    def fill(index: int, codes: object) -> None:
        if not isinstance(codes, list):
            raise ValueError("each pile is a list of card codes")
        for c in codes:
            card, up = parse_code(c)
            piles[index].append(card)
            faces[index].append(up)

    fill(STOCK, state["s"])
    fill(WASTE, state["w"])
    if rules.has_reserve:
        fill(RESERVE, state["r"])
    if not isinstance(state["f"], list) or len(state["f"]) != 4:
        raise ValueError("a position has 4 foundations")
    for i, pile in enumerate(state["f"]):
        fill(F0 + i, pile)
    if not isinstance(state["t"], list) or len(state["t"]) != rules.n_tableau:
        raise ValueError(f"{rules.title} has {rules.n_tableau} columns")
    for i, pile in enumerate(state["t"]):
        fill(FIRST_TABLEAU + i, pile)
    cards = [c for p in piles for c in p]
    if len(cards) != 52 or len(set(cards)) != 52:
        raise ValueError("a position holds each of the 52 cards exactly once")
    hidden = [0] * len(piles)
    for index, pile in enumerate(piles):
        ups = faces[index]
        if index >= FIRST_TABLEAU and rules.hidden_cards:
            # face-down cards only at the bottom of a column, under at least one face-up
            # card (the last one turns over as soon as it is uncovered)
            hidden[index] = down = ups.count(False)
            if any(ups[:down]) or (pile and down == len(pile)):
                raise ValueError(
                    f"column t{index - FIRST_TABLEAU}: face-down cards lie only at the bottom "
                    "of a column, under a face-up top card"
                )
            continue
        for i, up in enumerate(ups):
            if up != rules.face_up(index, i, len(pile)):
                raise ValueError(
                    f"card {code(pile[i])} is face {'up' if up else 'down'} where the rules "
                    "say otherwise"
                )
    for f in FOUNDATIONS:
        pile = piles[f]
        for a, b in pairwise(pile):
            if a // 13 != b // 13 or (a % 13 + 1) % 13 != b % 13:
                raise ValueError("each foundation must be one suit in rising order")
        if not rules.has_base_card and pile and pile[0] % 13 != 0:
            raise ValueError(f"{rules.title}'s foundations start with an Ace")
    # the game's limits on a position (a Kansas reserve holds at most the 12 cards it is
    # dealt...), the redeals used among them: checked here, where a position enters
    used = state.get("redeals_used", 0)
    rules.check_position(piles, hidden, used)
    return piles, used, hidden


def base_rank(rules: Rules, piles: list[list[int]], base: str | int | None) -> int | None:
    """The base card's rank (1 to 13) of a position: from its foundations, or ``base``
    where none is started; None in a game without a base card."""
    if not rules.has_base_card:
        if base is not None:
            raise ValueError(f"{rules.title} has no base card")
        return None
    starts = {piles[f][0] % 13 + 1 for f in FOUNDATIONS if piles[f]}
    if base is not None:
        if isinstance(base, str):
            if len(base) != 1 or base.upper() not in RANKS:
                raise ValueError(f"base must be a rank like '5' or 'K', not {shown(base)}")
            value = RANKS.index(base.upper()) + 1
        elif isinstance(base, int) and 1 <= base <= 13:
            value = base
        else:
            raise ValueError(f"base must be a rank like '5' or 'K', not {shown(base)}")
        starts.add(value)
    if len(starts) > 1:
        raise ValueError("every foundation must start with the same (base) rank")
    if not starts:
        raise ValueError(f"{rules.title} needs base= when no foundation is started")
    return starts.pop()


# ---- the JSON of a whole game ---------------------------------------------------------
@dataclass
class Saved:
    """A saved game read back and replayed: what ``Game.from_json`` builds a game of."""

    rules: Rules
    start: Table
    table: Table  # the start with the history played on it
    undo: list[list[Record]]
    times: list[float]
    redo: list[list[Move]]
    seed: int | None
    deck: list[int] | None


def starts_at_deal(rules: Rules, deck: list[int] | None, start: Table) -> bool:
    """Whether ``start`` is the position ``deck`` deals (with no redeal used)."""
    if deck is None or start.redeals_used:
        return False
    return rules.deal(list(deck)) == start.piles and rules.deal_hidden() == start.hidden


def dump(
    rules: Rules,
    start: Table,
    table: Table,
    seed: int | None,
    deck: list[int] | None,
    undo: list[list[Record]],
    times: list[float],
    redo: list[list[Move]],
) -> str:
    """The whole game as ``Game.to_json`` writes it (its parts read under its lock)."""
    first = table_state(start)
    if start.redeals_used:
        # a position given by hand may start with redeals used (a deal never does)
        first["redeals_used"] = start.redeals_used
    # The seed and deck go with the game when it starts at their deal; a game that
    # starts later in one (``Game.position``) keeps them but is saved as a position.
    dealt = deck is not None and starts_at_deal(rules, deck, start)
    data = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "game": rules.name,
        "options": dict(rules.options),
        "seed": seed if dealt else None,
        "deck": [code(c) for c in deck] if dealt and deck is not None else None,
        "start": first,
        "base": None if table.base is None else RANKS[table.base - 1],
        "history": [[str(m) for m, _ in group] for group in undo],
        "times": times,
        "redo": [[str(m) for m in group] for group in redo],
        "state": table_state(table),
    }
    if not is_registered(rules):
        # Its name does not stand for it (no game, or another, is registered under
        # it): the class is written down, so reading it back refuses rather than
        # replays the history under other rules.
        data["rules_class"] = class_path(type(rules))
    return json.dumps(data, separators=(",", ":"))


def load(text: str | bytes) -> Saved:
    """A game saved by ``dump``, replayed; ValueError if it is corrupt or inconsistent
    (whatever is wrong with it: not JSON, nested too deep, NaN or Infinity, numbers out
    of range, fields of the wrong kind, a history the rules refuse...).

    >>> load('{"format": "solitaire_widget.game", "version": 1, "game": "kansas"}')
    Traceback (most recent call last):
    ValueError: corrupt saved game: KeyError('options')
    """
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (TypeError, ValueError, RecursionError) as err:
        # (RecursionError: nesting deeper than the parser goes; ValueError covers
        # bad UTF-8 and ints of more digits than Python reads)
        raise ValueError(f"not a saved game: {_short(err)}") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise ValueError("not a saved solitaire_widget game")
    if data.get("version") != JSON_VERSION:
        raise ValueError(f"unsupported saved-game version {_short(data.get('version'))}")
    try:
        return _replayed(data)
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as err:
        raise ValueError(f"corrupt saved game: {_short(err)}") from None
    except RecursionError:
        raise ValueError("corrupt saved game: nested too deep") from None
    except IllegalMove as err:
        raise ValueError(f"corrupt saved game: {_short(err)}") from None


def _replayed(data: dict) -> Saved:
    options = data["options"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError("options must be an object")
    name = data["game"]
    if not isinstance(name, str):
        raise ValueError(f"game must be a game's name, not {type(name).__name__}")
    wanted = data.get("rules_class")
    if wanted is not None and not isinstance(wanted, str):
        raise ValueError(f"rules_class must be a class's path, not {type(wanted).__name__}")
    cls = GAMES.get(name)
    if cls is None or (wanted is not None and class_path(cls) != wanted):
        whose = f" ({_short(wanted)})" if wanted is not None else ""
        raise ValueError(
            f"the game {_short(repr(name))}{whose} is not registered: register its class "
            "(solitaire_widget.register(TheRules)) before reading it back"
            + (f"; registered games: {', '.join(GAMES)}" if cls is None else "")
        )
    rules = make_rules(name, **options)
    start = snapshot_table(rules, data["start"], data.get("base"))
    saved = Saved(rules, start, start.copy(), [], [], [], None, None)
    seed, deck = data.get("seed"), data.get("deck")
    if seed is not None:
        seed = check_seed(seed)  # a larger int would deal the same cards as its low bits
    if deck is not None or seed is not None:
        dealt = check_deck(deck) if deck is not None else shuffled_deck(seed or 0)
        if rules.deal(list(dealt)) != start.piles:
            what = "deck" if deck is not None else "seed"
            raise ValueError(f"the {what} does not deal the saved starting position")
        if seed is not None and shuffled_deck(seed) != dealt:
            raise ValueError("the seed does not deal the saved deck")
        if start.redeals_used:
            raise ValueError("a deal starts with no redeal used")
        saved.deck, saved.seed = dealt, seed
    history, redo = data["history"], data["redo"]
    if not isinstance(history, list) or not isinstance(redo, list):
        raise ValueError("history and redo must be lists of action lists")
    table = saved.table
    for group in history:
        if not isinstance(group, list) or not group:
            raise ValueError("history entries must be non-empty lists of actions")
        saved.undo.append([table.apply(_checked(table, a)) for a in group])
        saved.times.append(time.time())
    times = data.get("times")
    # Absent or null: saved by hand, the replay's own times stand. Anything else
    # must be one finite time per history entry, or the file is corrupt.
    if times is not None:
        if (
            not isinstance(times, list)
            or len(times) != len(saved.times)
            or not all(_finite(x) for x in times)
        ):
            raise ValueError("times must hold one finite number per history entry")
        saved.times = [float(x) for x in times]
    for group in redo:
        if not isinstance(group, list) or not group or not all(isinstance(a, str) for a in group):
            raise ValueError("redo entries must be non-empty lists of actions")
        saved.redo.append([as_move(a) for a in group])
    # the redo stack must replay in order from the current position
    scratch = table.copy()
    for group in reversed(saved.redo):
        for move in group:
            if scratch.reason(move) is not None:
                raise ValueError("the redo stack does not follow from the saved position")
            scratch.apply(move)
    if "state" in data and data["state"] != table_state(table):
        raise ValueError("the saved position does not match the replayed history")
    return saved


def class_path(cls: type) -> str:
    """``"module.Qual.Name"``: how a saved game names an unregistered rules class."""
    return f"{cls.__module__}.{cls.__qualname__}"


def _no_constant(name: str) -> Any:
    # json.loads takes NaN, Infinity and -Infinity by default: no saved game holds one
    raise ValueError(f"{name} is not a number a saved game holds")


def _finite(x: object) -> bool:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    try:
        return math.isfinite(x)
    except OverflowError:  # an int past any float
        return False


def _short(thing: object) -> str:
    # a message's quote of something read from a file: never a huge one
    try:
        text = thing if isinstance(thing, str) else repr(thing)
    except Exception:  # (an int of more digits than Python prints)
        text = type(thing).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _checked(t: Table, action: object) -> Move:
    move = as_move(action)
    why = t.reason(move)
    if why is not None:
        raise ValueError(f"saved action {shown(action)} is illegal there ({why})")
    return move


__all__ = [
    "JSON_FORMAT",
    "JSON_VERSION",
    "Saved",
    "check_deck",
    "dump",
    "load",
    "piles_from_state",
    "snapshot_table",
    "table_state",
]
