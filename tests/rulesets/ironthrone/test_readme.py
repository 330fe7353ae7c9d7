"""The designer's guide ``content/ironthrone/README.md`` stays true to the code.

The guide teaches by example and by tables, and nothing else reads them, so
they would drift silently when the schema changes. Three guards:

- every YAML example (the ```yaml blocks, and the bare block of "Pictures"
  that shows ``art:`` fields) is valid content: each entry validates as the
  model its section names, its ability fits its window, and put in place of
  the shipped entry with the same id (with stand-in pictures for its ``art:``
  files) the content still loads with every check of ``pnp validate``;
- every word the vocabulary tables document is a word of the code's vocabulary
  (:mod:`pnp.rulesets.ironthrone.effects`) and takes the value the table
  shows, and each table lists the whole of its part of the vocabulary;
- the picture boxes the "Pictures" table quotes are the boxes the kit places
  pictures in, and its pixel counts are those boxes at 300 dpi.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import re
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, TypeAdapter, ValidationError
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.content import ContentError, load_content
from pnp.render import DrawContext, Face
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.components import components
from pnp.rulesets.ironthrone.effects import (
    CARD_WINDOWS,
    WINDOWS,
    Ability,
    Conditions,
    Cost,
    Effect,
    Who,
    check_ability,
)
from pnp.rulesets.ironthrone.icons import ICONS
from pnp.rulesets.ironthrone.model import (
    Character,
    CharacterCard,
    HouseCard,
    IronThroneContent,
)
from tests.rulesets.art import picture

README = RULESET.content_dir() / "README.md"

#: a fenced block: its language word (empty for a bare fence) and its text
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
#: a backtick span
SPAN = re.compile(r"`([^`]+)`")
#: a table cell border (a ``\|`` inside a cell is an escaped bar, not a border)
CELL = re.compile(r"(?<!\\)\|")
#: libyaml when installed: the load test rewrites whole content files
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
#: what YAML makes of the guide's ``{…}`` ("as shipped") placeholder
ELIDED = {"…": None}

#: the model each top-level section of an example holds a list of; House decks hold
#: three kinds of card, told apart by ``type`` (the model's discriminated union)
SECTIONS: dict[str, TypeAdapter[Any]] = {
    "deck": TypeAdapter(HouseCard),
    "characters": TypeAdapter(Character),
}
#: the keys of an ability: an example with only these is a bare ability
ABILITY_KEYS = frozenset(info.alias or name for name, info in Ability.model_fields.items())


def _readme() -> str:
    return README.read_text(encoding="utf-8")


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


def table_rows(heading: str) -> list[list[str]]:
    """The cells of each body row of the tables under ``heading`` (escaped bars unescaped)."""
    rows = []
    for line in section(_readme(), heading).splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip().replace("\\|", "|") for c in CELL.split(line)[1:-1]])
    return rows[1:] if rows else rows  # the first row is the header


def table_words(heading: str) -> list[tuple[str, str | None]]:
    """``(word, argument)`` of each backtick span in the first column of the table under
    ``heading``: ``outcome: hostility|truce`` gives ``("outcome", "hostility|truce")``."""
    out = []
    for row in table_rows(heading):
        for span in SPAN.findall(row[0]):
            name, _, arg = span.partition(":")
            out.append((name.strip(), arg.strip() or None))
    return out


@functools.cache
def shipped() -> IronThroneContent:
    """The shipped content's model (read-only: models are frozen)."""
    model = RULESET.load().model
    assert isinstance(model, IronThroneContent)
    return model


# -- the examples --------------------------------------------------------------------


def readme_examples() -> list[str]:
    """The text of every fenced block that is an example: each ```yaml block, and each
    bare block that parses as a YAML mapping (the guide fences a fragment shown in
    passing without ``yaml``); blocks in another language are not examples."""
    out = []
    for lang, body in FENCE.findall(_readme()):
        if lang == "yaml":
            out.append(body)
        elif not lang:
            try:
                data = yaml.safe_load(body)
            except yaml.YAMLError:
                continue  # plain text, not YAML
            if isinstance(data, dict):
                out.append(body)
    return out


def _example(number: int) -> dict[str, Any]:
    example = yaml.safe_load(readme_examples()[number])
    assert isinstance(example, dict) and example, "an example is a non-empty mapping"
    return example


def _is_ability(example: dict[str, Any]) -> bool:
    return set(example) <= ABILITY_KEYS


def _placed(number: int) -> bool:
    """Whether example ``number`` holds entries to place in the content (not a bare
    ability); one that does not parse counts, so its test reports why."""
    try:
        return not _is_ability(_example(number))
    except (yaml.YAMLError, AssertionError):
        return True


def _shipped_entries(section_name: str) -> dict[str, BaseModel]:
    model = shipped()
    if section_name == "characters":
        return {c.id: c for c in model.characters}
    return {c.id: c for house in model.houses for c in house.deck}


def filled(section_name: str, item: dict[str, Any]) -> dict[str, Any]:
    """``item`` with each ``{…}`` value replaced by the shipped entry's value for that key.

    The guide writes ``{…}`` where the whole value would only distract (the leader
    ability in the Pictures example); YAML reads it as the mapping ``{'…': None}``,
    which no model accepts, so the real one stands in. ``"…"`` (a flavour line) is a
    valid string and stays as written.
    """
    out = dict(item)
    for key, value in item.items():
        if value == ELIDED:
            entry = _shipped_entries(section_name)[item["id"]]
            out[key] = entry.model_dump(mode="json", by_alias=True, exclude_none=True)[key]
    return out


def test_the_guide_has_examples() -> None:
    """The block finder sees every example, the bare Pictures block included."""
    examples = readme_examples()
    assert len(examples) >= 4
    assert any("art:" in e for e in examples), "the Pictures example was not found"


@pytest.mark.parametrize("number", range(len(readme_examples())), ids=lambda n: f"example-{n + 1}")
def test_examples_are_valid_entries(number: int) -> None:
    """Each entry of each example validates as its section's model (a deck card as the
    kind its ``type`` names), and each ability in it fits its window and its role (a
    leader's or a card's)."""
    example = _example(number)
    if _is_ability(example):
        ability = Ability.model_validate(example)
        # the guide's sample is Robb Stark's shipped leader ability, so it must fit a leader
        assert not list(check_ability(ability, card=False))
        return
    for name, items in example.items():
        assert name in SECTIONS, f"example {number + 1}: no model known for section {name!r}"
        assert isinstance(items, list), f"example {number + 1}: {name!r} is a list"
        for item in items:
            entry = SECTIONS[name].validate_python(filled(name, item))
            if isinstance(entry, CharacterCard):
                assert not list(check_ability(entry.ability, card=True)), entry.id
            if isinstance(entry, Character):
                assert not list(check_ability(entry.leader, card=False)), entry.id


def _replace(node: Any, section_name: str, item: dict[str, Any]) -> bool:
    """Put ``item`` in place of the entry with its id in every ``section_name`` list
    under ``node`` (a parsed YAML file); whether one was found."""
    found = False
    if isinstance(node, list):
        for child in node:
            found = _replace(child, section_name, item) or found
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == section_name and isinstance(value, list):
                for i, old in enumerate(value):
                    if isinstance(old, dict) and old.get("id") == item["id"]:
                        value[i] = item
                        found = True
            else:
                found = _replace(value, section_name, item) or found
    return found


@pytest.mark.parametrize(
    "number",
    [n for n in range(len(readme_examples())) if _placed(n)],
    ids=lambda n: f"example-{n + 1}",
)
def test_examples_load_in_place_of_the_shipped_entries(number: int, tmp_path: Path) -> None:
    """Put in place of the shipped entries with the same ids, an example's entries load
    with every check of ``pnp validate``: references, the deck breakdown, ability fit,
    and the ``art:`` paths, which the loader (not the model) checks; they get small
    stand-in pictures, as the guide's files are the designer's own."""
    folder = tmp_path / "ironthrone"
    shutil.copytree(RULESET.content_dir(), folder)
    docs = {p: yaml.load(p.read_text(encoding="utf-8"), _LOADER) for p in folder.rglob("*.yaml")}
    changed = set()
    for name, items in _example(number).items():
        for item in items:
            item = filled(name, item)
            hits = [p for p, doc in docs.items() if _replace(doc, name, item)]
            assert hits, f"example {number + 1}: no shipped {name} entry {item['id']!r}"
            changed.update(hits)
            if "art" in item:
                fmt = "JPEG" if item["art"].lower().endswith((".jpg", ".jpeg")) else "PNG"
                picture(folder / item["art"], fmt=fmt)
    for path in changed:
        text = yaml.dump(docs[path], Dumper=_DUMPER, sort_keys=False, allow_unicode=True)
        path.write_text(text, encoding="utf-8")
    try:
        load_content(IronThroneContent, folder)
    except ContentError as err:
        pytest.fail(f"README example {number + 1} is not valid content:\n{err}")


# -- the vocabulary tables -----------------------------------------------------------

#: the tables documenting the fields of a vocabulary model, by their heading
VOCABULARY: dict[str, type[BaseModel]] = {
    "Conditions (`if`)": Conditions,
    "Costs (`cost`)": Cost,
    "Effects (`do`)": Effect,
}


def _sample_values(arg: str | None) -> list[Any]:
    """The values a table's argument stands for: a bare word is a flag (``true``),
    ``N`` a count, ``a|b`` each of its words."""
    if arg is None or arg == "true":
        return [True]
    if arg == "N":
        return [1]
    return arg.split("|")


def _parameter_model(model: type[BaseModel], name: str) -> type[BaseModel] | None:
    """The model a field's value is (``remove_power`` → ``PowerLoss``), if any."""
    for t in typing.get_args(model.model_fields[name].annotation):
        if isinstance(t, type) and issubclass(t, BaseModel):
            return t
    return None


@pytest.mark.parametrize("heading", list(VOCABULARY))
def test_tables_name_the_code_s_words(heading: str) -> None:
    """Each word a table documents is a field of the code's model, with the value the
    table shows (a flag, a count, one of the words, or a mapping of the fields it
    lists); and the table lists every field, so no word is stale and none is missing."""
    model = VOCABULARY[heading]
    words = table_words(heading)
    names = [name for name, _ in words]
    stale = [n for n in names if n not in model.model_fields]
    assert not stale, f"README.md {heading}: not words of the code: {stale}"
    missing = [n for n in model.model_fields if n not in names]
    assert not missing, f"README.md {heading}: words of the code not in the table: {missing}"
    for name, arg in words:
        if arg is not None and arg.startswith("{"):
            inner = _parameter_model(model, name)
            listed = {part.split(":")[0].strip() for part in arg.strip("{}").split(",")}
            assert inner is not None and listed == set(inner.model_fields), (heading, name, arg)
            continue
        for value in _sample_values(arg):
            try:
                model.model_validate({name: value})
            except ValidationError as err:
                pytest.fail(f"README.md {heading}: `{name}: {value}` is not valid:\n{err}")


def test_the_window_table_is_the_code_s_windows_in_turn_order() -> None:
    """The guide lists the windows in turn order, as the code does, and marks as usable
    by character cards exactly the windows the code allows them."""
    rows = table_rows("Timing windows")
    assert [SPAN.findall(row[0]) for row in rows] == [[w] for w in WINDOWS]
    card_rows = [SPAN.findall(row[0])[0] for row in rows if "character cards" in row[2]]
    assert card_rows == list(CARD_WINDOWS)


def test_the_who_words_are_the_code_s() -> None:
    """The sentence naming who an effect strikes lists the code's words, no more, no less."""
    found = re.search(r"^`who` is ([^.]*)\.", _readme(), re.MULTILINE)
    assert found, "README.md names the `who` words"
    assert SPAN.findall(found.group(1)) == list(typing.get_args(Who))


# -- the picture boxes ---------------------------------------------------------------

#: kit components each row of the Pictures table is about, by the row's first words
PICTURE_ROWS: dict[str, tuple[str, ...]] = {
    "hostility card": ("stark-hostility-7",),
    "truce card": ("stark-truce",),
    "character card": ("stark-arya-card",),
    "event card": ("event-stark-raven", "event-influential"),
    "leader sheet": ("leader-stark-bran",),
}
#: ``52.4 × 38.4``: two numbers
PAIR = re.compile(r"([\d.]+) × ([\d.]+)")


class PictureBoxes(Face):
    """A face that notes the box (mm) of each picture instead of reading the file."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.boxes: list[tuple[float, float]] = []

    def image(
        self, path: str | Path, x: float, y: float, w: float, h: float, *, fit: Any = "cover"
    ) -> None:
        self.boxes.append((round(w / mm, 1), round(h / mm, 1)))


def _with_art(model: IronThroneContent) -> IronThroneContent:
    """The content with a picture on every card and leader sheet (never read: the
    faces only note where it would go)."""
    art = {"art": "art/x.png"}
    return model.model_copy(
        update={
            "houses": [
                h.model_copy(update={"deck": [c.model_copy(update=art) for c in h.deck]})
                for h in model.houses
            ],
            "characters": [c.model_copy(update=art) for c in model.characters],
            "events": [e.model_copy(update=art) for e in model.events],
        }
    )


def test_the_picture_table_quotes_the_kit_s_boxes() -> None:
    """Each row's box is where the kit draws that component's picture, its size (when
    given) is the component's, and its pixels are the box at 300 dpi (rounded to 5 px)."""
    loaded = dataclasses.replace(RULESET.load(), model=_with_art(shipped()))
    kit = {c.id: c for c in components(loaded)}
    rows = [row for row in table_rows("Pictures") if "×" in row[2]]
    assert [next(k for k in PICTURE_ROWS if row[0].startswith(k)) for row in rows] == list(
        PICTURE_ROWS
    )
    canvas = Canvas(io.BytesIO())
    for row in rows:
        box = tuple(float(v) for v in PAIR.findall(row[2])[0])
        pixels = tuple(int(v) for v in PAIR.findall(row[3])[0])
        assert all(abs(p - b / 25.4 * 300) <= 5 for p, b in zip(pixels, box, strict=True)), row
        for cid in next(ids for k, ids in PICTURE_ROWS.items() if row[0].startswith(k)):
            comp = kit[cid]
            w, h = comp.trim_size()
            size = PAIR.findall(row[0])
            assert not size or (float(size[0][0]), float(size[0][1])) == (w / mm, h / mm), row
            context = DrawContext(icons=ICONS)
            face = PictureBoxes(canvas, width=w, height=h, bleed=0, component=comp, context=context)
            comp.face(face)
            canvas.showPage()
            assert face.boxes == [box], f"{cid}: the kit's picture box is {face.boxes}"
