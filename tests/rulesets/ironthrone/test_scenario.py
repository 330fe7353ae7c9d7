"""Scenario positions (:mod:`pnp.rulesets.ironthrone.scenario`): the opening ``begin`` and
located problems of a bad ``setup:`` or fixture card.
"""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.rulesets.ironthrone import RULESET
from tests.rulesets.ironthrone.conftest import start


def test_scenario_game_opens_with_begin_for_the_first_player(
    content: LoadedContent[Any],
) -> None:
    """A scenario game first asks the first player a one-option ``begin``, so the
    events of the position (here the turn start and the preparation) come after it;
    a new game has no such question."""
    seats = [{"house": h, "leader": f"{h}-x"} for h in ("stark", "lannister", "baratheon")]
    cards = [
        {"id": f"{h}-x", "type": "leader", "house": h, "name": "X"}
        for h in ("stark", "lannister", "baratheon")
    ]
    setup = {"first_player": 2, "event_deck": ["event-lannister-gold"], "seats": seats}
    game = RULESET.scenario_game(content, setup, cards, 0)
    opening = game.decision()
    assert opening is not None
    assert (opening.seat, opening.kind, opening.labels()) == (2, "scenario_start", ["begin"])
    assert game.setup_events() == []
    events = game.apply(0)
    assert [e.kind for e in events][:2] == ["turn_started", "card_drawn"]
    assert events[0].seat == 2
    assert game.decision() is not None and game.decision().kind != "scenario_start"
    fresh = start(content, 3, 0)
    assert fresh.decision() is not None and fresh.decision().kind == "choose_leader"


def test_scenario_setup_errors_are_located(content: LoadedContent[Any]) -> None:
    setup = {
        "start": "encounter",
        "defender": 1,
        "seats": [
            {"house": "stark", "leader": "stark-eddard", "hand": ["stark-hostility-9"]},
            {"house": "lannister", "leader": "lannister-tywin", "hand": ["stark-truce"]},
            {"house": "baratheon", "leader": "baratheon-davos"},
        ],
    }
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(info.value.problems)
    assert problems[("setup", "seats", 0, "hand", 0)] == "unknown card 'stark-hostility-9'"
    assert problems[("setup", "seats", 1, "hand", 0)] == "'stark-truce' is a card of 'stark'"
    setup["seats"][2] = {"house": "stark"}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    assert (("setup", "seats", 2, "house"), "House 'stark' is taken twice") in info.value.problems

    # the challenger named as defender was told "needs a defender", though one was given
    setup["seats"][2] = {"house": "baratheon", "leader": "baratheon-davos"}
    setup["seats"][0]["hand"] = []
    setup["seats"][1]["hand"] = []
    setup["defender"] = 0
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    assert (
        ("setup", "defender"),
        "seat 0 cannot defend: the defender is a seat of 0–2 other than the challenger (seat 0)",
    ) in info.value.problems


def test_scenario_fixture_cards_are_validated(content: LoadedContent[Any]) -> None:
    setup = {"seats": [{"house": h, "leader": "x"} for h in ("stark", "lannister", "baratheon")]}
    cards = [{"id": "x", "type": "leader", "house": "stark", "name": "X", "leadr": {}}]
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, cards, 0)
    assert (("cards", 0, "leadr"), "unknown field (did you mean 'leader'?)") in info.value.problems


def test_scenario_power_beyond_the_markers(content: LoadedContent[Any]) -> None:
    seats = [
        {"house": h, "leader": f"{h}-x", "sheet": 40} for h in ("stark", "lannister", "tyrell")
    ]
    cards = [
        {"id": f"{h}-x", "type": "leader", "house": h, "name": "X"}
        for h in ("stark", "lannister", "tyrell")
    ]
    with pytest.raises(SetupError, match="uses 168 power markers; the game has 100"):
        RULESET.scenario_game(content, {"seats": seats}, cards, 0)


def test_a_wrong_leader_is_reported_at_the_leader_field(content: LoadedContent[Any]) -> None:
    setup = {
        "seats": [
            {"house": "stark", "leader": "stark-edard"},
            {"house": "lannister", "leader": "stark-eddard"},
            {"house": "baratheon", "leader": "baratheon-davos", "leader_offers": ["nobody"]},
        ]
    }
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(info.value.problems)
    assert problems[("setup", "seats", 0, "leader")] == "unknown character 'stark-edard'"
    assert problems[("setup", "seats", 1, "leader")] == "'stark-eddard' belongs to House 'stark'"
    assert problems[("setup", "seats", 2, "leader_offers", 0)] == "unknown character 'nobody'"


def test_a_fixture_may_not_take_a_content_cards_id(content: LoadedContent[Any]) -> None:
    setup = {"seats": [{"house": h, "leader": "x"} for h in ("stark", "lannister", "baratheon")]}
    leader = {"id": "stark-eddard", "type": "leader", "house": "stark", "name": "X"}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [leader], 0)
    assert (
        ("cards", 0, "id"),
        "'stark-eddard' is already a content card: give the fixture an id of its own",
    ) in info.value.problems


def test_the_leader_is_no_token_of_characters(content: LoadedContent[Any]) -> None:
    """Naming the leader among ``characters`` was dropped silently: his power is the sheet's."""
    setup = {
        "seats": [
            {
                "house": "stark",
                "leader": "stark-eddard",
                "characters": {"stark-eddard": 4, "stark-robb": 4},
            },
            {"house": "lannister", "leader": "lannister-tywin"},
            {"house": "baratheon", "leader": "baratheon-stannis"},
        ]
    }
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(info.value.problems)
    assert (
        "leave it out of characters"
        in problems[("setup", "seats", 0, "characters", "stark-eddard")]
    )


def test_a_card_is_placed_no_more_often_than_its_deck_holds_it(
    content: LoadedContent[Any],
) -> None:
    """A content card is placed at most its ``copies`` times, across every seat's zones;
    a fixture card, which has no printed deck, as often as the scenario lists it."""
    seats: list[dict[str, Any]] = [
        {
            "house": "stark",
            "leader": "stark-eddard",
            "hand": ["stark-hostility-5", "stark-hostility-5"],
            "deck": ["stark-hostility-1"],
        },
        {"house": "lannister", "leader": "lannister-tywin", "hostages": ["stark-hostility-5"]},
        {"house": "baratheon", "leader": "baratheon-stannis"},
    ]
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, {"seats": seats}, [], 0)
    assert info.value.problems == [
        (
            ("setup", "seats", 0, "hand", 1),
            "'stark-hostility-5' is placed 2 times, but the deck of House 'stark' holds 1 copy",
        ),
        (
            ("setup", "seats", 1, "hostages", 0),
            "'stark-hostility-5' is placed 3 times, but the deck of House 'stark' holds 1 copy",
        ),
    ]
    seats[0]["hand"] = ["stark-hostility-5", "test-twice", "test-twice"]
    seats[1]["hostages"] = []
    twice = {"id": "test-twice", "type": "hostility", "house": "stark", "value": 3}
    RULESET.scenario_game(content, {"seats": seats}, [twice], 0)


def test_an_event_is_listed_no_more_often_than_printed(content: LoadedContent[Any]) -> None:
    """The event deck and discard hold each content event at most ``copies`` times."""
    seats = [
        {"house": "stark", "leader": "stark-eddard"},
        {"house": "lannister", "leader": "lannister-tywin"},
        {"house": "baratheon", "leader": "baratheon-stannis"},
    ]
    setup = {
        "seats": seats,
        "event_deck": ["event-stark-raven"],
        "event_discard": ["event-stark-raven"],
    }
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    assert info.value.problems == [
        (
            ("setup", "event_discard", 0),
            "'event-stark-raven' is listed 2 times, but the game has 1 copy",
        )
    ]


def test_problems_that_need_nothing_built_come_in_the_first_run(
    content: LoadedContent[Any],
) -> None:
    """A designer needed six runs to see every problem of one setup: the seat numbers and
    the missing leaders were checked only once the cards were placed."""
    setup = {
        "start": "encounter",
        "defender": 7,
        "seats": [
            {"house": "stark", "leader": "stark-eddard"},
            {"house": "stark"},
            {"house": "baratheon"},
        ],
    }
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(info.value.problems)
    assert problems[("setup", "seats", 1, "house")] == "House 'stark' is taken twice"
    assert problems[("setup", "defender")] == "seat 7 does not exist (seats 0–2)"
    assert problems[("setup", "seats", 2, "leader")] == "required unless starting at leaders"
