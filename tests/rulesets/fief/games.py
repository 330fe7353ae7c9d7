"""Helpers for the fief tests: a game played at random, step by step."""

from __future__ import annotations

import random

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame


def play_random(
    content: LoadedContent,
    seed: int,
    players: int = 4,
    options: dict | None = None,
    steps: int | None = None,
    check: bool = False,
) -> tuple[FiefGame, list[int]]:
    """A game of ``players`` from ``seed``, each option picked at random (``steps`` of them,
    or to the end); with ``check``, every invariant is checked after each step."""
    game = RULESET.new_game(content, GameConfig(players, options=options or {}), seed)
    rng = random.Random(seed)
    choices: list[int] = []
    while (d := game.decision()) is not None and (steps is None or len(choices) < steps):
        index = rng.randrange(len(d.options))
        choices.append(index)
        game.apply(index)
        if check:
            assert game.invariant_violations() == [], (seed, len(choices), d.kind)
    return game, choices
