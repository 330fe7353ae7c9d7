"""A memo keyed by an object's identity: tables built once per content model.

Each ruleset compiles its content into fast tables once and shares them with
every game played on it. Content models are pydantic models (frozen, but not
all hashable), so the memo keys them by ``id``; it keeps the object beside its
value, so an id reused by a new object after the old one was freed never finds
the old value. The memo is small and cleared when full: a playtest plays one
content; a test suite loads a few dozen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    """``memo.get(obj, build)``: ``build(obj)`` once per live object (and extra key)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._found: dict[tuple[int, Hashable], tuple[K, V]] = {}

    def get(self, obj: K, build: Callable[[K], V], extra: Hashable = None) -> V:
        """The value built for ``obj`` (and ``extra``, e.g. a seating), built now if new."""
        key = (id(obj), extra)
        hit = self._found.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = build(obj)
        if len(self._found) >= self.size:
            self._found.clear()
        self._found[key] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every value (a test that wants tables built afresh)."""
        self._found.clear()

    def __len__(self) -> int:
        return len(self._found)
