"""Marker checks: references held as mapping keys, and checks on what validated when
some entries did not."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from PIL import Image
from pydantic import Field

from pnp.content import ArtPath, ContentModel, Id, Ref
from pnp.content.checks import Dropped, check_markers, namespaces, raw_ids
from pnp.content.model import Loc


class _Unit(ContentModel):
    id: Annotated[str, Id("units")]


class _Army(ContentModel):
    units: list[_Unit]
    #: unit id -> count: the keys are references
    muster: dict[Annotated[str, Ref("units")], int]


def test_a_mapping_key_that_names_nothing_is_reported(tmp_path: Path) -> None:
    army = _Army(units=[_Unit(id="knight")], muster={"knight": 1, "knigt": 2})
    problems = list(check_markers(army, tmp_path))
    assert problems == [(("muster", "knigt"), "unknown units id 'knigt' (did you mean 'knight'?)")]


def test_mapping_keys_that_name_items_pass(tmp_path: Path) -> None:
    army = _Army(units=[_Unit(id="knight")], muster={"knight": 1})
    assert list(check_markers(army, tmp_path)) == []


# -- what schema validation left out -------------------------------------------------


class _Deck(ContentModel):
    units: list[_Unit]
    cards: list[Annotated[str, Ref("units")]] = []


def test_a_reference_to_a_left_out_entry_is_not_dangling(tmp_path: Path) -> None:
    deck = _Deck(units=[_Unit(id="knight")], cards=["knight", "squire", "squier", "page"])
    dropped = Dropped(ids={"units": frozenset({"squire"})})
    problems = list(check_markers(deck, tmp_path, dropped=dropped))
    # 'squire' exists, only broken; the hint may name it too
    assert problems == [
        (("cards", 2), "unknown units id 'squier' (did you mean 'squire'?)"),
        # no near miss: a short namespace is listed instead
        (("cards", 3), "unknown units id 'page' (known: knight, squire)"),
    ]


def test_no_reference_into_an_unreadable_namespace_is_checked(tmp_path: Path) -> None:
    deck = _Deck(units=[_Unit(id="knight")], cards=["page"])
    assert (
        list(check_markers(deck, tmp_path, dropped=Dropped(namespaces=frozenset({"units"})))) == []
    )


def test_a_left_out_section_is_not_walked(tmp_path: Path) -> None:
    # built without validation, as the loader builds what is left: 'units' is unset
    deck = _Deck.model_construct(cards=["knight", "knight"])
    dropped = Dropped(sections=frozenset({"units"}), namespaces=frozenset({"units"}))
    assert list(check_markers(deck, tmp_path, dropped=dropped)) == []


def test_raw_ids_reads_the_ids_of_broken_entries() -> None:
    raw = [{"id": "knight", "cost": -1}, {"id": "squire"}]
    assert raw_ids(raw, list[_Unit]) == ({"units": {"knight", "squire"}}, set())


def test_raw_ids_reads_ids_nested_in_a_broken_entry() -> None:
    raw = {"units": [{"id": "knight"}], "muster": {"knight": "many"}}
    assert raw_ids(raw, _Army) == ({"units": {"knight"}}, set())


def test_raw_ids_cannot_read_an_entry_without_its_id() -> None:
    assert raw_ids([{"name": "Knight"}], list[_Unit]) == ({}, {"units"})
    assert raw_ids(["knight"], list[_Unit]) == ({}, {"units"})  # text, not an entry
    assert raw_ids({"knight": {}}, list[_Unit]) == ({}, {"units"})  # not a list


def test_namespaces_are_found_through_nesting() -> None:
    assert namespaces(_Army) == {"units"}
    assert namespaces(dict[str, _Deck]) == {"units"}
    assert namespaces(list[int]) == set()


# -- pictures (ArtPath) ----------------------------------------------------------------


class _Portrait(ContentModel):
    id: Annotated[str, Id("portraits")]
    art: ArtPath | None = None


class _Gallery(ContentModel):
    portraits: list[_Portrait]


def _art_problems(folder: Path, name: str) -> list[tuple[Loc, str]]:
    gallery = _Gallery(portraits=[_Portrait(id="p", art=name)])
    return list(check_markers(gallery, folder))


@pytest.mark.parametrize("fmt, name", [("PNG", "a.png"), ("JPEG", "a.jpg"), ("JPEG", "a.JPEG")])
def test_a_readable_png_or_jpeg_passes(tmp_path: Path, fmt: str, name: str) -> None:
    Image.new("RGB", (8, 6), "#7a1414").save(tmp_path / name, fmt)
    assert _art_problems(tmp_path, name) == []


def test_a_text_file_named_png_is_not_a_picture(tmp_path: Path) -> None:
    (tmp_path / "x.png").write_text("not a picture\n")
    ((loc, message),) = _art_problems(tmp_path, "x.png")
    assert loc == ("portraits", 0, "art")
    assert message == "'x.png': not a PNG or JPEG picture (the file cannot be read as a picture)"


def test_a_truncated_png_is_not_readable(tmp_path: Path) -> None:
    Image.new("RGB", (64, 64), "#2f4a3a").save(tmp_path / "whole.png")
    (tmp_path / "cut.png").write_bytes((tmp_path / "whole.png").read_bytes()[:80])
    ((_, message),) = _art_problems(tmp_path, "cut.png")
    assert message.startswith("'cut.png': not a readable PNG or JPEG picture (")


def test_a_gif_named_png_says_what_it_is(tmp_path: Path) -> None:
    Image.new("RGB", (8, 6), "#7a1414").save(tmp_path / "x.png", "GIF")
    ((_, message),) = _art_problems(tmp_path, "x.png")
    assert message == "'x.png': expected a PNG or JPEG picture, the file is GIF"


def test_a_picture_file_must_end_in_png_or_jpeg(tmp_path: Path) -> None:
    Image.new("RGB", (8, 6), "#7a1414").save(tmp_path / "x.gif", "GIF")
    ((_, message),) = _art_problems(tmp_path, "x.gif")
    assert message == "expected a .png or .jpg or .jpeg file, got 'x.gif'"


def test_a_missing_or_escaping_picture_is_reported_before_it_is_opened(tmp_path: Path) -> None:
    inside = tmp_path / "content"
    inside.mkdir()
    Image.new("RGB", (8, 6)).save(tmp_path / "outside.png")
    assert _art_problems(inside, "../outside.png") == [
        (("portraits", 0, "art"), "path '../outside.png' leaves the content folder")
    ]
    assert _art_problems(inside, "nope.png") == [
        (("portraits", 0, "art"), "no such file 'nope.png' in the content folder")
    ]


# -- messages of check_markers ---------------------------------------------------------


def test_a_duplicate_id_names_its_first_use_only_when_told_where(tmp_path: Path) -> None:
    deck = _Deck(units=[_Unit(id="knight"), _Unit(id="knight")])
    assert list(check_markers(deck, tmp_path)) == [
        (("units", 1, "id"), "duplicate id 'knight' in units")
    ]

    def where(loc: Loc) -> str:
        return "army.yaml:" + "/".join(map(str, loc))

    assert list(check_markers(deck, tmp_path, where=where)) == [
        (
            ("units", 1, "id"),
            "duplicate id 'knight' in units (first used at army.yaml:units/0/id)",
        )
    ]


def test_a_reference_into_an_empty_namespace_lists_nothing(tmp_path: Path) -> None:
    deck = _Deck(units=[], cards=["knight"])
    assert list(check_markers(deck, tmp_path)) == [(("cards", 0), "unknown units id 'knight'")]


def test_a_namespace_of_one_id_is_listed(tmp_path: Path) -> None:
    deck = _Deck(units=[_Unit(id="knight")], cards=["page"])
    assert list(check_markers(deck, tmp_path)) == [
        (("cards", 0), "unknown units id 'page' (known: knight)")
    ]


@pytest.mark.parametrize("count, listed", [(12, True), (13, False)])
def test_a_namespace_is_listed_up_to_twelve_ids(tmp_path: Path, count: int, listed: bool) -> None:
    names = [f"u{i:02}" for i in range(1, count + 1)]
    deck = _Deck(units=[_Unit(id=name) for name in names], cards=["zzz"])
    extra = f" (known: {', '.join(names)})" if listed else ""
    assert list(check_markers(deck, tmp_path)) == [(("cards", 0), f"unknown units id 'zzz'{extra}")]


class _Book(ContentModel):
    id: Annotated[str, Id("books")]
    sequel: Annotated[str, Ref("books")]


def test_ids_and_references_on_the_root_model_are_checked(tmp_path: Path) -> None:
    assert list(check_markers(_Book(id="a", sequel="a"), tmp_path)) == []
    assert list(check_markers(_Book(id="a", sequel="b"), tmp_path)) == [
        (("sequel",), "unknown books id 'b' (known: a)")
    ]


# -- where references may sit: mapping values, tuples, unions, nested annotations --------


class _Garrison(ContentModel):
    units: list[_Unit]
    #: castle -> the unit that holds it: the values are references
    captains: dict[str, Annotated[str, Ref("units")]] = {}
    #: (rank, unit): only the second item is a reference
    pair: tuple[int, Annotated[str, Ref("units")]] = (0, "knight")
    line: tuple[Annotated[str, Ref("units")], ...] = ()
    #: non-empty lists of units
    squads: list[Annotated[list[Annotated[str, Ref("units")]], Field(min_length=1)]] = []
    #: one unit or several
    lead: Annotated[str, Ref("units")] | list[Annotated[str, Ref("units")]] = "knight"
    rear: list[Annotated[str, Ref("units")]] | Annotated[str, Ref("units")] = "knight"
    #: a keyword or a unit: the keyword is no reference
    fallback: Literal["none"] | Annotated[str, Ref("units")] = "none"


def _garrison_problems(folder: Path, **fields: Any) -> list[tuple[Loc, str]]:
    garrison = _Garrison(units=[_Unit(id="knight")], **fields)
    return list(check_markers(garrison, folder))


def test_the_defaults_of_the_garrison_pass(tmp_path: Path) -> None:
    # the keyword 'none' of fallback is taken as the Literal, not as a unit
    assert _garrison_problems(tmp_path) == []


@pytest.mark.parametrize(
    "fields, loc",
    [
        ({"captains": {"north": "knigt"}}, ("captains", "north")),
        ({"pair": (1, "knigt")}, ("pair", 1)),
        ({"line": ("knight", "knigt")}, ("line", 1)),
        ({"line": ("knight", "knight", "knigt")}, ("line", 2)),
        ({"squads": [["knight"], ["knight", "knigt"]]}, ("squads", 1, 1)),
        ({"lead": "knigt"}, ("lead",)),
        ({"lead": ["knight", "knigt"]}, ("lead", 1)),
        ({"rear": "knigt"}, ("rear",)),
        ({"rear": ["knigt"]}, ("rear", 0)),
    ],
)
def test_a_reference_is_checked_wherever_it_sits(
    tmp_path: Path, fields: dict[str, Any], loc: Loc
) -> None:
    assert _garrison_problems(tmp_path, **fields) == [
        (loc, "unknown units id 'knigt' (did you mean 'knight'?)")
    ]


def test_each_picture_is_judged_on_its_own(tmp_path: Path) -> None:
    # pictures are decoded once each, and a good one does not vouch for a bad one
    Image.new("RGB", (8, 6), "#7a1414").save(tmp_path / "good.png")
    (tmp_path / "bad.png").write_text("not a picture\n")
    names = ["good.png", "bad.png", "good.png", "bad.png"]
    gallery = _Gallery(portraits=[_Portrait(id=f"p{i}", art=n) for i, n in enumerate(names)])
    bad = "'bad.png': not a PNG or JPEG picture (the file cannot be read as a picture)"
    assert list(check_markers(gallery, tmp_path)) == [
        (("portraits", 1, "art"), bad),
        (("portraits", 3, "art"), bad),
    ]


class _Loose(ContentModel):
    # no item types: nothing inside is an Id or a Ref
    notes: typing.List = []  # noqa: UP006 (the bare typing form is what is tested)
    extra: typing.Dict = {}  # noqa: UP006


def test_containers_without_item_types_are_not_walked(tmp_path: Path) -> None:
    loose = _Loose(notes=["knight", {"id": "knight"}], extra={"knight": "squire"})
    assert list(check_markers(loose, tmp_path)) == []
    raw = {"notes": ["knight", {"id": "knight"}], "extra": {"knight": "squire"}}
    assert raw_ids(raw, _Loose) == ({}, set())


# -- namespaces and raw_ids --------------------------------------------------------------


class _Node(ContentModel):
    id: Annotated[str, Id("nodes")]
    children: list[_Node] = []


def test_namespaces_are_found_in_nested_annotations_and_recursive_models() -> None:
    assert namespaces(list[Annotated[str, Id("tags")]]) == {"tags"}
    assert namespaces(dict[Annotated[str, Id("tags")], _Unit]) == {"tags", "units"}
    assert namespaces(_Node) == {"nodes"}


def test_raw_ids_reads_ids_marked_inside_a_list() -> None:
    tags = list[Annotated[str, Id("tags")]]
    assert raw_ids(["a", "b"], tags) == ({"tags": {"a", "b"}}, set())
    assert raw_ids(["a", 3], tags) == ({"tags": {"a"}}, {"tags"})  # 3 is no id


def test_raw_ids_cannot_read_an_id_that_is_not_text() -> None:
    assert raw_ids([{"id": 3}, {"id": "knight"}], list[_Unit]) == ({"units": {"knight"}}, {"units"})


def test_raw_ids_reads_past_a_missing_field() -> None:
    class _Squad(ContentModel):
        label: str
        units: list[_Unit]

    # 'label' is missing: the units after it are still read
    assert raw_ids({"units": [{"id": "knight"}]}, _Squad) == ({"units": {"knight"}}, set())


def test_raw_ids_marks_a_nested_section_that_is_not_a_list() -> None:
    raw = {"units": {"knight": {}}, "muster": {}}
    assert raw_ids(raw, _Army) == ({}, {"units"})


class _Raid(ContentModel):
    # YAML keys that are Python keywords take an alias
    from_: Annotated[str, Id("units")] = Field(alias="from")


@pytest.mark.parametrize("key", ["from", "from_"])
def test_raw_ids_reads_a_field_by_its_alias_or_its_name(key: str) -> None:
    assert raw_ids([{key: "knight"}], list[_Raid]) == ({"units": {"knight"}}, set())


def test_raw_ids_reads_mapping_values_and_keys() -> None:
    by_castle = dict[str, _Unit]
    raw = {"north": {"id": "knight"}, "south": "squire"}  # south's entry is not a mapping
    assert raw_ids(raw, by_castle) == ({"units": {"knight"}}, {"units"})
    assert raw_ids(["knight"], by_castle) == ({}, {"units"})  # not a mapping at all
    by_unit = dict[Annotated[str, Id("units")], int]
    assert raw_ids({"knight": 1, 3: 2}, by_unit) == ({"units": {"knight"}}, {"units"})


def test_raw_ids_reads_a_tuple_item_by_item() -> None:
    pair = tuple[int, Annotated[str, Id("units")]]
    assert raw_ids([1, "knight"], pair) == ({"units": {"knight"}}, set())
    # too long for the tuple: the extra item has no type, and is not read
    assert raw_ids([1, "knight", "squire"], pair) == ({"units": {"knight"}}, set())


@pytest.mark.parametrize(
    "member",
    [_Unit, Annotated[_Unit, "a note"], list[_Unit], dict[str, _Unit]],
    ids=["model", "annotated model", "list", "mapping"],
)
def test_raw_ids_reads_a_union_as_the_members_of_the_value_s_shape(member: Any) -> None:
    # text is read as the str member only: not as an entry without its id
    assert raw_ids(["knight"], list[member | str]) == ({}, set())


def test_raw_ids_reads_an_entry_in_a_union_as_the_entry() -> None:
    raw = ["knight", {"id": "squire"}, [{"id": "page"}]]
    assert raw_ids(raw, list[_Unit | list[_Unit] | str]) == ({"units": {"squire", "page"}}, set())
