"""The compiled search core of solitaire_widget."""

from collections.abc import Sequence


__version__: str

parts: tuple[str, ...]

class Memory:
    """
    A memory budget that searches share: each one's transposition table and memo draw from it, and one that finds it full forgets positions instead of growing.
    """

    def __init__(self, mb: float, parent: Memory | None = ...) -> None:
        """
        A budget of ``mb`` MB, within ``parent``'s if given (what is taken from it counts in both).
        """

    @property
    def cap_bytes(self) -> int:
        """
        The most its searches may hold at once, in bytes; raised when another share of a solve is let go.
        """

    @cap_bytes.setter
    def cap_bytes(self, arg: int, /) -> None: ...

    @property
    def used_bytes(self) -> int:
        """What its searches hold now."""

    @property
    def peak_bytes(self) -> int:
        """The most its searches held at once so far."""

    @property
    def full(self) -> bool:
        """
        Whether a search ever asked it (or a budget within it) for more than it had room for.
        """

class Search:
    """
    A depth-first search for a win from one position; run() goes on where its last budget stopped.
    """

    def __init__(self, part: str, traits: dict, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, base: int | None = ..., prune: bool = ..., order_seed: int | None = ..., memory_mb: float = ..., waste_cap: int | None = ..., threads: int = ..., memory: Memory | None = ...) -> None:
        """
        A search of the position ``piles`` (``hidden``: each pile's face-down cards, as Table.hidden) by the core's part ``part`` with the game's ``traits`` (Rules.core_traits()); ``base`` is the base card's rank (None: none). Its table and memo keep within ``memory_mb``, and within the budget ``memory`` (a Memory) if given, which other searches may share.
        """

    def run(self, seconds: float | None, nodes: int | None) -> tuple[str, list[str]]:
        """
        Search on for at most ``seconds`` and ``nodes`` more (None: no bound); returns (result, line) with result 'won', 'lost' or 'unknown'. The GIL is released.
        """

    def cancel(self, on: bool = ...) -> None:
        """
        From any thread: a run in progress returns 'unknown' at once, and so does every run until cancel(False).
        """

    def pause(self) -> None:
        """
        Stop the helper search (threads=2) until the next run (waiting for a run in another thread to end first); the GIL is released.
        """

    @property
    def nodes(self) -> int:
        """Nodes searched so far, the helper's included."""

    @property
    def helper_nodes(self) -> int:
        """Nodes the helper search (threads=2) has searched so far."""

    @property
    def table_entries(self) -> int: ...

    @property
    def table_bytes(self) -> int: ...

    @property
    def table_cap_bytes(self) -> int: ...

    @property
    def evictions(self) -> int: ...

    @property
    def memory_bytes(self) -> int:
        """What its own budget holds now: its table and memo, its helper's too."""

    @property
    def memory_peak_bytes(self) -> int:
        """The most its own budget held at once so far."""

    @property
    def memory_full(self) -> bool:
        """Whether its table or memo ever wanted more than its budget gave."""

    @property
    def send_bared(self) -> bool:
        """
        Whether a card laid bare by a group move goes up at once where the game's traits say so (bared_up); for tests and benchmarks.
        """

    @send_bared.setter
    def send_bared(self, arg: bool, /) -> None: ...

    @property
    def capacity(self) -> bool:
        """
        Whether the game's proof that its columns cannot hold what must wait in them ends a position, where its part proves it; for tests and benchmarks.
        """

    @capacity.setter
    def capacity(self, arg: bool, /) -> None: ...

    @property
    def column_starts(self) -> bool:
        """
        Whether that proof counts only the cards that can start a column (lie at its bottom) as the columns' bottom cards; for tests and benchmarks.
        """

    @column_starts.setter
    def column_starts(self, arg: bool, /) -> None: ...

    @property
    def suit_order(self) -> bool:
        """
        Whether that proof takes the cards up at a moment as a run of places per suit from where its foundation stands; for tests and benchmarks.
        """

    @suit_order.setter
    def suit_order(self, arg: bool, /) -> None: ...

class Rules:
    """
    A game's rules (its part, traits and base card), checked once, for the questions asked at every step of a game.
    """

    def __init__(self, part: str, traits: dict, base: int | None = ...) -> None: ...

    def legal_moves(self, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int) -> list[tuple[int, int, int]]:
        """
        Every legal action of the position, as (src, dst, count) triples, in the order of the module's legal_moves.
        """

    def is_stuck(self, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, limit: int = ...) -> bool:
        """As the module's is_stuck; the GIL is released."""

def legal_moves(part: str, traits: dict, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, base: int | None = ...) -> list[str]:
    """Every legal action of the position, in the shared notation."""

def play(part: str, traits: dict, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, base: int | None = ..., *, action: str) -> tuple[list[list[int]], list[int], int]:
    """The piles, face-down counts and redeals used after a legal action."""

def is_stuck(part: str, traits: dict, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, base: int | None = ..., limit: int = ...) -> bool:
    """
    Whether nothing but moves that cycle without progress is left (False when it would take more than ``limit`` positions to prove); the GIL is released.
    """

def perft(part: str, traits: dict, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: int, base: int | None = ..., depth: int = ...) -> list[int]:
    """Distinct positions reached after exactly 1..depth actions."""
