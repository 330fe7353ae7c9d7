"""The fief content: shipped data is valid, and broken data gets located errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import ContentError, LoadedContent, load_content
from pnp.rulesets.fief.catalog import build_catalog
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.model import FiefContent, stock
from tests.rulesets.fief.variants import edit

runner = CliRunner()


def _problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as err:
        load_content(FiefContent, folder)
    return err.value.lines()


def test_shipped_content_counts(content: LoadedContent) -> None:
    """FF-COMP-01, FF-COMP-02: 72 Nobles, 8 per House, plus 3 Bannermen and 2 Heirs."""
    model = content.model
    assert len([n for n in model.nobles if n.kind == "noble"]) == 72
    assert len([n for n in model.nobles if n.kind == "bannerman"]) == 3
    assert len([n for n in model.nobles if n.kind == "heir"]) == 2
    assert sum(c.copies for c in model.court) == 22
    assert sum(c.copies for c in model.disaster_copies) == 8
    assert len(model.fiefs) == 8 and len(model.regions) == 5


def test_pnp_validate_fief_passes() -> None:
    result = runner.invoke(app, ["validate", "fief"])
    assert result.exit_code == 0, result.output
    assert "fief: " in result.output and "is valid" in result.output


def test_road_to_a_missing_village(content_copy: Path) -> None:
    edit(
        content_copy / "map.yaml",
        "- {a: deepwood-motte, b: winterfell}",
        "- {a: deepwood-motte, b: winterfel}",
    )
    lines = _problems(content_copy)
    assert any(
        re.search(
            r"map\.yaml:\d+:\d+: roads\[0\]\.b: unknown villages id 'winterfel' "
            r"\(did you mean 'winterfell'\?\)",
            line,
        )
        for line in lines
    ), lines


def test_road_to_a_missing_village_via_cli(content_copy: Path) -> None:
    edit(
        content_copy / "map.yaml",
        "- {a: last-hearth, b: winterfell}",
        "- {a: last-hearth, b: nowhere}",
    )
    result = runner.invoke(app, ["validate", "fief", "--content", str(content_copy)])
    assert result.exit_code == 2
    assert "roads[1].b: unknown villages id 'nowhere'" in result.output
    assert "Traceback" not in result.output


def test_house_with_the_wrong_number_of_nobles(content_copy: Path) -> None:
    edit(
        content_copy / "nobles" / "stark.yaml",
        "sex: lady, attributes: [warrior]",
        "sex: lord, attributes: [warrior]",
    )
    lines = _problems(content_copy)
    assert any(
        "houses.yaml" in line
        and "houses[5].nobles: House 'stark' has 6 Lords and 2 Ladies; "
        "it must have 5 Lords and 3 Ladies"
        in line
        for line in lines
    ), lines


def test_missing_noble_changes_the_total(content_copy: Path) -> None:
    path = content_copy / "nobles" / "tyrell.yaml"
    lines = [line for line in path.read_text().splitlines() if "tyrell-alerie" not in line]
    path.write_text("\n".join(lines) + "\n")
    problems = _problems(content_copy)
    assert any("House 'tyrell' has 5 Lords and 2 Ladies" in p for p in problems), problems
    total = [p for p in problems if "72 House Nobles, got 71" in p]
    # told where the Nobles are written: at the last Noble of the House that lacks one
    assert len(total) == 1 and "(House 'tyrell' has 7; each House has 8)" in total[0], problems
    assert "nobles/tyrell.yaml:" in total[0], total


def test_unknown_effect_word_is_located(content_copy: Path) -> None:
    edit(
        content_copy / "attributes.yaml",
        "effects: [{strength_bonus: 1}]",
        "effects: [{strenght_bonus: 1}]",
    )
    lines = _problems(content_copy)
    assert any(
        "attributes.yaml" in line
        and "strenght_bonus: unknown field (did you mean 'strength_bonus'?)" in line
        for line in lines
    ), lines


def test_two_effect_words_in_one_mapping(content_copy: Path) -> None:
    edit(
        content_copy / "attributes.yaml",
        "effects: [{income_bonus: 1}]",
        "effects: [{income_bonus: 1, sea_move: true}]",
    )
    lines = _problems(content_copy)
    assert any("give exactly one effect word" in line for line in lines), lines


def test_principal_village_outside_its_region(content_copy: Path) -> None:
    edit(content_copy / "map.yaml", "principal: winterfell}", "principal: riverrun}")
    lines = _problems(content_copy)
    assert any(
        "Principal Village 'riverrun' lies in Region 'region-crownlands'" in line for line in lines
    ), lines


def test_more_min_players_than_max_players(content_copy: Path) -> None:
    # before, this validated and every game stopped at setup ("played by 7–6 players")
    edit(content_copy / "rules.yaml", "min_players: 3", "min_players: 7")
    lines = _problems(content_copy)
    assert any(
        line.endswith("rules.yaml:4:3: rules.min_players: min_players 7 is more than max_players 6")
        for line in lines
    ), lines


def test_duplicate_and_self_roads(content_copy: Path) -> None:
    edit(
        content_copy / "map.yaml",
        "  - {a: winterfell, b: white-harbor}",
        "  - {a: winterfell, b: white-harbor}\n"
        "  - {a: white-harbor, b: winterfell}\n"
        "  - {a: pyke, b: pyke, kind: sea}",
    )
    lines = _problems(content_copy)
    assert any("duplicate road 'white-harbor'–'winterfell'" in line for line in lines), lines
    assert any("a road from 'pyke' to itself" in line for line in lines), lines


def test_unreachable_village(content_copy: Path) -> None:
    path = content_copy / "map.yaml"
    text = path.read_text()
    text = "\n".join(
        line for line in text.splitlines() if "b: harlaw" not in line and "a: harlaw" not in line
    )
    path.write_text(text + "\n")
    lines = _problems(content_copy)
    assert any("'harlaw' cannot be reached by road" in line for line in lines), lines


def test_every_effect_has_rules_text(content: LoadedContent) -> None:
    """Card and board texts are generated from the effect words, for every word shipped."""
    model = content.model
    effects = [e for a in model.attributes for e in a.effects]
    effects += [a for h in model.houses for a in h.abilities]
    effects += [c.effect for c in model.fortune] + [c.effect for c in model.court]
    effects += [c.effect for c in model.disaster_copies]
    for effect in effects:
        text = describe(effect)
        assert text and text[0].isupper() and text.endswith("."), (effect, text)
    assert describe(model.fortune[-1].effect) == (
        "Disaster. Every Noble and troop in the Region rolls a die and dies on 1."
    )


def test_catalog_map_facts(content: LoadedContent) -> None:
    """FF-MAP-02, FF-MAP-03: sea roads make coasts; a Village has one Fief and one Region."""
    cat = build_catalog(content.model)
    m = cat.map
    assert m.coastal[m.index["pyke"]] and not m.coastal[m.index["winterfell"]]
    assert sum(len(v) for v in m.fief_villages.values()) == len(m.ids)
    assert sum(len(v) for v in m.region_villages.values()) == len(m.ids)
    assert m.distance[m.index["winterfell"]][m.index["the-twins"]] == 2


def test_printed_numbers_follow_the_rules(content: LoadedContent) -> None:
    """Texts that quote a rules.yaml number quote the number the referee uses."""
    model = content.model
    strength = model.rules.battle.mother_of_dragons_strength
    mother = next(t for t in model.titles if t.id == "mother-of-dragons")
    assert f"adds {strength} to her side's strength" in mother.text
    decision = next(d for d in model.decisions if d.id == "battle-choices")
    assert f"Mother of Dragons adds {strength} strength" in decision.text


def test_unit_ids_used_as_keys_are_checked(content_copy: Path) -> None:
    """Stocks and starting units name units by their keys: a misspelt one is located."""
    edit(content_copy / "houses.yaml", "stock: {man-at-arms: 0", "stock: {man-at-arm: 0")
    edit(content_copy / "rules.yaml", "units: {knight: 1,", "units: {knigt: 1,")
    lines = _problems(content_copy)
    assert any(
        re.search(
            r"houses\.yaml:\d+:\d+: houses\[8\]\.stock\.man-at-arm: unknown units id "
            r"'man-at-arm' \(did you mean 'man-at-arms'\?\)",
            line,
        )
        for line in lines
    ), lines
    assert any(
        "rules.yaml" in line and "rules.start.units.knigt: unknown units id 'knigt'" in line
        for line in lines
    ), lines


def test_a_house_stock_follows_its_changes(fief_content: LoadedContent[Any]) -> None:
    model = fief_content.model
    targaryen = next(h for h in model.houses if h.id == "targaryen")
    stark = next(h for h in model.houses if h.id == "stark")
    assert stock(model, targaryen)["man-at-arms"] == 0
    assert stock(model, targaryen)["unsullied"] == 7
    assert stock(model, stark)["man-at-arms"] == 13
