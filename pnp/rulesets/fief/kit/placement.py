"""Finding room on the board: a coarse occupancy grid and a nearest-free-box search.

The main board's printed furniture (Fief names and Title spaces, Region
numbers, Warden card spaces, the legend) must not cover Villages, their
names, roads or borders. :class:`Room` rasterises what is already there onto
a grid of a few millimetres and answers "where is the free box of this size
nearest to that point, on this kind of ground?" with summed-area tables, so
each question costs a sorted scan rather than a geometry test per candidate.
Board millimetres, origin top-left, as in the map data.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from pnp.rulesets.fief.kit.mapshape import Point, segment_distance

#: grid step, mm
STEP = 3.0


@dataclass(frozen=True)
class MmBox:
    """A box in board millimetres: ``(x, y)`` is its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> Point:
        """The box's centre."""
        return self.x + self.w / 2, self.y + self.h / 2

    def overlaps(self, other: MmBox, gap: float = 0.0) -> bool:
        """Whether the two boxes come closer than ``gap``."""
        return not (
            self.x + self.w + gap <= other.x
            or other.x + other.w + gap <= self.x
            or self.y + self.h + gap <= other.y
            or other.y + other.h + gap <= self.y
        )


class Room:
    """Ground kinds and obstacles on a grid; find free boxes by ground kind."""

    SEA = -1

    def __init__(self, width: float, height: float, step: float = STEP) -> None:
        self.width = width
        self.height = height
        self.step = step
        self.cols = math.ceil(width / step)
        self.rows = math.ceil(height / step)
        #: ground kind of each grid cell: :attr:`SEA` or a land kind (e.g. a Fief number)
        self.ground = [self.SEA] * (self.cols * self.rows)
        self.blocked = bytearray(self.cols * self.rows)
        self.placed: list[MmBox] = []
        self._tables: dict[frozenset[int], list[int]] = {}

    # -- painting ----------------------------------------------------------------

    def _centre(self, col: int, row: int) -> Point:
        return (col + 0.5) * self.step, (row + 0.5) * self.step

    def paint_polygon(self, poly: Sequence[Point], kind: int) -> None:
        """Set the ground under ``poly`` to ``kind`` (scanline fill of cell centres)."""
        if len(poly) < 3:
            return
        ys = [p[1] for p in poly]
        r0 = max(0, int(min(ys) / self.step))
        r1 = min(self.rows - 1, int(max(ys) / self.step) + 1)
        n = len(poly)
        for row in range(r0, r1 + 1):
            y = (row + 0.5) * self.step
            xs = []
            for k in range(n):
                x1, y1 = poly[k]
                x2, y2 = poly[(k + 1) % n]
                if (y1 > y) != (y2 > y):
                    xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
            xs.sort()
            for a, b in zip(xs[::2], xs[1::2], strict=False):
                c0 = max(0, math.ceil(a / self.step - 0.5))
                c1 = min(self.cols - 1, math.floor(b / self.step - 0.5))
                base = row * self.cols
                for col in range(c0, c1 + 1):
                    self.ground[base + col] = kind
        self._tables.clear()

    def block_segment(self, a: Point, b: Point, radius: float) -> None:
        """Block the cells within ``radius`` of the segment ``a``–``b``."""
        c0 = max(0, int((min(a[0], b[0]) - radius) / self.step))
        c1 = min(self.cols - 1, int((max(a[0], b[0]) + radius) / self.step))
        r0 = max(0, int((min(a[1], b[1]) - radius) / self.step))
        r1 = min(self.rows - 1, int((max(a[1], b[1]) + radius) / self.step))
        reach = radius + self.step * 0.71
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                if segment_distance(self._centre(col, row), a, b) <= reach:
                    self.blocked[row * self.cols + col] = 1
        self._tables.clear()

    def block_box(self, box: MmBox) -> None:
        """Block every cell the box touches."""
        c0 = max(0, int(box.x / self.step))
        c1 = min(self.cols - 1, int((box.x + box.w) / self.step))
        r0 = max(0, int(box.y / self.step))
        r1 = min(self.rows - 1, int((box.y + box.h) / self.step))
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                self.blocked[row * self.cols + col] = 1
        self._tables.clear()

    # -- searching ---------------------------------------------------------------------

    def _table(self, kinds: frozenset[int]) -> list[int]:
        """Summed-area table of cells that are NOT free ground of one of ``kinds``."""
        if kinds in self._tables:
            return self._tables[kinds]
        cols = self.cols
        table = [0] * (cols + 1)
        above = table
        for row in range(self.rows):
            base = row * cols
            busy = [
                1 if (b or g not in kinds) else 0
                for b, g in zip(
                    self.blocked[base : base + cols], self.ground[base : base + cols], strict=True
                )
            ]
            line = [0, *map(operator.add, above[1:], itertools.accumulate(busy))]
            table.extend(line)
            above = line
        self._tables[kinds] = table
        return table

    def _busy(self, table: list[int], c0: int, r0: int, c1: int, r1: int) -> int:
        w = self.cols + 1
        return table[r1 * w + c1] - table[r0 * w + c1] - table[r1 * w + c0] + table[r0 * w + c0]

    def find(
        self,
        w: float,
        h: float,
        near: Point,
        kind: int | Collection[int],
        *,
        margin: float = 0.0,
        gap: float = 4.0,
        edge: float = 6.0,
        limit: float | None = None,
        accept: Callable[[MmBox], bool] | None = None,
    ) -> MmBox | None:
        """The free ``w`` × ``h`` box on ground ``kind`` whose centre is nearest ``near``.

        ``kind`` is one ground kind or several (the box may straddle them);
        ``margin`` keeps that much free ground around the box, ``gap`` keeps it
        apart from boxes placed before, ``edge`` from the board's edge; ``limit``
        caps the distance searched; ``accept``, when given, must approve the box
        too. ``None`` when nothing fits.
        """
        kinds = frozenset([kind] if isinstance(kind, int) else kind)
        table = self._table(kinds)
        span_c = math.ceil((w + 2 * margin) / self.step)
        span_r = math.ceil((h + 2 * margin) / self.step)
        best: tuple[float, int, int] | None = None
        lo = math.ceil(edge / self.step)
        hi_c = self.cols - span_c - lo
        hi_r = self.rows - span_r - lo
        # rows and columns nearest first, so the scan stops as soon as nothing can win
        ny = near[1] / self.step - span_r / 2
        nx = near[0] / self.step - span_c / 2
        rows = sorted(range(lo, hi_r + 1), key=lambda r: abs(r - ny))
        cols = sorted(range(lo, hi_c + 1), key=lambda c: abs(c - nx))
        for r0 in rows:
            dy = (r0 + span_r / 2) * self.step - near[1]
            if best is not None and abs(dy) >= best[0]:
                break
            if limit is not None and abs(dy) > limit:
                break
            for c0 in cols:
                dx = (c0 + span_c / 2) * self.step - near[0]
                d = math.hypot(dx, dy)
                if best is not None and abs(dx) >= best[0]:
                    break
                if (best is not None and d >= best[0]) or (limit is not None and d > limit):
                    continue
                if self._busy(table, c0, r0, c0 + span_c, r0 + span_r):
                    continue
                box = MmBox(c0 * self.step + margin, r0 * self.step + margin, w, h)
                if any(box.overlaps(p, gap) for p in self.placed):
                    continue
                if accept is not None and not accept(box):
                    continue
                best = (d, c0, r0)
        if best is None:
            return None
        _, c0, r0 = best
        return MmBox(c0 * self.step + margin, r0 * self.step + margin, w, h)

    def take(self, box: MmBox) -> MmBox:
        """Reserve ``box`` so later searches keep clear of it."""
        self.placed.append(box)
        return box
