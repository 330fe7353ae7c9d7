"""Errors of the referee core: those the user can fix (exit status 2), and the
flow's signals (:mod:`pnp.engine.flow`)."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.content.model import Loc
from pnp.content.yaml_source import format_loc
from pnp.errors import PnpError


class SetupError(PnpError):
    """A scenario position (or game configuration) a ruleset cannot build.

    Raised by ``Ruleset.scenario_game`` (and ``new_game`` for bad options).
    Each problem is ``(loc, message)`` where ``loc`` is a path in the scenario
    file, such as ``("setup", "seats", 0, "hand", 1)`` or ``("cards", 2,
    "cost")``, so the scenario runner can point at the file and line; ``()``
    when the problem has no better place.
    """

    def __init__(
        self, message: str = "", loc: Loc = (), *, problems: Iterable[tuple[Loc, str]] = ()
    ):
        found = list(problems)
        if message:
            found.insert(0, (tuple(loc), message))
        self.problems: list[tuple[Loc, str]] = found
        super().__init__("; ".join(_show(loc, text) for loc, text in found))

    def lines(self) -> list[str]:
        """One line per problem."""
        return [_show(loc, text) for loc, text in self.problems]


def _show(loc: Loc, message: str) -> str:
    return f"{format_loc(loc)}: {message}" if loc else message


class RecordError(PnpError):
    """A game record file that cannot be read or replayed."""


class UnknownDecisionError(Exception):
    """A bot was asked a kind of decision it has no rule for.

    A bug in a ruleset (a new decision kind its bot was not taught), never the
    user's: a bot that silently took option 0 would play the new rule blind.
    """

    def __init__(self, bot: str, kind: str):
        self.bot = bot
        self.kind = kind
        super().__init__(f"the {bot} bot does not know the decision kind {kind!r}")


class IllegalMoveError(ValueError):
    """A move the pending decision does not allow: no such option, or no decision
    at all because the game is over (:class:`pnp.engine.flow.FlowGame`)."""


class FlowEnd(Exception):  # not an error: a rule's way out of the whole flow
    """Raised inside a flow to stop it at once (a victory found deep in a round);
    :meth:`pnp.engine.flow.FlowGame.ended` says what follows."""
