"""The game the engine drives (:mod:`pnp.rulesets.thrones.game`): seeded random games in every
mode finish with no invariant violation, replay alike, give their results; a bad option index
is a clear error."""

from __future__ import annotations

import random

import pytest

from pnp.content import LoadedContent
from pnp.engine.flow import IllegalMoveError
from pnp.engine.game import GameConfig
from pnp.engine.paths import main_sources
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


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"two_on_two": True})])
def test_ways_to_win_are_the_winners_main_power_sources(
    content: LoadedContent, players: int, options: dict
) -> None:
    """Result.paths: per winner, the reasons that brought a quarter of the power it gained."""
    rng = random.Random(3)
    for seed in range(4):
        game = RULESET.new_game(content, GameConfig(players, options=options), seed)
        events = list(game.setup_events())
        while (d := game.decision()) is not None:
            events += game.apply(rng.randrange(len(d.options)))
        gains: list[dict[str, int]] = [{} for _ in range(players)]
        for e in events:
            if e.kind == "power_gained":
                seat_gains = gains[e.seat]
                seat_gains[e.data["reason"]] = (
                    seat_gains.get(e.data["reason"], 0) + e.data["amount"]
                )
        result = game.result()
        assert result is not None and result.winners
        assert result.paths == tuple(main_sources(gains[w]) for w in result.winners)


def test_bad_option_index_is_a_clear_error(content: LoadedContent) -> None:
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2), 1)
    with pytest.raises(IllegalMoveError, match="does not exist"):
        game.apply(99)
