"""The game the engine drives (:mod:`pnp.rulesets.ironthrone.game`): whole games through the
engine's runner with invariants after every step, replays, results, a bad option index, and
the events the seatings share.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
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
from pnp.rulesets.ironthrone import RULESET, setup


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


def test_shared_events_say_what_happened_in_each_seating(content: LoadedContent[Any]) -> None:
    """Events kept in the pool every seating shares name the right Houses and
    cards: a card drawn or placed is its seat's own, the cards revealed are the
    two just placed, power is placed on the seat's own characters, a hostage's
    House is its card's, and it is returned exactly when the taker owns it."""
    model = content.model
    house_of = {card.id: h.id for h in model.houses for card in h.deck}
    house_of.update({c.id: h.id for h in model.houses for c in model.characters_of(h.id)})
    limits = Limits.for_ruleset(RULESET, invariants=False)
    seatings, hostages, reveals, placings = set(), 0, 0, 0
    for seed in range(300):
        players = 3 + seed % 3
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * players, seed)
        config = GameConfig(players)
        run = run_game(RULESET, content, config, seed, choose, limits, observer=seen.extend)
        houses = run.factions
        seatings.add(houses)
        laid: list[str | None] = []  # the cards placed since the last reveal
        for e in seen:
            card = e.data.get("card")
            own_card = e.kind == "card_drawn" and card in house_of
            placed = e.kind == "card_played" and e.data.get("use") == "placed"
            if placed:
                laid.append(card)
            if own_card or (placed and card):
                assert house_of[card] == houses[e.seat], (seed, e)
            elif e.kind == "cards_revealed":
                reveals += 1
                assert sorted(map(str, laid)) == sorted(
                    str(e.data[side]) for side in ("challenger", "defender")
                ), (seed, e, laid)
                laid = []
            elif e.kind == "encounter_resolved" and e.data["outcome"] == "hostility":
                tc, td = e.data["challenger_total"], e.data["defender_total"]
                won = "challenger" if tc > td else "defender" if td > tc else "none"
                assert e.data["winner"] == won, (seed, e)
            elif e.kind == "power_placed":
                placings += 1
                assert {house_of[c] for c in e.data["characters"]} == {houses[e.seat]}, (seed, e)
            elif e.kind == "hostage_taken":
                hostages += 1
                assert e.data["house"] == house_of[card], (seed, e)
                assert e.data["victim"] in houses and e.data["victim"] != houses[e.seat]
                assert e.data["returned"] == (e.data["house"] == houses[e.seat]), (seed, e)
    assert len(seatings) > 30 and hostages > 100 and reveals > 1000 and placings > 1000


def nine_houses(root: Path) -> Path:
    """The shipped content with four more Houses (renamed copies of four of the
    five, with their events): catalog House numbers up to 8."""
    folder = root / "ironthrone"
    shutil.copytree(RULESET.content_dir(), folder)
    events = (folder / "events.yaml").read_text()
    for house in ("stark", "lannister", "baratheon", "tyrell"):
        copy = house + "x"
        text = (folder / "houses" / f"{house}.yaml").read_text()
        (folder / "houses" / f"{copy}.yaml").write_text(re.sub(rf"\b{house}\b", copy, text))
        events += "".join(
            f"\n  - {{id: event-{copy}-{n}, type: house, house: {copy}, name: Copy {n}}}"
            for n in range(3)
        )
    (folder / "events.yaml").write_text(events + "\n")
    return root


def test_shared_events_name_the_right_houses_with_many_houses(tmp_path: Path) -> None:
    """With nine Houses, the events kept in the pool under keys that pack a
    catalog House number still name the right Houses (a House number must not
    run into the field next to it)."""
    content = RULESET.load(nine_houses(tmp_path))
    assert len(content.model.houses) == 9
    house_of = {card.id: h.id for h in content.model.houses for card in h.deck}
    limits = Limits.for_ruleset(RULESET, invariants=False)
    checked = 0
    for seed in range(150):
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * 5, seed)
        run = run_game(RULESET, content, GameConfig(5), seed, choose, limits, observer=seen.extend)
        houses = run.factions
        for e in seen:
            if e.kind == "hostage_taken":
                assert e.data["house"] == house_of[e.data["card"]], (seed, e)
                assert e.data["victim"] in houses and e.data["victim"] != houses[e.seat]
                checked += 1
            elif e.kind == "influence_spread":
                assert e.data["to"] in houses and e.data["to"] != houses[e.seat], (seed, e)
                checked += 1
    assert checked > 1000


def test_pooled_events_are_the_ones_a_fresh_pool_makes(content: LoadedContent[Any]) -> None:
    """Every game's events, with the pools warm from the games before it, equal the
    events the same game makes with every table and pool built afresh: no two
    different events share a pool key."""
    limits = Limits.for_ruleset(RULESET, invariants=False)

    def events(seed: int, players: int) -> list[Any]:
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * players, seed)
        config = GameConfig(players)
        run_game(RULESET, content, config, seed, choose, limits, observer=seen.extend)
        return seen

    seeds = [(seed, 3 + seed % 3) for seed in range(200)]
    warm = [events(seed, players) for seed, players in seeds]  # one pool for all
    for (seed, players), seen in zip(seeds[::5], warm[::5], strict=True):
        setup._CATALOGS.clear()
        setup._TABLES.clear()
        assert events(seed, players) == seen, seed
