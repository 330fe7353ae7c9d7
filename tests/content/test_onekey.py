"""One-key mappings: exactly one word given, and which."""

from __future__ import annotations

from typing import ClassVar

import pytest
from pydantic import ValidationError

from pnp.content.onekey import OneKeyModel
from pnp.content.words import plural


class Effect(OneKeyModel):
    one_of: ClassVar[tuple[str, ...]] = ("draw", "kill")
    one_key_noun: ClassVar[str] = "effect word"

    draw: int | None = None
    kill: str | None = None
    up_to: bool = False  # a modifier, not a word


def test_one_word_is_found_with_its_value() -> None:
    e = Effect(draw=2, up_to=True)
    assert (e.key, e.value) == ("draw", 2)


def test_none_or_two_words_are_errors_naming_the_words() -> None:
    with pytest.raises(
        ValidationError, match=r"give exactly one effect word \(draw, kill\); got none"
    ):
        Effect()
    with pytest.raises(ValidationError, match="got draw and kill"):
        Effect(draw=1, kill="x")


def test_every_field_counts_by_default() -> None:
    class Condition(OneKeyModel):
        rich: bool | None = None
        poor: bool | None = None

    assert Condition(poor=True).key == "poor"
    with pytest.raises(ValidationError, match=r"exactly one key \(rich, poor\)"):
        Condition(rich=True, poor=False)


def test_plural() -> None:
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(3, "Man-at-Arms", "Men-at-Arms") == "3 Men-at-Arms"
