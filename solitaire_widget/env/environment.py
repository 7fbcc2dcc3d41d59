"""``SolitaireEnv``: one Gymnasium environment for every game of the registry.

Nothing here names a game: the piles, the actions, the observation and the rules all come
from the game's ``Rules`` (``solitaire_widget.games``), and the ``Game`` is the source of
truth (``env.unwrapped.game``). See the package's docstring for the spaces, the reward
and the teacher, and ``solitaire_widget.env.register_all`` for the ids.
"""

from __future__ import annotations

import functools
import io
import math
import time
from collections.abc import Callable
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import budgets, core_search
from ..cards import DECKS, card_symbol
from ..game import Game
from ..games import DEFAULT_GAME, Rules, rules_for
from ..games.base import Table
from ..moves import DRAW, FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move, pile_id
from ..render import FAN, table_svg, table_text
from ..solver import solve

N_CARDS = 52

#: Rewards, by name: ``"score"`` is the change in Aisleriot's score (cards on the
#: foundations), ``"shaped"`` adds half a point for each card that comes face up into the
#: columns and takes it back when it leaves them (a potential, so it changes no optimal
#: policy of the undiscounted game and pays nothing for going round in circles).
REWARDS = ("score", "shaped")
#: What ``info["winning_mask"]`` holds for each action.
WINNABLE, LOST, UNKNOWN = 1, 0, -1
#: The teacher's default budget: search nodes for each position it asks about.
TEACHER_NODES = 20_000
#: Column cards a frame of ``render_mode="rgb_array"`` has room for below the deal before
#: it scales the picture down (every frame of an episode has the same size).
FRAME_ROWS = 13
FELT = "#1f6b3a"  # the SVG picture's table
#: Aisleriot's deal numbers, 0 to 2**32 - 1.
DEALS = 2**32
#: The deals held out for evaluation (the README's and notebook 06's, in every game):
#: ``split="eval"`` plays these and only these, ``split="train"`` (the default) never.
EVAL_DEALS = range(15_001, 16_001)
#: How ``reset`` picks deals: ``"train"`` every deal but ``EVAL_DEALS``, ``"eval"`` only
#: those, ``"all"`` every deal (a seed is the deal number itself, as in Aisleriot).
SPLITS = ("train", "eval", "all")
#: Deals the ``"train"`` split has: seed ``s`` below this is one of them (``train_deal``).
TRAIN_DEALS = DEALS - len(EVAL_DEALS)
#: The steps an episode of a registered id lasts at most (``spec.max_episode_steps``,
#: and ``max_steps``' default).
MAX_STEPS = 1000
#: A position reached this many times in an episode truncates it (``max_repeats``).
MAX_REPEATS = 3
#: The target of "to its foundation" among an action's targets (then the columns).
TO_FOUNDATION = 0
#: The keys ``reset(options=...)`` reads.
RESET_OPTIONS = ("deal", "game")


def _shown(value: Any) -> str:
    # a refused value in an error message, cut short (an array may be huge)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: Any) -> bool:
    # an int, a NumPy integer or a 0-d integer array (what SB3's ``predict`` returns for
    # one observation); never a bool, which is an int to Python but no action or seed
    if isinstance(value, (bool, np.bool_)):
        return False
    if isinstance(value, (int, np.integer)):
        return True
    return isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu"


def _flag(name: str, value: Any) -> bool:
    # a switch of the constructor: True or False, not something that merely is truthy
    # ("no" would be on)
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {_shown(value)}")
    return bool(value)


def _finite(name: str, value: Any) -> float:
    # a reward's part: a real number, finite (NaN would poison every return)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{name} must be a number, not {_shown(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be finite, not {number}")
    return number


def _reset_seed(seed: Any) -> int | None:
    # Gymnasium's seeds are the non-negative ints (NumPy integers taken as ints)
    if seed is None:
        return None
    if not _is_int(seed):
        raise TypeError(f"seed must be a non-negative int or None, not {_shown(seed)}")
    if int(seed) < 0:
        raise ValueError(f"seed must be a non-negative int or None, not {int(seed)}")
    return int(seed)


def train_deal(index: int) -> int:
    """The ``index``-th deal of the ``"train"`` split (0 to ``TRAIN_DEALS - 1``): the
    deal numbers in order with ``EVAL_DEALS`` left out, so seeds below 15,001 are the
    deal numbers themselves."""
    return index if index < EVAL_DEALS.start else index + len(EVAL_DEALS)


def _split(value: Any) -> str:
    if not isinstance(value, str) or value not in SPLITS:
        splits = ", ".join(map(repr, SPLITS))
        raise ValueError(f"split must be one of {splits}, not {_shown(value)}")
    return value


def env_name(title: str) -> str:
    """``"Eagle Wing"`` -> ``"EagleWing"``: a game's title as a Gymnasium id's name."""
    return "".join(ch for ch in title.title() if ch.isalnum())


class SolitaireEnv(gym.Env[dict[str, Any], Any]):
    """One deal of a game at a time, played one action at a time.

    ``SolitaireEnv(game, render_mode=None, *, thoughtful=True, reward="score",
    win_bonus=52.0, illegal_penalty=-1.0, max_steps=1000, max_repeats=3,
    split="train", winning_mask=False, teacher_nodes=20_000, deck="classic",
    **options)``; ``options`` are the game's own
    (``draw=3``, ``redeals=None``), as for ``Game``; or ``game`` is the rules given
    whole, a ``Rules`` subclass's instance with its options (``SolitaireEnv(MyRules())``:
    a game written anywhere, registered or not). ``deck``: the inks of
    ``"rgb_array"``'s cards, one of the widget's decks (``cards.DECKS``: the
    four-colour and high-contrast decks too).

    The ``Game`` (``env.game``) is the source of truth: a move, an undo or a restart made
    on it directly is seen by the next call (the mask, the observation, ``step``).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Rules = DEFAULT_GAME,
        render_mode: str | None = None,
        *,
        thoughtful: bool = True,
        reward: str = "score",
        win_bonus: float = 52.0,
        illegal_penalty: float = -1.0,
        max_steps: int = MAX_STEPS,
        max_repeats: int | None = MAX_REPEATS,
        split: str = "train",
        winning_mask: bool = False,
        teacher_nodes: int = TEACHER_NODES,
        deck: str = "classic",
        **options: Any,
    ) -> None:
        # a registered game's name with its options, or rules given whole (a Rules
        # subclass's instance); ValueError / TypeError name the problem
        rules = rules_for(game, **options)
        if not isinstance(deck, str) or deck not in DECKS:
            raise ValueError(f"deck must be one of {', '.join(DECKS)}, not {deck!r}")
        self.deck = deck
        modes = self.metadata["render_modes"]
        if render_mode is not None and not (isinstance(render_mode, str) and render_mode in modes):
            raise ValueError(f"render_mode must be one of {modes}, not {_shown(render_mode)}")
        if not isinstance(reward, str) or reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {_shown(reward)}")
        if not _is_int(max_steps) or max_steps < 1:
            raise ValueError(f"max_steps must be an int >= 1, not {_shown(max_steps)}")
        if max_repeats is not None and (not _is_int(max_repeats) or max_repeats < 2):
            raise ValueError(f"max_repeats must be an int >= 2 or None, not {_shown(max_repeats)}")
        if not _is_int(teacher_nodes) or teacher_nodes < 1:
            raise ValueError(f"teacher_nodes must be an int >= 1, not {_shown(teacher_nodes)}")
        self.game_name = rules.name
        #: the rules every deal is played under
        self.rules = rules
        self.options: dict[str, Any] = dict(rules.options)
        self.render_mode = render_mode
        self.thoughtful = _flag("thoughtful", thoughtful)
        self.reward_kind = reward
        self.win_bonus = _finite("win_bonus", win_bonus)
        self.illegal_penalty = _finite("illegal_penalty", illegal_penalty)
        self.max_steps = int(max_steps)
        self.max_repeats = None if max_repeats is None else int(max_repeats)
        self.split = _split(split)
        self.winning_mask = _flag("winning_mask", winning_mask)
        self.teacher_nodes = budgets.count(teacher_nodes, "teacher_nodes", optional=False)

        self.n_tableau = rules.n_tableau
        self.n_piles = FIRST_TABLEAU + rules.n_tableau
        #: an action's targets: "to its foundation" (``TO_FOUNDATION``, the first of
        #: f0..f3 that takes the card), then the columns t0..tN
        self.columns = list(range(FIRST_TABLEAU, self.n_piles))
        self.n_targets = 1 + len(self.columns)
        self.draw_action = N_CARDS * self.n_targets
        self.n_actions = self.draw_action + 1
        self.action_space: spaces.Discrete = spaces.Discrete(self.n_actions)
        n = self.n_piles
        max_redeals = 127 if rules.max_redeals is None else rules.max_redeals
        self.observation_space: spaces.Dict = spaces.Dict(
            {
                # int64, as Gymnasium's default: a MultiDiscrete keeps its sizes (nvec) in
                # its own dtype, and SB3 adds them up with Python's sum, which wraps in
                # uint8 (52 x 16 = 832 became 64: MultiInputPolicy's one-hot input failed
                # with "shape '[1, 64]' is invalid for input of size 832")
                "pile": spaces.MultiDiscrete([n + 1] * N_CARDS, dtype=np.int64),
                "position": spaces.Box(0, N_CARDS - 1, (N_CARDS,), np.uint8),
                "face_up": spaces.MultiBinary(N_CARDS),
                "pile_size": spaces.Box(0, N_CARDS, (n,), np.uint8),
                "face_down": spaces.Box(0, N_CARDS, (n,), np.uint8),
                "redeals_left": spaces.Box(-1, max_redeals, (1,), np.int8),
                "base": spaces.Discrete(14),
            }
        )
        self._unseen = n  # the "pile" of a card that is face down, when not thoughtful
        self.deal: int | None = None
        self._game: Game | None = None
        self._steps = 0
        self._seen: dict[Any, int] = {}  # the episode's positions, how often reached
        self._frame: tuple[int, int] | None = None
        self._proved: dict[tuple, tuple[str, list[Move]]] = {}
        # the positions a search left undecided, with the largest node budget it had
        self._undecided: dict[tuple, int] = {}
        self._parsed: dict[tuple[int, int, int], tuple[Move, int, int, int]] = {}
        # the compiled core's rules for this game (set for each deal: its base card)
        # (not for rules that change a package game's: the core plays that game's)
        self._with_core = core_search.available(rules) and not rules.rules_changed
        self._core_rules: Any = None
        self._shown: dict[tuple[int, int], tuple[bool, ...]] = {}

    # ---- the game -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live ``Game`` (its ``history`` is the episode's moves)."""
        if self._game is None:
            raise gym.error.ResetNeeded("call reset() before using the environment")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new deal of the environment's ``split``: ``options["deal"]`` (Aisleriot's
        deal number), else the deal ``seed`` stands for, else one drawn from
        ``np_random``.

        The splits keep training and evaluation deals apart by construction:
        ``"train"`` (the default) never deals one of ``EVAL_DEALS`` (15001-16000), and
        seed ``s`` deals its ``s``-th deal (``train_deal``: the deal number itself below
        15001, ``s + 1000`` from there); ``"eval"`` deals only those, seed ``i`` (0 to
        999) the ``i``-th of them; ``"all"`` deals every deal, seed ``s`` deal ``s``, as
        Aisleriot numbers them. ``options["deal"]`` must be a deal of the split.

        ``seed`` is any non-negative int, as Gymnasium's seeds are (vector envs and
        libraries derive them), and it seeds ``np_random`` (Gymnasium does that, through
        ``np.random.SeedSequence``); a seed past the split's deals picks the first deal
        drawn from the ``np_random`` it seeded, so the same seed always deals the same
        deal. ``options["game"]``: play on from that ``Game`` instead (of this game and
        options; it is played in place, not copied). Another key of ``options`` is
        refused (ValueError), as is a seed or deal that is no such int, or a deal of
        another split (TypeError or ValueError); then nothing changes."""
        seed = _reset_seed(seed)
        if options is None:
            options = {}
        elif not isinstance(options, dict):
            raise TypeError(f"options must be a dict or None, not {_shown(options)}")
        unknown = [k for k in options if k not in RESET_OPTIONS]
        if unknown:
            raise ValueError(
                f"reset options are {', '.join(map(repr, RESET_OPTIONS))}, not "
                f"{', '.join(_shown(k) for k in unknown)}"
            )
        deal = options.get("deal")
        if deal is not None:
            if not _is_int(deal):
                raise TypeError(f"options['deal'] must be an int, not {_shown(deal)}")
            if not 0 <= int(deal) < DEALS:
                raise ValueError(f"options['deal'] must be 0 to 2**32 - 1, not {int(deal)}")
            deal = int(deal)
            held_out = deal in EVAL_DEALS
            if (self.split == "train" and held_out) or (self.split == "eval" and not held_out):
                raise ValueError(
                    f"deal {deal} is {'a held-out deal' if held_out else 'no held-out deal'} "
                    f"(EVAL_DEALS: {EVAL_DEALS.start}-{EVAL_DEALS.stop - 1}): this "
                    f"environment's split is {self.split!r}"
                )
        given = options.get("game")
        if given is not None:
            if not isinstance(given, Game):
                raise TypeError("options['game'] must be a Game")
            if type(given.rules) is not type(self.rules) or given.options != self.options:
                raise ValueError(
                    f"options['game'] is {given.name} {given.options}, this environment "
                    f"plays {self.game_name} {self.options}"
                )
        super().reset(seed=seed)
        if given is not None:
            self._game = given
            self.deal = given.seed
        else:
            if deal is None:
                deal = self._deal_of(seed)
            self.deal = deal
            self._game = Game(self.rules, deal)
        self._steps = 0
        self._proved = {}
        self._undecided = {}
        self._sync()
        self._seen = {self._table.key(): 1}
        info = {"action_mask": self._fresh_mask(), "score": self._score, "deal": self.deal}
        if self.winning_mask:
            info["winning_mask"] = self.teacher()
        return self._observation(), info

    def _deal_of(self, seed: int | None) -> int:
        # the split's deal for a seed (np_random is seeded with it already)
        if self.split == "eval":
            size = len(EVAL_DEALS)
            index = seed if seed is not None and seed < size else self.np_random.integers(size)
            return EVAL_DEALS[int(index)]
        size = DEALS if self.split == "all" else TRAIN_DEALS
        index = seed if seed is not None and seed < size else self.np_random.integers(size)
        return int(index) if self.split == "all" else train_deal(int(index))

    def _sync(self) -> None:
        """Read the whole position afresh (after a reset, or when someone else moved)."""
        t = self.game.table
        self._table = t
        self._piles = t.piles
        self._core_rules = core_search.compiled(t) if self._with_core else None
        # the observation's arrays, one after the other: pile, position, face_up (52
        # each), pile_size, face_down (one per pile)
        self._buf = bytearray(3 * N_CARDS + 2 * self.n_piles)
        self._where = [0] * N_CARDS  # the pile each card is in, face down or not
        for index in range(self.n_piles):
            self._refresh(index)
        self._score = t.foundation_cards()
        self._potential = self._phi()
        self._legal()
        self._playing = False  # not known yet: the next step asks
        self._version = self.game._version  # the game's position this all describes

    def _fresh(self) -> None:
        # someone else moved, undid or restarted env.game since: what we kept is stale
        if self.game._version != self._version:
            self._sync()

    def _face_pattern(self, index: int, length: int) -> tuple[bool, ...]:
        # Rules.face_up decides by the pile, the place and the length alone
        shown = self._shown.get((index, length))
        if shown is None:
            face_up = self._table.rules.face_up
            shown = self._shown[index, length] = tuple(
                face_up(index, pos, length) for pos in range(length)
            )
        return shown

    def _refresh(self, index: int, low: int = N_CARDS) -> None:
        """Bring one pile's cards up to date. A move only takes cards off the top of a
        pile and puts cards on top (a redeal fills an empty stock), so only the cards
        above the shorter of its old and new lengths change, and those whose face
        changed: the column's new top card turned over, a reserve's top card. ``low``:
        the lowest place a move took a card from (a column refilled after it was
        emptied has a new card where the old ones were)."""
        cards = self._piles[index]
        length = len(cards)
        buf, where, n = self._buf, self._where, self.n_piles
        start = min(length, buf[156 + index], low)
        old_down = buf[156 + n + index]
        if index >= FIRST_TABLEAU:
            down = self._table.hidden[index]
            shown = None
            if down != old_down:
                start = min(start, down)
        else:
            shown = self._face_pattern(index, length)
            down = length - sum(shown)
            if start and shown[:start] != self._face_pattern(index, buf[156 + index])[:start]:
                start = 0
        thoughtful, unseen = self.thoughtful, self._unseen
        for pos in range(start, length):
            card = cards[pos]
            where[card] = index
            if (pos >= down) if shown is None else shown[pos]:
                buf[card] = index
                buf[card + 52] = pos
                buf[card + 104] = 1
            else:
                buf[card] = index if thoughtful else unseen
                buf[card + 52] = pos if thoughtful else 0
                buf[card + 104] = 0
        buf[156 + index] = length
        buf[156 + n + index] = down

    def _entry(self, move: Move) -> tuple[Move, int, int, int]:
        # what a legal move's action is made of: the move, where its card is (pile and
        # depth) and the target's place among the targets (-1: the draw)
        src, dst, count = move
        if src == STOCK:
            return move, STOCK, 1, -1
        return move, src, count, self._target(dst)

    @staticmethod
    def _target(pile: int) -> int:
        # a pile's place among an action's targets: any foundation is "to its foundation"
        return TO_FOUNDATION if pile in FOUNDATIONS else pile - FIRST_TABLEAU + 1

    def _legal(self) -> None:
        # the legal moves, keyed by action, and the mask they make
        piles = self._piles
        n_targets = self.n_targets
        by_action: dict[int, Move] = {}
        draw_action = self.draw_action
        mask = bytearray(self.n_actions)
        t = self._table
        parsed = self._parsed
        core = self._core_rules
        # the compiled core's legal moves are the same moves in the same order as the
        # rules' (tests/test_env.py checks every step), ten times faster; each is worked
        # out once per environment (a core triple equals the Move it stands for)
        entries = []
        # with unlimited redeals the count decides no move (and the core takes only a
        # byte of it: core_search.redeals_for_core says what it is sent)
        used = core_search.redeals_for_core(t)
        for m in t.legal_moves() if core is None else core.legal_moves(piles, t.hidden, used):
            entry = parsed.get(m)
            if entry is None:
                entry = parsed[m] = self._entry(Move(*m))
            entries.append(entry)
        for move, src, count, target in entries:
            a = draw_action if target < 0 else piles[src][-count] * n_targets + target
            held = by_action.get(a)
            # "to its foundation" plays the first foundation (f0..f3) that takes the
            # card, as Aisleriot's double-click tries them in order; the others it may
            # go to are empty foundations like that one, so no choice is lost (a card
            # goes onto a card of its own suit)
            if held is None or move[1] < held[1]:
                by_action[a] = move
            mask[a] = 1
        self._by_action = by_action
        self._mask = mask

    def _phi(self) -> float:
        if self.reward_kind != "shaped":
            return 0.0
        buf, n = self._buf, self.n_piles
        return 0.5 * sum(buf[156 + i] - buf[156 + n + i] for i in range(FIRST_TABLEAU, n))

    def _observation(self) -> dict[str, np.ndarray]:
        t = self._table
        left = t.redeals_left
        n = self.n_piles
        arr = np.frombuffer(self._buf, dtype=np.uint8).copy()  # fresh every time
        return {
            "pile": arr[:52].astype(np.int64),
            "position": arr[52:104],
            "face_up": arr[104:156].view(np.int8),
            "pile_size": arr[156 : 156 + n],
            "face_down": arr[156 + n :],
            "redeals_left": np.array([-1 if left is None else left], dtype=np.int8),
            "base": np.int64(t.base or 0),
        }

    def _status(self, carried: bool = False) -> str:
        """``Game.status``, with the cheap answers first. Each is one that
        ``progress.is_stuck`` itself reaches on the spot: a deal or a limited redeal
        left; a card the waste or the reserve can play now; a move that turns a
        face-down card over or refills a column (no move takes one back). ``carried``:
        the last move was one the next move can take back exactly
        (``progress.is_reversible``) from a position still in play; the positions
        such moves join reach the same positions and the same waste cards, so they are
        lost or not together, and this one is in play too."""
        t = self._table
        if t.is_won():
            return "won"
        if carried or (t.rules.max_redeals is not None and t.draw_reason() is None):
            return "playing"
        piles, hidden = self._piles, t.hidden
        refills = t.rules.refills_from_reserve and bool(piles[RESERVE])
        for src, _dst, count in self._by_action.values():
            if src in (WASTE, RESERVE):
                return "playing"
            if src >= FIRST_TABLEAU:
                left = len(piles[src]) - count
                if (left and left == hidden[src]) or (refills and not left):
                    return "playing"
        return self.game.status

    # ---- acting ---------------------------------------------------------------------
    def step(
        self, action: int | np.integer
    ) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action``: an int (a NumPy integer, or the 0-d array SB3's ``predict``
        gives, will do). One in the action space that is not legal here is refused
        with ``illegal_penalty`` and changes nothing but the step count; anything else
        (a float, a bool, an array, a string) raises TypeError and changes nothing."""
        a = self._action(action)
        game = self.game
        self._fresh()
        self._steps += 1
        move = self._by_action.get(a)
        if move is None:
            # refused: nothing changes, the penalty is paid and info says why
            truncated = self._steps >= self.max_steps
            info: dict[str, Any] = {
                "action_mask": self._fresh_mask(),
                "score": self._score,
                "illegal": True,
                "reason": self.refusal(a),
            }
            if self.winning_mask:
                info["winning_mask"] = self.teacher()
            return self._observation(), self.illegal_penalty, False, truncated, info
        piles = self._piles
        src, dst, count = move
        reserve = len(piles[RESERVE])
        # whether the move lays a face-down card bare or refills its column: then no
        # move takes it back (Table.apply's record says so; known before it is played)
        left = len(piles[src]) - count
        for_good = src >= FIRST_TABLEAU and bool(
            (left and left == self._table.hidden[src])
            or (not left and reserve and self._table.rules.refills_from_reserve)
        )
        game._play_legal(move)  # one of this position's legal moves (_legal)
        self._version = game._version
        if src == STOCK:
            self._refresh(STOCK)
            self._refresh(WASTE)
        else:
            self._refresh(src, left)
            self._refresh(dst)
            if len(piles[RESERVE]) != reserve:
                self._refresh(RESERVE)
        self._legal()
        score = self._table.foundation_cards()
        reward = float(score - self._score)
        self._score = score
        if self.reward_kind == "shaped":
            phi = self._phi()
            reward += phi - self._potential
            self._potential = phi
        rules = self._table.rules
        if src == STOCK:
            # one card a click, unlimited redeals: the clicks go round every split of
            # the stock and waste, so every card of them comes to the top from here as
            # from before
            carried = self._playing and rules.draw_count == 1 and rules.max_redeals is None
        elif self._playing and not for_good and src != WASTE and src != RESERVE:
            # the move back is legal when it is one of the legal moves now (nothing
            # goes back to the waste or the reserve): its action moves the same card
            back = Move(dst, src, count)
            card = piles[dst][-count]
            target = self._target(src)
            carried = self._by_action.get(card * self.n_targets + target) == back
        else:
            carried = False
        status = self._status(carried)
        self._playing = status == "playing"
        if status == "won":
            reward += self.win_bonus
        terminated = status != "playing"
        key = self._table.key()
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        repeated = self.max_repeats is not None and seen >= self.max_repeats
        truncated = not terminated and (self._steps >= self.max_steps or repeated)
        info = {"action_mask": self._fresh_mask(), "score": score, "illegal": False}
        if terminated:
            info["status"] = status
        elif repeated:
            info["repeated"] = seen  # reached that often: the policy goes round in circles
        if self.winning_mask:
            info["winning_mask"] = self.teacher()
        return self._observation(), reward, terminated, truncated, info

    def _action(self, action: Any) -> int:
        # an action as an int; 1.5 is not action 1, nor True action 1 (Discrete.contains
        # takes the same ints, the bool aside)
        if type(action) is int:  # the common case first: this is every step's cost
            return action
        if not _is_int(action):
            raise TypeError(
                f"an action is an int from 0 to {self.n_actions - 1}, not {_shown(action)}"
            )
        return int(action)

    def _fresh_mask(self) -> np.ndarray:
        # info's mask: the caller's own bool array, as action_masks() gives (writing to
        # it must not change what the environment holds)
        return np.frombuffer(self._mask, dtype=np.bool_).copy()

    def observation(self) -> dict[str, np.ndarray]:
        """The observation of the position now (what the last ``step`` returned)."""
        self._fresh()
        return self._observation()

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (what sb3-contrib's MaskablePPO asks for)."""
        self._fresh()
        return self._fresh_mask()

    def legal_actions(self) -> list[int]:
        """The legal actions, in ``Game.legal_moves``'s order."""
        self._fresh()
        return list(self._by_action)

    def move_of(self, action: int) -> Move | None:
        """The ``Move`` a legal action plays here, or None when it is not legal."""
        a = self._action(action)
        self._fresh()
        return self._by_action.get(a)

    def action_of(self, move: Move | str) -> int:
        """The action that plays ``move`` here (legal or not); ValueError if it moves
        no card that is there (a pile's face-down card, an empty pile)."""
        move = Move.parse(move) if isinstance(move, str) else move
        self._fresh()
        if move == DRAW:
            return self.draw_action
        src, dst, count = move
        pile = self._piles[src] if 0 <= src < self.n_piles else []
        if (dst not in FOUNDATIONS and dst not in self.columns) or not 1 <= count <= len(pile):
            raise ValueError(f"{move} is no action of this environment")
        return pile[-count] * self.n_targets + self._target(dst)

    def describe(self, action: int) -> str:
        """An action in words: ``"draw"``, ``"Q♥ to t3"`` (the card with what lies on
        it), ``"A♠ to its foundation"``, whatever the position."""
        a = self._action(action)
        if not 0 <= a < self.n_actions:
            raise ValueError(f"{action!r} is not an action (0 to {self.n_actions - 1})")
        if a == self.draw_action:
            return "draw"
        card, k = divmod(a, self.n_targets)
        if k == TO_FOUNDATION:
            return f"{card_symbol(card)} to its foundation"
        return f"{card_symbol(card)} to {pile_id(self.columns[k - 1])}"

    def refusal(self, action: int) -> str:
        """Why ``action`` is refused here: the rules' reason key (``Table.reason``), or
        ``"not_an_action"``, ``"card_not_there"`` (face down, or not at the top of a
        pile it could be picked up from), ``"game_over"``."""
        a = self._action(action)
        self._fresh()
        if not 0 <= a < self.n_actions:
            return "not_an_action"
        if self._table.is_won():
            return "game_over"
        if a == self.draw_action:
            return self._table.draw_reason() or "game_over"
        card, k = divmod(a, self.n_targets)
        src = self._where[card]
        pile = self._piles[src]
        if src == STOCK or not self._buf[card + 104]:
            return "card_not_there"
        count = len(pile) - pile.index(card)
        if k != TO_FOUNDATION:
            return self._table.reason(Move(src, self.columns[k - 1], count)) or "game_over"
        # no foundation takes it: the reason of the one it could go on (its suit's, else
        # the first empty one, else f0)
        t = self._table
        tops = [(f, self._piles[f][-1] if self._piles[f] else None) for f in FOUNDATIONS]
        same = [f for f, top in tops if top is not None and top // 13 == card // 13]
        empty = [f for f, top in tops if top is None]
        dst = (same or empty or [FOUNDATIONS[0]])[0]
        return t.reason(Move(src, dst, count)) or "game_over"

    # ---- the teacher ----------------------------------------------------------------
    def teacher(self, nodes: int | None = None) -> np.ndarray:
        """For each action: ``WINNABLE`` (1) when it is legal and the deal can still be
        won after it, ``LOST`` (0) when it is illegal or the deal is lost after it,
        ``UNKNOWN`` (-1) when the solver could not tell within ``nodes`` (by default
        ``teacher_nodes``) search nodes a position. The solver sees every card: the
        teacher knows what a thoughtful player would."""
        budget = (
            self.teacher_nodes if nodes is None else budgets.count(nodes, "nodes", optional=False)
        )
        out = np.zeros(self.n_actions, dtype=np.int8)
        t = self._table
        here = self._verdict(t, budget)
        if here[0] == "lost":
            return out  # every move from a lost position loses
        first = here[1][0] if here[0] == "won" and here[1] else None
        for a, move in self._by_action.items():
            if move == first:
                out[a] = WINNABLE
                continue
            child = t.copy()
            child.apply(move)
            verdict = self._verdict(child, budget)[0]
            out[a] = WINNABLE if verdict == "won" else LOST if verdict == "lost" else UNKNOWN
        return out

    def _verdict(self, t: Table, nodes: int) -> tuple[str, list[Move]]:
        key = t.key()
        known = self._proved.get(key)
        if known is not None:
            return known
        if self._undecided.get(key, -1) >= nodes:
            # A search of a node budget is deterministic: one that left this position
            # undecided with as many nodes or more would again. Undecided searches are
            # the teacher's dearest (each spends its whole budget), and an agent that
            # steps into a child left undecided asks about it again at the next step:
            # in 1,000 random Kansas steps, 76 of 174 such searches were repeats, and
            # keeping them took the teacher from 15.5 to 9.6 ms a step.
            return ("unknown", [])
        if t.is_won():
            verdict: tuple[str, list[Move]] = ("won", [])
        else:
            verdict = self._one_move_from_a_win(t) or self._searched(t, nodes)
        if verdict[0] == "unknown":
            self._undecided[key] = max(nodes, self._undecided.get(key, -1))
            return verdict  # a bigger budget may decide it
        self._proved[key] = verdict
        if verdict[0] == "won" and verdict[1]:
            # the line's next positions are won too, by the rest of it
            line = verdict[1]
            scratch = t.copy()
            for i, move in enumerate(line[:-1]):
                scratch.apply(move)
                self._proved.setdefault(scratch.key(), ("won", line[i + 1 :]))
        return verdict

    def _one_move_from_a_win(self, t: Table) -> tuple[str, list[Move]] | None:
        # A position with a legal move into one already proved won is won: that move,
        # then the proved line. Most moves between columns can be made back, so most
        # siblings of a won position are one move from it (Saratoga: 1,541 searches
        # that found a win in 1,000 random steps, at 1.3 ms each; this look is a few
        # dozen microseconds).
        for move in t.legal_moves():
            child = t.copy()
            child.apply(move)
            known = self._proved.get(child.key())
            if known is not None and known[0] == "won":
                return ("won", [move, *known[1]])
        return None

    @staticmethod
    def _searched(t: Table, nodes: int) -> tuple[str, list[Move]]:
        r = solve(t, seconds=None, nodes=nodes)
        return (r.result, [Move.parse(a) for a in r.solution])

    # ---- pictures -------------------------------------------------------------------
    def render(self) -> Any:
        """``"ansi"``: the table as text (``Game``'s own picture); ``"rgb_array"``: the
        SVG picture rasterised (resvg), an ``(H, W, 3)`` uint8 array of the same size
        all episode long."""
        if self.render_mode is None:
            gym.logger.warn("render() needs render_mode='ansi' or 'rgb_array'")
            return None
        if self.render_mode == "ansi":
            return table_text(self.game)
        return self.rgb_array()

    def rgb_array(self) -> np.ndarray:
        """The table as an ``(H, W, 3)`` uint8 picture (needs resvg-py and Pillow)."""
        try:
            import resvg_py
            from PIL import Image
        except ImportError as err:  # pragma: no cover - the env extra brings both
            raise ImportError(
                "render_mode='rgb_array' needs resvg-py and Pillow: "
                "pip install 'solitaire_widget[env]'"
            ) from err
        png = resvg_py.svg_to_bytes(
            svg_string=table_svg(self.game, self.deck),
            background=FELT,
            sans_serif_family=_sans_serif(),
        )
        image = Image.open(io.BytesIO(bytes(png))).convert("RGB")
        if self._frame is None:
            # the deal's height plus room for FRAME_ROWS more cards in a column
            self._frame = (image.height + FRAME_ROWS * FAN, image.width)
        height, width = self._frame
        if image.height > height or image.width > width:
            scale = min(height / image.height, width / image.width)
            image = image.resize(
                (max(1, int(image.width * scale)), max(1, int(image.height * scale)))
            )
        frame = np.zeros((height, width, 3), dtype=np.uint8)
        frame[...] = (0x1F, 0x6B, 0x3A)  # FELT
        pixels = np.asarray(image)
        frame[: pixels.shape[0], : pixels.shape[1]] = pixels
        return frame

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"<SolitaireEnv {self.game_name!r}{opts}: deal {self.deal}>"


#: Families tried for the picture's ``sans-serif`` text, best first: each has the suit
#: glyphs. resvg maps the generic name to Arial and, unlike a browser, falls back to
#: nothing, so on a machine without Arial every rank and suit would vanish from the frame.
SANS_SERIF_FAMILIES = (
    "DejaVu Sans",
    "Liberation Sans",
    "Arial",
    "Noto Sans",
    "Noto Sans Symbols2",
    "Helvetica",
    "FreeSans",
)


@functools.cache
def _sans_serif() -> str | None:
    """resvg's ``sans_serif_family``: the first installed family of
    ``SANS_SERIF_FAMILIES``, found by drawing a suit with it (a font with the suits has
    the ranks); nothing (resvg's own default) when none draws."""
    import resvg_py
    from PIL import Image

    for family in SANS_SERIF_FAMILIES:
        probe = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
            f'<text x="2" y="16" font-size="16" font-family="{family}">\u2660</text></svg>'
        )
        png = bytes(resvg_py.svg_to_bytes(svg_string=probe, sans_serif_family=family))
        if Image.open(io.BytesIO(png)).getchannel("A").getbbox() is not None:  # it drew
            return family
    return None


#: A policy for ``play_policy``: the environment (its ``observation()``, its
#: ``action_masks()``, its ``game``) in, an action out. A trained MaskablePPO model:
#: ``lambda env: int(model.predict(env.observation(), action_masks=env.action_masks())[0])``;
#: the agent of ``solitaire_widget.env.agent``: ``agent.act``.
Policy = Callable[[SolitaireEnv], int]


def play_policy(
    game: Game,
    policy: Policy,
    *,
    delay: float = 0.0,
    max_moves: int = 1000,
    **env_options: Any,
) -> list[str]:
    """Let ``policy(env) -> action`` (see ``Policy``) play ``game`` in place, one
    move every ``delay`` seconds, until the game is over, ``max_moves`` moves are played,
    or it picks an illegal action; returns the moves played, in notation.

    Hand it a widget's game (``play_policy(widget.game, agent, delay=0.3)``) and the
    moves show on the table as they are played. The position is read afresh before each
    move, so a player may move in between. ``env_options`` are the environment's
    (``thoughtful=False``: the policy sees what a player sees).
    """
    budgets.seconds(delay, "delay", optional=False)
    budgets.count(max_moves, "max_moves", optional=False)
    env = SolitaireEnv(game.rules, **env_options)
    env.reset(options={"game": game})
    played: list[str] = []
    for _ in range(max_moves):
        env._fresh()  # the player may have moved
        if env._status() != "playing":
            break
        move = env.move_of(policy(env))
        if move is None:
            break
        game.play(move)
        played.append(str(move))
        if delay:
            time.sleep(delay)
    return played
