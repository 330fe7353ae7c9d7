"""The game the engine drives (:mod:`pnp.rulesets.ironthrone.game`): whole games through the
engine's runner with invariants after every step, replays, results, a bad option index, and
the events the seatings share.
"""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import Event, Game, GameConfig
from pnp.engine.native import NativeGame
from pnp.engine.paths import main_sources
from pnp.engine.runner import (
    CAPPED,
    FINISHED,
    Limits,
    agents_chooser,
    play,
    run_game,
    scripted_chooser,
)
from pnp.rulesets.ironthrone import RULESET


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


class _Through(Game):
    """An Iron Throne game seen only as a ``Game``: play() calls it through Python."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players

    def decision(self):  # type: ignore[no-untyped-def]
        return self.game.decision()

    def apply(self, index: int) -> list[Event]:
        return self.game.apply(index)

    def view(self, seat: int) -> Any:
        return self.game.view(seat)

    def result(self):  # type: ignore[no-untyped-def]
        return self.game.result()

    def snapshot(self) -> dict[str, Any]:
        return self.game.snapshot()

    @property
    def round(self) -> int:
        return self.game.round

    def factions(self) -> tuple[str, ...]:
        return self.game.factions()

    def setup_events(self) -> list[Event]:
        return self.game.setup_events()


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_play_calls_the_compiled_game_directly_with_the_same_outcome(
    content: LoadedContent[Any], agent: str
) -> None:
    """The core loop's direct path (NativeGame) plays as its path through Python does."""
    assert isinstance(RULESET.new_game(content, GameConfig(4), 0), NativeGame)
    for seed, max_rounds in ((3, 200), (4, 200), (5, 2)):
        limits = Limits.for_ruleset(RULESET, invariants=False, max_rounds=max_rounds)
        runs, seen = [], []
        for wrap in (False, True):
            events: list[Event] = []
            game = RULESET.new_game(content, GameConfig(4), seed)
            choose = agents_chooser(RULESET, [agent] * 4, seed)
            run = play(_Through(game) if wrap else game, choose, limits, observer=events.extend)
            runs.append(run)
            seen.append(events)
        direct, through = runs
        assert direct.status == (CAPPED if max_rounds == 2 else FINISHED)
        assert (direct.status, direct.choices, direct.result, direct.rounds) == (
            through.status,
            through.choices,
            through.result,
            through.rounds,
        )
        assert seen[0] == seen[1] and len(seen[0]) > 20


def test_ways_to_win_tally_every_spread_by_reason(content: LoadedContent[Any]) -> None:
    """Result.paths: per winner, the main reasons its influence tokens were spread."""
    limits = Limits.for_ruleset(RULESET, invariants=False)
    for seed in range(6):
        game = RULESET.new_game(content, GameConfig(4), seed)
        events: list = []
        run = play(
            game, agents_chooser(RULESET, ["heuristic"] * 4, seed), limits, observer=events.extend
        )
        assert run.status == FINISHED
        ref = game.ref
        for seat in range(4):
            spreads = sum(1 for e in events if e.kind == "influence_spread" and e.seat == seat)
            assert sum(ref.spread_gains[seat].values()) == spreads
            assert set(ref.spread_gains[seat]) <= {"ability", "challenge won", "truce deal"}
        result = run.result
        assert result is not None
        assert result.paths == tuple(main_sources(ref.spread_gains[w]) for w in result.winners)
