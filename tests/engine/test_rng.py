"""The engine's seeded streams and its fast shuffle and pick."""

from __future__ import annotations

import random

from pnp.engine.rng import derive_seed, randbelow, shuffle, stream


def test_streams_are_named_and_reproducible() -> None:
    assert stream(7, "game").random() == stream(7, "game").random()
    assert derive_seed(7, "game") != derive_seed(7, "agent", 0)


def test_shuffle_draws_as_the_standard_library() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 5, 17, 25, 64):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            # and the stream is left in the same place
            assert ours.random() == theirs.random()


def test_randbelow_draws_as_randrange() -> None:
    ours, theirs = random.Random(5), random.Random(5)
    for n in [1, 2, 3, 7, 8, 9, 31, 100] * 50:
        assert randbelow(ours, n) == theirs.randrange(n)
    assert ours.random() == theirs.random()
