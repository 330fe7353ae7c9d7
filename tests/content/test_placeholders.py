"""``{rules.…}`` placeholders in printed texts (:mod:`pnp.content.placeholders`)."""

from __future__ import annotations

import pytest

from pnp.content import ContentModel
from pnp.content.placeholders import (
    PlaceholderError,
    fill_placeholders,
    number_paths,
    placeholder_problems,
)


class _Truce(ContentModel):
    power: int = 3


class _Rules(ContentModel):
    hand_size: int = 5
    bids: list[int] = [4, 5, 6]
    truce: _Truce = _Truce()
    title: str = "not a number"


class _Content(ContentModel):
    rules: _Rules = _Rules()


def test_numbers_and_lists_are_filled_in() -> None:
    text = "Draw up to {rules.hand_size}; bid {rules.bids}; move {rules.truce.power}."
    assert fill_placeholders(text, _Content(), "x") == "Draw up to 5; bid 4, 5 or 6; move 3."


def test_only_numbers_of_the_rules_are_paths() -> None:
    assert sorted(number_paths(_Content())) == [
        "rules.bids",
        "rules.hand_size",
        "rules.truce.power",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{rules.hand_sise}",
            "{rules.hand_sise} names no number of the rules (did you mean {rules.hand_size}?)",
        ),
        ("{rules.title}", "{rules.title} names no number of the rules"),
        ("{ rules.hand_size }", "{ rules.hand_size } is no placeholder"),
    ],
)
def test_a_placeholder_naming_no_number_is_a_located_problem(text: str, message: str) -> None:
    problems = list(placeholder_problems(_Content(), text, ("decisions", 0, "text")))
    assert problems and problems[0][0] == ("decisions", 0, "text")
    assert problems[0][1].startswith(message), problems


def test_filling_an_unknown_path_names_where() -> None:
    with pytest.raises(PlaceholderError, match=r"^decisions 'x': no value \{rules.nope\}"):
        fill_placeholders("{rules.nope}", _Content(), "decisions 'x'")


def test_braces_the_text_means_to_print_are_left_alone() -> None:
    """A ruling '{military, intrigue, power}' was refused: there was no way to print a brace."""
    text = "A character with all three icons {military, intrigue, power}; {one House each}."
    assert list(placeholder_problems(_Content(), text, ("rulings", 0, "text"))) == []
    assert fill_placeholders(text, _Content(), "x") == text
    looks_meant = list(placeholder_problems(_Content(), "{hand_size} and {Rules.x}", ()))
    assert len(looks_meant) == 2
