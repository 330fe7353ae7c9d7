"""Seeded random games in every mode finish with no invariant violation."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET
from tests.rulesets.thrones.conftest import play_random

MODES = [
    (2, {}),
    (2, {"draft": True}),
    (3, {}),
    (4, {}),
    (4, {"two_on_two": True}),
    (4, {"littlefinger": True}),
]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_random_games_finish(content: LoadedContent, players: int, options: dict) -> None:
    for seed in range(6):
        game, _ = play_random(content, seed, players, options)
        result = game.result()
        assert result is not None
        assert result.winners
        assert result.ending in ("power", "round_limit")


def test_same_seed_same_game(content: LoadedContent) -> None:
    a, _ = play_random(content, 11, 3)
    b, _ = play_random(content, 11, 3)
    assert a.state_hash() == b.state_hash()
    c, _ = play_random(content, 12, 3)
    assert a.state_hash() != c.state_hash()


def test_houses_from_config(content: LoadedContent) -> None:
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2, ("martell", "greyjoy")), 3)
    assert game.factions() == ("martell", "greyjoy")
