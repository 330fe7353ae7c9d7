"""The fief content: shipped data is valid, and broken data gets located errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import ContentError, LoadedContent, load_content
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.catalog import build_catalog
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.model import FiefContent, stock
from tests.content.copies import at as _at
from tests.content.copies import validate_problems
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
    assert len(total) == 1 and "(House 'tyrell' has 7 (it declares 8))" in total[0], problems
    assert "nobles/tyrell.yaml:" in total[0], total


def test_a_house_taken_out_is_told_as_a_house_not_as_nobles_missing(content_copy: Path) -> None:
    # House and Nobles of Tully removed together: each House left has its 8 Nobles,
    # so no House is asked for a 9th
    houses = content_copy / "houses.yaml"
    text = houses.read_text()
    start = text.index("  - id: tully")
    end = text.find("\n  - id: ", start + 1)
    houses.write_text(text[:start] + (text[end + 1 :] if end != -1 else ""))
    (content_copy / "nobles" / "tully.yaml").unlink()
    problems = _problems(content_copy)
    total = [p for p in problems if "72 House Nobles, got 64" in p]
    assert len(total) == 1 and total[0].endswith("got 64: 8 Houses of Nobles, not 9"), problems
    assert not any("each House has 9" in p for p in problems), problems


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


#: how the rules code and the scenarios cite one of our decisions by its id:
#: "decision ``stronghold-holder``", "(decision court-cards)", "decision protector-gift"
_CITED_DECISION = re.compile(
    r"decision,? ``([a-z][a-z-]*)``|\(decision ([a-z][a-z-]*)\)|decision ([a-z]+(?:-[a-z]+)+)"
)
#: a rule settled by a decision named with it: "FF-PH-17 (our decision ``stronghold-holder``"
_RULE_BY_DECISION = re.compile(r"(FF-[A-Z]+-\d+) \(our decision,? ``([a-z][a-z-]*)``")


def test_cited_decisions_exist_and_settle_the_rule_cited_with_them(
    content: LoadedContent,
) -> None:
    """A decision the fief code or a scenario cites is one of content/fief/decisions.yaml,
    and one cited for a rule ("FF-PH-17 (our decision ``…``") covers that rule:
    battle.walls_held_by cited ``battle-choices`` for what ``stronghold-holder`` settles."""
    root = Path(__file__).resolve().parents[3]
    decisions = {d.id: d for d in content.model.decisions}
    files = sorted((root / "pnp/rulesets/fief").rglob("*.py"))
    files += sorted((root / "tests/scenarios/fief").glob("*.yaml"))
    texts = {f.relative_to(root).as_posix(): " ".join(f.read_text("utf-8").split()) for f in files}
    cited = {
        (path, next(g for g in m.groups() if g))
        for path, text in texts.items()
        for m in _CITED_DECISION.finditer(text)
    }
    assert cited, "no citation found: the pattern no longer matches how decisions are cited"
    assert sorted((path, did) for path, did in cited if did not in decisions) == []
    settles = [
        (path, m.group(1), m.group(2))
        for path, text in texts.items()
        for m in _RULE_BY_DECISION.finditer(text)
    ]
    assert settles, "no rule cited with its decision: the pattern no longer matches"
    wrong = [
        (path, rule, did)
        for path, rule, did in settles
        if did not in decisions or rule not in decisions[did].covers
    ]
    assert wrong == []


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


# --- ``pnp validate fief`` catches what would otherwise fail later, in the referee or the kit.


def _fails_with(folder: Path, line: str) -> None:
    """``pnp validate fief`` on ``folder`` reports ``line`` and exits with status 2."""
    result = runner.invoke(app, ["validate", "fief", "--content", str(folder)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert line in result.output.splitlines(), result.output


# -- ids the referee relies on ---------------------------------------------------------


def test_a_renamed_building_the_referee_builds(content_copy: Path) -> None:
    units = content_copy / "units.yaml"
    edit(units, "{id: mill,", "{id: watermill,")
    _fails_with(
        content_copy,
        f"{_at(units, 'buildings:')}: buildings: the referee needs the building 'mill': "
        "it builds Mills by this id and pays them in the Income phase",
    )
    _fails_with(
        content_copy,
        f"{_at(units, 'id: watermill')}: buildings[0].id: the referee knows only the buildings "
        "mill, stronghold, fortified-city, sept, maester: 'watermill' would be printed but "
        "never built",
    )


def test_a_renamed_master_title(content_copy: Path) -> None:
    titles = content_copy / "titles.yaml"
    edit(titles, "{id: master-of-coin,", "{id: master-of-treasure,")
    _fails_with(
        content_copy,
        f"{_at(titles, 'titles:')}: titles: the referee needs the title 'master-of-coin': "
        "the Master of Coin's shield from taxes is played by this id",
    )


def test_a_master_title_off_the_council(content_copy: Path) -> None:
    titles = content_copy / "titles.yaml"
    edit(
        titles,
        "{id: master-of-laws, name: Master of Laws, kind: high, council: true,",
        "{id: master-of-laws, name: Master of Laws, kind: high, council: false,",
    )
    _fails_with(
        content_copy,
        f"{_at(titles, 'council: false')}: titles[21].council: 'master-of-laws' must be a "
        "Small Council seat (council: true): the referee seats its holder on the Council",
    )


# -- House abilities ---------------------------------------------------------------------


def test_start_anywhere_coastal_with_a_home(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(
        houses,
        "      - cancel_death: {per: game}\n",
        "      - cancel_death: {per: game}\n      - start_anywhere_coastal: true\n",
    )
    _fails_with(
        content_copy,
        f"{_at(houses, 'start_anywhere_coastal')}: houses[1].abilities[1].start_anywhere_coastal: "
        "House 'baratheon' has a home Fief ('stormlands'): start_anywhere_coastal is for a "
        "House with home: null, which picks a coastal Village of a Fief nobody holds",
    )


def test_a_starting_title_the_referee_cannot_start_with(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(houses, "starting_title: mother-of-dragons", "starting_title: master-of-coin")
    _fails_with(
        content_copy,
        f"{_at(houses, 'starting_title')}: houses[8].abilities[2].starting_title: only "
        "'mother-of-dragons' may be a starting Title: the referee takes its Court card out of "
        "the deck at set-up, and starts no game with 'master-of-coin' already held",
    )


def test_a_starting_title_its_initial_noble_may_not_hold(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(
        houses,
        "      - cancel_death: {per: game}\n",
        "      - cancel_death: {per: game}\n      - starting_title: mother-of-dragons\n",
    )
    _fails_with(
        content_copy,
        f"{_at(houses, 'starting_title')}: houses[1].abilities[1].starting_title: "
        "'mother-of-dragons' is for ladies but the initial Noble 'baratheon-stannis' "
        "(lord_card) is a lord",
    )


# -- player counts -----------------------------------------------------------------------


def test_more_players_than_the_referee_plays(content_copy: Path) -> None:
    rules = content_copy / "rules.yaml"
    edit(rules, "max_players: 6", "max_players: 8")
    _fails_with(
        content_copy,
        f"{_at(rules, 'max_players')}: rules.max_players: the referee plays 3–6 players, "
        "not more than 6",
    )


def test_fewer_players_than_the_referee_plays(content_copy: Path) -> None:
    rules = content_copy / "rules.yaml"
    edit(rules, "min_players: 3", "min_players: 2")
    _fails_with(
        content_copy,
        f"{_at(rules, 'min_players')}: rules.min_players: the referee plays 3–6 players, "
        "not fewer than 3",
    )


def test_shipped_player_counts_are_the_command_lines(content: LoadedContent) -> None:
    """``pnp rulesets`` and ``--players`` offer exactly the shipped rules.yaml's range."""
    rules = content.model.rules
    assert RULESET.player_counts == tuple(range(rules.min_players, rules.max_players + 1))
    result = runner.invoke(app, ["rulesets"])
    line = next(x for x in result.output.splitlines() if x.startswith("fief "))
    assert f"{rules.min_players}–{rules.max_players} players" in line


# -- what printing needs -----------------------------------------------------------------


def test_title_token_count_that_misses_a_title(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "shape: square, count: 8}", "shape: square, count: 9}")
    # the lordship line's count (the battle dice are 9 too, earlier in the file)
    source = tokens.read_text()
    line = source[source.index("{id: lordship") :].split("\n", 1)[0]
    start, column = _at(tokens, line).rsplit(":", 1)
    where = f"{start}:{int(column) + line.index('count: 9')}"
    _fails_with(
        content_copy,
        f"{where}: tokens[35].count: 9 'lordship' token(s) but the content "
        "has 8 such Title(s); the kit prints one token per Title",
    )


def test_shared_unit_token_count(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "shape: round, count: 7}", "shape: round, count: 5}")
    _fails_with(
        content_copy,
        f"{_at(tokens, 'count: 5}')}: tokens[30].count: 5 'whitecloak' tokens but units.yaml "
        "shares 7",
    )


def test_building_without_counters(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "  - {id: sept-counter, name: Sept, shape: square, count: 39}\n", "")
    units = content_copy / "units.yaml"
    _fails_with(
        content_copy,
        f"{_at(units, '{id: sept,')}: buildings[3]: building 'sept' has no counters to print: "
        "give it a limit, or declare a 'sept-counter' token with its count in tokens.yaml",
    )


def test_decision_placeholder_naming_no_rule(content_copy: Path) -> None:
    decisions = content_copy / "decisions.yaml"
    edit(decisions, "no one may hold more than 6 cards", "no one may hold more than {rules.hand}")
    where = _at(decisions, 'text: "Each player may discard')
    _fails_with(
        content_copy, f"{where}: decisions[2].text: {{rules.hand}} names no number of the rules"
    )


def test_a_misspelt_decision_placeholder_gets_a_hint(content_copy: Path) -> None:
    decisions = content_copy / "decisions.yaml"
    edit(
        decisions,
        "no one may hold more than 6 cards",
        "no one may hold more than {rules.hand_limt} or {rules.battle.dice.face}",
    )
    where = _at(decisions, 'text: "Each player may discard')
    for line in (
        f"{where}: decisions[2].text: {{rules.battle.dice.face}} names no number of the rules "
        "(did you mean {rules.battle.dice.faces}?)",
        f"{where}: decisions[2].text: {{rules.hand_limt}} names no number of the rules "
        "(did you mean {rules.hand_limit}?)",
    ):
        _fails_with(content_copy, line)


def test_braces_that_are_no_placeholder_are_refused(content_copy: Path) -> None:
    # printed as written, the reader would see the braces
    decisions = content_copy / "decisions.yaml"
    edit(
        decisions,
        "no one may hold more than 6 cards",
        "no one may hold more than {rule.hand_limit} or { rules.hand_limit }",
    )
    where = _at(decisions, 'text: "Each player may discard')
    for braced in ("{rule.hand_limit}", "{ rules.hand_limit }"):
        _fails_with(
            content_copy,
            f"{where}: decisions[2].text: {braced} is no placeholder: a number of the rules "
            "is written {rules.…}, with no spaces (rules.yaml names them)",
        )


def test_an_unknown_free_troops_unit_lists_the_units(content_copy: Path) -> None:
    court = content_copy / "cards" / "court.yaml"
    edit(court, "{free_troops: {unit: knight,", "{free_troops: {unit: sellsword,")
    _fails_with(
        content_copy,
        f"{_at(court, 'unit: sellsword')}: court[6].effect.free_troops.unit: unknown units id "
        "'sellsword' (known: man-at-arms, knight, archer, champion, siege-engine, unsullied, "
        "whitecloak)",
    )
    edit(court, "unit: sellsword", "unit: knigth")
    _fails_with(
        content_copy,
        f"{_at(court, 'unit: knigth')}: court[6].effect.free_troops.unit: unknown units id "
        "'knigth' (did you mean 'knight'?)",
    )


# -- one run reports every problem (a schema error does not hide the rest) -------------

#: the schema error of :func:`_break_sansa`
SANSA = "nobles[5].sex: Input should be 'lord' or 'lady', got 'ladyy' (did you mean 'lady'?)"


def _break_sansa(folder: Path) -> str:
    """Misspell Sansa Stark's sex (a schema error; she is House Stark's initial Lady);
    return where pnp reports it."""
    stark = folder / "nobles" / "stark.yaml"
    edit(
        stark,
        "house: stark, sex: lady, attributes: [heart",
        "house: stark, sex: ladyy, attributes: [heart",
    )
    return _at(stark, "sex: ladyy")


def test_a_schema_error_does_not_hide_the_problems_of_other_files(content_copy: Path) -> None:
    sansa = _break_sansa(content_copy)
    roads, units = content_copy / "map.yaml", content_copy / "units.yaml"
    edit(roads, "{a: last-hearth, b: winterfell}", "{a: last-hearth, b: winterfel}")
    edit(units, "{id: mill,", "{id: watermill,")
    assert validate_problems("fief", content_copy) == [
        f"{_at(roads, 'b: winterfel}')}: roads[1].b: unknown villages id 'winterfel' "
        "(did you mean 'winterfell'?)",
        f"{sansa}: {SANSA}",
        f"{_at(units, 'buildings:')}: buildings: the referee needs the building 'mill': "
        "it builds Mills by this id and pays them in the Income phase",
        f"{_at(units, 'id: watermill')}: buildings[0].id: the referee knows only the buildings "
        "mill, stronghold, fortified-city, sept, maester: 'watermill' would be printed but "
        "never built",
    ]


def test_a_broken_noble_is_neither_unknown_nor_missing_from_the_counts(
    content_copy: Path,
) -> None:
    """With Sansa left out for her schema error, Stark would have 2 Ladies, the game 71
    House Nobles and Stark's initial Lady would be unknown: none is reported; the rules
    problem in another file is."""
    sansa = _break_sansa(content_copy)
    rules = content_copy / "rules.yaml"
    edit(rules, "min_players: 3", "min_players: 2")
    assert validate_problems("fief", content_copy) == [
        f"{sansa}: {SANSA}",
        f"{_at(rules, 'min_players: 2')}: rules.min_players: the referee plays 3–6 players, "
        "not fewer than 3",
    ]


def test_a_coastal_start_needs_coasts_enough_for_every_table(content_copy: Path) -> None:
    # Targaryen picks a coastal Village in a Fief nobody holds, after the others: a map
    # whose sea roads are all land roads left set-up with no Village to offer (a crash)
    path = content_copy / "map.yaml"
    path.write_text(path.read_text().replace("kind: sea", "kind: land"))
    houses = content_copy / "houses.yaml"
    line = next(
        n
        for n, text in enumerate(houses.read_text().splitlines(), 1)
        if "start_anywhere_coastal" in text
    )
    found = [p for p in _problems(content_copy) if "starts on a coastal Village" in p]
    assert len(found) == 1, found
    assert f"houses.yaml:{line}:" in found[0]
    assert found[0].endswith(
        "but the map has no coastal Village (no sea road): give more Fiefs a sea road"
    )


def test_two_villages_on_one_spot_are_refused(content_copy: Path) -> None:
    # printed one over the other, players could not tell them apart
    path = content_copy / "map.yaml"
    text = path.read_text()
    wyk = re.search(r"\{id: great-wyk,[^}]*x: (\d+), y: (\d+)\}", text)
    old = re.search(r"\{id: old-wyk,[^}]*x: (\d+), y: (\d+)\}", text)
    assert wyk and old
    moved = old.group(0).replace(
        f"x: {old.group(1)}, y: {old.group(2)}", f"x: {wyk.group(1)}, y: {wyk.group(2)}"
    )
    path.write_text(text.replace(old.group(0), moved))
    found = [p for p in _problems(content_copy) if "Villages stand at least 25 mm apart" in p]
    assert len(found) == 1 and "'great-wyk'" in found[0] and "is 0 mm from" in found[0], found


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        ("tokens.yaml", "Tax marker, shape: square, per_house: 3}",
         "Tax marker, shape: square, per_house: -3}", "tokens[2].per_house"),
        ("tokens.yaml", "shape: round, count: 28}", "shape: round, count: -5}", "count"),
        ("cards/court.yaml", "{id: eastwatch, name: Eastwatch-by-the-Sea,",
         "{id: eastwatch, name: Eastwatch-by-the-Sea, copies: -2,", "copies"),
        ("houses.yaml", "stock: {man-at-arms: 0", "stock: {man-at-arms: -4", "stock.man-at-arms"),
        ("units.yaml", "cost: 3, limit: 15,", "cost: 3, limit: -1,", "limit"),
    ],
)  # fmt: skip
def test_negative_counts_are_refused_where_written(
    content_copy: Path, file: str, old: str, new: str, where: str
) -> None:
    """They validated, then render stopped with no file or line ('copies must be >= 0')
    and a playtest broke an invariant in every game."""
    edit(content_copy / file, old, new)
    lines = _problems(content_copy)
    located = [line for line in lines if Path(file).name in line and where in line]
    assert located and "greater than or equal to" in located[0], lines


def test_only_one_house_may_start_first(content_copy: Path) -> None:
    """FF-SETUP-06: setup.py gives the First Player card to the House with starts_first; with
    two such Houses the later seat won silently."""
    text = (content_copy / "houses.yaml").read_text()
    arryn = text.index("abilities:", text.index("id: arryn"))
    text = text[:arryn] + "abilities:\n      - starts_first: true" + text[arryn + 10 :]
    (content_copy / "houses.yaml").write_text(text)
    lines = _problems(content_copy)
    assert any(
        re.search(
            r"houses\.yaml:\d+:\d+: houses\[\d\]\.abilities\[0\]: House '\w+' "
            r"already starts first: only one House may",
            line,
        )
        for line in lines
    ), lines


def test_the_reference_names_the_house_that_starts_first(content_copy: Path) -> None:
    """The setup step named House Targaryen in the template, whoever the content gave
    starts_first to."""
    text = (content_copy / "houses.yaml").read_text()
    text = text.replace("      - starts_first: true\n", "", 1)
    arryn = text.index("abilities:", text.index("id: arryn"))
    text = text[:arryn] + "abilities:\n      - starts_first: true" + text[arryn + 10 :]
    (content_copy / "houses.yaml").write_text(text)
    result = runner.invoke(
        app, ["rules", "fief", "--content", str(content_copy), "--format", "md", "--out", "-"]
    )
    assert result.exit_code == 0, result.output
    assert "always starts first (House Arryn)" in result.stdout
    assert "House Targaryen): then" not in result.stdout


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "bands: [[1, 6, 1], [7, 12, 2], [13, null, 3]]",
            "bands: [[1, 6, 1], [3, 12, 2], [13, null, 3]]",
            "battle.dice.bands: [3, 12, 2] starts at or below 6",
        ),
        (
            "bands: [[1, 6, 1], [7, 12, 2], [13, null, 3]]",
            "bands: [[1, null, 1], [7, 12, 2]]",
            "starts at or below a band with no upper limit",
        ),
        (
            "bands: [[1, 6, 1], [7, 12, 2], [13, null, 3]]",
            "bands: [[1, 6, 1], [12, 7, 2], [13, null, 3]]",
            "[12, 7, 2]: a band runs from low to high",
        ),
        (
            "council_bid_steps: [4, 5, 6, 8, 10, 12, 15]",
            "council_bid_steps: [15, 4]",
            "prices.council_bid_steps: [15, 4]: the bids go up from the least",
        ),
        (  # validated, then every Night's Watch game repeated an option label
            "bid_steps: [1, 2, 3, 5, 8]",
            "bid_steps: [1, 1, 2]",
            "nights_watch.bid_steps: [1, 1, 2]: the bids go up from the least",
        ),
    ],
    ids=["overlap", "after-open-band", "backwards", "bids-down", "wall-bids-repeat"],
)
def test_rules_numbers_the_sheet_would_print_in_contradiction_are_refused(
    content_copy: Path, old: str, new: str, message: str
) -> None:
    edit(content_copy / "rules.yaml", old, new)
    lines = _problems(content_copy)
    assert any("rules.yaml:" in line and message in line for line in lines), lines


def test_a_title_token_naming_no_title_is_refused(content_copy: Path) -> None:
    edit(
        content_copy / "tokens.yaml",
        "  - {id: title-queen, name: Queen token",
        "  - {id: title-quen, name: Queen token",
    )
    lines = _problems(content_copy)
    assert any(
        "tokens.yaml:" in line
        and "'title-quen' names no Title" in line
        and "did you mean 'title-queen'?" in line
        for line in lines
    ), lines


def test_a_duplicate_road_names_the_file_and_line_of_the_other(content_copy: Path) -> None:
    """A road added in a new file was reported at the shipped one as 'first at roads[1]',
    an index into merged content that names no file."""
    (content_copy / "extra.yaml").write_text(
        "roads:\n  - {a: harrenhal, b: kings-landing, kind: sea}\n"
    )
    lines = _problems(content_copy)
    assert any(
        "duplicate road 'harrenhal'–'kings-landing' (first at " in line
        and line.rstrip().endswith("extra.yaml:2)")
        for line in lines
    ), lines
