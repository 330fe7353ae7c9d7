"""The duplex calibration sheet: measure how far a printer shifts back pages.

Page 1 has five crosshairs; page 2 has, behind each, a pair of scales in
millimetres. Printed duplex and held against the light, each front line
crosses its scale at the value to pass as ``--back-offset X,Y``.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, imposition, marks
from pnp.render.geometry import Box, Transform
from pnp.render.options import RenderOptions
from pnp.render.pages import Label, PagePlan, SideForms, label_box
from pnp.render.units import mm, to_mm

#: half length of a front crosshair's arms
ARM = 20 * mm
#: scale range either side of zero, mm
RANGE = 10
#: distance of a scale from its target's centre
SCALE_OFFSET = 12 * mm


@dataclass(frozen=True)
class Calibration:
    """Where the targets are on the front and where their scales are on the back."""

    fronts: tuple[tuple[float, float], ...]
    backs: tuple[tuple[float, float], ...]


def targets(options: RenderOptions) -> Calibration:
    """Front crosshair centres and the back positions behind them (offset applied)."""
    w, h = options.page_size
    dx, dy = 0.3 * w, 0.3 * h
    fronts = (
        (w / 2, h / 2),
        (w / 2 - dx, h / 2 + dy),
        (w / 2 + dx, h / 2 + dy),
        (w / 2 - dx, h / 2 - dy),
        (w / 2 + dx, h / 2 - dy),
    )
    mode = options.duplex if options.duplex != "none" else "long"
    flip = imposition.flip((w, h), mode).then(Transform.translate(*options.back_offset))
    return Calibration(fronts, tuple(flip.apply(x, y) for x, y in fronts))


def plan_calibration(options: RenderOptions) -> list[PagePlan]:
    """The two pages of the calibration sheet."""
    page = options.page_size
    w, h = page
    cal = targets(options)
    mode = options.duplex if options.duplex != "none" else "long"
    ox, oy = (to_mm(v) for v in options.back_offset)
    front = PagePlan(page, "calibration")
    front.labels = [
        Label(
            w / 2,
            h - 15 * mm,
            f"Duplex calibration: {options.paper}, flip on the {mode} edge",
            size=13,
            bold=True,
            align="center",
        ),
        Label(
            w / 2,
            h - 21 * mm,
            f"Print both pages double-sided at 100% (no scaling), flipping on the {mode} edge.",
            size=8,
            align="center",
        ),
        Label(
            w / 2,
            h - 25.5 * mm,
            "Then turn the sheet over and read the scales on the back.",
            size=8,
            align="center",
        ),
    ]

    def draw_front(canvas: Canvas, _: SideForms) -> None:
        canvas.saveState()
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.25)
        for x, y in cal.fronts:
            canvas.line(x - ARM, y, x + ARM, y)
            canvas.line(x, y - ARM, x, y + ARM)
            canvas.circle(x, y, 1 * mm, stroke=1, fill=0)
        canvas.restoreState()

    front.extra = draw_front
    arms = [Box(x - ARM, y - ARM, 2 * ARM, 2 * ARM) for x, y in cal.fronts]
    front.scale_bar = marks.scale_bar(page, arms + [label_box(label) for label in front.labels])
    back = PagePlan(page, "calibration")
    back.labels = [
        Label(
            w / 2,
            h - 15 * mm,
            "Back: hold the sheet up to a light, this side facing you.",
            size=10,
            bold=True,
            align="center",
        ),
        Label(
            w / 2,
            h - 20.5 * mm,
            "Read where the front's vertical line crosses the horizontal "
            "scale (X) and where its horizontal line crosses the vertical scale (Y).",
            size=7.5,
            align="center",
        ),
        Label(
            w / 2,
            h - 25 * mm,
            "Use the centre target's pair: pnp render RULESET "
            "--back-offset X,Y (mm; the others show whether the drift varies across the page).",
            size=7.5,
            align="center",
        ),
        *_offset_labels(w, ox, oy),
    ]

    def draw_back(canvas: Canvas, _: SideForms) -> None:
        fam = fonts.family()
        canvas.saveState()
        canvas.setStrokeColor(black)
        canvas.setFillColor(black)
        canvas.setLineWidth(0.2)
        for x, y in cal.backs:
            # horizontal scale below the target, vertical scale to its right: each
            # crosses one of the front's crosshair arms and neither crosses the other
            sy = y - SCALE_OFFSET
            sx = x + SCALE_OFFSET
            canvas.line(x - RANGE * mm, sy, x + RANGE * mm, sy)
            canvas.line(sx, y - RANGE * mm, sx, y + RANGE * mm)
            canvas.setFont(fam.regular, 4.5)
            for i in range(-2 * RANGE, 2 * RANGE + 1):
                v = i / 2
                tick = 3.5 * mm if i % 10 == 0 else 2 * mm if i % 2 == 0 else 1.2 * mm
                canvas.line(x + v * mm, sy, x + v * mm, sy + tick)
                canvas.line(sx, y + v * mm, sx + tick, y + v * mm)
                if i % 10 == 0:
                    text = f"{v:+g}" if v else "0"
                    canvas.drawCentredString(x + v * mm, sy - 2.2 * mm, text)
                    canvas.drawString(sx + 4 * mm, y + v * mm - 1.5, text)
            canvas.setFont(fam.bold, 6)
            canvas.drawString(x + (RANGE + 1.5) * mm, sy - 1, "X")
            canvas.drawCentredString(sx, y + (RANGE + 1.5) * mm, "Y")
        canvas.restoreState()

    back.extra = draw_back
    return [front, back]


def _offset_labels(width: float, ox: float, oy: float) -> list[Label]:
    """The back's footer: the offset the sheet was printed with, and how a reading
    adds to it (what the scales show is the drift still left over)."""
    if ox == 0 and oy == 0:
        lines = [
            "This sheet was printed with no --back-offset: a printer that needs none reads 0,0."
        ]
    else:
        ex, ey = ox + 0.5, oy
        lines = [
            f"This sheet was printed with --back-offset {ox:g},{oy:g}: a correct offset reads 0,0.",
            f"Add what you read to it: a reading of 0.5,0 means --back-offset {ex:g},{ey:g}.",
        ]
    return [
        Label(width / 2, (12 + 3.5 * (len(lines) - 1 - i)) * mm, line, size=7.5, align="center")
        for i, line in enumerate(lines)
    ]
