"""The fief game the engine drives: seeded games keep every invariant, determinism, replay."""

from __future__ import annotations

import random

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.game import FiefGame
from tests.rulesets.fief.games import play_random


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [
        (1, 3, {}),
        (2, 4, {"tactics": True}),
        (3, 5, {"winter": True}),
        (4, 6, {"tactics": True, "winter": True, "concession": True}),
        (5, 5, {"nights_watch": True}),
        (6, 6, {"nights_watch": True, "tactics": True, "winter": True}),
    ],
)
def test_random_games_keep_every_invariant(
    content: LoadedContent, seed: int, players: int, options: dict
) -> None:
    """Random play through whole games never breaks an invariant and ends by round 12."""
    game, _ = play_random(content, seed, players, options, check=True)
    result = game.result()
    assert result is not None
    assert result.rounds <= content.model.rules.round_limit
    assert result.ending in ("solo_victory", "alliance_victory", "shared_victory", "round_limit")


def test_same_seed_same_game(content: LoadedContent) -> None:
    a, ca = play_random(content, 11, steps=400)
    b, cb = play_random(content, 11, steps=400)
    assert ca == cb
    assert a.state_hash() == b.state_hash()
    c, _ = play_random(content, 12, steps=400)
    assert c.state_hash() != a.state_hash()


def test_replaying_the_choices_reproduces_the_state(content: LoadedContent) -> None:
    game, choices = play_random(content, 21, players=5, steps=600)
    again = RULESET.new_game(content, GameConfig(5), 21)
    for index in choices:
        again.apply(index)
    assert again.state_hash() == game.state_hash()


def test_heuristic_bots_finish_games(content: LoadedContent) -> None:
    for seed, players in ((5, 3), (6, 4)):
        game = RULESET.new_game(content, GameConfig(players), seed)
        bots = [HeuristicBot() for _ in range(players)]
        rng = random.Random(seed)
        while (d := game.decision()) is not None:
            index = bots[d.seat].choose(game.view(d.seat), d, rng)
            assert 0 <= index < len(d.options)
            game.apply(index)
        assert game.result() is not None
        assert game.invariant_violations() == []
        _assert_paths_name_the_winners_titles(game)


def _assert_paths_name_the_winners_titles(game: FiefGame) -> None:
    """Each winner's way to win lists exactly the VP Titles his Nobles hold."""
    result = game.result()
    assert result is not None and len(result.paths) == len(result.winners)
    s = game.s
    for seat, path in zip(result.winners, result.paths, strict=True):
        titles = [] if path == "-" else path.split(" + ")
        assert len(titles) == len(set(titles))
        assert sum(s.cat.titles[t].vp for t in titles) == s.vp(seat)
        assert all(s.nobles[s.holder[t]].seat == seat for t in titles)
        assert titles == [t for t in s.cat.titles if t in titles]  # content order
