"""Loading a content folder: the happy path and every kind of bad input."""

from __future__ import annotations

import enum
import pickle
import re
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import AfterValidator, Discriminator, Field, Tag

from pnp.content import ContentError, ContentModel, Slug, content_files, load_content
from pnp.content.loader import validate_document
from pnp.content.problems import Problem
from pnp.content.yaml_source import YamlDocument, parse_yaml
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


def test_true_or_false_is_no_number_and_a_number_no_flag(tmp_path: Path) -> None:
    """pydantic reads `size: true` as 1 and `lit: 1` as true: a designer's slip (cost: true)
    validated, and printed as cost 1. Each fails at its own place, in lists and mappings
    too, and the entry's other problems are still reported."""

    class _Lamp(ContentModel):
        size: int = 1
        scale: float | None = None
        lit: bool = False
        faces: list[int] = []
        band: tuple[int, int | None, int] = (1, None, 1)
        stock: dict[str, int] = {}

    folder = tmp_path / "lamp"
    folder.mkdir()
    for text, field, message in (
        ("size: true\n", "size", "Input should be a valid integer, got true/false (true)"),
        ("scale: false\n", "scale", "got true/false (false)"),
        ("lit: 1\n", "lit", "Input should be a valid boolean, got a number (1)"),
        ("faces: [0, 1, true]\n", "faces[2]", "got true/false (true)"),
        ("band: [1, true, 2]\n", "band[1]", "got true/false (true)"),
        ("stock: {knight: true}\n", "stock.knight", "got true/false (true)"),
    ):
        (folder / "lamp.yaml").write_text(text)
        with pytest.raises(ContentError) as info:
            load_content(_Lamp, folder)
        found = [(p.line, p.field, p.message) for p in info.value.problems]
        assert any(f == field and message in m for _, f, m in found), found
    # the slip hides nothing else of the entry
    (folder / "lamp.yaml").write_text("size: true\nsise: 2\n")
    with pytest.raises(ContentError) as info:
        load_content(_Lamp, folder)
    assert {p.field for p in info.value.problems} == {"size", "sise"}
    (folder / "lamp.yaml").write_text("size: 2\nscale: 1\nlit: true\nband: [1, null, 2]\n")
    assert load_content(_Lamp, folder).model.scale == 1.0


@pytest.mark.parametrize(
    ("motto", "found"),
    [
        ("No", "true/false (False); YAML reads an unquoted yes, no, on, off, true or false as "
         "true/false; put the text in quotes"),
        ("on", "true/false (True); YAML reads an unquoted yes, no, on, off, true or false as "
         "true/false; put the text in quotes"),
        ("1.5", "a number (1.5); put the text in quotes"),
        ("2024-01-01", "a date (2024-01-01); put the text in quotes"),
    ],
)  # fmt: skip
def test_a_word_yaml_reads_as_something_else_is_to_be_quoted(
    tmp_path: Path, motto: str, found: str
) -> None:
    # before: "got true/false (False)" for "motto: No", with no word on why
    assert _banner_problems(tmp_path, f"side: dark\nmotto: {motto}\n") == [
        f"2: motto: Input should be a valid string, got {found}"
    ]
    quoted = tmp_path / "quoted"
    quoted.mkdir()
    (quoted / "banner.yaml").write_text(f'side: dark\nmotto: "{motto}"\n')
    assert load_content(_Banner, quoted).model.motto == motto


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


# -- where a schema problem is placed, and what it says ------------------------------------


class _Step(ContentModel):
    id: str = ""
    cost: int = Field(default=0, ge=0)


class _Outer(ContentModel):
    inner: _Step


class _Hostility(ContentModel):
    type: Literal["hostility"]
    strength: int = 0


class _Character(ContentModel):
    type: Literal["character"]
    #: the tag 'character' is also a field holding a plain value
    character: str
    power: int = Field(default=0, ge=0)


class _House(ContentModel):
    id: Slug
    deck: list[Annotated[_Hostility | _Character, Field(discriminator="type")]] = []


def _target_tag(value: object) -> str | None:
    if isinstance(value, str):
        return "name"
    return "choose" if isinstance(value, dict) and "choose" in value else None


class _Choose(ContentModel):
    choose: str
    count: int = 1


class _Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def _as_is(value: _Melee) -> _Melee:
    return value


class _Melee(ContentModel):
    reach: int = 1


class _Ranged(ContentModel):
    range: int = 1


class _Plan(ContentModel):
    """A content root with the shapes whose problems are placed with care."""

    houses: list[_House] = []
    steps: _Step | list[_Step] = []
    first: Literal["none"] | _Outer = "none"
    width: int | str = 0
    size: tuple[int, int] = (1, 1)
    target: Annotated[
        Annotated[Literal["self", "host"], Tag("name")] | Annotated[_Choose, Tag("choose")],
        Discriminator(_target_tag),
    ] = "self"
    colour: _Colour = _Colour.RED
    groups: dict[str, list[_Step]] = {}
    #: a member with a validator has a tag such as 'function-after[…]'
    weapon: Annotated[_Melee, AfterValidator(_as_is)] | _Ranged = _Melee()
    lead: _Step = _Step()
    motto: str = ""
    id: Slug = "plan"


def _plan_problems(tmp_path: Path, text: str) -> list[str]:
    folder = tmp_path / "plan"
    folder.mkdir()
    (folder / "plan.yaml").write_text(text)
    with pytest.raises(ContentError) as info:
        load_content(_Plan, folder)
    return [f"{p.line}: {p.field}: {p.message}" for p in info.value.problems]


@pytest.mark.parametrize(
    "text, wanted",
    [
        # an entry or a list of entries: each problem on its own place
        (
            "steps:\n  - cost: -1\n",
            [
                "1: steps: expected a mapping of fields (key: value), got a list",
                "2: steps[0].cost: Input should be greater than or equal to 0",
            ],
        ),
        # a union of plain types: both members' wants, on the field itself
        (
            "width: [1]\n",
            [
                "1: width: Input should be a valid integer, got a list",
                "1: width: Input should be a valid string, got a list",
            ],
        ),
        # a pair short of its second item
        ("size: [3]\n", ["1: size[1]: required field is missing"]),
        # the tag 'character' is not taken for the field 'character'
        (
            "houses:\n  - id: stark\n    deck:\n      - type: character\n"
            "        character: eddard\n        power: -1\n",
            ["6: houses[0].deck[0].power: Input should be greater than or equal to 0"],
        ),
        (
            "houses:\n  - id: stark\n    deck:\n      - type: character\n"
            "        character: eddard\n        strength: 2\n",
            [
                "6: houses[0].deck[0].strength: unknown field: a character has no 'strength' "
                "(other kinds of entry do)"
            ],
        ),
        (
            "houses:\n  - id: stark\n    deck:\n      - type: zzzz\n",
            ["4: houses[0].deck[0].type: unknown type 'zzzz' (known: hostility, character)"],
        ),
        (
            "weapon:\n  reach: 2\n  range: 3\n",
            [
                "2: weapon.reach: unknown field: a _Ranged has no 'reach' (other kinds of "
                "entry do)",
                "3: weapon.range: unknown field: this kind of entry has no 'range' (other kinds "
                "of entry do)",
            ],
        ),
        # a discriminator that is a function: its message as pydantic gives it
        ("target: 3\n", ["1: target: Unable to extract tag using discriminator _target_tag()"]),
        ("colour: green\n", ["1: colour: Input should be 'red' or 'blue', got 'green'"]),
        ("zzzz: 1\n", ["1: zzzz: unknown field"]),
        (
            "groups:\n  north:\n    - cost: 1\n      cots: 2\n",
            ["4: groups.north[0].cots: unknown field (did you mean 'cost'?)"],
        ),
        (
            "first:\n  inner:\n    cost: 1\n    cots: 2\n",
            [
                "1: first: Input should be 'none', got dict",
                "4: first.inner.cots: unknown field (did you mean 'cost'?)",
            ],
        ),
        (
            "first:\n  innr: {}\n",
            [
                "1: first: Input should be 'none', got dict",
                "1: first.inner: required field is missing",
                "2: first.innr: unknown field (did you mean 'inner'?)",
            ],
        ),
        (
            "lead:\nmotto: {a: 1}\n",
            [
                "1: lead: expected a mapping of fields (key: value), got nothing",
                "2: motto: Input should be a valid string, got dict",
            ],
        ),
        ("lead: [1]\n", ["1: lead: expected a mapping of fields (key: value), got a list"]),
        (
            "id: Night Watch!\n",
            [
                "1: id: an id is lower-case words of a-z and 0-9 joined by hyphens, got "
                "'Night Watch!' (try 'night-watch')"
            ],
        ),
        (
            "id: '!!!'\n",
            ["1: id: an id is lower-case words of a-z and 0-9 joined by hyphens, got '!!!'"],
        ),
    ],
)
def test_a_problem_is_placed_on_its_field_and_says_what_was_found(
    tmp_path: Path, text: str, wanted: list[str]
) -> None:
    assert _plan_problems(tmp_path, text) == wanted


# -- the folder as a whole ---------------------------------------------------------------


def _problem_objects(folder: Path) -> list[Problem]:
    with pytest.raises(ContentError) as info:
        load(folder)
    return info.value.problems


def test_a_folder_problem_has_no_line_column_or_field(tmp_path: Path) -> None:
    assert _problem_objects(tmp_path / "nope") == [
        Problem(str(tmp_path / "nope"), 0, 0, "", "no such content folder")
    ]
    assert _problem_objects(tmp_path) == [
        Problem(str(tmp_path), 0, 0, "", "no content: the folder holds no *.yaml files")
    ]
    (tmp_path / "plots.yaml").write_text("plots: [{id: a}]\n")
    (tmp_path / "houses.yaml").write_text("houses: [{id: stark}]\n")
    ((problem),) = _problem_objects(tmp_path)
    # every section missing is named, the unknown ones too
    assert problem == Problem(
        str(tmp_path),
        0,
        0,
        "",
        "does not look like this ruleset's content: it lacks the sections cards, settings "
        "and has the unknown sections houses, plots (is it the right --content folder?)",
    )


def test_a_missing_section_is_placed_on_the_folder(toy_root: Path) -> None:
    folder = toy_root / "toy"
    (folder / "game.yaml").write_text("decks: []\n")
    assert _problem_objects(folder) == [
        Problem(str(folder), 0, 0, "settings", "required field is missing")
    ]


def test_a_folder_that_only_lacks_sections_is_reported_in_full(tmp_path: Path) -> None:
    # two sections missing, one shared, none unknown: unfinished, not another ruleset's
    (tmp_path / "decks.yaml").write_text("decks: []\n")
    assert [(p.field, p.message) for p in _problem_objects(tmp_path)] == [
        ("cards", "required field is missing"),
        ("settings", "required field is missing"),
    ]


def test_the_loaded_content_knows_its_folder_and_travels_to_another_process(
    toy_root: Path,
) -> None:
    folder = toy_root / "toy"
    loaded = load(folder)
    assert loaded.folder == folder
    # what a ruleset derives and keeps on it (classes made at run time) stays behind
    object.__setattr__(loaded, "derived", lambda: None)
    copy = pickle.loads(pickle.dumps(loaded))
    assert copy == loaded
    assert copy.sources == loaded.sources
    assert not hasattr(copy, "derived")


def test_content_files_are_in_the_order_of_their_relative_paths(tmp_path: Path) -> None:
    names = ("cards/x.yaml", "cards-extra.yaml", "a.yml", ".hidden/b.yaml", "c.txt", "D.YAML")
    for name in names:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}\n")
    # 'cards-extra.yaml' before 'cards/x.yaml': '-' sorts before '/' in the text of a path
    # 'D.YAML' is read too: a designer's upper-case suffix was skipped without a word
    assert [p.relative_to(tmp_path).as_posix() for p in content_files(tmp_path)] == [
        "D.YAML",
        "a.yml",
        "cards-extra.yaml",
        "cards/x.yaml",
    ]


#: the content hash of the two files below (sha256 over each relative path and its bytes' sha256)
HASH_OF_TWO_FILES = "9520fa0821c33bfc12cb54a8a54cf5b9bd165df6115e717e6308e83eab357aec"


def test_the_content_hash_of_given_files_never_changes(tmp_path: Path) -> None:
    # records keep this hash: the same files must give the same hash in every version
    (tmp_path / "game.yaml").write_text("settings: {hand_size: 5}\ncards: []\n")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "decks.yaml").write_text("decks: []\n")
    assert load(tmp_path).content_hash == HASH_OF_TWO_FILES


# -- merging files, and what a problem of one file hides ---------------------------------


def test_a_section_spread_over_files_takes_each_files_keys(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False, max_deck=False)
    (folder / "more.yaml").write_text("settings:\n  max_deck: 3\n")
    # the max_deck of more.yaml counts
    _ends(problems(folder), "game.yaml:5:5: decks[0].cards: 4 cards, more than the 3 allowed")
    (folder / "more.yaml").write_text("settings:\n  max_deck: 0\n")
    _ends(
        problems(folder),
        "more.yaml:2:3: settings.max_deck: Input should be greater than or equal to 1",
    )


@pytest.mark.parametrize(
    "more, wanted",
    [
        # a key set again: the section is in doubt, the deck size check does not run
        ("settings:\n  hand_size: 6\n", "more.yaml:2:3: settings.hand_size: already defined in"),
        # a section given in another shape
        ("settings: [6]\n", "more.yaml:1:1: settings: already defined in"),
        ("settings: big\n", "more.yaml:1:1: settings: already defined in"),
    ],
)
def test_a_section_defined_twice_is_in_doubt(toy_root: Path, more: str, wanted: str) -> None:
    folder = _edit(toy_root, squire=False)
    (folder / "more.yaml").write_text(more)
    (line,) = problems(folder)
    assert wanted in line and line.endswith("game.yaml")


def test_a_list_section_given_as_text_in_another_file_is_defined_twice(toy_root: Path) -> None:
    folder = toy_root / "toy"
    (folder / "extra.yaml").write_text("cards: oops\n")
    (line,) = problems(folder)
    assert "extra.yaml:1:1: cards: already defined in" in line
    assert line.endswith("cards/spells.yaml")


def test_a_key_set_twice_in_a_file_puts_its_sections_in_doubt(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False)
    edit(folder / "game.yaml", "hand_size: 5\n", "hand_size: 5\n  hand_size: 5\n")
    (line,) = problems(folder)  # not TOO_MANY: the file's sections are in doubt
    assert "game.yaml:3:3" in line


def test_a_file_whose_top_level_is_no_mapping_may_hold_any_entry(toy_root: Path) -> None:
    folder = toy_root / "toy"
    (folder / "list.yaml").write_text("- a\n- b\n")
    edit(folder / "game.yaml", "squire,", "squier,")
    # 'squier' may be defined in list.yaml, had it been readable: no unknown id
    (line,) = problems(folder)
    assert "list.yaml:1:1: the top level must be a mapping of sections, got list" in line


def test_a_file_that_does_not_parse_stops_no_other_file(toy_root: Path) -> None:
    folder = toy_root / "toy"
    (folder / "a.yaml").write_text("cards: [oops\n")
    edit(folder / "game.yaml", "hand_size: 5", "hand_size: 0")
    _ends(
        problems(folder),
        "a.yaml:2:1: YAML syntax error: while parsing a flow sequence expected ',' or ']', "
        "but got '<stream end>' (it began at line 1): close the [ ] list, put commas between "
        "its items, quote any that hold ':' or ','",
        "game.yaml:2:3: settings.hand_size: Input should be greater than or equal to 1",
    )


def test_a_file_that_does_not_parse_does_not_make_the_folder_look_foreign(
    toy_root: Path,
) -> None:
    folder = toy_root / "toy"
    (folder / "game.yaml").write_text("settings: [5\n")
    (folder / "extra.yaml").write_text("houses: []\nplots: []\n")
    lines = problems(folder)
    assert not any("does not look like" in x for x in lines), lines
    assert any("extra.yaml:1:1: houses: unknown field" in x for x in lines), lines


def test_a_section_with_a_bad_reference_is_not_cross_checked(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False)
    edit(folder / "game.yaml", "squire,", "squier,")
    # the deck is too long, but with an unknown card it may well be wrong for that
    _ends(
        problems(folder),
        "game.yaml:6:29: decks[0].cards[2]: unknown cards id 'squier' (did you mean 'squire'?)",
    )


def test_a_bad_path_does_not_make_a_broken_section_readable(toy_root: Path) -> None:
    folder = _edit(toy_root, squire=False, max_deck=False)
    edit(folder / "game.yaml", "hand_size: 5", "hand_size: 0\n  max_deck: 3")
    edit(folder / "cards" / "units.yaml", "art/knight.png", "art/knigt.png")
    # the settings failed, the cards have a missing file: the deck size check needs both
    _ends(
        problems(folder),
        "units.yaml:9:5: cards[0].art: no such file 'art/knigt.png' in the content folder",
        "game.yaml:2:3: settings.hand_size: Input should be greater than or equal to 1",
    )


def test_ids_in_lists_under_a_mapping_know_their_lines(tmp_path: Path) -> None:
    class _Grouped(ContentModel):
        groups: dict[str, list[_Step]]

    (tmp_path / "groups.yaml").write_text(
        "groups:\n  north:\n    - id: knight\n  south:\n    - id: squire\n      cost: 1\n"
    )
    sources = load_content(_Grouped, tmp_path).sources
    assert sources == {
        "knight": f"{tmp_path / 'groups.yaml'}:3",
        "squire": f"{tmp_path / 'groups.yaml'}:5",
    }


# -- validate_document: one file ----------------------------------------------------------


def _document_problems(model: type[ContentModel], path: Path, text: str) -> list[Problem]:
    path.write_text(text)
    with pytest.raises(ContentError) as info:
        validate_document(model, parse_yaml(path, path.read_bytes()))
    return info.value.problems


def test_a_document_with_parse_problems_is_not_validated(tmp_path: Path) -> None:
    path = tmp_path / "step.yaml"
    (syntax,) = _document_problems(_Step, path, "cost: [1\n")
    assert syntax.message.startswith("YAML syntax error")
    # the data is read, but a key set twice is a problem of its own
    (twice,) = _document_problems(_Step, path, "cost: 1\ncost: 1\n")
    assert (twice.line, twice.field) == (2, "cost")


def test_a_document_says_what_an_unknown_field_may_mean(tmp_path: Path) -> None:
    path = tmp_path / "step.yaml"
    assert _document_problems(_Step, path, "cots: 1\n") == [
        Problem(str(path), 1, 1, "cots", "unknown field (did you mean 'cost'?)")
    ]


def test_a_document_never_parsed_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "step.yaml"
    with pytest.raises(ContentError) as info:
        validate_document(_Step, YamlDocument(path))
    assert info.value.problems == [Problem(str(path), 1, 1, "", "the file is empty")]


class _Shared(ContentModel):
    """Two list sections and two mapping sections, for YAML aliases shared between them."""

    first: list[int] = []
    second: list[int] = []
    lords: dict[str, int] = {}
    ladies: dict[str, int] = {}


def test_a_section_shared_by_an_alias_takes_in_only_what_is_written_under_it(
    tmp_path: Path,
) -> None:
    """A designer may write one list or mapping once and name it again with a YAML
    alias in another section; a later file that adds to one of the two sections adds to
    that section alone, not to the other through the shared value."""
    folder = tmp_path / "shared"
    folder.mkdir()
    (folder / "a.yaml").write_text(
        "first: &numbers [1, 2]\nsecond: *numbers\nlords: &houses {stark: 1}\nladies: *houses\n"
    )
    (folder / "b.yaml").write_text("first: [3]\nlords: {tully: 2}\n")
    model = load_content(_Shared, folder).model
    assert (model.first, model.second) == ([1, 2, 3], [1, 2])
    assert (model.lords, model.ladies) == ({"stark": 1, "tully": 2}, {"stark": 1})


class _KindA(ContentModel):
    type: Literal["a"]
    x: int = 0


class _KindB(ContentModel):
    type: Literal["b"]
    y: int = 0


class _Kinds(ContentModel):
    """Entries of two kinds in a mapping, keyed by a name that may equal a kind."""

    kinds: dict[str, Annotated[_KindA | _KindB, Field(discriminator="type")]] = {}


def test_a_field_of_another_kind_under_a_key_named_like_a_kind_says_this_kind(
    tmp_path: Path,
) -> None:
    """An entry keyed ``a`` of kind ``a`` given the other kind's field: pydantic's path
    repeats the key as the kind, so the message cannot tell them apart and speaks of
    "this kind of entry" rather than guess."""
    folder = tmp_path / "kinds"
    folder.mkdir()
    (folder / "kinds.yaml").write_text("kinds: {a: {type: a, y: 1}}\n")
    with pytest.raises(ContentError) as info:
        load_content(_Kinds, folder)
    assert [f"{p.line}:{p.column}: {p.field}: {p.message}" for p in info.value.problems] == [
        "1:22: kinds.a.y: unknown field: this kind of entry has no 'y' (other kinds of entry do)"
    ]


def test_a_flood_of_problems_is_cut_and_counted() -> None:
    """--content /tmp read every YAML file below it: 363,862 lines of problems."""
    from pnp.content.problems import MOST_SHOWN, Problem

    error = ContentError([Problem("f.yaml", i, 1, "x", "bad") for i in range(1, MOST_SHOWN + 8)])
    lines = error.lines()
    assert len(lines) == MOST_SHOWN + 2
    assert lines[-2].startswith("… and 7 more, not shown") and "wrong folder" in lines[-2]
    assert lines[-1] == f"{MOST_SHOWN + 7} problems found."
