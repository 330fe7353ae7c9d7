"""Marker checks on a validated model: references held as mapping keys."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pnp.content import ContentModel, Id, Ref
from pnp.content.checks import check_markers


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
