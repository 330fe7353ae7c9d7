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
    must exist and stay inside that folder. ``ContentPath(formats=("PNG",))``
    also opens the file as a picture, which must decode as one of those
    formats; :data:`ArtPath` is the ready-made picture field (PNG or JPEG).

Example::

    class Card(ContentModel):
        id: Annotated[str, Id("cards")]
        art: Annotated[str | None, ContentPath()] = None

    class Deck(ContentModel):
        cards: list[Annotated[str, Ref("cards")]]

A model may also yield further problems from :meth:`ContentModel.cross_check`
(deck construction, counts), each as ``(loc, message)`` with ``loc`` relative
to the root of the content. A root model whose cross-checks fall into
independent groups lists them in :meth:`ContentModel.cross_check_parts`
instead: when some entries fail schema validation, each part still runs on
the rest of the content unless it reads a section that lost entries.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Strict, StringConstraints, model_validator

Loc = tuple[str | int, ...]


class Slip:
    """A true/false where a number belongs, or a number where true/false does (pydantic
    would read ``cost: true`` as 1 and ``active: 1`` as true). Put in the value's place,
    it fails there as any wrong type does, and the other fields are still checked; the
    loader's message says what was written (:func:`describe`)."""

    __slots__ = ("value",)

    def __init__(self, value: bool | int | float) -> None:
        self.value = value

    def describe(self) -> str:
        """What was written, for a message: ``true/false (true)``, ``a number (1)``."""
        if isinstance(self.value, bool):
            return f"true/false ({str(self.value).lower()})"
        return f"a number ({self.value!r})"


def _plain_types(annotation: Any) -> list[Any]:
    """The members of an annotation, unwrapping Annotated and unions."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _plain_types(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return [t for a in typing.get_args(annotation) for t in _plain_types(a)]
    return [annotation]


def _slipped(value: Any, annotation: Any) -> Any:
    """``value``, with each boolean where only numbers go (or number where only
    booleans go) replaced by a :class:`Slip`, in lists, tuples and mappings too."""
    members = _plain_types(annotation)
    scalars: set[Any] = set()
    for m in members:
        if typing.get_origin(m) is Literal:
            scalars |= {type(v) for v in typing.get_args(m)}
        elif isinstance(m, type):
            scalars.add(m)
    if isinstance(value, bool):
        return Slip(value) if scalars & {int, float} and bool not in scalars else value
    if isinstance(value, int | float):
        return Slip(value) if bool in scalars and not scalars & {int, float} else value
    for m in members:
        origin, args = typing.get_origin(m), typing.get_args(m)
        if isinstance(value, list) and origin in (list, tuple) and args:
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                kinds = list(args) + [Any] * (len(value) - len(args))
            else:
                kinds = [args[0]] * len(value)
            items = [_slipped(v, k) for v, k in zip(value, kinds, strict=False)]
            return items if any(a is not b for a, b in zip(items, value, strict=False)) else value
        if isinstance(value, dict) and origin is dict and len(args) == 2:
            entries = {k: _slipped(v, args[1]) for k, v in value.items()}
            return entries if any(entries[k] is not value[k] for k in value) else value
    return value


@functools.cache
def _checked_fields(model: type[BaseModel]) -> dict[str, Any]:
    """The annotation of each field (by name and alias) that is not strict already."""
    out: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if any(isinstance(m, Strict) for m in info.metadata):
            continue  # strict already: pydantic refuses the other kind at the field itself
        out[name] = out[info.alias or name] = info.annotation
    return out


#: Identifiers are stable kebab-case words: ``stark-eddard``.
#: an id: lower-case words joined by hyphens
SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]


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

    #: allowed file name endings, lower case with the dot (none: any)
    suffixes: tuple[str, ...] = ()
    #: picture formats (pillow's names, ``"PNG"``) the file must decode as (none: not opened)
    formats: tuple[str, ...] = ()


#: A picture on a component: a PNG or JPEG file in the content folder.
ArtPath = Annotated[str, ContentPath((".png", ".jpg", ".jpeg"), formats=("PNG", "JPEG"))]
#: How a picture fills its box: ``cover`` crops to fill it, ``contain`` shows all of it.
ArtFit = Literal["cover", "contain"]


class ContentModel(BaseModel):
    """Base of every content model: unknown fields are errors, values are frozen, and
    ``true``/``false`` is no number (pydantic would read ``cost: true`` as 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _no_bool_for_a_number(cls, data: Any) -> Any:
        # a designer's slip (cost: true) validated as cost 1 and printed as such, and the
        # other way round (active: 1 read as true): each fails at its own field
        if not isinstance(data, dict):
            return data
        fields = _checked_fields(cls)
        out = data
        for key, value in data.items():
            annotation = fields.get(key)
            if annotation is None:
                continue
            new = _slipped(value, annotation)
            if new is not value:
                out = dict(out) if out is data else out
                out[key] = new
        return out

    def cross_check(self) -> Iterator[tuple[Loc, str]]:
        """Yield ``(loc, message)`` for rule-level problems the schema cannot see.

        The root content model overrides this, or :meth:`cross_check_parts`,
        for checks across sections, such as deck construction. ``loc`` is a
        path from the content root, e.g. ``("decks", 2, "cards")``. By default,
        the problems of every part in :meth:`cross_check_parts`, in order.
        """
        for part in self.cross_check_parts():
            yield from part()

    def cross_check_parts(self) -> Sequence[Callable[[], Iterable[tuple[Loc, str]]]]:
        """The cross-check as independent parts, each a callable yielding problems.

        ``pnp validate`` reports every problem in one run: when some entries
        fail schema validation, the rest of the content is still cross-checked,
        but a part stops as soon as it reads a section that lost entries (a
        count over it would be wrong), keeping only what it found before. So
        split the checks by the sections they read: a deck check that stops
        then does not silence a title check. Default: none (a model that
        overrides :meth:`cross_check` instead runs as one part).
        """
        return ()
