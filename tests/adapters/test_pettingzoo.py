"""The rulesets as PettingZoo environments (:mod:`pnp.adapters.pettingzoo`), checked by
PettingZoo's own tests."""

from __future__ import annotations

import re
from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from pnp.adapters.pettingzoo import env, parallel_env
from pnp.adapters.world import kit
from pnp.engine.game import GameConfig
from pnp.errors import UsageError
from pnp.rulesets.ruleset import Ruleset

CONFIGS = [
    (name, players)
    for name in ("thrones", "ironthrone", "fief")
    for players in kit(name).ruleset.player_counts
]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoos_api_test_passes(name: str, players: int) -> None:
    api_test(env(name, players), num_cycles=60)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoos_seed_test_passes(name: str, players: int) -> None:
    seed_test(partial(env, name, players), num_cycles=60)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoos_max_cycles_test_passes(name: str, players: int) -> None:
    module = SimpleNamespace(
        env=partial(env, name, players), parallel_env=partial(parallel_env, name, players)
    )
    max_cycles_test(module)


def test_a_whole_game_ends_with_the_winners_rewarded() -> None:
    game = env("ironthrone", 3)
    game.reset(seed=4)
    total = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _info = game.last()
        total[agent] += reward
        game.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert game.world is not None
    result = game.world.result()
    assert result is not None and result.winners and result.ending not in ("step_cap", "round_cap")
    assert sum(total.values()) == pytest.approx(1.0)
    for w in result.winners:
        assert total[f"player_{w}"] == pytest.approx(1 / len(result.winners))


def test_a_seed_plays_the_referees_game_of_that_seed() -> None:
    """reset(seed=s) sets the game up exactly as the referee does from s."""
    game = env("thrones", 2)
    game.reset(seed=9)
    ruleset: Ruleset = kit("thrones").ruleset
    assert ruleset.new_game is not None
    direct = ruleset.new_game(ruleset.load(), GameConfig(2), 9)
    assert game.world is not None
    assert game.world.game.snapshot() == direct.snapshot()


def test_resets_without_a_seed_follow_a_sequence_from_the_last_seed() -> None:
    a, b = env("thrones", 2), env("thrones", 2)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.world is not None and b.world is not None
    assert a.world.table.seed == b.world.table.seed != 3
    a.reset()
    assert a.world.table.seed != b.world.table.seed


def test_waiting_agents_have_one_action_and_cannot_move_the_game() -> None:
    game = env("thrones", 2)
    game.reset(seed=1)
    assert game.world is not None
    decision = game.world.decision()
    assert decision is not None
    waiting = f"player_{1 - decision.seat}"
    assert list(game.observe(waiting)["action_mask"][:3]) == [1, 0, 0]
    mask = game.observe(f"player_{decision.seat}")["action_mask"]
    assert int(mask.sum()) == len(decision.options)


def test_render_dumps_the_state_and_the_decision_as_text() -> None:
    game = env("fief", 3, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert isinstance(text, str)
    assert "to choose" in text and '"round"' in text
    assert env("fief", 3).render() is None


def test_bad_settings_are_refused() -> None:
    with pytest.raises(UsageError):
        env("thrones", 7)
    with pytest.raises(UsageError):
        env("nosuch")
    with pytest.raises(ValueError, match="render_mode"):
        env("thrones", render_mode="rgb_array")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": "2"}, "players must be a whole number, not '2'"),
        ({"players": 2.0}, "players must be a whole number, not 2.0"),
        ({"max_cycles": 0}, "max_cycles must be a whole number of at least 1, not 0"),
        ({"max_cycles": "x"}, "max_cycles must be a whole number of at least 1, not 'x'"),
        ({"houses": ["stark", "lannister", "martell"]}, "3 Houses for 2 players"),
        ({"options": {"draft": "maybe"}}, "must be true or false"),
    ],
)
def test_bad_settings_are_usage_errors_that_say_what_is_wrong(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        env("thrones", **settings)  # type: ignore[arg-type]


def test_iron_throne_set_up_errors_are_usage_errors_too() -> None:
    with pytest.raises(UsageError, match="unknown House 'nohouse'"):
        env("ironthrone", houses=["nohouse"])
    with pytest.raises(UsageError, match="no options"):
        env("ironthrone", options={"x": True})


def test_houses_and_options_read_as_on_the_command_line() -> None:
    # the first seats named in any case, the rest (or 'random') left to the seed, and an
    # option's text read as -o reads it: what `pnp play --houses Stark -o draft=true` does
    game = env("thrones", houses=["Stark"], options={"draft": "true"})
    assert game.table.houses == ("stark", None)
    assert game.table.options == (("draft", True),)
    assert env("thrones", houses="random,Lannister").table.houses == (None, "lannister")
    assert env("fief", 4, houses=["tully", None]).table.houses == ("tully", None, None, None)


def test_a_game_used_before_reset_says_so() -> None:
    game = env("fief")
    assert game.num_agents == 0
    for use in (lambda: game.step(0), game.last, lambda: game.observe("player_0")):
        with pytest.raises(UsageError, match=r"call reset\(\) before"):
            use()
    game.reset(seed=3)
    decider = game.world.decision().seat  # type: ignore[union-attr]
    while game.agent_selection != f"player_{decider}":
        game.step(None)  # a waiting agent's action changes nothing
    with pytest.raises(UsageError, match="decides now: its action is an option index"):
        game.step(None)


@pytest.mark.parametrize("action", [-1, 64, 10**6, np.int64(-3)])
def test_an_action_outside_the_action_space_is_refused(action: int) -> None:
    """Only the space's actions wrap around onto the options (the module's promise)."""
    game = env("thrones", 2)
    game.reset(seed=1)
    assert not game.action_space(game.agent_selection).contains(action)
    with pytest.raises(UsageError, match=f"action {int(action)} of player_0 is outside"):
        game.step(action)
    game.step(63)  # inside the space, past the options: wraps around


def test_a_game_whose_agents_are_all_done_says_so() -> None:
    game = env("thrones", 2, max_cycles=3)
    game.reset(seed=1)
    for _agent in game.agent_iter():
        _obs, _reward, terminated, truncated, _info = game.last()
        game.step(None if terminated or truncated else 0)
    assert game.agents == []
    for use in (lambda: game.step(0), game.last):
        with pytest.raises(UsageError, match=r"every agent is done: call reset\(\)"):
            use()
    game.observe("player_0")  # the final position stays observable
    game.reset(seed=1)
    game.step(0)


def test_an_unknown_agent_is_refused_by_name() -> None:
    game = env("thrones", 2)
    game.reset(seed=1)
    with pytest.raises(UsageError, match="there is no agent 'bob': the agents are player_0"):
        game.observe("bob")


def test_a_negative_seed_is_refused() -> None:
    game = env("thrones", 2)
    with pytest.raises(UsageError, match="seed must be a whole number of at least 0, not -1"):
        game.reset(seed=-1)
