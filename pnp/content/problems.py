"""Content problems: one located message each, reported all together."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError


def display_path(path: Path, cwd: Path | None = None) -> str:
    """Show ``path`` relative to the working directory (``cwd``: that folder instead)
    when it lies below it."""
    base = Path.cwd() if cwd is None else cwd
    try:
        return str((base / path).resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the content, located as precisely as we can.

    ``line`` and ``column`` are 1-based; 0 means "unknown" (e.g. a folder with no
    files has no line). ``field`` is the field path inside the file, such as
    ``cards[3].cost``; empty when the problem concerns the whole file.
    """

    file: str
    line: int
    column: int
    field: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.column}"
        if self.field:
            return f"{where}: {self.field}: {self.message}"
        return f"{where}: {self.message}"


#: the most problems a content error prints (it counts them all)
MOST_SHOWN = 500


class ContentError(PnpError):
    """Content that cannot be used; carries every problem found in one run."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        """One line per problem (the first :data:`MOST_SHOWN`), then a count."""
        n = len(self.problems)
        shown = [str(p) for p in self.problems[:MOST_SHOWN]]
        if n > MOST_SHOWN:
            # 363,862 lines scrolled past when --content named /tmp (it read every YAML
            # file below it): the first ones tell the story
            shown.append(
                f"… and {n - MOST_SHOWN} more, not shown: so many usually means that "
                "--content names the wrong folder"
            )
        return [*shown, f"{n} problem{'s' if n != 1 else ''} found."]


def cite(*loc: str | int) -> str:
    """A mark for another entry in a cross-check's message (``first at {cite("roads", 1)}``)
    that the loader turns into that entry's ``file:line``: in merged content, an index
    such as ``roads[1]`` names no file, and the entry may lie in another one."""
    return "{@" + "/".join(str(part) for part in loc) + "}"


CITED = re.compile(r"\{@([^{}]*)\}")


def cited_loc(text: str) -> tuple[str | int, ...]:
    """The loc a :func:`cite` mark's text names."""
    return tuple(int(p) if p.lstrip("-").isdigit() else p for p in text.split("/"))
