"""Scenario positions (:mod:`pnp.rulesets.thrones.scenario`): the opening ``begin`` and located
problems of a bad ``setup:``."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET


def test_scenario_game_opens_with_begin_for_the_first_player(content: LoadedContent) -> None:
    """A scenario game first asks the first player a one-option ``begin``, so the
    events of the position (here the taxation) come after it; a new game has no
    such question."""
    assert RULESET.scenario_game is not None
    setup = {
        "players": 2,
        "phase": "taxation",
        "first_player": 1,
        "seats": [{"house": "stark", "gold": 3}, {"house": "lannister", "gold": 2}],
    }
    game = RULESET.scenario_game(content, setup, [], 0)
    opening = game.decision()
    assert opening is not None
    assert (opening.seat, opening.kind, opening.labels()) == (1, "scenario_start", ["begin"])
    assert game.setup_events() == []
    events = game.apply(0)
    returned = [(e.seat, e.data["amount"]) for e in events if e.kind == "gold_returned"]
    assert returned == [(0, 3), (1, 2)]
    fresh = RULESET.new_game(content, GameConfig(2), 0)
    assert fresh.decision() is not None and fresh.decision().kind != "scenario_start"


def test_bad_scenario_setup_names_the_field(content: LoadedContent) -> None:
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    setup = {"players": 2, "phase": "dusk", "seats": [{"house": "stark"}, {"house": "x"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    assert any(loc == ("setup", "phase") for loc, _ in info.value.problems)
    setup = {"players": 2, "seats": [{"house": "stark", "hand": ["nope"]}, {"house": "x"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    locs = [loc for loc, _ in info.value.problems]
    assert ("setup", "seats", 1, "house") in locs
    assert ("setup", "seats", 0, "hand", 0) in locs


@pytest.mark.parametrize(
    ("setup", "loc", "message"),
    [
        ({"players": "two"}, ("setup", "players"), "expected a whole number, got 'two'"),
        ({"round": "x"}, ("setup", "round"), "expected a whole number, got 'x'"),
        ({"first_player": 0.5}, ("setup", "first_player"), "expected a whole number"),
        ({"first_player": 7}, ("setup", "first_player"), "seat 7 does not exist (seats 0–1)"),
        ({"first_player": -1}, ("setup", "first_player"), "must be at least 0, got -1"),
        ({"round": 0}, ("setup", "round"), "must be at least 1, got 0"),
        ({"seat0": {"gold": -4}}, ("setup", "seats", 0, "gold"), "must be at least 0, got -4"),
        (
            {"seat0": {"in_play": [{"card": "stark-eddard", "power": -3}]}},
            ("setup", "seats", 0, "in_play", 0, "power"),
            "must be at least 0, got -3",
        ),
        ({"seats": 5}, ("setup", "seats"), "expected a list, got 5"),
        ({"seat0": {"gold": "lots"}}, ("setup", "seats", 0, "gold"), "got 'lots'"),
        ({"seat0": {"power": True}}, ("setup", "seats", 0, "power"), "expected a whole number"),
        ({"seat0": {"hand": 5}}, ("setup", "seats", 0, "hand"), "expected a list, got 5"),
        ({"seat0": {"in_play": [7]}}, ("setup", "seats", 0, "in_play", 0), "a card id"),
        (
            {"seat0": {"in_play": [{"card": "stark-eddard", "power": "2"}]}},
            ("setup", "seats", 0, "in_play", 0, "power"),
            "got '2'",
        ),
    ],
)
def test_a_scenario_setup_of_the_wrong_type_is_located_not_a_crash(
    content: LoadedContent, setup: dict, loc: tuple, message: str
) -> None:
    """A typo in a scenario's numbers or lists is the author's, not the ruleset's."""
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    seat0 = {"house": "stark", **setup.pop("seat0", {})}
    full = {"players": 2, "seats": [seat0, {"house": "lannister"}], **setup}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, full, [], 0)
    assert any(got == loc and message in text for got, text in info.value.problems), (
        info.value.problems
    )


def test_fixture_card_ids_are_their_own(content: LoadedContent) -> None:
    """A fixture that repeats another's id, or a content card's, would silently stand in
    for it."""
    from pnp.engine.errors import SetupError

    knight = {"id": "t-knight", "type": "character", "name": "Knight", "cost": 1, "strength": 1}
    setup = {"players": 2, "seats": [{"house": "stark"}, {"house": "lannister"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [knight, dict(knight)], 0)
    assert info.value.problems == [(("cards", 1, "id"), "'t-knight' is cards[0]'s id too")]
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [{**knight, "id": "stark-eddard"}], 0)
    assert info.value.problems == [
        (
            ("cards", 0, "id"),
            "'stark-eddard' is already a content card: give the fixture an id of its own",
        )
    ]
