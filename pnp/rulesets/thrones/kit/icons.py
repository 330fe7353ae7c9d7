"""The thrones icons and House sigils: our own simple vector designs.

Every icon is drawn with reportlab shapes on a 100 × 100 grid (see
:mod:`pnp.render.icons`) in a flat, angular heraldic style, so it stays sharp
from an inline text icon to a card-sized watermark. Two families:

*Icons* (``ICONS``, written ``[military]`` in text): the three challenge
icons on coloured discs, gold, the unique mark, the four crests on bronze
medallions, income, initiative, claim and influence badges, the Iron Throne
emblem of the plot backs, the first player's raven, one emblem per title and
one shield per House sigil (``[direwolf]`` …).

*Charges* (:func:`paint_charge`): the bare House sigils — direwolf, lion,
stag, kraken, sun-and-spear, dragon — drawn in any two colours, so a card
paints its House symbol in the House colours the content gives. A House's
``sigil:`` names one of :data:`SIGILS`.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable

from reportlab.graphics.shapes import (
    Circle,
    Drawing,
    Ellipse,
    Group,
    Path,
    Polygon,
    PolyLine,
    Rect,
)
from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import IconSet
from pnp.render.forms import end_form
from pnp.render.icons import render_drawing
from pnp.rulesets.thrones.sigils import SIGILS

#: colours of the challenge icons (also used by the faces' icon slots)
MILITARY = "#a8231f"
INTRIGUE = "#2f6b3a"
POWER = "#5d3a91"
GOLD = "#d4a017"
GOLD_DARK = "#8a6508"
BRONZE = "#8c6d3f"
CREAM = "#f6eed8"
IRON = "#3f444b"
INK = "#1f1b16"

ChargeDraw = Callable[[Drawing, Color, Color], None]

ICONS = IconSet()


# --------------------------------------------------------------------------- helpers


def _star(cx: float, cy: float, points: int, outer: float, inner: float, turn: float = 90) -> list:
    """The corners of a ``points``-pointed star, first point at ``turn`` degrees."""
    out: list[float] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        out += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return out


def _pts(spec: str) -> list[float]:
    """Points written SVG-style, ``"4,50 16,58 …"``, as a flat list."""
    return [float(v) for pair in spec.split() for v in pair.split(",")]


def star_points(cx: float, cy: float, points: int, outer: float, inner: float) -> list[float]:
    """The corners of a star with its first point straight up, as a flat list."""
    return _star(cx, cy, points, outer, inner)


def _disc(d: Drawing, colour: str, ring: str | None = None) -> None:
    """A round badge filling the drawing."""
    d.add(Circle(50, 50, 48, fillColor=colour, strokeColor=ring, strokeWidth=4 if ring else 0))


def _shield_points(x: float, y: float, w: float, h: float) -> list[float]:
    """A heater shield: flat top, straight sides, pointed base."""
    pts = [x, y + h, x + w, y + h, x + w, y + h * 0.45]
    steps = 8
    # right flank curving to the point, then the left flank back up
    for i in range(1, steps + 1):
        t = i / steps
        pts += [x + w - (w / 2) * math.sin(t * math.pi / 2), y + h * 0.45 * (1 - t) ** 1.35]
    for i in range(steps - 1, -1, -1):
        t = i / steps
        pts += [x + (w / 2) * math.sin(t * math.pi / 2), y + h * 0.45 * (1 - t) ** 1.35]
    return pts


def shield_points(x: float, y: float, w: float, h: float) -> list[float]:
    """The outline of the heraldic shield the kit uses, as a flat list of points."""
    return _shield_points(x, y, w, h)


def _stroke(points: list[float], colour: Color | str, width: float) -> PolyLine:
    return PolyLine(
        points, strokeColor=colour, strokeWidth=width, strokeLineCap=1, strokeLineJoin=1
    )


# --------------------------------------------------------------------------- challenge icons


@ICONS.icon("military", label="Military")
def military(d: Drawing) -> None:
    """A raised sword on a red disc."""
    _disc(d, MILITARY)
    d.add(Polygon(_pts("45,30 45,78 50,90 55,78 55,30"), fillColor=CREAM, strokeColor=None))
    d.add(Rect(29, 24, 42, 8, rx=3, ry=3, fillColor=CREAM, strokeColor=None))
    d.add(Rect(46, 11, 8, 14, fillColor=CREAM, strokeColor=None))
    d.add(Circle(50, 11, 5.5, fillColor=CREAM, strokeColor=None))


@ICONS.icon("intrigue", label="Intrigue")
def intrigue(d: Drawing) -> None:
    """An open eye on a green disc."""
    _disc(d, INTRIGUE)
    eye = Path(fillColor=CREAM, strokeColor=None)
    eye.moveTo(10, 50)
    eye.curveTo(30, 80, 70, 80, 90, 50)
    eye.curveTo(70, 20, 30, 20, 10, 50)
    eye.closePath()
    d.add(eye)
    d.add(Circle(50, 50, 15, fillColor=INTRIGUE, strokeColor=None))
    d.add(Circle(50, 50, 6, fillColor=CREAM, strokeColor=None))


@ICONS.icon("power", label="Power")
def power(d: Drawing) -> None:
    """A crown on a purple disc."""
    _disc(d, POWER)
    d.add(
        Polygon(
            _pts("22,30 78,30 84,68 66,50 50,76 34,50 16,68"),
            fillColor=CREAM,
            strokeColor=None,
        )
    )
    d.add(Rect(22, 20, 56, 7, fillColor=CREAM, strokeColor=None))
    for x, y in ((16, 70), (50, 79), (84, 70)):
        d.add(Circle(x, y, 5, fillColor=CREAM, strokeColor=None))


# --------------------------------------------------------------------------- card marks


@ICONS.icon("gold", label="Gold")
def gold(d: Drawing) -> None:
    """A stamped gold coin."""
    d.add(Circle(50, 50, 47, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=5))
    d.add(Circle(50, 50, 35, fillColor=None, strokeColor=GOLD_DARK, strokeWidth=2.5))
    d.add(Polygon(_star(50, 50, 4, 24, 8, turn=90), fillColor=GOLD_DARK, strokeColor=None))


@ICONS.icon("unique", label="Unique")
def unique(d: Drawing) -> None:
    """A hanging pennant with a swallowtail."""
    d.add(Rect(22, 88, 56, 7, fillColor=INK, strokeColor=None))
    d.add(
        Polygon(
            _pts("28,90 72,90 72,6 50,28 28,6"),
            fillColor="#8e1d1d",
            strokeColor=INK,
            strokeWidth=4,
        )
    )
    d.add(Polygon(_star(50, 60, 5, 14, 6), fillColor="#e9c46a", strokeColor=None))


@ICONS.icon("influence", label="Influence")
def influence(d: Drawing) -> None:
    """A quill."""
    vane = Path(fillColor="#2f4858", strokeColor=None)
    vane.moveTo(20, 14)
    vane.curveTo(30, 50, 55, 85, 90, 96)
    vane.curveTo(86, 62, 60, 30, 20, 14)
    vane.closePath()
    d.add(vane)
    d.add(_stroke([8, 4, 22, 18, 72, 78], "#2f4858", 4))
    d.add(_stroke([30, 30, 60, 56], "#e8ecef", 2.5))


@ICONS.icon("initiative", label="Initiative")
def initiative(d: Drawing) -> None:
    """An hourglass."""
    colour = "#1d5c63"
    d.add(Rect(18, 86, 64, 9, fillColor=colour, strokeColor=None))
    d.add(Rect(18, 5, 64, 9, fillColor=colour, strokeColor=None))
    d.add(
        Polygon(
            _pts("24,86 76,86 54,50 76,14 24,14 46,50"),
            fillColor=None,
            strokeColor=colour,
            strokeWidth=6,
            strokeLineJoin=1,
        )
    )
    d.add(Polygon([36, 18, 64, 18, 50, 38], fillColor="#c8a24a", strokeColor=None))
    d.add(Polygon([40, 72, 60, 72, 50, 58], fillColor="#c8a24a", strokeColor=None))


@ICONS.icon("claim", label="Claim")
def claim(d: Drawing) -> None:
    """A keep with battlements: what a victorious attacker takes."""
    colour = "#6b2a1f"
    d.add(
        Polygon(
            _pts(
                "14,4 86,4 86,74 80,74 80,94 66,94 66,84 57,84 57,94 43,94 43,84 34,84 "
                "34,94 20,94 20,74 14,74"
            ),
            fillColor=colour,
            strokeColor=None,
        )
    )
    gate = Path(fillColor=CREAM, strokeColor=None)
    gate.moveTo(38, 4)
    gate.lineTo(38, 30)
    gate.curveTo(38, 46, 62, 46, 62, 30)
    gate.lineTo(62, 4)
    gate.closePath()
    d.add(gate)
    d.add(Rect(46, 56, 8, 14, fillColor=CREAM, strokeColor=None))


@ICONS.icon("strength", label="Strength")
def strength(d: Drawing) -> None:
    """A clenched gauntlet shape reduced to a shield boss."""
    d.add(Polygon(_shield_points(10, 2, 80, 96), fillColor=IRON, strokeColor=None))
    d.add(Polygon(_shield_points(22, 16, 56, 70), fillColor="#8b939c", strokeColor=None))
    d.add(Circle(50, 56, 10, fillColor=IRON, strokeColor=None))


# --------------------------------------------------------------------------- crests


def _medallion(d: Drawing) -> None:
    d.add(Circle(50, 50, 47, fillColor=BRONZE, strokeColor="#5a4526", strokeWidth=4))


@ICONS.icon("holy", label="Holy crest")
def holy(d: Drawing) -> None:
    """A seven-pointed star."""
    _medallion(d)
    d.add(Polygon(_star(50, 50, 7, 38, 17), fillColor=CREAM, strokeColor=None))


@ICONS.icon("learned", label="Learned crest")
def learned(d: Drawing) -> None:
    """Three links of a chain."""
    _medallion(d)
    for cx, cy, ang in ((30, 30, 45), (50, 50, 45), (70, 70, 45)):
        link = Ellipse(0, 0, 15, 8, fillColor=None, strokeColor=CREAM, strokeWidth=6)
        g = Group(link)
        g.translate(cx, cy)
        g.rotate(ang)
        d.add(g)


@ICONS.icon("noble", label="Noble crest")
def noble(d: Drawing) -> None:
    """A cut jewel."""
    _medallion(d)
    d.add(Polygon(_pts("50,14 84,56 70,74 30,74 16,56"), fillColor=CREAM, strokeColor=None))
    d.add(_stroke([16, 56, 84, 56], BRONZE, 3))
    d.add(_stroke(_pts("30,74 40,56 50,14 60,56 70,74"), BRONZE, 3))


@ICONS.icon("war", label="War crest")
def war(d: Drawing) -> None:
    """Two crossed axes."""
    _medallion(d)
    for flip in (1, -1):
        g = Group(
            _stroke([0, -34, 0, 34], CREAM, 7),
            Polygon(_pts("0,36 0,14 16,8 24,24 18,40"), fillColor=CREAM, strokeColor=None),
        )
        g.translate(50, 50)
        g.rotate(-38 * flip)
        if flip < 0:
            g.scale(-1, 1)
        d.add(g)


# --------------------------------------------------------------------------- emblems


def _throne(d: Drawing, fg: Color, bg: Color) -> None:
    """A seat under a fan of blades (the Iron Throne emblem)."""
    blade = fg
    for i in range(11):
        a = math.radians(35 + i * 11)
        tip = (50 + 48 * math.cos(a), min(40 + 58 * math.sin(a), 99))
        base = math.radians(35 + i * 11 + 90)
        d.add(
            Polygon(
                [
                    50 + 5 * math.cos(base),
                    40 + 5 * math.sin(base),
                    tip[0],
                    tip[1],
                    50 - 5 * math.cos(base),
                    40 - 5 * math.sin(base),
                ],
                fillColor=blade,
                strokeColor=bg,
                strokeWidth=1.5,
            )
        )
    for shape in (
        Polygon([28, 40, 72, 40, 66, 70, 34, 70]),
        Rect(20, 28, 60, 12),
        Rect(24, 2, 10, 28),
        Rect(66, 2, 10, 28),
        Rect(14, 40, 12, 8),
        Rect(74, 40, 12, 8),
    ):
        shape.fillColor = fg
        shape.strokeColor = None
        d.add(shape)


@ICONS.icon("throne", label="The Iron Throne")
def throne(d: Drawing) -> None:
    """The Iron Throne in iron grey."""
    _throne(d, toColor(IRON), toColor("#8b939c"))


@ICONS.icon("raven", label="First player")
def raven(d: Drawing) -> None:
    """A raven in profile, outlined in its own ink: the low-ink kit tints its large fill
    pale and keeps the outline dark (without it the raven all but vanished, 1.4:1)."""
    d.add(
        Polygon(
            _pts(
                "4,70 22,76 30,86 42,86 52,76 78,62 98,40 76,46 90,22 64,36 48,34 40,14 "
                "34,14 38,34 30,40 28,60 20,70"
            ),
            fillColor=INK,
            strokeColor=INK,
            strokeWidth=3,
            strokeLineJoin=1,
        )
    )
    d.add(_stroke([40, 14, 30, 8], INK, 3))
    d.add(_stroke([34, 14, 26, 10], INK, 3))
    d.add(Circle(36, 78, 3, fillColor=CREAM, strokeColor=None))
    d.add(_stroke([52, 66, 80, 50], "#55575e", 3))


# --------------------------------------------------------------------------- titles


@ICONS.icon("title", label="Title")
def title(d: Drawing) -> None:
    """A chain of office (the emblem of a title without one of its own)."""
    for i in range(9):
        a = math.radians(200 + i * 17.5)
        d.add(
            Circle(
                50 + 38 * math.cos(a),
                70 + 38 * math.sin(a),
                7,
                fillColor=GOLD,
                strokeColor=GOLD_DARK,
                strokeWidth=2,
            )
        )
    d.add(Circle(50, 22, 18, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=3))


@ICONS.icon("crown-regent", label="Crown Regent")
def crown_regent(d: Drawing) -> None:
    """An orb and cross."""
    d.add(Rect(46, 74, 8, 24, fillColor=GOLD_DARK, strokeColor=None))
    d.add(Rect(36, 84, 28, 7, fillColor=GOLD_DARK, strokeColor=None))
    d.add(Circle(50, 40, 36, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=4))
    d.add(_stroke([14, 40, 86, 40], GOLD_DARK, 4))
    d.add(_stroke([50, 76, 50, 40], GOLD_DARK, 4))


@ICONS.icon("hand-of-the-king", label="Hand of the King")
def hand_of_the_king(d: Drawing) -> None:
    """An open hand."""
    colour = GOLD
    d.add(Rect(26, 6, 48, 50, rx=14, ry=14, fillColor=colour, strokeColor=GOLD_DARK, strokeWidth=2))
    for x, top in ((27, 78), (39, 88), (51, 90), (63, 82)):
        d.add(
            Rect(
                x,
                40,
                10,
                top - 40,
                rx=5,
                ry=5,
                fillColor=colour,
                strokeColor=GOLD_DARK,
                strokeWidth=2,
            )
        )
    thumb = Group(
        Rect(0, 0, 11, 34, rx=5, ry=5, fillColor=colour, strokeColor=GOLD_DARK, strokeWidth=2)
    )
    thumb.translate(70, 18)
    thumb.rotate(35)
    d.add(thumb)
    d.add(Rect(27, 30, 46, 20, fillColor=colour, strokeColor=None))


@ICONS.icon("master-of-laws", label="Master of Laws")
def master_of_laws(d: Drawing) -> None:
    """A pair of scales."""
    c = IRON
    d.add(Rect(47, 10, 6, 78, fillColor=c, strokeColor=None))
    d.add(Rect(30, 4, 40, 8, fillColor=c, strokeColor=None))
    d.add(_stroke([12, 78, 88, 78], c, 5))
    d.add(Circle(50, 90, 6, fillColor=c, strokeColor=None))
    for x in (20, 80):
        d.add(_stroke([x, 78, x - 12, 46], c, 2))
        d.add(_stroke([x, 78, x + 12, 46], c, 2))
        pan = Path(fillColor=GOLD, strokeColor=c, strokeWidth=2)
        pan.moveTo(x - 16, 46)
        pan.curveTo(x - 14, 32, x + 14, 32, x + 16, 46)
        pan.closePath()
        d.add(pan)


@ICONS.icon("lord-commander", label="Lord Commander of the Kingsguard")
def lord_commander(d: Drawing) -> None:
    """A plain white shield: the white cloaks."""
    d.add(
        Polygon(_shield_points(12, 2, 76, 96), fillColor="#f4f4f0", strokeColor=IRON, strokeWidth=5)
    )
    d.add(
        Polygon(
            _shield_points(26, 18, 48, 64), fillColor=None, strokeColor="#b9bec4", strokeWidth=3
        )
    )


@ICONS.icon("master-of-whispers", label="Master of Whispers")
def master_of_whispers(d: Drawing) -> None:
    """A masquerade mask."""
    mask = Path(fillColor="#3b2f4a", strokeColor=None)
    mask.moveTo(4, 62)
    mask.curveTo(20, 80, 40, 72, 50, 64)
    mask.curveTo(60, 72, 80, 80, 96, 62)
    mask.curveTo(92, 36, 70, 26, 56, 40)
    mask.lineTo(50, 36)
    mask.lineTo(44, 40)
    mask.curveTo(30, 26, 8, 36, 4, 62)
    mask.closePath()
    d.add(mask)
    for x in (30, 70):
        d.add(Ellipse(x, 54, 10, 6, fillColor=CREAM, strokeColor=None))
    d.add(_stroke([86, 40, 96, 6], "#3b2f4a", 4))


@ICONS.icon("master-of-coin", label="Master of Coin")
def master_of_coin(d: Drawing) -> None:
    """A stack of coins."""
    for i in range(5):
        y = 12 + i * 13
        d.add(Ellipse(46, y, 32, 10, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=3))
    d.add(Circle(76, 26, 20, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=3))
    d.add(Circle(76, 26, 11, fillColor=None, strokeColor=GOLD_DARK, strokeWidth=2))


# --------------------------------------------------------------------------- House charges


def _wolf(d: Drawing, fg: Color, bg: Color) -> None:
    """A direwolf's head in profile, facing left."""
    d.add(
        Polygon(
            _pts(
                "4,50 16,58 32,64 44,74 50,97 60,80 72,95 76,72 88,58 96,30 92,4 62,4 "
                "52,22 38,34 24,38 10,42"
            ),
            fillColor=fg,
            strokeColor=None,
        )
    )
    d.add(Polygon([36, 62, 48, 64, 44, 58], fillColor=bg, strokeColor=None))  # eye
    d.add(_stroke([10, 45, 24, 44, 34, 40], bg, 2.5))  # mouth
    d.add(_stroke([56, 80, 58, 68], bg, 2))  # ear line
    d.add(_stroke([64, 30, 70, 16, 80, 8], bg, 2))  # ruff
    d.add(_stroke([74, 40, 80, 24, 88, 14], bg, 2))


def _lion(d: Drawing, fg: Color, bg: Color) -> None:
    """A lion's face ringed by its mane."""
    d.add(Polygon(_star(50, 50, 14, 49, 36, turn=90), fillColor=fg, strokeColor=None))
    face = Polygon(
        _pts("50,80 68,72 74,52 66,26 50,16 34,26 26,52 32,72"),
        fillColor=bg,
        strokeColor=None,
    )
    d.add(face)
    d.add(
        Polygon(
            _pts("50,76 64,68 69,52 62,30 50,22 38,30 31,52 36,68"),
            fillColor=fg,
            strokeColor=None,
        )
    )
    for x in (41, 59):  # eyes
        d.add(Polygon([x - 6, 56, x + 6, 56, x, 60], fillColor=bg, strokeColor=None))
    d.add(Polygon([43, 44, 57, 44, 50, 36], fillColor=bg, strokeColor=None))  # nose
    d.add(_stroke([40, 30, 50, 34, 60, 30], bg, 2.5))  # mouth
    for side in (-1, 1):  # ears
        d.add(Circle(50 + side * 20, 78, 6, fillColor=fg, strokeColor=bg, strokeWidth=2))


def _stag(d: Drawing, fg: Color, bg: Color) -> None:
    """A stag's head from the front, antlers spread."""
    d.add(Polygon(_pts("38,58 62,58 58,22 50,6 42,22"), fillColor=fg, strokeColor=None))
    d.add(Polygon([38, 58, 22, 66, 36, 50], fillColor=fg, strokeColor=None))  # ears
    d.add(Polygon([62, 58, 78, 66, 64, 50], fillColor=fg, strokeColor=None))
    for s in (-1, 1):
        x = lambda v, s=s: 50 + s * v  # noqa: E731 - mirrored antler coordinates
        d.add(_stroke([x(8), 58, x(16), 74, x(30), 86, x(44), 96], fg, 6))
        d.add(_stroke([x(16), 74, x(34), 72], fg, 5))
        d.add(_stroke([x(30), 86, x(28), 98], fg, 5))
        d.add(_stroke([x(22), 80, x(40), 84], fg, 4))
        d.add(Polygon([x(3), 44, x(10), 44, x(6), 40], fillColor=bg, strokeColor=None))
    d.add(Circle(50, 12, 3.5, fillColor=bg, strokeColor=None))


def _kraken(d: Drawing, fg: Color, bg: Color) -> None:
    """A kraken: a mantle over curling arms."""
    mantle = Path(fillColor=fg, strokeColor=None)
    mantle.moveTo(30, 52)
    mantle.curveTo(24, 80, 40, 98, 50, 99)
    mantle.curveTo(60, 98, 76, 80, 70, 52)
    mantle.closePath()
    d.add(mantle)
    for x in (41, 59):
        d.add(Circle(x, 60, 4.5, fillColor=bg, strokeColor=None))
    arms = [
        (34, [(20, 40), (4, 40), (6, 56)]),
        (40, [(30, 26), (12, 14), (10, 26)]),
        (46, [(42, 22), (30, 4), (24, 10)]),
        (54, [(58, 22), (70, 4), (76, 10)]),
        (60, [(70, 26), (88, 14), (90, 26)]),
        (66, [(80, 40), (96, 40), (94, 56)]),
    ]
    for start, ((c1x, c1y), (c2x, c2y), (ex, ey)) in arms:
        arm = Path(fillColor=None, strokeColor=fg, strokeWidth=6.5, strokeLineCap=1)
        arm.moveTo(start, 54)
        arm.curveTo(c1x, c1y, c2x, c2y, ex, ey)
        d.add(arm)


def _sun_and_spear(d: Drawing, fg: Color, bg: Color) -> None:
    """A rayed sun pierced by a spear."""
    d.add(Polygon(_star(50, 50, 16, 46, 30, turn=90), fillColor=fg, strokeColor=None))
    d.add(Circle(50, 50, 26, fillColor=fg, strokeColor=bg, strokeWidth=2.5))
    metal = toColor("#e0b84a")
    dark = toColor("#5a4526")
    d.add(_stroke([8, 8, 80, 80], dark, 8))
    d.add(_stroke([8, 8, 80, 80], metal, 4.5))
    d.add(Polygon([74, 86, 96, 96, 86, 74], fillColor=metal, strokeColor=dark, strokeWidth=2))


def _dragon(d: Drawing, fg: Color, bg: Color) -> None:
    """A dragon's head in profile, facing left: horns swept back, spines down the neck."""
    d.add(
        Polygon(
            _pts(
                "4,60 10,68 30,68 42,76 96,98 62,74 90,80 66,64 84,58 72,52 86,44 74,38 "
                "86,28 72,24 82,12 68,10 72,2 44,2 44,22 36,36 10,40 18,46 30,48 8,54"
            ),
            fillColor=fg,
            strokeColor=None,
        )
    )
    d.add(Polygon([30, 60, 44, 64, 40, 58], fillColor=bg, strokeColor=None))  # eye
    d.add(Circle(12, 63, 1.8, fillColor=bg, strokeColor=None))  # nostril
    d.add(_stroke([48, 66, 58, 72], bg, 2))  # horn ridge
    d.add(_stroke([52, 40, 56, 26, 54, 12], bg, 2))  # neck scales
    d.add(_stroke([60, 46, 64, 30, 62, 14], bg, 2))


#: the House sigils, by the name a House's ``sigil:`` gives: one drawing for each name of
#: :data:`~pnp.rulesets.thrones.sigils.SIGILS` (the content schema checks against those)
CHARGES: dict[str, ChargeDraw] = {
    "direwolf": _wolf,
    "lion": _lion,
    "stag": _stag,
    "kraken": _kraken,
    "sun-and-spear": _sun_and_spear,
    "dragon": _dragon,
}
#: other emblems :func:`paint_charge` draws (not House sigils)
EMBLEMS: dict[str, ChargeDraw] = {"throne": _throne}

#: the heraldic colours of each sigil's icon (field, charge); cards use the content's
#: House colours instead
_HERALDRY: dict[str, tuple[str, str]] = {
    "direwolf": ("#5b6770", "#e8ecef"),
    "lion": ("#9b1b1e", "#d4a537"),
    "stag": ("#d9a81e", "#1a1a1a"),
    "kraken": ("#1f2a33", "#c9a227"),
    "sun-and-spear": ("#d2691e", "#b3202a"),
    "dragon": ("#1b1b1b", "#b22222"),
}


@functools.lru_cache(maxsize=256)
def charge_drawing(name: str, fg: str, bg: str) -> Drawing:
    """The sigil (or emblem) ``name`` drawn in ``fg`` over a ``bg`` ground, 100 units square.

    Cached: treat the drawing as read-only.
    """
    d = Drawing(100, 100)
    (CHARGES.get(name) or EMBLEMS[name])(d, toColor(fg), toColor(bg))
    return d


#: the charge forms each canvas already holds (a form is drawn once per document)
_FORMS: weakref.WeakKeyDictionary[Canvas, set[str]] = weakref.WeakKeyDictionary()


def paint_charge(
    canvas: Canvas, name: str, x: float, y: float, size: float, fg: str, bg: str
) -> None:
    """Paint sigil ``name`` in a ``size``-point square with its lower-left corner at ``(x, y)``.

    Like the engine's icons, each (sigil, colours) becomes a PDF form the first
    time a document uses it and is placed by reference afterwards.
    """
    form = f"thrones-charge-{name}-{fg.lstrip('#')}-{bg.lstrip('#')}"
    made = _FORMS.setdefault(canvas, set())
    if form not in made:
        canvas.beginForm(form, 0, 0, 100, 100)
        render_drawing(charge_drawing(name, fg, bg), canvas)
        end_form(canvas, form)  # keeps any transparency the sigil draws with
        made.add(form)
    canvas.saveState()
    canvas.transform(size / 100, 0, 0, size / 100, x, y)
    canvas.doForm(form)
    canvas.restoreState()


def _sigil_icon(name: str) -> Callable[[Drawing], None]:
    field, charge = _HERALDRY[name]

    def draw(d: Drawing) -> None:
        d.add(
            Polygon(_shield_points(6, 2, 88, 96), fillColor=field, strokeColor=INK, strokeWidth=4)
        )
        inner = Group(*charge_drawing(name, charge, field).contents)
        inner.translate(20, 22)
        inner.scale(0.6, 0.6)
        d.add(inner)

    draw.__doc__ = f"The {name} sigil on its heraldic shield."
    return draw


def _sigil_label(name: str) -> str:
    """A sigil's name as the rules text and screen readers give it: 'Sun and Spear'."""
    return " ".join(w if w in ("and", "of", "the") else w.capitalize() for w in name.split("-"))


for _name in SIGILS:
    ICONS.icon(_name, label=_sigil_label(_name))(_sigil_icon(_name))


def title_icon(title_id: str) -> str:
    """The icon of a title: its own emblem, or the generic chain of office."""
    return title_id if title_id in ICONS else "title"


__all__ = ["CHARGES", "ICONS", "SIGILS", "charge_drawing", "paint_charge", "title_icon"]
