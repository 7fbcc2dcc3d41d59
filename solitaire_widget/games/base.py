"""The contract every game fulfils, and the mechanics they share.

A game is a ``Rules`` subclass in a module of its own (``games/<game>.py``), found and
registered by ``solitaire_widget.games``. It holds everything about the game:

- the rules: how it deals, what may be picked up, where it may be dropped (each
  refusal named by a reason key), which moves to the foundations can never hurt, and
  Aisleriot's hint order;
- its words: titles, the sentences its reason keys stand for and its rules as
  Markdown, in English and Greek (``texts``, ``rules_text``);
- its table (``layout``: Aisleriot's slots, read by the page and the SVG picture), its
  options and the choices the toolbar offers (``option_groups``), and the variants
  tests, benchmarks and figures run (``variants``, ``rule_sets``);
- what the search knows of it: hooks written against ``search_protocol.SearchState``,
  and the traits the compiled core takes as data (``core_part``, ``core_traits``).

Everything that is the same in every game (piles, moving cards, the stock, undo records,
the legal-move list) lives once here in ``Table``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..budgets import shown
from ..cards import ACE, KING, code
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move
from ..texts import TEXTS, fill
from .records import (
    ExerciseRecord,
    Layout,
    OptionGroup,
    Slot,
    Variant,
    column_slots,
    foundation_slots,
)

if TYPE_CHECKING:
    from .search_protocol import Rec, SearchState, SMove

F0 = FOUNDATIONS[0]
F3 = FOUNDATIONS[-1]
_UNSET: Any = object()


# the most redeals a number may ask for (more is None: unlimited)
MAX_REDEALS = 99

# The rule facts: what decides which moves are legal and what they do, the one list of
# them. Each is something a search proof may rest on, and the rules' fast paths
# (``legal_moves``, ``foundation_for``) and the compiled core's part are written for
# them: a class written outside this package that defines one anew plays other rules
# than the game it inherits those from (``Rules.rules_changed``), and a subclass that
# changes one changes the ground under the search knowledge it inherits
# (``search_scope.untrusted``).
RULE_FACTS = frozenset(
    {
        # what options there are and which values they take: the search was argued
        # for the values the game's own constructor accepts
        "__init__",
        # the deal: which cards lie where, face up or down, at the start (the core's
        # part deals too; Saratoga's blocked cards assume its columns' shapes)
        "deal",
        "deal_hidden",
        "face_up",
        # the moves themselves: what may be picked up and where it may go, and the
        # generators of every legal move (the search's moves are a reduction of them)
        "pick_reason",
        "drop_reason",
        "enumerate_moves",
        "legal_moves",
        # the positions a game can reach (the capacity and blocked-card proofs count
        # what a column or the reserve can hold)
        "position_limits",
        "check_position",
        "max_column",
        # the traits the rules, Table, the search and the core's part branch on
        "n_tableau",
        "empty_column",
        "group_moves",
        "has_reserve",
        "foundations_in_play",
        "hidden_cards",
        "refills_from_reserve",
        "has_base_card",
        "column_checks_top_card",
        "columns_build_in_suit",
        "column_build",
        "reserve_top_in_play",
        "draw_count",
        # a base-card game's foundations start at the base and wrap K -> A
        "wrapping_foundation_for",
        "wrapping_foundation_reason",
        "wrapping_foundation_targets",
        "relative_rank",
    }
)

_PACKAGE = __name__.rpartition(".")[0]


class Rules:
    """One game's rules. Instances carry the options (draw count, redeals)."""

    # What a game must give (``games.missing`` names what a class lacks): its name, its
    # title, its number of columns, and ``deal``, ``pick_reason`` and ``drop_reason``.
    # Everything else falls back on what every game shares: the words of texts.TEXTS
    # (Greek falling back on English, and saying so), a layout from the pile counts,
    # the hints that send cards up, the generic search.
    name: ClassVar[str]
    title: ClassVar[str]
    # the Greek title (none: the English one, ``title_in``)
    title_el: ClassVar[str]
    n_tableau: ClassVar[int]
    # The game's own sentences, per language, by key: the reasons its rules give, the
    # "legal_*" keys that say why a move is allowed, pile names of its own. A subclass
    # adds to (or rewords) its parents'; what every game shares is in texts.TEXTS.
    texts: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # the rules as Markdown, per language (the Rules panel, the teaching notebooks)
    rules_text: ClassVar[Mapping[str, str]] = {}
    # the choices the toolbar offers (each group one selector)
    option_groups: ClassVar[tuple[OptionGroup, ...]] = ()
    # The variants played and studied: each has Aisleriot traces (tests/data), runs in
    # the benchmarks and, where ``figures``, has winnability figures (docs/winnability).
    # The first is the game as it starts.
    variants: ClassVar[tuple[Variant, ...]] = (Variant(),)
    # more option sets the engine's tests cover (the rules' corners)
    rule_sets: ClassVar[tuple[Variant, ...]] = ()
    # Students' exercises on this game's rules, judged by its Aisleriot traces
    # (``solitaire_widget.exercises``); a game's own only: a subclass does not inherit
    # them, for its rules may not be the traces' (``games.exercise_records``)
    exercises: ClassVar[tuple[ExerciseRecord, ...]] = ()
    # the game a table opens with when none is named (one game says so)
    opens_by_default: ClassVar[bool] = False
    # the compiled core's part that searches this game (core/cpp/games/), or None: the
    # Python search plays it alone
    core_part: ClassVar[str | None] = None
    # what an empty column takes: "any" card (or run), a "K" (or a run headed by one),
    # the "waste", "none" (it stays empty); "" (a game that does not say): no label. The
    # empty column's outline label shows it; where a game offers it as an option
    # (``empty``: Saratoga, Klondike), its constructor sets it on the instance, and the
    # compiled core reads it as a trait (``core_traits``), as its part plays it.
    empty_column: str = ""
    # what moves between columns: "runs" (any correct face-up run moves as a group,
    # every game's rule), "single" (one card at a time) or "columns" (only a column's
    # whole run: its top card with every card under it in sequence). Where a game offers
    # it as an option (``moves``: Saratoga, Klondike), its constructor sets it on the
    # instance, and the compiled core reads it as a trait (``core_traits``).
    group_moves: str = "runs"
    has_reserve: ClassVar[bool] = False
    # Saratoga and Klondike let a foundation's top card come back into play (worrying
    # back); elsewhere the foundations keep their cards. Where a game offers it as an
    # option (``worrying_back``), its constructor sets it on the instance, as it sets
    # ``draw_count``; the compiled core reads it as a trait (``core_traits``).
    foundations_in_play: bool = False
    # Klondike deals face-down cards under the columns' top cards (Table.hidden).
    hidden_cards: ClassVar[bool] = False
    # Eagle Wing and Kansas deal the reserve's top card into a column emptied by a move.
    refills_from_reserve: ClassVar[bool] = False
    # Eagle Wing and Kansas start their foundations at the base card and wrap K -> A.
    has_base_card: ClassVar[bool] = False
    # Which card of a moved group the column rule looks at: Eagle Wing checks the
    # group's top card (and takes single cards only), Kansas and Saratoga its bottom one.
    column_checks_top_card: ClassVar[bool] = False
    # Whether a column takes exactly one card (same suit) or any card of a rank.
    columns_build_in_suit: bool = False
    # How columns build down (``games/building.py``): "alternate" colours, in "suit",
    # "any" suit; "" for a game whose columns take no card by building. Where a game
    # offers it as an option (``build``), its constructor sets it on the instance (and
    # ``columns_build_in_suit`` with it); the compiled core reads it as a trait.
    column_build: str = ""
    # Kansas keeps its reserve's top card face up and in play; Eagle Wing does not.
    reserve_top_in_play: ClassVar[bool] = False
    reserve_text_key: ClassVar[str] = "pile_r"
    default_redeals: ClassVar[int | None] = 0
    # Games this one is with every card dealt face up: under the same options and seed
    # it deals the same cards in the same places, and every move of the other game is a
    # move here (its turning a card over is no move here), so a deal won there is won
    # here (its line, replayed) and a deal lost here is lost there.
    face_up_of: ClassVar[tuple[str, ...]] = ()
    option_names: ClassVar[tuple[str, ...]] = ("redeals",)

    # the most cards a column can hold under the rules (Eagle Wing's wings hold three);
    # None: no rule bounds it beyond the 52 cards (``position_limits``)
    max_column: ClassVar[int | None] = None

    draw_count: int = 1

    # The rule facts (RULE_FACTS) this class, or a parent
    # of it written outside this package, defines anew over a game of the package:
    # where any is, the moves are those the rules define (``enumerate_moves``), not a
    # fast generator written for other rules, and the compiled core, which plays the
    # package's game, does not stand in for them. The package's own games are held
    # to their fast paths by their traces and equivalence tests; they keep ().
    rules_changed: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__module__ == _PACKAGE or cls.__module__.startswith(f"{_PACKAGE}."):
            return
        own = tuple(n for n in cls.__dict__ if n in RULE_FACTS)
        changed = tuple(dict.fromkeys((*cls.rules_changed, *own)))
        if not changed:
            return
        cls.rules_changed = changed
        # a move generator or a foundation finder of the package's, written for the
        # rules these change, gives way to the definitions (unless this class, or a
        # parent outside the package, writes its own); so do the words for why a move is
        # legal, which name the rules they were written for ("a King may fill an empty
        # column" of a Queen the changed rules let in): "the rules of <title> allow it"
        for fast in ("legal_moves", "foundation_for", "legal_keys"):
            owner = next(k for k in cls.__mro__ if fast in k.__dict__)
            if owner is not Rules and owner.__module__.startswith(_PACKAGE):
                setattr(cls, fast, getattr(Rules, fast))

    def __init__(self, redeals: int | None = _UNSET) -> None:
        if redeals is _UNSET:
            redeals = self.default_redeals
        if redeals is not None:
            if isinstance(redeals, bool) or not isinstance(redeals, int):
                raise TypeError(f"redeals must be an int >= 0 or None, not {shown(redeals)}")
            # -1 (the reference traces' spelling of "unlimited") is refused too: a
            # negative count is far likelier a slip than a wish, and None says it.
            # The trace loader in the tests converts it.
            if redeals < 0:
                raise ValueError(f"redeals must be >= 0 or None (unlimited), not {shown(redeals)}")
            # A bound, so a count is a count and not a typo: the stock's badge, the core's
            # int and the search's state all hold it, and beyond a few dozen passes a
            # deal plays as unlimited anyway (None says that).
            if redeals > MAX_REDEALS:
                raise ValueError(
                    f"redeals must be at most {MAX_REDEALS}, or None (unlimited), not {shown(redeals)}"
                )
        self.max_redeals: int | None = redeals

    @property
    def options(self) -> dict[str, Any]:
        return {"redeals": self.max_redeals}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

    # ---- words ----------------------------------------------------------------------
    @classmethod
    def title_in(cls, lang: str) -> str:
        """The title in ``lang``; the English one where the game gives no Greek one
        (a Greek title of a parent's is not its: a subclass titled anew keeps it only
        if it gives it again)."""
        if lang == "el":
            for klass in cls.__mro__:
                own = klass.__dict__
                if own.get("title_el"):
                    return str(own["title_el"])
                if "title" in own:
                    break
        return cls.title

    @classmethod
    def sentence(cls, key: str, lang: str) -> str:
        """The template of text ``key`` in ``lang``: the game's own (nearest class
        first), else the one every game shares; where neither has it in ``lang`` (a
        game written with English words only), the game's own English one. KeyError if
        there is none."""
        for klass in cls.__mro__:
            own = klass.__dict__.get("texts")
            if own and key in own.get(lang, ()):
                return own[lang][key]
        if key in TEXTS[lang] or lang == "en":
            return TEXTS[lang][key]
        return cls.sentence(key, "en")

    @classmethod
    def has_words_in(cls, lang: str) -> bool:
        """Whether the game's own words (its rules text and sentences) are written in
        ``lang``; where they are not, they are shown in English, and said so."""
        if lang == "en":
            return True
        if lang not in cls.rules_text and cls.rules_text:
            return False
        return cls.text_keys("en") <= cls.text_keys(lang)

    @classmethod
    def rules_text_in(cls, lang: str) -> str:
        """The rules as Markdown in ``lang``: the game's own; in English, with a note
        saying so, where it gives none in ``lang``; where it gives none at all, a note
        that the table and ``explain`` are its rules."""
        game = cls.title_in(lang)
        own = cls.rules_text.get(lang)
        english = cls.rules_text.get("en")
        if own is None and english is None:
            body = fill(TEXTS[lang]["rules_none"], {"game": game})
            return f"## {game}\n\n{body}\n"
        notes = []
        # the class whose rules text this is: a subclass titled anew that gives none
        # of its own changes those rules, and the text says whose they are
        owner: type[Rules] = next(
            k for k in cls.__mro__ if issubclass(k, Rules) and "rules_text" in k.__dict__
        )
        if owner.__dict__.get("title", cls.title) != cls.title:
            parent = {"game": game, "parent": owner.title_in(lang)}
            notes.append(fill(TEXTS[lang]["rules_of_parent"], parent))
        if own is None:
            notes.append(fill(TEXTS[lang]["rules_in_english"], {"game": game}))
        text = own if own is not None else english
        return "".join(f"*{n}*\n\n" for n in notes) + str(text)

    @classmethod
    def text_keys(cls, lang: str) -> set[str]:
        """The keys of the game's own sentences in ``lang`` (its parents' included)."""
        keys: set[str] = set()
        for klass in cls.__mro__:
            own = klass.__dict__.get("texts")
            if own:
                keys |= set(own.get(lang, ()))
        return keys

    # ---- the table --------------------------------------------------------------------
    def layout(self) -> Layout:
        """Where the piles lie (Aisleriot's slots): what the page and the SVG picture
        draw. A game that gives none gets one from its pile counts: stock, waste (and
        reserve) on the left of the top row, the foundations on its right, the columns
        in a row below."""
        top = 3 if self.has_reserve else 2
        cols = max(self.n_tableau, top + 4.5)
        slots = [Slot("s", "stock", 0, 0), Slot("w", "waste", 1, 0, self._waste_fan())]
        if self.has_reserve:
            slots.append(Slot("r", "reserve", 2, 0))
        return Layout(
            cols=cols,
            max_fan=2.6,
            slots=(
                *slots,
                *foundation_slots(cols - 4),
                *column_slots(self.n_tableau, (cols - self.n_tableau) / 2, 1),
            ),
        )

    def _waste_fan(self) -> str:
        # a waste dealt onto several cards a click shows them, as Klondike's does
        return "right" if self.draw_count > 1 else "none"

    # ---- the compiled core --------------------------------------------------------------
    def core_traits(self) -> dict[str, Any]:
        """The game as the compiled core takes it: what its part needs to know besides
        the position, all of it decided here by the rules (the core names no game)."""
        return {
            "columns": self.n_tableau,
            "reserve": self.has_reserve,
            "refills": self.refills_from_reserve,
            # the reserve's top card is in play only while it shows its face (Eagle
            # Wing's trunk: once it is the last card)
            "reserve_top_always": self.reserve_top_in_play,
            "hidden_cards": self.hidden_cards,
            "draw": self.draw_count,
            "max_redeals": self.max_redeals,
            "pending": self.search_pending_rule(),
            "bared_up": self.search_bared_up,
            # a foundation's top card may come back into play (worrying back): the
            # part generates moves from the foundations only where this says so
            "foundations_in_play": self.foundations_in_play,
            # how columns build (the build switch): the part's moves, runs, safe test
            # and pruning follow it, and it refuses a rule it does not play
            "column_build": self.column_build,
            # what an empty column takes (the empty-column switch): the part's moves into
            # empty columns and the pruning that rests on them follow it, and it refuses a
            # rule it does not play
            "empty_column": self.empty_column,
            # what moves between columns (the "what moves" switch): the part's moves
            # and legal moves between columns and the pruning that rests on them follow
            # it, and it refuses a rule it does not play
            "group_moves": self.group_moves,
        }

    def rule_notes(self, lang: str) -> str:
        """What this instance's options change in the game's rules text, as Markdown in
        ``lang`` (empty where they change nothing it says): a rule switch turned from
        its default says so beneath the rules (``rules_text``)."""
        return ""

    # ---- dealing -------------------------------------------------------------------
    def deal(self, deck: list[int]) -> list[list[int]]:
        """The piles right after the deal; ``deck[0]`` is the first card dealt."""
        raise NotImplementedError

    def checked_deal(self, deck: list[int]) -> list[list[int]]:
        """``deal(deck)``, held to what a deal is: one list of cards (ints 0–51) for
        each pile of the game, the 52 cards each dealt exactly once. A game written
        elsewhere whose deal breaks this is told so here (ValueError naming the game),
        not later by a position that cannot be played or saved."""
        piles = self.deal(deck)
        expected = FIRST_TABLEAU + self.n_tableau
        if not isinstance(piles, list) or len(piles) != expected:
            raise ValueError(
                f"{self.title}'s deal must give {expected} piles (a list of lists of "
                f"cards, as empty_piles() has them), not {shown(piles)}"
            )
        cards: list[int] = []
        for index, pile in enumerate(piles):
            if not isinstance(pile, list) or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52 for c in pile
            ):
                raise ValueError(
                    f"{self.title}'s deal gave {pile_words(index)} {shown(pile)}: a pile is "
                    "a list of cards, ints 0-51"
                )
            cards.extend(pile)
        if sorted(cards) != list(range(52)):
            dealt = set(cards)
            twice = sorted({c for c in cards if cards.count(c) > 1})
            left = [c for c in range(52) if c not in dealt]
            raise ValueError(
                f"{self.title}'s deal must deal each of the 52 cards once; it dealt "
                f"{len(cards)} cards"
                + (f", {len(twice)} of them more than once" if twice else "")
                + (f", and left out {len(left)}" if left else "")
            )
        return piles

    def position_limits(self) -> dict[int, int]:
        """The most cards each pile can hold in any position of this game, by pile
        index: what the deal puts in the reserve (it only ever gives cards), 13 on a
        foundation (one suit), ``max_column`` in a column, 52 elsewhere; 0 where the
        game has no such pile. ``check_position`` holds a position to them."""
        dealt = self.deal(list(range(52)))
        limits = {STOCK: 52, WASTE: 52, RESERVE: len(dealt[RESERVE]) if self.has_reserve else 0}
        for f in FOUNDATIONS:
            limits[f] = 13
        for c in range(FIRST_TABLEAU, FIRST_TABLEAU + self.n_tableau):
            limits[c] = 52 if self.max_column is None else self.max_column
        return limits

    def check_position(
        self, piles: Sequence[Sequence[int]], hidden: Sequence[int], redeals_used: object
    ) -> None:
        """ValueError, naming the pile and its limit, if ``piles`` (with ``hidden``, the
        face-down cards at the bottom of each column, and ``redeals_used``) exceed what
        a position of this game can hold: the one set of limits every way a position
        enters holds it to (``Game``, ``Game.from_snapshot`` and ``from_json``, the
        compiled core's adapter). Besides ``position_limits``: a column's face-down
        cards never outnumber those the deal put there (they only ever turn up), and
        its top card shows; a limited number of redeals is never exceeded, while an
        unlimited one has no ceiling (a count of any size, as the Table keeps it).
        Which cards lie where (52 distinct cards, foundations in suit) is
        ``Game.from_snapshot``'s check, and the core's."""
        expected = FIRST_TABLEAU + self.n_tableau
        if len(piles) != expected:
            raise ValueError(f"{self.title}: a position has {expected} piles, not {len(piles)}")
        if len(hidden) != expected:
            raise ValueError(
                f"{self.title}: a position has face-down counts for {expected} piles, "
                f"not {len(hidden)}"
            )
        limits = self._limits()
        for index, pile in enumerate(piles):
            most = limits[index]
            if len(pile) > most:
                name = pile_words(index)
                if most == 0:
                    raise ValueError(
                        f"{self.title} has no {name.removeprefix('the ')}, yet it holds "
                        f"{len(pile)} cards"
                    )
                raise ValueError(
                    f"{name} holds {len(pile)} cards; in {self.title} it holds at most {most}"
                )
        dealt_hidden = self._dealt_hidden()
        for index, down in enumerate(hidden):
            if isinstance(down, bool) or not isinstance(down, int) or down < 0:
                raise ValueError(f"{pile_words(index)}: {shown(down)} face-down cards is no count")
            if down > dealt_hidden[index]:
                raise ValueError(
                    f"{pile_words(index)} holds {down} face-down cards; in {self.title} it "
                    f"is dealt {dealt_hidden[index]} and never gets more"
                )
            if down and down >= len(piles[index]):
                raise ValueError(f"{pile_words(index)}: its top card must be face up")
        if isinstance(redeals_used, bool) or not isinstance(redeals_used, int):
            raise ValueError(f"redeals used must be an int >= 0, not {shown(redeals_used)}")
        if redeals_used < 0:
            raise ValueError(f"redeals used must be >= 0, not {shown(redeals_used)}")
        if self.max_redeals is not None and redeals_used > self.max_redeals:
            raise ValueError(
                f"redeals used ({shown(redeals_used)}) is more than these rules allow "
                f"({self.max_redeals} redeals)"
            )

    def _limits(self) -> dict[int, int]:
        # position_limits, worked out once per Rules (the adapter asks after every move)
        found: dict[int, int] | None = self.__dict__.get("_position_limits")
        if found is None:
            found = self.__dict__["_position_limits"] = self.position_limits()
        return found

    def _dealt_hidden(self) -> list[int]:
        found: list[int] | None = self.__dict__.get("_deal_hidden")
        if found is None:
            found = self.__dict__["_deal_hidden"] = list(self.deal_hidden())
        return found

    def empty_piles(self) -> list[list[int]]:
        return [[] for _ in range(FIRST_TABLEAU + self.n_tableau)]

    def deal_hidden(self) -> list[int]:
        """How many face-down cards each pile holds at its bottom right after the deal
        (the columns' count is the only one ``Table.hidden`` keeps)."""
        return [0] * (FIRST_TABLEAU + self.n_tableau)

    def face_up(self, pile: int, position: int, length: int) -> bool:
        """Whether the card at ``position`` (0 = bottom) of ``pile`` shows its face,
        for the piles other than the columns: there the rules alone decide it, so it
        is not stored (``Table.is_face_up`` asks the columns' ``hidden`` count)."""
        return pile != STOCK

    # ---- the rules proper ----------------------------------------------------------
    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        """Why the top ``n`` cards of ``src`` cannot be picked up (None: they can)."""
        raise NotImplementedError

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        """Why those cards cannot go onto ``dst`` (None: they can)."""
        raise NotImplementedError

    def enumerate_moves(self, t: Table) -> list[Move]:
        """Every legal action, found by asking the rules about every pick and drop.

        This is the definition (it is how the reference traces were recorded); each game
        overrides ``legal_moves`` with a faster generator that tests prove equal to it.
        """
        rules = self
        piles = t.piles
        moves: list[Move] = []
        if t.draw_reason() is None:
            moves.append(DRAW)
        last = FIRST_TABLEAU + rules.n_tableau
        targets = range(F0, last)
        sources: Iterable[int] = (WASTE, RESERVE, *range(F0, last))
        for src in sources:
            pile = piles[src]
            if not pile:
                continue
            depth = len(pile) if src >= FIRST_TABLEAU else 1
            for n in range(1, depth + 1):
                if rules.pick_reason(t, src, n) is not None:
                    # every game refuses deeper groups once a shallower one is refused
                    break
                for dst in targets:
                    if dst != src and rules.drop_reason(t, src, n, dst) is None:
                        moves.append(Move(src, dst, n))
        return moves

    def legal_moves(self, t: Table) -> list[Move]:
        return self.enumerate_moves(t)

    def safe_to_foundation(self, t: Table, src: int) -> bool:
        """Whether sending ``src``'s top card to a foundation can never cost a win.

        ``Game.autoplay`` asks this and the search asks ``safe_card``: one rule for both.
        """
        return self.safe_card(t.piles, t.base, t.piles[src][-1])

    def aisleriot_hints(self, t: Table) -> Iterator[Move]:
        """The moves Aisleriot's own hint would suggest, in its order of priority. A
        game Aisleriot does not play has none: its hints are then the cards that can go
        up and its ``extra_hints`` (``hints.worth_playing``)."""
        return iter(())

    def extra_hints(self, t: Table, legal: list[Move]) -> Iterator[Move]:
        """Useful moves Aisleriot's hint does not look for (besides cards going up)."""
        return iter(())

    def legal_keys(self, t: Table, src: int, n: int, dst: int) -> list[str]:
        """Text keys that say why a legal move is allowed (see ``texts.py``). A game
        that words none says only that its rules allow it."""
        return ["legal_rules_allow"]

    # ---- what the search needs from the game (see ``solitaire_widget/solver.py``) -----
    # The search knows no game by name: it asks the rules through these hooks. Each game
    # argues its own where it defines them. ``piles`` is the search's list of piles (the
    # same indices as ``Table.piles``), changed in place as the search goes; ``s`` is the
    # search itself, as ``search_protocol.SearchState`` describes it (all a hook may
    # read or call). A search move is the tuple ``(index, draws, redeals, src, dst,
    # count)`` described there.
    #
    # What the search assumes of every game, so that its position key is sound: a
    # foundation holds one suit in a fixed order from a start card the rules fix, so it
    # is known by its height; the reserve only ever loses its top card, so it is known by
    # its size; the columns are interchangeable.

    # Whether the search knowledge this class inherits (every hook here and the core's
    # part) was argued for its rules too, though it changes rules of the class that
    # wrote it: set True in the class's own body, with the argument beside it. A
    # subclass that changes a rule without it gets the generic search
    # (``games/search_scope.py`` holds the rule and lists the rule facts).
    search_argued: ClassVar[bool] = False

    # whether ``solve`` by default also runs probes (short searches in random move
    # orders) besides the main search; the game says where they pay
    search_probes: ClassVar[bool] = False

    # the waste caps of the streamliners ``solve`` runs by default beside the main
    # search: searches that never expand a position whose waste holds more cards than
    # the cap (``solver.Search``'s ``waste_cap``), to find wins early; their "lost"
    # proves nothing. Empty where they do not pay; the game says why where they do.
    search_streamliners: ClassVar[tuple[int, ...]] = ()

    # whether the game's search_moves tries columns whose top cards take the same cards
    # as one target (the search's ``mirror`` switches it): SolveResult.parts says so
    search_mirror: ClassVar[bool] = False

    # whether a card that a group move leaves bare goes up at once (the search moves
    # part of a column only to lay bare a card that can go up); the game argues it in
    # its search_force, which does it, and the core does it from this trait
    search_bared_up: ClassVar[bool] = False

    # whether the game's search_moves proves a position lost when its columns cannot
    # hold, at a moment every win passes, the cards that must wait in them then (the
    # search's ``capacity`` switches it; the game argues it where it asks it)
    search_capacity: ClassVar[bool] = False

    def search_moves(self, s: SearchState) -> list[SMove]:
        """Every move the search should try from its position, best first.

        A game without this cannot be searched: ``Search`` refuses it by name rather
        than searching it with another game's moves.
        """
        raise NotImplementedError(f"{self.title} defines no search_moves")

    def search_force(self, s: SearchState) -> list[Rec]:
        """Play the safe moves to the foundations (``safe_card``) until none is left and
        return their undo records; ``Search.force_safe`` is the general way."""
        return s.force_safe()

    def blocked_cards(
        self, piles: Sequence[list[int]], hidden: Sequence[int] | None = None
    ) -> list[int]:
        """The cards that can never move again, whatever is played, and so never reach
        their foundations: the position is lost on its face. Only the cards that hold
        the others down are listed (a card under one of them is stuck because of it).
        Empty unless the game proves such a pattern."""
        return []

    def search_blocked(
        self, piles: Sequence[list[int]], hidden: Sequence[int] | None = None
    ) -> bool:
        """What the search asks of the position it starts from: lost on its face (some
        card is blocked), so the answer is "lost" at once."""
        return bool(self.blocked_cards(piles, hidden))

    def search_off(self) -> frozenset[str]:
        """The parts of this game's search knowledge (``solve_result.PARTS``' names)
        that these rules' options turn off: a proof argued for the game's own rules that
        an option takes a rule fact from (Saratoga's blocked cards outside alternate
        colours). ``SolveResult.parts`` leaves them out; the game's hooks turn them off
        themselves, this says so."""
        return frozenset()

    def search_pending_rule(self) -> str | None:
        """Which "a card put down must be used at once" rule the search may apply:
        ``"drawn"`` (a card drawn from the stock and put on a column), ``"waste"`` (a
        waste card put on a column while the stock is a reserve) or None. ``Search``
        keeps the pending column; the game's ``search_moves`` enforces the rule."""
        return None

    def loosest(self) -> Rules | None:
        """The same game under rules that lose no deal these rules win (a position they
        lose is lost here too), when they are looser than these; None otherwise."""
        return None

    def foundation_for(self, piles: Sequence[list[int]], base: int | None, card: int) -> int:
        """The foundation ``card`` may go onto now, or 0.

        The general way, through ``drop_reason`` with ``card`` alone on the waste; each
        game has a faster one.
        """
        scratch = [*piles]
        scratch[WASTE] = [card]
        t = Table(self, scratch, 0, base)
        for f in FOUNDATIONS:
            if self.drop_reason(t, WASTE, 1, f) is None:
                return f
        return 0

    def safe_card(self, piles: Sequence[list[int]], base: int | None, card: int) -> bool:
        """Whether ``card``, which fits a foundation now, is needed for nothing in play,
        so that sending it up at once can never cost a win. None is, unless the game
        proves otherwise."""
        return False

    # ---- helpers shared by the games that use a base card -------------------------
    def wrapping_foundation_for(
        self, piles: Sequence[list[int]], base: int | None, card: int
    ) -> int:
        """``foundation_for`` where foundations start at the base card and wrap K -> A."""
        if card % 13 + 1 == base:
            for f in FOUNDATIONS:
                if not piles[f]:
                    return f
            return 0
        below = card - 1 if card % 13 else card + 12  # same suit, wrapping A <- K
        for f in FOUNDATIONS:
            p = piles[f]
            if p and p[-1] == below:
                return f
        return 0

    def foundation_keys(self, t: Table, card: int, dst: int) -> list[str]:
        pile = t.piles[dst]
        if not pile:
            return ["legal_found_base"]
        return ["legal_found_wrap" if pile[-1] % 13 == 12 else "legal_found_up"]

    def relative_rank(self, t: Table, card: int) -> int:
        """0 for the base rank, 1 for the next, ... 12 for the rank just below it."""
        return (card % 13 + 1 - t.base) % 13

    def wrapping_foundation_targets(self, t: Table) -> dict[int, list[int]]:
        """card -> the foundations that accept it now (base-card games)."""
        piles = t.piles
        accepts: dict[int, list[int]] = {}
        empty = []
        for f in FOUNDATIONS:
            pile = piles[f]
            if pile:
                top = pile[-1]
                accepts[top - top % 13 + (top % 13 + 1) % 13] = [f]
            else:
                empty.append(f)
        if empty:
            for s in range(4):
                card = s * 13 + t.base - 1
                if card not in accepts:
                    accepts[card] = empty
        return accepts

    def wrapping_foundation_reason(self, t: Table, card: int, dst: int) -> str | None:
        pile = t.piles[dst]
        if not pile:
            return None if card % 13 + 1 == t.base else "foundation_base"
        top = pile[-1]
        if top // 13 != card // 13:
            return "foundation_suit"
        if card % 13 + 1 != top % 13 + 2 and not (top % 13 + 1 == KING and card % 13 + 1 == ACE):
            return "foundation_rank_wrap"
        return None


_UP = tuple(code(c) for c in range(52))
_DOWN = tuple(code(c, False) for c in range(52))


def card_codes(t: Table, index: int, top: int | None = None) -> list[str]:
    """The cards of pile ``index`` of ``t`` (its ``top`` cards only, if given), bottom
    to top, as codes (lower case: face down), as the traces and a student's function
    have them."""
    pile = t.piles[index]
    start = 0 if top is None else max(len(pile) - top, 0)
    if index >= FIRST_TABLEAU:
        # a column's face-down cards are its bottom ``hidden`` ones (asked often: an
        # exercise's function is asked about every column at every step)
        down = t.hidden[index]
        return [(_DOWN if i < down else _UP)[pile[i]] for i in range(start, len(pile))]
    face_up = t.is_face_up
    return [code(pile[i], face_up(index, i)) for i in range(start, len(pile))]


def pile_words(index: int) -> str:
    """How a limit's message names pile ``index``: "the reserve (r)", "column t2"..."""
    if index == STOCK:
        return "the stock (s)"
    if index == WASTE:
        return "the waste (w)"
    if index == RESERVE:
        return "the reserve (r)"
    if index < FIRST_TABLEAU:
        return f"foundation f{index - F0}"
    return f"column t{index - FIRST_TABLEAU}"


Record = tuple[Move, int]
# The bits of a record's second field: what the move did by itself besides moving cards.
REFILLED = 1  # the emptied column took the reserve's top card
TURNED = 2  # the column's new top card, face down, was turned face up


class Table:
    """The piles of one game in play, with the moves that change them in place.

    ``apply`` returns a small record that ``revert`` uses to undo exactly; the game's
    history and the solver both stand on this pair. ``hidden[c]`` is the number of
    face-down cards at the bottom of column ``c`` (Klondike deals some; in the other
    games it stays 0): they cannot be picked up, and the last one turns face up as soon
    as it is the column's top card.
    """

    __slots__ = ("base", "hidden", "piles", "redeals_used", "rules")

    def __init__(
        self,
        rules: Rules,
        piles: list[list[int]],
        redeals_used: int = 0,
        base: int | None = None,
        hidden: list[int] | None = None,
    ) -> None:
        self.rules = rules
        self.piles = piles
        self.redeals_used = redeals_used
        self.base = base
        self.hidden = [0] * len(piles) if hidden is None else hidden

    def copy(self) -> Table:
        return Table(
            self.rules,
            [list(p) for p in self.piles],
            self.redeals_used,
            self.base,
            list(self.hidden),
        )

    def is_face_up(self, index: int, position: int) -> bool:
        """Whether the card at ``position`` (0 = bottom) of pile ``index`` shows."""
        if index >= FIRST_TABLEAU:
            return position >= self.hidden[index]
        return self.rules.face_up(index, position, len(self.piles[index]))

    # ---- reading -------------------------------------------------------------------
    @property
    def tableau(self) -> range:
        return range(FIRST_TABLEAU, FIRST_TABLEAU + self.rules.n_tableau)

    def foundation_cards(self) -> int:
        p = self.piles
        return len(p[3]) + len(p[4]) + len(p[5]) + len(p[6])

    def is_won(self) -> bool:
        return self.foundation_cards() == 52

    @property
    def redeals_left(self) -> int | None:
        limit = self.rules.max_redeals
        return None if limit is None else limit - self.redeals_used

    def key(self) -> tuple:
        """Hashable position (the redeal counter only matters when redeals are limited)."""
        counter = self.redeals_used if self.rules.max_redeals is not None else 0
        return (counter, tuple(self.hidden), *map(tuple, self.piles))

    # ---- checking ------------------------------------------------------------------
    def draw_reason(self) -> str | None:
        if self.piles[STOCK]:
            return None
        if not self.piles[WASTE]:
            return "draw_nothing"
        left = self.redeals_left
        if left is not None and left <= 0:
            return "draw_no_redeals" if self.rules.max_redeals else "draw_no_redeal_game"
        return None

    def reason(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, as a reason key; None if it is legal."""
        if move.src == STOCK:
            if move != DRAW:
                return "stock_face_down"
            return self.draw_reason()
        src, dst, n = move
        last = FIRST_TABLEAU + self.rules.n_tableau
        if not 0 <= src < last or not 0 <= dst < last:
            return "no_such_pile"
        if not self.rules.has_reserve and RESERVE in (src, dst):
            return "no_reserve"
        if n < 1:
            return "no_such_pile"
        pile = self.piles[src]
        if not pile:
            return "source_empty"
        if n > len(pile):
            return "not_enough_cards"
        if n > 1 and src < FIRST_TABLEAU:
            return "single_stack"
        if dst == src:
            return "same_pile"
        why = self.rules.pick_reason(self, src, n)
        if why is not None:
            return why
        if dst == STOCK:
            return "drop_stock"
        if dst == WASTE:
            return "drop_waste"
        if dst == RESERVE:
            return "drop_reserve"
        return self.rules.drop_reason(self, src, n, dst)

    def legal_moves(self) -> list[Move]:
        return self.rules.legal_moves(self)

    # ---- changing ------------------------------------------------------------------
    def apply(self, move: Move) -> Record:
        """Play a legal move with its automatic consequences; return the undo record."""
        piles = self.piles
        if move.src == STOCK:
            stock, waste = piles[STOCK], piles[WASTE]
            if stock:
                k = min(self.rules.draw_count, len(stock))
                for _ in range(k):
                    waste.append(stock.pop())
                return (move, k)
            # turn the waste over so the next pass deals in the same order
            waste.reverse()
            stock.extend(waste)
            waste.clear()
            self.redeals_used += 1
            return (move, 0)
        src, dst, n = move
        sp = piles[src]
        cards = sp[-n:]
        del sp[-n:]
        if F0 <= dst <= F3:
            # a group lands on a foundation top card first, so it stays in sequence
            cards.reverse()
        piles[dst].extend(cards)
        if src >= FIRST_TABLEAU:
            if sp and len(sp) == self.hidden[src]:
                self.hidden[src] -= 1
                return (move, TURNED)
            if self.rules.refills_from_reserve and not sp:
                reserve = piles[RESERVE]
                if reserve:
                    sp.append(reserve.pop())
                    return (move, REFILLED)
        return (move, 0)

    def revert(self, record: Record) -> None:
        move, info = record
        piles = self.piles
        if move.src == STOCK:
            stock, waste = piles[STOCK], piles[WASTE]
            if info:
                for _ in range(info):
                    stock.append(waste.pop())
            else:
                stock.reverse()
                waste.extend(stock)
                stock.clear()
                self.redeals_used -= 1
            return
        src, dst, n = move
        sp, dp = piles[src], piles[dst]
        if info & TURNED:
            self.hidden[src] += 1
        elif info & REFILLED:
            piles[RESERVE].append(sp.pop())
        cards = dp[-n:]
        del dp[-n:]
        if F0 <= dst <= F3:
            cards.reverse()
        sp.extend(cards)
