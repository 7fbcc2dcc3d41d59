"""``SolveResult``: what a search of a position found (``Game.solve``, ``solver.solve``).

It sits low, apart from the solver that makes it, so that ``Game`` (game.py) can name
what its ``solve`` answers without importing the search.

>>> SolveResult("won", ["t1>f1"], nodes=3)
SolveResult('won', 1 actions, nodes=3, seconds=0.000, engine='python')
>>> SolveResult("lost", nodes=40, search="generic")
SolveResult('lost', nodes=40, seconds=0.000, engine='python', search='generic')
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The parts a game's search may run besides its moves (``SolveResult.parts``), each
#: argued for the game's rules in its module and turned off where rules or options take
#: a fact it rests on (``games/search_scope.py``, ``Rules.search_off``). The compiled
#: core's part runs the same ones (the tests hold the two searches node for node).
PARTS = {
    "safe moves": "a card needed for nothing in play goes up at once (Rules.safe_card)",
    "mirror targets": "columns whose top cards take the same cards are tried as one",
    "pending rule": "a card put down must be used next (Rules.search_pending_rule)",
    "bared card up": "a card a group move lays bare goes up at once (Rules.search_bared_up)",
    "blocked cards": "a card that can never move makes the position lost (Rules.blocked_cards)",
    "capacity proof": "columns that cannot hold what must wait in them make it lost",
    "looser rules": "the position searched under looser rules too: lost there, lost here",
    "probes": "short searches in random move orders beside the main one",
    "streamliners": "searches that keep the waste short: their wins are wins, nothing else",
}


@dataclass
class SolveResult:
    """What the solver found: ``result`` is ``"won"``, ``"lost"`` or ``"unknown"``."""

    result: str
    solution: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    # which search ran: "core" (the compiled one) or "python" (the reference, and the
    # fallback where the core cannot load)
    engine: str = "python"
    # the memory budget the solve's searches kept to together, in MB (None: the Python
    # search, which has none: its callers bound its nodes), the most they held at once,
    # and whether they reached it (a search then forgot positions to make room, or kept
    # a smaller memo: that costs time, never an answer)
    memory_mb: float | None = None
    memory_peak_mb: float = 0.0
    memory_hit: bool = False
    # whose search ran: "game" (the game's own, its pruning argued for its rules) or
    # "generic" (``generic_search``: the rules' own moves, no pruning; for rules the
    # game's search knowledge was not argued for, ``games/search_scope.py``)
    search: str = "game"
    # the parts of the game's search knowledge that ran (``PARTS``' names, in its
    # order); none for the generic search or ``prune=False``
    parts: tuple[str, ...] = ()

    @property
    def moves(self) -> int:
        """Length of the winning line in actions (clicks on the stock included)."""
        return len(self.solution)

    def __repr__(self) -> str:
        line = f", {len(self.solution)} actions" if self.result == "won" else ""
        hit = f", memory_hit=True ({self.memory_mb:g} MB)" if self.memory_hit else ""
        kind = "" if self.search == "game" else f", search={self.search!r}"
        return (
            f"SolveResult({self.result!r}{line}, nodes={self.nodes}, "
            f"seconds={self.seconds:.3f}, engine={self.engine!r}{kind}{hit})"
        )


__all__ = ["PARTS", "SolveResult"]
