"""Vocabularies: one entry per effect word makes the content model, the text and the rules."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import PositiveInt, ValidationError

from pnp.content.onekey import OneKeyModel
from pnp.content.vocabulary import Vocabulary, VocabularyError, Word
from pnp.rulesets import all_rulesets


class TinyWord(Word):
    def text(self, value: object) -> str:
        raise NotImplementedError


WORDS: Vocabulary[TinyWord] = Vocabulary("effect word")


@WORDS.add
class Glow(TinyWord):
    """The player gains light.

    A second paragraph that is not part of the field's description."""

    name = "glow"
    schema = PositiveInt

    def text(self, value: object) -> str:
        return f"gain {value} light"


@WORDS.add
class Snuff(TinyWord):
    """Only at dusk: every light goes out."""

    name = "snuff"
    schema = Literal[True]
    when = ("dusk",)

    def text(self, value: object) -> str:
        return "snuff every light"


@WORDS.model
class Effect(OneKeyModel):
    """One effect."""

    bonus: bool = False  # a modifier a word may carry: not a word


def test_the_model_has_one_optional_field_per_word_in_order() -> None:
    assert Effect.one_of == ("glow", "snuff") == WORDS.names
    assert list(Effect.model_fields)[-2:] == ["glow", "snuff"]
    assert Effect.__name__ == "Effect" and Effect.__doc__ == "One effect."
    assert Effect.model_fields["glow"].description == "The player gains light."


def test_a_word_value_is_checked_by_its_schema_and_found_by_its_entry() -> None:
    e = Effect.model_validate({"glow": 2, "bonus": True})
    assert (e.key, e.value, e.bonus) == ("glow", 2, True)
    assert WORDS[e.key].text(e.value) == "gain 2 light"
    with pytest.raises(ValidationError, match="greater than 0"):
        Effect.model_validate({"glow": 0})
    with pytest.raises(ValidationError, match=r"give exactly one effect word \(glow, snuff\)"):
        Effect.model_validate({"glow": 1, "snuff": True})
    with pytest.raises(ValidationError, match="Extra inputs"):
        Effect.model_validate({"glimmer": 1})


def test_when_a_word_fits() -> None:
    assert WORDS["glow"].fits("dawn") and WORDS["glow"].fits("dusk")
    assert WORDS["snuff"].fits("dusk") and not WORDS["snuff"].fits("dawn")


def test_a_word_declared_twice_or_after_the_model_is_refused() -> None:
    words: Vocabulary[TinyWord] = Vocabulary()
    words.add(Glow)
    with pytest.raises(VocabularyError, match="'glow' is declared twice"):
        words.add(Glow)
    words.model(type("Fx", (OneKeyModel,), {"__module__": __name__}))
    with pytest.raises(VocabularyError, match="added after the model"):
        words.add(Snuff)
    assert "glow" in words and "snuff" not in words and len(words) == 1


@pytest.mark.parametrize("ruleset", [r.name for r in all_rulesets()])
def test_every_ruleset_declares_its_effect_words_in_one_vocabulary(ruleset: str) -> None:
    """Each ruleset's effects.py holds WORDS; every word prints itself and resolves."""
    effects = __import__(f"pnp.rulesets.{ruleset}.effects", fromlist=["WORDS"])
    vocabularies = [v for v in vars(effects).values() if isinstance(v, Vocabulary)]
    assert vocabularies, f"{ruleset}/effects.py declares no Vocabulary"
    for words in vocabularies:
        for word in words:
            cls = type(word)
            assert cls.__doc__, f"{ruleset}: the word {word.name!r} has no description"
            assert "text" in vars(cls), f"{ruleset}: {word.name!r} does not print itself"
