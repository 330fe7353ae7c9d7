"""What a ruleset prints: cards, tokens and boards, declared as plain values.

A ruleset's ``components(content)`` returns a list of these; the engine
imposes them on paper, adds bleed, marks and backs, and writes one PDF per
``file``. Each side is a *draw function* taking a :class:`~pnp.render.face.Face`;
bind the data it needs with a closure or :func:`functools.partial`::

    Card(id=unit.id, name=unit.name, copies=unit.copies,
         face=partial(unit_face, unit), back=DECK_BACK)

A side is drawn once per file for each distinct function object and placed
wherever it is needed, so give identical backs the *same* function object
(``DECK_BACK`` above), not a new ``partial`` per card.

All lengths here are millimetres.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from pnp.render.report import RenderError
from pnp.render.units import card_size, mm

if TYPE_CHECKING:
    from pnp.render.face import Face

#: draws one side of a component on the given face
Draw = Callable[["Face"], None]

TokenShape = Literal["round", "square", "hex"]
TOKEN_SHAPES: tuple[str, ...] = ("round", "square", "hex")

_FILE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True, kw_only=True)
class Component:
    """Fields every printed component has."""

    #: stable id, unique in the ruleset's kit: ``stark-eddard``
    id: str
    #: draws the front (the only side of a board)
    face: Draw
    #: how many to print (0 leaves it out but keeps it in the manifest)
    copies: int = 1
    #: what people call it (manifest, messages); default: the id
    name: str = ""
    #: the PDF it goes in, without ``.pdf``; default per kind (``cards``, ``tokens``,
    #: a board's own id)
    file: str = ""
    #: safe-zone margin inside the trim in mm, kept free of important text
    safe: float = 3.0

    kind: ClassVar[str] = "component"

    @property
    def label(self) -> str:
        """The name, or the id when there is none."""
        return self.name or self.id

    @property
    def file_stem(self) -> str:
        """The output file name without ``.pdf``."""
        return self.file or self.default_file()

    def default_file(self) -> str:
        """Where a component of this kind goes when ``file`` is empty."""
        return f"{self.kind}s"

    @property
    def back_draw(self) -> Draw | None:
        """The back side, if the component has one."""
        return None

    def trim_size(self) -> tuple[float, float]:
        """Width and height of the cut piece in points."""
        raise NotImplementedError

    def check(self) -> list[str]:
        """What is wrong with this declaration, in words (empty when fine)."""
        problems = []
        if not _FILE.match(self.id):
            problems.append("id must be kebab-case (lowercase letters, digits, '-')")
        if self.copies < 0:
            problems.append(f"copies must be >= 0, got {self.copies}")
        if self.file and not _FILE.match(self.file):
            problems.append(f"file {self.file!r} must be kebab-case, without '.pdf'")
        if not callable(self.face):
            problems.append("face must be a draw function")
        if self.safe < 0:
            problems.append("safe must be >= 0")
        try:
            w, h = self.trim_size()
            if not (w > 0 and h > 0):
                problems.append("size must be positive")
        except (ValueError, TypeError) as exc:
            problems.append(str(exc))
        return problems


@dataclass(frozen=True, kw_only=True)
class Card(Component):
    """A card: a preset size (``poker``, ``mini``, ``tarot``, ``square``, ``bridge``)
    or ``(width, height)`` in mm; a face and usually a back."""

    size: str | tuple[float, float] = "poker"
    back: Draw | None = None
    #: what the back is called where several cards share it, in export file and deck
    #: names (``court`` → ``court.back.png``); default: the words their ids share, else
    #: the file (``cards``), which says nothing when one file holds several decks
    back_name: str = ""

    kind: ClassVar[str] = "card"

    @property
    def back_draw(self) -> Draw | None:
        return self.back

    def trim_size(self) -> tuple[float, float]:
        return card_size(self.size)


@dataclass(frozen=True, kw_only=True)
class Token(Component):
    """A chit: ``round`` (size = diameter), ``square`` (size = side) or ``hex``
    (pointy-top, size = width across the flats); a ``back`` makes it double-sided."""

    shape: TokenShape = "round"
    size: float = 20.0
    back: Draw | None = None
    #: as :attr:`Card.back_name`
    back_name: str = ""
    safe: float = 1.5

    kind: ClassVar[str] = "token"

    @property
    def back_draw(self) -> Draw | None:
        return self.back

    def trim_size(self) -> tuple[float, float]:
        if self.shape not in TOKEN_SHAPES:
            raise ValueError(f"shape must be one of {', '.join(TOKEN_SHAPES)}, got {self.shape!r}")
        if not self.size > 0:
            raise ValueError(f"size must be positive, got {self.size}")
        side = self.size * mm
        if self.shape == "hex":
            return side, side * 2 / 3**0.5
        return side, side


@dataclass(frozen=True, kw_only=True)
class Board(Component):
    """A board (map, track, player mat) of any ``(width, height)`` in mm; boards larger
    than the paper are tiled over several pages. Boards are single-sided."""

    size: tuple[float, float]
    safe: float = 5.0

    kind: ClassVar[str] = "board"

    def default_file(self) -> str:
        return self.id

    def trim_size(self) -> tuple[float, float]:
        w, h = self.size
        if not (w > 0 and h > 0):
            raise ValueError(f"size must be positive, got {w} × {h} mm")
        return w * mm, h * mm


def check_components(components: Sequence[Component], ruleset: str = "") -> None:
    """Raise :class:`RenderError` listing every bad declaration in ``components``."""
    lines: list[str] = []
    prefix = f"{ruleset}: " if ruleset else ""
    seen: dict[str, str] = {}
    files: dict[str, str] = {}
    for i, comp in enumerate(components):
        if not isinstance(comp, Component):
            lines.append(f"{prefix}component #{i + 1}: not a Card, Token or Board: {comp!r}")
            continue
        where = f"{prefix}{comp.kind} {comp.id!r}"
        for problem in comp.check():
            lines.append(f"{where}: {problem}")
        if comp.id in seen:
            lines.append(f"{where}: duplicate id (already used by a {seen[comp.id]})")
        seen.setdefault(comp.id, comp.kind)
        held = files.setdefault(comp.file_stem, comp.kind)
        if held != comp.kind:
            lines.append(
                f"{where}: file {comp.file_stem!r} already holds {held}s; "
                "a file holds components of one kind"
            )
    if lines:
        raise RenderError(lines[0], lines)
