"""What a render noticed: text that overflowed, characters a font lacks.

Problems are collected while faces are drawn and listed after the run; with
``--strict`` any of them fails the run (exit status 2, nothing written).
Errors that make a render impossible (unknown icon, missing art, a broken
declaration) raise :class:`RenderError` at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import PnpError


class RenderError(PnpError):
    """A render that cannot go on: a bad declaration, option, icon or template."""

    def __init__(self, message: str, lines: list[str] | None = None) -> None:
        super().__init__(message)
        self._lines = lines or [message]

    def lines(self) -> list[str]:
        """The message, one line per problem."""
        return list(self._lines)


@dataclass(frozen=True, order=True)
class TextProblem:
    """Text that did not print as written, located by file and component."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class RenderReport:
    """Problems found while drawing, in the order they were found."""

    problems: list[TextProblem] = field(default_factory=list)

    def add(self, where: str, message: str) -> None:
        """Record one problem (repeats of the same problem are kept once)."""
        problem = TextProblem(where, message)
        if problem not in self.problems:
            self.problems.append(problem)

    def extend(self, other: RenderReport) -> None:
        """Append the problems of ``other``."""
        for problem in other.problems:
            self.add(problem.where, problem.message)

    def lines(self) -> list[str]:
        """One line per problem, then a count (nothing when there is none)."""
        if not self.problems:
            return []
        n = len(self.problems)
        head = f"{n} text problem{'s' if n != 1 else ''}:"
        return [head] + [f"  {p}" for p in self.problems]


class StrictError(PnpError):
    """``--strict`` and the render reported text problems."""

    def __init__(self, report: RenderReport) -> None:
        self.report = report
        super().__init__("text problems with --strict")

    def lines(self) -> list[str]:
        """The problems, then why the run failed."""
        return [
            *self.report.lines(),
            "--strict: failing because of the text problems above; nothing was written.",
        ]
