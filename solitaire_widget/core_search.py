"""The compiled search core (the ``solitaire_core`` package) behind the interface of
``search.Search``: ``run(seconds, nodes)`` gives ``(result, line)`` or raises
``BudgetSpent`` and can then be called again to go on, and ``nodes`` counts the nodes
searched so far.

The core is the same search as the Python one, move for move (tests compare node counts
and lines on many deals), in C++ with the GIL released. It knows no game by name: a
game's ``Rules`` names the part that searches it (``core_part``, one of the core's
``parts``) and gives its traits as data (``core_traits()``). Where the core cannot be
imported (Pyodide in JupyterLite, an unusual platform), or has no part for the game,
``available(rules)`` is False and the solver runs the Python search instead.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import budgets
from .games import GAMES, search_scope
from .search import BudgetSpent

if TYPE_CHECKING:
    from .games.base import Rules, Table

_core: ModuleType | None
try:
    import solitaire_core as _core
except ImportError:  # no wheel for this platform: the Python search is the fallback
    _core = None

# What one solve's searches may take at most together, in MB, by default: their
# transposition tables (growth included) and memos, the helper thread's included
# (``Memory``; ``solver.Solver`` shares it out). A position costs 16 bytes (at 3/4 load,
# about 21), so a search alone in it holds some 25 million positions in a table of
# 512 MB: ten seconds of search.
MEMORY_MB = 768.0

# A budget past these is no bound at all (a search of 2**62 nodes or 30 years never
# ends first), and is passed on as None: the core takes a 64-bit count and turns
# seconds into a 64-bit count of clock ticks, which a larger number would overflow
# (solver.NO_CLOCK says the same of a whole solve).
_MAX_NODES = 2**62
_MAX_SECONDS = 1e9


def available(rules: Rules | type[Rules] | str | None = None) -> bool:
    """Whether the compiled core is loaded (and, given a game's ``rules``, its class or
    its registered name, has the part that searches it: ``core_part``)."""
    if _core is None:
        return False
    if rules is None:
        return True
    if isinstance(rules, str):
        cls = GAMES.get(rules)
        if cls is None:
            return False
        rules = cls
    part = rules.core_part
    # a part plays the rules it was written for: not a subclass's that change them
    return part is not None and part in _core.parts and search_scope.untrusted(rules) is None


def parts() -> tuple[str, ...]:
    """The parts of the loaded core (none where it is not loaded)."""
    return () if _core is None else tuple(_core.parts)


def _loaded(rules: Rules | None = None) -> ModuleType:
    if _core is None:
        raise RuntimeError("the compiled search core (solitaire_core) is not installed")
    if rules is not None and not available(rules):
        part = rules.core_part
        has = ", ".join(_core.parts)
        generic = search_scope.untrusted(rules)
        if part in _core.parts and generic is not None:
            raise RuntimeError(f"the compiled core's part {part!r} plays other rules: {generic}")
        raise RuntimeError(
            f"the compiled core has no part for {rules.title}"
            + (f" (its core_part {part!r} is not one of {has})" if part else " (no core_part)")
        )
    return _core


class Memory:
    """A memory budget of ``mb`` MB that searches share: each one's transposition table
    and memo draw from it, growing only while it has room, and a search that finds it
    full forgets positions off its path instead (which costs time, never an answer).
    Within a ``parent`` budget, what is taken counts in both, so budgets made within one
    (the shares of a solve, the solves of a session) together keep within it."""

    def __init__(self, mb: float, parent: Memory | None = None) -> None:
        within: Any = None if parent is None else parent._memory
        self._memory: Any = _loaded().Memory(mb, within)

    @property
    def mb(self) -> float:
        """The most its searches may hold at once, in MB."""
        return self._memory.cap_bytes / 2**20

    @mb.setter
    def mb(self, mb: float) -> None:
        # (a share raised when another share of the same solve is let go)
        self._memory.cap_bytes = int(mb * 2**20)

    @property
    def used_mb(self) -> float:
        """What its searches hold now, in MB."""
        return self._memory.used_bytes / 2**20

    @property
    def peak_mb(self) -> float:
        """The most its searches held at once so far, in MB."""
        return self._memory.peak_bytes / 2**20

    @property
    def full(self) -> bool:
        """Whether a search ever wanted more of it (or of a budget within it) than it
        had room for, and so forgot positions or kept a smaller memo."""
        return bool(self._memory.full)


class CoreSearch:
    """One search from one position in the compiled core (see ``search.Search``). Its
    table and memo keep within ``memory_mb``, and within ``memory`` if given (a budget
    other searches may share)."""

    engine = "core"

    def __init__(
        self,
        table: Table,
        *,
        prune: bool = True,
        order: int | None = None,
        memory_mb: float = MEMORY_MB,
        waste_cap: int | None = None,
        threads: int = 1,
        memory: Memory | None = None,
    ) -> None:
        self.rules = table.rules
        self._search = _loaded(self.rules).Search(
            *_position(table),
            prune,
            order,
            memory_mb,
            waste_cap,
            threads,
            None if memory is None else memory._memory,
        )

    @property
    def nodes(self) -> int:
        return self._search.nodes

    @property
    def table_bytes(self) -> int:
        """Bytes the transposition table holds now."""
        return self._search.table_bytes

    @property
    def table_entries(self) -> int:
        return self._search.table_entries

    @property
    def memory_peak_bytes(self) -> int:
        """The most its table and memo (its helper's too) held at once so far."""
        return self._search.memory_peak_bytes

    @property
    def memory_full(self) -> bool:
        """Whether its table or memo ever wanted more than its budget gave."""
        return self._search.memory_full

    @property
    def send_bared(self) -> bool:
        """Whether a card laid bare by a group move goes up at once where the game says
        so (``search.Search.send_bared``; tests and benchmarks turn it off)."""
        return self._search.send_bared

    @send_bared.setter
    def send_bared(self, on: bool) -> None:
        self._search.send_bared = on

    @property
    def capacity(self) -> bool:
        """Whether the game's proof that its columns cannot hold what must wait in them
        ends a position (``search.Search.capacity``; tests and benchmarks turn it off)."""
        return self._search.capacity

    @capacity.setter
    def capacity(self, on: bool) -> None:
        self._search.capacity = on

    @property
    def column_starts(self) -> bool:
        """Whether that proof lets a column start only at a card that can lie at its
        bottom (``search.Search.column_starts``; tests and benchmarks turn it off)."""
        return self._search.column_starts

    @column_starts.setter
    def column_starts(self, on: bool) -> None:
        self._search.column_starts = on

    @property
    def suit_order(self) -> bool:
        """Whether that proof takes each suit's cards as going up in order
        (``search.Search.suit_order``; tests and benchmarks turn it off)."""
        return self._search.suit_order

    @suit_order.setter
    def suit_order(self, on: bool) -> None:
        self._search.suit_order = on

    def cancel(self, on: bool = True) -> None:
        """From any thread: a run in progress stops at once (``BudgetSpent``), and so
        does every run until ``cancel(False)``."""
        self._search.cancel(on)

    def pause(self) -> None:
        """Stop the helper search (``threads=2``) until the next ``run``."""
        self._search.pause()

    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        seconds = budgets.seconds(seconds, "seconds")
        nodes = budgets.count(nodes, "nodes")
        if seconds is not None and seconds > _MAX_SECONDS:
            seconds = None
        if nodes is not None and nodes > _MAX_NODES:
            nodes = None
        result, line = self._search.run(seconds, nodes)
        if result == "unknown":
            raise BudgetSpent
        return result, list(line)


def _position(table: Table) -> tuple:
    """A position as the core takes it: the part, the game's traits, the piles, their
    face-down cards, the redeals used and the base card's rank. ValueError, naming the
    pile and the limit, for a table past the game's limits (``Rules.check_position``):
    a table changed by hand is checked here, where it enters the core."""
    rules = table.rules
    piles = [list(p) for p in table.piles]
    hidden = list(table.hidden)
    rules.check_position(piles, hidden, table.redeals_used)
    return (
        rules.core_part,
        rules.core_traits(),
        piles,
        hidden,
        redeals_for_core(table),
        table.base,
    )


def redeals_for_core(table: Table) -> int:
    """The redeals used, as the core takes them (a byte: 0..255). With a limited number
    the count is at most the limit (99 at the most, ``Rules.check_position``). With
    unlimited redeals the count changes nothing the core computes: no move asks it
    (only a limit does), the pruned search's key and rank leave it out, the plain
    rules' keys (``is_stuck``, perft) write 0 for it, and the unpruned search keys it
    only to tell apart positions of one search, where it grows from wherever it
    started (by at most 52: each redeal in a search move takes a card out of the stock
    for good). So it is sent as 0 and has no ceiling in Python: after 255 passes
    through an unlimited stock the game goes on as before."""
    return 0 if table.rules.max_redeals is None else table.redeals_used


# One compiled Rules per game, option set and base card: cheap to keep (a few dozen
# bytes each), and built again for every call it would cost more than the question.
_RULES: dict[tuple, Any] = {}


def compiled(table: Table) -> Any:
    """The core's ``Rules`` for ``table``'s game and base card (``solitaire_core.Rules``:
    ``legal_moves(piles, hidden, redeals_used)`` as Move triples, ``is_stuck``)."""
    rules = table.rules
    traits = rules.core_traits()
    key = (rules.core_part, tuple(traits.items()), table.base)
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = _loaded(rules).Rules(rules.core_part, traits, table.base)
    return found


def legal_moves(table: Table) -> list[str]:
    """The core's legal actions at ``table``'s position (for the tests against Python)."""
    return _loaded(table.rules).legal_moves(*_position(table))


def play(table: Table, action: str) -> tuple[list[list[int]], list[int], int]:
    """The core's piles, face-down counts and redeals used after ``action``."""
    piles, hidden, used = _loaded(table.rules).play(*_position(table), action=action)
    # the count the core was sent (0 with unlimited redeals: ``redeals_for_core``), back on the
    # table's own count
    return piles, hidden, used - redeals_for_core(table) + table.redeals_used


def perft(table: Table, depth: int) -> list[int]:
    """Distinct positions the core reaches after exactly 1..``depth`` actions."""
    return _loaded(table.rules).perft(*_position(table), depth)


def is_stuck(table: Table, limit: int) -> bool:
    """``progress.is_stuck`` in the core (without its memo): the same search in the same
    order, so the same answer, within the same ``limit``."""
    table.rules.check_position(table.piles, table.hidden, table.redeals_used)
    return compiled(table).is_stuck(table.piles, table.hidden, redeals_for_core(table), limit)


__all__ = [
    "MEMORY_MB",
    "CoreSearch",
    "Memory",
    "available",
    "compiled",
    "is_stuck",
    "legal_moves",
    "parts",
    "perft",
    "play",
    "redeals_for_core",
]
