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
import re
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, TypeAdapter, ValidationError

from pnp.rulesets.ironthrone import RULESET
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
from pnp.rulesets.ironthrone.kit.components import components
from pnp.rulesets.ironthrone.kit.icons import ICONS
from pnp.rulesets.ironthrone.model import (
    Character,
    CharacterCard,
    HouseCard,
    IronThroneContent,
)
from tests.content.guides import (
    SPAN,
    assert_picture_table,
    load_example,
    parameter_model,
    parse_example,
    place_example,
    section,
    table_rows,
    yaml_examples,
)

README = RULESET.content_dir() / "README.md"

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


def table_words(heading: str) -> list[tuple[str, str | None]]:
    """``(word, argument)`` of each backtick span in the first column of the table under
    ``heading``: ``outcome: hostility|truce`` gives ``("outcome", "hostility|truce")``."""
    out = []
    for row in table_rows(section(_readme(), heading)):
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
    """The guide's examples: each ```yaml block, and each bare block that parses as a
    YAML mapping (the guide fences a fragment shown in passing without ``yaml``)."""
    return yaml_examples(_readme())


def _example(number: int) -> dict[str, Any]:
    return parse_example(readme_examples()[number])


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
    example = {name: [filled(name, i) for i in items] for name, items in _example(number).items()}
    place_example(folder, example, number, merge=False)
    load_example(IronThroneContent, folder, number)


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
            inner = parameter_model(model, name)
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
    rows = table_rows(section(_readme(), "Timing windows"))
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
    assert_picture_table(section(_readme(), "Pictures"), PICTURE_ROWS, kit, ICONS)
