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
        # pnp validate's words: a guess for a typo, one line for a union's value
        ({"optons": {}}, ("setup", "optons"), "unknown field (did you mean 'options'?)"),
        (
            {"seat0": {"in_play": [{"card": "stark-eddard", "kneling": True}]}},
            ("setup", "seats", 0, "in_play", 0, "kneling"),
            "unknown field (did you mean 'kneeling'?)",
        ),
        (
            {"phase": "challenge"},
            ("setup", "phase"),
            "unknown value 'challenge' (known: setup, plot, draw, marshalling, challenges, "
            "dominance, standing, taxation) (did you mean 'challenges'?)",
        ),
        (
            {"seat0": {"in_play": [{"card": "stark-eddard", "duplicates": -1}]}},
            ("setup", "seats", 0, "in_play", 0, "duplicates"),
            "fits none of its forms: expected a list, got -1; or must be at least 0, got -1",
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


def test_a_fixture_cards_typo_gets_a_guess(content: LoadedContent) -> None:
    """Fixture cards are read with pnp validate's words, not pydantic's ("Extra inputs are
    not permitted"), and their union tags ('character') stay out of the path."""
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    card = {"id": "q-lord", "name": "Q", "type": "character", "cost": 1, "strenght": 2}
    setup = {"players": 2, "seats": [{"house": "stark"}, {"house": "lannister"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [card], 0)
    problems = info.value.problems
    assert (("cards", 0, "strenght"), "unknown field (did you mean 'strength'?)") in problems
    assert (("cards", 0, "strength"), "required field is missing") in problems


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


#: fixture cards for the impossible positions below
_IMPOSSIBLE_CARDS = [
    {"id": "t-knight", "type": "character", "name": "Knight", "cost": 1, "strength": 1},
    {"id": "t-lord", "type": "character", "name": "Lord", "unique": True, "cost": 2, "strength": 2},
    {"id": "t-page", "type": "character", "name": "Page", "cost": 1, "strength": 1},
    {"id": "t-blade", "type": "attachment", "name": "Blade", "cost": 1},
    {
        "id": "t-feast",
        "type": "event",
        "name": "Feast",
        "abilities": [{"action": "marshalling", "effect": {"draw": 1}}],
    },
]


@pytest.mark.parametrize(
    ("setup", "loc", "message"),
    [
        (
            {
                "seat0": {
                    "in_play": [
                        {"card": "t-knight", "attachments": [{"card": "t-blade", "owner": 5}]}
                    ]
                }
            },
            ("setup", "seats", 0, "in_play", 0, "attachments", 0, "owner"),
            "seat 5 does not exist (seats 0–1)",
        ),
        (
            {
                "seat0": {
                    "in_play": [
                        {"card": "t-knight", "attachments": [{"card": "t-blade", "controller": 2}]}
                    ]
                }
            },
            ("setup", "seats", 0, "in_play", 0, "attachments", 0, "controller"),
            "seat 2 does not exist (seats 0–1)",
        ),
        (
            {"seat0": {"in_play": [{"card": "t-knight", "owner": 3}]}},
            ("setup", "seats", 0, "in_play", 0, "owner"),
            "seat 3 does not exist (seats 0–1)",
        ),
        (
            {"seat0": {"in_play": [{"card": "t-knight", "attachments": ["t-page"]}]}},
            ("setup", "seats", 0, "in_play", 0, "attachments", 0, "card"),
            "'t-page' is a character, not an attachment",
        ),
        (
            {"seat0": {"in_play": ["t-feast"]}},
            ("setup", "seats", 0, "in_play", 0, "card"),
            "events are never in play",
        ),
        (
            {"seat0": {"in_play": ["t-lord", "t-knight", "t-lord"]}},
            ("setup", "seats", 0, "in_play", 2, "card"),
            "seat 0 already has unique 'Lord' in play",
        ),
        (
            {"seat0": {"in_play": ["t-lord"], "dead": ["t-lord"]}},
            ("setup", "seats", 0, "in_play", 0, "card"),
            "seat 0 has 'Lord' in its dead pile: a unique card killed stays out of play",
        ),
        (
            {"seat0": {"in_play": [{"card": "t-lord", "duplicates": ["t-page"]}]}},
            ("setup", "seats", 0, "in_play", 0, "duplicates", 0),
            "'t-page' is no copy of unique 't-lord'",
        ),
        (
            {"seat0": {"in_play": [{"card": "t-knight", "duplicates": 1}]}},
            ("setup", "seats", 0, "in_play", 0, "duplicates", 0),
            "only a unique card takes duplicates",
        ),
        ({"seat0": {"title": "hand-of-the-king"}}, ("setup", "seats", 0, "title"), "no titles"),
        ({"titles": ["hand-of-the-king"]}, ("setup", "titles"), "this game has no titles"),
        (
            {"players": 3, "titles": ["hand-of-the-king", "nope"]},
            ("setup", "titles", 1),
            "unknown title 'nope'",
        ),
        (
            {"players": 3, "titles": ["hand-of-the-king", "hand-of-the-king"]},
            ("setup", "titles", 1),
            "'hand-of-the-king' is in the pool twice",
        ),
        (
            {"players": 3, "titles": ["hand-of-the-king"], "seat0": {"title": "hand-of-the-king"}},
            ("setup", "seats", 0, "title"),
            "also in the pool",
        ),
        (
            {
                "players": 3,
                "seat0": {"title": "hand-of-the-king"},
                "seat1": {"title": "hand-of-the-king"},
            },
            ("setup", "seats", 1, "title"),
            "'hand-of-the-king' is held by seat 0 too",
        ),
    ],
)
def test_an_impossible_scenario_setup_is_located_not_played(
    content: LoadedContent, setup: dict, loc: tuple, message: str
) -> None:
    """Seat numbers beyond the table, an attachment that is no attachment, an event in
    play, a unique twice on one side, a duplicate of another card and titles in a game
    without them are refused at their field instead of crashing or playing on."""
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    players = setup.pop("players", 2)
    seats = [{"house": h} for h in ("stark", "lannister", "baratheon")[:players]]
    seats[0].update(setup.pop("seat0", {}))
    seats[1].update(setup.pop("seat1", {}))
    full = {"players": players, "seats": seats, **setup}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, full, _IMPOSSIBLE_CARDS, 0)
    assert any(got == loc and message in text for got, text in info.value.problems), (
        info.value.problems
    )
