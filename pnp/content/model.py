"""Building blocks for a ruleset's content schema.

A ruleset describes its YAML with pydantic models derived from
:class:`ContentModel` (unknown fields are errors, so typos never pass
silently) and declares its cross-checks with markers in ``Annotated`` types:

``Id("cards")``
    the field is an identifier, unique in the ``cards`` namespace;
``Ref("cards")``
    the field names an identifier of the ``cards`` namespace, which must exist;
``ContentPath()``
    the field is a file path relative to the content folder (art, fonts); it
    must exist and stay inside that folder.

Example::

    class Card(ContentModel):
        id: Annotated[str, Id("cards")]
        art: Annotated[str | None, ContentPath()] = None

    class Deck(ContentModel):
        cards: list[Annotated[str, Ref("cards")]]

A model may also yield further problems from :meth:`ContentModel.cross_check`
(deck construction, counts), each as ``(loc, message)`` with ``loc`` relative
to the root of the content.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

Loc = tuple[str | int, ...]

#: Identifiers are stable kebab-case words: ``stark-eddard``.
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]


@dataclass(frozen=True)
class Id:
    """Marks a field as an identifier unique within ``namespace``."""

    namespace: str


@dataclass(frozen=True)
class Ref:
    """Marks a field as a reference to an identifier of ``namespace``."""

    namespace: str


@dataclass(frozen=True)
class ContentPath:
    """Marks a field as a file path that must resolve inside the content folder."""

    suffixes: tuple[str, ...] = ()


class ContentModel(BaseModel):
    """Base of every content model: unknown fields are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def cross_check(self) -> Iterator[tuple[Loc, str]]:
        """Yield ``(loc, message)`` for rule-level problems the schema cannot see.

        The root content model overrides this for checks across sections, such
        as deck construction. ``loc`` is a path from the content root, e.g.
        ``("decks", 2, "cards")``.
        """
        return iter(())
