"""Deals proved winnable, and how hard each is: the data behind "winnable deals only"
and the difficulty grade. No Jupyter, no search here: ``Game.deal`` and the table's
dealer (solitaire_widget.dealer) search; this module holds what is known already and
the rule that grades a deal.

**The published list.** ``winnable.json`` beside this module (packaged) is made from
the published verdicts (docs/winnability/*.csv, seeds 1–20,000 of each variant with
figures; every win there was replayed move by move to a won game) by
``scripts/winnable_seeds.py``,
and ``tests/test_deals.py`` checks it against those files. For each variant it holds
the seeds proved won, as a bitmap (2.5 KB a variant), and for the won seeds up to
``graded_to`` what grades them: the length of the winning line, the search it took
(nodes) and whether the hint policy alone wins the deal. A seed not in the bitmap
was proved lost or left undecided: it is never dealt as winnable.

**The grade** (``grade``), from three things the solver and the hint policy know
about a deal:

- ``policy_wins``: following the table's own hints (``Game.hints``, skipping moves
  back to a position already seen: ``strategies.hint_player``) wins the deal alone;
- ``nodes``: positions the solver searched before it found its winning line;
- ``moves``: the length of that line (actions, clicks on the stock included).

``easy``: the hints alone win it. ``hard``: the hints do not, and the solver needed
more than ``HARD_NODES`` positions, or a line of more than ``HARD_MOVES`` actions, to
find a win. ``medium``: the rest. The thresholds come from the distributions that
``benchmarks/difficulty.py`` prints over the 3,754 graded deals of the seven published
variants (seeds 1–600, Kansas 1–3,000): the hints alone win 36% of them (Eagle Wing
82%, Kansas 5%); among the rest the search's median is some 5,700 positions, and a
deal the search walks straight through needs about one position per move, so past
2,000 positions it met traps; 2,000 splits the deals the hints do not win about
40 : 60, which makes the three grades about a third each over all variants (36%,
27%, 37%). Lines past 400 actions are Eagle Wing's longest tenth (deals that make the
player go through the stock again and again); no other game's lines come near. A
game's own spread shows through: most Kansas deals are hard, most Eagle Wing deals
easy.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .budgets import shown
from .games import SHIPPED, is_registered, make_rules, variants
from .games.base import Rules

__all__ = [
    "GRADES",
    "HARD_MOVES",
    "HARD_NODES",
    "Difficulty",
    "PublishedList",
    "check_grade",
    "grade",
    "published_list",
    "published_list_of",
]

GRADES = ("easy", "medium", "hard")
#: a win found only after more positions than this: hard (unless the hints win it)
HARD_NODES = 2_000
#: a winning line longer than this (actions): hard (unless the hints win it)
HARD_MOVES = 400

DATA = Path(__file__).resolve().parent / "winnable.json"
FORMAT = "solitaire_widget.winnable"


def grade(moves: int, nodes: int, policy_wins: bool) -> str:
    """The difficulty of a won deal: ``"easy"``, ``"medium"`` or ``"hard"`` (see the
    module's docstring). ``moves``: length of the winning line found; ``nodes``: the
    search it took; ``policy_wins``: the hint policy wins it alone."""
    for name, value in (("moves", moves), ("nodes", nodes)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be an int >= 0, not {shown(value)}")
    if not isinstance(policy_wins, bool):
        raise TypeError(f"policy_wins must be True or False, not {shown(policy_wins)}")
    if policy_wins:
        return "easy"
    if nodes > HARD_NODES or moves > HARD_MOVES:
        return "hard"
    return "medium"


def check_grade(difficulty: object) -> str | None:
    """``difficulty`` as asked for (None: any); ValueError names a bad one."""
    if difficulty is None or (isinstance(difficulty, str) and difficulty in GRADES):
        return difficulty
    raise ValueError(
        f"difficulty must be one of {', '.join(GRADES)} or None, not {shown(difficulty)}"
    )


@dataclass(frozen=True)
class Difficulty:
    """How hard a won deal is, and why: ``grade`` from ``moves``, ``nodes`` and
    ``policy_wins`` (``grade()``). ``moves`` is 0 where the line is not known: a deal
    the published run proved won that a search here did not finish within its budget
    (``nodes`` is then that budget, past ``HARD_NODES``)."""

    moves: int
    nodes: int
    policy_wins: bool

    @property
    def grade(self) -> str:
        return grade(self.moves, self.nodes, self.policy_wins)


class PublishedList:
    """The seeds of one variant proved won (1 to ``last``), and the graded ones."""

    def __init__(self, slug: str, options: dict[str, Any], entry: dict[str, Any]) -> None:
        self.slug = slug
        self.options = options
        self.last = int(entry["last"])
        self._bits = base64.b64decode(entry["won"])
        self.graded_to = int(entry["graded_to"])
        self._graded = {
            int(seed): Difficulty(int(m), int(n), bool(p)) for seed, m, n, p in entry["graded"]
        }

    def won(self, seed: int) -> bool:
        """Seed ``seed`` was proved won (and its line replayed)."""
        if not 1 <= seed <= self.last:
            return False
        i = seed - 1
        return bool(self._bits[i >> 3] >> (i & 7) & 1)

    def seeds(self) -> list[int]:
        """Every seed proved won, in order."""
        return [s for s in range(1, self.last + 1) if self.won(s)]

    def difficulty(self, seed: int) -> Difficulty | None:
        """What grades a won seed, where it was measured (``graded_to``)."""
        return self._graded.get(seed)

    def graded(self, difficulty: str | None = None) -> list[int]:
        """The graded seeds, of one grade or all."""
        return [s for s, d in self._graded.items() if difficulty in (None, d.grade)]


def encode_bits(seeds: set[int], last: int) -> str:
    """The bitmap of ``seeds`` among 1..``last`` (seed s is bit s-1), as base64."""
    bits = bytearray((last + 7) // 8)
    for s in seeds:
        bits[(s - 1) >> 3] |= 1 << ((s - 1) & 7)
    return base64.b64encode(bytes(bits)).decode("ascii")


@cache
def _lists() -> dict[str, PublishedList]:
    try:
        data = json.loads(DATA.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if data.get("format") != FORMAT:
        raise ValueError(f"{DATA}: not a list of winnable deals")
    by_slug = {v.slug: v for v in variants() if v.figures}
    out = {}
    for slug, entry in data["variants"].items():
        v = by_slug.get(slug)
        if v is not None:
            out[slug] = PublishedList(slug, dict(v.options), entry)
    return out


def published_list_of(rules: Rules) -> PublishedList | None:
    """The published list of the game ``rules`` are (None for a game whose name does
    not stand for it: nothing is published for a game registered at run time, nor for
    one that is not registered, whatever its name)."""
    if not is_registered(rules) or rules.name not in SHIPPED:
        return None
    return published_list(rules.name, rules.options)


def published_list(name: str, options: dict[str, Any]) -> PublishedList | None:
    """The published list of game ``name`` under ``options`` (as the rules spell them
    out, defaults filled in), or None where none is published for those rules."""
    rules = make_rules(name, **options).options
    for v in variants(name):
        if v.figures and make_rules(name, **v.options).options == rules:
            return _lists().get(v.slug)
    return None
