"""Faces as data: a :class:`Layout` lists what goes where, a draw function binds it to content.

For faces that are mostly boxes of text, a layout reads better than code
(Squib's idea): every position and size is in millimetres from the trim's
lower-left corner, and every value may be

* a constant (``size=9``, ``fill="#fffaf0"``),
* a ``str.format`` template over the bound data's fields (``"{name}"``,
  ``"<b>{cost}</b> [gold]"``), or
* a function of the data (``fill=lambda card: HOUSE_COLOURS[card.house]``).

In :class:`Text` the template is markup and the values put into it are
escaped, so a name like ``Squire & <Page>`` prints as itself. Example::

    UNIT = Layout(
        Fill(lambda u: HOUSE_COLOURS[u.house]),
        Panel(3, 3, 57, 82, fill="#fffaf0", stroke="#333", radius=2),
        Label("{name}", 6, 77, size=11, bold=True, max_width=42),
        Label("{cost}", 57, 77, size=12, bold=True, align="right"),
        Image("{art}", 6, 30, 51, 44, when=lambda u: u.art),
        Text("{text}", 6, 6, 51, 22, size=9, min_size=6, escape_values=False),
    )
    Card(id=u.id, face=UNIT.bind(u), back=DECK_BACK)

``bind(data)`` returns a draw function; ``Layout(...)`` used directly as a
draw function binds ``None`` (for backs that need no data).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pnp.render.components import Draw
from pnp.render.face import Face, Fit
from pnp.render.markup import escape
from pnp.render.report import RenderError
from pnp.render.units import mm

Value = Any  # a constant, a format template, or a function of the data
Condition = Callable[[Any], Any] | None


class _Fields(Mapping[str, Any]):
    """The bound data's fields, by name, for ``str.format_map``."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def __getitem__(self, key: str) -> Any:
        if isinstance(self.data, Mapping):
            if key in self.data:
                return self.data[key]
        elif self.data is not None and hasattr(self.data, key):
            return getattr(self.data, key)
        raise RenderError(f"layout: {type(self.data).__name__} has no field {key!r}")

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


class _Formatter(string.Formatter):
    def __init__(self, escape_values: bool) -> None:
        self.escape_values = escape_values

    def format_field(self, value: Any, format_spec: str) -> str:
        text = super().format_field("" if value is None else value, format_spec)
        return escape(text) if self.escape_values else text


_PLAIN = _Formatter(False)
_ESCAPED = _Formatter(True)


def resolve(value: Value, data: Any, *, escape_values: bool = False) -> Any:
    """A layout value for ``data``: call functions, fill in templates, keep constants."""
    if callable(value):
        return value(data)
    if isinstance(value, str) and "{" in value:
        formatter = _ESCAPED if escape_values else _PLAIN
        try:
            return formatter.vformat(value, (), _Fields(data))
        except (ValueError, IndexError, AttributeError) as exc:
            raise RenderError(f"layout: cannot fill in {value!r}: {exc}") from None
    return value


@dataclass(frozen=True)
class Element:
    """Something a layout draws; ``when`` (a function of the data) can skip it."""

    def draw(self, face: Face, data: Any) -> None:
        """Draw this element for ``data``."""
        raise NotImplementedError


def _skip(when: Condition, data: Any) -> bool:
    return when is not None and not when(data)


@dataclass(frozen=True)
class Fill(Element):
    """Paint the whole face, bleed included."""

    color: Value
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if not _skip(self.when, data):
            face.fill(resolve(self.color, data))


@dataclass(frozen=True)
class Panel(Element):
    """A rectangle (mm), optionally rounded, filled and/or stroked."""

    x: Value
    y: Value
    w: Value
    h: Value
    fill: Value = None
    stroke: Value = None
    line_width: Value = 0.5
    radius: Value = 0.0
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if _skip(self.when, data):
            return
        r = partial(resolve, data=data)
        face.rect(
            r(self.x) * mm,
            r(self.y) * mm,
            r(self.w) * mm,
            r(self.h) * mm,
            fill=r(self.fill),
            stroke=r(self.stroke),
            line_width=r(self.line_width),
            radius=r(self.radius) * mm,
        )


@dataclass(frozen=True)
class Text(Element):
    """A box of markup (mm) that shrinks to fit; template values are escaped unless
    ``escape_values`` is off (for fields that hold markup themselves)."""

    value: Value
    x: Value
    y: Value
    w: Value
    h: Value
    size: Value = 8.0
    min_size: Value = 5.0
    family: str = "sans"
    leading: float = 1.2
    align: Value = "left"
    valign: Value = "top"
    color: Value = "black"
    escape_values: bool = True
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if _skip(self.when, data):
            return
        r = partial(resolve, data=data)
        face.text(
            str(resolve(self.value, data, escape_values=self.escape_values)),
            r(self.x) * mm,
            r(self.y) * mm,
            r(self.w) * mm,
            r(self.h) * mm,
            size=r(self.size),
            min_size=r(self.min_size),
            family=self.family,
            leading=self.leading,
            align=r(self.align),
            valign=r(self.valign),
            color=r(self.color),
        )


@dataclass(frozen=True)
class Label(Element):
    """One line of plain text on a baseline at ``(x, y)`` mm, shrunk to ``max_width`` mm."""

    value: Value
    x: Value
    y: Value
    size: Value = 10.0
    bold: Value = False
    italic: Value = False
    align: Value = "left"
    color: Value = "black"
    max_width: Value = None
    family: str = "sans"
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if _skip(self.when, data):
            return
        r = partial(resolve, data=data)
        width = r(self.max_width)
        face.label(
            str(resolve(self.value, data)),
            r(self.x) * mm,
            r(self.y) * mm,
            size=r(self.size),
            family=self.family,
            bold=r(self.bold),
            italic=r(self.italic),
            color=r(self.color),
            align=r(self.align),
            max_width=None if width is None else width * mm,
        )


@dataclass(frozen=True)
class IconAt(Element):
    """A registered icon with its lower-left corner at ``(x, y)`` mm, ``size`` mm high."""

    name: Value
    x: Value
    y: Value
    size: Value
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if _skip(self.when, data):
            return
        r = partial(resolve, data=data)
        face.icon(str(r(self.name)), r(self.x) * mm, r(self.y) * mm, r(self.size) * mm)


@dataclass(frozen=True)
class Image(Element):
    """An image from the content folder in a box (mm); nothing when the path is empty."""

    path: Value
    x: Value
    y: Value
    w: Value
    h: Value
    fit: Fit = "cover"
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if _skip(self.when, data):
            return
        r = partial(resolve, data=data)
        path = r(self.path)
        if path:
            face.image(
                str(path),
                r(self.x) * mm,
                r(self.y) * mm,
                r(self.w) * mm,
                r(self.h) * mm,
                fit=self.fit,
            )


@dataclass(frozen=True)
class Custom(Element):
    """Escape hatch: ``draw(face, data)`` for anything the other elements cannot say."""

    function: Callable[[Face, Any], None]
    when: Condition = None

    def draw(self, face: Face, data: Any) -> None:
        if not _skip(self.when, data):
            self.function(face, data)


@dataclass(frozen=True)
class Layout:
    """Elements drawn in order; ``bind(data)`` makes the draw function for one component."""

    elements: tuple[Element, ...] = field(default=())

    def __init__(self, *elements: Element) -> None:
        for e in elements:
            if not isinstance(e, Element):
                raise TypeError(f"Layout takes elements (Fill, Panel, Text …), not {e!r}")
        object.__setattr__(self, "elements", tuple(elements))

    def bind(self, data: Any) -> Draw:
        """The draw function drawing this layout for ``data``."""
        return partial(self.draw, data)

    def draw(self, data: Any, face: Face) -> None:
        """Draw every element for ``data`` on ``face``."""
        for element in self.elements:
            element.draw(face, data)

    def __call__(self, face: Face) -> None:
        """A layout is itself a draw function, bound to no data."""
        self.draw(None, face)
