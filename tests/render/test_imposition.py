"""Where pieces go on paper, checked as geometry: card grids against a search over every
count of columns and rows, token bands for bounds, overlaps and page breaks, gutterfold
halves, duplex backs and the bleed each piece may paint."""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.render.geometry import Box, Transform
from pnp.render.imposition import (
    BAND_GAP,
    FOLD_GAP,
    MARK_MARGIN,
    PAGE_MARGIN,
    TokenCell,
    _fit_row,
    back_transform,
    bleed_clips,
    card_grid,
    flip,
    halves,
    place,
    printable_area,
    token_cell,
    token_pages,
)
from pnp.render.marks import BAR_MARGIN
from pnp.render.report import RenderError
from pnp.render.units import mm

EPS = 1e-6


def close(a: Box, b: Box) -> bool:
    """Whether two boxes are equal to a millionth of a point."""
    return all(math.isclose(p, q, abs_tol=EPS) for p, q in zip(a.as_pdf(), b.as_pdf(), strict=True))


def _most(length: float, piece: float, gutter: float, bleed: float) -> int:
    """The most pieces that fit in a row of ``length``, found by counting up."""
    n = 0
    while (n + 1) * piece + n * gutter + 2 * bleed <= length + EPS:
        n += 1
    return n


def _search(
    w: float, h: float, bleed: float, area: Box, gutter: float = 0.0
) -> tuple[int, int, bool]:
    """The most cards ``card_grid`` must place: cards ``gutter`` apart with ``bleed``
    outside the grid, upright or turned (an automatic grid holds as many as cards
    sharing their cut lines)."""
    best: tuple[tuple[int, bool], int, int, bool] | None = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cols, rows = _most(area.w, cw, gutter, bleed), _most(area.h, ch, gutter, bleed)
        key = (cols * rows, not rotated)
        if best is None or key > best[0]:
            best = (key, cols, rows, rotated)
    assert best is not None
    return best[1], best[2], best[3]


def _bleeds(slot_trim: Box, clip: Box) -> tuple[float, float, float, float]:
    """How far a clip reaches beyond its trim: left, right, bottom, top."""
    return (
        slot_trim.x - clip.x,
        clip.right - slot_trim.right,
        slot_trim.y - clip.y,
        clip.top - slot_trim.top,
    )


#: lengths in whole quarter points, so that exact fits are exact in binary
def quarters(low: int, high: int) -> st.SearchStrategy[float]:
    return st.integers(min_value=low, max_value=high).map(lambda q: q / 4)


# -- card grids ----------------------------------------------------------------------


def _check_grid_shape(grid, w: float, h: float, area: Box) -> None:
    """Row by row from the top, each row from the left, evenly spaced, centred, every
    slot's transform taking the piece's own trim onto the slot."""
    rows, cols, rotated = grid.rows, grid.cols, grid.rotated
    cw, ch = (h, w) if rotated else (w, h)
    gx, gy = grid.gutter
    assert grid.per_page == cols * rows
    assert [(s.row, s.col) for s in grid.slots] == [
        (r, c) for r in range(rows) for c in range(cols)
    ]
    first = grid.slots[0].trim
    for s in grid.slots:
        assert math.isclose(s.trim.w, cw) and math.isclose(s.trim.h, ch)
        assert math.isclose(s.trim.x, first.x + s.col * (cw + gx), abs_tol=EPS)
        assert math.isclose(s.trim.top, first.top - s.row * (ch + gy), abs_tol=EPS)
        assert close(s.transform.box(Box(0, 0, w, h)), s.trim)
        assert s.clip is not None and area.contains(s.clip.inset(EPS))
    block = Box.union([s.trim for s in grid.slots])
    assert math.isclose(block.x - area.x, area.right - block.right, abs_tol=EPS)
    assert math.isclose(block.y - area.y, area.top - block.top, abs_tol=EPS)
    # no card paints over another card
    for a, b in combinations(grid.slots, 2):
        assert a.clip is not None and b.clip is not None
        assert not a.clip.inset(EPS).overlaps(b.clip.inset(EPS))


# no deadline: a loaded machine must not fail a geometry check (no timed assertions)
@settings(max_examples=300, deadline=None)
@given(
    w=quarters(40, 1200),
    h=quarters(40, 1200),
    bleed=st.sampled_from([0.0, 0.5, 2.0, 8.5]),
    area_w=quarters(100, 2400),
    area_h=quarters(100, 2400),
)
def test_card_grid_holds_the_most_cards_each_with_its_own_bleed(
    w: float, h: float, bleed: float, area_w: float, area_h: float
) -> None:
    """An automatic grid holds as many cards as cut-line-sharing cards would, and gives
    every edge of every card the same bleed across each axis, with a gutter of twice
    that between cards: all of ``bleed`` when the paper has room; else all the paper
    beyond the margin cut-line-sharing cards would leave (up to 2 mm beyond the
    printable area, for the crop marks) goes to the bleed."""
    area = Box(10.0, 20.0, area_w, area_h)
    cols, rows, _ = _search(w, h, bleed, area)
    if cols * rows == 0:
        with pytest.raises(RenderError, match=r"card with [\d.]+ mm bleed does not fit"):
            card_grid(w, h, bleed, area)
        return
    grid = card_grid(w, h, bleed, area)
    assert grid.cols * grid.rows == cols * rows
    _check_grid_shape(grid, w, h, area)
    cw, ch = (h, w) if grid.rotated else (w, h)
    reach = Box.union([s.clip for s in grid.slots if s.clip is not None])
    for axis, (n, piece, length, margin) in enumerate(
        [
            (grid.cols, cw, area.w, reach.x - area.x),
            (grid.rows, ch, area.h, reach.y - area.y),
        ]
    ):
        b = grid.inner_bleed[axis]
        assert grid.gutter[axis] == pytest.approx(2 * b)
        for s in grid.slots:
            assert s.clip is not None
            sides = _bleeds(s.trim, s.clip)[2 * axis : 2 * axis + 2]
            assert sides == pytest.approx((b, b), abs=EPS)
        # where cut-line-sharing cards left 2 mm beyond the area for crop marks, that
        # stays; when the bleed falls short of ``bleed``, that is all there is
        today = (length - n * piece - 2 * bleed) / 2
        room = MARK_MARGIN - PAGE_MARGIN
        keep = room if today >= room - EPS else 0.0
        assert 0 <= b <= bleed + EPS
        assert margin >= keep - EPS
        if b < bleed - EPS:
            assert margin == pytest.approx(keep, abs=1e-4)


@settings(max_examples=200, deadline=None)
@given(
    w=quarters(40, 1200),
    h=quarters(40, 1200),
    bleed=st.sampled_from([0.0, 0.5, 2.0, 8.5]),
    gutter=st.sampled_from([0.0, 1.0, 4.0, 20.0]),
    area_w=quarters(100, 2400),
    area_h=quarters(100, 2400),
)
def test_a_given_gutter_spaces_the_most_cards_that_fit_with_it(
    w: float, h: float, bleed: float, gutter: float, area_w: float, area_h: float
) -> None:
    """``gutter`` apart, ``bleed`` outside, half the gutter (at most the bleed) inside."""
    area = Box(10.0, 20.0, area_w, area_h)
    cols, rows, rotated = _search(w, h, bleed, area, gutter)
    if cols * rows == 0:
        with pytest.raises(RenderError, match="does not fit"):
            card_grid(w, h, bleed, area, gutter)
        return
    grid = card_grid(w, h, bleed, area, gutter)
    assert (grid.cols, grid.rows, grid.rotated, grid.gutter) == (
        cols,
        rows,
        rotated,
        (gutter, gutter),
    )
    _check_grid_shape(grid, w, h, area)
    inner = min(bleed, gutter / 2)
    for s in grid.slots:
        assert s.clip is not None
        left, right, bottom, top = _bleeds(s.trim, s.clip)
        assert left == pytest.approx(bleed if s.col == 0 else inner)
        assert right == pytest.approx(bleed if s.col == cols - 1 else inner)
        assert top == pytest.approx(bleed if s.row == 0 else inner)
        assert bottom == pytest.approx(bleed if s.row == rows - 1 else inner)


def test_an_exact_fit_is_a_fit() -> None:
    """Three 64 pt cards, two 8 pt gutters and 4 pt of bleed each side fill 216 pt exactly
    (a given gutter: an automatic one would keep some of the margin for crop marks)."""
    grid = card_grid(64, 100, 4, Box(0, 0, 216, 100 + 8), gutter=8)
    assert (grid.cols, grid.rows, grid.gutter) == (3, 1, (8, 8))
    assert [s.trim.x for s in grid.slots] == [4, 76, 148]
    # the same with shared cut lines: three cards and the outer bleed, 200 pt
    grid = card_grid(64, 100, 4, Box(0, 0, 200, 108), gutter=0)
    assert (grid.cols, grid.rows, grid.gutter) == (3, 1, (0, 0))
    assert [s.trim.x for s in grid.slots] == [4, 68, 132]
    # automatic: still three cards, each with a 4/3 pt bleed on every side
    grid = card_grid(64, 100, 4, Box(0, 0, 200, 108))
    assert (grid.cols, grid.inner_bleed[0]) == (3, pytest.approx(4 / 3))
    assert grid.slots[0].clip.x == pytest.approx(0)
    assert grid.slots[2].clip.right == pytest.approx(200)
    # and rows: two 100 pt rows with an 8 pt gutter and the bleed, 216 pt
    grid = card_grid(64, 100, 4, Box(0, 0, 72, 216), gutter=8)
    assert (grid.cols, grid.rows, grid.gutter, grid.rotated) == (1, 2, (8, 8), False)
    grid = card_grid(64, 100, 4, Box(0, 0, 72, 208), gutter=0)
    assert (grid.cols, grid.rows, grid.gutter) == (1, 2, (0, 0))


def test_an_automatic_gutter_keeps_a_margin_for_crop_marks() -> None:
    """Three 63 mm cards across A4 (202 mm inside the printable margin): cut-line-sharing
    cards left 7.5 mm to the paper's edge, room for crop marks; the gutters take what is
    beyond 6 mm, so each card keeps 1.5 mm on its left and right."""
    area = printable_area((210 * mm, 297 * mm))
    grid = card_grid(63 * mm, 88 * mm, 3 * mm, area)
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)
    assert grid.inner_bleed == pytest.approx((1.5 * mm, 3 * mm))
    assert grid.gutter == pytest.approx((3 * mm, 6 * mm))
    reach = Box.union([s.clip for s in grid.slots])
    assert reach.x == pytest.approx(MARK_MARGIN) == pytest.approx(6 * mm)
    # on Letter three rows left 4.7 mm, too little for crop marks clear of the 5 mm
    # printers leave blank: the printable 4 mm stays, the rest is 1.23 mm of bleed
    area = printable_area((215.9 * mm, 279.4 * mm))
    grid = card_grid(63 * mm, 88 * mm, 3 * mm, area)
    assert (grid.cols, grid.rows) == (3, 3)
    assert grid.inner_bleed == pytest.approx((2.4833 * mm, 7.4 / 6 * mm), abs=1e-3)
    reach = Box.union([s.clip for s in grid.slots])
    assert reach.y == pytest.approx(PAGE_MARGIN)


@pytest.mark.parametrize(
    ("paper", "size", "bleeds", "side"),
    [
        # A4 poker: the rows had 7.5 mm margins; the bottom one takes 8.25, no bleed lost
        ((210, 297), (63, 88), (1.5, 3.0), "bottom"),
        # A4 44 x 63 (six rows): the bottom margin costs 0.19 mm of bleed down the sheet
        ((210, 297), (44, 63), (1.5, 1.5625), "bottom"),
        # Letter poker: the rows have no room to spare; the columns give 0.375 mm
        ((215.9, 279.4), (63, 88), (2.1083, 7.4 / 6), "left"),
    ],
)
def test_a_sheet_grid_keeps_a_margin_for_the_scale_bar_beside_the_crop_marks(
    paper: tuple[float, float], size: tuple[float, float], bleeds: tuple[float, float], side: str
) -> None:
    """Given the paper, the grid leaves one margin of BAR_MARGIN (the bar beside crop
    marks of at least 3 mm) and the others at least MARK_MARGIN where they had it, the
    axis that costs the weakest card edge least taking the bar; no card is lost."""
    page = (paper[0] * mm, paper[1] * mm)
    area = printable_area(page)
    w, h = size[0] * mm, size[1] * mm
    plain = card_grid(w, h, 3 * mm, area)
    grid = card_grid(w, h, 3 * mm, area, page=page)
    assert (grid.cols, grid.rows, grid.rotated) == (plain.cols, plain.rows, plain.rotated)
    assert grid.inner_bleed == pytest.approx((bleeds[0] * mm, bleeds[1] * mm), abs=1e-3)
    reach = Box.union([s.clip for s in grid.slots if s.clip is not None])
    before = Box.union([s.clip for s in plain.slots if s.clip is not None])

    def margins(box: Box) -> dict[str, float]:
        return {
            "left": box.x,
            "right": page[0] - box.right,
            "bottom": box.y,
            "top": page[1] - box.top,
        }

    now, was = margins(reach), margins(before)
    assert now[side] >= BAR_MARGIN - EPS
    for other in now:
        assert now[other] >= min(was[other], MARK_MARGIN) - EPS, other


def test_no_bleed_butts_cards_on_shared_cut_lines() -> None:
    grid = card_grid(64, 100, 0, Box(0, 0, 200, 120))
    assert (grid.cols, grid.gutter, grid.inner_bleed) == (3, (0, 0), (0, 0))
    assert all(s.clip == s.trim for s in grid.slots)


def test_keeping_more_bleed_outranks_staying_upright() -> None:
    """24 cards either way; turned, every card keeps all its bleed (a 1 pt gutter), upright
    less: turned wins."""
    grid = card_grid(43, 61, 0.5, Box(0, 0, 262, 300))
    assert (grid.cols, grid.rows, grid.rotated, grid.gutter) == (4, 6, True, (1.0, 1.0))


def test_cards_turn_only_when_turning_fits_more() -> None:
    # 100 × 64 cards: unrotated 1 × 3 in 120 × 200, rotated (64 wide) also 1 × 3: stays upright
    grid = card_grid(100, 64, 0, Box(0, 0, 120, 200))
    assert (grid.cols, grid.rows, grid.rotated) == (1, 3, False)
    # in 200 × 110 upright gives 2 × 1, turned 3 × 1
    grid = card_grid(100, 64, 0, Box(0, 0, 200, 110))
    assert (grid.cols, grid.rows, grid.rotated) == (3, 1, True)


def test_a_card_too_big_for_the_paper_is_an_error_in_millimetres() -> None:
    mm = 72 / 25.4
    with pytest.raises(RenderError) as caught:
        card_grid(300 * mm, 400 * mm, 3 * mm, printable_area((210 * mm, 297 * mm)))
    assert str(caught.value) == ("a 300 × 400 mm card with 3 mm bleed does not fit on this paper")


def test_a_card_that_fits_one_way_but_not_across_is_an_error() -> None:
    """A 400 × 50 mm strip: no column upright on A4, no row turned: nothing fits."""
    mm = 72 / 25.4
    with pytest.raises(RenderError, match="a 400 × 50 mm card"):
        card_grid(400 * mm, 50 * mm, 0, printable_area((210 * mm, 297 * mm)))


def test_printable_area_keeps_the_page_margin() -> None:
    assert printable_area((600, 800)) == Box(
        PAGE_MARGIN, PAGE_MARGIN, 600 - 2 * PAGE_MARGIN, 800 - 2 * PAGE_MARGIN
    )


def test_a_turned_piece_turns_anticlockwise_into_its_slot() -> None:
    """``place`` turns a quarter anticlockwise: the piece's bottom-left corner goes to the
    slot's bottom-right, its top-left to the slot's bottom-left."""
    t = place(30, 50, 100, 200, rotated=True)
    assert t.apply(0, 0) == (150, 200)
    assert t.apply(0, 50) == (100, 200)
    assert t.apply(30, 0) == (150, 230)
    assert place(30, 50, 100, 200, rotated=False).apply(0, 0) == (100, 200)


# -- token bands ---------------------------------------------------------------------


def test_token_cells_by_shape() -> None:
    round_ = token_cell("round", 20, 20, 2)
    assert round_ == TokenCell(24, 24, 24, 24 * math.sqrt(3) / 2, 12, 2, 2)
    assert token_cell("hex", 20, 18, 2) == TokenCell(20, 18, 20, 13.5, 10, 0.0, 0.0)
    assert token_cell("square", 20, 20, 2) == TokenCell(20, 20, 20, 20, 0.0, 0.0, 2)


@settings(max_examples=300, deadline=None)
@given(
    width=quarters(0, 2000),
    outer=quarters(4, 400),
    pitch=quarters(4, 400),
    shift=quarters(0, 200),
)
def test_fit_row_counts_what_fits(width: float, outer: float, pitch: float, shift: float) -> None:
    cell = TokenCell(outer, outer, pitch, pitch, shift, 0.0, 0.0)
    n = 0
    while shift + n * pitch + outer <= width + EPS:
        n += 1
    assert _fit_row(width, cell, shift) == n


def _tokens(draw_groups: list[tuple[str, float, int]]) -> list[tuple[str, float, float, int]]:
    return [
        (shape, size, size * 0.9 if shape == "hex" else size, count)
        for shape, size, count in draw_groups
    ]


groups_strategy = st.lists(
    st.tuples(
        st.sampled_from(["round", "hex", "square"]),
        quarters(40, 400),
        st.integers(min_value=1, max_value=40),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(groups=groups_strategy, bleed=st.sampled_from([0.0, 2.0, 8.5]))
def test_token_pages_place_every_token_in_bounds_without_overlap(
    groups: list[tuple[str, float, int]], bleed: float
) -> None:
    area = Box(12.0, 12.0, 560.0, 800.0)
    spec = _tokens(groups)
    try:
        pages = token_pages(spec, bleed, area)
    except RenderError as exc:
        # only a token wider or taller than the area, with its bleed, is refused
        assert "token does not fit on this paper" in str(exc)
        assert any(
            token_cell(shape, w, h, bleed).outer_w
            > area.w - 2 * (bleed if shape == "square" else 0)
            or token_cell(shape, w, h, bleed).outer_h
            > area.h - 2 * (bleed if shape == "square" else 0)
            for shape, w, h, _ in spec
        )
        return
    placed = [gi for page in pages for gi, _ in page]
    # every token once, group after group
    assert placed == [gi for gi, (_, _, _, count) in enumerate(spec) for _ in range(count)]
    assert all(pages)
    for page in pages:
        for gi, slot in page:
            shape, w, h, _ = spec[gi]
            assert slot.trim.w == w and slot.trim.h == h
            assert slot.transform == Transform.translate(slot.trim.x, slot.trim.y)
            reach = slot.trim.outset(bleed) if shape in ("round", "square") else slot.trim
            assert area.contains(reach), (shape, reach, area)
        for (ga, a), (gb, b) in combinations(page, 2):
            if spec[ga][0] == "round" and spec[gb][0] == "round" and ga == gb:
                # circles in a honeycomb: centres at least a diameter (plus bleed) apart
                (ax, ay), (bx, by) = a.trim.center, b.trim.center
                assert math.hypot(ax - bx, ay - by) >= a.trim.w + 2 * bleed - EPS
            elif spec[ga][0] == "hex" and ga == gb:
                continue  # hexes nest into each other's boxes
            else:
                assert not a.trim.overlaps(b.trim), (a.trim, b.trim)


def test_round_tokens_pack_as_a_honeycomb() -> None:
    """Odd rows shift by half a token and rows sit a token's height × √3/2 apart."""
    pages = token_pages([("round", 20, 20, 7)], 2, Box(0, 0, 100, 400))
    assert len(pages) == 1
    slots = [slot for _, slot in pages[0]]
    # 100 pt holds four 24 pt cells in the first row, three shifted by 12 pt in the next
    assert [(s.row, s.col) for s in slots] == [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 1),
        (1, 2),
    ]
    assert [s.trim.x for s in slots[:4]] == [4, 28, 52, 76]
    assert [s.trim.x for s in slots[4:]] == [16, 40, 64]
    assert slots[0].trim.top == 400 - 2
    assert math.isclose(slots[0].trim.y - slots[4].trim.y, 24 * math.sqrt(3) / 2)


def test_a_band_too_narrow_for_an_offset_row_stacks_plain_rows() -> None:
    pages = token_pages([("round", 20, 20, 3)], 0, Box(0, 0, 25, 400))
    slots = [slot for _, slot in pages[0]]
    assert [s.trim.x for s in slots] == [2.5, 2.5, 2.5]
    assert [s.trim.y for s in slots] == [380, 360, 340]


def test_bands_of_different_tokens_keep_a_gap_and_square_bleed_clear() -> None:
    pages = token_pages([("hex", 40, 36, 1), ("square", 30, 30, 1)], 3, Box(0, 0, 200, 400))
    (_, hexa), (_, square) = pages[0]
    assert hexa.trim.top == 400
    assert square.trim.top == pytest.approx(hexa.trim.y - BAND_GAP - 3)
    # a square band keeps its outer bleed inside the area (194 pt wide from x = 3), and
    # its full row (six tokens, 180 pt) is centred there, however few tokens it holds
    assert square.trim.x == pytest.approx(3 + (194 - 180) / 2)


def test_tokens_run_over_to_a_new_page_when_a_row_does_not_fit() -> None:
    # 50 pt squares, 2 a row in 110 pt, 3 rows in 160 pt: 6 on a page
    pages = token_pages([("square", 50, 50, 8)], 0, Box(0, 0, 110, 160))
    assert [len(p) for p in pages] == [6, 2]
    assert [s.row for _, s in pages[1]] == [0, 0]
    assert pages[1][0][1].trim.top == 160
    # a first band that does not fit the height of a fresh page is an error
    with pytest.raises(RenderError, match=r"a [\d.]+ mm square token does not fit on this paper"):
        token_pages([("square", 50, 170, 1)], 0, Box(0, 0, 110, 160))
    with pytest.raises(RenderError, match=r"a [\d.]+ mm round token does not fit on this paper"):
        token_pages([("round", 120, 120, 1)], 0, Box(0, 0, 110, 160))


def test_a_round_band_keeps_just_the_band_gap_below_the_one_above() -> None:
    """Round tokens bleed inside their own cell: no extra room beyond the band gap."""
    pages = token_pages([("square", 50, 50, 1), ("round", 20, 20, 1)], 2, Box(0, 0, 110, 400))
    (_, square), (_, round_) = pages[0]
    # the round token's cell (its trim and a 2 pt ring) starts a band gap below the square
    assert round_.trim.top + 2 == pytest.approx(square.trim.y - BAND_GAP)


def test_a_second_band_starts_below_the_first_on_the_same_page() -> None:
    pages = token_pages([("square", 50, 50, 1), ("square", 50, 50, 1)], 0, Box(0, 0, 110, 400))
    (_, first), (_, second) = pages[0]
    assert len(pages) == 1
    assert second.trim.top == pytest.approx(first.trim.y - BAND_GAP)


@pytest.mark.parametrize(
    ("shape", "w", "h", "bleed", "area", "per_row"),
    [
        # two 50 pt squares fill a 100 × 50 pt band edge to edge
        ("square", 50.0, 50.0, 0.0, Box(0, 0, 100, 50), 2),
        # squares keep their outer bleed inside the area: 3 + 2 × 30 + 3 by 3 + 30 + 3
        ("square", 30.0, 30.0, 3.0, Box(0, 0, 66, 36), 2),
        # four 24 pt round cells (20 pt and a 2 pt ring) in 96 pt, one cell high
        ("round", 20.0, 20.0, 2.0, Box(10, 20, 96, 24), 4),
        # two 40 pt hexes side by side, one hex high
        ("hex", 40.0, 36.0, 2.0, Box(0, 0, 80, 36), 2),
    ],
)
def test_a_row_that_fills_the_band_exactly_fits(
    shape: str, w: float, h: float, bleed: float, area: Box, per_row: int
) -> None:
    """Tokens whose footprint fills the band to the point, across and down, all go on the
    first row of one page: a designer who sizes tokens to the sheet gets a full sheet,
    not a near-empty page per row, nor an error for a token that fits."""
    pages = token_pages([(shape, w, h, per_row)], bleed, area)
    assert len(pages) == 1
    assert [(s.row, s.col) for _, s in pages[0]] == [(0, c) for c in range(per_row)]
    for _, slot in pages[0]:
        reach = slot.trim.outset(bleed) if shape != "hex" else slot.trim
        assert area.contains(reach)


def test_rows_that_fill_the_band_exactly_share_one_page() -> None:
    """Six 50 pt squares in a 100 × 150 pt area: three full rows, the last one resting on
    the bottom edge, on one page (a row is not pushed over when it just fits)."""
    pages = token_pages([("square", 50, 50, 6)], 0, Box(0, 0, 100, 150))
    assert len(pages) == 1
    slots = [s for _, s in pages[0]]
    assert [(s.row, s.col) for s in slots] == [(r, c) for r in range(3) for c in range(2)]
    assert [s.trim.x for s in slots[:2]] == [0, 50]
    assert [s.trim.y for s in slots[::2]] == [100, 50, 0]


# -- gutterfold, duplex, bleed -------------------------------------------------------------


def test_halves_split_at_the_fold_with_a_gap_each_side() -> None:
    area = Box(10, 20, 400, 600)
    front, back, fold = halves(area, vertical=True)
    assert fold == 210
    assert front == Box(10, 20, 200 - FOLD_GAP, 600)
    assert back == Box(210 + FOLD_GAP, 20, 200 - FOLD_GAP, 600)
    front, back, fold = halves(area, vertical=False)
    assert fold == 320
    assert front == Box(10, 320 + FOLD_GAP, 400, 300 - FOLD_GAP)
    assert back == Box(10, 20, 400, 300 - FOLD_GAP)


def test_sheet_flips_mirror_across_the_page_centre() -> None:
    assert flip((600, 800), "long").apply(100, 50) == (500, 50)
    assert flip((600, 800), "short").apply(100, 50) == (100, 750)
    with pytest.raises(ValueError, match="sideways"):
        flip((600, 800), "sideways")


@pytest.mark.parametrize("rotated", [False, True])
@pytest.mark.parametrize("mode", ["long", "short"])
def test_a_back_lands_behind_its_front_turned_over(rotated: bool, mode: str) -> None:
    page = (600.0, 800.0)
    front = place(60, 90, 100, 200, rotated)
    back = back_transform(front, 60, 90, flip(page, mode))
    sheet = flip(page, mode)
    # the back's trim is the front's trim seen through the sheet
    assert close(back.box(Box(0, 0, 60, 90)), sheet.box(front.box(Box(0, 0, 60, 90))))
    # and the piece is turned over about its own vertical axis: its left edge is
    # behind the front's right edge
    assert back.apply(0, 0) == pytest.approx(sheet.apply(*front.apply(60, 0)))


def test_bleed_clips_stop_at_shared_cut_lines() -> None:
    a, b = Box(0, 0, 10, 20), Box(10, 0, 10, 20)  # side by side
    c = Box(0, 20, 10, 20)  # above a
    lone = Box(100, 100, 10, 10)
    clips = bleed_clips([a, b, c, lone], 2)
    assert clips[0] == Box(-2, -2, 12, 22)  # no bleed right (b) nor top (c)
    assert clips[1] == Box(10, -2, 12, 24)  # no bleed left (a)
    assert clips[2] == Box(-2, 20, 14, 22)  # no bleed below (a)
    assert clips[3] == Box(98, 98, 14, 14)
    # corners that only touch share no edge
    d, e = Box(0, 0, 10, 10), Box(10, 10, 10, 10)
    assert bleed_clips([d, e], 1) == [Box(-1, -1, 12, 12), Box(9, 9, 12, 12)]
    # without bleed the trims are the clips
    assert bleed_clips([a, b], 0) == [a, b]


def test_bleed_clips_match_edges_to_a_hundredth_of_a_point() -> None:
    a, b = Box(0, 0, 10.001, 20), Box(10.004, 0, 10, 20)
    assert bleed_clips([a, b], 1)[0].right == pytest.approx(10.001)
    a, b = Box(0, 0, 10, 20), Box(10.02, 0, 10, 20)
    assert bleed_clips([a, b], 1)[0].right == pytest.approx(11)


def test_cut_lines_match_to_a_hundredth_of_a_point_anywhere_on_the_page() -> None:
    """Edges on any hundredth of a point across an A3 sheet, and a neighbour 0.004 pt
    off, share their cut line: neither piece paints bleed over the other, wherever the
    grid puts them (rounding that drifts along the page would let bleed paint over a
    neighbour's art far from the origin)."""
    for k in range(1, 119_100, 7):
        e = k / 100
        left, right = Box(0, 0, e, 20), Box(e + 0.004, 0, 10, 20)
        a, b = bleed_clips([left, right], 1)
        assert a.right == pytest.approx(e) and b.x == pytest.approx(e + 0.004), e
        below, above = Box(0, 0, 20, e), Box(0, e + 0.004, 20, 10)
        a, b = bleed_clips([below, above], 1)
        assert a.top == pytest.approx(e) and b.y == pytest.approx(e + 0.004), e


def test_an_empty_group_before_the_first_band_does_not_refuse_a_token_that_fits() -> None:
    """A 50 pt square fits a 51 pt high area; an empty round group before it must not
    turn that into 'does not fit on this paper'."""
    alone = token_pages([("square", 50, 50, 1)], 0, Box(0, 0, 100, 51))
    pages = token_pages([("round", 20, 20, 0), ("square", 50, 50, 1)], 0, Box(0, 0, 100, 51))
    assert [[s for _, s in p] for p in pages] == [[s for _, s in p] for p in alone]


def test_an_empty_group_between_bands_takes_no_room() -> None:
    """Between two square bands an empty hex group adds nothing: the second band starts one
    band gap below the first, as with no group between them."""
    pages = token_pages(
        [("square", 50, 50, 1), ("hex", 40, 36, 0), ("square", 50, 50, 1)], 0, Box(0, 0, 100, 400)
    )
    (_, first), (_, second) = pages[0]
    assert second.trim.top == pytest.approx(first.trim.y - BAND_GAP)
