"""The ability vocabulary rejects what it does not define, with a clear reason."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pnp.rulesets.thrones.effects import Ability, Effect, Passive


def _error(model: type, data: dict) -> str:
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return str(info.value)


def test_one_timing_only() -> None:
    assert "exactly one timing" in _error(
        Ability, {"action": "any", "response": "played", "effect": {"draw": 1}}
    )
    assert "exactly one timing" in _error(Ability, {"effect": {"draw": 1}})


def test_one_effect_key_only() -> None:
    assert "give exactly one effect word" in _error(Effect, {"draw": 1, "gain_gold": 1})
    assert "got draw and gain_gold" in _error(Effect, {"draw": 1, "gain_gold": 1})
    assert "got none" in _error(Effect, {})


def test_unknown_words_are_errors() -> None:
    assert "Extra inputs are not permitted" in _error(Effect, {"draww": 1})
    assert "Input should be" in _error(Ability, {"action": "dusk", "effect": {"draw": 1}})


def test_saves_and_cancels_need_their_triggers() -> None:
    assert "save" in _error(Ability, {"response": "challenge_won", "effect": {"save": True}})
    assert "cancel" in _error(Ability, {"action": "any", "effect": {"cancel": True}})
    assert "never forced" in _error(Ability, {"forced": "would_be_killed", "effect": {"draw": 1}})


def test_passive_shapes() -> None:
    assert "no 'effect'" in _error(Ability, {"passive": {"draw": 1}, "effect": {"draw": 1}})
    assert "at least one" in _error(Passive, {})
    assert "only strength" in _error(
        Ability, {"passive": {"keyword": "stealth"}, "if": {"attacking": True}}
    )
    assert "cannot filter on strength" in _error(
        Passive, {"affects": {"each": "character", "max_strength": 2}, "strength": 1}
    )


def test_passive_icons_and_keywords_need_a_filter_that_holds_all_phase() -> None:
    """TH-ACT-07: a filter on kneeling or a challenge part changes between strength
    reads; the referee re-reads only strength so, so icons and keywords are refused."""
    for part in ("kneeling", "attacking", "defending", "participating"):
        for grant in ({"icon": "power"}, {"keyword": "stealth"}, {"no_stand": True}):
            data = {"affects": {"each": "character", part: True}, **grant}
            assert "may change only strength" in _error(Passive, data), (part, grant)
    # strength under such a filter, and icons under a filter that holds all phase, are fine
    Passive.model_validate({"affects": {"each": "character", "kneeling": True}, "strength": 1})
    by_keyword = {"each": "character", "keyword": "stealth"}
    Passive.model_validate({"affects": by_keyword, "icon": "power"})


def test_limited_only_on_responses() -> None:
    assert "only a response" in _error(
        Ability, {"action": "any", "limited": True, "effect": {"draw": 1}}
    )


def test_effect_lists_and_nesting() -> None:
    a = Ability.model_validate(
        {"action": "challenges", "effect": [{"draw": 1}, {"on_win": [{"gain_gold": 1}]}]}
    )
    assert [e.kind for e in a.effects] == ["draw", "on_win"]
