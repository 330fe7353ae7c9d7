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

from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts
from pnp.render.colours import colour
from pnp.render.icons import ICON_DROP, ICON_GAP, Icon
from pnp.render.markup import IconRef, Run, Space, Token, parse_inline
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


# Prepared items are tuples, for speed (a deck has thousands of words):
#   (WORD, unit width, parts) where parts are (text or None, font, unit width, icon or None)
#   (SPACE, unit width, None)
#   (BREAK, 0.0, paragraph: bool)
WORD, SPACE, BREAK = 0, 1, 2
_Part = tuple[str | None, str, float, str | None]
_Item = tuple[int, float, Any]


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
    unit_width = fonts.unit_width
    styles = {
        (False, False): fam.regular,
        (True, False): fam.bold,
        (False, True): fam.italic,
        (True, True): fam.bold_italic,
    }
    for token in tokens:
        # ``type(token) is`` (not isinstance): as fast as a saved type, and mypy narrows it
        if type(token) is Run:
            font = styles[token.bold, token.italic]
            parts.append((token.text, font, unit_width(font, token.text), None))
            lacking = fonts.missing_glyphs(font, token.text)
            if lacking:
                missing.extend(ch for ch in lacking if ch not in missing)
        elif type(token) is Space:
            if parts:
                items.append((WORD, sum(p[2] for p in parts), tuple(parts)))
                parts.clear()
            items.append((SPACE, unit_width(styles[token.bold, token.italic], " "), None))
        elif type(token) is IconRef:
            icon = icons.get(token.name)
            if icon is None:
                known = ", ".join(sorted(icons)) or "none are registered"
                raise RenderError(f"unknown icon [{token.name}] (known: {known})")
            parts.append((None, fam.regular, icon.aspect + ICON_GAP, token.name))
        else:
            if parts:
                items.append((WORD, sum(p[2] for p in parts), tuple(parts)))
                parts.clear()
            items.append((BREAK, 0.0, token.paragraph))
    if parts:
        items.append((WORD, sum(p[2] for p in parts), tuple(parts)))
    return Prepared(
        items,
        fam,
        "".join(missing),
        fonts.ascent(fam.regular),
        fonts.descent(fam.regular),
    )


def _split_word(
    parts: tuple[_Part, ...], size: float, width: float
) -> list[tuple[float, tuple[_Part, ...]]]:
    """Cut a word wider than ``width`` into pieces that fit (at least one char each)."""
    chars: list[_Part] = []
    for text, font, unit, icon in parts:
        if text is None:
            chars.append((text, font, unit, icon))
        else:
            chars += [(c, font, fonts.unit_width(font, c), None) for c in text]
    out: list[tuple[float, tuple[_Part, ...]]] = []
    current: list[_Part] = []
    used = 0.0
    for ch in chars:
        if current and (used + ch[2]) * size > width + _EPS:
            out.append((used, tuple(current)))
            current, used = [], 0.0
        current.append(ch)
        used += ch[2]
    if current:
        out.append((used, tuple(current)))
    return out


@dataclass
class _Breaks:
    """Where lines break, before any piece is placed: enough to know the height."""

    #: per line: (first item, end item) indices
    spans: list[tuple[int, int]]
    #: extra space above each line (paragraph breaks)
    gaps: list[float]
    #: a word wider than the width sits alone on a line and must be cut
    split: bool


def _break_lines(prepared: Prepared, size: float, width: float, leading: float) -> _Breaks:
    """Greedy line breaking at ``size`` (fast: widths only)."""
    limit = width / size + _EPS  # compare in unit widths
    spans: list[tuple[int, int]] = []
    gaps: list[float] = []
    start = 0
    used = 0.0
    pending = 0.0
    gap = 0.0
    empty = True
    split = False
    for i, (kind, unit, payload) in enumerate(prepared.items):
        if kind == WORD:
            if not empty and used + pending + unit > limit:
                spans.append((start, i))
                gaps.append(gap)
                start, used, gap, empty = i, 0.0, 0.0, True
            if empty:
                used = unit
                empty = False
                if unit > limit:
                    split = True
            else:
                used += pending + unit
            pending = 0.0
        elif kind == SPACE:
            if not empty and unit > pending:
                pending = unit
        else:
            spans.append((start, i))
            gaps.append(gap)
            start, used, pending, empty = i + 1, 0.0, 0.0, True
            gap = 0.5 * size * leading if payload else 0.0
    spans.append((start, len(prepared.items)))
    gaps.append(gap)
    return _Breaks(spans, gaps, split)


def _height(prepared: Prepared, breaks: _Breaks, size: float, leading: float) -> float:
    if len(breaks.spans) == 1 and breaks.spans[0][0] >= breaks.spans[0][1]:
        return 0.0
    n = len(breaks.spans)
    return (
        prepared.ascent * size
        + (n - 1) * size * leading
        + sum(breaks.gaps[1:])
        + prepared.descent * size
    )


def _place(
    prepared: Prepared, breaks: _Breaks, size: float, width: float, leading: float
) -> TextLayout:
    """Turn line breaks into placed pieces, merging text runs of one font."""
    lines: list[Line] = []
    items = prepared.items
    unit_width = fonts.unit_width
    y = prepared.ascent * size
    for (start, end), gap in zip(breaks.spans, breaks.gaps, strict=True):
        words: list[tuple[float, float, tuple[_Part, ...]]] = []  # (space before, unit, parts)
        pending = 0.0
        for kind, unit, payload in items[start:end]:
            if kind == WORD:
                words.append((pending if words else 0.0, unit, payload))
                pending = 0.0
            elif kind == SPACE and words and unit > pending:
                pending = unit
        if len(words) == 1 and words[0][1] * size > width + _EPS:
            # a word too wide for the box: cut it over as many lines as it needs
            for k, (unit, parts) in enumerate(_split_word(words[0][2], size, width)):
                if lines:
                    y += size * leading + (gap if k == 0 else 0.0)
                line = _line([(0.0, unit, parts)], size, unit_width)
                line.baseline = y
                lines.append(line)
            continue
        line = _line(words, size, unit_width)
        if lines:
            y += size * leading + gap
        line.baseline = y
        lines.append(line)
    if len(lines) == 1 and not lines[0].pieces:
        return TextLayout(size, [], 0.0, True, breaks.split)
    height = y + prepared.descent * size
    return TextLayout(size, lines, height, not breaks.split, breaks.split)


def _line(
    words: list[tuple[float, float, tuple[_Part, ...]]], size: float, unit_width: Any
) -> Line:
    pieces: list[Piece] = []
    x = 0.0
    for space, _, parts in words:
        x += space * size
        for text, font, unit, icon in parts:
            w = unit * size
            last = pieces[-1] if pieces else None
            if (
                text is not None
                and last is not None
                and last.text is not None
                and last.font == font
            ):
                gap = x - (last.x + last.width)
                if abs(gap) < _EPS:
                    last.text += text
                    last.width = x + w - last.x
                    x += w
                    continue
                if abs(gap - unit_width(font, " ") * size) < _EPS:
                    last.text += " " + text
                    last.width = x + w - last.x
                    x += w
                    continue
            pieces.append(Piece(x, w, text, font, icon))
            x += w
    return Line(pieces, x)


def layout(prepared: Prepared, size: float, width: float, leading: float = 1.2) -> TextLayout:
    """Break ``prepared`` into lines ``width`` wide at ``size`` (no height limit)."""
    breaks = _break_lines(prepared, size, width, leading)
    return _place(prepared, breaks, size, width, leading)


def fit(prepared: Prepared, width: float, height: float, style: TextStyle) -> TextLayout:
    """The largest size from ``style.size`` down to ``style.min_size`` that fits the box.

    The returned layout has ``fits`` False when even the minimum size does not.
    """

    def fits(size: float) -> bool:
        breaks = _break_lines(prepared, size, width, style.leading)
        return not breaks.split and _height(prepared, breaks, size, style.leading) <= height + _EPS

    def final(size: float, ok: bool) -> TextLayout:
        lay = layout(prepared, size, width, style.leading)
        lay.fits = ok
        return lay

    if fits(style.size):
        return final(style.size, True)
    steps = int((style.size - style.min_size) / STEP + _EPS)
    sizes = [style.size - STEP * k for k in range(1, steps + 1)]
    if not sizes or sizes[-1] > style.min_size + _EPS:
        sizes.append(style.min_size)
    # the largest fitting size: fitting is monotonic in size for practical text
    lo, hi = 0, len(sizes) - 1
    if not fits(sizes[hi]):
        return final(sizes[hi], False)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(sizes[mid]):
            hi = mid
        else:
            lo = mid + 1
    return final(sizes[hi], True)


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
    text.setFillColor(colour(color))
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
