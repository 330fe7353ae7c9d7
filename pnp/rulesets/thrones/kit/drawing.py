"""Drawing primitives the thrones faces share: tints, shields, coins, value badges.

Everything takes a :class:`~pnp.render.Face` and works in points (``mm`` from
:mod:`pnp.render` converts); colours are ``"#rrggbb"`` strings.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, toColor

from pnp.render import Box, Face, mm
from pnp.render.colours import readable_ink
from pnp.rulesets.thrones.kit import icons
from pnp.rulesets.thrones.kit.icons import GOLD, GOLD_DARK, INK, paint_charge, shield_points

PARCHMENT = "#f3ead3"
PAPER = "#fbf7ec"
NEUTRAL = "#a8916a"
NEUTRAL_ACCENT = "#4a3c28"


@dataclass(frozen=True)
class Heraldry:
    """How a card shows its House (or that it has none)."""

    #: frame colour and its accent
    color: str
    accent: str
    #: the sigils (one per House; none for a neutral card) with each House's colours
    shields: tuple[tuple[str, str, str], ...] = ()
    #: House names, for words on the card
    names: tuple[str, ...] = ()

    @property
    def neutral(self) -> bool:
        """Whether the card belongs to no House."""
        return not self.shields


@functools.lru_cache(maxsize=1024)
def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 gives ``a``)."""
    ca, cb = toColor(a), toColor(b)
    r = ca.red + (cb.red - ca.red) * t
    g = ca.green + (cb.green - ca.green) * t
    bl = ca.blue + (cb.blue - ca.blue) * t
    return "#{:02x}{:02x}{:02x}".format(*(round(v * 255) for v in (r, g, bl)))


@functools.lru_cache(maxsize=256)
def luminance(colour: str) -> float:
    """Perceived brightness 0–1 (to pick dark or light text on a colour)."""
    c: Color = toColor(colour)
    return 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue


def ink_on(colour: str) -> str:
    """Dark ink or light ink, whichever contrasts more with ``colour`` (the colour painted
    under the words): a brightness threshold put light ink on Martell's orange, 3.4:1."""
    return str(readable_ink(colour, (INK, PAPER)))


def panel(
    face: Face,
    box: Box,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    line_width: float = 0.5,
    radius: float = 0.0,
) -> None:
    """A (rounded) rectangle filling ``box``."""
    face.rect(
        box.x, box.y, box.w, box.h, fill=fill, stroke=stroke, line_width=line_width, radius=radius
    )


def polygon(
    face: Face,
    points: Sequence[float],
    *,
    fill: str | None = None,
    stroke: str | None = None,
    width: float = 0.6,
) -> None:
    """A closed polygon from a flat ``[x0, y0, x1, y1, …]`` list, in points."""
    c = face.canvas
    c.saveState()
    path = c.beginPath()
    path.moveTo(points[0], points[1])
    for i in range(2, len(points), 2):
        path.lineTo(points[i], points[i + 1])
    path.close()
    if fill is not None:
        c.setFillColor(toColor(fill))
    if stroke is not None:
        c.setStrokeColor(toColor(stroke))
        c.setLineWidth(width)
        c.setLineJoin(1)
    c.drawPath(path, stroke=stroke is not None, fill=fill is not None)
    c.restoreState()


def circle(
    face: Face,
    x: float,
    y: float,
    r: float,
    *,
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.6,
) -> None:
    """A circle centred on ``(x, y)``."""
    c = face.canvas
    c.saveState()
    if fill is not None:
        c.setFillColor(toColor(fill))
    if stroke is not None:
        c.setStrokeColor(toColor(stroke))
        c.setLineWidth(width)
    c.circle(x, y, r, stroke=stroke is not None, fill=fill is not None)
    c.restoreState()


def shield(
    face: Face,
    x: float,
    y: float,
    w: float,
    h: float,
    sigil: str,
    field: str,
    charge: str,
    *,
    rim: str = INK,
    rim_width: float = 0.8,
) -> None:
    """A House shield: ``field`` colour, the sigil in ``charge`` colour, a dark rim."""
    polygon(face, shield_points(x, y, w, h), fill=field, stroke=rim, width=rim_width)
    side = min(w, h) * 0.74
    paint_charge(face.canvas, sigil, x + (w - side) / 2, y + h * 0.22, side, charge, field)


def shields(face: Face, heraldry: Heraldry, x: float, top: float, w: float, h: float) -> float:
    """The card's House shields, stacked downwards from ``top``; returns the lowest y."""
    y = top
    for sigil, field, charge in heraldry.shields:
        y -= h
        shield(face, x, y, w, h, sigil, field, charge)
        y -= 0.8 * mm
    return y


def coin(face: Face, x: float, y: float, r: float, value: str, *, size: float = 12) -> None:
    """A gold coin centred on ``(x, y)`` showing ``value``."""
    circle(face, x, y, r, fill=GOLD, stroke=GOLD_DARK, width=1.4)
    circle(face, x, y, r * 0.78, fill=None, stroke=mix(GOLD, GOLD_DARK, 0.5), width=0.5)
    # a number too wide for the coin shrinks, and what still does not fit is reported
    face.label(
        value, x, y - size * 0.36, size=size, bold=True, color=INK, align="center",
        max_width=1.6 * r,
    )  # fmt: skip


def value_disc(
    face: Face, x: float, y: float, r: float, value: str, colour: str, *, size: float = 11
) -> None:
    """A coloured disc with a number (initiative, claim, strength …)."""
    circle(face, x, y, r, fill=colour, stroke=INK, width=0.9)
    circle(face, x, y, r * 0.8, fill=None, stroke=mix(colour, "#ffffff", 0.45), width=0.5)
    face.label(
        value, x, y - size * 0.36, size=size, bold=True, color=ink_on(colour), align="center",
        max_width=1.6 * r,
    )  # fmt: skip


def strength_shield(face: Face, x: float, y: float, w: float, h: float, value: int) -> None:
    """The character's STR in an iron shield, lower-left corner ``(x, y)``."""
    polygon(face, shield_points(x, y, w, h), fill=icons.IRON, stroke=INK, width=0.8)
    polygon(
        face,
        shield_points(x + w * 0.12, y + h * 0.14, w * 0.76, h * 0.78),
        fill=None,
        stroke="#8b939c",
        width=0.5,
    )
    size = h * 0.52
    face.label(
        str(value), x + w / 2, y + h * 0.42, size=size, bold=True, color="#fbf7ec",
        align="center", max_width=0.8 * w,
    )  # fmt: skip


def pill(face: Face, x: float, y: float, icon: str, value: str, *, h: float = 4.6 * mm) -> float:
    """A small badge: ``icon`` and ``value`` on a pale pill; returns its width."""
    size = h * 0.62
    w = h + len(value) * size * 0.62 + 1.6 * mm
    face.rect(x, y, w, h, fill=PAPER, stroke=INK, line_width=0.5, radius=h / 2)
    face.icon(icon, x + 0.5 * mm, y + 0.45 * mm, h - 0.9 * mm)
    face.label(value, x + h + 0.1 * mm, y + h * 0.28, size=size, bold=True, color=INK)
    return w


def ring_points(
    cx: float, cy: float, r: float, n: int, start_deg: float = 90
) -> list[tuple[float, float]]:
    """``n`` points evenly on a circle, the first at ``start_deg``, going clockwise."""
    out = []
    for i in range(n):
        a = math.radians(start_deg - i * 360 / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out
