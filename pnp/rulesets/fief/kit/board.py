"""The main board: Westeros drawn from ``map.yaml``, tiled over pages by the print engine.

What the board shows, all of it read from the content:

- the land cut into Village cells (:mod:`pnp.rulesets.fief.kit.mapshape`), each
  tinted with its Fief's colour, thin lines between Fiefs and thick ones
  round the five Warden Regions, with each Region's number;
- land roads (solid) and sea roads (dashed), the Villages with their names,
  larger gold banners for Principal Villages, an anchor on coastal ones and
  the Strongholds, Fortified Cities and Septs the map prints;
- each Village's Region number at the end of its name banner, so a Village
  whose Region the thick borders cannot show (an island) still shows it;
- the Wall across the north with the lands beyond it;
- a Title space in every Fief, a Warden card space for every Region, the
  game's name and a legend, each placed by :mod:`pnp.rulesets.fief.kit.placement`
  where it covers nothing.

The Royal Court, the decks, the season tracker and the VP tracker are on a
board of their own (:mod:`pnp.rulesets.fief.court`), so the map keeps its sea.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.content import LoadedContent
from pnp.render import Board, Face, escape, fonts, mm
from pnp.rulesets.fief.kit.mapshape import MapShape, Point, build_shape, polygon_centroid
from pnp.rulesets.fief.kit.placement import MmBox, Room
from pnp.rulesets.fief.kit.style import INK, PARCHMENT, mix, readable_on
from pnp.rulesets.fief.model import FiefContent, Title, Village

#: Village disc radius, mm (Principal Villages are larger)
DISC = 5.5
PRINCIPAL_DISC = 7.5
#: Village name sizes, points
NAME_SIZE = 12.0
PRINCIPAL_NAME_SIZE = 15.0
#: room at the end of a name banner for the Village's Region number, mm
REGION_TAG = 5.6
#: a mini card's outline for the Warden spaces, mm
CARD = (44.0, 63.0)
#: side of a Fief Title space, mm (the Title tokens are a little smaller)
TITLE_SPACE = 22.0
#: Fief names on their Title spaces, points
PLATE_NAME = 11.0
#: how much of the Fief's colour its name's ink keeps (the rest is the kit's dark ink)
FIEF_NAME_HUE = 0.2
#: each Fief's texture (``pattern`` in ``map.yaml``): the directions of its lines, degrees
#: on the board (0 runs to the right, 90 down the board); ``dots`` is a staggered grid
TEXTURE_LINES: dict[str, tuple[float, ...]] = {
    "plain": (),
    "horizontal": (0.0,),
    "vertical": (90.0,),
    "rising": (-45.0,),
    "falling": (45.0,),
    "grid": (0.0, 90.0),
    "crosshatch": (45.0, -45.0),
    "dots": (),
}
#: a texture's spacing (one direction, two directions), line width and dot radius, mm
TEXTURE_STEP = (4.0, 6.0)
TEXTURE_LINE = 0.3
TEXTURE_DOT = 0.55
#: how far a texture's ink goes from the land under it towards the kit's dark ink: enough
#: to see on a greyscale print, little enough that roads and names stay on top
TEXTURE_SHADE = 0.28
#: the legend's shapes, tried in order: two columns, then one, mm
LEGEND_SIZES = ((150.0, 46.0), (88.0, 80.0))
#: the ground kind of the land that belongs to no Village (beyond the Wall, the Gift)
WILD = 99

ROAD_LAND = "#7a5230"
ROAD_LAND_CORE = "#e8d2a6"
ROAD_SEA = "#1f4e79"
REGION_LINE = "#4a1212"
COAST_LINE = "#6b5a3a"
SNOW = "#f3f6f8"


@dataclass
class VillageMark:
    """Where a Village and its name banner are drawn, mm."""

    village: Village
    index: int
    principal: bool
    coastal: bool
    banner: MmBox
    #: the number of the Warden Region the Village lies in
    region: int

    @property
    def radius(self) -> float:
        """The disc radius."""
        return PRINCIPAL_DISC if self.principal else DISC


@dataclass
class BoardLayout:
    """Everything placed on the board, computed once per content."""

    shape: MapShape
    villages: list[VillageMark]
    fief_plates: dict[str, MmBox] = field(default_factory=dict)
    #: each Fief plate's name: its size in points and its lines
    fief_names: dict[str, tuple[float, list[str]]] = field(default_factory=dict)
    region_badges: dict[str, Point] = field(default_factory=dict)
    warden_spaces: dict[str, MmBox] = field(default_factory=dict)
    cartouche: MmBox | None = None
    legend: MmBox | None = None


# -- layout ----------------------------------------------------------------------------


def _text_mm(text: str, size: float, bold: bool = False) -> float:
    """Width of one line of text, mm."""
    font = fonts.family().font(bold)
    return fonts.unit_width(font, text) * size / mm


def _banner(v: Village, principal: bool) -> MmBox:
    """The name banner under a Village: its name, then its Region number."""
    size = PRINCIPAL_NAME_SIZE if principal else NAME_SIZE
    w = _text_mm(v.name, size, bold=principal) + 6 + REGION_TAG
    h = size / mm * 1.45
    r = PRINCIPAL_DISC if principal else DISC
    return MmBox(v.x - w / 2, v.y + r + 1.2, w, h)


def layout_board(content: FiefContent) -> BoardLayout:
    """Compute the land, the Village marks and where the board's furniture goes."""
    shape = build_shape(content)
    principal = {r.principal for r in content.regions}
    coastal: set[str] = set()
    for road in content.roads:
        if road.kind == "sea":
            coastal.update((road.a, road.b))
    number = {r.id: r.number for r in content.regions}
    marks = [
        VillageMark(
            village=v,
            index=i,
            principal=v.id in principal,
            coastal=v.id in coastal,
            banner=_banner(v, v.id in principal),
            region=number[v.region],
        )
        for i, v in enumerate(content.villages)
    ]
    layout = BoardLayout(shape, marks)
    room = Room(shape.width, shape.height)
    fief_no = {f.id: k for k, f in enumerate(content.fiefs)}

    def ground(v: Village) -> int:
        """The ground kind of a Village's land: one per Fief and Region pair, so furniture
        can be kept on a Fief's land, or on a Region's."""
        return fief_no[v.fief] * 100 + number[v.region]

    for cell in shape.cells:
        room.paint_polygon(cell.points, ground(content.villages[cell.village]))
    for poly in wild_lands(content):
        room.paint_polygon(poly, WILD)
    at = {v.id: (v.x, v.y) for v in content.villages}
    for road in content.roads:
        pts = [at[road.a], *road.via, at[road.b]]
        for p, q in itertools.pairwise(pts):
            room.block_segment(p, q, 3.0)
    for seg in shape.fief_borders + shape.region_borders:
        room.block_segment(seg[0], seg[1], 2.5)
    for m in marks:
        r = m.radius + 2.5
        room.block_box(MmBox(m.village.x - r - 5, m.village.y - r - 5, 2 * r + 10, 2 * r + 5))
        b = m.banner
        room.block_box(MmBox(b.x - 4 - (6 if m.coastal else 0), b.y - 1, b.w + 8 + 6, b.h + 2))
    wall = content.wall
    room.block_box(MmBox(wall.x1 - 4, wall.y - 10, wall.x2 - wall.x1 + 8, 20))

    # the game's name and the legend go in open sea first, at the top
    layout.cartouche = room.find(150, 30, (shape.width * 0.8, 0), Room.SEA, margin=3)
    if layout.cartouche:
        room.take(layout.cartouche)

    # every Fief: its name and Title space on its own land, else in the sea nearby
    for fief in content.fiefs:
        ids = [i for i, v in enumerate(content.villages) if v.fief == fief.id]
        centre = _mean([(content.villages[i].x, content.villages[i].y) for i in ids])
        own = {ground(content.villages[i]) for i in ids}
        variants = plate_variants(fief.name.upper())
        box = None
        for size, lines in variants:
            w, h = _plate_size(lines, size)
            box = room.find(w, h, centre, own, margin=1.0, limit=160)
            if box is not None:
                break
        if box is None:
            size, lines = variants[0]
            w, h = _plate_size(lines, size)
            box = room.find(w, h, centre, Room.SEA, margin=2)
        if box is None:
            continue
        room.take(box)
        layout.fief_plates[fief.id] = box
        layout.fief_names[fief.id] = (size, lines)

    # every Region: a number badge on its land and a Warden card space off its coast
    for region in sorted(content.regions, key=lambda r: r.number):
        ids = [i for i, v in enumerate(content.villages) if v.region == region.id]
        centre = _mean([(content.villages[i].x, content.villages[i].y) for i in ids])
        kinds = sorted({ground(content.villages[i]) for i in ids})
        badge = None
        for kind in kinds:
            found = room.find(12, 12, centre, kind, margin=0.5, limit=90)
            if found is None:
                continue
            if badge is None or _dist(found.center, centre) < _dist(badge.center, centre):
                badge = found
        if badge is not None:
            room.take(badge)
            layout.region_badges[region.id] = badge.center
        # the space lies in the sea, but may reach over its own Region's coast: where a
        # Region has little coast (the Crownlands) the nearest open sea would otherwise
        # put its card beside another Region's land
        space = room.find(
            CARD[0] + 4,
            CARD[1] + 12,
            centre,
            [Room.SEA, *kinds],
            margin=2,
            accept=lambda box: not shape.on_land(box.center),
        )
        if space is not None:
            room.take(space)
            layout.warden_spaces[region.id] = space
    for legend_w, legend_h in LEGEND_SIZES:
        layout.legend = room.find(legend_w, legend_h, (0, shape.height), Room.SEA, margin=3)
        if layout.legend:
            room.take(layout.legend)
            break
    return layout


def plate_variants(name: str) -> list[tuple[float, list[str]]]:
    """Ways to set a Fief's name on its plate, widest first: one line, smaller, two lines."""
    out: list[tuple[float, list[str]]] = [(PLATE_NAME, [name]), (PLATE_NAME * 0.8, [name])]
    words = name.split()
    if len(words) > 1:
        best = min(
            range(1, len(words)),
            key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))),
        )
        out.append((PLATE_NAME * 0.8, [" ".join(words[:best]), " ".join(words[best:])]))
    return out


def _plate_size(lines: list[str], size: float) -> tuple[float, float]:
    width = max(_text_mm(line, size, bold=True) for line in lines) + 3
    return max(width, TITLE_SPACE), TITLE_SPACE + 3.5 + len(lines) * size / mm * 1.1


def wild_lands(content: FiefContent) -> list[list[Point]]:
    """The land beyond the Wall and the strip just south of it (no Village owns them)."""
    w = content.board.width_mm
    wall = content.wall
    beyond: list[Point] = [(8.0, 8.0), (w - 8.0, 8.0)]
    steps = 24
    for k in range(steps + 1):
        x = w - 8.0 - (w - 16.0) * k / steps
        beyond.append((x, wall.y + 2 + 2.5 * math.sin(k * 1.3)))
    gift: list[Point] = [(wall.x1 - 10, wall.y), (wall.x2 + 10, wall.y)]
    for k in range(steps + 1):
        x = wall.x2 + 10 - (wall.x2 - wall.x1 + 20) * k / steps
        gift.append((x, wall.y + 34 + 6 * math.sin(k * 0.9) + 3 * math.sin(k * 2.1)))
    return [beyond, gift]


def _mean(points: Sequence[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


# -- drawing ---------------------------------------------------------------------------


class _Pen:
    """Board millimetres (origin top-left, y down) to face points."""

    def __init__(self, face: Face) -> None:
        self.face = face
        self.c: Canvas = face.canvas
        self.h = face.height

    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, self.h - y * mm

    def path(self, pts: Sequence[Point], close: bool = True) -> PDFPathObject:
        path = self.c.beginPath()
        path.moveTo(*self.p(*pts[0]))
        for q in pts[1:]:
            path.lineTo(*self.p(*q))
        if close:
            path.close()
        return path

    def stroke(
        self, color: str | Color, width_mm: float, dash: Sequence[float] | None = None, cap: int = 1
    ) -> None:
        self.c.setStrokeColor(toColor(color) if isinstance(color, str) else color)
        self.c.setLineWidth(width_mm * mm)
        self.c.setLineCap(cap)
        self.c.setLineJoin(1)
        self.c.setDash([d * mm for d in dash] if dash else [])

    def fill(self, color: str | Color) -> None:
        self.c.setFillColor(toColor(color) if isinstance(color, str) else color)

    def line(self, a: Point, b: Point) -> None:
        self.c.line(*self.p(*a), *self.p(*b))

    def box(self, b: MmBox, radius: float = 0.0, fill: bool = True, stroke: bool = True) -> None:
        x, y = self.p(b.x, b.y + b.h)
        if radius:
            self.c.roundRect(
                x, y, b.w * mm, b.h * mm, radius * mm, stroke=int(stroke), fill=int(fill)
            )
        else:
            self.c.rect(x, y, b.w * mm, b.h * mm, stroke=int(stroke), fill=int(fill))


def draw_board(content: FiefContent, layout: BoardLayout, face: Face) -> None:
    """Draw the whole main board on ``face``."""
    pen = _Pen(face)
    c = pen.c
    c.saveState()
    _sea(content, pen)
    _land(content, layout, pen)
    _wall(content, pen)
    _roads(content, pen)
    for mark in layout.villages:
        _village(content, mark, pen)
    _plates(content, layout, pen)
    _regions(content, layout, pen)
    _cartouche(content, layout, pen)
    _legend(content, layout, pen)
    c.restoreState()


def _sea(content: FiefContent, pen: _Pen) -> None:
    face = pen.face
    face.fill(content.board.sea_color)
    # faint wave marks, placed by a fixed formula so every build is identical
    wave = mix(content.board.sea_color, "#ffffff", 0.35)
    pen.stroke(wave, 0.5)
    w, h = content.board.width_mm, content.board.height_mm
    k = 0
    y = 12.0
    while y < h:
        x = 10.0 + (k % 3) * 22
        while x < w:
            path = pen.c.beginPath()
            path.moveTo(*pen.p(x, y))
            path.curveTo(*pen.p(x + 3, y - 2.5), *pen.p(x + 6, y - 2.5), *pen.p(x + 9, y))
            path.curveTo(*pen.p(x + 12, y + 2.5), *pen.p(x + 15, y + 2.5), *pen.p(x + 18, y))
            pen.c.drawPath(path, stroke=1, fill=0)
            x += 66
        y += 19
        k += 1


def _land(content: FiefContent, layout: BoardLayout, pen: _Pen) -> None:
    c = pen.c
    shape = layout.shape
    land = content.board.land_color
    wilds = wild_lands(content)
    polys = [cell.points for cell in shape.cells] + wilds
    # shallows, then the coastline: strokes that the land fill then half covers
    pen.stroke(mix(content.board.sea_color, "#ffffff", 0.45), 7.0)
    for poly in polys:
        c.drawPath(pen.path(poly), stroke=1, fill=0)
    pen.stroke(COAST_LINE, 1.6)
    for poly in polys:
        c.drawPath(pen.path(poly), stroke=1, fill=0)
    colour = {f.id: f.color for f in content.fiefs}
    pen.stroke(land, 0.3)
    for cell in shape.cells:
        fief = content.villages[cell.village].fief
        pen.fill(mix(colour[fief], land, 0.5))
        pen.stroke(mix(colour[fief], land, 0.5), 0.3)
        c.drawPath(pen.path(cell.points), stroke=1, fill=1)
    for each in content.fiefs:
        cells = [
            cell.points for cell in shape.cells if content.villages[cell.village].fief == each.id
        ]
        plate = layout.fief_plates.get(each.id)
        # the Fief's name is printed straight on its land: keep the texture off it
        name = None
        if plate is not None:
            name = MmBox(plate.x - 1, plate.y - 1, plate.w + 2, plate.h - TITLE_SPACE + 1)
        _texture(pen, each.pattern, cells, fief_ground(content, each.id), name)
    pen.fill(SNOW)
    pen.stroke(SNOW, 0.3)
    c.drawPath(pen.path(wilds[0]), stroke=1, fill=1)
    pen.fill(mix(land, SNOW, 0.5))
    pen.stroke(mix(land, SNOW, 0.5), 0.3)
    c.drawPath(pen.path(wilds[1]), stroke=1, fill=1)
    # Fief borders thin, Region borders thick
    pen.stroke("#3b352c", 0.6, dash=(2.0, 1.2), cap=0)
    for a, b in shape.fief_borders:
        pen.line(a, b)
    pen.stroke(REGION_LINE, 2.0)
    for a, b in shape.region_borders:
        pen.line(a, b)
    pen.stroke("#f1e4c8", 0.5, dash=(3.0, 2.0), cap=0)
    for a, b in shape.region_borders:
        pen.line(a, b)


def fief_ground(content: FiefContent, fief_id: str) -> str:
    """The colour a Fief's land is painted: its colour half mixed with the board's land."""
    fief = next(f for f in content.fiefs if f.id == fief_id)
    return mix(fief.color, content.board.land_color, 0.5)


def _texture(
    pen: _Pen,
    pattern: str,
    cells: Sequence[Sequence[Point]],
    ground: str,
    clear: MmBox | None = None,
) -> None:
    """A Fief's texture over its land cells, in a darker shade of the land, kept out of
    the box ``clear``: the cue that tells Fiefs apart where their colours merge (QA3: in
    grey, the Reach and Dorne differ by 1.6 ΔE)."""
    lines = TEXTURE_LINES[pattern]
    if not cells or (not lines and pattern != "dots"):
        return
    c = pen.c
    xs = [x for poly in cells for x, _ in poly]
    ys = [y for poly in cells for _, y in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    c.saveState()
    clip = c.beginPath()
    for poly in cells:
        clip.moveTo(*pen.p(*poly[0]))
        for q in poly[1:]:
            clip.lineTo(*pen.p(*q))
        clip.close()
    c.clipPath(clip, stroke=0, fill=0)
    if clear is not None:
        # and outside ``clear``: the board's outline and the box, even-odd, leave a hole
        # (a hole, not a patch painted over the texture, so the low-ink kit tints it
        # with the land around it)
        hole = c.beginPath()
        hole.rect(*pen.p(x0 - 1, y1 + 1), (x1 - x0 + 2) * mm, (y1 - y0 + 2) * mm)
        hole.rect(*pen.p(clear.x, clear.y + clear.h), clear.w * mm, clear.h * mm)
        c.clipPath(hole, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    ink = mix(ground, INK, TEXTURE_SHADE)
    if pattern == "dots":
        step = TEXTURE_STEP[0]
        pen.fill(ink)
        row = 0
        y = y0 - y0 % step
        while y <= y1 + step:
            x = x0 - x0 % step + (step / 2 if row % 2 else 0.0)
            while x <= x1 + step:
                c.circle(*pen.p(x, y), TEXTURE_DOT * mm, stroke=0, fill=1)
                x += step
            y += step
            row += 1
    else:
        step = TEXTURE_STEP[len(lines) - 1]
        pen.stroke(ink, TEXTURE_LINE, cap=0)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        reach = math.hypot(x1 - x0, y1 - y0) / 2 + step
        for angle in lines:
            dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            k = -math.ceil(reach / step)
            while k * step <= reach:
                # lines on multiples of the step from the board's origin, so a texture's
                # lines do not depend on the shape of the Fief
                off = k * step - (cx * -dy + cy * dx) % step
                px, py = cx - dy * off, cy + dx * off
                pen.line((px - dx * reach, py - dy * reach), (px + dx * reach, py + dy * reach))
                k += 1
    c.restoreState()


def _wall(content: FiefContent, pen: _Pen) -> None:
    wall = content.wall
    c = pen.c
    top = wall.y - 5
    box = MmBox(wall.x1, top, wall.x2 - wall.x1, 10)
    pen.fill("#dcebf5")
    pen.stroke("#5f84a2", 0.8)
    pen.box(box, radius=1.5)
    # courses of ice blocks
    pen.stroke("#9db8cc", 0.35)
    for row, y in enumerate((top + 3.3, top + 6.6)):
        pen.line((wall.x1, y), (wall.x2, y))
        del row
    x = wall.x1 + 8
    k = 0
    while x < wall.x2:
        for row in range(3):
            off = 4 if (row + k) % 2 else 0
            if wall.x1 < x + off < wall.x2:
                pen.line((x + off, top + row * 3.3), (x + off, top + (row + 1) * 3.3))
        x += 8
        k += 1
    name = wall.name.upper()
    size = 16.0
    width = _text_mm(name, size, True) + 10
    mid = (wall.x1 + wall.x2) / 2
    plate = MmBox(mid - width / 2, top - 2, width, 14)
    pen.fill("#eef5fa")
    pen.stroke("#5f84a2", 0.8)
    pen.box(plate, radius=2)
    x, y = pen.p(mid, top + 9)
    pen.face.label(name, x, y, size=size, bold=True, color="#2f526e", align="center")
    # the gates: paths from their Villages up to the Wall
    at = {v.id: v for v in content.villages}
    pen.stroke("#5f84a2", 1.2, dash=(2.5, 1.8), cap=0)
    for gate in wall.gates:
        v = at.get(gate)
        if v is None:
            continue
        gx = min(max(v.x, wall.x1 + 5), wall.x2 - 5)
        pen.line((v.x, v.y - DISC), (gx, wall.y + 5))
    c.setDash([])


def _roads(content: FiefContent, pen: _Pen) -> None:
    c = pen.c
    at = {v.id: (v.x, v.y) for v in content.villages}
    land = [r for r in content.roads if r.kind == "land"]
    sea = [r for r in content.roads if r.kind == "sea"]

    def draw(roads: list, colour: str, width: float, dash: tuple[float, float] | None) -> None:
        pen.stroke(colour, width, dash=dash, cap=0 if dash else 1)
        for road in roads:
            pts = [at[road.a], *road.via, at[road.b]]
            c.drawPath(pen.path(pts, close=False), stroke=1, fill=0)

    draw(land, ROAD_LAND, 2.6, None)
    draw(land, ROAD_LAND_CORE, 1.0, (2.0, 1.5))
    draw(sea, "#ffffff", 2.2, None)
    draw(sea, ROAD_SEA, 1.4, (3.5, 2.0))


def _village(content: FiefContent, mark: VillageMark, pen: _Pen) -> None:
    face = pen.face
    c = pen.c
    v = mark.village
    fief = next(f for f in content.fiefs if f.id == v.fief)
    x, y = pen.p(v.x, v.y)
    r = mark.radius * mm
    c.setFillColor(toColor(PARCHMENT))
    c.setStrokeColor(toColor(fief.color))
    c.setLineWidth(1.8 * mm if mark.principal else 1.3 * mm)
    c.setDash([])
    c.circle(x, y, r, stroke=1, fill=1)
    c.setStrokeColor(toColor(INK))
    c.setLineWidth(0.35 * mm)
    c.circle(x, y, r + (0.9 if mark.principal else 0.65) * mm, stroke=1, fill=0)
    if mark.principal:
        face.icon("crown", x - 3.2 * mm, y - 2.4 * mm, 6.4 * mm)
    else:
        c.setFillColor(toColor(fief.color))
        c.circle(x, y, 1.6 * mm, stroke=0, fill=1)
    # buildings printed on the map, above the disc
    icons = []
    if v.stronghold == 1:
        icons.append("stronghold")
    elif v.stronghold == 2:
        icons.append("fortified-city")
    if v.sept:
        icons.append("sept")
    size = 7.0 * mm
    total = len(icons) * size + (len(icons) - 1) * 1 * mm
    ix = x - total / 2
    for name in icons:
        c.setFillColor(toColor(PARCHMENT))
        c.setStrokeColor(toColor(INK))
        c.setLineWidth(0.3 * mm)
        c.roundRect(
            ix - 0.6 * mm,
            y + r + 0.9 * mm,
            size + 1.2 * mm,
            size + 1.2 * mm,
            1 * mm,
            stroke=1,
            fill=1,
        )
        face.icon(name, ix, y + r + 1.5 * mm, size)
        ix += size + 1 * mm
    # the name banner
    b = mark.banner
    c.setFillColor(toColor("#f2c94c" if mark.principal else PARCHMENT))
    c.setStrokeColor(toColor(INK))
    c.setLineWidth(0.35 * mm)
    pen.box(b, radius=1.6)
    size_pt = PRINCIPAL_NAME_SIZE if mark.principal else NAME_SIZE
    text_w = b.w - REGION_TAG
    bx, by = pen.p(b.x + text_w / 2 + 0.4, b.y + b.h * 0.72)
    face.label(v.name, bx, by, size=size_pt, bold=mark.principal, color=INK, align="center")
    # the Region number, as on the Region's badge and Warden space (FF-MAP-03)
    r_tag = b.h / 2 - 0.7
    tx, ty = pen.p(b.x + b.w - r_tag - 0.8, b.y + b.h / 2)
    c.setFillColor(toColor(REGION_LINE))
    c.setStrokeColor(toColor("#f1e4c8"))
    c.setLineWidth(0.3 * mm)
    c.circle(tx, ty, r_tag * mm, stroke=1, fill=1)
    face.label(
        str(mark.region),
        tx,
        ty - r_tag * 0.62 * mm,
        size=r_tag * 1.75 * mm,
        bold=True,
        color="#f1e4c8",
        align="center",
    )
    if mark.coastal:
        face.icon("anchor", *pen.p(b.x - 6.2, b.y + b.h - 0.4), 5.2 * mm)


def _plates(content: FiefContent, layout: BoardLayout, pen: _Pen) -> None:
    face = pen.face
    titles: dict[str, Title] = {t.fief: t for t in content.titles if t.kind == "fief" and t.fief}
    for fief in content.fiefs:
        box = layout.fief_plates.get(fief.id)
        if box is None:
            continue
        size, lines = layout.fief_names.get(fief.id, (PLATE_NAME, [fief.name.upper()]))
        line_h = size / mm * 1.1
        for k, line in enumerate(lines):
            x, y = pen.p(box.x + box.w / 2, box.y + line_h * (k + 1) - 0.8)
            face.label(
                line,
                x,
                y,
                size=size,
                bold=True,
                # mostly ink, a touch of the Fief's hue: at 0.45 the names read at 3.2-3.9:1
                color=mix(fief.color, INK, FIEF_NAME_HUE),
                align="center",
                max_width=box.w * mm,
            )
        top = box.y + box.h - TITLE_SPACE
        space = MmBox(box.x + (box.w - TITLE_SPACE) / 2, top, TITLE_SPACE, TITLE_SPACE)
        pen.fill(fief.color)
        pen.stroke(INK, 0.5, dash=(1.5, 1.0), cap=0)
        pen.box(space, radius=2)
        pen.c.setDash([])
        title = titles.get(fief.id)
        if title is None:
            continue
        tx, ty = pen.p(space.x + 2, space.y + space.h - 2)
        face.text(
            f"<b>{escape(title.name)}</b>",
            tx,
            ty,
            (space.w - 4) * mm,
            (space.h - 12) * mm,
            size=7.5,
            min_size=5.5,
            align="center",
            valign="middle",
            color=readable_on(fief.color),
        )
        if title.vp:
            face.icon("vp", *pen.p(space.x + space.w / 2 - 4.5, space.y + 10), 9 * mm)


def _regions(content: FiefContent, layout: BoardLayout, pen: _Pen) -> None:
    face = pen.face
    c = pen.c
    wardens = {t.region: t for t in content.titles if t.region}
    for region in content.regions:
        at = layout.region_badges.get(region.id)
        if at is not None:
            x, y = pen.p(*at)
            c.setFillColor(toColor(REGION_LINE))
            c.setStrokeColor(toColor("#f1e4c8"))
            c.setLineWidth(0.6 * mm)
            c.circle(x, y, 5.6 * mm, stroke=1, fill=1)
            face.label(
                str(region.number),
                x,
                y - 2.6 * mm,
                size=20,
                bold=True,
                color="#f1e4c8",
                align="center",
            )
        space = layout.warden_spaces.get(region.id)
        if space is None:
            continue
        pen.fill(mix(content.board.sea_color, "#ffffff", 0.55))
        pen.stroke(REGION_LINE, 0.8)
        pen.box(space, radius=2.5)
        card = MmBox(space.x + 2, space.y + 10, CARD[0], CARD[1])
        pen.fill(mix(content.board.sea_color, "#ffffff", 0.8))
        pen.stroke(INK, 0.4, dash=(1.5, 1.0), cap=0)
        pen.box(card, radius=2)
        c.setDash([])
        x, y = pen.p(space.x + 6.5, space.y + 5)
        c.setFillColor(toColor(REGION_LINE))
        c.circle(x, y, 4 * mm, stroke=0, fill=1)
        face.label(
            str(region.number), x, y - 2.1 * mm, size=15, bold=True, color="#f1e4c8", align="center"
        )
        title = wardens.get(region.id)
        label = title.name if title else region.name
        lx, ly = pen.p(space.x + 12, space.y + 6.4)
        face.label(
            label, lx, ly, size=9, bold=True, color=INK, max_width=(space.w - 13) * mm, min_size=6
        )
        face.icon("warden", *pen.p(card.x + card.w / 2 - 9, card.y + card.h / 2 + 9), 18 * mm)
        cx, cy = pen.p(card.x + card.w / 2, card.y + card.h - 6)
        face.label(
            region.name, cx, cy, size=8, color=INK, align="center", max_width=(card.w - 4) * mm
        )


def _cartouche(content: FiefContent, layout: BoardLayout, pen: _Pen) -> None:
    box = layout.cartouche
    if box is None:
        return
    face = pen.face
    pen.fill(PARCHMENT)
    pen.stroke(INK, 0.8)
    pen.box(box, radius=3)
    pen.stroke("#8a6410", 0.5)
    pen.box(MmBox(box.x + 1.5, box.y + 1.5, box.w - 3, box.h - 3), radius=2, fill=False)
    x, y = pen.p(box.x + box.w / 2, box.y + 14)
    face.label(
        "A Song of Ice and Fief",
        x,
        y,
        size=26,
        bold=True,
        color=INK,
        align="center",
        max_width=(box.w - 8) * mm,
    )
    x, y = pen.p(box.x + box.w / 2, box.y + 24)
    face.label(
        f"The main board: {content.board.name}",
        x,
        y,
        size=11,
        color=INK,
        align="center",
        max_width=(box.w - 8) * mm,
    )


def _legend(content: FiefContent, layout: BoardLayout, pen: _Pen) -> None:
    box = layout.legend
    if box is None:
        return
    face = pen.face
    pen.fill(PARCHMENT)
    pen.stroke(INK, 0.6)
    pen.box(box, radius=3)
    tx, ty = pen.p(box.x + 5, box.y + 8)
    face.label("Legend", tx, ty, size=12, bold=True, color=INK)
    rows: list[tuple[str, str]] = [
        ("land", "Land road"),
        ("sea", "Sea road: its Villages are coastal"),
        ("principal", "Principal Village of a Region"),
        ("anchor", "Coastal Village"),
        ("stronghold", "Stronghold on the map"),
        ("fortified-city", "Fortified City on the map"),
        ("sept", "Sept on the map"),
        ("region", "Warden Region border"),
        ("region-tag", "Warden Region of a Village"),
        ("fief", "Fief border (Fiefs by colour)"),
    ]
    columns = 2 if box.w > 120 else 1
    per = math.ceil(len(rows) / columns)
    col_w = (box.w - 6) / columns
    for k, (key, text) in enumerate(rows):
        x0 = box.x + 5 + (k // per) * col_w
        y = box.y + 15.5 + (k % per) * 7.2
        _legend_symbol(key, x0, y, pen)
        tx, ty = pen.p(x0 + 15, y)
        face.label(text, tx, ty, size=9, color=INK, max_width=(col_w - 17) * mm)


def _legend_symbol(key: str, x0: float, y: float, pen: _Pen) -> None:
    c = pen.c
    face = pen.face
    a, b = (x0, y - 1.3), (x0 + 12, y - 1.3)
    if key == "land":
        pen.stroke(ROAD_LAND, 2.6)
        pen.line(a, b)
        pen.stroke(ROAD_LAND_CORE, 1.0, dash=(2.0, 1.5), cap=0)
        pen.line(a, b)
    elif key == "sea":
        pen.stroke("#ffffff", 2.2)
        pen.line(a, b)
        pen.stroke(ROAD_SEA, 1.4, dash=(3.5, 2.0), cap=0)
        pen.line(a, b)
    elif key == "region":
        pen.stroke(REGION_LINE, 2.0)
        pen.line(a, b)
        pen.stroke("#f1e4c8", 0.5, dash=(3.0, 2.0), cap=0)
        pen.line(a, b)
    elif key == "region-tag":
        px, py = pen.p(x0 + 6, y - 1.3)
        c.setFillColor(toColor(REGION_LINE))
        c.circle(px, py, 2.4 * mm, stroke=0, fill=1)
        face.label("3", px, py - 1.5 * mm, size=8.5, bold=True, color="#f1e4c8", align="center")
    elif key == "fief":
        pen.stroke("#3b352c", 0.6, dash=(2.0, 1.2), cap=0)
        pen.line(a, b)
    elif key == "principal":
        px, py = pen.p(x0 + 6, y - 1.3)
        c.setFillColor(toColor(PARCHMENT))
        c.setStrokeColor(toColor("#8a6410"))
        c.setLineWidth(1.2 * mm)
        c.circle(px, py, 3.0 * mm, stroke=1, fill=1)
        face.icon("crown", px - 2.0 * mm, py - 1.5 * mm, 4.0 * mm)
    else:
        face.icon(key, *pen.p(x0 + 3, y + 1.8), 6.0 * mm)
    c.setDash([])


def main_board(content: LoadedContent[FiefContent]) -> Board:
    """The main board component: the map, tiled over pages when printed."""
    model = content.model
    layout = layout_board(model)
    return Board(
        id="main-board",
        name=f"Main board ({model.board.name})",
        size=(model.board.width_mm, model.board.height_mm),
        face=partial(draw_board, model, layout),
        file="board",
    )


__all__ = ["BoardLayout", "layout_board", "main_board", "polygon_centroid", "wild_lands"]
