"""The building blocks of a screen, as plain data: what a text form returns.

A ruleset's text form (its ``view.py``) says *what* a seat sees as
:class:`Block` values (a titled panel of lines, or of a table's rows) holding
rich markup; :mod:`pnp.play.draw` says *how* they are drawn. Keeping the
blocks plain keeps rich out of the referee's imports (a view module is
loaded by every game a playtest plays) and lets the same screen be drawn in
colour on a terminal or as plain text in a shared log.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Block:
    """One panel of a screen: a title, lines of markup, and optionally a table."""

    title: str
    lines: tuple[str, ...] = ()
    #: column headings of a table drawn under the lines (empty: no table)
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    #: the panel's border colour (a House's ``#rrggbb``), or ``""`` for the default
    colour: str = ""


@dataclass(frozen=True)
class Screen:
    """Everything shown to a seat at one moment: a heading, then blocks."""

    heading: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)


def esc(text: object) -> str:
    """``text`` with rich markup's brackets escaped, so a name prints as itself."""
    return str(text).replace("[", r"\[")


#: the lightness a House colour is kept within on screen (HLS): a near-black House (the
#: thrones Targaryens print in #1b1b1b) vanished on a dark terminal, a near-white one on
#: a light terminal
LIGHTNESS = (0.35, 0.75)


def readable(colour: str) -> str:
    """``colour`` (``#rrggbb``) with its lightness brought within :data:`LIGHTNESS`, hue
    and saturation kept; anything else unchanged."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        return colour
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    low, high = LIGHTNESS
    if low <= lightness <= high:
        return colour
    r, g, b = colorsys.hls_to_rgb(h, min(high, max(low, lightness)), s)
    return "#" + "".join(f"{round(255 * x):02x}" for x in (r, g, b))


def tint(text: object, colour: str, *, bold: bool = True) -> str:
    """``text`` in ``colour`` (``#rrggbb``, made :func:`readable`), as markup; plain when
    there is no colour."""
    if not colour:
        return esc(text)
    colour = readable(colour)
    style = f"bold {colour}" if bold else colour
    return f"[{style}]{esc(text)}[/]"


#: a slug as content ids are written: lower-case words joined by hyphens
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def humanize(label: str, names: Mapping[str, str]) -> str:
    """``label`` with every content id in it replaced by its name (``marshal: stark-bran``
    reads ``marshal: Bran Stark``); words that are no id stay as they are."""
    return _SLUG.sub(lambda m: names.get(m.group(0), m.group(0)), label)


def listing(items: Sequence[str], empty: str = "none") -> str:
    """Items joined by commas, or ``empty``."""
    return ", ".join(items) if items else empty


def counted(items: Sequence[str]) -> list[str]:
    """Items in first-seen order, a repeated one once with its count (``Knight ×2``)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return [f"{item} ×{n}" if n > 1 else item for item, n in counts.items()]
