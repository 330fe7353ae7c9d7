"""A :class:`Face` that remembers where its helpers put words and pictures.

Layout tests draw a real component's face on one and check the boxes: a word
that runs into a picture, a line that leaves its disc, white text on parchment.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, textbox
from pnp.render.components import Component
from pnp.render.face import DrawContext, Face, TextFit
from pnp.render.geometry import Box
from pnp.render.icons import Icon


@dataclass(frozen=True)
class Drawn:
    """One thing a face drew (``label``, ``text``, ``icon``, ``rect``, or a ``circle`` or a
    straight ``stroke`` drawn on the canvas), its box (a circle's is the square round it)
    and colour."""

    kind: str
    what: str
    box: Box
    color: Any = None
    size: float = 0.0


class RecordingFace(Face):
    """A face on a throwaway canvas that records every label, text box and icon."""

    def __init__(self, component: Component, icons: Mapping[str, Icon], side: str = "face") -> None:
        w, h = component.trim_size()
        super().__init__(
            Canvas(io.BytesIO()),
            width=w,
            height=h,
            bleed=0.0,
            component=component,
            side=side,
            context=DrawContext(icons=icons),
            shape=getattr(component, "shape", "rect"),
        )
        self.drawn: list[Drawn] = []
        #: every line set in a text box, one ``line`` each: its ink, baseline to cap height
        self.lines: list[Drawn] = []
        circle = self.canvas.circle

        def record_circle(x: float, y: float, r: float, *args: Any, **kw: Any) -> Any:
            self.drawn.append(Drawn("circle", "", Box(x - r, y - r, 2 * r, 2 * r)))
            return circle(x, y, r, *args, **kw)

        self.canvas.circle = record_circle  # type: ignore[method-assign]
        line = self.canvas.line

        def record_line(x1: float, y1: float, x2: float, y2: float) -> Any:
            box = Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            self.drawn.append(Drawn("stroke", "", box))
            return line(x1, y1, x2, y2)

        self.canvas.line = record_line  # type: ignore[method-assign]

    def label(self, text: str, x: float, y: float, **kw: Any) -> float:
        """Draw as usual, and record the line's box: baseline to cap height, its width."""
        used = super().label(text, x, y, **kw)
        font = fonts.family(kw.get("family", fonts.DEFAULT_FAMILY)).font(
            kw.get("bold", False), kw.get("italic", False)
        )
        width = fonts.unit_width(font, text) * used
        align = kw.get("align", "left")
        left = x - width / 2 if align == "center" else x - width if align == "right" else x
        # a capital stands about 0.73 of the size above the baseline in the shipped sans
        box = Box(left, y, width, used * 0.73)
        self.drawn.append(Drawn("label", text, box, kw.get("color", "black"), used))
        return used

    def text(self, markup: str, x: float, y: float, w: float, h: float, **kw: Any) -> TextFit:
        """Draw as usual, and record the box the text was given."""
        fit = super().text(markup, x, y, w, h, **kw)
        self.drawn.append(Drawn("text", markup, Box(x, y, w, h), kw.get("color"), fit.size))
        self._record_lines(markup, x, y, w, h, kw)
        return fit

    def _record_lines(
        self, markup: str, x: float, y: float, w: float, h: float, kw: dict[str, Any]
    ) -> None:
        """Lay the text out again as :meth:`Face.text` did and record where each line went
        (as ``textbox.draw`` places them: centred or flush, the block at its ``valign``)."""
        style = textbox.TextStyle(
            kw.get("size", 8.0),
            kw.get("min_size", 5.0),
            kw.get("family", fonts.DEFAULT_FAMILY),
            kw.get("leading", 1.2),
            kw.get("align", "left"),
            kw.get("valign", "top"),
            kw.get("color", "black"),
        )
        lay = textbox.fit(textbox.prepare(markup, style.family, self.context.icons), w, h, style)
        if not lay.lines:
            return
        if not lay.fits or style.valign == "top":
            top = y + h
        elif style.valign == "middle":
            top = y + (h + min(lay.height, h)) / 2
        else:
            top = y + min(lay.height, h)
        for line in lay.lines:
            if style.align == "center":
                left = x + (w - line.width) / 2
            elif style.align == "right":
                left = x + w - line.width
            else:
                left = x
            words = "".join(p.text or "" for p in line.pieces)
            box = Box(left, top - line.baseline, line.width, lay.size * 0.73)
            self.lines.append(Drawn("line", words, box, style.color, lay.size))

    def rect(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        """Draw as usual, and record a filled rectangle with its fill."""
        super().rect(x, y, w, h, **kw)
        if kw.get("fill") is not None:
            self.drawn.append(Drawn("rect", "", Box(x, y, w, h), kw["fill"]))

    def ground_under(self, item: Drawn) -> Any:
        """The fill of the last rectangle drawn before ``item`` under its centre."""
        cx, cy = item.box.x + item.box.w / 2, item.box.y + item.box.h / 2
        for d in reversed(self.drawn[: self.drawn.index(item)]):
            if d.kind == "rect" and d.box.x <= cx <= d.box.right and d.box.y <= cy <= d.box.top:
                return d.color
        return None

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        """Draw as usual, and record the icon's box (as wide as it is high)."""
        super().icon(name, x, y, size)
        self.drawn.append(Drawn("icon", name, Box(x, y, size, size)))

    def of(self, kind: str) -> list[Drawn]:
        """What was drawn of one kind, in order."""
        return [d for d in self.drawn if d.kind == kind]


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share some area."""
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def meets_circle(box: Box, circle: Box) -> bool:
    """Whether a box reaches into the circle inscribed in ``circle``."""
    r = circle.w / 2
    cx, cy = circle.x + r, circle.y + r
    nx = min(max(cx, box.x), box.right)
    ny = min(max(cy, box.y), box.top)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


__all__ = ["Drawn", "RecordingFace", "meets_circle", "overlap"]


def canvas_face(
    component: Component,
    icons: Mapping[str, Icon],
    *,
    side: str = "face",
    low_ink: bool = False,
    shape: str = "rect",
) -> tuple[Canvas, Face]:
    """A real face of ``component`` (trim size, no bleed) on a throwaway canvas, whose
    ``_code`` holds what it draws (for the low-ink rewrite, or colours in the stream)."""
    canvas = Canvas(io.BytesIO())
    w, h = component.trim_size()
    face = Face(
        canvas,
        width=w,
        height=h,
        bleed=0.0,
        component=component,
        side=side,
        context=DrawContext(icons=icons, low_ink=low_ink),
        shape=shape,
    )
    return canvas, face
