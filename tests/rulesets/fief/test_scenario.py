"""Scenario positions: set-up errors are located, fixture Nobles join one scenario only."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
import yaml

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief import scenario as scenario_module


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
    # a Noble whose Village is unknown is not placed: no "not in play" for his titles too
    assert ("setup", "nobles", "stark-eddard", "titles", 0) not in problems
    setup["nobles"] = {"stark-eddard": {"at": "winterfell", "titles": ["kingg"]}}
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(err.value.problems)
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


def _five(**extra: Any) -> dict[str, Any]:
    """A five-seat position with the Night's Watch (``extra`` adds or replaces keys)."""
    houses = ("stark", "lannister", "tully", "martell", "arryn")
    setup: dict[str, Any] = {
        "options": {"nights_watch": True},
        "seats": [{"house": h} for h in houses],
    }
    return {**setup, **extra}


def _three(**extra: Any) -> dict[str, Any]:
    """A three-seat position (``extra`` adds or replaces keys)."""
    return {"seats": [{"house": h} for h in ("stark", "lannister", "tully")], **extra}


@pytest.mark.parametrize(
    ("setup", "loc", "message"),
    [
        (
            _three(nobles={"stark-eddard": {"at": "winterfell", "captive_of": 1}}),
            ("setup", "nobles", "stark-eddard", "captive_of"),
            "give one of them",
        ),
        (
            _three(nobles={"stark-eddard": {"zone": "dead", "at": "winterfell"}}),
            ("setup", "nobles", "stark-eddard", "at"),
            "`at` is for a Noble on the board, not zone: dead",
        ),
        (
            _three(nobles={"stark-eddard": {"captive_of": 9}}),
            ("setup", "nobles", "stark-eddard", "captive_of"),
            "seat 9 does not exist (seats 0–2)",
        ),
        (
            _three(villages={"winterfell": {"controller": 7}}),
            ("setup", "villages", "winterfell", "controller"),
            "seat 7 does not exist (seats 0–2)",
        ),
        (
            _three(villages={"riverrun": {"entered": [[9, "the-twins"]]}}),
            ("setup", "villages", "riverrun", "entered", 0, 0),
            "seat 9 does not exist (seats 0–2)",
        ),
        (
            _three(new_game=True, first_player=9),
            ("setup", "first_player"),
            "seat 9 does not exist (seats 0–2)",
        ),
        (
            _three(phase="wall"),
            ("setup", "phase"),
            "the wall phase is played only with the option nights_watch: true",
        ),
        (
            _three(
                nobles={"stark-eddard": {"at": "winterfell"}},
                marriages=[["stark-eddard", "lannister-cersei"]],
            ),
            ("setup", "marriages", 0, 1),
            "'lannister-cersei' is in the Character deck",
        ),
        (
            _three(
                nobles={
                    "stark-eddard": {"at": "winterfell"},
                    "lannister-cersei": {"at": "casterly-rock"},
                    "tully-shella": {"at": "riverrun"},
                },
                marriages=[["stark-eddard", "lannister-cersei"], ["stark-eddard", "tully-shella"]],
            ),
            ("setup", "marriages", 1, 0),
            "'stark-eddard' is married to 'lannister-cersei' already",
        ),
        (
            _three(nobles={"stark-eddard": {"at": "winterfell", "titles": ["queen"]}}),
            ("setup", "nobles", "stark-eddard", "titles", 0),
            "'stark-eddard' is a Lord: the Queen is a Lady",
        ),
        (
            _three(
                nobles={
                    "stark-eddard": {"at": "winterfell", "titles": ["king"]},
                    "lannister-cersei": {"at": "casterly-rock", "titles": ["queen"]},
                }
            ),
            ("setup", "nobles", "lannister-cersei", "titles", 0),
            "the Queen is the King's wife",
        ),
        (
            _five(nobles={"stark-benjen": {"zone": "wall"}}),
            ("setup", "nobles", "stark-benjen", "titles"),
            "a Brother on the Wall holds the title 'brother-of-the-watch'",
        ),
        (
            _five(
                nobles={"stark-benjen": {"at": "winterfell", "titles": ["brother-of-the-watch"]}}
            ),
            ("setup", "nobles", "stark-benjen", "titles", 0),
            "only a Brother on the Wall (zone: wall) holds 'brother-of-the-watch'",
        ),
        (
            _five(nobles={"stark-sansa": {"zone": "wall", "titles": ["brother-of-the-watch"]}}),
            ("setup", "nobles", "stark-sansa", "zone"),
            "only a Lord takes the black",
        ),
        (
            _three(nobles={"stark-benjen": {"zone": "wall", "titles": ["brother-of-the-watch"]}}),
            ("setup", "nobles", "stark-benjen", "zone"),
            "only with the option nights_watch: true",
        ),
        (
            _five(
                nobles={
                    "stark-benjen": {"zone": "wall", "titles": ["brother-of-the-watch"]},
                    "lannister-cersei": {"at": "casterly-rock"},
                },
                marriages=[["stark-benjen", "lannister-cersei"]],
            ),
            ("setup", "marriages", 0, 0),
            "a Brother of the Night's Watch, who never marries",
        ),
    ],
)
def test_an_impossible_scenario_setup_is_located_not_played(
    content: LoadedContent, setup: dict[str, Any], loc: tuple[Any, ...], message: str
) -> None:
    """Contradictory or impossible positions are refused at their field, not silently
    changed (a dropped captivity, a skipped Wall phase) nor left to the invariants."""
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    assert any(got == loc and message in text for got, text in err.value.problems), (
        err.value.problems
    )


def test_two_brothers_of_one_house_are_too_many(content: LoadedContent) -> None:
    """A House sends at most ``brothers_per_house`` Brothers to the Wall."""
    limit = content.model.rules.nights_watch.brothers_per_house
    lords = ["stark-benjen", "stark-robb", "stark-eddard", "stark-jon"][: limit + 1]
    brother = {"zone": "wall", "titles": ["brother-of-the-watch"]}
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, _five(nobles=dict.fromkeys(lords, brother)), [], 0)
    assert (("setup", "nobles", lords[-1], "zone")) in [loc for loc, _ in err.value.problems]


def test_the_docstring_example_runs_as_written(content: LoadedContent) -> None:
    """The module docstring's ``setup:`` (which the fief scenario README points to)
    builds a sound position: no setup problem, no invariant broken, a battle to fight."""
    doc = scenario_module.__doc__ or ""
    block = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    setup = yaml.safe_load(textwrap.dedent(block))["setup"]
    game = RULESET.scenario_game(content, setup, [], 0)
    assert game.invariant_violations() == []
    game.apply(0)  # begin
    assert game.invariant_violations() == []
    decision = game.decision()
    assert decision is not None and decision.kind == "attack"


def test_a_player_count_the_game_lacks_is_refused(content: LoadedContent) -> None:
    """One or two seats passed, though fief is a game of 3 to 6 players (pnp rulesets)."""
    setup = {"seats": [{"house": "stark"}, {"house": "tully"}]}
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    assert (("setup", "seats"), "3–6 players, not 2") in err.value.problems
