"""Boards: one page when they fit, else tiles with overlap, registration marks,
tile labels and an assembly map as the first page."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts, imposition, marks
from pnp.render.components import Board
from pnp.render.geometry import Box, Transform
from pnp.render.options import RenderOptions
from pnp.render.pages import Label, PagePlan, Placed, SideForms, label_box
from pnp.render.units import mm, to_mm

#: margin around a tile's art: room for its label, marks and the scale bar
TILE_MARGIN = 10 * mm
_EPS = 1e-6


def tile_name(row: int, col: int) -> str:
    """``A1`` for the top-left tile; rows are letters (``Z`` then ``AA``), columns numbers."""
    letters = ""
    n = row
    while True:
        letters = string.ascii_uppercase[n % 26] + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{col + 1}"


@dataclass(frozen=True)
class Tiling:
    """How a board is cut into tiles."""

    page: tuple[float, float]
    cols: int
    rows: int
    #: each tile's region in board coordinates (bleed included), row by row from the top
    regions: tuple[tuple[Box, ...], ...]

    @property
    def count(self) -> int:
        """Number of tiles."""
        return self.cols * self.rows


def _count(length: float, room: float, overlap: float) -> int:
    if length <= room + _EPS:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - _EPS)


def _share(length: float, count: int, overlap: float) -> float:
    """The size of each of ``count`` equal tiles covering ``length`` with ``overlap``."""
    return (length + (count - 1) * overlap) / count


def tiling(board: Board, options: RenderOptions) -> Tiling:
    """The tiling with the fewest pages (portrait or landscape paper)."""
    w, h = board.trim_size()
    b = options.bleed
    o = options.overlap
    best: Tiling | None = None
    pw, ph = options.page_size
    for page in ((pw, ph), (ph, pw)):
        room_w, room_h = page[0] - 2 * TILE_MARGIN, page[1] - 2 * TILE_MARGIN
        if room_w <= o + _EPS or room_h <= o + _EPS:
            continue
        cols = _count(w + 2 * b, room_w, o)
        rows = _count(h + 2 * b, room_h, o)
        if best is not None and cols * rows >= best.count:
            continue
        # tiles of one size share the board: no thin last strip to glue on
        tile_w = _share(w + 2 * b, cols, o)
        tile_h = _share(h + 2 * b, rows, o)
        regions = []
        for r in range(rows):
            top = h + b - r * (tile_h - o)
            bottom = max(top - tile_h, -b)
            row = []
            for c in range(cols):
                left = -b + c * (tile_w - o)
                right = min(left + tile_w, w + b)
                row.append(Box(left, bottom, right - left, top - bottom))
            regions.append(tuple(row))
        best = Tiling(page, cols, rows, tuple(regions))
    if best is None:
        raise ValueError("overlap larger than the paper")
    return best


def _one_page(board: Board, options: RenderOptions) -> tuple[float, float] | None:
    w, h = board.trim_size()
    b = options.bleed
    pw, ph = options.page_size
    for page in ((pw, ph), (ph, pw)):
        area = imposition.printable_area(page)
        if w + 2 * b <= area.w + _EPS and h + 2 * b <= area.h + _EPS:
            return page
    return None


#: where along its seam a registration target may move from its quarter point, as
#: shares of the tile, nearest first (steps of about a target's width on A4 tiles)
SEAM_STEPS = (0.0, -0.05, 0.05, -0.1, 0.1, -0.15, 0.15)


def plan_board(board: Board, options: RenderOptions) -> list[PagePlan]:
    """Pages for one board: one page per copy, or an assembly map and tiles per copy."""
    page = _one_page(board, options)
    if page is not None:
        return [_single(board, options, page, i) for i in range(board.copies)]
    tiles = tiling(board, options)
    plans = [_map_page(board, options, tiles)] if board.copies else []
    for copy in range(board.copies):
        for r in range(tiles.rows):
            for c in range(tiles.cols):
                plans.append(_tile(board, options, tiles, r, c, copy))
    return plans


def _single(board: Board, options: RenderOptions, page: tuple[float, float], copy: int) -> PagePlan:
    w, h = board.trim_size()
    b = options.bleed
    x, y = (page[0] - w) / 2, (page[1] - h) / 2
    t = Transform.translate(x, y)
    trim = Box(x, y, w, h)
    plan = PagePlan(page, "board")
    plan.placed = [Placed(board, copy, "face", board.face, w, h, t, trim.outset(b), "rect", b)]
    art = [trim.outset(b)]
    free = marks.crop_marks([trim], b, page, art) if options.crop_marks else []
    plan.scale_bar = marks.scale_bar(page, art, free)
    if options.crop_marks:
        plan.crop_marks = marks.crop_marks([trim], b, page, [*art, plan.scale_bar.box])
    if options.cut_lines:
        plan.outlines = [("rect", w, h, t)]
    plan.trim_box = trim
    plan.bleed_box = trim.outset(b)
    return plan


def _tile(
    board: Board, options: RenderOptions, tiles: Tiling, r: int, c: int, copy: int
) -> PagePlan:
    w, h = board.trim_size()
    b = options.bleed
    o = options.overlap
    page = tiles.page
    region = tiles.regions[r][c]
    content_top = page[1] - TILE_MARGIN
    t = Transform.translate(TILE_MARGIN - region.x, content_top - region.top)
    clip = t.box(region)
    trim_region = _intersect(region, Box(0, 0, w, h))
    plan = PagePlan(page, "tile", name=tile_name(r, c))
    plan.placed = [Placed(board, copy, "face", board.face, w, h, t, clip, "rect", b)]
    plan.trim_box = t.box(trim_region) if trim_region else clip
    plan.bleed_box = clip
    # labels: the tile's name big, then where it belongs
    name = tile_name(r, c)
    last = tile_name(tiles.rows - 1, tiles.cols - 1)
    neighbours = []
    if c > 0:
        neighbours.append(f"left: {tile_name(r, c - 1)}")
    if c < tiles.cols - 1:
        neighbours.append(f"right: {tile_name(r, c + 1)}")
    if r > 0:
        neighbours.append(f"above: {tile_name(r - 1, c)}")
    if r < tiles.rows - 1:
        neighbours.append(f"below: {tile_name(r + 1, c)}")
    copy_note = f" (copy {copy + 1} of {board.copies})" if board.copies > 1 else ""
    head_y = content_top + 3.5 * mm
    plan.labels = [
        Label(TILE_MARGIN, head_y, name, size=12, bold=True),
        Label(
            TILE_MARGIN + 12 * mm,
            head_y,
            f"{board.label}{copy_note}: tile {name} of A1–{last} · overlap {to_mm(o):g} mm · "
            + ", ".join(neighbours),
            size=6.5,
        ),
    ]
    art = [clip, *(label_box(label) for label in plan.labels)]
    # registration marks at the middle of every overlap this tile shares, a quarter of
    # the way in from each end of the seam, or as near to that as clears the art's words
    size = max(3 * mm, min(6 * mm, o)) if o > 0 else 4 * mm
    seams: list[tuple[tuple[float, float], ...]] = []
    for rr in range(tiles.rows):
        for cc in range(tiles.cols):
            reg = tiles.regions[rr][cc]
            for quarter in (0.25, 0.75):
                along = [quarter + d for d in SEAM_STEPS]
                if cc + 1 < tiles.cols:
                    x = tiles.regions[rr][cc + 1].x + o / 2
                    seams.append(tuple((x, reg.y + reg.h * f) for f in along))
                if rr + 1 < tiles.rows:
                    y = tiles.regions[rr + 1][cc].top - o / 2
                    seams.append(tuple((reg.x + reg.w * f, y) for f in along))
    inner = region.inset(size / 2 if o >= size else 0)
    for points in dict.fromkeys(seams):
        bx, by = points[0]
        if inner.x - _EPS <= bx <= inner.right + _EPS and inner.y - _EPS <= by <= inner.top + _EPS:
            plan.registration.append(marks.Registration(tuple(t.apply(*p) for p in points)))
    # crop marks on the board's outer trim lines that cross this tile; the scale bar
    # goes where it leaves them a usable length
    blocked = [clip.outset(marks.MARK_CLEAR), *(label_box(x) for x in plan.labels)]
    trim = t.box(Box(0, 0, w, h))
    marked = options.crop_marks and trim_region is not None
    free = _tile_marks(trim, clip, r, c, tiles, page, blocked) if marked else []
    plan.scale_bar = marks.scale_bar(page, art, free)
    if free:
        blocked.append(plan.scale_bar.box.outset(marks.MARK_CLEAR))
        plan.crop_marks = _tile_marks(trim, clip, r, c, tiles, page, blocked)
    if options.cut_lines:
        plan.outlines = [("rect", w, h, t)]
        plan.outline_clip = clip
    return plan


def _tile_marks(
    trim: Box,
    clip: Box,
    r: int,
    c: int,
    tiles: Tiling,
    page: tuple[float, float],
    blocked: list[Box],
) -> list[marks.Segment]:
    """Crop marks of the board's outer cut lines (``trim``, page coordinates) that
    cross tile ``r``, ``c`` (showing ``clip``), stopping before ``blocked``."""
    off = marks.MARK_GAP
    segments = []
    if c == 0:
        segments += [
            marks.mark(trim.x, clip.top + off, 0, 1, page, blocked),
            marks.mark(trim.x, clip.y - off, 0, -1, page, blocked),
        ]
    if c == tiles.cols - 1:
        segments += [
            marks.mark(trim.right, clip.top + off, 0, 1, page, blocked),
            marks.mark(trim.right, clip.y - off, 0, -1, page, blocked),
        ]
    if r == 0:
        segments += [
            marks.mark(clip.x - off, trim.top, -1, 0, page, blocked),
            marks.mark(clip.right + off, trim.top, 1, 0, page, blocked),
        ]
    if r == tiles.rows - 1:
        segments += [
            marks.mark(clip.x - off, trim.y, -1, 0, page, blocked),
            marks.mark(clip.right + off, trim.y, 1, 0, page, blocked),
        ]
    return [s for s in segments if s is not None]


def _intersect(a: Box, b: Box) -> Box | None:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.top, b.top)
    if x1 <= x0 + _EPS or y1 <= y0 + _EPS:
        return None
    return Box(x0, y0, x1 - x0, y1 - y0)


def _map_page(board: Board, options: RenderOptions, tiles: Tiling) -> PagePlan:
    """The first page: the whole board small, with the tiles drawn over it."""
    w, h = board.trim_size()
    b = options.bleed
    page = options.page_size
    pw, ph = page
    margin = 15 * mm
    title_y = ph - margin
    lines = [
        f"{board.label}: {to_mm(w):g} × {to_mm(h):g} mm in {tiles.count} tiles "
        f"({tiles.rows} row{'s' if tiles.rows != 1 else ''} × {tiles.cols} "
        f"column{'s' if tiles.cols != 1 else ''}), A1–{tile_name(tiles.rows - 1, tiles.cols - 1)}.",
        f"Neighbouring tiles overlap by {to_mm(options.overlap):g} mm. Trim the white margin "
        "off each tile where it joins a tile to its left or above,",
        "lay it over that tile so the registration targets (circles with a cross) coincide, "
        "and glue or tape it. Trim the outside along the crop marks.",
        "Rows are lettered down the left of the map and columns numbered along its top: "
        f"tile {tile_name(min(2, tiles.rows - 1), 0)} is row "
        f"{tile_name(min(2, tiles.rows - 1), 0)[:-1]}, column 1.",
    ]
    labels = [Label(margin, title_y, f"Assembly map: {board.label}", size=14, bold=True)]
    labels += [
        Label(margin, title_y - (8 + 4.2 * i) * mm, text, size=8) for i, text in enumerate(lines)
    ]
    top = title_y - (12 + 4.2 * len(lines)) * mm
    # the row letters and column numbers go in the margins round the map, never over it:
    # a name printed on a tile hides what lies under it (a Village's name)
    head = 8 * mm
    avail = Box(margin + head, margin, pw - 2 * margin - head, top - margin - head)
    scale = min(avail.w / (w + 2 * b), avail.h / (h + 2 * b))
    mw, mh = (w + 2 * b) * scale, (h + 2 * b) * scale
    ox = avail.x + (avail.w - mw) / 2 + b * scale
    oy = avail.top - mh + b * scale
    to_map = Transform(scale, 0, 0, scale, ox, oy)
    placed = Placed(
        board,
        0,
        "face",
        board.face,
        w,
        h,
        to_map,
        to_map.box(Box(-b, -b, w + 2 * b, h + 2 * b)),
        "rect",
        b,
    )
    # the board itself is drawn from the shared form, scaled down
    plan = PagePlan(page, "map", labels=labels)

    def draw_map(canvas: Canvas, forms: SideForms) -> None:
        name = forms.form(placed)
        canvas.saveState()
        canvas.transform(*to_map.as_tuple())
        canvas.doForm(name)
        canvas.restoreState()
        canvas.saveState()
        canvas.setLineWidth(0.6)
        for r in range(tiles.rows):
            for c in range(tiles.cols):
                box = to_map.box(tiles.regions[r][c])
                canvas.setStrokeColor(black)
                canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
        fam = fonts.family()
        size = 12.0
        canvas.setFillColor(black)
        canvas.setFont(fam.bold, size)
        map_box = to_map.box(Box(-b, -b, w + 2 * b, h + 2 * b))
        for c in range(tiles.cols):
            cx = to_map.box(tiles.regions[0][c]).center[0]
            canvas.drawCentredString(cx, map_box.top + head / 2 - size * 0.35, tile_name(0, c)[1:])
        for r in range(tiles.rows):
            cy = to_map.box(tiles.regions[r][0]).center[1]
            letters = tile_name(r, 0)[:-1]
            canvas.drawCentredString(map_box.x - head / 2, cy - size * 0.35, letters)
        canvas.restoreState()

    plan.extra = draw_map
    return plan
