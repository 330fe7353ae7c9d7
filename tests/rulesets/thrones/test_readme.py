"""The designer's guide ``content/thrones/README.md`` stays true to the code.

The guide teaches by example and by word lists, and nothing else reads them,
so they would drift silently when the schema changes. Four guards:

- its YAML example (the bare block of "Pictures" giving a card ``art:``
  fields) is valid content: merged into the shipped entry it names (the
  example elides that entry's other fields), the entry validates as its
  section's model, and merged into a copy of the shipped content (with a
  stand-in picture for its ``art:`` file) the content loads with every check
  of ``pnp validate``;
- the vocabulary of "Abilities (the vocabulary)" (timings, phases, triggers,
  ``if:``/``cost:``/``limit:`` keys, effects and their parameters, target
  filters, passive keys) is the code's (:mod:`pnp.rulesets.thrones.effects`),
  both ways: no stale word, none missing;
- the sections, card fields and allowed words the guide lists are the
  schema's (:mod:`pnp.rulesets.thrones.model`), both ways;
- the picture boxes the "Pictures" table quotes are the boxes the kit places
  pictures in, and its pixel counts are those boxes at 300 dpi.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import shutil
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.effects import (
    CANCEL_TRIGGERS,
    SAVE_TRIGGERS,
    TIMINGS,
    WORDS,
    Ability,
    CardFilter,
    Condition,
    Cost,
    Duration,
    Effect,
    Keyword,
    Passive,
    Phase,
    Target,
    TargetKind,
    Trigger,
)
from pnp.rulesets.thrones.kit.components import components
from pnp.rulesets.thrones.kit.icons import ICONS
from pnp.rulesets.thrones.model import (
    Agenda,
    Attachment,
    Character,
    DeckCard,
    EventCard,
    House,
    Location,
    Plot,
    ThronesContent,
    Title,
)
from tests.content.guides import (
    SPAN,
    assert_picture_table,
    literal_words,
    load_example,
    parameter_model,
    parse_example,
    place_example,
    section,
    table_rows,
    yaml_examples,
)

README = RULESET.content_dir() / "README.md"

#: a backtick span with a parenthesis right after it: ``controller`` (``you``, …)
GLOSSED = re.compile(r"`([^`]+)`\s*\(([^)]*)\)")

#: the model each top-level section of an example holds a list of
SECTIONS: dict[str, TypeAdapter[Any]] = {
    "cards": TypeAdapter(DeckCard),
    "plots": TypeAdapter(Plot),
    "agendas": TypeAdapter(Agenda),
    "titles": TypeAdapter(Title),
    "houses": TypeAdapter(House),
}


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def paragraph(heading: str, label: str) -> str:
    """The one paragraph under ``heading`` starting with ``label``, on one line (a span
    may break across lines in the file)."""
    found = [
        " ".join(p.split())
        for p in section(_readme(), heading).split("\n\n")
        if p.startswith(label)
    ]
    assert len(found) == 1, f"README.md {heading}: needs one paragraph starting {label!r}"
    return found[0]


def spans(text: str) -> list[str]:
    """The backtick spans of ``text``."""
    return SPAN.findall(text)


def unglossed(text: str) -> list[str]:
    """The backtick spans of ``text`` outside parentheses (the words a list names, not
    the values it glosses them with)."""
    return spans(re.sub(r"\([^)]*\)", "", text))


def glosses(text: str) -> dict[str, list[str]]:
    """Each span followed by a parenthesis, with the spans inside it:
    ``controller`` (``you``, ``opponent``) gives ``{"controller": ["you", "opponent"]}``."""
    return {key: spans(inner) for key, inner in GLOSSED.findall(text)}


def word(span: str) -> str:
    """The word a span documents: ``as: attacker|defender`` → ``as``, ``draw N`` → ``draw``."""
    found = re.match(r"\w+", span)
    assert found, f"no word in `{span}`"
    return found.group(0)


def same_words(listed: Iterable[str], code: Iterable[str], what: str) -> None:
    """The guide lists exactly the code's words: none stale, none missing."""
    listed, code = list(listed), list(code)
    stale = [w for w in listed if w not in code]
    missing = [w for w in code if w not in listed]
    assert not stale, f"README.md {what}: not words of the code: {stale}"
    assert not missing, f"README.md {what}: words of the code not listed: {missing}"


def fields(*models: type[BaseModel]) -> list[str]:
    """The field names (aliases where given) of ``models``, without repeats."""
    out: list[str] = []
    for model in models:
        for name, info in model.model_fields.items():
            if (info.alias or name) not in out:
                out.append(info.alias or name)
    return out


def field_annotation(model: type[BaseModel], name: str) -> Any:
    """The annotation of the field of ``model`` written ``name`` (its alias where given)."""
    return next(
        info.annotation for key, info in model.model_fields.items() if (info.alias or key) == name
    )


@functools.cache
def shipped() -> ThronesContent:
    """The shipped content's model (read-only: models are frozen)."""
    model = RULESET.load().model
    assert isinstance(model, ThronesContent)
    return model


# -- the example ---------------------------------------------------------------------


def readme_examples() -> list[str]:
    """The guide's examples: each ```yaml block, and each bare block that parses as a
    YAML mapping (the guide fences its Pictures fragment without ``yaml``)."""
    return yaml_examples(_readme())


def _example(number: int) -> dict[str, Any]:
    return parse_example(readme_examples()[number])


def test_the_guide_has_examples() -> None:
    """The block finder sees the Pictures example (fenced without ``yaml``)."""
    assert any("art:" in e for e in readme_examples()), "the Pictures example was not found"


@pytest.mark.parametrize("number", range(len(readme_examples())), ids=lambda n: f"example-{n + 1}")
def test_examples_are_valid_entries(number: int) -> None:
    """Each entry of each example, merged into the shipped entry with its id (the
    example shows only the fields it is about: "the card's other fields as before"),
    validates as its section's model and keeps the example's values."""
    for name, items in _example(number).items():
        assert name in SECTIONS, f"example {number + 1}: no model known for section {name!r}"
        by_id = {e.id: e for e in getattr(shipped(), name)}
        for item in items:
            assert item["id"] in by_id, f"example {number + 1}: no shipped {name} {item['id']!r}"
            data = by_id[item["id"]].model_dump(mode="json", by_alias=True, exclude_unset=True)
            entry = SECTIONS[name].validate_python({**data, **item})
            got = entry.model_dump(mode="json", by_alias=True)
            assert {k: got[k] for k in item} == item, "a field of the example was not kept"


@pytest.mark.parametrize("number", range(len(readme_examples())), ids=lambda n: f"example-{n + 1}")
def test_examples_load_merged_into_the_shipped_content(number: int, tmp_path: Path) -> None:
    """Merged into a copy of the shipped content, an example loads with every check of
    ``pnp validate``, the ``art:`` paths included, which the loader (not the model)
    checks; they get small stand-in pictures, as the guide's files are the designer's."""
    folder = tmp_path / "thrones"
    shutil.copytree(RULESET.content_dir(), folder)
    place_example(folder, _example(number), number, merge=True)
    load_example(ThronesContent, folder, number)


# -- the ability vocabulary ----------------------------------------------------------

VOCABULARY = "Abilities (the vocabulary)"


def test_timings_and_phases() -> None:
    """The timing table names the code's timings; ``action``'s row its phases."""
    rows = table_rows(section(_readme(), VOCABULARY))
    same_words([word(spans(row[0])[0]) for row in rows], TIMINGS, "timings")
    action = next(row for row in rows if spans(row[0])[0].startswith("action"))
    same_words(spans(action[1]), typing.get_args(Phase), "action phases")


def test_triggers() -> None:
    """The trigger list is the code's, and so are the triggers it calls saves and cancels."""
    text = paragraph(VOCABULARY, "Triggers:")
    same_words(spans(text), typing.get_args(Trigger), "triggers")
    kinds = re.search(r"saves: (.*?); cancels: (.*?)\.", text)
    assert kinds, "README.md names the save and the cancel triggers"
    same_words(spans(kinds.group(1)), SAVE_TRIGGERS, "save triggers")
    same_words(spans(kinds.group(2)), CANCEL_TRIGGERS, "cancel triggers")


def test_ability_keys_conditions_costs_and_limits() -> None:
    """The optional keys with the timings are the ability's fields; the words listed
    for ``if:``, ``cost:`` and ``limit:`` are the fields (and values) of theirs."""
    text = paragraph(VOCABULARY, "Optional keys:")
    keys = glosses(text)
    same_words([*TIMINGS, *map(word, keys)], fields(Ability), "ability keys")
    given = {word(k): v for k, v in keys.items()}
    same_words(map(word, given["if"]), fields(Condition), "if: keys")
    for span in given["if"]:  # ``as: attacker|defender``: the values it lists
        name, _, values = span.partition(":")
        if values and "{" not in values:
            allowed = literal_words(field_annotation(Condition, name))
            same_words(values.strip().split("|"), allowed, f"if: {name} values")
    same_words(map(word, given["cost"]), fields(Cost), "cost: keys")
    same_words(given["limit"], typing.get_args(Duration), "limit: values")


def test_effects_and_their_parameters() -> None:
    """The effect list names every effect key of the code, and an effect whose value is
    a mapping lists that mapping's fields in braces."""
    text = paragraph(VOCABULARY, "Effects (one key each):")
    listed = spans(text)
    same_words(map(word, listed), WORDS.names, "effects")
    for span in listed:
        name = word(span)
        model = parameter_model(Effect, name)
        braces = re.search(r"\{(.*)\}", span)
        if model is None:
            assert braces is None, f"README.md effect `{span}`: its value is no mapping"
            continue
        assert braces, f"README.md effect `{span}`: list its fields in braces"
        same_words([p.strip() for p in braces.group(1).split(",")], fields(model), name)


def test_targets_and_filters() -> None:
    """The named targets, the kinds ``choose`` takes and the filters (with
    ``controller``'s values) are the code's."""
    text = paragraph(VOCABULARY, "Targets:")
    forms, _, filters = text.partition("with filters")
    named = [s for s in spans(forms) if not s.startswith("{")]
    same_words(named, literal_words(Target), "named targets")
    choose = next(s for s in spans(forms) if s.startswith("{choose:"))
    kinds = choose.removeprefix("{choose:").split(",")[0].strip().split("|")
    same_words(kinds, typing.get_args(TargetKind), "choose kinds")
    assert any(s.startswith("{each:") for s in spans(forms)), "README.md shows `{each: …}`"
    same_words(unglossed(filters), fields(CardFilter), "target filters")
    same_words(
        glosses(filters)["controller"],
        literal_words(CardFilter.model_fields["controller"].annotation),
        "controller values",
    )


def test_passive_keys() -> None:
    """The passive keys are the code's, and so are the named targets ``affects`` takes."""
    text = paragraph(VOCABULARY, "Passives:")
    same_words(unglossed(text), fields(Passive), "passive keys")
    affects = [s for s in glosses(text)["affects"] if not s.startswith("{")]
    same_words(affects, literal_words(Passive.model_fields["affects"].annotation), "affects")


# -- the schema's words --------------------------------------------------------------


def test_sections_are_the_content_s() -> None:
    """The sections table names every top-level section of the content, and only those."""
    rows = table_rows(_readme().split("\n## ")[0])  # the table before the first section
    same_words([spans(row[0])[0] for row in rows], fields(ThronesContent), "sections")


def test_card_fields_and_their_words() -> None:
    """ "Card fields" names every field of every kind of draw-deck card (and nothing
    else), with each allowed word of the fields it glosses, and the keyword list is
    the code's."""
    paragraphs = section(_readme(), "Card fields").split("\n\n")[1:]  # after the heading
    text = " ".join(" ".join(p.split()) for p in paragraphs if not p.startswith("Keywords:"))
    cards = (Character, Location, Attachment, EventCard)
    same_words(unglossed(text), fields(*cards), "card fields")
    for name, values in glosses(text).items():
        if values:
            model = next(m for m in cards if name in fields(m))
            same_words(values, literal_words(field_annotation(model, name)), name)
    keywords = paragraph("Card fields", "Keywords:")
    same_words(unglossed(keywords), typing.get_args(Keyword), "keywords")


# -- the picture boxes ---------------------------------------------------------------


def _with_art(model: ThronesContent) -> ThronesContent:
    """The content with a picture on everything that takes one (never read: the faces
    only note where it would go)."""
    art = {"art": "art/x.png"}
    return model.model_copy(
        update={
            name: [e.model_copy(update=art) for e in getattr(model, name)]
            for name in ("cards", "plots", "agendas", "titles", "houses")
        }
    )


def _picture_components(model: ThronesContent) -> dict[str, list[str]]:
    """Kit components each row of the Pictures table is about, by the row's first words."""

    def first(kind: str) -> str:
        return next(c.id for c in model.cards if c.type == kind)

    return {
        "character, location, attachment": [
            first("character"),
            first("location"),
            first("attachment"),
        ],
        "event": [first("event")],
        "agenda": [f"agenda-{model.agendas[0].id}"],
        "title": [f"title-{model.titles[0].id}"],
        "plot": [f"plot-{model.plots[0].id}"],
        "House card": [f"house-{model.houses[0].id}"],
    }


def test_the_picture_table_quotes_the_kit_s_boxes() -> None:
    """Each row's box is where the kit draws that component's picture, its size (when
    given) is the component's, and its pixels are the box at 300 dpi (rounded to 5 px)."""
    loaded = dataclasses.replace(RULESET.load(), model=_with_art(shipped()))
    kit = {c.id: c for c in components(loaded)}
    table = section(_readme(), "Pictures")
    assert_picture_table(table, _picture_components(shipped()), kit, ICONS)
