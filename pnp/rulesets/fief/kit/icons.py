"""Vector icons and House sigils of the fief kit: our own simple designs.

Every icon is drawn with reportlab shapes on a 100 × 100 canvas (see
:mod:`pnp.render.icons`), so it stays sharp at any size and exports to SVG
for the HTML reference. In card and reference text an icon is written
``[gold]``; faces draw them with ``face.icon("gold", x, y, size)``.

The nine sigils (``sigil-arryn`` … ``sigil-targaryen``) are round badges:
a field in the House's heraldic tincture and a charge drawn in a contrasting
one, so a sigil reads on any background. They are deliberately plain —
a falcon, a stag's head, a kraken, a lion's mask, a pierced sun, a wolf's
head, a leaping trout, a rose and a three-necked dragon — and owe nothing to
any published artwork.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from reportlab.graphics.shapes import (
    Circle,
    Drawing,
    Ellipse,
    Group,
    Path,
    Polygon,
    PolyLine,
    Rect,
    Wedge,
)

from pnp.render import IconSet

ICONS = IconSet()

INK = "#2b2622"
GOLD = "#d9a521"
GOLD_DARK = "#8a6410"
RED = "#b3261e"
WHITE = "#ffffff"
STEEL = "#6f7a84"
WOOD = "#8a5a2b"
#: the light edge round a dark charge on a dark field
CREAM = "#f3e6c8"

#: the Houses whose sigils this module draws, in the order of the rulebook
HOUSES = (
    "arryn",
    "baratheon",
    "greyjoy",
    "lannister",
    "martell",
    "stark",
    "tully",
    "tyrell",
    "targaryen",
)


# -- small drawing helpers ------------------------------------------------------


def _poly(
    d: Drawing | Group,
    pts: Sequence[float],
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.0,
) -> None:
    d.add(
        Polygon(list(pts), fillColor=fill, strokeColor=stroke, strokeWidth=width, strokeLineJoin=1)
    )


def _line(d: Drawing | Group, pts: Sequence[float], color: str, width: float) -> None:
    d.add(
        PolyLine(
            list(pts),
            strokeColor=color,
            strokeWidth=width,
            strokeLineCap=1,
            strokeLineJoin=1,
            fillColor=None,
        )
    )


def _circle(
    d: Drawing | Group,
    x: float,
    y: float,
    r: float,
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.0,
) -> None:
    d.add(Circle(x, y, r, fillColor=fill, strokeColor=stroke, strokeWidth=width))


def _ellipse(
    d: Drawing | Group,
    x: float,
    y: float,
    rx: float,
    ry: float,
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.0,
) -> None:
    d.add(Ellipse(x, y, rx, ry, fillColor=fill, strokeColor=stroke, strokeWidth=width))


def _path(
    d: Drawing | Group,
    ops: Iterable[tuple[str, Sequence[float]]],
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.0,
    close: bool = False,
) -> None:
    """A path from ``("m", (x, y))``, ``("l", (x, y))`` and ``("c", (x1, y1, x2, y2, x, y))``."""
    p = Path(
        fillColor=fill, strokeColor=stroke, strokeWidth=width, strokeLineCap=1, strokeLineJoin=1
    )
    for op, args in ops:
        if op == "m":
            p.moveTo(*args)
        elif op == "l":
            p.lineTo(*args)
        else:
            p.curveTo(*args)
    if close:
        p.closePath()
    d.add(p)


def _star(
    cx: float, cy: float, outer: float, inner: float, points: int, turn: float = 90.0
) -> list[float]:
    """The corners of a star polygon, first point at ``turn`` degrees."""
    out: list[float] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / points)
        out += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return out


def _mirror(pts: Sequence[float], axis: float = 50.0) -> list[float]:
    """Points mirrored left-right about ``x = axis``, in reverse order."""
    pairs = [(pts[i], pts[i + 1]) for i in range(0, len(pts), 2)]
    out: list[float] = []
    for x, y in reversed(pairs):
        out += [2 * axis - x, y]
    return out


def _flip(pts: Sequence[float], side: int) -> list[float]:
    """Points as given (``side`` 1) or mirrored about ``x = 50`` (``side`` -1)."""
    return [50 + side * (v - 50) if k % 2 == 0 else v for k, v in enumerate(pts)]


def _badge(d: Drawing, field: str, rim: str) -> None:
    _circle(d, 50, 50, 48, rim)
    _circle(d, 50, 50, 44, field)


# -- House sigils ----------------------------------------------------------------


@ICONS.icon("sigil-arryn", label="House Arryn")
def sigil_arryn(d: Drawing) -> None:
    """A falcon rising before a crescent moon, white on sky blue."""
    _badge(d, "#6fa8d6", "#e8eef4")
    d.add(Wedge(50, 46, 34, 200, 340, annular=False, fillColor="#dbe8f3", strokeColor=None))
    _circle(d, 50, 52, 30, "#6fa8d6")
    left = [50, 84, 45, 74, 30, 80, 12, 76, 26, 68, 16, 62, 33, 58, 40, 50, 43, 26, 50, 34]
    _poly(d, left + _mirror(left)[2:-2], WHITE, "#3d6f99", 1.5)
    _poly(d, [50, 84, 47, 78, 53, 78], "#f2c230")


@ICONS.icon("sigil-baratheon", label="House Baratheon")
def sigil_baratheon(d: Drawing) -> None:
    """A stag's head with branching antlers, black on gold."""
    _badge(d, "#e7bf2f", "#3a2e12")
    for side in (1, -1):
        antler = [
            ([44, 58, 36, 72, 30, 86], 5),
            ([36, 72, 22, 78], 4),
            ([33, 79, 38, 88], 4),
            ([40, 66, 26, 64], 4),
        ]
        for pts, width in antler:
            _line(d, _flip(pts, side), INK, width)
        _poly(d, _flip([42, 56, 28, 62, 38, 52], side), INK)
    _poly(d, [50, 16, 57, 22, 60, 40, 62, 54, 56, 62, 44, 62, 38, 54, 40, 40, 43, 22], INK)
    _circle(d, 45, 50, 2.2, "#e7bf2f")
    _circle(d, 55, 50, 2.2, "#e7bf2f")


@ICONS.icon("sigil-greyjoy", label="House Greyjoy")
def sigil_greyjoy(d: Drawing) -> None:
    """A kraken with curling arms, gold on black."""
    _badge(d, "#1f1f24", "#c9a227")
    ink = "#d9b13a"
    arms = [
        [("m", (42, 56)), ("c", (30, 46, 20, 42, 18, 30)), ("c", (17, 22, 26, 20, 28, 28))],
        [("m", (45, 54)), ("c", (38, 40, 30, 30, 34, 18)), ("c", (37, 12, 45, 16, 42, 22))],
        [("m", (48, 52)), ("c", (47, 38, 48, 26, 46, 14))],
        [("m", (52, 52)), ("c", (53, 38, 52, 26, 54, 14))],
        [("m", (55, 54)), ("c", (62, 40, 70, 30, 66, 18)), ("c", (63, 12, 55, 16, 58, 22))],
        [("m", (58, 56)), ("c", (70, 46, 80, 42, 82, 30)), ("c", (83, 22, 74, 20, 72, 28))],
    ]
    for arm in arms:
        _path(d, arm, None, ink, 5)
    _path(d, [("m", (36, 58)), ("c", (34, 84, 66, 84, 64, 58)), ("l", (36, 58))], ink, close=True)
    _circle(d, 44, 63, 3, "#1f1f24")
    _circle(d, 56, 63, 3, "#1f1f24")


@ICONS.icon("sigil-lannister", label="House Lannister")
def sigil_lannister(d: Drawing) -> None:
    """A lion's mask in a spiked mane, gold on crimson."""
    _badge(d, "#9e1b1b", "#e3b341")
    _poly(d, _star(50, 50, 38, 27, 14), "#e3b341")
    _circle(d, 50, 50, 24, "#f2cf6b")
    _circle(d, 33, 70, 6, "#f2cf6b")
    _circle(d, 67, 70, 6, "#f2cf6b")
    _poly(d, [38, 58, 46, 55, 45, 52, 37, 55], "#7a1414")
    _poly(d, [62, 58, 54, 55, 55, 52, 63, 55], "#7a1414")
    _poly(d, [44, 45, 56, 45, 50, 38], "#7a1414")
    _line(d, [50, 38, 50, 34, 43, 30], "#7a1414", 2.5)
    _line(d, [50, 34, 57, 30], "#7a1414", 2.5)


@ICONS.icon("sigil-martell", label="House Martell")
def sigil_martell(d: Drawing) -> None:
    """A red sun pierced by a golden spear, on orange."""
    _badge(d, "#e8852e", "#7d1e12")
    _poly(d, _star(50, 50, 34, 22, 12, 0), "#c0281c")
    _circle(d, 50, 50, 20, "#c0281c")
    _line(d, [16, 16, 80, 80], "#f2d04a", 5)
    _poly(d, [88, 88, 74, 84, 84, 74], "#f2d04a")
    _line(d, [20, 26, 26, 20], "#f2d04a", 4)


@ICONS.icon("sigil-stark", label="House Stark")
def sigil_stark(d: Drawing) -> None:
    """A direwolf's head with pricked ears, grey on ice white."""
    _badge(d, "#e9edf0", "#55606a")
    wolf = [
        50,
        16,
        58,
        24,
        66,
        40,
        72,
        56,
        78,
        82,
        64,
        70,
        50,
        72,
        36,
        70,
        22,
        82,
        28,
        56,
        34,
        40,
        42,
        24,
    ]
    _poly(d, wolf, "#5b6770")
    _poly(d, [70, 74, 66, 64, 72, 62], "#e9edf0")
    _poly(d, [30, 74, 34, 64, 28, 62], "#e9edf0")
    _poly(d, [38, 52, 47, 48, 45, 45], WHITE)
    _poly(d, [62, 52, 53, 48, 55, 45], WHITE)
    _circle(d, 50, 22, 4, INK)
    _line(d, [50, 26, 50, 36], "#3f484f", 1.5)


@ICONS.icon("sigil-tully", label="House Tully")
def sigil_tully(d: Drawing) -> None:
    """A silver trout leaping over waves, on blue and red."""
    _badge(d, "#3567ad", "#8c1f1f")
    d.add(Wedge(50, 50, 44, 200, 340, fillColor="#a82828", strokeColor=None))
    for y in (26, 18):
        _path(
            d,
            [
                ("m", (14, y)),
                ("c", (24, y + 6, 30, y - 6, 40, y)),
                ("c", (50, y + 6, 56, y - 6, 66, y)),
                ("c", (74, y + 5, 80, y - 4, 88, y)),
            ],
            None,
            "#e9eef5",
            3,
        )
    fish = Group()
    _ellipse(fish, 0, 0, 26, 11, "#d7dee6", "#6d7c8c", 1.5)
    _poly(fish, [-22, 0, -38, 12, -34, 0, -38, -12], "#d7dee6", "#6d7c8c", 1.5)
    _poly(fish, [-2, 9, 8, 18, 12, 8], "#d7dee6", "#6d7c8c", 1)
    _circle(fish, 16, 3, 2.2, INK)
    fish.transform = (math.cos(0.45), math.sin(0.45), -math.sin(0.45), math.cos(0.45), 52, 54)
    d.add(fish)


@ICONS.icon("sigil-tyrell", label="House Tyrell")
def sigil_tyrell(d: Drawing) -> None:
    """A golden rose with two leaves, on green."""
    _badge(d, "#3f8a35", "#e6c54a")
    _poly(d, [50, 30, 30, 14, 36, 30], "#9bd07a")
    _poly(d, [50, 30, 70, 14, 64, 30], "#9bd07a")
    for i in range(5):
        a = math.radians(90 + i * 72)
        _circle(d, 50 + 15 * math.cos(a), 56 + 15 * math.sin(a), 13, "#f0cd4d", "#a77f13", 1.5)
    _circle(d, 50, 56, 11, "#e2b42e", "#a77f13", 1.5)
    _path(
        d,
        [("m", (44, 56)), ("c", (44, 64, 56, 64, 56, 56)), ("c", (56, 50, 48, 50, 48, 56))],
        None,
        "#a77f13",
        1.5,
    )


@ICONS.icon("sigil-targaryen", label="House Targaryen")
def sigil_targaryen(d: Drawing) -> None:
    """A three-necked dragon with spread wings, red on black, edged in cream: red and black
    are nearly one grey, so without the edge a greyscale print showed a dark blob."""
    _badge(d, "#18161a", "#b3261e")
    red = "#d02c23"
    wing = [48, 48, 14, 74, 20, 60, 12, 54, 24, 50, 16, 40, 40, 40]
    body = [
        ("m", (44, 44)),
        ("c", (40, 30, 58, 30, 56, 20)),
        ("c", (54, 14, 62, 12, 66, 18)),
        ("l", (60, 20)),
        ("c", (62, 32, 50, 32, 54, 44)),
    ]
    necks = [((34, 78), -1), ((50, 86), 0), ((66, 78), 1)]
    # the dragon twice: a wider cream silhouette first, the red one over it
    for colour, edge in ((CREAM, 4.0), (red, 0.0)):
        stroke = colour if edge else None
        _poly(d, wing, colour, stroke, edge)
        _poly(d, _mirror(wing), colour, stroke, edge)
        _path(d, body, colour, stroke, edge, close=True)
        for (x, y), head in necks:
            _line(d, [50, 46, (50 + x) / 2, (46 + y) / 2 + 4, x, y], colour, 5 + edge)
            _poly(d, [x - 5, y - 2, x + 5 + 3 * head, y + 6, x + 4, y - 4], colour, stroke, edge)


# -- troops ------------------------------------------------------------------------


@ICONS.icon("knight", label="Knight")
def knight(d: Drawing) -> None:
    """A horse's head in profile, like a chess knight; outlined in its own ink, which
    the normal kit does not show, but the low-ink kit keeps round the pale tint its
    large fill becomes (without it the knight all but vanished: 1.4:1)."""
    _poly(d, [26, 8, 78, 8, 74, 18, 30, 18], INK, INK, 3)
    _poly(
        d,
        [
            32,
            20,
            72,
            20,
            74,
            52,
            70,
            70,
            60,
            84,
            54,
            94,
            50,
            84,
            40,
            82,
            20,
            62,
            16,
            52,
            22,
            46,
            34,
            52,
            44,
            50,
        ],
        INK,
        INK,
        3,
    )
    _circle(d, 45, 70, 3.5, WHITE)


@ICONS.icon("man-at-arms", label="Man-at-Arms")
def man_at_arms(d: Drawing) -> None:
    """A spear behind a round shield."""
    _line(d, [70, 6, 70, 84], WOOD, 5)
    _poly(d, [70, 98, 63, 82, 77, 82], STEEL)
    _circle(d, 42, 44, 30, "#a33b2b", INK, 4)
    _circle(d, 42, 44, 8, GOLD, INK, 2)


@ICONS.icon("archer", label="Archer")
def archer(d: Drawing) -> None:
    """A drawn bow and an arrow."""
    _path(d, [("m", (36, 6)), ("c", (90, 26, 90, 74, 36, 94))], None, WOOD, 6)
    _line(d, [36, 6, 22, 50, 36, 94], INK, 1.6)
    _line(d, [22, 50, 92, 50], INK, 3)
    _poly(d, [98, 50, 86, 57, 86, 43], STEEL)
    _poly(d, [22, 50, 12, 58, 16, 50, 12, 42], RED)


@ICONS.icon("champion", label="Champion")
def champion(d: Drawing) -> None:
    """Two crossed swords."""
    for flip in (False, True):
        g = Group()
        _poly(g, [-4, -2, 4, -2, 4, 62, 0, 72, -4, 62], "#c7ced6", INK, 2)
        _line(g, [-14, -2, 14, -2], INK, 5)
        _line(g, [0, -4, 0, -20], WOOD, 6)
        _circle(g, 0, -23, 4, GOLD)
        angle = math.radians(-38 if flip else 38)
        g.transform = (
            math.cos(angle),
            math.sin(angle),
            -math.sin(angle),
            math.cos(angle),
            50 + (-14 if flip else 14),
            26,
        )
        d.add(g)


@ICONS.icon("siege-engine", label="Siege Engine")
def siege_engine(d: Drawing) -> None:
    """A trebuchet on wheels."""
    _line(d, [14, 26, 86, 26], WOOD, 6)
    _line(d, [24, 26, 50, 66, 76, 26], WOOD, 6)
    _line(d, [20, 50, 88, 86], WOOD, 5)
    _poly(d, [14, 40, 30, 40, 30, 54, 14, 54], STEEL)
    _line(d, [88, 86, 84, 64], INK, 1.5)
    _circle(d, 84, 60, 5, STEEL)
    _circle(d, 26, 18, 10, INK)
    _circle(d, 74, 18, 10, INK)
    _circle(d, 26, 18, 3, WHITE)
    _circle(d, 74, 18, 3, WHITE)


@ICONS.icon("unsullied", label="Unsullied")
def unsullied(d: Drawing) -> None:
    """A spiked helm before a spear."""
    _line(d, [76, 4, 76, 84], WOOD, 5)
    _poly(d, [76, 98, 69, 82, 83, 82], STEEL)
    _poly(d, [44, 94, 20, 48, 68, 48], "#8c7a55", INK, 3)
    _poly(d, [18, 48, 70, 48, 64, 22, 24, 22], "#8c7a55", INK, 3)
    _line(d, [30, 38, 58, 38], INK, 5)
    _line(d, [44, 38, 44, 22], INK, 4)


@ICONS.icon("whitecloak", label="Whitecloak")
def whitecloak(d: Drawing) -> None:
    """A white cloak under a crowned clasp."""
    _poly(d, [30, 86, 70, 86, 90, 8, 10, 8], WHITE, INK, 3)
    _line(d, [38, 80, 30, 14], "#b8bec4", 2)
    _line(d, [62, 80, 70, 14], "#b8bec4", 2)
    _circle(d, 50, 82, 9, GOLD, INK, 2)


# -- buildings ---------------------------------------------------------------------


@ICONS.icon("mill", label="Mill")
def mill(d: Drawing) -> None:
    """A windmill with four sails."""
    _poly(d, [34, 6, 66, 6, 58, 56, 42, 56], "#e2d3b0", INK, 3)
    _poly(d, [44, 6, 56, 6, 56, 22, 44, 22], WOOD)
    for a in (45, 135, 225, 315):
        r = math.radians(a)
        x, y = 50 + 40 * math.cos(r), 60 + 40 * math.sin(r)
        _line(d, [50, 60, x, y], INK, 4)
        px, py = -math.sin(r) * 8, math.cos(r) * 8
        mx, my = 50 + 18 * math.cos(r), 60 + 18 * math.sin(r)
        _poly(d, [mx, my, x, y, x + px, y + py, mx + px, my + py], "#f4ecd8", INK, 1.5)
    _circle(d, 50, 60, 5, INK)


def _tower(d: Drawing, x: float, w: float, top: float, fill: str) -> None:
    merlon = w / 5
    pts = [x, 6, x + w, 6, x + w, top]
    for i in range(5):
        right = x + w - i * merlon
        pts += [right, top, right, top + (8 if i % 2 == 0 else 0)]
        pts += [right - merlon, top + (8 if i % 2 == 0 else 0)]
    pts += [x, top]
    _poly(d, pts, fill, INK, 3)


@ICONS.icon("stronghold", label="Stronghold")
def stronghold(d: Drawing) -> None:
    """A crenellated keep with a gate."""
    _tower(d, 22, 56, 70, "#9a8f80")
    _path(
        d,
        [("m", (40, 6)), ("l", (40, 28)), ("c", (40, 40, 60, 40, 60, 28)), ("l", (60, 6))],
        INK,
        close=True,
    )
    _poly(d, [46, 52, 54, 52, 54, 62, 46, 62], INK)


@ICONS.icon("fortified-city", label="Fortified City")
def fortified_city(d: Drawing) -> None:
    """Two towers joined by a curtain wall."""
    _tower(d, 26, 48, 50, "#a99f90")
    _tower(d, 6, 26, 80, "#8c8274")
    _tower(d, 68, 26, 80, "#8c8274")
    _path(
        d,
        [("m", (42, 6)), ("l", (42, 22)), ("c", (42, 32, 58, 32, 58, 22)), ("l", (58, 6))],
        INK,
        close=True,
    )
    _poly(d, [16, 56, 22, 56, 22, 66, 16, 66], INK)
    _poly(d, [78, 56, 84, 56, 84, 66, 78, 66], INK)


@ICONS.icon("sept", label="Sept")
def sept(d: Drawing) -> None:
    """A seven-pointed star of the Faith."""
    pts: list[float] = []
    for i in range(7):
        a = math.radians(90 + i * 3 * 360 / 7)
        pts += [50 + 44 * math.cos(a), 50 + 44 * math.sin(a)]
    _poly(d, pts, "#e8d9a8", INK, 3)
    _circle(d, 50, 50, 12, "#f6efd8", INK, 2)


@ICONS.icon("maester", label="Maester")
def maester(d: Drawing) -> None:
    """A maester's chain of linked metals."""
    colours = ("#b08d57", "#9aa3ab", GOLD, "#6f7a84", "#b87333")
    for i, colour in enumerate(colours):
        a = math.radians(200 - i * 55)
        _ellipse(d, 50 + 30 * math.cos(a), 56 + 30 * math.sin(a), 12, 8, None, colour, 5)
    # the pendant link whole inside the picture (its stroke ran past the bottom edge)
    _ellipse(d, 50, 17, 10, 11, None, GOLD_DARK, 5)


# -- markers, titles and powers -------------------------------------------------------


@ICONS.icon("gold", label="Gold Dragon")
def gold(d: Drawing) -> None:
    """A gold coin stamped with a dragon's head."""
    _circle(d, 50, 50, 46, GOLD, GOLD_DARK, 5)
    _circle(d, 50, 50, 34, None, GOLD_DARK, 2)
    _poly(d, [30, 40, 54, 40, 70, 56, 62, 70, 48, 66, 58, 56, 44, 50, 34, 54], GOLD_DARK)
    _circle(d, 56, 62, 2.5, GOLD)


@ICONS.icon("vp", label="Victory Point (red seal)")
def vp(d: Drawing) -> None:
    """A red wax seal."""
    _poly(d, _star(50, 50, 47, 40, 16), "#a3171a")
    _circle(d, 50, 50, 30, "#c4262a", "#7d0f12", 3)
    _poly(d, _star(50, 50, 18, 7, 5), "#f2d7c4")


@ICONS.icon("hit", label="Hit")
def hit(d: Drawing) -> None:
    """A burst: one hit on a battle die."""
    _poly(d, _star(50, 50, 46, 20, 8, 22.5), "#b3261e", "#5c0f0b", 3)
    _circle(d, 50, 50, 10, "#f2c230")


@ICONS.icon("strength", label="Strength")
def strength(d: Drawing) -> None:
    """A shield: strength in battle."""
    _path(
        d,
        [
            ("m", (50, 4)),
            ("c", (20, 18, 12, 40, 12, 88)),
            ("l", (88, 88)),
            ("c", (88, 40, 80, 18, 50, 4)),
        ],
        "#5d6a75",
        INK,
        4,
        close=True,
    )
    # the stripe keeps to the shield's point: a Noble card prints its strength on the
    # shield's middle, where a stripe would make a 0 read as Ø
    _line(d, [50, 12, 50, 34], "#c7ced6", 4)


@ICONS.icon("die", label="Die roll")
def die(d: Drawing) -> None:
    """A six-sided die showing five."""
    d.add(Rect(8, 8, 84, 84, rx=14, ry=14, fillColor=WHITE, strokeColor=INK, strokeWidth=5))
    for x, y in ((30, 30), (70, 70), (50, 50), (30, 70), (70, 30)):
        _circle(d, x, y, 8, INK)


@ICONS.icon("lord", label="Lord")
def lord(d: Drawing) -> None:
    """A Lord: a head and broad shoulders beneath a circlet."""
    _path(d, [("m", (12, 4)), ("c", (12, 40, 88, 40, 88, 4))], "#3f5872", close=True)
    _circle(d, 50, 54, 20, "#3f5872")
    _poly(d, [30, 70, 70, 70, 74, 88, 62, 78, 50, 92, 38, 78, 26, 88], GOLD, INK, 1.5)


@ICONS.icon("lady", label="Lady")
def lady(d: Drawing) -> None:
    """A Lady: a head with long hair and a gown."""
    _path(
        d,
        [("m", (16, 4)), ("c", (20, 34, 36, 38, 50, 38)), ("c", (64, 38, 80, 34, 84, 4))],
        "#7a3f66",
        close=True,
    )
    _path(d, [("m", (28, 30)), ("c", (24, 76, 76, 76, 72, 30))], "#4b2a1d", close=True)
    _circle(d, 50, 58, 17, "#e9c9a8")
    _poly(d, [34, 74, 66, 74, 62, 86, 56, 80, 50, 90, 44, 80, 38, 86], GOLD, INK, 1.5)


@ICONS.icon("crown", label="King")
def crown(d: Drawing) -> None:
    """The King's crown."""
    _poly(d, [12, 20, 88, 20, 94, 74, 72, 50, 50, 84, 28, 50, 6, 74], GOLD, GOLD_DARK, 3)
    for x, y in ((6, 74), (50, 84), (94, 74)):
        _circle(d, x, y, 6, RED)
    d.add(Rect(12, 12, 76, 10, fillColor=GOLD_DARK, strokeColor=None))


@ICONS.icon("queen", label="Queen")
def queen(d: Drawing) -> None:
    """The Queen's circlet."""
    _poly(
        d,
        [16, 24, 84, 24, 90, 56, 74, 44, 62, 68, 50, 52, 38, 68, 26, 44, 10, 56],
        "#e3e6ea",
        "#7c848c",
        3,
    )
    for x, y in ((10, 56), (38, 68), (62, 68), (90, 56)):
        _circle(d, x, y, 5, "#3b6fb6")
    _circle(d, 50, 38, 7, RED)


@ICONS.icon("hand", label="Hand of the King")
def hand(d: Drawing) -> None:
    """The Hand's badge: an open hand."""
    _poly(
        d,
        [
            26,
            8,
            70,
            8,
            76,
            40,
            90,
            58,
            84,
            62,
            72,
            52,
            72,
            88,
            64,
            88,
            62,
            60,
            60,
            96,
            52,
            96,
            50,
            60,
            46,
            92,
            38,
            92,
            38,
            60,
            32,
            86,
            24,
            86,
            24,
            46,
        ],
        GOLD,
        GOLD_DARK,
        3,
    )


@ICONS.icon("council", label="Small Council")
def council(d: Drawing) -> None:
    """A chain of office with a pendant."""
    _path(d, [("m", (12, 92)), ("c", (12, 40, 88, 40, 88, 92))], None, GOLD_DARK, 8)
    _circle(d, 50, 34, 20, GOLD, GOLD_DARK, 4)
    _poly(d, _star(50, 34, 12, 5, 5), GOLD_DARK)


@ICONS.icon("coin-master", label="Master of Coin")
def coin_master(d: Drawing) -> None:
    """A stack of coins."""
    for i, y in enumerate((20, 34, 48, 62)):
        _ellipse(d, 50 - (i % 2) * 6, y, 34, 11, GOLD, GOLD_DARK, 3)
    _ellipse(d, 56, 76, 34, 11, GOLD, GOLD_DARK, 3)


@ICONS.icon("ships", label="Master of Ships")
def ships(d: Drawing) -> None:
    """A galley under sail."""
    _path(
        d,
        [("m", (6, 34)), ("l", (94, 34)), ("c", (84, 12, 20, 12, 6, 34))],
        WOOD,
        INK,
        3,
        close=True,
    )
    _line(d, [50, 34, 50, 94], INK, 4)
    _poly(d, [52, 90, 84, 48, 52, 44], "#f4ecd8", INK, 2)
    _poly(d, [48, 86, 20, 48, 48, 44], "#f4ecd8", INK, 2)


@ICONS.icon("laws", label="Master of Laws")
def laws(d: Drawing) -> None:
    """Balanced scales."""
    _line(d, [50, 10, 50, 86], INK, 5)
    _line(d, [14, 76, 86, 76], INK, 5)
    _poly(d, [30, 10, 70, 10, 60, 18, 40, 18], INK)
    for x in (20, 80):
        _line(d, [x, 76, x - 12, 46], INK, 1.5)
        _line(d, [x, 76, x + 12, 46], INK, 1.5)
        _path(
            d,
            [("m", (x - 16, 46)), ("c", (x - 14, 32, x + 14, 32, x + 16, 46))],
            GOLD,
            INK,
            2,
            close=True,
        )
    _circle(d, 50, 88, 6, GOLD, INK, 2)


@ICONS.icon("whisperers", label="Master of Whisperers")
def whisperers(d: Drawing) -> None:
    """An open eye."""
    _path(
        d,
        [("m", (6, 50)), ("c", (30, 86, 70, 86, 94, 50)), ("c", (70, 14, 30, 14, 6, 50))],
        WHITE,
        INK,
        5,
        close=True,
    )
    _circle(d, 50, 50, 18, "#4e6b3a")
    _circle(d, 50, 50, 8, INK)
    _circle(d, 55, 55, 3, WHITE)


@ICONS.icon("warden", label="Warden")
def warden(d: Drawing) -> None:
    """A rippled Valyrian blade, point down."""
    right = [50, 4, 56, 18]
    for i in range(6):
        right += [57 + (i % 2) * 2, 22 + i * 10]
    right += [56, 80]
    left = [44, 80]
    for i in range(6):
        left += [43 - ((5 - i) % 2) * 2, 72 - i * 10]
    left += [44, 18]
    _poly(d, right + left, "#9aa6b2", INK, 2)
    _line(d, [50, 12, 50, 76], "#5e6a75", 1.5)
    _line(d, [30, 80, 70, 80], INK, 6)
    _line(d, [50, 82, 50, 94], WOOD, 6)
    _circle(d, 50, 96, 4, GOLD)


@ICONS.icon("protector", label="Protector of the Realm")
def protector(d: Drawing) -> None:
    """A shield beneath a crown."""
    _path(
        d,
        [
            ("m", (50, 4)),
            ("c", (22, 16, 16, 36, 16, 70)),
            ("l", (84, 70)),
            ("c", (84, 36, 78, 16, 50, 4)),
        ],
        "#2f4f7a",
        INK,
        4,
        close=True,
    )
    _poly(d, [22, 74, 78, 74, 84, 96, 66, 84, 50, 98, 34, 84, 16, 96], GOLD, GOLD_DARK, 2)
    _line(d, [50, 12, 50, 64], "#c7ced6", 4)
    _line(d, [28, 44, 72, 44], "#c7ced6", 4)


@ICONS.icon("dragon-eggs", label="Mother of Dragons")
def dragon_eggs(d: Drawing) -> None:
    """Three dragon eggs."""
    for x, y, fill, band in (
        (28, 34, "#7a1b1b", "#d9a521"),
        (72, 34, "#1f4f3a", "#c7ced6"),
        (50, 56, "#2a2a30", "#b3261e"),
    ):
        _ellipse(d, x, y, 18, 26, fill, INK, 2)
        _path(
            d,
            [("m", (x - 16, y + 4)), ("c", (x - 6, y + 12, x + 6, y - 4, x + 16, y + 6))],
            None,
            band,
            3,
        )


@ICONS.icon("crow", label="Night's Watch")
def crow(d: Drawing) -> None:
    """A black crow, outlined in its own ink: the low-ink kit tints its large fill pale
    and keeps the outline dark (without it the crow all but vanished, 1.4:1)."""
    _poly(
        d,
        [
            8,
            60,
            30,
            66,
            48,
            80,
            62,
            78,
            72,
            86,
            78,
            82,
            74,
            72,
            92,
            70,
            76,
            64,
            70,
            40,
            54,
            26,
            52,
            8,
            44,
            24,
            30,
            40,
        ],
        "#1c1c1f",
        "#1c1c1f",
        3,
    )
    _circle(d, 72, 77, 2.5, WHITE)


@ICONS.icon("wall", label="The Wall")
def wall(d: Drawing) -> None:
    """Courses of ice blocks."""
    for row in range(4):
        y = 8 + row * 21
        offset = 0 if row % 2 == 0 else 12
        x = 6 - offset
        while x < 94:
            left, right = max(x, 6), min(x + 24, 94)
            d.add(
                Rect(
                    left,
                    y,
                    right - left,
                    19,
                    fillColor="#dcebf5",
                    strokeColor="#6d8ea6",
                    strokeWidth=2,
                )
            )
            x += 24


@ICONS.icon("tax", label="Tax")
def tax(d: Drawing) -> None:
    """A purse of coins with a tally."""
    _path(
        d,
        [
            ("m", (24, 8)),
            ("l", (76, 8)),
            ("c", (92, 30, 80, 60, 62, 66)),
            ("l", (38, 66)),
            ("c", (20, 60, 8, 30, 24, 8)),
        ],
        "#8a5a2b",
        INK,
        3,
        close=True,
    )
    _poly(d, [38, 66, 62, 66, 70, 84, 30, 84], "#8a5a2b", INK, 3)
    _line(d, [34, 68, 66, 68], GOLD, 5)
    _circle(d, 50, 34, 14, GOLD, GOLD_DARK, 3)


@ICONS.icon("diplomacy", label="Diplomacy")
def diplomacy(d: Drawing) -> None:
    """A sealed letter."""
    d.add(Rect(8, 20, 84, 60, fillColor="#f4ecd8", strokeColor=INK, strokeWidth=4))
    _line(d, [8, 80, 50, 46, 92, 80], INK, 3)
    _circle(d, 50, 40, 12, "#a3171a", "#7d0f12", 2)


@ICONS.icon("marriage", label="Marriage")
def marriage(d: Drawing) -> None:
    """Two linked rings."""
    _circle(d, 36, 50, 26, None, GOLD_DARK, 11)
    _circle(d, 64, 50, 26, None, GOLD_DARK, 11)
    _circle(d, 36, 50, 26, None, GOLD, 7)
    _circle(d, 64, 50, 26, None, GOLD, 7)


@ICONS.icon("outlaw", label="Outlaw")
def outlaw(d: Drawing) -> None:
    """A bandit's mask."""
    _path(
        d,
        [
            ("m", (4, 58)),
            ("c", (20, 76, 80, 76, 96, 58)),
            ("c", (94, 36, 70, 28, 50, 40)),
            ("c", (30, 28, 6, 36, 4, 58)),
        ],
        "#1c1c1f",
        close=True,
    )
    _ellipse(d, 30, 54, 11, 7, WHITE)
    _ellipse(d, 70, 54, 11, 7, WHITE)
    _line(d, [94, 60, 98, 40], "#1c1c1f", 4)
    _line(d, [94, 60, 90, 36], "#1c1c1f", 4)


@ICONS.icon("captive", label="Captive")
def captive(d: Drawing) -> None:
    """Manacles joined by a chain."""
    _circle(d, 22, 30, 16, None, "#4b5259", 7)
    _circle(d, 78, 30, 16, None, "#4b5259", 7)
    for i, x in enumerate((34, 44, 56, 66)):
        _ellipse(d, x, 56 + (i % 2) * 6 - 4, 6, 9 if i % 2 else 5, None, "#6f7a84", 4)


@ICONS.icon("dagger", label="Assassination")
def dagger(d: Drawing) -> None:
    """A dagger dripping blood."""
    _poly(d, [50, 6, 58, 26, 58, 66, 42, 66, 42, 26], "#c7ced6", INK, 2.5)
    _line(d, [30, 68, 70, 68], INK, 7)
    _line(d, [50, 72, 50, 92], WOOD, 8)
    _path(d, [("m", (50, 2)), ("c", (42, -4, 44, 10, 50, 12))], RED)
    _ellipse(d, 62, 12, 4, 6, RED)


@ICONS.icon("famine", label="Famine")
def famine(d: Drawing) -> None:
    """A withered ear of grain."""
    _line(d, [50, 4, 52, 50, 62, 70, 74, 80], "#7b5b2a", 4)
    for i in range(4):
        y = 20 + i * 12
        _ellipse(d, 42, y, 6, 9, "#9c7a3c")
        _ellipse(d, 60, y + 4, 6, 9, "#9c7a3c")
    _line(d, [16, 90, 84, 10], RED, 7)


@ICONS.icon("harvest", label="Good Harvest")
def harvest(d: Drawing) -> None:
    """A ripe ear of grain."""
    _line(d, [50, 4, 50, 92], "#9c7a2a", 4)
    for i in range(5):
        y = 24 + i * 13
        _ellipse(d, 40, y, 8, 11, "#e0b23a", GOLD_DARK, 1.5)
        _ellipse(d, 60, y + 5, 8, 11, "#e0b23a", GOLD_DARK, 1.5)
    _ellipse(d, 50, 94, 6, 6, "#e0b23a")


@ICONS.icon("rain", label="Heavy Rain")
def rain(d: Drawing) -> None:
    """A storm cloud and rain."""
    for x1 in (24, 40, 56, 72):
        _line(d, [x1, 44, x1 - 10, 10], "#3b6fb6", 5)
    _circle(d, 34, 62, 18, "#6b7580")
    _circle(d, 56, 70, 24, "#6b7580")
    _circle(d, 76, 60, 16, "#6b7580")
    d.add(Rect(18, 44, 72, 20, fillColor="#6b7580", strokeColor=None))


@ICONS.icon("sun", label="Good Weather")
def sun(d: Drawing) -> None:
    """A bright sun."""
    _poly(d, _star(50, 50, 46, 30, 12), "#f2c230")
    _circle(d, 50, 50, 26, "#f7d85a", "#d99a16", 3)


@ICONS.icon("plague", label="Plague")
def plague(d: Drawing) -> None:
    """A skull."""
    _path(
        d,
        [
            ("m", (22, 40)),
            ("c", (6, 96, 94, 96, 78, 40)),
            ("l", (66, 34)),
            ("l", (66, 20)),
            ("l", (34, 20)),
            ("l", (34, 34)),
        ],
        "#ece6d6",
        INK,
        3,
        close=True,
    )
    _ellipse(d, 38, 54, 9, 10, INK)
    _ellipse(d, 62, 54, 9, 10, INK)
    _poly(d, [50, 46, 45, 36, 55, 36], INK)
    for x in (40, 47, 54, 61):
        _line(d, [x, 20, x, 28], INK, 2)


@ICONS.icon("passage", label="Secret Passage")
def passage(d: Drawing) -> None:
    """A small arched door in a wall."""
    d.add(Rect(4, 4, 92, 92, fillColor="#9a8f80", strokeColor=INK, strokeWidth=3))
    for y in (26, 50, 74):
        _line(d, [4, y, 96, y], "#6e655a", 2)
    _path(
        d,
        [("m", (30, 4)), ("l", (30, 50)), ("c", (30, 76, 70, 76, 70, 50)), ("l", (70, 4))],
        "#4a3220",
        INK,
        3,
        close=True,
    )
    _circle(d, 60, 34, 4, GOLD)


@ICONS.icon("uprising", label="Uprising")
def uprising(d: Drawing) -> None:
    """A pitchfork raised in anger."""
    _line(d, [50, 4, 50, 62], WOOD, 7)
    _line(d, [28, 62, 72, 62], STEEL, 6)
    for x in (28, 50, 72):
        _line(d, [x, 62, x, 90], STEEL, 5)
        _poly(d, [x - 4, 88, x + 4, 88, x, 98], STEEL)


@ICONS.icon("ambush", label="Ambush")
def ambush(d: Drawing) -> None:
    """A volley of arrows."""
    for i, y in enumerate((22, 50, 78)):
        x0 = 8 + i * 6
        _line(d, [x0, y - 10, 84, y + 6], INK, 4)
        _poly(d, [96, y + 9, 80, y + 12, 84, y + 1], STEEL)
        _poly(d, [x0, y - 10, x0 - 6, y - 4, x0 + 4, y - 3], RED)


@ICONS.icon("justice", label="Justice")
def justice(d: Drawing) -> None:
    """A headsman's axe."""
    _line(d, [30, 6, 62, 90], WOOD, 7)
    _path(
        d,
        [("m", (50, 60)), ("c", (70, 54, 86, 70, 90, 92)), ("c", (78, 82, 66, 80, 58, 84))],
        "#9aa6b2",
        INK,
        3,
        close=True,
    )


@ICONS.icon("fortune", label="Fortune")
def fortune(d: Drawing) -> None:
    """The wheel of fortune."""
    _circle(d, 50, 50, 42, None, "#b9bec4", 8)
    for i in range(8):
        a = math.radians(i * 45)
        _line(d, [50, 50, 50 + 40 * math.cos(a), 50 + 40 * math.sin(a)], "#b9bec4", 4)
    _circle(d, 50, 50, 10, "#b9bec4")


@ICONS.icon("disaster", label="Disaster")
def disaster(d: Drawing) -> None:
    """A warning triangle."""
    _poly(d, [50, 94, 96, 10, 4, 10], "#f2c230", INK, 6)
    _line(d, [50, 70, 50, 38], INK, 9)
    _circle(d, 50, 24, 5, INK)


@ICONS.icon("court", label="Court Event")
def court(d: Drawing) -> None:
    """A throne of fanned swords."""
    for i in range(9):
        a = math.radians(50 + i * 10)
        x, y = 50 + 46 * math.cos(a), 26 + 70 * math.sin(a)
        _line(d, [50, 30, x, y], "#c7ced6", 4)
        _line(
            d,
            [
                50 + 30 * math.cos(a),
                26 + 44 * math.sin(a),
                50 + 34 * math.cos(a),
                26 + 50 * math.sin(a),
            ],
            INK,
            3,
        )
    _poly(d, [22, 6, 78, 6, 78, 30, 22, 30], "#5b5f66", INK, 3)
    _poly(d, [16, 30, 84, 30, 84, 40, 16, 40], "#7a7f87", INK, 3)


@ICONS.icon("new-noble", label="A Noble comes of age")
def new_noble(d: Drawing) -> None:
    """A banner on a pole."""
    _line(d, [20, 4, 20, 96], WOOD, 6)
    _poly(d, [22, 92, 86, 92, 86, 44, 64, 56, 22, 44], RED, INK, 3)
    _poly(d, _star(52, 70, 12, 5, 5), GOLD)


@ICONS.icon("heir", label="Heir")
def heir(d: Drawing) -> None:
    """A cradle beneath a small crown."""
    _path(d, [("m", (10, 40)), ("c", (10, 4, 90, 4, 90, 40))], WOOD, INK, 3, close=True)
    _line(d, [20, 10, 80, 10], INK, 4)
    _poly(d, [30, 50, 70, 50, 76, 84, 60, 66, 50, 90, 40, 66, 24, 84], GOLD, GOLD_DARK, 2)


@ICONS.icon("bannerman", label="Bannerman")
def bannerman(d: Drawing) -> None:
    """A swallow-tailed pennant."""
    _line(d, [20, 4, 20, 96], WOOD, 6)
    _poly(d, [22, 92, 90, 80, 70, 70, 90, 60, 22, 50], "#4b6a88", INK, 3)


@ICONS.icon("oak", label="Oak")
def oak(d: Drawing) -> None:
    """An oak tree: a broad crown of leaves on a short trunk (the Bannerman of the Oak)."""
    _poly(d, [42, 6, 58, 6, 56, 40, 44, 40], WOOD, INK, 3)
    for x, y, r in ((30, 52, 20), (70, 52, 20), (50, 72, 24), (50, 46, 18)):
        _circle(d, x, y, r, "#4f7d2f", INK, 3)
    for x, y, r in ((30, 52, 17), (70, 52, 17), (50, 72, 21), (50, 46, 15)):
        _circle(d, x, y, r, "#4f7d2f")
    for x, y in ((36, 60), (62, 64), (50, 80)):
        _circle(d, x, y, 4, "#a8782b")


@ICONS.icon("tower", label="Tower")
def tower(d: Drawing) -> None:
    """A round tower with battlements and a door (the Bannerman of the Tower)."""
    _poly(d, [28, 6, 72, 6, 68, 74, 32, 74], "#9a9184", INK, 3)
    _poly(
        d,
        [
            24,
            72,
            76,
            72,
            76,
            94,
            66,
            94,
            66,
            86,
            56,
            86,
            56,
            94,
            44,
            94,
            44,
            86,
            34,
            86,
            34,
            94,
            24,
            94,
        ],
        "#9a9184",
        INK,
        3,
    )
    _path(
        d,
        [("m", (42, 6)), ("l", (42, 26)), ("c", (42, 36, 58, 36, 58, 26)), ("l", (58, 6))],
        INK,
        close=True,
    )
    _poly(d, [46, 52, 54, 52, 54, 62, 46, 62], INK)


@ICONS.icon("hound", label="Hound")
def hound(d: Drawing) -> None:
    """A hound's head in profile, ear down and jaw long (the Bannerman of the Hound)."""
    head = [24, 20, 30, 56, 40, 76, 56, 86, 70, 82, 94, 60, 92, 50, 72, 52, 60, 40, 56, 20]
    _poly(d, head, "#7a6a55", INK, 3)
    _poly(d, [40, 76, 30, 50, 38, 40, 50, 66], "#4e4235", INK, 2)
    _circle(d, 62, 70, 4, INK)
    _circle(d, 92, 56, 4, INK)
    _line(d, [72, 52, 90, 50], INK, 2)


@ICONS.icon("coronet", label="Coronet")
def coronet(d: Drawing) -> None:
    """A prince's coronet: a low band with pearls on short points (the Second Prince; the
    Crown Prince wears the King's crown)."""
    d.add(Rect(10, 26, 80, 20, fillColor=GOLD, strokeColor=GOLD_DARK, strokeWidth=3))
    for x in (18, 34, 50, 66, 82):
        _poly(d, [x - 6, 44, x + 6, 44, x, 60], GOLD, GOLD_DARK, 2)
        _circle(d, x, 64, 6, WHITE, "#7c848c", 2)
    for x in (30, 50, 70):
        _circle(d, x, 36, 4, RED)


@ICONS.icon("anchor", label="Coastal Village")
def anchor(d: Drawing) -> None:
    """An anchor: the Village touches a sea road."""
    _line(d, [50, 12, 50, 80], "#1f3b5a", 8)
    _circle(d, 50, 86, 8, None, "#1f3b5a", 5)
    _line(d, [30, 66, 70, 66], "#1f3b5a", 7)
    _path(d, [("m", (14, 36)), ("c", (18, 6, 82, 6, 86, 36))], None, "#1f3b5a", 8)
    _poly(d, [6, 30, 22, 32, 12, 44], "#1f3b5a")
    _poly(d, [94, 30, 78, 32, 88, 44], "#1f3b5a")


@ICONS.icon("summer", label="Summer")
def summer(d: Drawing) -> None:
    """Summer: a sun."""
    sun(d)


@ICONS.icon("autumn", label="Autumn")
def autumn(d: Drawing) -> None:
    """Autumn: a falling leaf."""
    _path(
        d,
        [("m", (50, 6)), ("c", (10, 30, 10, 70, 50, 96)), ("c", (90, 70, 90, 30, 50, 6))],
        "#c8641e",
        "#7a3a10",
        3,
        close=True,
    )
    _line(d, [50, 2, 50, 90], "#7a3a10", 3)
    for y in (30, 50, 70):
        _line(d, [50, y, 30, y + 12], "#7a3a10", 2)
        _line(d, [50, y, 70, y + 12], "#7a3a10", 2)


@ICONS.icon("winter", label="Winter")
def winter(d: Drawing) -> None:
    """Winter: a snowflake."""
    for i in range(6):
        a = math.radians(90 + i * 60)
        x, y = 50 + 44 * math.cos(a), 50 + 44 * math.sin(a)
        _line(d, [50, 50, x, y], "#3b7bb5", 6)
        for s in (-1, 1):
            b = a + s * math.radians(40)
            mx, my = 50 + 28 * math.cos(a), 50 + 28 * math.sin(a)
            _line(d, [mx, my, mx + 12 * math.cos(b), my + 12 * math.sin(b)], "#3b7bb5", 4)
    _circle(d, 50, 50, 8, "#3b7bb5")


@ICONS.icon("vote-for", label="FOR vote")
def vote_for(d: Drawing) -> None:
    """A white circle: the FOR marker."""
    _circle(d, 50, 50, 44, WHITE, INK, 6)


@ICONS.icon("vote-decoy", label="DECOY vote")
def vote_decoy(d: Drawing) -> None:
    """A black circle: the DECOY marker. Its grey ring is thin (the black inside reaches
    0.45 of the side), so the word keeps a margin inside the black (faces.VOTE_INSIDE)."""
    _circle(d, 50, 50, 46, "#111111", "#777777", 2)


@ICONS.icon("first-player", label="First Player")
def first_player(d: Drawing) -> None:
    """A horn: the First Player sounds the round."""
    _path(
        d,
        [
            ("m", (8, 30)),
            ("c", (30, 20, 70, 40, 90, 84)),
            ("l", (96, 76)),
            ("c", (80, 30, 40, 6, 10, 18)),
        ],
        "#e8dcc0",
        INK,
        3,
        close=True,
    )
    _line(d, [40, 22, 38, 36], WOOD, 4)
    _line(d, [64, 38, 58, 50], WOOD, 4)


@ICONS.icon("wildling", label="Wildling")
def wildling(d: Drawing) -> None:
    """A war horn banded in dark leather: nothing like the headsman's axe of Justice."""
    _path(
        d,
        [
            ("m", (10, 30)),
            ("c", (30, 20, 62, 30, 80, 62)),
            ("l", (94, 54)),
            ("c", (96, 74, 88, 90, 74, 94)),
            ("l", (70, 80)),
            ("c", (56, 52, 30, 40, 12, 44)),
        ],
        "#e6dcc0",
        INK,
        4,
        close=True,
    )
    for a, b in (((40, 29), (38, 43)), ((58, 38), (52, 50)), ((72, 52), (64, 62))):
        _line(d, [*a, *b], "#5a3b22", 6)
    _line(d, [14, 34, 10, 16, 22, 8], "#5a3b22", 3)


@ICONS.icon("watch-archer", label="Night's Watch archer")
def watch_archer(d: Drawing) -> None:
    """A black longbow and a black-fletched arrow: the Watch's archer, not a House's."""
    _path(d, [("m", (30, 4)), ("c", (94, 22, 94, 78, 30, 96))], None, "#1c1c1f", 8)
    _line(d, [30, 4, 18, 50, 30, 96], "#9aa6b2", 2)
    _line(d, [18, 50, 90, 50], INK, 3.5)
    _poly(d, [98, 50, 84, 58, 84, 42], "#9aa6b2", INK, 1.5)
    _poly(d, [20, 50, 6, 62, 12, 50, 6, 38], "#1c1c1f")


@ICONS.icon("giant", label="Giant")
def giant(d: Drawing) -> None:
    """A giant's club."""
    _path(
        d,
        [
            ("m", (30, 6)),
            ("l", (40, 6)),
            ("c", (70, 60, 84, 80, 76, 92)),
            ("c", (66, 100, 50, 94, 46, 80)),
            ("l", (30, 6)),
        ],
        "#7a5232",
        INK,
        3,
        close=True,
    )
    for x, y in ((60, 78), (70, 86), (54, 66)):
        _poly(d, [x, y, x + 8, y + 2, x + 2, y - 6], "#c7ced6")


@ICONS.icon("noble", label="Noble")
def noble(d: Drawing) -> None:
    """A Noble of either sex: a bust."""
    _path(d, [("m", (12, 4)), ("c", (12, 44, 88, 44, 88, 4))], "#5b6770", close=True)
    _circle(d, 50, 62, 22, "#5b6770")
