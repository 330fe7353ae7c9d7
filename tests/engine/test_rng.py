"""The engine's seeded streams and its fast shuffle and pick."""

from __future__ import annotations

import hashlib
import random

import pytest

from pnp.engine.rng import derive_seed, randbelow, sample, shuffle, stream


def test_streams_are_named_and_reproducible() -> None:
    assert stream(7, "game").random() == stream(7, "game").random()
    assert derive_seed(7, "game") != derive_seed(7, "agent", 0)


def test_derived_seeds_are_the_first_eight_bytes_of_a_sha256() -> None:
    # the scheme every recorded game depends on: a change here changes them all
    for seed, names in [(7, ("game",)), (0, ("agent", 3)), (2**40 + 1, ()), (-5, ("x", "y", 9))]:
        text = "/".join([str(seed), *map(str, names)])
        digest = hashlib.sha256(text.encode()).digest()
        assert derive_seed(seed, *names) == int.from_bytes(digest[:8], "big")


def test_a_stream_is_a_random_seeded_with_the_derived_seed() -> None:
    for seed, names in [(7, ("game",)), (12, ("agent", 0)), (99, ("agent", 4))]:
        ours, theirs = stream(seed, *names), random.Random(derive_seed(seed, *names))
        assert type(ours) is random.Random
        assert ours.getstate() == theirs.getstate()
        assert vars(ours) == vars(theirs)  # gauss_next too
        assert [ours.random(), ours.gauss(0, 1)] == [theirs.random(), theirs.gauss(0, 1)]


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


def test_sample_draws_as_the_standard_library() -> None:
    # small populations (a partial shuffle) and large ones (redrawn indices),
    # with samples of up to 5 and above (where the threshold grows)
    for seed in range(60):
        for size, k in [(5, 2), (5, 5), (1, 1), (3, 0), (21, 7), (22, 3), (100, 6), (400, 40)]:
            ours, theirs = random.Random(seed), random.Random(seed)
            population = [f"c{i}" for i in range(size)]
            assert sample(ours, population, k) == theirs.sample(population, k)
            assert ours.random() == theirs.random()


def test_sample_refuses_more_than_the_population() -> None:
    with pytest.raises(ValueError, match="sample of 3 from a population of 2"):
        sample(random.Random(1), [1, 2], 3)


def test_randbelow_refuses_an_empty_range() -> None:
    # n = 0 would draw getrandbits(0) = 0 forever: it must be refused, by name
    with pytest.raises(ValueError, match="randbelow needs n >= 1, got 0"):
        randbelow(random.Random(1), 0)


def test_sample_draws_as_the_standard_library_on_each_side_of_its_threshold() -> None:
    # Random.sample switches from a partial shuffle to redrawn indices where the
    # population outgrows a threshold that depends on k (21, plus 4 ** ceil(log4(3k))
    # above k = 5): every population size up to past the threshold of k = 40, so a
    # threshold off by one, or computed any other way, draws differently
    for size in range(1, 300):
        for k in range(min(size, 40) + 1):
            ours, theirs = random.Random(size * 41 + k), random.Random(size * 41 + k)
            population = list(range(size))
            assert sample(ours, population, k) == theirs.sample(population, k), (size, k)
