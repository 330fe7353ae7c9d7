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
class Finding:
    """Something a render noticed (text that did not print as written, a soft
    picture), located by file and component."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class RenderReport:
    """Problems found while drawing, in the order they were found."""

    problems: list[Finding] = field(default_factory=list)
    #: pictures drawn at under :data:`SOFT_DPI` (listed, never a failure)
    soft_pictures: list[Finding] = field(default_factory=list)

    def add(self, where: str, message: str) -> None:
        """Record one text problem (repeats of the same problem are kept once)."""
        _once(self.problems, Finding(where, message))

    def add_soft_picture(self, where: str, message: str) -> None:
        """Record a picture drawn with too few pixels (repeats kept once)."""
        _once(self.soft_pictures, Finding(where, message))

    def extend(self, other: RenderReport) -> None:
        """Append the problems and soft pictures of ``other``."""
        for finding in other.problems:
            _once(self.problems, finding)
        for finding in other.soft_pictures:
            _once(self.soft_pictures, finding)

    def lines(self) -> list[str]:
        """The text problems after their count, then the soft pictures likewise
        (nothing when there is neither)."""
        soft = f" (under {SOFT_DPI} dpi; printed anyway)"
        return _listed("text problem", "", self.problems) + _listed(
            "soft picture", soft, self.soft_pictures
        )


def _listed(noun: str, aside: str, found: list[Finding]) -> list[str]:
    """``N nouns<aside>:`` and a line per finding; nothing for none."""
    if not found:
        return []
    n = len(found)
    return [f"{n} {noun}{'s' if n != 1 else ''}{aside}:"] + [f"  {f}" for f in found]


def _once(found: list[Finding], finding: Finding) -> None:
    if finding not in found:
        found.append(finding)


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
