"""The drawing surface a ruleset's draw functions receive.

A :class:`Face` is one side of one component. Its coordinates are points
with the origin at the lower-left corner of the *trim* (the cut line); the
art may extend ``bleed`` points beyond the trim on every side, and important
text should stay inside the safe box. The raw reportlab canvas is
``face.canvas`` for anything the helpers do not cover (paths, gradients,
transforms): save and restore its state around changes.

Helpers:

``fill(color)``
    paint the whole face including the bleed;
``rect(x, y, w, h, fill=, stroke=, radius=)``
    a plain or rounded rectangle;
``text(markup, x, y, w, h, size=, min_size=, align=, valign=)``
    a box of markup (``<b>``, ``<i>``, ``<br/>``, ``[icon]``) that shrinks to
    fit down to ``min_size``; overflow is reported after the run;
``label(text, x, y, size=, bold=, align=, max_width=)``
    one line of *plain* text on a baseline, shrunk to ``max_width``;
``icon(name, x, y, size)``
    a registered icon ``size`` points high;
``image(path, x, y, w, h, fit=)``
    a PNG or JPEG from the content folder.

Colours are reportlab colours, ``"#rrggbb"`` strings or colour names.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, textbox
from pnp.render.colours import colour
from pnp.render.components import Component
from pnp.render.forms import end_form
from pnp.render.geometry import Box
from pnp.render.icons import ICON_UNITS, Icon
from pnp.render.markup import escape, parse_inline, plain_text, unechoed
from pnp.render.report import SOFT_DPI, RenderError, RenderReport
from pnp.render.textbox import Align, TextStyle, VAlign
from pnp.render.units import mm

Fit = Literal["cover", "contain", "stretch"]


@dataclass
class DrawContext:
    """What faces of one document share: icons, art folder, the report, caches."""

    icons: Mapping[str, Icon] = field(default_factory=dict)
    #: folder that image paths are relative to (the ruleset's content folder)
    content_folder: Path | None = None
    report: RenderReport = field(default_factory=RenderReport)
    #: shown in problem reports: the file being written
    file: str = ""
    #: ``file:line`` of the content entry of each id (``LoadedContent.sources``):
    #: problem reports say where to edit
    sources: Mapping[str, str] = field(default_factory=dict)
    #: draw the printer-friendly variant of every side (:mod:`pnp.render.lowink`)
    low_ink: bool = False
    #: when set, each line of text a side draws, in words, by (component id, side):
    #: icons by their labels in brackets (``[Power]``), which the drawing itself has
    #: as pictures only (an export's descriptions read these instead)
    words: dict[tuple[str, str], list[str]] | None = None
    _images: dict[Path, ImageReader] = field(default_factory=dict)

    def source_of(self, component_id: str) -> str | None:
        """``file:line`` of the content entry behind a component: its own id, or the
        longest id it extends (``stark-hostility-1`` is a copy of ``stark-hostility``)."""
        found = self.sources.get(component_id)
        if found is None:
            parts = component_id.split("-")
            for n in range(len(parts) - 1, 0, -1):
                found = self.sources.get("-".join(parts[:n]))
                if found is not None:
                    break
        return found

    def icon(self, name: str) -> Icon:
        """The registered icon ``name`` (:class:`RenderError` if none)."""
        try:
            return self.icons[name]
        except KeyError:
            known = ", ".join(sorted(self.icons)) or "none are registered"
            raise RenderError(f"unknown icon [{name}] (known: {known})") from None

    def paint_icon(self, canvas: Canvas, name: str, x: float, y: float, height: float) -> None:
        """Draw icon ``name`` with its lower-left corner at ``(x, y)``, ``height`` high.

        Each icon becomes a PDF form the first time a document uses it, and is
        placed by reference afterwards: small files, fast renders.
        """
        icon = self.icon(name)
        if self.low_ink:
            # inline, so the low-ink pass sees the icon's colours over their background
            icon.render(canvas, x, y, height)
            return
        form = f"pnp-icon-{name}"
        # asked of the canvas, not remembered: a document built twice (for the page
        # numbers of its contents) draws on a new canvas the second time
        if not canvas.hasForm(form):
            canvas.beginForm(form, 0, 0, icon.width, ICON_UNITS)
            icon.render(canvas, 0, 0, ICON_UNITS)
            end_form(canvas, form)
        scale = height / ICON_UNITS
        canvas.saveState()
        canvas.transform(scale, 0, 0, scale, x, y)
        canvas.doForm(form)
        canvas.restoreState()

    def washed(
        self, path: str | Path
    ) -> tuple[ImageReader, tuple[float, float, float], tuple[float, float, float]]:
        """The picture at ``path`` washed towards white for the low-ink variant, with its
        mean colour before and after."""
        from PIL import Image, ImageStat

        from pnp.render.lowink import WASH

        key = Path(f"{path}#low-ink")
        original = self.image(path)
        if key not in self._images:
            picture = original._image
            rgb = picture.convert("RGB")
            white = Image.new("RGB", rgb.size, (255, 255, 255))
            light = Image.blend(rgb, white, WASH)
            if picture.mode in ("RGBA", "LA") or "transparency" in picture.info:
                light.putalpha(picture.convert("RGBA").getchannel("A"))
            self._images[key] = ImageReader(light)
        means = [
            ImageStat.Stat(original._image.convert("RGB")).mean,
            ImageStat.Stat(self._images[key]._image.convert("RGB")).mean,
        ]
        was, now = ((r / 255, g / 255, b / 255) for r, g, b in means)
        return self._images[key], was, now

    def image(self, path: str | Path) -> ImageReader:
        """The image at ``path`` relative to the content folder, loaded once."""
        if self.content_folder is None:
            raise RenderError(f"image {str(path)!r}: no content folder to read art from")
        base = self.content_folder.resolve()
        target = (base / path).resolve()
        if Path(path).is_absolute() or not target.is_relative_to(base):
            raise RenderError(f"image {str(path)!r} leaves the content folder")
        if target not in self._images:
            if not target.is_file():
                raise RenderError(f"image {str(path)!r}: no such file in {self.content_folder}")
            try:
                self._images[target] = ImageReader(str(target))
            except Exception as exc:  # PIL raises many kinds for a bad file
                raise RenderError(f"image {str(path)!r}: cannot read it ({exc})") from None
        return self._images[target]


@dataclass(frozen=True)
class TextFit:
    """How a text box came out."""

    #: the size used, points
    size: float
    #: whether everything fitted at that size
    fits: bool
    #: lines laid out (all of them, drawn or not)
    lines: int


class Face:
    """One side of one component, ready to be drawn on (see the module docstring)."""

    def __init__(
        self,
        canvas: Canvas,
        *,
        width: float,
        height: float,
        bleed: float,
        component: Component,
        side: str = "face",
        context: DrawContext | None = None,
        shape: str = "rect",
    ) -> None:
        #: the reportlab canvas; origin at the trim's lower-left corner, units points
        self.canvas = canvas
        #: trim width and height, points
        self.width = width
        self.height = height
        #: how far art may (and should) extend beyond the trim, points
        self.bleed = bleed
        #: safe-zone margin inside the trim, points
        self.safe = component.safe * mm
        #: the component being drawn (id, name, copies …)
        self.component = component
        #: ``"face"`` or ``"back"``
        self.side = side
        #: ``"rect"`` for cards and boards; ``"round"``, ``"square"`` or ``"hex"`` for tokens
        self.shape = shape
        self.context = context or DrawContext()

    # -- boxes ---------------------------------------------------------------

    def trim_box(self) -> Box:
        """The cut outline's bounding box."""
        return Box(0.0, 0.0, self.width, self.height)

    def bleed_box(self) -> Box:
        """The trim grown by the bleed: fill this with background art."""
        return self.trim_box().outset(self.bleed)

    def safe_box(self) -> Box:
        """The trim shrunk by the safe margin: keep text inside this."""
        return self.trim_box().inset(self.safe)

    @property
    def where(self) -> str:
        """How problem reports name this face."""
        prefix = f"{self.context.file}: " if self.context.file else ""
        source = self.context.source_of(self.component.id)
        at = f" from {source}" if source else ""
        return f"{prefix}{self.component.kind} {self.component.id!r} ({self.side}){at}"

    def _say(self, text: str) -> None:
        """Note a line of text this side draws (:attr:`DrawContext.words`)."""
        assert self.context.words is not None
        words = " ".join(text.split())
        if words:
            self.context.words.setdefault((self.component.id, self.side), []).append(words)

    # -- drawing helpers -----------------------------------------------------

    def fill(self, color: Any) -> None:
        """Paint the whole face, bleed included."""
        self.rect(*_xywh(self.bleed_box()), fill=color)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: Any = None,
        stroke: Any = None,
        line_width: float = 0.5,
        radius: float = 0.0,
    ) -> None:
        """A rectangle, optionally rounded, filled and/or stroked."""
        c = self.canvas
        c.saveState()
        if fill is not None:
            c.setFillColor(colour(fill))
        if stroke is not None:
            c.setStrokeColor(colour(stroke))
            c.setLineWidth(line_width)
        if radius:
            c.roundRect(x, y, w, h, radius, stroke=stroke is not None, fill=fill is not None)
        else:
            c.rect(x, y, w, h, stroke=stroke is not None, fill=fill is not None)
        c.restoreState()

    def text(
        self,
        markup: str,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        size: float = 8.0,
        min_size: float = 5.0,
        family: str = fonts.DEFAULT_FAMILY,
        leading: float = 1.2,
        align: Align = "left",
        valign: VAlign = "top",
        color: Any = "black",
    ) -> TextFit:
        """Set ``markup`` in the box ``(x, y, w, h)``, shrinking it to fit.

        Text that does not fit even at ``min_size`` is reported (the lines that
        fit are drawn); characters the font lacks are reported too.
        """
        style = TextStyle(size, min_size, family, leading, align, valign, color)
        prepared = textbox.prepare(markup, family, self.context.icons)
        if self.context.words is not None:
            icons = self.context.icons
            labels = {name: f"[{icon.label}]" for name, icon in icons.items()}
            # "[Power] power challenge" would say the word twice: the icon goes there
            words = unechoed(parse_inline(markup), {n: i.label for n, i in icons.items()})
            self._say(plain_text(words, labels))
        if prepared.missing:
            self.context.report.add(self.where, f"font {family!r} cannot draw {prepared.missing!r}")
        lay = textbox.fit(prepared, w, h, style)
        if not lay.fits:
            self.context.report.add(self.where, _overflow_message(markup, lay, w, h, style))
        textbox.draw(
            self.canvas,
            lay,
            x,
            y,
            w,
            h,
            style,
            lambda name, ix, iy, ih: self.context.paint_icon(self.canvas, name, ix, iy, ih),
        )
        return TextFit(lay.size, lay.fits, len(lay.lines))

    def label(
        self,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 10.0,
        family: str = fonts.DEFAULT_FAMILY,
        bold: bool = False,
        italic: bool = False,
        color: Any = "black",
        align: Align = "left",
        max_width: float | None = None,
        min_size: float | None = None,
    ) -> float:
        """One line of plain ``text`` with its baseline at ``y``; returns the size used.

        ``x`` is the left end, the centre or the right end by ``align``. With
        ``max_width`` the size shrinks (down to ``min_size``, default half the
        size) so the line fits; a line that still does not fit is reported.
        """
        font = fonts.family(family).font(bold, italic)
        missing = fonts.missing_glyphs(font, text)
        if missing:
            self.context.report.add(self.where, f"font {family!r} cannot draw {missing!r}")
        if self.context.words is not None:
            self._say(text)
        unit = fonts.unit_width(font, text)
        used = size
        if max_width is not None and unit * size > max_width:
            floor = size / 2 if min_size is None else min_size
            used = max(floor, max_width / unit if unit else size)
            if unit * used > max_width + 1e-6:
                self.context.report.add(
                    self.where,
                    f"label {_short(text)!r} is wider than {max_width / mm:.1f} mm "
                    f"even at {used:g} pt",
                )
                # cut it short like a text box drops its last lines, rather than print it
                # over its neighbours and past the card's edge
                text = _cut_to_width(font, text, max_width / used)
                unit = fonts.unit_width(font, text)
        width = unit * used
        if align == "center":
            x -= width / 2
        elif align == "right":
            x -= width
        c = self.canvas
        c.saveState()
        c.setFillColor(colour(color))
        c.setFont(font, used)
        c.drawString(x, y, text)
        c.restoreState()
        return used

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        """Draw icon ``name`` with its lower-left corner at ``(x, y)``, ``size`` points high."""
        self.context.paint_icon(self.canvas, name, x, y, size)

    def image(
        self, path: str | Path, x: float, y: float, w: float, h: float, *, fit: Fit = "cover"
    ) -> None:
        """Place an image from the content folder in the box.

        ``cover`` fills the box and crops what sticks out, ``contain`` shows
        all of the image inside the box, ``stretch`` distorts it to the box.
        """
        reader = self.context.image(path)
        iw, ih = reader.getSize()
        c = self.canvas
        c.saveState()
        if fit == "stretch":
            dx, dy, dw, dh = x, y, w, h
            dpi = min(iw / w, ih / h) * 72  # the direction stretched most
        else:
            scale = (max if fit == "cover" else min)(w / iw, h / ih)
            dw, dh = iw * scale, ih * scale
            dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
            dpi = 72 / scale
            if fit == "cover":
                path_ = c.beginPath()
                path_.rect(x, y, w, h)
                c.clipPath(path_, stroke=0, fill=0)
        if dpi < SOFT_DPI:
            self.context.report.add_soft_picture(self.where, _soft_message(path, iw, ih, dpi, w, h))
        if self.context.low_ink:
            reader, was, now = self.context.washed(path)
            # tells the low-ink pass what this picture puts beneath later marks
            c.addLiteral(f"% pnp-image {' '.join(f'{v:.3f}' for v in (*was, *now))}")
        c.drawImage(reader, dx, dy, dw, dh, mask="auto")
        c.restoreState()


def _soft_message(path: str | Path, iw: int, ih: int, dpi: float, w: float, h: float) -> str:
    """What a soft picture is, and how many pixels its box wants for print (300 dpi)."""
    want_w, want_h = math.ceil(w / 72 * 300), math.ceil(h / 72 * 300)
    return (
        f"picture {str(path)!r} is {iw} × {ih} px, {dpi:.0f} dpi in its "
        f"{w / mm:.1f} × {h / mm:.1f} mm box; {want_w} × {want_h} px would print sharp"
    )


def _xywh(box: Box) -> tuple[float, float, float, float]:
    return box.x, box.y, box.w, box.h


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _cut_to_width(font: str, text: str, units: float) -> str:
    """``text`` cut short with an ellipsis to at most ``units`` wide (in font-size units)."""
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + "…"
        if fonts.unit_width(font, cut) <= units:
            return cut
    return ""


def _overflow_message(
    markup: str, lay: textbox.TextLayout, w: float, h: float, style: TextStyle
) -> str:
    # quote the words as printed, not the <b>/<i> markup and &amp; escapes behind them
    what = f"text {_short(plain_text(parse_inline(markup)))!r}"
    if lay.split_words:
        return (
            f"{what} has a word wider than its box ({w / mm:.1f} mm) even at {style.min_size:g} pt"
        )
    return (
        f"{what} overflows its box at the minimum size {style.min_size:g} pt "
        f"(needs {lay.height / mm:.1f} mm, has {h / mm:.1f} mm)"
    )


__all__ = ["DrawContext", "Face", "TextFit", "escape"]
