"""Exception classes shared by every layer.

Everything the user can cause (bad content, bad options, unknown names) is a
:class:`PnpError`; the CLI prints its lines and exits with status 2, never a
traceback. Anything else escaping is a bug in pnp.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class PnpError(Exception):
    """A problem the user can fix: printed as one or more lines, exit status 2."""

    exit_code: int = 2

    def lines(self) -> list[str]:
        """The lines to print for this error, one per problem."""
        return [str(self)]


class UsageError(PnpError):
    """A command-line option or argument that cannot be used."""


class UnknownRulesetError(UsageError):
    """A ruleset name that is not registered."""


class OutputError(PnpError):
    """An output folder or file that cannot be written."""


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the known name nearest ``word``, or ``""``."""
    hint = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""
