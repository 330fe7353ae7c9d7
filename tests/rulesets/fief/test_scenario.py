"""Scenario positions: set-up errors are located, fixture Nobles join one scenario only."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.rulesets.fief import RULESET


def test_scenario_setup_errors_are_located(content: LoadedContent) -> None:
    setup = {
        "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "tully"}],
        "nobles": {"stark-eddard": {"at": "winterfel", "titles": ["kingg"]}},
        "troops": {"winterfell": {0: {"knight": 9}}},
    }
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    assert (("setup", "seats", 2, "house"), "House 'tully' is played twice") in err.value.problems
    setup["seats"][2] = {"house": "martell"}
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(err.value.problems)
    assert problems[("setup", "nobles", "stark-eddard", "at")] == "unknown Village 'winterfel'"
    assert problems[("setup", "nobles", "stark-eddard", "titles", 0)] == "unknown title 'kingg'"
    assert (
        problems[("setup", "troops", "winterfell", 0, "knight")]
        == "House stock holds only 8 knight"
    )


def test_scenario_fixture_nobles(content: LoadedContent) -> None:
    """Fixture Nobles from a scenario's cards join the game for that scenario only."""
    cards = [
        {
            "id": "test-ugly-lord",
            "name": "Test",
            "house": "stark",
            "sex": "lord",
            "attributes": ["ugly"],
        }
    ]
    setup = {
        "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "martell"}],
        "nobles": {"test-ugly-lord": {"at": "winterfell"}},
    }
    game = RULESET.scenario_game(content, setup, cards, 0)
    assert game.s.nobles["test-ugly-lord"].card.marriage_fee == 2
    assert game.invariant_violations() == []
    with pytest.raises(SetupError, match="unknown attribute"):
        RULESET.scenario_game(content, setup, [{**cards[0], "attributes": ["uggly"]}], 0)
