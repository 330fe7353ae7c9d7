"""Kit declarations: checks on components, file grouping, in-memory renders, determinism."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.render import Board, Card, RenderError, Token, check_components
from pnp.render.kit import NoKitError, kit_components, plan_files, render_kit
from pnp.render.options import RenderOptions
from tests.fixtures.toy import TOY
from tests.render.conftest import plain_face


def test_bad_declarations_are_all_reported() -> None:
    components = [
        Card(id="Bad Id", face=plain_face),
        Card(id="twin", face=plain_face, copies=-1),
        Token(id="twin", face=plain_face, shape="oval"),  # type: ignore[arg-type]
        Card(id="odd", face=plain_face, size="huge"),
        Board(id="map", face=plain_face, size=(0, 10)),
        Token(id="chip", face=plain_face, file="cards"),
        Card(id="named", face=plain_face, file="my.pdf"),
        "not a component",  # type: ignore[list-item]
    ]
    with pytest.raises(RenderError) as info:
        check_components(components, "toy")
    lines = info.value.lines()
    assert "toy: card 'Bad Id': id must be kebab-case (lowercase letters, digits, '-')" in lines
    assert "toy: card 'twin': copies must be >= 0, got -1" in lines
    assert "toy: token 'twin': shape must be one of round, square, hex, got 'oval'" in lines
    assert "toy: token 'twin': duplicate id (already used by a card)" in lines
    assert any(line.startswith("toy: card 'odd': unknown card size 'huge'") for line in lines)
    assert "toy: board 'map': size must be positive, got 0 × 10 mm" in lines
    assert (
        "toy: token 'chip': file 'cards' already holds cards; a file holds components of one kind"
        in lines
    )
    assert "toy: card 'named': file 'my.pdf' must be kebab-case, without '.pdf'" in lines
    assert any("component #8: not a Card, Token or Board" in line for line in lines)


def test_files_group_components_in_order() -> None:
    comps = [
        Card(id="a", face=plain_face),
        Token(id="t", face=plain_face),
        Card(id="b", face=plain_face, file="extras"),
        Card(id="c", face=plain_face),
        Board(id="map", face=plain_face, size=(100, 100)),
        Card(id="gone", face=plain_face, copies=0),
    ]
    files = plan_files(comps, RenderOptions(duplex="none"))
    assert [(f.name, [c.id for c in f.components]) for f in files] == [
        ("cards.pdf", ["a", "c", "gone"]),
        ("tokens.pdf", ["t"]),
        ("extras.pdf", ["b"]),
        ("map.pdf", ["map"]),
    ]
    assert len(files[0].pages[0].placed) == 2  # copies: 0 prints nothing


def test_no_kit(toy_content: LoadedContent[Any]) -> None:
    with pytest.raises(NoKitError, match="toy: no print kit yet"):
        kit_components(dataclasses.replace(TOY, components=None), toy_content)


def test_a_crashing_component_list_is_reported(toy_content: LoadedContent[Any]) -> None:
    def broken(content: LoadedContent[Any]) -> list[Card]:
        raise KeyError("houses")

    with pytest.raises(RenderError, match="toy: building the component list failed: KeyError"):
        kit_components(dataclasses.replace(TOY, components=broken), toy_content)


@pytest.mark.parametrize(
    "options",
    [
        RenderOptions(layout="gutterfold", paper="Letter"),
        RenderOptions(duplex="short", back_offset=(1.0, 2.0), cut_lines=True, paper="A3"),
    ],
)
def test_renders_are_byte_identical(
    toy_content: LoadedContent[Any], options: RenderOptions
) -> None:
    first = render_kit(TOY, toy_content, options)
    second = render_kit(TOY, toy_content, options)
    assert [f.name for f in first.files] == ["cards.pdf", "tokens.pdf", "arena.pdf", "score.pdf"]
    assert [f.data for f in first.files] == [f.data for f in second.files]
    assert first.manifest == second.manifest
    assert all(b"/CreationDate (D:20000101000000+00'00')" in f.data for f in first.files)
