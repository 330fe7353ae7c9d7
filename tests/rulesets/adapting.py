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
    from pnp.adapters import observation

    enc = encoder(ruleset, players)
    # the ruleset's fields in its encoding.py, the decision's in the adapters' module
    documented = set(re.findall(r"``(\w+)``", module.__doc__ or ""))
    documented |= set(re.findall(r"``(\w+)``", observation.__doc__ or ""))
    assert [name for name in enc.layout.fields if name not in documented] == []
    sizes = set()
    for seed in range(games):
        world = World(make_table(ruleset, players, seed=seed))
        rng = random.Random(seed)
        step = 0
        while (decision := world.decision()) is not None:
            if step % every == 0:
                for seat in range(players):
                    vector = enc.encode(world.game.view(seat), decision)
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


def hidden_choice_siblings(
    ruleset: str, players: int, kind: str, then: str, seeds: range, *, limit: int = 3
) -> list[list[World]]:
    """Groups of positions of random games that differ only in a face-down choice of
    kind ``kind`` just made (one position per option): in each the next decision is
    another seat's, of kind ``then`` (the choice still unrevealed), whose information
    (its view and its own choices) is the same in every position of the group. At
    most ``limit`` groups."""
    groups: list[list[World]] = []
    for seed in seeds:
        world = World(make_table(ruleset, players, seed=seed))
        rng = random.Random(seed)
        while (decision := world.decision()) is not None and len(groups) < limit:
            if decision.kind == kind and len(decision.options) > 1:
                group = []
                for index in range(len(decision.options)):
                    sibling = world.clone()
                    sibling.apply(index)
                    after = sibling.decision()
                    if after is not None and after.seat != decision.seat and after.kind == then:
                        group.append(sibling)
                seats = {g.decision().seat for g in group}  # type: ignore[union-attr]
                if len(group) > 1 and len(seats) == 1:
                    seat = seats.pop()
                    # the seat to play cannot tell the positions apart
                    if len({g.information_text(seat) for g in group}) == 1:
                        groups.append(group)
            world.apply(rng.randrange(len(decision.options)))
        if len(groups) >= limit:
            break
    return groups


def check_hidden_choices_redrawn(group: list[World], depth: int = 30) -> None:
    """Positions that differ only in another seat's face-down choice resample, with the
    same seed, to the very same game for the seat to play: the same state, and the
    same play on (the choice revealed) along a fixed line of options."""
    seat = group[0].decision().seat  # type: ignore[union-attr]
    for seed in (3, 4):
        samples = [world.resampled(seat, seed) for world in group]
        for _ in range(depth):
            first = samples[0]
            snapshot = first.game.snapshot()
            assert all(s.game.snapshot() == snapshot for s in samples[1:])
            decision = first.decision()
            if decision is None:
                break
            assert all(s.decision().labels() == decision.labels() for s in samples[1:])  # type: ignore[union-attr]
            for s in samples:
                s.apply(0)
