"""Checks every ruleset's ``encoding.py`` and ``resample.py`` pass (the adapters' shape)."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

from pnp.adapters.world import World, encoder, make_table
from pnp.engine.game import Game


def check_encoding(
    ruleset: str, module: ModuleType, players: int, games: int = 2, every: int = 1
) -> None:
    """Every field is documented in ``module``'s docstring, and every seat's view at
    every ``every``-th decision of random games encodes to the same number of finite
    floats."""
    enc = encoder(ruleset, players)
    documented = set(re.findall(r"``(\w+)``", module.__doc__ or ""))
    assert [name for name in enc.layout.fields if name not in documented] == []
    sizes = set()
    for seed in range(games):
        world = World(make_table(ruleset, players, seed=seed))
        rng = random.Random(seed)
        step = 0
        while (decision := world.decision()) is not None:
            if step % every == 0:
                for seat in range(players):
                    vector = enc.encode(world.game.view(seat))
                    sizes.add(len(vector))
                    assert all(math.isfinite(x) for x in vector)
            world.apply(rng.randrange(len(decision.options)))
            step += 1
    assert sizes == {enc.size}


def points(ruleset: str, players: int, seeds: range, every: int) -> list[World]:
    """Positions of random games: one every ``every`` decisions."""
    found = []
    for seed in seeds:
        world = World(make_table(ruleset, players, seed=seed))
        rng = random.Random(seed)
        step = 0
        while (decision := world.decision()) is not None:
            if step % every == every - 1:
                found.append(world.clone())
            world.apply(rng.randrange(len(decision.options)))
            step += 1
    return found


def check_resampling(
    ruleset: str,
    players: int,
    hidden: Callable[[Game, int], Any],
    holdings: Callable[[Game], Any],
    *,
    seeds: range = range(2),
    every: int = 25,
    samples: int = 12,
) -> None:
    """Across many sampled worlds: the seat's own view and pending decision are
    unchanged, what ``holdings`` says each seat holds is conserved, the invariants
    hold, what ``hidden`` reads of the seat's unknowns varies, the same seed gives
    the same world, a game the seat cannot tell apart gives the same samples (the
    truth does not leak into them), the global ``random`` is never used, and a
    sample plays on."""
    positions = points(ruleset, players, seeds, every)
    assert len(positions) >= 5
    varied = 0
    for world in positions:
        decision = world.decision()
        assert decision is not None
        seat = decision.seat
        seen = world.view_data(seat)
        truth = hidden(world.game, seat)
        held = holdings(world.game)
        outcomes = set()
        state = random.getstate()
        for k in range(samples):
            sample = world.resampled(seat, k)
            assert sample.view_data(seat) == seen
            pending = sample.decision()
            assert pending is not None and pending.labels() == decision.labels()
            assert holdings(sample.game) == held
            assert sample.game.invariant_violations() == []
            outcomes.add(repr(hidden(sample.game, seat)))
        assert random.getstate() == state, "resampling drew from the global random"
        again = world.resampled(seat, 3)
        assert again.game.snapshot() == world.resampled(seat, 3).game.snapshot()
        # nothing of the truth leaks into a sample: a game the seat cannot tell from
        # this one (its hidden cards elsewhere) gives the very same sample
        other = world.resampled(seat, 77)
        assert other.resampled(seat, 3).game.snapshot() == again.game.snapshot()
        if len(outcomes) > 1 or repr(truth) not in outcomes:
            varied += 1
    assert varied >= len(positions) // 2, f"hidden cards varied at {varied} of {len(positions)}"
    # a sample is a game like any other: it plays on to the end
    sample = positions[-1].resampled(positions[-1].decision().seat, 99)  # type: ignore[union-attr]
    rng = random.Random(1)
    while (decision := sample.decision()) is not None:
        sample.apply(rng.randrange(len(decision.options)))
        assert sample.game.invariant_violations() == []
    assert sample.result() is not None
