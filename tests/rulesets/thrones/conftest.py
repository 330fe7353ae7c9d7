"""Shared fixtures for the thrones tests: the shipped content, loaded once."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import Game, GameConfig
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame


@pytest.fixture(scope="session")
def content() -> LoadedContent:
    """The shipped thrones content."""
    return RULESET.load()


def play_random(
    content: LoadedContent,
    seed: int,
    players: int = 2,
    options: dict[str, Any] | None = None,
    check: bool = True,
    factions: tuple[str | None, ...] | None = None,
    pick: Callable[[Game, random.Random], int] | None = None,
) -> tuple[Game, int]:
    """Play one game with uniformly random choices; check invariants after each step."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(players, factions, options or {}), seed)
    rng = random.Random(seed)
    steps = 0
    while (d := game.decision()) is not None:
        index = pick(game, rng) if pick else rng.randrange(len(d.options))
        game.apply(index)
        steps += 1
        if check:
            broken = game.invariant_violations()
            assert not broken, f"seed {seed} step {steps}: {broken}"
        assert steps < 20_000, "runaway game"
    return game, steps


def begun(game: Any) -> ThronesGame:
    """``game`` (a scenario game) past its opening one-option ``begin`` decision."""
    assert isinstance(game, ThronesGame)
    opening = game.decision()
    assert opening is not None and opening.kind == "scenario_start"
    assert opening.labels() == ["begin"]
    game.apply(0)
    return game
