"""Rectangles and affine transforms in points, as the imposition uses them."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: lower-left corner ``(x, y)``, width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        """The centre point."""
        return self.x + self.w / 2, self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> Box:
        """The box shrunk by ``dx`` left and right and ``dy`` (default ``dx``) top and bottom."""
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def outset(self, d: float) -> Box:
        """The box grown by ``d`` on every side."""
        return self.inset(-d)

    def shift(self, dx: float, dy: float) -> Box:
        """The box moved by ``(dx, dy)``."""
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Box, eps: float = 1e-6) -> bool:
        """Whether ``other`` lies inside this box."""
        return (
            other.x >= self.x - eps
            and other.y >= self.y - eps
            and other.right <= self.right + eps
            and other.top <= self.top + eps
        )

    def overlaps(self, other: Box, eps: float = 1e-6) -> bool:
        """Whether the interiors of the two boxes intersect."""
        return (
            self.x < other.right - eps
            and other.x < self.right - eps
            and self.y < other.top - eps
            and other.y < self.top - eps
        )

    def as_pdf(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` as PDF page boxes want it."""
        return (self.x, self.y, self.right, self.top)

    @staticmethod
    def union(boxes: list[Box]) -> Box:
        """The smallest box holding all ``boxes``."""
        x0 = min(b.x for b in boxes)
        y0 = min(b.y for b in boxes)
        x1 = max(b.right for b in boxes)
        y1 = max(b.top for b in boxes)
        return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Transform:
    """The affine map ``(x, y) -> (a x + c y + e, b x + d y + f)`` (PDF's ``cm`` order)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def translate(dx: float, dy: float) -> Transform:
        """A shift."""
        return Transform(e=dx, f=dy)

    @staticmethod
    def rotate(quarter_turns: int) -> Transform:
        """A rotation by ``quarter_turns`` × 90° anticlockwise about the origin."""
        angle = (quarter_turns % 4) * math.pi / 2
        cos, sin = round(math.cos(angle)), round(math.sin(angle))
        return Transform(cos, sin, -sin, cos, 0.0, 0.0)

    @staticmethod
    def mirror_x(axis: float) -> Transform:
        """Reflection across the vertical line ``x = axis``."""
        return Transform(-1.0, 0.0, 0.0, 1.0, 2 * axis, 0.0)

    @staticmethod
    def mirror_y(axis: float) -> Transform:
        """Reflection across the horizontal line ``y = axis``."""
        return Transform(1.0, 0.0, 0.0, -1.0, 0.0, 2 * axis)

    def then(self, other: Transform) -> Transform:
        """First this map, then ``other``."""
        o = other
        return Transform(
            o.a * self.a + o.c * self.b,
            o.b * self.a + o.d * self.b,
            o.a * self.c + o.c * self.d,
            o.b * self.c + o.d * self.d,
            o.a * self.e + o.c * self.f + o.e,
            o.b * self.e + o.d * self.f + o.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        """The image of the point ``(x, y)``."""
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def box(self, box: Box) -> Box:
        """The image of an axis-aligned box (exact for quarter turns and reflections)."""
        xs, ys = zip(
            *(self.apply(px, py) for px in (box.x, box.right) for py in (box.y, box.top)),
            strict=True,
        )
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        """``(a, b, c, d, e, f)`` for ``canvas.transform``."""
        return (self.a, self.b, self.c, self.d, self.e, self.f)
