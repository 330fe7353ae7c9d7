"""Printer's marks: crop marks, cut lines, the scale bar, registration marks, fold lines.

Crop marks extend every cut line into the margin, outside the bleed, and
stop short of the paper's edge (so readers do not shrink the page to fit
them) and of any art or other mark. The 100 mm scale bar with its "print at
100%" note goes in a margin where every crop mark it meets keeps a usable length
(:data:`KEPT_MARK`): a cut line needs a mark at both ends to lay a ruler across.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts
from pnp.render.geometry import Box, Transform
from pnp.render.units import mm

#: nothing printed closer than this to the paper's edge
EDGE_CLEAR = 2.5 * mm
#: many home printers print nothing this close to the paper's edge (lasers often 4.2 mm)
SAFE_EDGE = 5 * mm
#: crop mark length when there is room
MARK_LEN = 5 * mm
#: gap between the bleed and the start of a crop mark
MARK_GAP = 0.5 * mm
#: shortest crop mark worth drawing
MIN_MARK = 1 * mm
#: the scale bar takes no more than this from a crop mark: a shorter mark is hard to
#: lay a ruler on (a mark that had less room to start with keeps all of it)
KEPT_MARK = 3 * mm
#: what crop marks keep clear of art and of the scale bar
MARK_CLEAR = 0.25 * mm
MARK_WIDTH = 0.3
BAR_LENGTH = 100 * mm
BAR_HEIGHT = 1.2 * mm
#: the thickness of the band the bar and its note take: the 1.2 mm bar, and beside it
#: the note, whose 5.5 pt letters reach 1.7 mm above the bar's measured edge and whose
#: descenders 0.3 mm below it (:data:`BAR_DROP`)
BAR_BAND = 2 * mm
BAR_DROP = 0.3 * mm
#: paper edge to art in the margin holding the scale bar, so the crop marks crossing it
#: keep :data:`KEPT_MARK`: the edge clearance, the bar, its clearance, the mark, its gap
BAR_MARGIN = EDGE_CLEAR + BAR_BAND + MARK_CLEAR + KEPT_MARK + MARK_GAP
#: the bar stays in the margin: never further than this from the paper's edge
BAR_MAX_DEPTH = 8 * mm
NOTE_SIZE = 5.5
NOTE = "Print at 100% (actual size, no scaling): this bar must measure 100 mm."
#: a cut line: a dark line on a light companion, so it shows on any fill (the dark one
#: on light art, the light edges either side of it on dark art); the companion is
#: narrow, so what it leaves inside a piece cut on the line is under 0.15 mm
CUT_WIDTH = 0.4
CUT_HALO = 1.2
CUT_DARK = 0.0
CUT_LIGHT = 1.0
_EPS = 1e-6


@dataclass(frozen=True)
class Segment:
    """A straight mark from ``(x0, y0)`` to ``(x1, y1)``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        """Its length in points."""
        return ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5

    @property
    def box(self) -> Box:
        """Its bounding box."""
        x, y = min(self.x0, self.x1), min(self.y0, self.y1)
        return Box(x, y, abs(self.x1 - self.x0), abs(self.y1 - self.y0))


def near_edge(segment: Segment, page: tuple[float, float], within: float = SAFE_EDGE) -> bool:
    """Whether all of ``segment`` lies within ``within`` of the paper's edge."""
    w, h = page
    return all(
        min(x, w - x, y, h - y) < within
        for x, y in ((segment.x0, segment.y0), (segment.x1, segment.y1))
    )


def _distinct(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > 0.01:
            out.append(v)
    return out


def crop_marks(
    trims: Sequence[Box],
    bleed: float,
    page: tuple[float, float],
    obstacles: Sequence[Box] = (),
    clips: Sequence[Box] | None = None,
) -> list[Segment]:
    """Crop marks for ``trims``: each cut line extended into the four margins.

    Marks start ``MARK_GAP`` outside the bleed (outside ``clips``, the areas the
    pieces paint, when given: a card grid may give its outer edges less than
    ``bleed``), run up to ``MARK_LEN``, and stop before the paper's edge
    clearance and before any obstacle. With no bleed they start 1.5 mm out.
    """
    if not trims:
        return []
    block = Box.union(list(trims))
    reach = Box.union(list(clips)) if clips else block.outset(bleed)

    def gap(outside: float) -> float:
        return outside + MARK_GAP if outside > _EPS else 1.5 * mm

    top, bottom = gap(reach.top - block.top), gap(block.y - reach.y)
    left, right = gap(block.x - reach.x), gap(reach.right - block.right)
    blocked = [o.outset(MARK_CLEAR) for o in obstacles]
    out: list[Segment] = []

    def run(x: float, y: float, dx: int, dy: int) -> None:
        segment = mark(x, y, dx, dy, page, blocked)
        if segment is not None:
            out.append(segment)

    for x in _distinct([v for t in trims for v in (t.x, t.right)]):
        run(x, block.top + top, 0, 1)
        run(x, block.y - bottom, 0, -1)
    for y in _distinct([v for t in trims for v in (t.y, t.top)]):
        run(block.x - left, y, -1, 0)
        run(block.right + right, y, 1, 0)
    return out


def mark(
    x: float,
    y: float,
    dx: int,
    dy: int,
    page: tuple[float, float],
    blocked: Sequence[Box],
    length: float = MARK_LEN,
) -> Segment | None:
    """A mark from ``(x, y)`` along ``(dx, dy)`` of up to ``length``, cut short by the
    paper's edge clearance and by ``blocked`` boxes; ``None`` if too short."""
    pw, ph = page
    if any(b.x <= x <= b.right and b.y <= y <= b.top for b in blocked):
        return None
    if dx > 0:
        length = min(length, pw - EDGE_CLEAR - x)
    elif dx < 0:
        length = min(length, x - EDGE_CLEAR)
    elif dy > 0:
        length = min(length, ph - EDGE_CLEAR - y)
    else:
        length = min(length, y - EDGE_CLEAR)
    for b in blocked:
        if dx and b.y <= y <= b.top:
            ahead = (b.x - x) if dx > 0 else (x - b.right)
            if ahead >= 0:
                length = min(length, ahead)
        elif dy and b.x <= x <= b.right:
            ahead = (b.y - y) if dy > 0 else (y - b.top)
            if ahead >= 0:
                length = min(length, ahead)
    if length < MIN_MARK - _EPS:
        return None
    return Segment(x, y, x + dx * length, y + dy * length)


def draw_segments(canvas: Canvas, segments: Sequence[Segment], width: float = MARK_WIDTH) -> None:
    """Stroke marks in black."""
    if not segments:
        return
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(width)
    canvas.lines([(s.x0, s.y0, s.x1, s.y1) for s in segments])
    canvas.restoreState()


@dataclass(frozen=True)
class ScaleBar:
    """Where the scale bar goes: the start of the bar's measured edge and its direction."""

    x: float
    y: float
    horizontal: bool
    note_width: float

    @property
    def box(self) -> Box:
        """Bar and note together (:data:`BAR_BAND` across, the note's descenders
        :data:`BAR_DROP` beyond the measured edge)."""
        along = BAR_LENGTH + 2 * mm + self.note_width
        if self.horizontal:
            return Box(self.x, self.y - BAR_DROP, along, BAR_BAND)
        # drawn turned a quarter anticlockwise: the band lies left of the measured edge
        return Box(self.x - BAR_BAND + BAR_DROP, self.y, BAR_BAND, along)

    @property
    def bar(self) -> Segment:
        """The 100 mm measured edge of the bar."""
        if self.horizontal:
            return Segment(self.x, self.y, self.x + BAR_LENGTH, self.y)
        return Segment(self.x, self.y, self.x, self.y + BAR_LENGTH)


def _note_width() -> float:
    return fonts.unit_width(fonts.family().regular, NOTE) * NOTE_SIZE


def bar_extent() -> float:
    """How long the scale bar and its note run along their margin."""
    return BAR_LENGTH + 2 * mm + _note_width()


def _kept(segment: Segment, blocked: Box) -> float:
    """How much of ``segment`` (a crop mark, drawn from its inner end outwards) is left
    when it stops before ``blocked``: all of it when it does not meet the box."""
    if not _touches(segment.box, blocked):
        return segment.length
    if abs(segment.x0 - segment.x1) < _EPS:
        ahead = blocked.y - segment.y0 if segment.y1 > segment.y0 else segment.y0 - blocked.top
    else:
        ahead = blocked.x - segment.x0 if segment.x1 > segment.x0 else segment.x0 - blocked.right
    return max(0.0, min(segment.length, ahead))


def _touches(a: Box, b: Box) -> bool:
    """Whether boxes meet, a zero-width one (a straight mark) included."""
    return a.x <= b.right and b.x <= a.right and a.y <= b.top and b.y <= a.top


def scale_bar(
    page: tuple[float, float], art: Sequence[Box], crossing: Sequence[Segment] = ()
) -> ScaleBar:
    """Place the scale bar in a margin with room for it, clear of the crop marks.

    ``crossing`` are the crop marks the page has without the bar. Margins are
    tried bottom, top, left, right; the first with room for the bar where every
    mark it meets keeps :data:`KEPT_MARK` (or all of a shorter one) wins, else
    the first with room where the marks keep the most, else the roomiest. The
    bar sits just outside full-length marks when the margin allows, else at the
    paper's edge clearance. Card grids leave a margin of :data:`BAR_MARGIN` for
    it (:func:`pnp.render.imposition.card_grid`).
    """
    pw, ph = page
    note_width = _note_width()
    along = bar_extent()
    used = Box.union(list(art)) if art else Box(pw / 2, ph / 2, 0, 0)
    bands = [
        ("bottom", used.y - EDGE_CLEAR, pw),
        ("top", ph - EDGE_CLEAR - used.top, pw),
        ("left", used.x - EDGE_CLEAR, ph),
        ("right", pw - EDGE_CLEAR - used.right, ph),
    ]
    need = BAR_BAND + 1 * mm
    # keep room for full crop marks between the art and the bar when the margin allows
    inner = MARK_GAP + MARK_LEN + 1 * mm
    # (fits, the marks' worst shortfall, order, bar)
    options: list[tuple[bool, float, int, ScaleBar]] = []
    for order, (side, room, length) in enumerate(bands):
        depth = min(max(EDGE_CLEAR, room + EDGE_CLEAR - inner - BAR_BAND), BAR_MAX_DEPTH)
        bar = _bar_at(side, depth, (length - along) / 2, page, note_width)
        blocked = bar.box.outset(MARK_CLEAR)
        short = max((min(KEPT_MARK, s.length) - _kept(s, blocked) for s in crossing), default=0.0)
        fits = room >= need and length - 2 * EDGE_CLEAR >= along
        options.append((fits, max(short, 0.0), order, bar))
    fitting = [o for o in options if o[0]]
    clean = [o for o in fitting if o[1] <= _EPS]
    if clean:
        return clean[0][3]
    if fitting:
        return min(fitting, key=lambda o: (o[1], o[2]))[3]
    roomiest = max(range(len(bands)), key=lambda i: bands[i][1])
    return options[roomiest][3]


def _bar_at(
    side: str, depth: float, start: float, page: tuple[float, float], note_width: float
) -> ScaleBar:
    """The bar whose band's outer edge lies ``depth`` in from ``side`` of the paper,
    starting ``start`` along it."""
    pw, ph = page
    if side == "bottom":
        return ScaleBar(start, depth + BAR_DROP, True, note_width)
    if side == "top":
        return ScaleBar(start, ph - depth - BAR_BAND + BAR_DROP, True, note_width)
    if side == "left":
        return ScaleBar(depth + BAR_BAND - BAR_DROP, start, False, note_width)
    return ScaleBar(pw - depth - BAR_DROP, start, False, note_width)


def draw_scale_bar(canvas: Canvas, bar: ScaleBar) -> None:
    """A 100 mm bar in 10 mm black and white blocks, and the "print at 100%" note."""
    canvas.saveState()
    if bar.horizontal:
        canvas.translate(bar.x, bar.y)
    else:
        # read bottom to top; the bar's measured edge stays on x = bar.x
        canvas.translate(bar.x, bar.y)
        canvas.rotate(90)
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(black)
    for i in range(10):
        canvas.setFillColor(black if i % 2 == 0 else white)
        canvas.rect(i * 10 * mm, 0, 10 * mm, BAR_HEIGHT, stroke=1, fill=1)
    canvas.setFillColor(black)
    canvas.setFont(fonts.family().regular, NOTE_SIZE)
    canvas.drawString(BAR_LENGTH + 2 * mm, 0.2 * mm, NOTE)
    canvas.restoreState()


#: a registration target's size (circle and cross), and the room it keeps from words
REGISTRATION_SIZE = 6 * mm
REGISTRATION_CLEAR = 1 * mm


@dataclass(frozen=True)
class Registration:
    """A registration target on a seam, and where along the seam it may stand.

    Both tiles of a seam hold the same candidates and the same words beneath,
    so both choose the same point (:meth:`place`) and the targets still meet.
    """

    #: points in page coordinates, the preferred one first
    candidates: tuple[tuple[float, float], ...]

    def place(self, words: Sequence[Box]) -> tuple[float, float]:
        """The first candidate whose target covers none of ``words`` (the boxes where
        the art beneath sets text, page coordinates): a target printed over a word
        stays on the finished board. The preferred point when every one covers some."""
        reach = REGISTRATION_SIZE / 2 + REGISTRATION_CLEAR
        for x, y in self.candidates:
            target = Box(x - reach, y - reach, 2 * reach, 2 * reach)
            if not any(target.overlaps(w) for w in words):
                return x, y
        return self.candidates[0]


def draw_registration(canvas: Canvas, x: float, y: float, size: float = REGISTRATION_SIZE) -> None:
    """A registration target: a circle with a cross, centred on ``(x, y)``."""
    canvas.saveState()
    canvas.setLineWidth(0.35)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(1.2)
    canvas.circle(x, y, size / 3, stroke=1, fill=0)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.35)
    canvas.circle(x, y, size / 3, stroke=1, fill=0)
    canvas.line(x - size / 2, y, x + size / 2, y)
    canvas.line(x, y - size / 2, x, y + size / 2)
    canvas.restoreState()


def draw_fold(canvas: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A dashed fold line from ``a`` to ``b``."""
    canvas.saveState()
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.4)
    canvas.setDash(3 * mm, 1.5 * mm)
    canvas.line(*a, *b)
    canvas.restoreState()


def hex_points(w: float, h: float) -> list[tuple[float, float]]:
    """The corners of a pointy-top hexagon filling ``w`` × ``h``, anticlockwise."""
    return [
        (w / 2, h),
        (0.0, 0.75 * h),
        (0.0, 0.25 * h),
        (w / 2, 0.0),
        (w, 0.25 * h),
        (w, 0.75 * h),
    ]


def shape_path(canvas: Canvas, shape: str, w: float, h: float, grow: float = 0.0):
    """A path of a token shape in piece coordinates, grown by ``grow`` (circles only)."""
    path = canvas.beginPath()
    if shape == "round":
        path.circle(w / 2, h / 2, w / 2 + grow)
    elif shape == "hex":
        pts = hex_points(w, h)
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
    else:
        path.rect(-grow, -grow, w + 2 * grow, h + 2 * grow)
    return path


def draw_outlines(
    canvas: Canvas,
    pieces: Sequence[tuple[str, float, float, Transform]],
    clip: Box | None = None,
) -> None:
    """Cut lines: the outline of each ``(shape, w, h, transform)`` piece, a black line
    over a wider white one (:data:`CUT_WIDTH`, :data:`CUT_HALO`).

    Every white line goes down before any black one, so a neighbour's white never
    covers a shared cut line. With ``clip`` only the part inside that box shows: a
    board tile draws the whole board's outline, which must not run over its margins
    to the paper's edge.
    """
    if not pieces:
        return
    canvas.saveState()
    if clip is not None:
        path = canvas.beginPath()
        path.rect(clip.x, clip.y, clip.w, clip.h)
        canvas.clipPath(path, stroke=0, fill=0)
    for grey, width in ((CUT_LIGHT, CUT_HALO), (CUT_DARK, CUT_WIDTH)):
        canvas.setStrokeGray(grey)
        canvas.setLineWidth(width)
        for shape, w, h, t in pieces:
            if shape == "rect" or shape == "square":
                box = t.box(Box(0, 0, w, h))
                canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
                continue
            canvas.saveState()
            canvas.transform(*t.as_tuple())
            canvas.drawPath(shape_path(canvas, shape, w, h), stroke=1, fill=0)
            canvas.restoreState()
    canvas.restoreState()
