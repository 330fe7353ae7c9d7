"""The multiplayer board: Throne Room, Treasury and the Small Council Chamber.

The chamber shows one space per title on a ring. Titles are placed the way
the summary describes the original board: a title sits clockwise of the
title it *supports* (a curved arrow along the ring points to the supported
title) and opposite the title it *opposes* (a dark arrow across the chamber
points to the opposed title). The placement is computed from the content's
relations (:func:`council_layout`), so edited titles still get a sensible
board. A strip along the foot shows the round's seven phases.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import Box, Face, escape, mm
from pnp.rulesets.thrones.kit import drawing as dr
from pnp.rulesets.thrones.kit.icons import GOLD, INK, POWER, paint_charge, star_points, title_icon
from pnp.rulesets.thrones.kit.markup import kit_frames, phases, title_short
from pnp.rulesets.thrones.model import ThronesContent, Title

#: the board's size in mm: fits one A3 page (with bleed), or 2 × 2 tiles of A4 / Letter
BOARD_SIZE = (390.0, 267.0)
SUPPORT = "#2f6b3a"
OPPOSE = "#4a0d0d"


def _ring_distance(a: int, b: int, n: int) -> int:
    d = abs(a - b) % n
    return min(d, n - d)


def layout_cost(order: Sequence[str], titles: Sequence[Title]) -> int:
    """How far ``order`` (title ids clockwise from the top) is from the ideal placement."""
    n = len(order)
    slot = {t: i for i, t in enumerate(order)}
    cost = 0
    for t in titles:
        for s in t.supports:
            if s in slot:  # the supporter one step clockwise of the supported title
                cost += _ring_distance((slot[t.id] - slot[s]) % n, 1, n)
        for o in t.opposes:
            if o in slot:  # opposed titles face each other
                cost += _ring_distance((slot[t.id] - slot[o]) % n, n // 2, n)
    return cost


def council_layout(titles: Sequence[Title]) -> list[str]:
    """Title ids clockwise from the top of the ring, at the lowest :func:`layout_cost`.

    The first title keeps the top space; ties go to the earliest order in
    content order, so the board never changes between runs.
    """
    ids = [t.id for t in titles]
    if len(ids) <= 2:
        return ids
    best: list[str] = ids
    best_cost = layout_cost(ids, titles)
    for rest in itertools.permutations(ids[1:]):
        order = [ids[0], *rest]
        cost = layout_cost(order, titles)
        if cost < best_cost:
            best, best_cost = order, cost
    return best


@dataclass(frozen=True)
class Space:
    """A title's space on the board."""

    id: str
    name: str
    icon: str
    powers: tuple[str, ...]


@dataclass(frozen=True)
class CouncilBoard:
    """Draws the board (one object: the engine draws it once)."""

    spaces: tuple[Space, ...]
    supports: tuple[tuple[str, str], ...]
    opposes: tuple[tuple[str, str], ...]
    phases: tuple[tuple[str, str], ...]
    power_per_player: int
    gold_per_player: int
    max_players: int

    @classmethod
    def from_content(cls, model: ThronesContent, max_players: int) -> CouncilBoard:
        """The board for the content's titles and rules."""
        by_id = {t.id: t for t in model.titles}
        order = council_layout(model.titles)
        spaces = tuple(
            Space(i, by_id[i].name, title_icon(i), tuple(title_short(by_id[i]))) for i in order
        )
        return cls(
            spaces=spaces,
            supports=tuple((t.id, s) for t in model.titles for s in t.supports),
            opposes=tuple((t.id, o) for t in model.titles for o in t.opposes),
            phases=tuple((p["name"], p["aid"]) for p in phases(model.rules)),
            power_per_player=model.tokens.power_per_player,
            gold_per_player=model.tokens.gold_per_player,
            max_players=max_players,
        )

    # ------------------------------------------------------------------ drawing

    def __call__(self, face: Face) -> None:
        """Draw the whole board."""
        fr = kit_frames()["board"]
        face.fill("#2a1d14")
        panel = face.trim_box().inset(5 * mm)
        dr.panel(
            face,
            panel,
            fill=dr.PARCHMENT,
            stroke=GOLD,
            line_width=2,
            radius=4 * mm,
        )
        W, H = face.width, face.height
        face.label(
            fr["title"].upper(), W / 2, H - 17 * mm, size=22, bold=True, color=INK, align="center"
        )
        top = H - 22 * mm
        foot = 52 * mm
        pool_w = 74 * mm
        self._pool(
            face,
            Box(12 * mm, foot, pool_w, top - foot),
            fr["throne_room"],
            fr["throne_room_sub"],
            fr["throne_room_text"].format(power=self.power_per_player),
            "power",
        )
        self._pool(
            face,
            Box(W - 12 * mm - pool_w, foot, pool_w, top - foot),
            fr["treasury"],
            fr["treasury_sub"],
            fr["treasury_text"].format(gold=self.gold_per_player),
            "gold",
        )
        gap = 5 * mm
        left = 12 * mm + pool_w + gap
        self._chamber(face, Box(left, foot, W - 2 * left, top - foot), fr)
        self._track(face, Box(12 * mm, 11 * mm, W - 24 * mm, foot - 15 * mm), fr)

    def _pool(self, face: Face, box: Box, title: str, sub: str, text: str, kind: str) -> None:
        tint = dr.mix(POWER if kind == "power" else GOLD, dr.PARCHMENT, 0.8)
        dr.panel(face, box, fill=tint, stroke=INK, line_width=1.2, radius=3 * mm)
        cx = box.x + box.w / 2
        face.label(
            title.upper(),
            cx,
            box.top - 11 * mm,
            size=15,
            bold=True,
            color=INK,
            align="center",
            max_width=box.w - 8 * mm,
        )
        face.label(sub, cx, box.top - 17 * mm, size=9, italic=True, color=INK, align="center")
        side = box.w * 0.7
        mark = dr.mix(tint, INK, 0.14)
        if kind == "power":
            paint_charge(
                face.canvas, "throne", cx - side / 2, box.y + box.h * 0.36, side, mark, tint
            )
        else:
            cy = box.y + box.h * 0.36 + side / 2
            dr.circle(face, cx, cy, side / 2, fill=None, stroke=mark, width=5)
            dr.circle(face, cx, cy, side * 0.38, fill=None, stroke=mark, width=2)
            dr.polygon(face, star_points(cx, cy, 4, side * 0.26, side * 0.08), fill=mark)
        face.text(
            escape(text),
            box.x + 6 * mm,
            box.y + 6 * mm,
            box.w - 12 * mm,
            box.h * 0.3,
            size=9,
            min_size=6,
            align="center",
            valign="bottom",
            color=INK,
        )

    def _chamber(self, face: Face, box: Box, fr: dict[str, str]) -> None:
        dr.panel(
            face,
            box,
            fill=dr.mix("#7a1414", dr.PARCHMENT, 0.88),
            stroke=INK,
            line_width=1.2,
            radius=3 * mm,
        )
        cx = box.x + box.w / 2
        face.label(
            fr["chamber"].upper(),
            cx,
            box.top - 9 * mm,
            size=13,
            bold=True,
            color=INK,
            align="center",
        )
        n = len(self.spaces)
        if not n:
            return
        cy = box.y + box.h / 2 - 2 * mm
        radius = min(box.w, box.h) * 0.3
        disc = min(13 * mm, radius * math.sin(math.pi / max(n, 2)) * 0.8)
        centres = dict(
            zip((s.id for s in self.spaces), dr.ring_points(cx, cy, radius, n), strict=True)
        )
        angles = {s.id: 90 - i * 360 / n for i, s in enumerate(self.spaces)}
        dr.circle(
            face, cx, cy, radius, fill=None, stroke=dr.mix(INK, dr.PARCHMENT, 0.75), width=0.6
        )
        self._arrows(face, centres, angles, (cx, cy), radius, disc)
        for space in self.spaces:
            x, y = centres[space.id]
            dr.circle(face, x, y, disc, fill=dr.PAPER, stroke="#7a1414", width=2)
            side = disc * 1.1
            face.icon(space.icon, x - side / 2, y - side / 2, side)
            label = _label_box((x, y), math.radians(angles[space.id]), disc, (cx, cy), radius, box)
            lines = [f"<b>{escape(space.name)}</b>", *space.powers]
            face.text(
                "<br/>".join(lines),
                label.x,
                label.y,
                label.w,
                label.h,
                size=7.6,
                min_size=5.5,
                align="center",
                valign="middle",
                color=INK,
            )

    def _arrows(
        self,
        face: Face,
        centres: dict[str, tuple[float, float]],
        angles: dict[str, float],
        centre: tuple[float, float],
        radius: float,
        disc: float,
    ) -> None:
        c = face.canvas
        pairs = set(self.opposes)
        drawn: set[frozenset[str]] = set()
        for a, b in self.opposes:
            if a not in centres or b not in centres or frozenset((a, b)) in drawn:
                continue
            both = (b, a) in pairs
            drawn.add(frozenset((a, b)))
            (x0, y0), (x1, y1) = centres[a], centres[b]
            # bend each chord a little so chords through the centre stay apart
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            nx, ny = -(y1 - y0), x1 - x0
            length = math.hypot(nx, ny) or 1.0
            bend = 6 * mm
            ctrl = (mx + nx / length * bend, my + ny / length * bend)
            pts = _bezier((x0, y0), ctrl, (x1, y1), 40)
            pts = _trim(pts, disc + 1.5 * mm)
            _polyline(c, pts, OPPOSE, 2.6)
            _head(c, pts[-2], pts[-1], OPPOSE, 3.6 * mm)
            if both:
                _head(c, pts[1], pts[0], OPPOSE, 3.6 * mm)
        for a, b in self.supports:
            if a not in centres or b not in centres:
                continue
            start, end = angles[a], angles[b]
            sweep = (end - start + 180) % 360 - 180  # the short way round
            steps = 48
            arc_r = radius + disc * 0.15
            # an arrow that skips a space dips inside the ring, clear of that space's disc
            skip = abs(sweep) > 360 / len(self.spaces) + 1
            depth = disc + 5 * mm if skip else 0.0
            pts = []
            for i in range(steps + 1):
                t = i / steps
                r = arc_r - depth * math.sin(math.pi * t)
                ang = math.radians(start + sweep * t)
                pts.append((centre[0] + r * math.cos(ang), centre[1] + r * math.sin(ang)))
            pts = _trim(pts, disc + 1.2 * mm)
            _polyline(c, pts, SUPPORT, 2.2)
            _head(c, pts[-2], pts[-1], SUPPORT, 3.4 * mm)

    def _track(self, face: Face, box: Box, fr: dict[str, str]) -> None:
        legend_w = 112 * mm
        legend = Box(box.x, box.y, legend_w, box.h)
        dr.panel(
            face,
            legend,
            fill=dr.PAPER,
            stroke=INK,
            line_width=0.8,
            radius=2 * mm,
        )
        y = legend.top - 7 * mm
        for colour, key in ((SUPPORT, "supports"), (OPPOSE, "opposes")):
            _polyline(face.canvas, [(legend.x + 3 * mm, y), (legend.x + 11 * mm, y)], colour, 2.2)
            _head(face.canvas, (legend.x + 3 * mm, y), (legend.x + 13 * mm, y), colour, 3 * mm)
            face.text(
                escape(fr[key]),
                legend.x + 15 * mm,
                y - 8.5 * mm,
                legend.w - 17 * mm,
                12 * mm,
                size=6.6,
                min_size=5,
                valign="middle",
                color=INK,
            )
            y -= 12.5 * mm
        face.text(
            f"<i>{escape(fr['three_players'])}</i>",
            legend.x + 3 * mm,
            legend.y + 1 * mm,
            legend.w - 6 * mm,
            7 * mm,
            size=6.2,
            min_size=5,
            valign="middle",
            color=INK,
        )
        x = legend.right + 4 * mm
        n = len(self.phases)
        if not n:
            return
        gap = 2 * mm
        w = (box.right - x - gap * (n - 1)) / n
        for i, (name, aid) in enumerate(self.phases):
            cell = Box(x + i * (w + gap), box.y, w, box.h)
            dr.panel(
                face,
                cell,
                fill=dr.PAPER,
                stroke=INK,
                line_width=0.8,
                radius=2 * mm,
            )
            face.rect(cell.x, cell.top - 7 * mm, cell.w, 7 * mm, fill="#3a2418", radius=2 * mm)
            face.label(
                f"{i + 1}. {name.upper()}",
                cell.x + cell.w / 2,
                cell.top - 5 * mm,
                size=7.2,
                bold=True,
                color=GOLD,
                align="center",
                max_width=cell.w - 2 * mm,
            )
            face.text(
                aid,
                cell.x + 1.5 * mm,
                cell.y + 1.2 * mm,
                cell.w - 3 * mm,
                cell.h - 9 * mm,
                size=6.4,
                min_size=4.6,
                align="center",
                valign="middle",
                color=INK,
            )


LABEL_W = 40 * mm
LABEL_H = 13 * mm


def _label_box(
    at: tuple[float, float],
    angle: float,
    disc: float,
    centre: tuple[float, float],
    radius: float,
    area: Box,
) -> Box:
    """Where a title's words go: outward from its space, clear of the disc and the ring."""
    x, y = at
    dx, dy = math.cos(angle), math.sin(angle)
    offset = disc
    while True:
        bx = x + dx * offset - LABEL_W / 2
        by = y + dy * offset - LABEL_H / 2
        bx = min(max(bx, area.x + 2 * mm), area.right - 2 * mm - LABEL_W)
        box = Box(bx, by, LABEL_W, LABEL_H)
        if (
            _box_distance(box, at) >= disc + 1.5 * mm
            and _box_distance(box, centre) >= radius + 3 * mm
        ) or offset > 60 * mm:
            return box
        offset += 0.5 * mm


def _box_distance(box: Box, p: tuple[float, float]) -> float:
    """The distance from point ``p`` to the nearest point of ``box``."""
    nx = min(max(p[0], box.x), box.right)
    ny = min(max(p[1], box.y), box.top)
    return math.hypot(p[0] - nx, p[1] - ny)


def _bezier(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], n: int
) -> list[tuple[float, float]]:
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
            )
        )
    return out


def _trim(pts: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """Drop the points within ``gap`` of either end (so arrows stop at the discs' rims)."""
    start, end = pts[0], pts[-1]
    kept = [p for p in pts if math.dist(p, start) >= gap and math.dist(p, end) >= gap]
    return kept if len(kept) >= 2 else [pts[0], pts[-1]]


def _polyline(
    canvas: Canvas, pts: Sequence[tuple[float, float]], colour: str, width: float
) -> None:
    canvas.saveState()
    canvas.setStrokeColor(toColor(colour))
    canvas.setLineWidth(width)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    path = canvas.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _head(
    canvas: Canvas, before: tuple[float, float], tip: tuple[float, float], colour: str, size: float
) -> None:
    """A filled arrowhead at ``tip`` pointing away from ``before``."""
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    left = (
        tip[0] - size * math.cos(angle - 0.45),
        tip[1] - size * math.sin(angle - 0.45),
    )
    right = (
        tip[0] - size * math.cos(angle + 0.45),
        tip[1] - size * math.sin(angle + 0.45),
    )
    canvas.saveState()
    canvas.setFillColor(toColor(colour))
    path = canvas.beginPath()
    path.moveTo(*tip)
    path.lineTo(*left)
    path.lineTo(*right)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
