"""The rulesets as OpenSpiel games (:mod:`pnp.adapters.openspiel`), checked by OpenSpiel."""

from __future__ import annotations

import random

import pyspiel
import pytest

import pnp.adapters.openspiel  # noqa: F401  (registers the games)
from pnp.adapters.openspiel import PnpState, parse_houses, parse_options
from pnp.adapters.world import kit

#: the player count of each ruleset whose games OpenSpiel's test plays to their own end
#: (fief's, about 450 decisions at 3 players, stop after round 3 instead)
WHOLE = {"thrones": 2, "ironthrone": 4, "fief": 3}

#: every ruleset at every player count; one count plays whole games, the others
#: stop at a step cap (OpenSpiel's test clones the state at every step, and a
#: clone replays the game: whole long games at every count would take minutes)
CONFIGS = [
    (name, players, None if players == WHOLE[name] else 60)
    for name in ("thrones", "ironthrone", "fief")
    for players in kit(name).ruleset.player_counts
]


@pytest.mark.parametrize(("name", "players", "cap"), CONFIGS)
def test_openspiels_random_simulation_test_passes(name: str, players: int, cap: int | None) -> None:
    params = {"players": players, "seed": 11}
    if cap is not None:
        params["max_steps"] = cap
    elif name == "fief":
        params["max_rounds"] = 3
    game = pyspiel.load_game(f"pnp_{name}", params)
    # serialize=False: OpenSpiel serializes a sampled-stochastic game with the game's
    # RNG state, which a Python game cannot give; our own round trip is tested below
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_the_game_type_and_info_say_what_the_game_is(name: str) -> None:
    game = pyspiel.load_game(f"pnp_{name}")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    rs = kit(name).ruleset
    assert (kind.min_num_players, kind.max_num_players) == (
        min(rs.player_counts),
        max(rs.player_counts),
    )
    assert game.num_players() == rs.players_default
    assert game.num_distinct_actions() == kit(name).max_options
    assert game.max_game_length() == rs.max_steps
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


def _played(name: str, steps: int, seed: int = 2) -> PnpState:
    game = pyspiel.load_game(f"pnp_{name}", {"seed": seed})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, PnpState)
    return state


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_state_and_a_resampled_one_serialize_and_come_back_the_same(name: str) -> None:
    state = _played(name, 40)
    game = state.get_game()
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert back.world.game.snapshot() == state.world.game.snapshot()
    sample = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    again = game.deserialize_state(sample.serialize())
    assert again.world.game.snapshot() == sample.world.game.snapshot()
    assert again.history() == sample.history() == state.history()


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_resampled_state_has_the_same_information_state_and_other_secrets(name: str) -> None:
    state = _played(name, 60)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    for sample in samples:
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.legal_actions() == state.legal_actions()
    snapshots = {repr(s.world.game.snapshot()) for s in samples}
    assert len(snapshots) > 1
    clone = samples[0].clone()
    assert clone.world.game.snapshot() == samples[0].world.game.snapshot()


def test_the_information_state_holds_the_seats_own_choices_only() -> None:
    state = _played("thrones", 30)
    mine = state.information_state_string(0)
    other = state.information_state_string(1)
    assert mine != other
    assert '"seat":0' in mine and '"seat":1' in other


def test_a_capped_game_ends_with_nobody_rewarded() -> None:
    game = pyspiel.load_game("pnp_thrones", {"max_steps": 5, "seed": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5
    assert state.returns() == [0.0, 0.0]


def test_a_finished_game_rewards_its_winners() -> None:
    game = pyspiel.load_game("pnp_ironthrone", {"seed": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    result = state.world.result()
    assert result is not None and result.winners
    assert sum(returns) == pytest.approx(1.0)
    assert all(returns[w] == pytest.approx(1 / len(result.winners)) for w in result.winners)


def test_houses_and_options_are_parameters() -> None:
    assert parse_houses("stark,,lannister") == ("stark", None, "lannister")
    assert parse_houses("") is None
    assert parse_options("titles=true, deck_format=constructed") == {
        "titles": True,
        "deck_format": "constructed",
    }
    game = pyspiel.load_game(
        "pnp_thrones", {"players": 3, "houses": "stark,,", "options": "titles=true"}
    )
    state = game.new_initial_state()
    assert isinstance(state, PnpState)
    assert state.world.game.factions()[0] == "stark"
    with pytest.raises(Exception, match="not key=value"):
        pyspiel.load_game("pnp_thrones", {"options": "titles"})
    with pytest.raises(Exception, match="nosuch"):
        pyspiel.load_game("pnp_thrones", {"houses": "nosuch,"})
