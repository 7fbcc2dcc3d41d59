"""The chance of winning from what the player can see: honest help.

The exact answers (``Game.solve``, the exact hint, the fatal-move warning) are computed
with every card known, the stock's order and the face-down cards included. A player
sees less. Here the unseen cards are sampled consistently with everything the player
has seen (``information.Information.world``: the exact posterior of a uniform deal),
each sampled position (a *world*) is solved by the exact solver within a budget, and
the answer is the share of worlds won, with its interval: the literature's hindsight
estimate (sample, then solve each sample as if every card were known). It is what a
player who saw the cards of a world would win there, averaged over the worlds the
player cannot tell apart; a player who must guess wins at most that.

- ``Chance``: the estimate for one position (or for the one a move leads to), refined
  by adding worlds (``refine``), so that a first answer comes from a few worlds and a
  finer one follows while the player thinks. Where nothing is unseen it is the exact
  answer, and says so.
- ``best_move``: the honest hint, the legal move with the best chance over the same
  worlds (common random numbers), ties broken by the heuristic hints' order.

This module searches through what it is handed (``Search``: a ``Solver`` in practice,
``game_search.world_search``), as ``Game`` is handed its searches: it imports none.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from . import budgets
from .games.base import Table
from .information import Information, world_rng
from .moves import Move
from .solve_result import SolveResult
from .texts import move_words, notice

#: the worlds of a first estimate (``Game.chance``'s default)
FIRST_WORLDS = 8
#: the search each world gets by default: nodes, not seconds, so the answer does not
#: depend on the machine's speed or load (the compiled core searches some 2 million
#: nodes a second)
WORLD_NODES = 20_000
#: The live first estimate (``game_search.first_chance``): as many of the first worlds
#: as fit in this many seconds (one at least)...
FIRST_SECONDS = 0.15
#: ...each searched for ``WORLD_NODES`` nodes or this many seconds, whichever ends first
#: (some games' nodes cost far more than others': Kansas's capacity proofs)
WORLD_SECONDS = 0.05
#: the z of the intervals: 95%
Z = 1.959963984540054


class Search(Protocol):
    """A search of one position that can go on where it stopped (``solver.Solver``)."""

    def run(self, seconds: float | None = ..., nodes: int | None = ...) -> SolveResult: ...


#: makes the search of a position (``Searches.world_search``)
SearchMaker = Callable[[Table], Search]


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials ((0, 1) for none)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_budget(nodes: object, seconds: object) -> tuple[int | None, float | None]:
    """A world's search budget, checked (budgets.py): ``nodes`` and ``seconds``, each
    None for no bound, but not both (a world's search could then run for ever)."""
    n = budgets.count(nodes, "nodes", least=1)
    s = budgets.seconds(seconds, "seconds")
    if n is None and s is None:
        raise ValueError("a world's search needs a bound: give nodes or seconds (or both)")
    return n, s


class Chance:
    """The chance of winning from a position, from what the player has seen.

    ``won``, ``lost`` and ``undecided`` count the worlds solved (``samples`` of them),
    ``share`` is the share won of those decided, ``interval`` its 95% Wilson interval
    with the undecided worlds counted as lost for its low end and as won for its high
    one. Where nothing is unseen (``exact``) the one position is searched instead: the
    answer is then exact (won, lost, or not yet known), ``samples`` is 0 and the counts
    are those of the one position. A game already won, or proved stuck from what can
    be seen, is answered without a search (``searched`` False).

    ``refine`` adds worlds (or, when exact, searches on); it may run on another thread
    while the table is read: every reading is of a whole moment.
    """

    def __init__(
        self,
        info: Information,
        search: SearchMaker,
        *,
        move: Move | None = None,
        nodes: int | None = WORLD_NODES,
        seconds: float | None = None,
        seed: int = 0,
        root: Chance | None = None,
        settled: str | None = None,
    ) -> None:
        self.nodes, self.seconds = check_budget(nodes, seconds)
        self.seed = budgets.count(seed, "seed", optional=False)
        if settled not in (None, "won", "lost"):
            raise ValueError(f"settled must be 'won', 'lost' or None, not {settled!r}")
        self.info = info
        self.move = move
        self._make = search
        # the same position's answer, before ``move``, over the same worlds: a world lost
        # there is lost after any move, and one won by a line starting with ``move`` is
        # won after it (``best_move`` asks every move of the same worlds)
        self._root = root if root is not None and root.move is None else None
        self._lock = threading.RLock()  # the figures, read and written as one
        self._refining = threading.Lock()  # one refinement at a time
        self._cancelled = False
        self.settled = settled
        self._results: list[str] = []  # per world: "won", "lost", "unknown"
        self._lines: list[list[str]] = []  # per world: the winning line found, or []
        self._exact_search: Search | None = None
        self._exact: tuple[str, list[str]] | None = None
        self.spent = 0.0  # seconds of search so far
        if settled is not None:
            self._exact = (settled, [])

    # ---- reading ------------------------------------------------------------------
    @property
    def exact(self) -> bool:
        """Whether this is the exact answer: nothing is unseen (or the game is settled)."""
        return self.settled is not None or self.info.exact

    @property
    def searched(self) -> bool:
        """Whether any search was needed (False: a game won, or stuck, on its face)."""
        return self.settled is None

    @property
    def samples(self) -> int:
        """The worlds solved so far (0 for an exact answer)."""
        with self._lock:
            return 0 if self.exact else len(self._results)

    @property
    def results(self) -> tuple[str, ...]:
        """Each world's answer in turn: ``"won"``, ``"lost"`` or ``"unknown"`` (for an
        exact answer, the one position's)."""
        with self._lock:
            if self.exact:
                return (self.result or "unknown",)
            return tuple(self._results)

    def _counts(self) -> tuple[int, int, int]:
        if self.exact:
            result = "unknown" if self._exact is None else self._exact[0]
            return (int(result == "won"), int(result == "lost"), int(result == "unknown"))
        r = self._results
        return (r.count("won"), r.count("lost"), r.count("unknown"))

    @property
    def won(self) -> int:
        with self._lock:
            return self._counts()[0]

    @property
    def lost(self) -> int:
        with self._lock:
            return self._counts()[1]

    @property
    def undecided(self) -> int:
        with self._lock:
            return self._counts()[2]

    @property
    def result(self) -> str | None:
        """For an exact answer: ``"won"``, ``"lost"`` or ``"unknown"``; else None."""
        with self._lock:
            if not self.exact:
                return None
            return "unknown" if self._exact is None else self._exact[0]

    @property
    def share(self) -> float | None:
        """The share of the decided worlds that are won (None: none decided yet)."""
        with self._lock:
            won, lost, _ = self._counts()
            return None if won + lost == 0 else won / (won + lost)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the chance: Wilson's, the undecided worlds counted as lost
        for its low end and as won for its high one; for an exact answer the answer
        itself, (0, 1) while it is not yet known."""
        with self._lock:
            won, lost, undecided = self._counts()
            if self.exact:
                return (0.0, 1.0) if undecided else (float(won), float(won))
            n = won + lost + undecided
            return (wilson(won, n)[0], wilson(won + undecided, n)[1])

    def figures(self) -> dict[str, object]:
        """Everything above at one moment, as plain values (for the table and tests)."""
        with self._lock:
            won, lost, undecided = self._counts()
            return {
                "exact": self.exact,
                "samples": self.samples,
                "won": won,
                "lost": lost,
                "undecided": undecided,
                "share": self.share,
                "interval": self.interval,
            }

    def text(self, lang: str = "en") -> str:
        """The answer in words: "about 64% (58–70%)", or the exact answer, named so."""
        with self._lock:
            if self.exact:
                return notice(f"chance_exact_{self.result}", lang)
            low, high = self.interval
            lo, hi = round(low * 100), round(high * 100)
            share = self.share
            if share is None:
                return notice("chance_unknown", lang, lo=lo, hi=hi)
            return notice("chance_about", lang, p=round(share * 100), lo=lo, hi=hi)

    def __repr__(self) -> str:
        f = self.figures()
        what = f"exact {self.result}" if f["exact"] else f"{f['samples']} worlds"
        return (
            f"<Chance {what}: won {f['won']}, lost {f['lost']}, undecided "
            f"{f['undecided']}, {self.text()}>"
        )

    # ---- refining -----------------------------------------------------------------
    def cancel(self) -> None:
        """From another thread: the refinement in progress stops after the world it is
        solving (an exact search within a moment); ``refine`` may be called again."""
        self._cancelled = True
        search = self._exact_search
        stop = getattr(search, "cancel", None)
        if stop is not None:
            stop()

    def refine(self, seconds: float | None = None, samples: int | None = None) -> Chance:
        """Add worlds: ``samples`` more (the same worlds whatever was added before: the
        first k worlds of a seed are always the same), or the fewer of that and what
        ``seconds`` allow (the last one may run past it by one world's budget). An
        exact answer not yet known searches on, for ``samples`` times a world's budget
        or ``seconds``. One of them must be given. Returns self.

        One refinement runs at a time (another waits for it); the figures may be read
        meanwhile, each world's answer counting once it is in."""
        seconds = budgets.seconds(seconds, "seconds")
        samples = budgets.count(samples, "samples")
        if seconds is None and samples is None:
            raise ValueError("refine needs a bound: give seconds or samples (or both)")
        with self._refining:
            start = time.perf_counter()
            self._cancelled = False
            try:
                if self.exact:
                    self._search_on(seconds, samples)
                else:
                    added = 0
                    while (samples is None or added < samples) and not self._cancelled:
                        if seconds is not None and time.perf_counter() - start >= seconds:
                            break
                        self._add_world()
                        added += 1
            finally:
                with self._lock:
                    self.spent += time.perf_counter() - start
        return self

    def _search_on(self, seconds: float | None, samples: int | None) -> None:
        # (under ``_refining``: the one search is this refinement's alone)
        if self._exact is not None and self._exact[0] != "unknown":
            return
        root = self._root
        if root is not None:
            with root._lock:
                known = None if root._exact is None else _after(root._exact, self.move)
            if known is not None:
                with self._lock:
                    self._exact = known
                return
        if self._exact_search is None:
            t = self.info.table.copy()
            if self.move is not None:
                _play(t, self.move)
            if t.is_won():
                with self._lock:
                    self._exact = ("won", [])
                return
            self._exact_search = self._make(t)
        nodes = None if self.nodes is None or samples is None else self.nodes * max(samples, 1)
        secs = None if self.seconds is None or samples is None else self.seconds * max(samples, 1)
        if seconds is not None:
            secs = seconds if secs is None else min(secs, seconds)
        if nodes is None and secs is None:  # (refine checked that one bound is given)
            return
        found = self._exact_search.run(secs, nodes)
        with self._lock:
            self._exact = (found.result, list(found.solution))

    def _add_world(self) -> None:
        # (under ``_refining``: only it adds worlds, so the next one's number holds)
        i = len(self._results)
        root = self._root
        known = None
        if root is not None:
            with root._lock:
                if i < len(root._results):
                    known = _after((root._results[i], root._lines[i]), self.move)
        if known is not None:
            result, line = known
        else:
            t = self.info.world(world_rng(self.seed, i))
            if self.move is not None:
                _play(t, self.move)
            if t.is_won():
                result, line = "won", []
            else:
                found = self._make(t).run(self.seconds, self.nodes)
                result, line = found.result, list(found.solution)
        with self._lock:
            self._results.append(result)
            self._lines.append(line if result == "won" else [])


def _after(found: tuple[str, list[str]], move: Move | None) -> tuple[str, list[str]] | None:
    """What the answer ``found`` for a position says of the one ``move`` leads to, when
    it says anything: lost stays lost, and a line that starts with ``move`` wins on."""
    result, line = found
    if result == "lost":
        return ("lost", [])
    if move is not None and result == "won" and line and line[0] == str(move):
        return ("won", line[1:])
    return None


def _play(t: Table, move: Move) -> None:
    # the move was legal on the table, and legality reads only faces the player sees:
    # a world where it is not would be a world the table could not be
    why = t.reason(move)
    if why is not None:
        raise RuntimeError(f"{move} is legal on the table but not in a world of it ({why})")
    t.apply(move)


def lowers(before: Chance, after: Chance, lang: str = "en") -> str | None:
    """The honest warning: "this move lowers your chance from 64% to 20%", when the
    chance ``after`` a move (over the same worlds as ``before``) is lower than
    ``before``'s; None when it is not, or either is not yet known."""
    was, now = before.share, after.share
    if was is None or now is None or now >= was:
        return None
    return notice("chance_lowers", lang, before=before.text(lang), after=after.text(lang))


#: how much lower (a share of the worlds decided) the chance after a move must be for
#: the honest warning to hold the move back: a quarter, two worlds in eight at the first
#: estimate, so that one world's luck does not nag the player
DROP = 0.25


def lowers_much(before: Chance, after: Chance) -> bool:
    """Whether the move ``after`` follows lowers the chance enough to warn (``DROP``):
    fewer worlds won, and the share won at least ``DROP`` lower. Undecided either side
    (no world decided) is not a warning: the honest warning never guesses either."""
    was, now = before.share, after.share
    return was is not None and now is not None and after.won < before.won and now <= was - DROP


@dataclass
class HonestHint:
    """The honest hint: ``move``, the legal move with the best chance from what the
    player can see (over the same worlds for every move), ``chance`` the chance after
    it, ``before`` the chance now, and ``chances`` every legal move's."""

    move: Move
    chance: Chance
    before: Chance
    chances: dict[Move, Chance] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The hint in words, saying what it rests on: the best chance from what the
        player can see, or the exact answer where every card is known."""
        key = "hint_honest_exact" if self.chance.exact else "hint_honest"
        return notice(
            key, lang, chance=self.chance.text(lang), text=move_words(str(self.move), lang)
        )


def best_move(
    before: Chance, legal: Sequence[Move], order: Sequence[Move], samples: int | None = None
) -> HonestHint | None:
    """The honest hint among ``legal`` (None if there is no legal move): each move's
    chance over the worlds of ``before`` (as many, with its seed and budget; where
    nothing is unseen, the position after the move searched for ``samples`` worlds'
    budgets), the most worlds won first, then the fewest lost, then the earliest in
    ``order`` (the heuristic hints' order; moves not in it after those in it, in
    ``legal``'s order)."""
    if not legal:
        return None
    if samples is None:
        samples = before.samples
    samples = budgets.count(samples, "samples", optional=False)
    chances: dict[Move, Chance] = {}
    for move in legal:
        after = Chance(
            before.info,
            before._make,
            move=move,
            nodes=before.nodes,
            seconds=before.seconds,
            seed=before.seed,
            root=before,
        )
        after.refine(samples=max(samples, 1) if after.exact else before.samples)
        chances[move] = after
    rank = {m: i for i, m in enumerate(order)}
    position = {m: i for i, m in enumerate(legal)}

    def key(m: Move) -> tuple[int, int, int, int]:
        c = chances[m]
        return (-c.won, c.lost, rank.get(m, len(rank)), position[m])

    move = min(legal, key=key)
    return HonestHint(move, chances[move], before, chances)


__all__ = [
    "DROP",
    "FIRST_SECONDS",
    "FIRST_WORLDS",
    "WORLD_NODES",
    "WORLD_SECONDS",
    "Chance",
    "HonestHint",
    "Search",
    "SearchMaker",
    "best_move",
    "check_budget",
    "lowers",
    "lowers_much",
    "wilson",
]
