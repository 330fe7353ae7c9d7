"""Printed card text is generated from the ability data."""

from __future__ import annotations

import re

from pnp.content import LoadedContent
from pnp.rulesets.thrones.effects import Ability
from pnp.rulesets.thrones.model import Character
from pnp.rulesets.thrones.text import ability_text, article, card_text


def test_every_card_has_text(content: LoadedContent) -> None:
    model = content.model
    houses = {h.id: h.name for h in model.houses}
    for card in [*model.cards, *model.plots, *model.agendas]:
        lines = card_text(card, houses)
        for ability in card.abilities:
            assert ability_text(ability, card.name, getattr(card, "type", "plot"), houses)
        for line in lines:
            assert line.strip() and "None" not in line and "{" not in line, (card.id, line)


def test_example_card_text() -> None:
    """The shape shown in EXAMPLES.md: a response from its data."""
    eddard = Character.model_validate(
        {
            "id": "stark-eddard",
            "name": "Eddard Stark",
            "type": "character",
            "house": "stark",
            "cost": 7,
            "strength": 5,
            "icons": ["military", "power"],
            "keywords": ["renown"],
            "abilities": [
                {
                    "response": "challenge_won",
                    "if": {"challenge": "power", "participating": True},
                    "effect": {"gain_power": {"target": "self", "amount": 1}},
                }
            ],
        }
    )
    assert card_text(eddard, {"stark": "Stark"}) == [
        "**Renown.**",
        "**Response:** After you win a [power] challenge in which Eddard Stark participates, "
        "Eddard Stark gains 1 power.",
    ]


def test_actions_costs_and_limits() -> None:
    a = Ability.model_validate(
        {
            "action": "challenges",
            "cost": {"kneel_self": True, "gold": 1},
            "limit": "round",
            "effect": {
                "strength": {
                    "target": {"choose": "character", "controller": "you", "attacking": True},
                    "amount": 2,
                    "until": "challenge",
                }
            },
        }
    )
    assert ability_text(a, "Rodrik", "character", {}) == (
        "**Challenges:** Kneel Rodrik and pay 1 [gold] to give an attacking character you "
        "control +2 STR until the end of the challenge. (Limit once per round.)"
    )


def test_articles() -> None:
    assert article("intrigue") == "an"
    assert article("[intrigue] challenge") == "an"
    assert article("unique character") == "a"
    assert article("power") == "a"


def test_an_intrigue_icon_takes_an() -> None:
    """Every phrase naming an icon takes the article the icon's word needs."""
    silks = Ability.model_validate({"passive": {"icon": "intrigue"}})
    assert ability_text(silks, "Dornish Silks", "attachment", {}) == (
        "The attached character gains an [intrigue] icon."
    )
    banner = Ability.model_validate({"passive": {"icon": "power"}})
    assert ability_text(banner, "Banner", "attachment", {}) == (
        "The attached character gains a [power] icon."
    )
    lasting = Ability.model_validate(
        {
            "action": "challenges",
            "effect": {
                "gain_icon": {
                    "target": {"choose": "character", "controller": "you"},
                    "icon": "intrigue",
                    "until": "phase",
                }
            },
        }
    )
    assert "gains an [intrigue] icon until the end of the phase" in ability_text(
        lasting, "X", "event", {}
    )


def test_shipped_text_never_puts_a_before_a_vowel_icon(content: LoadedContent) -> None:
    """No printed line reads 'a [intrigue]' (or 'an [power]')."""
    model = content.model
    houses = {h.id: h.name for h in model.houses}
    checked = 0
    for card in [*model.cards, *model.plots, *model.agendas]:
        for line in card_text(card, houses):
            for art, icon in re.findall(r"\b(a|an) \[([a-z_-]+)\]", line):
                assert art == article(icon), (card.id, line)
                checked += 1
    assert checked > 20
