"""Helpers the designer-guide tests share (``tests/rulesets/*/test_readme.py``): a
guide's sections, tables and fenced examples, putting an example into a copy of the
shipped content, the words a schema allows, and the picture boxes a kit draws.

What is the ruleset's own (its models, its headings, its tables) stays in its test.
pytest rewrites the asserts of test modules only, so each assert here says itself
what failed.
"""

from __future__ import annotations

import io
import re
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml
from pydantic import BaseModel
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.content import ContentError, ContentModel, LoadedContent, load_content
from pnp.render import Component, DrawContext, Face, IconSet
from tests.rulesets.art import picture

M = TypeVar("M", bound=ContentModel)

#: a fenced block: its language word (empty for a bare fence) and its text
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
#: a backtick span
SPAN = re.compile(r"`([^`]+)`")
#: a table cell border (a ``\|`` inside a cell is an escaped bar, not a border)
CELL = re.compile(r"(?<!\\)\|")
#: ``52.4 × 38.4``: two numbers
PAIR = re.compile(r"([\d.]+) × ([\d.]+)")
#: libyaml when installed: putting an example in place rewrites whole content files
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# -- the guide's text ----------------------------------------------------------------


def section(text: str, heading: str) -> str:
    """The guide's text under the one heading starting with ``heading``, to the next
    heading of the same or a higher level."""
    lines = text.splitlines()
    starts = [
        (i, len(line) - len(line.lstrip("#")))
        for i, line in enumerate(lines)
        if line.startswith("#") and line.lstrip("#").strip().startswith(heading)
    ]
    assert len(starts) == 1, f"README.md needs exactly one heading {heading!r}, got {len(starts)}"
    first, level = starts[0]
    end = next(
        (
            j
            for j in range(first + 1, len(lines))
            if lines[j].startswith("#") and len(lines[j]) - len(lines[j].lstrip("#")) <= level
        ),
        len(lines),
    )
    return "\n".join(lines[first:end])


def table_rows(text: str) -> list[list[str]]:
    """The cells of each body row of the tables in ``text`` (escaped bars unescaped)."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip().replace("\\|", "|") for c in CELL.split(line)[1:-1]])
    return rows[1:] if rows else rows  # the first row is the header


# -- the examples --------------------------------------------------------------------


def yaml_examples(text: str, *, bare: bool = True) -> list[str]:
    """The text of every fenced block of ``text`` that is an example: each ```yaml
    block and, with ``bare``, each bare block that parses as a YAML mapping (a guide
    may fence a fragment shown in passing without ``yaml``); blocks in another
    language are not examples."""
    out = []
    for lang, body in FENCE.findall(text):
        if lang == "yaml":
            out.append(body)
        elif bare and not lang:
            try:
                data = yaml.safe_load(body)
            except yaml.YAMLError:
                continue  # plain text, not YAML
            if isinstance(data, dict):
                out.append(body)
    return out


def parse_example(block: str) -> dict[str, Any]:
    """An example block parsed: it must be a non-empty mapping (of sections)."""
    example = yaml.safe_load(block)
    assert isinstance(example, dict) and example, "an example is a non-empty mapping"
    return example


def read_yaml_files(folder: Path) -> dict[Path, Any]:
    """Every YAML file under ``folder`` (in path order), parsed."""
    return {
        p: yaml.load(p.read_text(encoding="utf-8"), Loader=LOADER)
        for p in sorted(folder.rglob("*.yaml"))
    }


def write_yaml(path: Path, doc: Any) -> None:
    """Write ``doc`` to ``path`` as YAML, keys in their order."""
    text = yaml.dump(doc, Dumper=DUMPER, sort_keys=False, allow_unicode=True)
    path.write_text(text, encoding="utf-8")


def place_entry(node: Any, section_name: str, item: dict[str, Any], *, merge: bool) -> bool:
    """Put ``item`` in place of the entry with its id (with ``merge``: merge it into
    that entry) in every ``section_name`` list under ``node`` (a parsed YAML file);
    whether one was found."""
    found = False
    if isinstance(node, list):
        for child in node:
            found = place_entry(child, section_name, item, merge=merge) or found
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == section_name and isinstance(value, list):
                for i, old in enumerate(value):
                    if isinstance(old, dict) and old.get("id") == item["id"]:
                        if merge:
                            old.update(item)
                        else:
                            value[i] = item
                        found = True
            else:
                found = place_entry(value, section_name, item, merge=merge) or found
    return found


def place_example(
    folder: Path, example: dict[str, list[dict[str, Any]]], number: int, *, merge: bool
) -> None:
    """Put each entry of example ``number`` in place of (``merge``: into) the shipped
    entry with its id in the content copy ``folder``, which must have one, and give
    each ``art:`` file a small stand-in picture (the guide's files are the designer's
    own); the files changed are written back."""
    docs = read_yaml_files(folder)
    changed: set[Path] = set()
    for name, items in example.items():
        for item in items:
            hits = [p for p, doc in docs.items() if place_entry(doc, name, item, merge=merge)]
            assert hits, f"example {number + 1}: no shipped {name} entry {item['id']!r}"
            changed.update(hits)
            if "art" in item:
                fmt = "JPEG" if item["art"].lower().endswith((".jpg", ".jpeg")) else "PNG"
                picture(folder / item["art"], fmt=fmt)
    for path in changed:
        write_yaml(path, docs[path])


def load_example(model: type[M], folder: Path, number: int) -> LoadedContent[M]:
    """The content copy ``folder`` with example ``number`` put in, loaded with every
    check of ``pnp validate``; the test fails with the loader's problems if it does
    not load."""
    try:
        return load_content(model, folder)
    except ContentError as err:
        pytest.fail(f"README example {number + 1} is not valid content:\n{err}")


# -- the schema's words --------------------------------------------------------------


def nested_types(annotation: Any) -> list[Any]:
    """Every type inside an annotation (list items, union members, Annotated bases),
    the annotation first."""
    out = [annotation]
    for arg in typing.get_args(annotation):
        out += nested_types(arg)
    return out


def literal_words(annotation: Any) -> list[str]:
    """The non-boolean words every ``Literal`` inside ``annotation`` allows."""
    return [
        str(v)
        for t in nested_types(annotation)
        if typing.get_origin(t) is typing.Literal
        for v in typing.get_args(t)
        if not isinstance(v, bool)
    ]


def parameter_model(model: type[BaseModel], name: str) -> type[BaseModel] | None:
    """The model a field's value is (``gain_power`` → ``PowerGain``), if it is one
    outright, or optional (not a target, which is a choice of shapes)."""
    args = [a for a in typing.get_args(model.model_fields[name].annotation) if a is not type(None)]
    if len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return args[0]
    return None


# -- the picture boxes ---------------------------------------------------------------


class PictureBoxes(Face):
    """A face that notes the box (mm) of each picture instead of reading the file."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.boxes: list[tuple[float, float]] = []

    def image(
        self, path: str | Path, x: float, y: float, w: float, h: float, *, fit: Any = "cover"
    ) -> None:
        self.boxes.append((round(w / mm, 1), round(h / mm, 1)))


def assert_picture_table(
    table: str,
    wanted: Mapping[str, Sequence[str]],
    kit: Mapping[str, Component],
    icons: IconSet,
) -> None:
    """The rows of the Pictures table in ``table`` (those with a box, ``W × H`` in
    their third cell) are about the components ``wanted`` names by each row's first
    words, in that order; each row's box is where the ``kit`` draws those components'
    picture, its size (when given) is the component's, and its pixels are the box at
    300 dpi (rounded to 5 px)."""
    rows = [row for row in table_rows(table) if "×" in row[2]]
    about = [next(k for k in wanted if row[0].startswith(k)) for row in rows]
    assert about == list(wanted), f"the Pictures rows are about {about}, not {list(wanted)}"
    canvas = Canvas(io.BytesIO())
    for row in rows:
        box = tuple(float(v) for v in PAIR.findall(row[2])[0])
        pixels = tuple(int(v) for v in PAIR.findall(row[3])[0])
        assert all(abs(p - b / 25.4 * 300) <= 5 for p, b in zip(pixels, box, strict=True)), row
        for cid in next(ids for k, ids in wanted.items() if row[0].startswith(k)):
            comp = kit[cid]
            w, h = comp.trim_size()
            size = PAIR.findall(row[0])
            assert not size or (float(size[0][0]), float(size[0][1])) == (w / mm, h / mm), row
            context = DrawContext(icons=icons)
            face = PictureBoxes(canvas, width=w, height=h, bleed=0, component=comp, context=context)
            comp.face(face)
            canvas.showPage()
            assert face.boxes == [box], f"{cid}: the kit's picture box is {face.boxes}"
