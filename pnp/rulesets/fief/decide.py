"""How the fief rules ask for a choice: generators that yield a Decision.

Every rule that needs a player's choice is a generator; it yields a
:class:`~pnp.engine.game.Decision` and receives the chosen index back.
:func:`ask` skips the question when there is only one option, so no window
where nobody has a real choice ever reaches a player.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pnp.engine.game import Decision, Option

#: what every rule generator yields and receives
Flow = Generator[Decision, int, Any]


def ask(seat: int, kind: str, options: list[Option]) -> Flow:
    """Ask ``seat`` to pick one of ``options``; return the chosen option's data."""
    if len(options) == 1:
        return options[0].data
    if not options:
        raise AssertionError(f"a {kind} decision without options")
    index = yield Decision(seat, kind, tuple(options))
    return options[index].data


def yes_no(seat: int, kind: str, yes: str, no: str) -> Flow:
    """A two-way choice; returns ``True`` for ``yes``."""
    return (yield from ask(seat, kind, [Option(yes, True), Option(no, False)]))
