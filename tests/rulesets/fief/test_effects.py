"""Printed rules texts: pronouns on a Lady's card, troop names on cards."""

from __future__ import annotations

import pytest

from pnp.rulesets.fief.effects import CourtEffect, describe, for_sex


def test_a_lady_card_reads_she_and_her() -> None:
    lord = "An Uprising may be aimed at this Noble alone: it kills only him and spares his Village."
    lady = for_sex(lord, "lady")
    assert lady == (
        "An Uprising may be aimed at this Noble alone: it kills only her and spares her Village."
    )
    assert for_sex("His side rolls 1 extra die. He sails himself.", "lady") == (
        "Her side rolls 1 extra die. She sails herself."
    )


def test_a_lord_card_and_words_containing_pronouns_are_untouched() -> None:
    text = "He takes his shield; the Hedge Knight swears to him. Theon, this, hehe."
    assert for_sex(text, "lord") == text
    assert for_sex("Theon, this, hehe, whether.", "lady") == "Theon, this, hehe, whether."


@pytest.mark.parametrize(
    ("unit", "count", "words"),
    [
        ("knight", 1, "place 1 Knight from"),
        ("knight", 2, "place 2 Knights from"),
        ("man-at-arms", 1, "place 1 Man-at-Arms from"),
        ("man-at-arms", 3, "place 3 Men-at-Arms from"),
        ("siege-engine", 2, "place 2 Siege Engines from"),
        ("unsullied", 2, "place 2 Unsullied from"),
    ],
)
def test_free_troops_name_the_unit_as_printed(unit: str, count: int, words: str) -> None:
    effect = CourtEffect.model_validate({"free_troops": {"unit": unit, "count": count}})
    assert words in describe(effect)
