"""Printed rules texts (pronouns on a Lady's card, troop names on cards) and the four
vocabularies: every word is read or resolved by some rule."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from pnp.content import LoadedContent
from pnp.rulesets.fief import effects as fief_effects
from pnp.rulesets.fief.catalog import NobleCard, catalog_for
from pnp.rulesets.fief.effects import (
    ATTRIBUTES,
    COURT_EVENTS,
    FORTUNES,
    HOUSE_ABILITIES,
    AttributeEffect,
    CourtEffect,
    Disaster,
    HouseAbility,
    card_word,
    describe,
    for_sex,
)
from pnp.rulesets.fief.rules.round import ROUND
from tests.rulesets.fief.variants import SCENARIOS, edit, run_edited, run_scenario

REFEREE_FILES = ("state.py", "setup.py", "catalog.py", "effects.py")


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


# --- the vocabularies: every word is read or resolved by a rule ------------------

FIEF = Path(fief_effects.__file__).parent
#: the referee's modules: the rules, the state, the deal and the catalog, and the
#: card words' own resolution in effects.py
REFEREE = [*sorted((FIEF / "rules").glob("*.py")), *(FIEF / f for f in REFEREE_FILES)]


def _source(paths: list[Path]) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


@pytest.mark.parametrize("word", ATTRIBUTES.names)
def test_every_attribute_word_is_a_noble_card_field_a_rule_reads(word: str) -> None:
    """A Noble attribute works by being read: folded into the NobleCard, read as
    ``<noble>.card.<word>`` by some rule (so a word with no rule cannot be added)."""
    assert word in {f.name for f in fields(NobleCard)}, f"NobleCard has no field {word}"
    assert re.search(rf"\.card\.{word}\b", _source(REFEREE)), f"no rule reads .card.{word}"


@pytest.mark.parametrize("word", HOUSE_ABILITIES.names)
def test_every_house_word_is_read_by_a_rule(word: str) -> None:
    """A House ability works by being read with ``ability(seat or house, "<word>")``."""
    pattern = rf'ability\([^()]*,\s*"{word}"\)'
    assert re.search(pattern, _source(REFEREE)), f'no rule reads ability(..., "{word}")'


@pytest.mark.parametrize("word", [*FORTUNES.names, *COURT_EVENTS.names])
def test_every_card_word_is_resolved_or_read_by_a_rule(word: str) -> None:
    """A card played in the card round resolves through its entry (targets and
    resolve); any other (Ambush, Secret Passage, the disasters) is read by name
    where it applies."""
    entry = card_word(word)
    own = vars(type(entry))
    if "cards" in entry.when and not isinstance(entry, Disaster):
        assert "targets" in own and "resolve" in own, f"{word} is played but does not resolve"
    else:
        others = [p for p in REFEREE if p.name != "effects.py"]
        assert f'"{word}"' in _source(others), f"no rule reads the card word {word}"


def test_every_timing_is_a_phase_of_the_round_or_the_setup() -> None:
    """``when`` names phases as the round does (rules/round.py), so a typo cannot hide."""
    phases = {*ROUND, "setup"}
    for words in (ATTRIBUTES, HOUSE_ABILITIES, FORTUNES, COURT_EVENTS):
        for entry in words:
            assert set(entry.when) <= phases, f"{entry.name}: {entry.when}"


def test_the_card_round_plays_each_card_through_its_words_entry(content: LoadedContent) -> None:
    """The catalog maps each card to the entry the card round dispatches through."""
    cat = catalog_for(content.model)
    for card, (_back, word, _value) in cat.cards.items():
        entry = cat.card_words[card]
        assert entry is (FORTUNES[word] if word in FORTUNES else COURT_EVENTS[word])


def test_describe_prints_an_effect_from_its_entry() -> None:
    effect = HouseAbility.model_validate({"income_bonus": 2})
    assert effect.entry() is HOUSE_ABILITIES["income_bonus"]
    assert describe(effect) == "Collects 2 extra Gold Dragons in each Income phase."
    noble = AttributeEffect.model_validate({"income_bonus": 2})
    assert describe(noble) == "Brings 2 Gold Dragons more in each Income phase."


# --- House abilities honour the content's parameters, not only the shipped values.


def _cancel_death_per_round(content_copy: Path) -> None:
    edit(content_copy / "houses.yaml", "cancel_death: {per: game}", "cancel_death: {per: round}")


def test_cancel_death_per_round_comes_back_next_round(content_copy: Path, tmp_path: Path) -> None:
    """FF-HOUSE-03 with ``per: round``: used in an earlier round, the power is offered again."""
    _cancel_death_per_round(content_copy)
    text = (SCENARIOS / "baratheon-cancels-once-per-game.yaml").read_text()
    script = text.index("script:")
    text = text[:script] + (
        "script:\n"
        "  - {choose: begin}\n"
        '  - {seat: 0, choose: "play assassination"}\n'
        '  - {seat: 0, choose: "assassinate baratheon-renly"}\n'
        '  - {seat: 1, choose: "cancel death of baratheon-renly"}\n'
        "expect:\n"
        "  events:\n"
        "    - {kind: death_cancelled, seat: 1, noble: baratheon-renly}\n"
        "  absent:\n"
        "    - {kind: noble_killed}\n"
        "  state:\n"
        "    seats[1].used.cancel_death: 3\n"
    )
    run_scenario(content_copy, text, tmp_path)


def test_cancel_death_per_round_only_once_a_round(content_copy: Path, tmp_path: Path) -> None:
    """FF-HOUSE-03 with ``per: round``: the second death of the same round is not cancelled."""
    _cancel_death_per_round(content_copy)
    run_edited(content_copy, "baratheon-cancels-a-death.yaml", {}, tmp_path)


def test_no_home_without_the_coast_picks_any_free_fief(content_copy: Path, tmp_path: Path) -> None:
    """FF-SETUP-12: ``home: null`` alone lets a House start in any Fief nobody holds, in turn
    order, as its board says; only ``start_anywhere_coastal`` makes it last and coastal."""
    edit(content_copy / "houses.yaml", "      - start_anywhere_coastal: true\n", "")
    text = (SCENARIOS / "setup-new-game.yaml").read_text()
    script = text.index("script:")
    text = text[:script] + (
        "script:\n"
        "  - {choose: begin}\n"
        "  - expect:\n"
        "      decision:\n"
        "        seat: 3\n"
        "        kind: start_village\n"
        '        includes: ["start at highgarden", "start at winterfell", "start at lannisport"]\n'
        '  - {seat: 3, choose: "start at highgarden"}\n'
        '  - {seat: 0, choose: "start at winterfell"}\n'
        '  - {seat: 1, choose: "start at storms-end"}\n'
        '  - {seat: 2, choose: "start at riverrun"}\n'
        "expect:\n"
        "  state:\n"
        "    seats[3].home: reach\n"
        "    nobles.targaryen-daenerys.at: highgarden\n"
    )
    run_scenario(content_copy, text, tmp_path)
