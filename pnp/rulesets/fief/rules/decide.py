"""How the fief rules ask for a choice, on the engine's one flow (:mod:`pnp.engine.flow`).

Every rule that needs a player's choice is a generator. The fief rules want
the chosen option's data (a Village, a Noble, yes or no): :func:`ask` hands
it back, and skips the question when there is only one option, so no window
where nobody has a real choice ever reaches a player.
"""

from __future__ import annotations

from pnp.engine import flow
from pnp.engine.flow import Flow
from pnp.engine.game import Option


def ask(seat: int, kind: str, options: list[Option]) -> Flow:
    """Ask ``seat`` to pick one of ``options``; return the chosen option's data (the
    engine's :func:`~pnp.engine.flow.ask`: a lone option is taken without asking)."""
    return (yield from flow.ask(seat, kind, options)).data


def yes_no(seat: int, kind: str, yes: str, no: str) -> Flow:
    """A two-way choice; returns ``True`` for ``yes``."""
    return (yield from ask(seat, kind, [Option(yes, True), Option(no, False)]))
