"""Lay out markup in a box: line breaking, shrink-to-fit, drawing.

Measurements are taken once at size 1 and scaled, so trying several sizes
while shrinking costs only the line breaking. A text fits when every word
fits the width and all lines fit the height; otherwise the size steps down
(by :data:`STEP` points) to the minimum, and what still does not fit is
reported as overflow by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts
from pnp.render.icons import ICON_DROP, ICON_GAP, Icon
from pnp.render.markup import Break, IconRef, Run, Space, Token, parse_inline
from pnp.render.report import RenderError

#: shrink-to-fit step, points
STEP = 0.25
_EPS = 1e-6

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text."""

    #: preferred size, points
    size: float = 8.0
    #: smallest size shrink-to-fit may use, points
    min_size: float = 5.0
    #: font family (:func:`pnp.render.fonts.family`)
    family: str = fonts.DEFAULT_FAMILY
    #: line distance as a multiple of the size
    leading: float = 1.2
    align: Align = "left"
    valign: VAlign = "top"
    #: text colour: a reportlab colour, ``"#rrggbb"`` or a colour name
    color: Any = "black"

    def __post_init__(self) -> None:
        if not 0 < self.min_size <= self.size:
            raise RenderError(
                f"text size {self.size} and minimum {self.min_size}: need 0 < minimum <= size"
            )
        if self.align not in ("left", "center", "right"):
            raise RenderError(f"align must be left, center or right, got {self.align!r}")
        if self.valign not in ("top", "middle", "bottom"):
            raise RenderError(f"valign must be top, middle or bottom, got {self.valign!r}")


@dataclass(frozen=True)
class _Part:
    text: str | None  # None for an icon
    font: str
    unit: float  # width at size 1
    icon: str | None = None


@dataclass(frozen=True)
class _Word:
    parts: tuple[_Part, ...]
    unit: float


@dataclass(frozen=True)
class _Space:
    unit: float


@dataclass(frozen=True)
class _Break:
    paragraph: bool


_Item = _Word | _Space | _Break


@dataclass
class Prepared:
    """Markup measured at size 1, ready to be laid out at any size and width."""

    items: list[_Item]
    family: fonts.Family
    #: characters the fonts cannot draw
    missing: str = ""
    ascent: float = 0.0
    descent: float = 0.0


@dataclass
class Piece:
    """A placed run of text or an icon; ``x`` from the start of its line."""

    x: float
    width: float
    text: str | None
    font: str
    icon: str | None = None


@dataclass
class Line:
    """One line of placed pieces."""

    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0
    #: baseline distance below the top of the text block
    baseline: float = 0.0


@dataclass
class TextLayout:
    """Lines at one size; ``fits`` tells whether they fit the box they were made for."""

    size: float
    lines: list[Line]
    height: float
    fits: bool
    #: a word had to be cut because it is wider than the box
    split_words: bool = False


def prepare(
    markup: str | list[Token],
    family: str = fonts.DEFAULT_FAMILY,
    icons: Mapping[str, Icon] | None = None,
    *,
    newlines: bool = True,
) -> Prepared:
    """Parse and measure ``markup`` (raises for bad markup or unknown icons)."""
    tokens = parse_inline(markup, newlines=newlines) if isinstance(markup, str) else markup
    fam = fonts.family(family)
    icons = icons or {}
    items: list[_Item] = []
    parts: list[_Part] = []
    missing: list[str] = []

    def end_word() -> None:
        if parts:
            items.append(_Word(tuple(parts), sum(p.unit for p in parts)))
            parts.clear()

    for token in tokens:
        if isinstance(token, Run):
            font = fam.font(token.bold, token.italic)
            parts.append(_Part(token.text, font, fonts.unit_width(font, token.text)))
            for ch in fonts.missing_glyphs(font, token.text):
                if ch not in missing:
                    missing.append(ch)
        elif isinstance(token, IconRef):
            icon = icons.get(token.name)
            if icon is None:
                known = ", ".join(sorted(icons)) or "none are registered"
                raise RenderError(f"unknown icon [{token.name}] (known: {known})")
            parts.append(_Part(None, fam.regular, icon.aspect + ICON_GAP, token.name))
        elif isinstance(token, Space):
            end_word()
            font = fam.font(token.bold, token.italic)
            items.append(_Space(fonts.unit_width(font, " ")))
        elif isinstance(token, Break):
            end_word()
            items.append(_Break(token.paragraph))
    end_word()
    return Prepared(
        items,
        fam,
        "".join(missing),
        fonts.ascent(fam.regular),
        fonts.descent(fam.regular),
    )


def _split_word(word: _Word, size: float, width: float) -> list[_Word]:
    """Cut a word wider than ``width`` into pieces that fit (at least one char each)."""
    chars: list[_Part] = []
    for part in word.parts:
        if part.text is None:
            chars.append(part)
        else:
            chars += [_Part(c, part.font, fonts.unit_width(part.font, c)) for c in part.text]
    out: list[_Word] = []
    current: list[_Part] = []
    used = 0.0
    for ch in chars:
        if current and (used + ch.unit) * size > width + _EPS:
            out.append(_Word(tuple(current), used))
            current, used = [], 0.0
        current.append(ch)
        used += ch.unit
    if current:
        out.append(_Word(tuple(current), used))
    return out


def layout(prepared: Prepared, size: float, width: float, leading: float = 1.2) -> TextLayout:
    """Break ``prepared`` into lines ``width`` wide at ``size`` (no height limit)."""
    line_height = size * leading
    lines: list[Line] = [Line()]
    gaps: list[float] = [0.0]
    pending = 0.0
    split = False

    def new_line(gap: float = 0.0) -> None:
        nonlocal pending
        lines.append(Line())
        gaps.append(gap)
        pending = 0.0

    def place(word: _Word) -> None:
        nonlocal pending
        line = lines[-1]
        x = line.width + (pending if line.pieces else 0.0)
        for part in word.parts:
            w = part.unit * size
            line.pieces.append(Piece(x, w, part.text, part.font, part.icon))
            x += w
        line.width = x
        pending = 0.0

    for item in prepared.items:
        if isinstance(item, _Break):
            new_line(0.5 * line_height if item.paragraph else 0.0)
        elif isinstance(item, _Space):
            if lines[-1].pieces:
                pending = max(pending, item.unit * size)
        else:
            w = item.unit * size
            line = lines[-1]
            if line.pieces and line.width + pending + w > width + _EPS:
                new_line()
            if w > width + _EPS:
                split = True
                pieces = _split_word(item, size, width)
                for i, piece in enumerate(pieces):
                    if i:
                        new_line()
                    place(piece)
            else:
                place(item)
    # merge neighbouring text pieces of one font into one run
    for line in lines:
        merged: list[Piece] = []
        for piece in line.pieces:
            last = merged[-1] if merged else None
            if (
                last is not None
                and piece.text is not None
                and last.text is not None
                and last.font == piece.font
                and abs(last.x + last.width - piece.x) < _EPS
            ):
                last.text += piece.text
                last.width += piece.width
            else:
                merged.append(piece)
        line.pieces = merged
    if len(lines) == 1 and not lines[0].pieces:
        return TextLayout(size, [], 0.0, True, split)
    y = prepared.ascent * size
    for i, line in enumerate(lines):
        if i:
            y += line_height + gaps[i]
        line.baseline = y
    height = y + prepared.descent * size
    return TextLayout(size, lines, height, not split, split)


def fit(prepared: Prepared, width: float, height: float, style: TextStyle) -> TextLayout:
    """The largest size from ``style.size`` down to ``style.min_size`` that fits the box.

    The returned layout has ``fits`` False when even the minimum size does not.
    """

    def attempt(size: float) -> TextLayout:
        lay = layout(prepared, size, width, style.leading)
        lay.fits = lay.fits and lay.height <= height + _EPS
        return lay

    best = attempt(style.size)
    if best.fits:
        return best
    steps = int((style.size - style.min_size) / STEP + _EPS)
    sizes = [style.size - STEP * k for k in range(1, steps + 1)]
    if not sizes or sizes[-1] > style.min_size + _EPS:
        sizes.append(style.min_size)
    # the largest fitting size: fitting is monotonic in size for practical text
    lo, hi = 0, len(sizes) - 1
    smallest = attempt(sizes[hi])
    if not smallest.fits:
        return smallest
    best = smallest
    while lo < hi:
        mid = (lo + hi) // 2
        lay = attempt(sizes[mid])
        if lay.fits:
            best, hi = lay, mid
        else:
            lo = mid + 1
    return best


IconPainter = Callable[[str, float, float, float], None]


def draw(
    canvas: Canvas,
    lay: TextLayout,
    x: float,
    y: float,
    width: float,
    height: float,
    style: TextStyle,
    paint_icon: IconPainter,
) -> int:
    """Draw ``lay`` in the box; only lines that fit inside are drawn when it overflows.

    Returns the number of lines drawn. Icons are drawn by
    ``paint_icon(name, x, y, height)``.
    """
    if not lay.lines:
        return 0
    size = lay.size
    if style.valign == "top":
        top = y + height
    elif style.valign == "middle":
        top = y + (height + min(lay.height, height)) / 2
    else:
        top = y + min(lay.height, height)
    if not lay.fits:
        top = y + height  # overflowing text starts at the top and shows what fits
    lines = []
    descent = lay.height - lay.lines[-1].baseline
    for line in lay.lines:
        if not lay.fits and top - line.baseline - descent < y - _EPS:
            break
        lines.append(line)
    draw_lines(canvas, lines, size, x, top, width, style.align, style.color, paint_icon)
    return len(lines)


def draw_lines(
    canvas: Canvas,
    lines: list[Line],
    size: float,
    x: float,
    top: float,
    width: float,
    align: Align,
    color: Any,
    paint_icon: IconPainter,
) -> None:
    """Draw laid-out ``lines`` below ``top`` (each at its ``baseline`` distance)."""
    text = canvas.beginText()
    text.setFillColor(toColor(color))
    icons: list[tuple[str, float, float]] = []
    current_font = None
    for line in lines:
        baseline = top - line.baseline
        if align == "left":
            x0 = x
        elif align == "center":
            x0 = x + (width - line.width) / 2
        else:
            x0 = x + width - line.width
        for piece in line.pieces:
            if piece.icon is not None:
                icons.append((piece.icon, x0 + piece.x + size * ICON_GAP / 2, baseline))
                continue
            if piece.font != current_font:
                text.setFont(piece.font, size)
                current_font = piece.font
            text.setTextOrigin(x0 + piece.x, baseline)
            text.textOut(piece.text)
    canvas.drawText(text)
    for name, ix, baseline in icons:
        paint_icon(name, ix, baseline - ICON_DROP * size, size)
