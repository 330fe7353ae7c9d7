"""Loading a content folder: the happy path and every kind of bad input."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import Field

from pnp.content import ContentError, ContentModel, Slug, load_content
from tests.content.copies import edit
from tests.fixtures.toy import ToyContent


def load(folder: Path):
    return load_content(ToyContent, folder)


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load(folder)
    return [str(p) for p in info.value.problems]


def test_shipped_fixture_loads(toy_root: Path) -> None:
    loaded = load(toy_root / "toy")
    ids = [c.id for c in loaded.model.cards]
    # files merge in path order: cards/spells.yaml, cards/units.yaml, game.yaml
    assert ids == ["fireball", "knight", "squire"]
    assert loaded.model.settings.hand_size == 5
    assert len(loaded.files) == 3
    assert len(loaded.content_hash) == 64


def test_each_id_knows_the_file_and_line_of_its_entry(toy_root: Path) -> None:
    sources = load(toy_root / "toy").sources
    units = toy_root / "toy" / "cards" / "units.yaml"
    lines = units.read_text().splitlines()
    assert sources["knight"].endswith("toy/cards/units.yaml:3") and "- id: knight" in lines[2]
    assert sources["squire"].endswith("toy/cards/units.yaml:10") and "- id: squire" in lines[9]
    assert sources["fireball"].split(":")[0].endswith("toy/cards/spells.yaml")


def test_content_hash_follows_the_bytes(toy_root: Path) -> None:
    before = load(toy_root / "toy").content_hash
    game = toy_root / "toy" / "game.yaml"
    game.write_text(game.read_text() + "# a comment\n")
    assert load(toy_root / "toy").content_hash != before


def test_wrong_value_names_file_line_column_and_field(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cost: 1", "cost: -1"))
    (line,) = problems(toy_root / "toy")
    assert line.endswith(
        "cards/units.yaml:13:5: cards[1].cost: Input should be greater than or equal to 0"
    )


def test_wrong_type(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("strength: 3", "strength: lots"))
    (line,) = problems(toy_root / "toy")
    assert "units.yaml:7:5: cards[0].strength: Input should be a valid integer" in line


class _Banner(ContentModel):
    """A content root with a fixed word, text and a number, for the messages below."""

    side: Literal["light", "dark"]
    motto: str
    size: int = 1
    id: Slug = "banner"
    colour: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")] = "#000000"
    code: Annotated[str, Field(pattern=r"^B-\d\d$")] = "B-01"


def _banner_problems(tmp_path: Path, text: str) -> list[str]:
    folder = tmp_path / "banner"
    folder.mkdir()
    (folder / "banner.yaml").write_text(text)
    with pytest.raises(ContentError) as info:
        load_content(_Banner, folder)
    return [f"{p.line}: {p.field}: {p.message}" for p in info.value.problems]


def test_a_word_outside_its_list_says_what_was_written_and_the_nearest(tmp_path: Path) -> None:
    assert _banner_problems(tmp_path, "side: drak\nmotto: Ours\n") == [
        "1: side: Input should be 'light' or 'dark', got 'drak' (did you mean 'dark'?)"
    ]


def test_a_value_of_the_wrong_type_says_what_was_found(tmp_path: Path) -> None:
    # an unquoted colour is a YAML comment: the value is empty
    assert _banner_problems(tmp_path, "side: 3\nmotto: #aa0000\nsize: big\n") == [
        "1: side: Input should be 'light' or 'dark', got a number (3)",
        "2: motto: Input should be a valid string, got nothing (an empty value; text that "
        "starts with '#' must be quoted)",
        "3: size: Input should be a valid integer, unable to parse string as an integer, "
        "got text ('big')",
    ]


def test_ids_and_colours_that_break_their_pattern_are_told_in_words(tmp_path: Path) -> None:
    text = 'side: dark\nmotto: Ours\nid: Night Watch\ncolour: "#12345"\ncode: B1\n'
    assert _banner_problems(tmp_path, text) == [
        "3: id: an id is lower-case words of a-z and 0-9 joined by hyphens, got 'Night Watch' "
        "(try 'night-watch')",
        "4: colour: a colour is \"#rrggbb\", six hex digits in quotes, got '#12345'",
        "5: code: String should match pattern '^B-\\d\\d$', got 'B1'",
    ]


def test_a_field_of_another_kind_of_card_says_so(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(
        units.read_text().replace("    strength: 3\n", "    strength: 3\n    text: Hi\n")
    )
    (line,) = problems(toy_root / "toy")
    # not "unknown field (did you mean 'text'?)": spells have it, units do not
    assert line.endswith(
        "units.yaml:8:5: cards[0].text: unknown field: a unit has no 'text' (other kinds of "
        "entry do)"
    )


def test_missing_field_points_at_the_item(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("    strength: 1\n", ""))
    (line,) = problems(toy_root / "toy")
    assert "units.yaml:10:5: cards[1].strength: required field is missing" in line


def test_unknown_field_is_an_error_with_a_hint(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("strength: 3", "strenght: 3"))
    lines = problems(toy_root / "toy")
    assert any(
        "units.yaml:7:5: cards[0].strenght: unknown field (did you mean 'strength'?)" in x
        for x in lines
    )


def test_wrong_discriminator_value(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    text = units.read_text().replace("type: unit\n    name: Knight", "type: unti\n    name: Knight")
    units.write_text(text)
    (line,) = problems(toy_root / "toy")
    # on the type line itself, with the known types and a guess
    assert line.endswith(
        "units.yaml:4:5: cards[0].type: unknown type 'unti' (known: unit, spell); "
        "did you mean 'unit'?"
    )


def test_yaml_syntax_error(toy_root: Path) -> None:
    (toy_root / "toy" / "game.yaml").write_text("settings:\n  hand_size: [5\n")
    lines = problems(toy_root / "toy")
    assert len(lines) == 1  # the missing section is not reported twice
    assert "game.yaml:3:1: YAML syntax error" in lines[0]


def test_duplicate_ids_name_both_places(toy_root: Path) -> None:
    spells = toy_root / "toy" / "cards" / "spells.yaml"
    spells.write_text(spells.read_text().replace("id: fireball", "id: knight"))
    lines = problems(toy_root / "toy")
    assert any("units.yaml:3:5: cards[0].id: duplicate id 'knight' in cards" in x for x in lines)
    # and where the id was first used, even in another file
    assert any(x.endswith("(first used at " + f"{spells}:2)") for x in lines), lines


def test_missing_card_type_is_a_missing_field(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("    type: unit\n", "", 1))
    (line,) = problems(toy_root / "toy")
    assert "units.yaml:3:5: cards[0].type: required field is missing" in line


def test_text_where_an_entry_belongs(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cards:\n", "cards:\n  - knight-card\n", 1))
    lines = problems(toy_root / "toy")
    assert any(
        "units.yaml:3:5: cards[0]: expected a mapping of fields (key: value), "
        "got text ('knight-card')" in x
        for x in lines
    ), lines
    assert not any("instance of" in x or "extract fields" in x for x in lines)


def test_another_rulesets_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "plots.yaml").write_text("plots: [{id: a}]\n")
    (tmp_path / "houses.yaml").write_text("houses: [{id: stark}]\ncards: []\n")
    (line,) = problems(tmp_path)
    assert line == (
        f"{tmp_path}: does not look like this ruleset's content: it lacks the sections "
        "settings and has the unknown sections houses, plots (is it the right --content folder?)"
    )


def test_an_unfinished_folder_is_reported_in_full(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("cards: [{id: x, type: unit}]\n")
    lines = problems(tmp_path)
    assert any(x.endswith(": settings: required field is missing") for x in lines), lines
    assert any("cards.yaml:1:9: cards[0].name: required field is missing" in x for x in lines)


def test_a_typo_in_one_section_name_is_still_reported_in_place(toy_root: Path) -> None:
    game = toy_root / "toy" / "game.yaml"
    game.write_text(game.read_text().replace("settings:", "setings:"))
    lines = problems(toy_root / "toy")
    wanted = "game.yaml:1:1: setings: unknown field (did you mean 'settings'?)"
    assert any(wanted in x for x in lines), lines


def test_a_validator_message_has_no_pydantic_label(tmp_path: Path) -> None:
    from pydantic import field_validator

    from pnp.content import ContentModel
    from pnp.content.loader import validate_document
    from pnp.content.yaml_source import parse_yaml

    class Named(ContentModel):
        name: str

        @field_validator("name")
        @classmethod
        def _short(cls, value: str) -> str:
            if len(value) > 3:
                raise ValueError(f"{value!r} is longer than 3 letters")
            return value

    path = tmp_path / "named.yaml"
    path.write_text("name: Eddard\n")
    with pytest.raises(ContentError) as info:
        validate_document(Named, parse_yaml(path, path.read_bytes()))
    (line,) = [str(p) for p in info.value.problems]
    assert line.endswith("named.yaml:1:1: name: 'Eddard' is longer than 3 letters")


def test_dangling_reference_with_suggestion(toy_root: Path) -> None:
    game = toy_root / "toy" / "game.yaml"
    game.write_text(game.read_text().replace("squire,", "squier,"))
    (line,) = problems(toy_root / "toy")
    assert "game.yaml:5:29: decks[0].cards[2]: unknown cards id 'squier'" in line
    assert line.endswith("(did you mean 'squire'?)")


def test_path_escaping_the_content_folder(toy_root: Path, tmp_path: Path) -> None:
    (tmp_path / "outside.png").write_bytes(b"x")
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("art/knight.png", "../../outside.png"))
    (line,) = problems(toy_root / "toy")
    assert "cards[0].art: path '../../outside.png' leaves the content folder" in line


def test_absolute_path_is_refused(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    target = toy_root / "toy" / "art" / "knight.png"
    units.write_text(units.read_text().replace("art/knight.png", str(target)))
    (line,) = problems(toy_root / "toy")
    assert "leaves the content folder" in line


def test_missing_art_file(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("art/knight.png", "art/nope.png"))
    (line,) = problems(toy_root / "toy")
    assert "no such file 'art/nope.png'" in line


def test_not_utf8(toy_root: Path) -> None:
    (toy_root / "toy" / "extra.yaml").write_bytes(b"cards:\n  - name: caf\xe9\n")
    (line,) = problems(toy_root / "toy")
    assert "extra.yaml:2:14: not UTF-8 text (byte 0xe9)" in line


def test_empty_file(toy_root: Path) -> None:
    (toy_root / "toy" / "empty.yaml").write_text("")
    (line,) = problems(toy_root / "toy")
    assert line.endswith("empty.yaml:1:1: the file is empty")


def test_an_empty_file_does_not_hide_a_dangling_reference(toy_root: Path) -> None:
    # an empty file holds no section, so it leaves nothing out: the rest is checked in full
    (toy_root / "toy" / "empty.yaml").write_text("# all of this file is commented out\n")
    game = toy_root / "toy" / "game.yaml"
    game.write_text(game.read_text().replace("squire,", "squier,"))
    lines = problems(toy_root / "toy")
    assert len(lines) == 2, lines
    assert lines[0].endswith("empty.yaml:1:1: the file is empty")
    assert "game.yaml:5:29: decks[0].cards[2]: unknown cards id 'squier'" in lines[1]


def test_folder_with_no_content(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    (line,) = problems(tmp_path)
    assert line.endswith("no content: the folder holds no *.yaml files")


def test_missing_folder(tmp_path: Path) -> None:
    (line,) = problems(tmp_path / "nope")
    assert line.endswith("nope: no such content folder")


def test_top_level_must_be_a_mapping(toy_root: Path) -> None:
    (toy_root / "toy" / "list.yaml").write_text("- a\n- b\n")
    (line,) = problems(toy_root / "toy")
    assert "list.yaml:1:1: the top level must be a mapping of sections, got list" in line


def test_section_set_twice(toy_root: Path) -> None:
    (toy_root / "toy" / "more.yaml").write_text("settings:\n  hand_size: 6\n")
    (line,) = problems(toy_root / "toy")
    assert "more.yaml:2:3: settings.hand_size: already defined in" in line


def test_missing_section_names_the_folder(toy_root: Path) -> None:
    (toy_root / "toy" / "game.yaml").write_text("decks: []\n")
    (line,) = problems(toy_root / "toy")
    assert line.endswith("toy: settings: required field is missing")


def test_every_problem_in_one_run(toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cost: 3", "cost: -3").replace("cost: 1", "cots: 1"))
    (toy_root / "toy" / "empty.yaml").write_text("# nothing\n")
    lines = problems(toy_root / "toy")
    assert len(lines) == 4  # negative cost, unknown 'cots', missing 'cost', empty file
    # sorted by file and line
    assert lines == sorted(lines, key=lambda x: (x.split(":")[0], int(x.split(":")[1])))


def test_model_cross_check_runs_after_schema(toy_root: Path) -> None:
    game = toy_root / "toy" / "game.yaml"
    game.write_text(game.read_text().replace("hand_size: 5", "hand_size: 5\n  max_deck: 3"))
    (line,) = problems(toy_root / "toy")
    assert "decks[0].cards: 4 cards, more than the 3 allowed" in line


def test_hidden_files_are_ignored(toy_root: Path) -> None:
    (toy_root / "toy" / ".backup.yaml").write_text("not: [valid\n")
    assert load(toy_root / "toy").model.settings.hand_size == 5


# -- a schema error does not hide the other problems, nor add its consequences ----------

#: a schema error in the squire, whom the starter deck names
SQUIRE = "units.yaml:13:5: cards[1].cost: Input should be greater than or equal to 0"
#: the starter deck holds 4 cards: with ``max_deck: 3``, a cross-check problem
TOO_MANY = "game.yaml:6:5: decks[0].cards: 4 cards, more than the 3 allowed"


def _edit(toy_root: Path, squire: bool = True, max_deck: bool = True) -> Path:
    folder = toy_root / "toy"
    if squire:
        edit(folder / "cards" / "units.yaml", "cost: 1", "cost: -1")
    if max_deck:
        edit(folder / "game.yaml", "hand_size: 5", "hand_size: 5\n  max_deck: 3")
    return folder


def _ends(lines: list[str], *wanted: str) -> None:
    """``lines`` are as many as ``wanted``, each ending as the one at its place."""
    assert len(lines) == len(wanted), lines
    for line, end in zip(lines, wanted, strict=True):
        assert line.endswith(end), (line, end)


def test_a_schema_error_does_not_hide_a_dangling_reference(toy_root: Path) -> None:
    folder = _edit(toy_root, max_deck=False)
    edit(folder / "game.yaml", "fireball]", "firebal]")
    _ends(
        problems(folder),
        SQUIRE,
        "game.yaml:5:37: decks[0].cards[3]: unknown cards id 'firebal' (did you mean 'fireball'?)",
    )


def test_a_reference_to_a_broken_entry_is_not_dangling(toy_root: Path) -> None:
    # the deck names the broken 'squire': no unknown id, and its count is still checked
    _ends(problems(_edit(toy_root)), SQUIRE, TOO_MANY)


def test_an_entry_without_an_id_hides_the_references_it_may_answer(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False)
    edit(folder / "cards" / "units.yaml", "  - id: squire\n    type: unit", "  - type: unit")
    # 'squire' and 'squier' alike may name the entry that lost its id
    edit(folder / "game.yaml", "squire,", "squier,")
    _ends(problems(folder), "units.yaml:10:5: cards[1].id: required field is missing", TOO_MANY)


def test_a_missing_section_does_not_flood_with_its_consequences(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False)
    for path in (folder / "cards").iterdir():
        path.unlink()
    # the deck names three cards nobody can find: not reported, the section is missing
    _ends(problems(folder), "toy: cards: required field is missing", TOO_MANY)


def test_a_check_reading_a_broken_section_does_not_run(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False, max_deck=False)
    edit(folder / "game.yaml", "hand_size: 5", "hand_size: 0\n  max_deck: 3")
    edit(folder / "game.yaml", "squire,", "squier,")
    # the deck size check reads the settings, which failed: it does not run
    _ends(
        problems(folder),
        "game.yaml:2:3: settings.hand_size: Input should be greater than or equal to 1",
        "game.yaml:6:29: decks[0].cards[2]: unknown cards id 'squier' (did you mean 'squire'?)",
    )


def test_a_file_that_does_not_parse_hides_no_duplicate_and_no_missing_file(
    toy_root: Path,
) -> None:
    folder = toy_root / "toy"
    (folder / "extra.yaml").write_text("cards: [oops\n")
    edit(folder / "cards" / "spells.yaml", "id: fireball", "id: knight")
    edit(folder / "cards" / "units.yaml", "art/knight.png", "art/knigt.png")
    # the unreadable file may define any id: references are not checked
    _ends(
        problems(folder),
        "units.yaml:3:5: cards[0].id: duplicate id 'knight' in cards (first used at "
        f"{folder / 'cards' / 'spells.yaml'}:2)",
        "units.yaml:9:5: cards[0].art: no such file 'art/knigt.png' in the content folder",
        "extra.yaml:2:1: YAML syntax error: while parsing a flow sequence expected ',' or ']', "
        "but got '<stream end>' (it began at line 1): close the [ ] list, put commas between "
        "its items, quote any that hold ':' or ','",
    )


def test_entries_inside_entries_know_their_own_lines() -> None:
    """A House's deck is a list inside a list entry: each of its cards still points at
    its own line, not the House's (problem reports say where to edit)."""
    from pnp.rulesets.ironthrone import RULESET

    loaded = RULESET.load()
    cards = [card for house in loaded.model.houses for card in house.deck]
    for entry in [*cards, *loaded.model.characters]:
        file, line = loaded.sources[entry.id].rsplit(":", 1)
        text = Path(file).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert re.search(rf"\bid: {re.escape(entry.id)}\b", text), (entry.id, text)
    assert len(cards) >= 5 * (1 + 5 + 11)  # a truce entry, 5 character cards, 11 hostility
