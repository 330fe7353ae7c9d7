"""Helpers for the rulesets' kit meter tests: play games with a meter watching, plant
positions, compare the meter's ids with the kit's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.engine.game import Game, GameConfig
from pnp.engine.kitmeter import KitMeter
from pnp.engine.runner import FINISHED, Limits, agents_chooser, run_game
from pnp.render.kit import kit_components
from pnp.rulesets.ruleset import Ruleset


@dataclass
class Metered:
    """One game played with a triggered and a thorough meter watching."""

    status: str
    #: the triggered meter's peaks, and the thorough one's
    peaks: dict[str, int]
    thorough: dict[str, int]
    #: every id the meter may report for the game
    ids: set[str] = field(default_factory=set)


def play_metered(
    ruleset: Ruleset,
    content: Any,
    players: int,
    seed: int,
    agent: str = "heuristic",
    options: Mapping[str, Any] | None = None,
) -> Metered:
    """Play one seeded game, both meters fed every step as a playtest feeds its meter."""
    assert ruleset.kit_meter is not None
    meters: list[KitMeter] = []

    def watch(game: Game) -> None:
        meters.extend([ruleset.kit_meter(game, False), ruleset.kit_meter(game, True)])

    def observe(events: Sequence[Any]) -> None:
        for meter in meters:
            meter.step(events)

    run = run_game(
        ruleset,
        content,
        GameConfig(players, None, dict(options or {})),
        seed,
        agents_chooser(ruleset, [agent] * players, seed),
        Limits.for_ruleset(ruleset),
        observer=observe,
        watch=watch,
    )
    ids = meters[0].components()
    return Metered(run.status, meters[0].finish(), meters[1].finish(), ids)


def check_games(
    ruleset: Ruleset,
    content: Any,
    players: int,
    seeds: range,
    agent: str,
    options: Mapping[str, Any] | None = None,
) -> tuple[dict[str, int], set[str]]:
    """Play ``seeds``; assert each game finished and both meters found the same peaks.

    Returns the largest peak of each id over the games and every id the meter may report.
    """
    top: dict[str, int] = {}
    ids: set[str] = set()
    for seed in seeds:
        game = play_metered(ruleset, content, players, seed, agent, options)
        assert game.status == FINISHED, (seed, game.status)
        differ = {
            k: (game.peaks.get(k), game.thorough.get(k))
            for k in game.peaks.keys() | game.thorough.keys()
            if game.peaks.get(k) != game.thorough.get(k)
        }
        assert not differ, f"seed {seed}: triggered vs thorough peaks {differ}"
        for k, v in game.peaks.items():
            top[k] = max(top.get(k, 0), v)
        ids |= game.ids
    return top, ids


def kit_ids(ruleset: Ruleset, content: Any) -> set[str]:
    """The cards and tokens of the printed kit, by id."""
    return {c.id for c in kit_components(ruleset, content) if c.kind in ("card", "token")}


def started(ruleset: Ruleset, game: Game, thorough: bool = False) -> KitMeter:
    """A meter started on ``game`` (a planted position), fed its setup events."""
    assert ruleset.kit_meter is not None
    meter = ruleset.kit_meter(game, thorough)
    meter.step(game.setup_events())
    return meter


def advance(game: Game, meters: Sequence[KitMeter], labels: Sequence[str]) -> None:
    """Answer the pending decisions with ``labels`` in turn, feeding each step to ``meters``."""
    for label in labels:
        decision = game.decision()
        assert decision is not None, label
        index = [o.label for o in decision.options].index(label)
        events = game.apply(index)
        for meter in meters:
            meter.step(events)
