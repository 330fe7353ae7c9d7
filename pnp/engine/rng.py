"""Seeded random streams: one seed, many independent named streams.

Every source of chance in a game (shuffles, dice, each agent) draws from its
own :class:`random.Random` instance whose seed is derived from the game seed
and the stream's name. The global ``random`` module and the clock are never
used, so a seed reproduces a game on any machine and in any process.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *names: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and a path of names.

    ``derive_seed(7, "game")`` and ``derive_seed(7, "agent", 2)`` are
    unrelated; the same arguments always give the same value.
    """
    text = "/".join([str(seed), *(str(n) for n in names)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def stream(seed: int, *names: str | int) -> random.Random:
    """A private :class:`random.Random` seeded by :func:`derive_seed`."""
    return random.Random(derive_seed(seed, *names))
