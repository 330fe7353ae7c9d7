"""The Iron Throne's icons and House sigils: our own simple vector designs.

Every glyph is a function adding reportlab shapes to a 100 × 100 drawing in
two colours, ``fill`` (the body) and ``detail`` (eyes, cut-outs, outlines),
so one design serves both the rules text (``[hostility]``, in its default
colours, via :data:`ICONS`) and the faces, where a sigil takes its House's
colours (:func:`paint`).

Sigils are named by the ``sigil:`` field of a House in the content:
``wolf``, ``lion``, ``stag``, ``dragon`` and ``rose``
(:data:`pnp.rulesets.ironthrone.sigils.SIGILS`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.graphics.shapes import Circle, Drawing, Ellipse, Group, Line, Path, Polygon, Rect
from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import IconSet
from pnp.render.icons import render_drawing

#: draws a glyph: ``shape(drawing, fill, detail)``
Shape = Callable[[Drawing, Color, Color], None]


@dataclass(frozen=True)
class Glyph:
    """One design: its shape function and the colours it has in rules text."""

    name: str
    label: str
    shape: Shape
    fill: str
    detail: str


GLYPHS: dict[str, Glyph] = {}


def glyph(name: str, label: str, fill: str, detail: str) -> Callable[[Shape], Shape]:
    """Decorator: register a glyph design under ``name``."""

    def register(shape: Shape) -> Shape:
        GLYPHS[name] = Glyph(name, label, shape, fill, detail)
        return shape

    return register


# ------------------------------------------------------------------ helpers


def _poly(points: Sequence[float], fill: Color, **kw: object) -> Polygon:
    return Polygon(list(points), fillColor=fill, strokeColor=kw.pop("stroke", None), **kw)


def _rotated(points: Sequence[float], degrees: float, cx: float, cy: float) -> list[float]:
    """``points`` (x, y, x, y …) turned ``degrees`` anticlockwise about ``(cx, cy)``."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    out: list[float] = []
    for i in range(0, len(points), 2):
        x, y = points[i] - cx, points[i + 1] - cy
        out += [cx + x * cos - y * sin, cy + x * sin + y * cos]
    return out


def _mirror(points: Sequence[float], axis: float = 50.0) -> list[float]:
    """``points`` mirrored across the vertical line ``x = axis``."""
    out: list[float] = []
    for i in range(0, len(points), 2):
        out += [2 * axis - points[i], points[i + 1]]
    return out


def _star(
    cx: float, cy: float, outer: float, inner: float, n: int, turn: float = 90
) -> list[float]:
    pts: list[float] = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / n)
        pts += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return pts


def _line(x1: float, y1: float, x2: float, y2: float, color: Color, width: float) -> Line:
    return Line(x1, y1, x2, y2, strokeColor=color, strokeWidth=width, strokeLineCap=1)


# ------------------------------------------------------------------ sigils


@glyph("wolf", "Wolf (House Stark)", fill="#5f6f7f", detail="#e6e9ec")
def wolf(d: Drawing, fill: Color, detail: Color) -> None:
    """A wolf's mask seen from the front: tall ears, narrow muzzle."""
    d.add(
        _poly(
            [
                50, 6, 58, 12, 63, 27, 78, 40, 88, 60, 84, 97, 66, 74, 50, 78,
                34, 74, 16, 97, 12, 60, 22, 40, 37, 27, 42, 12,
            ],
            fill,
        )
    )  # fmt: skip
    left_ear = [21, 86, 33, 71, 19, 66]
    d.add(_poly(left_ear, detail))
    d.add(_poly(_mirror(left_ear), detail))
    left_eye = [28, 54, 44, 49, 40, 44]
    d.add(_poly(left_eye, detail))
    d.add(_poly(_mirror(left_eye), detail))
    d.add(_poly([43, 18, 57, 18, 50, 10], detail))  # nose
    d.add(_poly([50, 40, 46, 26, 54, 26], detail))  # muzzle ridge


@glyph("lion", "Lion (House Lannister)", fill="#d6a62c", detail="#8e1b1b")
def lion(d: Drawing, fill: Color, detail: Color) -> None:
    """A lion's head: a spiked mane around a broad face."""
    d.add(_poly(_star(50, 50, 49, 37, 14), fill))
    d.add(Circle(50, 50, 36, fillColor=detail, strokeColor=None))
    face = [50, 12, 66, 22, 74, 44, 72, 66, 60, 78, 40, 78, 28, 66, 26, 44, 34, 22]
    d.add(_poly(face, fill))
    left_ear = [30, 74, 24, 86, 40, 80]
    d.add(_poly(left_ear, fill))
    d.add(_poly(_mirror(left_ear), fill))
    left_eye = [34, 56, 45, 55, 42, 50]
    d.add(_poly(left_eye, detail))
    d.add(_poly(_mirror(left_eye), detail))
    d.add(_poly([43, 38, 57, 38, 50, 29], detail))  # nose
    d.add(_line(50, 29, 50, 22, detail, 2.5))
    d.add(_line(50, 22, 42, 18, detail, 2.5))
    d.add(_line(50, 22, 58, 18, detail, 2.5))


@glyph("stag", "Stag (House Baratheon)", fill="#1c1c1c", detail="#c9a50f")
def stag(d: Drawing, fill: Color, detail: Color) -> None:
    """A stag's head with branching antlers."""
    w = 6.5
    left = [
        (44, 58, 34, 74),
        (34, 74, 24, 96),
        (34, 74, 14, 80),
        (30, 84, 38, 97),
        (27, 89, 14, 93),
    ]
    for x1, y1, x2, y2 in left:
        d.add(_line(x1, y1, x2, y2, fill, w))
        d.add(_line(100 - x1, y1, 100 - x2, y2, fill, w))
    left_ear = [40, 58, 18, 60, 26, 52, 42, 50]
    d.add(_poly(left_ear, fill))
    d.add(_poly(_mirror(left_ear), fill))
    head = [50, 64, 60, 58, 62, 44, 58, 20, 54, 8, 46, 8, 42, 20, 38, 44, 40, 58]
    d.add(_poly(head, fill))
    left_eye = [42, 44, 48, 42, 44, 39]
    d.add(_poly(left_eye, detail))
    d.add(_poly(_mirror(left_eye), detail))
    d.add(Ellipse(50, 12, 5, 3, fillColor=detail, strokeColor=None))


@glyph("dragon", "Dragon (House Targaryen)", fill="#b8242c", detail="#1e1b1b")
def dragon(d: Drawing, fill: Color, detail: Color) -> None:
    """A dragon's head in profile, jaws open, with swept-back horns and a spined neck."""
    head = [
        4, 64, 20, 72, 40, 80, 48, 86, 80, 99, 62, 82, 74, 78, 86, 66, 92, 50,
        94, 30, 96, 4, 68, 4, 68, 24, 60, 38, 46, 44, 10, 36, 30, 48, 44, 54, 12, 56,
    ]  # fmt: skip
    d.add(_poly(head, fill))
    d.add(_poly([66, 80, 94, 86, 76, 72], fill))  # second horn
    for x, y in ((88, 60), (93, 42), (95, 22)):
        d.add(_poly([x - 3, y + 6, x + 5, y + 2, x - 1, y - 6], fill))
    d.add(_poly([48, 70, 62, 72, 56, 64], detail))  # eye
    d.add(_poly([10, 65, 16, 66, 13, 62], detail))  # nostril
    for i in range(3):
        x = 16 + 9 * i
        d.add(_poly([x, 55.2 - 0.2 * i, x + 4, 55 - 0.2 * i, x + 2, 50.5], detail))
        d.add(_poly([x + 2, 37.6 + 1.2 * i, x + 6, 38.8 + 1.2 * i, x + 4, 43 + 1.2 * i], detail))
    for y in (30, 18):
        d.add(_line(72, y, 90, y + 4, detail, 2))


@glyph("rose", "Rose (House Tyrell)", fill="#d9b72b", detail="#2f6b34")
def rose(d: Drawing, fill: Color, detail: Color) -> None:
    """A rose in bloom on a short stem with two leaves."""
    d.add(Rect(47, 2, 6, 40, fillColor=detail, strokeColor=None))
    leaf = [50, 18, 26, 30, 14, 20, 32, 12]
    d.add(_poly(leaf, detail))
    d.add(_poly(_mirror(leaf), detail))
    cx, cy = 50, 62
    for i in range(5):
        a = math.radians(90 + i * 72)
        d.add(
            Circle(
                cx + 19 * math.cos(a),
                cy + 19 * math.sin(a),
                17,
                fillColor=fill,
                strokeColor=detail,
                strokeWidth=2,
            )
        )
    d.add(Circle(cx, cy, 20, fillColor=fill, strokeColor=None))
    d.add(Circle(cx, cy, 11, fillColor=fill, strokeColor=detail, strokeWidth=2.5))
    d.add(Circle(cx, cy, 4.5, fillColor=detail, strokeColor=None))


# ------------------------------------------------------------------ game icons


@glyph("power", "Power", fill="#c8961e", detail="#fff4c8")
def power(d: Drawing, fill: Color, detail: Color) -> None:
    """A cut gem: power, on characters and leader sheets."""
    d.add(_poly([50, 96, 92, 62, 50, 4, 8, 62], fill))
    d.add(_poly([50, 96, 70, 62, 50, 62], detail))
    half = Color(*((a + b) / 2 for a, b in zip(fill.rgb(), detail.rgb(), strict=True)))
    d.add(_poly([8, 62, 30, 62, 50, 96], half))  # no transparency: forms drop its state
    d.add(_line(8, 62, 92, 62, detail, 3))
    d.add(_line(30, 62, 50, 4, detail, 2))
    d.add(_line(70, 62, 50, 4, detail, 2))


@glyph("influence", "Influence", fill="#8b1e2d", detail="#f2d9a0")
def influence(d: Drawing, fill: Color, detail: Color) -> None:
    """A wax seal: influence spread to another House."""
    d.add(_poly(_star(50, 50, 48, 42, 16), fill))
    d.add(Circle(50, 50, 32, fillColor=None, strokeColor=detail, strokeWidth=4))
    d.add(_poly(_star(50, 50, 20, 9, 5), detail))


@glyph("hostility", "Hostility", fill="#7a1f1f", detail="#e8dcc0")
def hostility(d: Drawing, fill: Color, detail: Color) -> None:
    """Two crossed swords: troops, spies and servants."""
    blade = [45, 24, 55, 24, 55, 86, 50, 98, 45, 86]
    fuller = [49, 28, 51, 28, 51, 84, 49, 84]
    guard = [33, 24, 67, 24, 67, 16, 33, 16]
    grip = [46.5, 16, 53.5, 16, 53.5, 5, 46.5, 5]
    for angle in (36, -36):
        d.add(_poly(_rotated(blade, angle, 50, 48), fill))
        d.add(_poly(_rotated(fuller, angle, 50, 48), detail))
        d.add(_poly(_rotated(guard, angle, 50, 48), fill))
        d.add(_poly(_rotated(grip, angle, 50, 48), fill))
        cx, cy = _rotated([50, 4], angle, 50, 48)
        d.add(Circle(cx, cy, 5.5, fillColor=fill, strokeColor=None))


@glyph("truce", "Truce", fill="#3a4a5a", detail="#f4f1e8")
def truce(d: Drawing, fill: Color, detail: Color) -> None:
    """A white banner on a pole: envoys of peace."""
    d.add(Rect(18, 4, 6, 90, fillColor=fill, strokeColor=None))
    d.add(Circle(21, 94, 5, fillColor=fill, strokeColor=None))
    p = Path(fillColor=detail, strokeColor=fill, strokeWidth=3, strokeLineJoin=1)
    p.moveTo(24, 88)
    p.curveTo(44, 98, 60, 78, 92, 88)
    p.lineTo(92, 46)
    p.curveTo(60, 36, 44, 56, 24, 46)
    p.closePath()
    d.add(p)


@glyph("challenger", "Challenger", fill="#a3262b", detail="#f6e7c1")
def challenger(d: Drawing, fill: Color, detail: Color) -> None:
    """A spearhead pointing forward: the challenger's side."""
    d.add(_poly([50, 98, 74, 52, 58, 40, 58, 4, 42, 4, 42, 40, 26, 52], fill))
    d.add(_poly([50, 86, 62, 54, 50, 46, 38, 54], detail))
    d.add(Rect(36, 30, 28, 7, fillColor=fill, strokeColor=detail, strokeWidth=1.5))


@glyph("defender", "Defender", fill="#274b7a", detail="#f6e7c1")
def defender(d: Drawing, fill: Color, detail: Color) -> None:
    """A heater shield: the defender's side."""
    p = Path(fillColor=fill, strokeColor=None)
    p.moveTo(10, 94)
    p.lineTo(90, 94)
    p.lineTo(90, 54)
    p.curveTo(90, 26, 70, 12, 50, 2)
    p.curveTo(30, 12, 10, 26, 10, 54)
    p.closePath()
    d.add(p)
    d.add(_poly([10, 70, 50, 38, 90, 70, 90, 54, 50, 22, 10, 54], detail))  # chevron
    d.add(Circle(50, 76, 8, fillColor=detail, strokeColor=None))


@glyph("hostage", "Hostage", fill="#4a4038", detail="#e8dcc4")
def hostage(d: Drawing, fill: Color, detail: Color) -> None:
    """A padlock: a card held hostage."""
    p = Path(fillColor=None, strokeColor=fill, strokeWidth=11)
    p.moveTo(28, 48)
    p.lineTo(28, 68)
    p.curveTo(28, 98, 72, 98, 72, 68)
    p.lineTo(72, 48)
    d.add(p)
    d.add(Rect(14, 4, 72, 50, rx=6, ry=6, fillColor=fill, strokeColor=None))
    d.add(Circle(50, 34, 7, fillColor=detail, strokeColor=None))
    d.add(_poly([46, 32, 54, 32, 56, 14, 44, 14], detail))


@glyph("dead", "Dead", fill="#d8d2c4", detail="#2a2622")
def dead(d: Drawing, fill: Color, detail: Color) -> None:
    """A skull: a character with no power left."""
    d.add(Ellipse(50, 60, 38, 36, fillColor=fill, strokeColor=None))
    d.add(Rect(30, 10, 40, 30, rx=6, ry=6, fillColor=fill, strokeColor=None))
    d.add(Ellipse(35, 56, 10, 11, fillColor=detail, strokeColor=None))
    d.add(Ellipse(65, 56, 10, 11, fillColor=detail, strokeColor=None))
    d.add(_poly([50, 46, 45, 34, 55, 34], detail))
    for x in (38, 46, 54, 62):
        d.add(Rect(x - 1.5, 10, 3, 14, fillColor=detail, strokeColor=None))


@glyph("leader", "Leader", fill="#b08a2e", detail="#fff4d0")
def leader(d: Drawing, fill: Color, detail: Color) -> None:
    """A crown: the leader and their sheet."""
    d.add(_poly([12, 24, 88, 24, 92, 80, 72, 52, 50, 86, 28, 52, 8, 80], fill))
    d.add(Rect(10, 8, 80, 14, fillColor=fill, strokeColor=None))
    for x, y in ((8, 82), (50, 88), (92, 82)):
        d.add(Circle(x, y, 6, fillColor=fill, strokeColor=None))
    for x in (26, 50, 74):
        d.add(Circle(x, 15, 4, fillColor=detail, strokeColor=None))


@glyph("character", "Character", fill="#3d3530", detail="#f4ecd8")
def character(d: Drawing, fill: Color, detail: Color) -> None:
    """A head and shoulders: a character token or card."""
    d.add(Circle(50, 70, 22, fillColor=fill, strokeColor=None))
    p = Path(fillColor=fill, strokeColor=None)
    p.moveTo(8, 4)
    p.curveTo(8, 40, 30, 48, 50, 48)
    p.curveTo(70, 48, 92, 40, 92, 4)
    p.closePath()
    d.add(p)


@glyph("event", "Event", fill="#5a4a3a", detail="#efe4c8")
def event(d: Drawing, fill: Color, detail: Color) -> None:
    """A sealed letter: an event card."""
    d.add(Rect(6, 18, 88, 64, rx=4, ry=4, fillColor=detail, strokeColor=fill, strokeWidth=5))
    d.add(_poly([6, 82, 50, 46, 94, 82], detail, stroke=fill, strokeWidth=5, strokeLineJoin=1))
    d.add(Circle(50, 48, 12, fillColor="#8b1e2d", strokeColor=None))


@glyph("special", "Special event", fill="#4a3b5e", detail="#d9b55a")
def special(d: Drawing, fill: Color, detail: Color) -> None:
    """A compass star: a special event, which names the defender by a rule of its own
    (the crown is the leader's, so it cannot be the special events' mark)."""
    d.add(Circle(50, 50, 46, fillColor=fill, strokeColor=None))
    d.add(_poly(_star(50, 50, 42, 12, 4), detail))
    d.add(_poly(_star(50, 50, 28, 10, 4, turn=45), detail))
    d.add(Circle(50, 50, 7, fillColor=fill, strokeColor=None))


@glyph("card", "Card", fill="#3d3530", detail="#f4ecd8")
def card(d: Drawing, fill: Color, detail: Color) -> None:
    """A house card."""
    g = Group(Rect(22, 6, 56, 84, rx=6, ry=6, fillColor=fill, strokeColor=None))
    g.add(Rect(28, 12, 44, 72, rx=3, ry=3, fillColor=None, strokeColor=detail, strokeWidth=3))
    g.rotate(-10)
    g.translate(-10, 8)
    d.add(g)


# ------------------------------------------------------------------ drawing


@functools.lru_cache(maxsize=512)
def drawing(name: str, fill: str | None = None, detail: str | None = None) -> Drawing:
    """The 100 × 100 drawing of glyph ``name`` in the given (or its own) colours."""
    g = GLYPHS[name]
    d = Drawing(100, 100)
    g.shape(d, toColor(fill or g.fill), toColor(detail or g.detail))
    return d


def paint(
    canvas: Canvas,
    name: str,
    x: float,
    y: float,
    size: float,
    fill: str | None = None,
    detail: str | None = None,
) -> None:
    """Draw glyph ``name`` with its lower-left corner at ``(x, y)``, ``size`` points square."""
    scale = size / 100
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    render_drawing(drawing(name, fill, detail), canvas)
    canvas.restoreState()


def _icon_draw(g: Glyph) -> Callable[[Drawing], None]:
    def draw(d: Drawing) -> None:
        g.shape(d, toColor(g.fill), toColor(g.detail))

    return draw


#: every glyph in its own colours, for rules text: ``[hostility]``, ``[wolf]``
ICONS = IconSet()
for _g in GLYPHS.values():
    ICONS.icon(_g.name, label=_g.label)(_icon_draw(_g))
