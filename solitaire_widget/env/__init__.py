"""Gymnasium environments: one for every game of the registry and every variant of it.

Needs the ``env`` extra (``pip install 'solitaire_widget[env]'``: gymnasium, and resvg-py
with Pillow for pictures). Importing this module registers the ids; a new game module in
``solitaire_widget.games`` gets its environment with nothing else to edit::

    import gymnasium, solitaire_widget.env
    env = gymnasium.make("solitaire_widget/Saratoga-v0", draw=3, redeals=None)
    gymnasium.make("solitaire_widget.env:solitaire_widget/Kansas-v0")   # imports it too

Ids: ``solitaire_widget/<Title>-v0`` for each game with its default options (the title
without spaces: ``EagleWing``), and ``solitaire_widget/<Title>-<tag>-v0`` for each of its
variants (``...-d3-unlimited-v0``). Keyword arguments are the game's options
(``draw=``, ``redeals=``) and the environment's (below).

**Actions** (``Discrete(52 * T + 1)``, ``T`` = 1 + the game's columns): action
``card * T + k`` picks up ``card`` (``suit * 13 + rank - 1``: clubs, diamonds, hearts,
spades) *with every card lying on it* and puts it on target ``k``: ``0`` is "to its
foundation", the first of ``f0``..``f3`` that takes it (as Aisleriot's double-click tries
them), then ``t0``, ``t1``...; the last action, ``52 * T``, clicks the stock (a deal, or a
redeal). An action means one thing: the same card to the same place, whatever the deal
or the position, and the space names no rule. Every legal move of every game is an
action (a card lies in one pile, so the card and the target say which cards move); the
only moves that share one are a card's moves to the empty foundations, which are alike
(a foundation holds one suit), and the action plays the first of them. ``action_masks()``
and ``info["action_mask"]`` are ``Game.legal_moves`` mapped so, each a new bool array of
the caller's own (what sb3-contrib's MaskablePPO takes), and ``move_of`` /
``action_of`` / ``describe`` translate. An action is an int: a NumPy integer or a 0-d integer array
(what SB3's ``predict`` returns) will do; a float, a bool, a longer array or a string
raises TypeError and changes nothing (``step(1.5)`` is not action 1).

Against OpenSpiel's ``solitaire`` (205 actions): it keys a move by the *pair* of cards,
"this card onto that card" (``5♥ ← 4♣``), one action for each pair Klondike's
alternate-colour rule allows, plus "Ace to its suit's foundation", "King to an empty
column", 52 chance actions that reveal a hidden card, and ``kEnd``. That space is
smaller because the build rule is written into it: a game that builds in suit,
regardless of suit, or round the corner (King onto Ace) needs other pairs, and a move
onto an empty pile by a card other than an Ace (to a foundation) or a King (to a
column), as where the base rank is dealt or any card may fill a column, has no pair at
all. Keying by (card, target) keeps OpenSpiel's useful properties (an action means the
same card going to the same place whatever the layout, so a network's output unit
learns one thing; a card's foundation is one action, as OpenSpiel's "to its suit's
foundation") and serves every game of the registry; the price is a larger, sparser
space (209 to 469 actions by the shipped game, of which a few dozen at most are legal at
once; many never are under a given rule), which the mask takes care of. OpenSpiel plays
"K+" Klondike (every card the stock could bring up is playable at once, no stock
action); here the stock is Aisleriot's, one click a deal, and a face-down card turns
over by itself, as in Aisleriot, rather than by a chance action.

**Observations** (a ``Dict``; ``P`` = 7 + the number of columns, pile indices as in
``solitaire_widget.moves``: ``s w r f0..f3 t0..``):

- ``pile``: ``(52,)`` int64 (a ``MultiDiscrete``, which SB3 and ``FlattenObservation``
  one-hot encode), the pile each card lies in; ``P`` for a face-down card when
  ``thoughtful=False``;
- ``position``: ``(52,)`` uint8, its place in the pile, counted from the bottom (0: the
  bottom card; how many cards lie on it is ``pile_size[pile] - 1 - position``); 0 for a
  hidden face-down card;
- ``face_up``: ``(52,)`` int8, 1 when the card shows its face;
- ``pile_size`` and ``face_down``: ``(P,)`` uint8, each pile's cards and face-down cards;
- ``redeals_left``: ``(1,)`` int8, -1 for unlimited; ``base``: the base rank (1-13,
  0 for games without one).

**Seeds and splits**: training and evaluation deals are kept apart by construction.
``split="train"`` (the default) never deals one of ``EVAL_DEALS`` (Aisleriot's deals
15001-16000, the held-out deals of the README and notebook 06): ``reset(seed=n)`` deals
Aisleriot's deal ``n`` below 15001 and deal ``n + 1000`` from there. ``split="eval"``
deals only the held-out deals, ``reset(seed=i)`` the ``i``-th (0 to 999).
``split="all"`` deals every deal, ``reset(seed=n)`` deal ``n``, as ``Game(game, n)``
does. A Gymnasium seed past the split's deals (they are any non-negative int: vector
envs and libraries derive them) seeds ``np_random`` and deals the first deal it draws,
the same deal for the same seed; ``options={"deal": n}`` names a deal of the split
whatever the seed; no seed, a deal drawn from ``np_random``.

``thoughtful=True`` (the default, as the solver plays) shows where every face-down card
lies; ``thoughtful=False`` hides them: two deals that differ only in their face-down
cards give the same observations and masks. ``gymnasium.wrappers.FlattenObservation``
makes one vector of it.

**Rewards**: ``reward="score"`` (default) the change in Aisleriot's score (cards on the
foundations; -1 when a game that lets a card come back down from a foundation does so), plus
``win_bonus`` (52) on a win. ``reward="shaped"`` adds half a point for each card that
comes face up into the columns and takes it back when one leaves them: a potential, so
a loop earns nothing. An illegal action is refused: ``illegal_penalty`` (-1), nothing
changes, ``info["illegal"]`` is True and ``info["reason"]`` says why (the rules' reason
key). ``terminated`` when the game is won or lost (``Game.status``: "lost" is exact, no
move that changes anything for good can be reached). Episodes end: ``truncated`` after
``max_steps`` (1000) steps, illegal ones included (every registered id also has
``max_episode_steps`` 1000, Gymnasium's ``TimeLimit``), or when a move brings the game to
a position it has reached ``max_repeats`` (3) times in the episode (``info["repeated"]``;
``None`` for no such limit), so a policy that goes round in circles, as a deterministic
one often does, ends its episode: no winning line needs a position twice.

**Teacher**: ``winning_mask=True`` puts ``info["winning_mask"]`` in every step's info:
``1`` for a legal action after which the deal can still be won, ``0`` for an illegal
one or one after which it is lost, ``-1`` where the solver could not tell within
``teacher_nodes`` (20,000) nodes. It sees every card. It keeps, for the episode, every
verdict it reached and every position left undecided with its budget, and calls a
position one legal move from a proved win won without a search (the README gives its
cost beside a plain step's).

**Standard libraries**: sb3-contrib's ``MaskablePPO`` trains on it as it is
(``MultiInputPolicy`` on the ``Dict``, or ``MlpPolicy`` after ``FlattenObservation``;
the ``rl-train`` extra brings torch and sb3-contrib) and SB3's ``check_env`` passes on every
id. A ``SubprocVecEnv`` (or any worker process started afresh) knows the ids only once
it imports this module: name them ``"solitaire_widget.env:solitaire_widget/Kansas-v0"``.

**Pictures**: ``render_mode="ansi"`` is ``print(game)``'s text, ``"rgb_array"`` the SVG
picture rasterised by resvg. ``play_policy(widget.game, policy, delay=0.3)`` lets a
policy play on a ``SolitaireWidget``'s table; ``SolitaireWidget(env.unwrapped.game)``
shows an episode, whose moves ``widget.review(0)`` and the review buttons step through.
"""

from __future__ import annotations

import gymnasium as gym

from ..games import GAMES, variants
from .environment import (
    EVAL_DEALS,
    LOST,
    MAX_REPEATS,
    MAX_STEPS,
    REWARDS,
    SPLITS,
    TEACHER_NODES,
    UNKNOWN,
    WINNABLE,
    Policy,
    SolitaireEnv,
    env_name,
    play_policy,
    train_deal,
)

NAMESPACE = "solitaire_widget"
ENTRY_POINT = "solitaire_widget.env.environment:SolitaireEnv"


def env_ids() -> dict[str, dict[str, object]]:
    """Every id this module registers, with the keyword arguments it stands for."""
    ids: dict[str, dict[str, object]] = {}
    for name, cls in GAMES.items():
        title = env_name(cls.title)
        ids[f"{NAMESPACE}/{title}-v0"] = {"game": name}
        for v in variants(name):
            if v.tag:
                tag = "-".join(v.tag.split())
                ids[f"{NAMESPACE}/{title}-{tag}-v0"] = {"game": name, **v.options}
    return ids


def register_all() -> list[str]:
    """Register the ids (done on import; again only those missing); returns them."""
    ids = env_ids()
    for env_id, kwargs in ids.items():
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point=ENTRY_POINT,
                kwargs=dict(kwargs),
                max_episode_steps=MAX_STEPS,
            )
    return list(ids)


IDS = register_all()

__all__ = [
    "EVAL_DEALS",
    "IDS",
    "LOST",
    "MAX_REPEATS",
    "MAX_STEPS",
    "REWARDS",
    "SPLITS",
    "TEACHER_NODES",
    "UNKNOWN",
    "WINNABLE",
    "Policy",
    "SolitaireEnv",
    "env_ids",
    "play_policy",
    "register_all",
    "train_deal",
]
