"""An event: something that happened in a game, typed by ``kind``.

:class:`Event` is a small read-only class, not a named tuple, for the reason
:mod:`pnp.engine.decision` gives: a referee makes hundreds a game. It
compares by its fields and pickles like a tuple would; its data is a
mapping, so an event cannot be hashed (nor could the named tuple it was).

Its data is plain data (content ids, numbers, labels: what a record or an
observer reads), never a game object, so an event cannot be part of a
reference cycle. Compiled, it is declared ``acyclic``: the cycle collector
neither tracks it nor counts it towards its next pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from pnp.compiled import mypyc_attr

#: the data of an event that carries none (shared, read-only)
NO_DATA: Final[Mapping[str, Any]] = MappingProxyType({})


@mypyc_attr(acyclic=True)
class Event:
    """Something that happened: ``kind`` from the ruleset's vocabulary."""

    __slots__ = ("data", "kind", "seat")

    def __init__(
        self, kind: str, seat: int | None = None, data: Mapping[str, Any] = NO_DATA
    ) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.data: Final = data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.kind == other.kind and self.seat == other.seat and self.data == other.data

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.data))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.seat, self.data))
