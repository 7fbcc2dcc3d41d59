"""The compiled search core of solitaire_widget."""

from collections.abc import Sequence

games: tuple = ('eagle-wing', 'kansas', 'saratoga')

class Search:
    """
    A depth-first search for a win from one position; run() goes on where its last budget stopped.
    """

    def __init__(self, game: str, piles: Sequence[Sequence[int]], redeals_used: int, max_redeals: int | None, draw: int = 1, base: int | None = None, prune: bool = True, order_seed: int | None = None, memory_mb: float = 768.0, waste_cap: int | None = None) -> None: ...

    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        """
        Search on for at most ``seconds`` and ``nodes`` more (None: no bound); returns (result, line) with result 'won', 'lost' or 'unknown'. The GIL is released.
        """

    @property
    def nodes(self) -> int: ...

    @property
    def table_entries(self) -> int: ...

    @property
    def table_bytes(self) -> int: ...

    @property
    def table_cap_bytes(self) -> int: ...

    @property
    def evictions(self) -> int: ...

def legal_moves(game: str, piles: Sequence[Sequence[int]], redeals_used: int, max_redeals: int | None, draw: int = 1, base: int | None = None) -> list[str]:
    """Every legal action of the position, in the shared notation."""

def play(game: str, piles: Sequence[Sequence[int]], redeals_used: int, max_redeals: int | None, draw: int = 1, base: int | None = None, *, action: str) -> tuple[list[list[int]], int]:
    """The piles and redeals used after a legal action."""

def perft(game: str, piles: Sequence[Sequence[int]], redeals_used: int, max_redeals: int | None, draw: int = 1, base: int | None = None, depth: int = 3) -> list[int]:
    """Distinct positions reached after exactly 1..depth actions."""
