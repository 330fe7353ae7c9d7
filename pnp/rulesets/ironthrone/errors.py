"""Stand-in for ``pnp.engine.errors.SetupError`` until the referee core provides it."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.content.model import Loc
from pnp.content.yaml_source import format_loc
from pnp.errors import PnpError


class SetupError(PnpError):
    """A scenario position or game configuration the ruleset cannot build."""

    def __init__(
        self, message: str = "", loc: Loc = (), *, problems: Iterable[tuple[Loc, str]] = ()
    ) -> None:
        found = list(problems)
        if message:
            found.insert(0, (tuple(loc), message))
        self.problems: list[tuple[Loc, str]] = found
        super().__init__("; ".join(self.lines()))

    def lines(self) -> list[str]:
        """One line per problem."""
        return [f"{format_loc(loc)}: {text}" if loc else text for loc, text in self.problems]
