"""The thrones kit meter: the pieces a game has in use at once, by the kit's ids."""

from __future__ import annotations

import pytest

from pnp.rulesets.thrones import RULESET
from tests.rulesets.kitmeter import advance, check_games, kit_ids, started

GUARD = {"id": "t-guard", "name": "Guard", "type": "character", "cost": 1, "strength": 1}
PLOT = {"income": 3, "initiative": 1, "claim": 1}


def planted(content):
    """Dominance of round 1: Stark with 4 gold, 7 House power and a Guard holding 3,
    Lannister with 2 gold and 5 power; four Guards in all."""
    setup = {
        "players": 2,
        "first_player": 0,
        "phase": "dominance",
        "seats": [
            {
                "house": "stark",
                "plot": PLOT,
                "plot_deck": [PLOT],
                "gold": 4,
                "power": 7,
                "in_play": [{"card": "t-guard", "power": 3}],
                "deck": ["t-guard", "t-guard"],
            },
            {
                "house": "lannister",
                "plot": PLOT,
                "plot_deck": [PLOT],
                "gold": 2,
                "power": 5,
                "deck": ["t-guard"],
            },
        ],
    }
    return RULESET.scenario_game(content, setup, [{**GUARD, "icons": ["military"]}], 1)


def test_a_planted_position_gives_its_known_peaks(content) -> None:
    game = planted(content)
    meter = started(RULESET, game)
    assert meter.peaks["gold"] == 6 and meter.peaks["power"] == 15
    assert meter.peaks["t-guard"] == 4  # in play, in decks, both seats
    for piece in ("house-stark", "house-lannister", "banner-stark", "first-player"):
        assert meter.peaks[piece] == 1
    assert "title-hand-of-the-king" not in meter.peaks  # no titles in a two-player game
    thorough = started(RULESET, game, thorough=True)
    # dominance (Stark 4 gold + a standing Guard beats 2): +1 power; taxation: gold back
    advance(game, [meter, thorough], ["begin"])
    assert [s.gold for s in game.seats] == [0, 0]
    assert meter.peaks["gold"] == 6  # the peak outlives the gold
    assert meter.peaks["power"] == 16
    assert meter.finish() == thorough.finish()


@pytest.mark.parametrize(
    ("players", "agent", "options"),
    [
        (2, "random", {}),
        (2, "heuristic", {"draft": True}),
        (3, "heuristic", {"littlefinger": True}),
        (4, "heuristic", {}),
        (4, "random", {"two_on_two": True}),
    ],
)
def test_triggers_miss_no_peak_and_every_piece_has_its_kit_id(
    content, players, agent, options
) -> None:
    top, ids = check_games(RULESET, content, players, range(12), agent, options)
    printed = kit_ids(RULESET, content)
    assert {k for k, v in top.items() if v} <= printed  # nothing the kit lacks
    assert top["gold"] > 0 and top["power"] > 0
    if players == 2:
        assert top.get("banner-stark") or top.get("banner-lannister")
    # House cards and banners are known by seated Houses: every other piece always
    houses = {i for i in printed if i.startswith(("house-", "banner-"))}
    assert printed - houses <= ids


def test_every_house_piece_is_named_by_some_game(content) -> None:
    ids: set[str] = set()
    for seed in range(8):
        ids |= check_games(RULESET, content, 4, range(seed, seed + 1), "random")[1]
    assert kit_ids(RULESET, content) <= ids
