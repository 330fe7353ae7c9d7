"""The shapes of the main board, computed from the map data alone.

The content gives each Village a point, a Fief and a Region, and roads
between Villages; it draws no coastline. This module turns those points
into land: each Village owns the part of the board nearer to it than to any
other Village (its Voronoi cell), cut off by a slightly irregular disc so
the land ends in a coast. Villages joined by land roads form one landmass;
between landmasses (the Iron Islands, Dragonstone) a channel of sea is kept
open. Fiefs and Regions are unions of cells, so their borders are the cell
edges between Villages of different Fiefs or Regions.

Everything is in board millimetres with the origin at the top-left corner
(as in ``map.yaml``); :mod:`pnp.rulesets.fief.kit.board` turns it into points.
The shapes depend only on the content, so the board is the same on every run.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pnp.rulesets.fief.model import FiefContent

Point = tuple[float, float]

#: edge labels: the cell's coast, the board frame, the Wall, or the line it shares
#: with another Village ``("v", j)`` (same landmass) / a sea channel ``("gap", j)``
Label = tuple[str, int]
COAST: Label = ("coast", -1)
FRAME: Label = ("frame", -1)

#: radius of a Village's land on the mainland and on an island, mm
MAINLAND_RADIUS = 52.0
ISLAND_RADIUS = 30.0
#: half the width of the strip of land along a land road, mm
CORRIDOR = 24.0
#: land fills the angle between two land roads narrower than this (radians)
FAN_LIMIT = math.radians(150)
#: half the width of the sea channel between two landmasses, mm
CHANNEL = 5.0
#: corners of a cell's coast before clipping
COAST_STEPS = 96
#: how far land stays from the board's edge, mm
FRAME_MARGIN = 8.0


@dataclass
class Cell:
    """The land of one Village: a polygon and what each edge borders."""

    village: int
    points: list[Point]
    #: ``labels[k]`` is the edge from ``points[k]`` to ``points[k + 1]`` (wrapping)
    labels: list[Label]

    def edges(self) -> Iterable[tuple[Point, Point, Label]]:
        """Each edge with its label."""
        n = len(self.points)
        for k in range(n):
            yield self.points[k], self.points[(k + 1) % n], self.labels[k]

    def contains(self, p: Point) -> bool:
        """Whether ``p`` lies inside the cell (even-odd rule)."""
        return point_in_polygon(p, self.points)

    def centroid(self) -> Point:
        """The area centroid of the cell."""
        return polygon_centroid(self.points)


@dataclass
class MapShape:
    """Land cells, landmasses and where Fief and Region borders run."""

    width: float
    height: float
    cells: list[Cell]
    #: landmass number of each Village
    landmass: list[int]
    #: segments of borders between Villages of different Fiefs / Regions
    fief_borders: list[tuple[Point, Point]] = field(default_factory=list)
    region_borders: list[tuple[Point, Point]] = field(default_factory=list)

    def on_land(self, p: Point) -> bool:
        """Whether ``p`` lies on any Village's land."""
        return any(c.contains(p) for c in self.cells)

    def cell_at(self, p: Point) -> Cell | None:
        """The cell holding ``p``, if any."""
        for cell in self.cells:
            if cell.contains(p):
                return cell
        return None


def landmasses(content: FiefContent) -> list[int]:
    """Each Village's landmass: Villages joined by land roads share one."""
    index = {v.id: i for i, v in enumerate(content.villages)}
    parent = list(range(len(content.villages)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for road in content.roads:
        if road.kind == "land" and road.a in index and road.b in index:
            a, b = find(index[road.a]), find(index[road.b])
            if a != b:
                parent[max(a, b)] = min(a, b)
    roots: dict[int, int] = {}
    return [roots.setdefault(find(i), len(roots)) for i in range(len(parent))]


def _wobble(i: int, angle: float) -> float:
    """A smooth, deterministic irregularity of a coast (about ±10 %)."""
    return (
        1.0
        + 0.055 * math.sin(3 * angle + 1.7 * i)
        + 0.035 * math.sin(7 * angle + 0.9 * i + 1.0)
        + 0.02 * math.sin(13 * angle + 2.3 * i)
    )


def _corridor(angle: float, phi: float, length: float) -> float:
    """How far a ray at ``angle`` stays inside the land corridor of a road leaving at
    ``phi`` with ``length`` (0 when it points away from the road)."""
    delta = math.atan2(math.sin(angle - phi), math.cos(angle - phi))
    along = math.cos(delta)
    if along <= 0:
        return 0.0
    across = abs(math.sin(delta))
    reach = length * 0.75 / along
    return reach if across * reach <= CORRIDOR else CORRIDOR / across


def _fan(angle: float, roads: list[tuple[float, float]]) -> float:
    """How far a ray at ``angle`` reaches across the triangle of two neighbouring land
    roads (less than :data:`FAN_LIMIT` apart): land fills the space between roads."""
    if len(roads) < 2:
        return 0.0
    ordered = sorted(roads)
    best = 0.0
    for k, (phi1, len1) in enumerate(ordered):
        phi2, len2 = ordered[(k + 1) % len(ordered)]
        gap = (phi2 - phi1) % (2 * math.pi)
        if gap >= FAN_LIMIT or gap == 0:
            continue
        rel = (angle - phi1) % (2 * math.pi)
        if rel >= gap:
            continue
        # the ray from the Village meets the segment between the two road ends
        p1 = (len1 * math.cos(phi1), len1 * math.sin(phi1))
        p2 = (len2 * math.cos(phi2), len2 * math.sin(phi2))
        d = (math.cos(angle), math.sin(angle))
        ex, ey = p2[0] - p1[0], p2[1] - p1[1]
        denom = d[0] * ey - d[1] * ex
        if abs(denom) < 1e-9:
            continue
        t = (p1[0] * ey - p1[1] * ex) / denom
        best = max(best, t)
    return best


def _clip(
    points: list[Point], labels: list[Label], n: Point, c: float, label: Label
) -> tuple[list[Point], list[Label]]:
    """Keep the part of a polygon where ``n · p <= c`` (Sutherland–Hodgman).

    Edges created along the clip line get ``label``; the others keep theirs.
    """
    if not points:
        return points, labels
    out: list[Point] = []
    arrive: list[Label] = []  # label of the edge arriving at each output vertex
    count = len(points)
    for k in range(count):
        p, q = points[k], points[(k + 1) % count]
        lab = labels[k]
        dp = n[0] * p[0] + n[1] * p[1] - c
        dq = n[0] * q[0] + n[1] * q[1] - c
        if dp <= 0 and dq <= 0:
            out.append(q)
            arrive.append(lab)
        elif dp <= 0 < dq:
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            arrive.append(lab)
        elif dq <= 0 < dp:
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            arrive.append(label)
            out.append(q)
            arrive.append(lab)
    if len(out) < 3:
        return [], []
    # the edge leaving vertex k is the one arriving at vertex k + 1
    edge_labels = arrive[1:] + arrive[:1]
    return out, edge_labels


def build_shape(content: FiefContent) -> MapShape:
    """Cut the board into Village cells and find the Fief and Region borders."""
    w, h = content.board.width_mm, content.board.height_mm
    pts = [(v.x, v.y) for v in content.villages]
    mass = landmasses(content)
    sizes = {m: mass.count(m) for m in set(mass)}
    wall_y = content.wall.y
    gates = set(content.wall.gates)
    index = {v.id: i for i, v in enumerate(content.villages)}
    roads: list[list[tuple[float, float]]] = [[] for _ in pts]
    for road in content.roads:
        if road.kind != "land" or road.a not in index or road.b not in index:
            continue
        a, b = index[road.a], index[road.b]
        for u, v in ((a, b), (b, a)):
            dx, dy = pts[v][0] - pts[u][0], pts[v][1] - pts[u][1]
            roads[u].append((math.atan2(dy, dx), math.hypot(dx, dy)))
    cells: list[Cell] = []
    for i, (x, y) in enumerate(pts):
        radius = MAINLAND_RADIUS if sizes[mass[i]] > 2 else ISLAND_RADIUS
        if content.villages[i].id in gates:
            # a gate's land reaches up to the Wall
            radius = max(radius, y - wall_y + 12)
        poly: list[Point] = []
        for k in range(COAST_STEPS):
            angle = 2 * math.pi * k / COAST_STEPS
            r = max(
                [radius, _fan(angle, roads[i])]
                + [_corridor(angle, phi, length) for phi, length in roads[i]]
            )
            r *= _wobble(i, angle)
            poly.append((x + r * math.cos(angle), y + r * math.sin(angle)))
        labels: list[Label] = [COAST] * len(poly)
        for j, (xj, yj) in enumerate(pts):
            if j == i:
                continue
            dx, dy = xj - x, yj - y
            dist = math.hypot(dx, dy)
            reach = max(math.hypot(px - x, py - y) for px, py in poly) if poly else 0.0
            if dist == 0 or dist > 2 * reach:
                continue  # the bisector lies beyond this cell's land
            n = (dx / dist, dy / dist)
            mid = ((x + xj) / 2, (y + yj) / 2)
            c = n[0] * mid[0] + n[1] * mid[1]
            if mass[i] == mass[j]:
                poly, labels = _clip(poly, labels, n, c, ("v", j))
            else:
                poly, labels = _clip(poly, labels, n, c - CHANNEL, ("gap", j))
        m = FRAME_MARGIN
        for n, c in (
            ((-1.0, 0.0), -m),
            ((1.0, 0.0), w - m),
            ((0.0, 1.0), h - m),
            ((0.0, -1.0), -(wall_y + 4)),
        ):
            poly, labels = _clip(poly, labels, n, c, FRAME)
        cells.append(Cell(i, poly, labels))
    shape = MapShape(w, h, cells, mass)
    fiefs = [v.fief for v in content.villages]
    regions = [v.region for v in content.villages]
    for i, cell in enumerate(cells):
        for p, q, (kind, j) in cell.edges():
            if kind != "v" or j < i:
                continue
            seg = _shared(p, q, cells[j])
            if seg is None:
                continue
            if regions[i] != regions[j]:
                shape.region_borders.append(seg)
            if fiefs[i] != fiefs[j]:
                shape.fief_borders.append(seg)
    return shape


def _shared(p: Point, q: Point, other: Cell) -> tuple[Point, Point] | None:
    """The part of segment ``p``–``q`` that ``other`` also has as an edge."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    if length2 < 1e-9:
        return None
    best: tuple[float, float] | None = None
    for a, b, _ in other.edges():
        # collinear with p–q?
        cross_a = (a[0] - p[0]) * dy - (a[1] - p[1]) * dx
        cross_b = (b[0] - p[0]) * dy - (b[1] - p[1]) * dx
        if abs(cross_a) > 1e-4 * math.sqrt(length2) or abs(cross_b) > 1e-4 * math.sqrt(length2):
            continue
        ta = ((a[0] - p[0]) * dx + (a[1] - p[1]) * dy) / length2
        tb = ((b[0] - p[0]) * dx + (b[1] - p[1]) * dy) / length2
        lo, hi = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
        if hi - lo > 1e-6:
            best = (lo, hi) if best is None else (min(best[0], lo), max(best[1], hi))
    if best is None:
        return None
    lo, hi = best
    return (p[0] + lo * dx, p[1] + lo * dy), (p[0] + hi * dx, p[1] + hi * dy)


# -- plane geometry helpers ------------------------------------------------------------


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test of ``p`` against ``poly``."""
    x, y = p
    inside = False
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def polygon_centroid(poly: Sequence[Point]) -> Point:
    """The centroid of a simple polygon (its vertex mean when degenerate)."""
    area = cx = cy = 0.0
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    return cx / (3 * area), cy / (3 * area)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a``–``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - a[0], p[1] - a[1])
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))
