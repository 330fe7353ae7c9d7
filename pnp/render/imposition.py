"""Where pieces go on paper: card grids, token bands, gutterfold halves, duplex backs.

Pure geometry, no drawing: every function returns boxes and transforms in
page points, so the layout can be checked without reading a PDF.

Conventions:

* a piece's own coordinates run from ``(0, 0)`` to its trim ``(w, h)``; a
  slot's ``transform`` maps them onto the page (possibly a quarter turn);
* a back is placed by ``G · T · F``: ``G`` turns the piece over about its own
  vertical axis, ``T`` is the front's transform and ``F`` is the sheet flip
  (long edge: mirror across the page's vertical centre line; short edge:
  across its horizontal one; gutterfold: across the fold). So every back's
  trim box is the mirror image of its front's, and a card turned over
  sideways shows its back upright.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.render import marks
from pnp.render.geometry import Box, Transform
from pnp.render.report import RenderError
from pnp.render.units import mm, to_mm

#: no art closer than this to the paper's edge (most printers cannot print there)
PAGE_MARGIN = 4 * mm
#: paper edge to art on card sheets when the paper has room: a crop mark then reaches
#: out of the 5 mm many printers leave blank (:data:`pnp.render.marks.SAFE_EDGE`)
MARK_MARGIN = 6 * mm
#: space between the two halves of a gutterfold page and the fold
FOLD_GAP = 2 * mm
#: vertical space between bands of different tokens
BAND_GAP = 3 * mm
_EPS = 1e-6


@dataclass(frozen=True)
class Slot:
    """One place for a piece: its trim on the page and how to get it there."""

    trim: Box
    transform: Transform
    row: int = 0
    col: int = 0
    #: the page area the piece may paint (trim plus its bleed on each side), when the
    #: layout decides it (card grids); ``None`` leaves it to the sheet
    clip: Box | None = None


@dataclass(frozen=True)
class Grid:
    """An n-up grid of equal rectangular pieces."""

    slots: tuple[Slot, ...]
    cols: int
    rows: int
    rotated: bool
    #: space between neighbouring cards: between columns, between rows
    gutter: tuple[float, float]
    #: bleed each card keeps on its left and right, and on its top and bottom edges,
    #: where a neighbour faces it (the outer edges of the grid get as much)
    inner_bleed: tuple[float, float]

    @property
    def per_page(self) -> int:
        """How many pieces one page holds."""
        return len(self.slots)


def printable_area(page: tuple[float, float]) -> Box:
    """The part of the page art may use."""
    w, h = page
    return Box(PAGE_MARGIN, PAGE_MARGIN, w - 2 * PAGE_MARGIN, h - 2 * PAGE_MARGIN)


def place(w: float, h: float, x: float, y: float, rotated: bool) -> Transform:
    """The transform putting a ``w`` × ``h`` piece's trim at ``(x, y)``, turned a
    quarter anticlockwise when ``rotated``."""
    if not rotated:
        return Transform.translate(x, y)
    return Transform.rotate(1).then(Transform.translate(x + h, y))


def _count(length: float, piece: float, gutter: float, bleed: float) -> int:
    """How many pieces fit across ``length`` with ``gutter`` between them and ``bleed``
    outside the first and the last."""
    return max(math.floor((length - 2 * bleed + gutter + _EPS) / (piece + gutter)), 0)


def _auto_bleed(
    length: float, n: int, piece: float, bleed: float, bar: float = 0.0
) -> float | None:
    """The bleed every edge gets across one axis of an automatic grid of ``n`` pieces.

    Where cut-line-sharing cards (the count never changes) left room for crop marks
    clear of the edge most printers leave blank, the grid keeps that much
    (:data:`MARK_MARGIN` from the paper's edge); where they did not, the marks were
    lost anyway (the run says so, and ``--cut-lines`` is the guide), so only the
    printable margin stays. The rest of the paper goes to a gutter of twice the
    bleed, where each card keeps its own bleed. When that is less than ``bleed``,
    every edge, outer ones included, gets the same smaller bleed: the weakest edge
    of any card is then as strong as the paper allows.

    With ``bar``, one margin also holds the scale bar, ``bar`` beyond the crop marks'
    room: ``None`` when the axis has no room for both.
    """
    if n == 0 or bleed <= 0:
        return 0.0 if not bar else None
    room = MARK_MARGIN - PAGE_MARGIN
    if bar:
        spare = length - 2 * room - bar - n * piece
        return max(min(bleed, spare / (2 * n)), 0.0) if spare >= -_EPS else None
    slack = length - n * piece - 2 * bleed  # twice the margin beyond the printable area
    keep = room if slack >= 2 * room - _EPS else 0.0
    return max(min(bleed, (length - 2 * keep - n * piece) / (2 * n)), 0.0)


def _bar_axis(
    area: Box,
    cols: int,
    rows: int,
    cw: float,
    ch: float,
    bleed: float,
    page: tuple[float, float] | None,
) -> tuple[float, float, str]:
    """The bleeds across and down an automatic grid, and the margin that keeps room for
    the scale bar (``"bottom"``, ``"left"`` or ``""`` for none).

    The bar needs a margin of :data:`pnp.render.marks.BAR_MARGIN`, where the crop marks
    crossing it keep :data:`pnp.render.marks.KEPT_MARK`; without one it would sit on
    the marks of one side of the sheet. Of the sides of ``page`` long enough for it,
    the one that gives it room at the least cost to the weakest card edge takes it
    (the bottom, else the left). No ``page``: no room kept.
    """
    bx, by = _auto_bleed(area.w, cols, cw, bleed), _auto_bleed(area.h, rows, ch, bleed)
    assert bx is not None and by is not None
    if bleed <= 0 or page is None:
        return bx, by, ""
    extra = marks.BAR_MARGIN - MARK_MARGIN
    along = marks.bar_extent() + 2 * marks.EDGE_CLEAR
    options: list[tuple[tuple[float, float, int], float, float, str]] = []
    down = _auto_bleed(area.h, rows, ch, bleed, extra)
    if down is not None and page[0] >= along:
        options.append(((min(bx, down), bx + down, 1), bx, down, "bottom"))
    across = _auto_bleed(area.w, cols, cw, bleed, extra)
    if across is not None and page[1] >= along:
        options.append(((min(across, by), across + by, 0), across, by, "left"))
    if not options:
        return bx, by, ""
    _, bx, by, side = max(options)
    return bx, by, side


def card_grid(
    w: float,
    h: float,
    bleed: float,
    area: Box,
    gutter: float | None = None,
    page: tuple[float, float] | None = None,
) -> Grid:
    """The grid holding the most ``w`` × ``h`` cards in ``area``, centred.

    Cards are rotated when that fits more. With ``gutter`` ``None`` (the
    default) the grid holds as many cards as cut-line-sharing cards with
    ``bleed`` outside would, and spaces them by a gutter of twice the bleed each
    card keeps on every side (:func:`_auto_bleed`: all of ``bleed`` when the
    paper has room, else the most it has). With a ``gutter`` given, cards stand
    that far apart, keep ``min(bleed, gutter / 2)`` on their inner edges and
    ``bleed`` outside: ``0`` butts them on shared cut lines.

    With ``page`` (the paper, when ``area`` is its printable area) an automatic
    grid also keeps a margin wide enough for the scale bar beside the crop marks
    (:func:`_bar_axis`): the grid then sits off centre by half of what the bar adds.
    """
    Pair = tuple[float, float]
    # (key, cols, rows, rotated, gutters, inner bleeds, outer bleeds, the bar's margin)
    best: tuple[tuple[int, float, bool], int, int, bool, Pair, Pair, Pair, str] | None = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        side = ""
        if gutter is None:
            cols, rows = _count(area.w, cw, 0.0, bleed), _count(area.h, ch, 0.0, bleed)
            bx, by, side = _bar_axis(area, cols, rows, cw, ch, bleed, page)
            gaps, inner, outer = (2 * bx, 2 * by), (bx, by), (bx, by)
        else:
            cols, rows = _count(area.w, cw, gutter, bleed), _count(area.h, ch, gutter, bleed)
            b = min(bleed, gutter / 2)
            gaps, inner, outer = (gutter, gutter), (b, b), (bleed, bleed)
        # on a tie: the stronger bleed, then cards upright
        key = (cols * rows, round(min(inner), 6), not rotated)
        if best is None or key > best[0]:
            best = (key, cols, rows, rotated, gaps, inner, outer, side)
    assert best is not None
    (count, _, _), cols, rows, rotated, gaps, (ix, iy), (ox, oy), side = best
    if count == 0:
        raise RenderError(
            f"a {to_mm(w):g} × {to_mm(h):g} mm card with {to_mm(bleed):g} mm bleed "
            f"does not fit on this paper"
        )
    gx, gy = gaps
    cw, ch = (h, w) if rotated else (w, h)
    block_w = cols * cw + (cols - 1) * gx
    block_h = rows * ch + (rows - 1) * gy
    x0 = area.x + (area.w - block_w) / 2
    top = area.y + (area.h + block_h) / 2
    # the margin keeping room for the scale bar: off centre as far as it needs
    need = marks.BAR_MARGIN - PAGE_MARGIN
    if side == "left":
        x0 += max(0.0, need - (x0 - ox - area.x))
    elif side == "bottom":
        top += max(0.0, need - (top - block_h - oy - area.y))
    slots = []
    for r in range(rows):
        for c in range(cols):
            x = x0 + c * (cw + gx)
            y = top - (r + 1) * ch - r * gy
            left = ox if c == 0 else ix
            right = ox if c == cols - 1 else ix
            down = oy if r == rows - 1 else iy
            up = oy if r == 0 else iy
            clip = Box(x - left, y - down, cw + left + right, ch + down + up)
            slots.append(Slot(Box(x, y, cw, ch), place(w, h, x, y, rotated), r, c, clip))
    return Grid(tuple(slots), cols, rows, rotated, (gx, gy), (ix, iy))


@dataclass(frozen=True)
class TokenCell:
    """How one token shape packs: the footprint of one token and its pitches."""

    #: footprint (trim plus any bleed ring) width and height
    outer_w: float
    outer_h: float
    #: distance between neighbours in a row, and between rows
    col_pitch: float
    row_pitch: float
    #: horizontal shift of every odd row (honeycomb packing)
    odd_shift: float
    #: offset of the trim box inside the footprint
    inset: float
    #: how far art may bleed beyond the cut
    bleed: float


def token_cell(shape: str, w: float, h: float, bleed: float) -> TokenCell:
    """Packing of one token shape; square and hex tokens share cut lines."""
    if shape == "round":
        cell = w + 2 * bleed
        return TokenCell(cell, cell, cell, cell * math.sqrt(3) / 2, cell / 2, bleed, bleed)
    if shape == "hex":
        return TokenCell(w, h, w, 0.75 * h, w / 2, 0.0, 0.0)
    return TokenCell(w, h, w, h, 0.0, 0.0, bleed)


def token_pages(
    groups: Sequence[tuple[str, float, float, int]], bleed: float, area: Box
) -> list[list[tuple[int, Slot]]]:
    """Lay out bands of tokens, group after group, over as many pages as needed.

    ``groups`` holds ``(shape, w, h, count)``; the result is one list per
    page of ``(group index, slot)``. Each band is centred across the area;
    square bands keep their outer bleed inside the area.
    """
    pages: list[list[tuple[int, Slot]]] = [[]]
    cursor = area.top  # top of the free space on the current page
    for gi, (shape, w, h, count) in enumerate(groups):
        if count <= 0:  # nothing to place: no band, and no room taken
            continue
        cell = token_cell(shape, w, h, bleed)
        band = area.inset(cell.bleed) if shape == "square" else area
        per_row = [_fit_row(band.w, cell, 0.0), _fit_row(band.w, cell, cell.odd_shift)]
        if per_row[0] == 0 or band.h < cell.outer_h - _EPS:
            raise RenderError(f"a {to_mm(w):g} mm {shape} token does not fit on this paper")
        if cell.odd_shift and per_row[1] == 0:
            # too narrow for an offset row: stack plain rows instead
            cell = TokenCell(
                cell.outer_w,
                cell.outer_h,
                cell.col_pitch,
                cell.outer_h,
                0.0,
                cell.inset,
                cell.bleed,
            )
            per_row = [per_row[0], per_row[0]]
        width = max(
            (per_row[0] - 1) * cell.col_pitch + cell.outer_w,
            cell.odd_shift + (per_row[1] - 1) * cell.col_pitch + cell.outer_w if per_row[1] else 0,
        )
        x0 = band.x + (band.w - width) / 2
        placed = 0
        # square tokens bleed outwards from their band: keep that clear of the band above
        gap = BAND_GAP + (cell.bleed if shape == "square" else 0.0) if pages[-1] else 0.0
        top = min(cursor - gap, band.top)
        row = 0
        while placed < count:
            row_top = top - row * cell.row_pitch
            n = per_row[row % 2] if cell.odd_shift else per_row[0]
            if row_top - cell.outer_h < band.y - _EPS or n == 0:
                if row == 0 and not pages[-1]:
                    raise RenderError(f"a {to_mm(w):g} mm {shape} token does not fit on this paper")
                pages.append([])
                top, row = band.top, 0
                continue
            shift = cell.odd_shift if row % 2 else 0.0
            for c in range(min(n, count - placed)):
                x = x0 + shift + c * cell.col_pitch + cell.inset
                y = row_top - cell.outer_h + cell.inset
                pages[-1].append((gi, Slot(Box(x, y, w, h), Transform.translate(x, y), row, c)))
                placed += 1
            row += 1
        cursor = top - (row - 1) * cell.row_pitch - cell.outer_h
    return [page for page in pages if page]


def _fit_row(width: float, cell: TokenCell, shift: float) -> int:
    free = width - shift - cell.outer_w
    if free < -_EPS:
        return 0
    return math.floor(free / cell.col_pitch + _EPS) + 1


def halves(area: Box, vertical: bool) -> tuple[Box, Box, float]:
    """Split ``area`` for gutterfold: ``(front half, back half, fold position)``.

    With a vertical fold the fronts take the left half; with a horizontal one,
    the top half.
    """
    if vertical:
        fold = area.x + area.w / 2
        half = area.w / 2 - FOLD_GAP
        return Box(area.x, area.y, half, area.h), Box(fold + FOLD_GAP, area.y, half, area.h), fold
    fold = area.y + area.h / 2
    half = area.h / 2 - FOLD_GAP
    return Box(area.x, fold + FOLD_GAP, area.w, half), Box(area.x, area.y, area.w, half), fold


def flip(page: tuple[float, float], mode: str) -> Transform:
    """The sheet flip that puts a back behind its front (``long`` or ``short`` edge)."""
    w, h = page
    if mode == "long":
        return Transform.mirror_x(w / 2)
    if mode == "short":
        return Transform.mirror_y(h / 2)
    raise ValueError(mode)


def back_transform(front: Transform, w: float, h: float, sheet_flip: Transform) -> Transform:
    """Where the back of a ``w`` × ``h`` piece goes, given its front's transform."""
    return Transform.mirror_x(w / 2).then(front).then(sheet_flip)


def bleed_clips(trims: Sequence[Box], bleed: float) -> list[Box]:
    """Each trim grown by the bleed except on edges it shares with a neighbour.

    Shared cut lines get no bleed, so one piece's bleed never paints over
    the next piece's art.
    """
    if bleed <= 0:
        return list(trims)

    def key(v: float) -> int:
        return round(v * 100)

    lefts: dict[int, list[Box]] = {}
    bottoms: dict[int, list[Box]] = {}
    rights: dict[int, list[Box]] = {}
    tops: dict[int, list[Box]] = {}
    for t in trims:
        lefts.setdefault(key(t.x), []).append(t)
        rights.setdefault(key(t.right), []).append(t)
        bottoms.setdefault(key(t.y), []).append(t)
        tops.setdefault(key(t.top), []).append(t)

    def shares_x(t: Box, others: list[Box]) -> bool:
        return any(o is not t and o.y < t.top - _EPS and t.y < o.top - _EPS for o in others)

    def shares_y(t: Box, others: list[Box]) -> bool:
        return any(o is not t and o.x < t.right - _EPS and t.x < o.right - _EPS for o in others)

    out = []
    for t in trims:
        left = 0.0 if shares_x(t, rights.get(key(t.x), [])) else bleed
        right = 0.0 if shares_x(t, lefts.get(key(t.right), [])) else bleed
        bottom = 0.0 if shares_y(t, tops.get(key(t.y), [])) else bleed
        top = 0.0 if shares_y(t, bottoms.get(key(t.top), [])) else bleed
        out.append(Box(t.x - left, t.y - bottom, t.w + left + right, t.h + bottom + top))
    return out
