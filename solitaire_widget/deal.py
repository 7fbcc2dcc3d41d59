"""Seed N -> exactly the deck Aisleriot deals from ``g_rand_new_with_seed(N)``.

GLib's GRand is the 32-bit Mersenne Twister (MT19937) with the reference seeding.
Python's ``random`` runs the same generator in C but seeds it differently, so we compute
GLib's initial state ourselves and hand it to ``random.Random.setstate``: the
well-tested C implementation then produces GLib's stream.
"""

from __future__ import annotations

import random

from .budgets import shown

_N = 624


def glib_rand(seed: int) -> random.Random:
    """A ``random.Random`` whose ``getrandbits(32)`` equals GLib's ``g_rand_int``."""
    seed &= 0xFFFFFFFF
    mt = [seed]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    rng = random.Random()
    # index 624 means "regenerate before the next draw", as GLib does after seeding
    rng.setstate((3, (*mt, _N), None))
    return rng


def int_range(rng: random.Random, n: int) -> int:
    """``g_rand_int_range(rand, 0, n)``: rejection sampling, then ``x mod n``."""
    maxvalue = 0xFFFFFFFF - (2**32 % n)
    while True:
        x = rng.getrandbits(32)
        if x <= maxvalue:
            return x % n


def shuffled_deck(seed: int) -> list[int]:
    """Aisleriot's ``shuffle-deck``: deck[0] is the top of the stock, dealt first."""
    rng = glib_rand(seed)
    vec = list(range(52))
    taken = []
    for i in range(52):
        r = i + int_range(rng, 52 - i)
        taken.append(vec[r])
        vec[r] = vec[i]
    # Aisleriot conses each taken card onto the result: the last one taken comes first
    taken.reverse()
    return taken


def random_seed() -> int:
    return random.SystemRandom().getrandbits(32)


SEEDS = 2**32  # GLib seeds with a 32-bit int: a larger one deals the same as its low bits


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is an int from 0 to 2**32-1 (not a bool), else ValueError naming
    ``name``: every seed that enters (a Game, a new deal, a saved game) is checked here,
    so that no two seeds deal the same cards and a seed always reads back as dealt."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEEDS:
        raise ValueError(f"{name} must be an int from 0 to 2**32-1, not {shown(seed)}")
    return int(seed)
