"""Sheets of cards and tokens: fronts, duplex backs or gutterfold pairs, and their marks."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.render import imposition, marks
from pnp.render.components import Card, Component, Token
from pnp.render.geometry import Box, Transform
from pnp.render.imposition import Slot
from pnp.render.options import RenderOptions
from pnp.render.pages import PagePlan, Placed


@dataclass(frozen=True)
class _Piece:
    component: Component
    copy: int
    w: float
    h: float
    shape: str


def _copies(components: Sequence[Component]) -> list[_Piece]:
    out: list[_Piece] = []
    for comp in components:
        w, h = comp.trim_size()
        shape = comp.shape if isinstance(comp, Token) else "rect"
        out.extend(_Piece(comp, i, w, h, shape) for i in range(comp.copies))
    return out


def _runs(pieces: list[_Piece]) -> list[list[_Piece]]:
    """Consecutive pieces of one size and shape: each run starts a fresh layout."""
    runs: list[list[_Piece]] = []
    for piece in pieces:
        if runs and (runs[-1][0].w, runs[-1][0].h, runs[-1][0].shape) == (
            piece.w,
            piece.h,
            piece.shape,
        ):
            runs[-1].append(piece)
        else:
            runs.append([piece])
    return runs


def _sheet_flip(options: RenderOptions, page: tuple[float, float]) -> Transform:
    flip = imposition.flip(page, options.duplex)
    dx, dy = options.back_offset
    return flip.then(Transform.translate(dx, dy))


def _finish_fronts(
    page: PagePlan, options: RenderOptions, bleed: float, crop: bool, outline_all: bool
) -> None:
    """Scale bar, crop marks, cut lines and page boxes of a page with fronts."""
    fronts = [p for p in page.placed if p.side == "face"]
    art = page.art_boxes()
    trims, clips = [p.trim for p in fronts], [p.clip for p in fronts]
    crop = crop and options.crop_marks
    # the marks first: the bar goes where it leaves every one a usable length
    free = marks.crop_marks(trims, bleed, page.size, art, clips) if crop else []
    page.scale_bar = marks.scale_bar(page.size, art, free)
    if crop:
        page.crop_marks = marks.crop_marks(
            trims, bleed, page.size, [*art, page.scale_bar.box], clips
        )
    if options.cut_lines or outline_all:
        page.outlines = [(p.shape, p.w, p.h, p.transform) for p in fronts]
    _boxes(page)


def _boxes(page: PagePlan) -> None:
    if page.placed:
        page.trim_box = Box.union([p.trim for p in page.placed])
        page.bleed_box = Box.union([p.clip for p in page.placed])


def _clips(pieces: list[_Piece], bleed: float, slots: list[Slot]) -> list[Box]:
    """Allowed paint areas of fronts: a card grid gives each card its own (its bleed
    on every side, into the gutter); square tokens share bleed-free cut lines, round
    ones get a bleed ring, hexes stop at their cut."""
    trims = [s.trim for s in slots]
    rect = [
        i
        for i, (p, s) in enumerate(zip(pieces, slots, strict=True))
        if p.shape == "square" or (p.shape == "rect" and s.clip is None)
    ]
    shared = imposition.bleed_clips([trims[i] for i in rect], bleed)
    clips = [s.clip if s.clip is not None else s.trim for s in slots]
    for i, clip in zip(rect, shared, strict=True):
        clips[i] = clip
    for i, p in enumerate(pieces):
        if p.shape == "round":
            clips[i] = trims[i].outset(bleed)
    return clips


def _placed(
    pieces: list[_Piece], transforms: list[Transform], clips: list[Box], side: str, bleed: float
) -> list[Placed]:
    out = []
    for piece, t, clip in zip(pieces, transforms, clips, strict=True):
        draw = piece.component.face if side == "face" else piece.component.back_draw
        b = 0.0 if piece.shape == "hex" else bleed
        out.append(
            Placed(
                piece.component, piece.copy, side, draw, piece.w, piece.h, t, clip, piece.shape, b
            )
        )
    return out


def plan_cards(cards: Sequence[Card], options: RenderOptions) -> list[PagePlan]:
    """Pages for a file of cards: n-up fronts, then backs or gutterfold pairs."""
    pieces = _copies(cards)
    return _plan(pieces, options, is_token=False)


def plan_tokens(tokens: Sequence[Token], options: RenderOptions) -> list[PagePlan]:
    """Pages for a file of tokens: bands of chits on shared cut lines."""
    pieces = _copies(tokens)
    return _plan(pieces, options, is_token=True)


def _layouts(
    pieces: list[_Piece], options: RenderOptions, area: Box, is_token: bool
) -> list[list[tuple[_Piece, Slot]]]:
    """Assign every piece a slot; one list per page."""
    bleed = options.bleed
    if is_token:
        groups = [(run[0].shape, run[0].w, run[0].h, len(run)) for run in _runs(pieces)]
        flat = [p for run in _runs(pieces) for p in run]
        pages = imposition.token_pages(groups, bleed, area)
        out: list[list[tuple[_Piece, Slot]]] = []
        i = 0
        for page in pages:
            out.append([])
            for _, slot in page:
                out[-1].append((flat[i], slot))
                i += 1
        return out
    out = []
    for run in _runs(pieces):
        # a sheet's grid keeps a margin for the scale bar; a gutterfold half does not
        # border the paper on every side
        paper = options.page_size if options.layout == "grid" else None
        grid = imposition.card_grid(run[0].w, run[0].h, bleed, area, options.gutter, paper)
        for start in range(0, len(run), grid.per_page):
            chunk = run[start : start + grid.per_page]
            out.append(list(zip(chunk, grid.slots, strict=False)))
    return out


def _plan(pieces: list[_Piece], options: RenderOptions, is_token: bool) -> list[PagePlan]:
    page_size = options.page_size
    area = imposition.printable_area(page_size)
    has_backs = any(p.component.back_draw is not None for p in pieces)
    if options.layout == "gutterfold":
        backed = [p for p in pieces if p.component.back_draw is not None]
        folded = _plan_gutterfold(backed, options, area, is_token) if backed else []
        single = [p for p in pieces if p.component.back_draw is None]
        if not single:
            return folded
        # nothing to fold over: single-sided pieces follow on whole pages of their own
        grid = dataclasses.replace(options, layout="grid", duplex="none")
        return folded + _plan(single, grid, is_token)
    plans: list[PagePlan] = []
    sheet_flip = _sheet_flip(options, page_size) if options.duplex != "none" else None
    # full pages of one grid share all their geometry: work it out once
    cache: dict[tuple[object, ...], tuple[PagePlan, PagePlan | None]] = {}
    for layout in _layouts(pieces, options, area, is_token):
        chunk = [p for p, _ in layout]
        key = tuple((p.w, p.h, p.shape, id(slot)) for p, slot in layout)
        if key not in cache:
            cache[key] = _sheet_geometry(
                chunk, [s for _, s in layout], options, is_token, sheet_flip
            )
        front_geo, back_geo = cache[key]
        front = dataclasses.replace(front_geo)
        front.placed = [
            dataclasses.replace(g, component=p.component, copy=p.copy, draw=p.component.face)
            for p, g in zip(chunk, front_geo.placed, strict=True)
        ]
        plans.append(front)
        if back_geo is None or not has_backs:
            continue
        back = dataclasses.replace(back_geo)
        back.placed = [
            dataclasses.replace(g, component=p.component, copy=p.copy, draw=p.component.back_draw)
            for p, g in zip(chunk, back_geo.placed, strict=True)
            if p.component.back_draw is not None
        ]
        _boxes(back)
        plans.append(back)
    return plans


def _sheet_geometry(
    chunk: list[_Piece],
    slots: list[Slot],
    options: RenderOptions,
    is_token: bool,
    sheet_flip: Transform | None,
) -> tuple[PagePlan, PagePlan | None]:
    """The geometry of one page of fronts (and its backs): placements, marks, boxes."""
    page_size = options.page_size
    bleed = options.bleed
    fronts = [s.transform for s in slots]
    clips = _clips(chunk, bleed, slots)
    front = PagePlan(page_size, "fronts")
    front.placed = _placed(chunk, fronts, clips, "face", bleed)
    _finish_fronts(front, options, bleed, crop=not is_token, outline_all=is_token)
    if sheet_flip is None:
        return front, None
    backs = [
        imposition.back_transform(t, p.w, p.h, sheet_flip)
        for p, t in zip(chunk, fronts, strict=True)
    ]
    back = PagePlan(page_size, "backs")
    # each back paints exactly the area behind its front's
    back_clips = [sheet_flip.box(c) for c in clips]
    back.placed = _placed(chunk, backs, back_clips, "back", bleed)
    return front, back


def _plan_gutterfold(
    pieces: list[_Piece], options: RenderOptions, area: Box, is_token: bool
) -> list[PagePlan]:
    """Fronts on one half, backs mirrored on the other, a fold line between."""
    page_size = options.page_size
    bleed = options.bleed
    best: tuple[int, list[list[tuple[_Piece, Slot]]], Box, float, bool] | None = None
    for vertical in (True, False):
        front_half, _, fold = imposition.halves(area, vertical)
        try:
            layouts = _layouts(pieces, options, front_half, is_token)
        except Exception:
            if not vertical and best is None:
                raise
            continue
        if best is None or len(layouts) < best[0]:
            best = (len(layouts), layouts, front_half, fold, vertical)
    assert best is not None
    _, layouts, _, fold, vertical = best
    fold_flip = Transform.mirror_x(fold) if vertical else Transform.mirror_y(fold)
    plans = []
    for layout in layouts:
        chunk = [p for p, _ in layout]
        fronts = [s.transform for _, s in layout]
        clips = _clips(chunk, bleed, [s for _, s in layout])
        backs = [
            imposition.back_transform(t, p.w, p.h, fold_flip)
            for p, t in zip(chunk, fronts, strict=True)
        ]
        page = PagePlan(page_size, "gutterfold")
        front_placed = _placed(chunk, fronts, clips, "face", bleed)
        back_clips = [fold_flip.box(c) for c in clips]
        back_placed = [
            p for p in _placed(chunk, backs, back_clips, "back", bleed) if p.draw is not None
        ]
        page.placed = front_placed + back_placed
        _finish_fronts(page, options, bleed, crop=not is_token, outline_all=is_token)
        block = Box.union([p.clip for p in page.placed])
        if vertical:
            page.folds = [
                marks.Segment(
                    fold, block.y - 2 * marks.MARK_GAP, fold, block.top + 2 * marks.MARK_GAP
                )
            ]
        else:
            page.folds = [
                marks.Segment(
                    block.x - 2 * marks.MARK_GAP, fold, block.right + 2 * marks.MARK_GAP, fold
                )
            ]
        plans.append(page)
    return plans
