"""A decision: the point where one seat must choose one of a few options.

:class:`Decision` is a small read-only class, not a named tuple: a referee
makes a few hundred a game, and compiled (``pnp/compiled.py``) one costs a
fifth of building a named tuple. It compares and hashes by its fields and
pickles like a tuple would. Its fields are ``Final``: compiled they cannot be
set; uncompiled, mypy keeps them unset.

A game has one pending decision at a time, so compiled, a freed decision's
memory is kept for the next (``free_list_len=1``). Unlike an event, a
decision stays tracked by the cycle collector: an option's data may be a
game object (a card) that leads back to the game holding the decision.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from pnp.compiled import mypyc_attr


class Option(NamedTuple):
    """One choice of a decision: a stable label and ruleset data."""

    label: str
    data: Any = None


@mypyc_attr(free_list_len=1)
class Decision:
    """A point where ``seat`` must choose one of ``options``."""

    __slots__ = ("kind", "options", "seat")

    def __init__(self, seat: int, kind: str, options: tuple[Option, ...]) -> None:
        self.seat: Final = seat
        self.kind: Final = kind
        self.options: Final = options

    def labels(self) -> list[str]:
        """The option labels, in order."""
        return [o.label for o in self.options]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self.seat == other.seat and self.kind == other.kind and self.options == other.options

    def __hash__(self) -> int:
        return hash((self.seat, self.kind, self.options))

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat!r}, kind={self.kind!r}, options={self.options!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.seat, self.kind, self.options))
