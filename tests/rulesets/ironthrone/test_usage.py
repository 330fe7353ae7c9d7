"""The Iron Throne kit meter: the pieces a game has in use at once, by the kit's ids."""

from __future__ import annotations

import pytest

from pnp.rulesets.ironthrone import RULESET
from tests.rulesets.kitmeter import check_games, kit_ids, started


def test_a_planted_position_gives_its_known_peaks(content) -> None:
    setup = {
        "start": "turn",
        "box": 3,
        "seats": [
            {
                "house": "stark",
                "leader": "stark-eddard",
                "characters": {
                    "stark-robb": 9,
                    "stark-arya": 0,
                    "stark-catelyn": 4,
                    "stark-bran": 2,
                },
                "sheet": 6,
            },
            {"house": "lannister", "leader": "lannister-tywin", "sheet": 4},
            {
                "house": "baratheon",
                "leader": "baratheon-stannis",
                "sheet": 1,
                "influence": {"stark": 2},
            },
        ],
    }
    game = RULESET.scenario_game(content, setup, [], 1)
    meter = started(RULESET, game)
    # Stark 15 on tokens + 6 on the sheet; Lannister and Baratheon 4 tokens of 4 each
    # (their default) + 4 and 1 on their sheets; 3 in the box
    assert meter.peaks["power"] == 15 + 6 + 16 + 4 + 16 + 1 + 3
    assert meter.peaks["influence-baratheon"] == 5  # two of them on Stark's board
    assert meter.peaks["stark-truce"] == 4 and meter.peaks["event-stark-raven"] == 1
    assert meter.peaks["leader-stark-robb"] == 1 and meter.peaks["token-stark-eddard"] == 1
    # an unseated House's pieces stay in the box
    for piece in ("tyrell-truce", "token-tyrell-mace", "event-tyrell-feast"):
        assert meter.peaks.get(piece, 0) == 0


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_triggers_miss_no_peak_and_every_piece_has_its_kit_id(content, players, agent) -> None:
    top, ids = check_games(RULESET, content, players, range(15), agent)
    printed = kit_ids(RULESET, content)
    assert {k for k, v in top.items() if v} <= printed
    assert printed <= ids
    # every House sets up 4 tokens of 4 power and a sheet of 4 (IT-SETUP-05)
    assert top["power"] == players * 20
