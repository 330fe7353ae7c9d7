"""Whole games through the engine's runner: invariants after every step, replays."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import FINISHED, Limits, agents_chooser, run_game, scripted_chooser
from pnp.rulesets.ironthrone import RULESET


@pytest.fixture(scope="module")
def content() -> LoadedContent[Any]:
    return RULESET.load()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_games_end_cleanly(content: LoadedContent[Any], players: int, agent: str) -> None:
    """IT-TURN-01 / IT-WIN-03: seeded games finish with every invariant holding."""
    limits = Limits.for_ruleset(RULESET, invariants=True)
    for seed in range(6):
        choose = agents_chooser(RULESET, [agent] * players, seed)
        run = run_game(RULESET, content, GameConfig(players), seed, choose, limits)
        assert run.status == FINISHED, (seed, run.violations, run.failure and run.failure.line())
        assert run.result is not None and run.result.ending in ("influence", "characters_dead")
        assert run.result.winners


def test_replay_reaches_the_same_state(content: LoadedContent[Any]) -> None:
    limits = Limits.for_ruleset(RULESET, invariants=False)
    first = run_game(
        RULESET,
        content,
        GameConfig(4),
        21,
        agents_chooser(RULESET, ["heuristic"] * 4, 21),
        limits,
        hash_state=True,
    )
    again = run_game(
        RULESET,
        content,
        GameConfig(4),
        21,
        scripted_chooser(first.choices),
        limits,
        hash_state=True,
    )
    assert again.status == FINISHED
    assert again.state_hash == first.state_hash
    assert again.result == first.result


def test_apply_rejects_bad_indices(content: LoadedContent[Any]) -> None:
    game = RULESET.new_game(content, GameConfig(3), 0)
    decision = game.decision()
    assert decision is not None
    with pytest.raises(IndexError):
        game.apply(len(decision.options))
