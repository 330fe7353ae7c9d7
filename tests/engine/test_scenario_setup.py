"""The shared scenario ``setup:`` base: one model per ruleset, every problem located."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import AfterValidator, StrictInt

from pnp.engine.errors import SetupError
from pnp.engine.scenario_setup import (
    Problems,
    ScenarioSetup,
    SeatSetup,
    validate_fixture_cards,
    validate_setup,
)


def _even(n: int) -> int:
    if n % 2:
        raise ValueError(f"an even number of coins, not {n}")
    return n


class CoinSeat(SeatSetup):
    coins: Annotated[StrictInt, AfterValidator(_even)] = 0
    hand: list[str] = []


class CoinSetup(ScenarioSetup[CoinSeat]):
    round: StrictInt = 1


def problems_of(raw: Any) -> list[tuple[tuple[Any, ...], str]]:
    with pytest.raises(SetupError) as caught:
        validate_setup(CoinSetup, raw)
    return caught.value.problems


def test_a_good_setup_is_the_rulesets_model() -> None:
    spec = validate_setup(
        CoinSetup, {"seats": [{"house": "a", "deck": ["x", "y"]}, {"house": "b"}]}
    )
    assert spec.player_count == 2 and spec.seats[0].deck == ["x", "y"]
    assert spec.seats[1].deck is None and isinstance(spec.seats[1], CoinSeat)
    assert validate_setup(CoinSetup, {"players": 3, "seats": [{"house": "a"}]}).player_count == 3


def test_every_problem_is_located_in_the_authors_words() -> None:
    got = problems_of(
        {
            "round": "2",
            "colour": "red",
            "seats": [{"house": "a", "coins": 3, "hand": "x"}, {"coins": 2.5}],
        }
    )
    assert sorted(got) == sorted(
        [
            (("setup", "round"), "expected a whole number, got '2'"),
            (("setup", "colour"), "unknown field"),
            (("setup", "seats", 0, "coins"), "an even number of coins, not 3"),
            (("setup", "seats", 0, "hand"), "expected a list, got 'x'"),
            (("setup", "seats", 1, "house"), "required field is missing"),
            (("setup", "seats", 1, "coins"), "expected a whole number, got 2.5"),
        ]
    )


def test_no_seats_is_a_problem() -> None:
    assert problems_of({"seats": []})[0][0] == ("setup", "seats")


def test_problems_gather_then_raise_together() -> None:
    problems = Problems()
    problems.check()  # none yet: nothing raised
    problems.add(("seats", 0, "hand", 1), "unknown card 'x'")
    problems.add(("first_player",), "seat 5 does not exist")
    assert problems
    with pytest.raises(SetupError) as caught:
        problems.check()
    assert caught.value.problems == [
        (("setup", "seats", 0, "hand", 1), "unknown card 'x'"),
        (("setup", "first_player"), "seat 5 does not exist"),
    ]


def test_fixture_cards_are_located_by_their_index() -> None:
    with pytest.raises(SetupError) as caught:
        validate_fixture_cards(CoinSeat, [{"house": "a"}, {"house": "b", "coins": "many"}])
    assert caught.value.problems == [(("cards", 1, "coins"), "expected a whole number, got 'many'")]
