"""Seeded random streams: one seed, many independent named streams.

Every source of chance in a game (shuffles, dice, each agent) draws from its
own :class:`random.Random` instance whose seed is derived from the game seed
and the stream's name. The global ``random`` module and the clock are never
used, so a seed reproduces a game on any machine and in any process.

:func:`shuffle`, :func:`randbelow` and :func:`sample` draw exactly as
``Random.shuffle``, ``Random.randrange(n)`` and ``Random.sample`` do in
Python 3.11 (the same calls to ``getrandbits``, so the same results from the
same stream) without a Python call per element: a referee shuffles and picks
at random thousands of times a second.
"""

from __future__ import annotations

import _random
import hashlib
import math
import random
import struct
from collections.abc import Callable
from typing import Any, Final

#: the first eight bytes of a digest as a big-endian unsigned int
_first_u64: Final[Callable[[bytes], tuple[int]]] = struct.Struct(">Q").unpack_from
#: a ``random.Random`` not seeded yet (its ``__new__`` only allocates it)
_allocate: Final[Callable[[type[random.Random]], random.Random]] = random.Random.__new__
#: the C routine ``Random.seed`` ends in for an int seed
_seed_int: Final[Callable[[random.Random, int], None]] = _random.Random.seed


def derive_seed(seed: int, *names: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and a path of names.

    ``derive_seed(7, "game")`` and ``derive_seed(7, "agent", 2)`` are
    unrelated; the same arguments always give the same value.
    """
    text = str(seed)
    for name in names:
        text += "/" + str(name)
    return _first_u64(hashlib.sha256(text.encode()).digest())[0]


def stream(seed: int, *names: str | int) -> random.Random:
    """A private :class:`random.Random` seeded by :func:`derive_seed`.

    The same object as ``random.Random(derive_seed(seed, *names))``, built
    without the two Python-level calls of its ``__init__`` and ``seed`` (a
    game makes one stream per seat and one for chance): allocated, seeded by
    the C routine those end in, and given the ``gauss_next`` they set.
    """
    rng = _allocate(random.Random)
    _seed_int(rng, derive_seed(seed, *names))
    rng.gauss_next = None  # type: ignore[attr-defined]  # C Random's; typeshed omits it
    return rng


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``: the same draw, with fewer argument checks."""
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, got {n}")
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation, drawn the same way, in place."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: list[Any], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same ``k`` items in the same order, drawn
    the same way (a partial shuffle of a copy for small populations, else
    redrawing indices already taken)."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError(f"sample of {k} from a population of {n}")
    setsize = 21  # the size of a small set; Random.sample's threshold
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result: list[Any] = []
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = randbelow(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        taken: set[int] = set()
        for _ in range(k):
            j = randbelow(rng, n)
            while j in taken:
                j = randbelow(rng, n)
            taken.add(j)
            result.append(population[j])
    return result
