"""Fixed-size observation vectors: named fields laid end to end.

A ruleset's ``encoding.py`` describes what one seat's view becomes as a flat
list of floats of a size fixed by the content and the player count (the
tensors the OpenSpiel and PettingZoo adapters hand to learning code). It
builds a :class:`Layout` of named fields, each a block of one or more rows,
and writes a view into a zeroed vector with the layout's offsets. The
layout's :meth:`Layout.describe` lists the fields, so the docs and a test can
check that every field is documented.

A value the layout has no slot for (a card id the content does not define, a
phase it does not know) is an :class:`EncodingError`, never silently dropped.
"""

from __future__ import annotations

from dataclasses import dataclass


class EncodingError(ValueError):
    """A view holds something its ruleset's encoding has no slot for."""


@dataclass(frozen=True)
class Field:
    """One named block of the vector: ``rows`` × ``width`` floats from ``offset``."""

    name: str
    offset: int
    rows: int
    width: int

    @property
    def size(self) -> int:
        """How many floats the field takes."""
        return self.rows * self.width


class Layout:
    """Named fields laid end to end; :attr:`size` is the vector's length."""

    def __init__(self) -> None:
        self.fields: dict[str, Field] = {}
        self.size = 0

    def add(self, name: str, width: int, rows: int = 1) -> Field:
        """Append field ``name`` of ``rows`` × ``width`` floats and return it."""
        if name in self.fields:
            raise ValueError(f"field {name!r} is laid out twice")
        field = Field(name, self.size, rows, width)
        self.fields[name] = field
        self.size += field.size
        return field

    def zeros(self) -> list[float]:
        """A vector of the layout's size, all zero."""
        return [0.0] * self.size

    def describe(self) -> list[str]:
        """One line per field: its name, shape and offset."""
        return [
            f"{f.name}: {f.rows}x{f.width} at {f.offset}"
            if f.rows > 1
            else f"{f.name}: {f.width} at {f.offset}"
            for f in self.fields.values()
        ]


def slot(index: dict[str, int], key: str, what: str) -> int:
    """The slot of ``key`` in ``index``; :class:`EncodingError` naming ``what`` if none."""
    found = index.get(key)
    if found is None:
        raise EncodingError(f"the encoding has no slot for {what} {key!r}")
    return found


def put(out: list[float], field: Field, column: int, value: float, row: int = 0) -> None:
    """Set ``out`` at ``field``'s ``row`` and ``column``."""
    out[field.offset + row * field.width + column] = value


def bump(out: list[float], field: Field, column: int, by: float = 1.0, row: int = 0) -> None:
    """Add ``by`` to ``out`` at ``field``'s ``row`` and ``column`` (a count)."""
    out[field.offset + row * field.width + column] += by


def indexer(names: list[str] | tuple[str, ...]) -> dict[str, int]:
    """Each name's position in ``names``."""
    return {name: i for i, name in enumerate(names)}


__all__ = ["EncodingError", "Field", "Layout", "bump", "indexer", "put", "slot"]
