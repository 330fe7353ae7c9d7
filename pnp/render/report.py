"""What a render noticed: text that overflowed, characters a font lacks, soft pictures.

Problems are collected while faces are drawn and listed after the run; with
``--strict`` any text problem fails the run (exit status 2, nothing written).
A designer's picture with too few pixels for its box (under :data:`SOFT_DPI`)
is listed too, but never fails a run: it prints, only soft, and a placeholder
picture is a normal step of designing a card.
Errors that make a render impossible (unknown icon, missing art, a broken
declaration) raise :class:`RenderError` at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from pnp.errors import PnpError

#: pixels per inch under which a picture is listed as soft (300 is what print wants)
SOFT_DPI: Final = 150


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
    #: pictures drawn at under :data:`SOFT_DPI` (listed, never a failure)
    soft_pictures: list[TextProblem] = field(default_factory=list)

    def add(self, where: str, message: str) -> None:
        """Record one problem (repeats of the same problem are kept once)."""
        problem = TextProblem(where, message)
        if problem not in self.problems:
            self.problems.append(problem)

    def add_soft_picture(self, where: str, message: str) -> None:
        """Record a picture drawn with too few pixels (repeats kept once)."""
        soft = TextProblem(where, message)
        if soft not in self.soft_pictures:
            self.soft_pictures.append(soft)

    def extend(self, other: RenderReport) -> None:
        """Append the problems and soft pictures of ``other``."""
        for problem in other.problems:
            self.add(problem.where, problem.message)
        for soft in other.soft_pictures:
            self.add_soft_picture(soft.where, soft.message)

    def lines(self) -> list[str]:
        """One line per problem, after a count; then the soft pictures, likewise
        (nothing when there is neither)."""
        out = []
        if self.problems:
            n = len(self.problems)
            out.append(f"{n} text problem{'s' if n != 1 else ''}:")
            out += [f"  {p}" for p in self.problems]
        if self.soft_pictures:
            n = len(self.soft_pictures)
            out.append(
                f"{n} soft picture{'s' if n != 1 else ''} (under {SOFT_DPI} dpi; printed anyway):"
            )
            out += [f"  {p}" for p in self.soft_pictures]
        return out


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
