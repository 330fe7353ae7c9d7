"""Marker checks: references held as mapping keys, and checks on what validated when
some entries did not."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import pytest
from PIL import Image

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
