"""Gymnasium environments: one for every game of the registry and every variant of it.

Needs the ``env`` extra (``pip install 'solitaire_widget[env]'``: gymnasium, and resvg-py
with Pillow for pictures). Importing this module registers the ids; a new game module in
``solitaire_widget.games`` gets its environment with nothing else to edit::

    import gymnasium, solitaire_widget.env
    env = gymnasium.make("solitaire_widget/Saratoga-v0", draw=3, redeals=None)
    gymnasium.make("solitaire_widget.env:solitaire_widget/Kansas-v0")   # imports it too

Ids: ``solitaire_widget/<Title>-v0`` for each game with its default options (the title
without spaces: ``EagleWing``), and ``solitaire_widget/<Title>-<tag>-v0`` for each of its
variants (``Saratoga-d3-unlimited-v0``). Keyword arguments are the game's options
(``draw=``, ``redeals=``) and the environment's (below).

**Actions** (``Discrete(52 * T + 1)``, ``T`` = 4 foundations + the game's columns):
action ``card * T + k`` takes ``card`` (``suit * 13 + rank - 1``, clubs, diamonds,
hearts, spades) *with every card lying on it* to target ``k`` (``f0``..``f3``, then
``t0``, ``t1``...); the last action, ``52 * T``, clicks the stock. The space is the
same whatever the position and names no rule: every legal move of every game is one
action (a card lies in one pile, so the card and the target say which cards move) and
no two moves share one. ``action_masks()`` and ``info["action_mask"]`` are
``Game.legal_moves`` exactly. OpenSpiel's ``solitaire`` (205 actions: kEnd, 52 reveals
of a hidden card, and one action for each pair "this card onto that card" or "to a
foundation", "King to an empty column" that Klondike's build rule allows) is smaller
because it is written for one game's rule; here a target is a pile, so the same space
serves games that build in suit, regardless of suit or in alternate colours, wrap King
onto Ace, or fill an empty column from the waste. It keeps Aisleriot's stock click
(OpenSpiel plays "K+": every card the stock could bring up is playable at once) and its
foundation slots (a base card may start any empty foundation).

**Observations** (a ``Dict``; ``P`` = 7 + the number of columns, pile indices as in
``solitaire_widget.moves``: ``s w r f0..f3 t0..``):

- ``pile``: ``(52,)`` uint8, the pile each card lies in; ``P`` for a face-down card when
  ``thoughtful=False``;
- ``depth``: ``(52,)`` uint8, how many cards lie on it (0: the top card; 0 for a hidden
  face-down card);
- ``face_up``: ``(52,)`` int8, 1 when the card shows its face;
- ``pile_size`` and ``face_down``: ``(P,)`` uint8, each pile's cards and face-down cards;
- ``redeals_left``: ``(1,)`` int8, -1 for unlimited; ``base``: the base rank (1-13,
  0 for games without one).

``thoughtful=True`` (the default, as the solver plays) shows where every face-down card
lies; ``thoughtful=False`` hides them: two deals that differ only in their face-down
cards give the same observations and masks. ``gymnasium.wrappers.FlattenObservation``
makes one vector of it.

**Rewards**: ``reward="score"`` (default) the change in Aisleriot's score (cards on the
foundations; -1 when Saratoga's or Klondike's foundation card comes back down), plus
``win_bonus`` (52) on a win. ``reward="shaped"`` adds half a point for each card that
comes face up into the columns and takes it back when one leaves them: a potential, so
a loop earns nothing. An illegal action is refused: ``illegal_penalty`` (-1), nothing
changes, ``info["illegal"]`` is True and ``info["reason"]`` says why (the rules' reason
key). ``terminated`` when the game is won or lost (``Game.status``: "lost" is exact, no
move that changes anything for good can be reached); ``truncated`` after ``max_steps``
(1000) steps, illegal ones included.

**Teacher**: ``winning_mask=True`` puts ``info["winning_mask"]`` in every step's info:
``1`` for a legal action after which the deal can still be won, ``0`` for an illegal
one or one after which it is lost, ``-1`` where the solver could not tell within
``teacher_nodes`` (20,000) nodes. It sees every card.

**Pictures**: ``render_mode="ansi"`` is ``print(game)``'s text, ``"rgb_array"`` the SVG
picture rasterised by resvg. ``play_policy(widget.game, policy, delay=0.3)`` lets a
policy play on a ``SolitaireWidget``'s table; ``SolitaireWidget(env.unwrapped.game)``
shows an episode, whose moves ``widget.review(0)`` and the review buttons step through.
"""

from __future__ import annotations

import gymnasium as gym

from ..games import GAMES, variants
from .environment import (
    LOST,
    REWARDS,
    TEACHER_NODES,
    UNKNOWN,
    WINNABLE,
    Policy,
    SolitaireEnv,
    env_name,
    play_policy,
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
            gym.register(id=env_id, entry_point=ENTRY_POINT, kwargs=dict(kwargs))
    return list(ids)


IDS = register_all()

__all__ = [
    "IDS",
    "LOST",
    "REWARDS",
    "TEACHER_NODES",
    "UNKNOWN",
    "WINNABLE",
    "Policy",
    "SolitaireEnv",
    "env_ids",
    "play_policy",
    "register_all",
]
