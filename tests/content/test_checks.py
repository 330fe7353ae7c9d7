"""Marker checks: references held as mapping keys, and checks on what validated when
some entries did not."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pnp.content import ContentModel, Id, Ref
from pnp.content.checks import Dropped, check_markers, namespaces, raw_ids


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
