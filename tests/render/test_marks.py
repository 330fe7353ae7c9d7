"""The marks printed round the pieces, read back from the page's drawing operators."""

from __future__ import annotations

import io
import math
from collections.abc import Callable

import pytest
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from pnp.render.geometry import Box, Transform
from pnp.render.marks import (
    BAR_LENGTH,
    BAR_MARGIN,
    CUT_HALO,
    CUT_WIDTH,
    KEPT_MARK,
    ScaleBar,
    Segment,
    crop_marks,
    draw_fold,
    draw_outlines,
    draw_scale_bar,
    draw_segments,
    hex_points,
    scale_bar,
    shape_path,
)
from pnp.render.units import mm
from tests.render.pdfcheck import reader


def page_operators(draw: Callable[[Canvas], None]) -> list[str]:
    """The content stream of a one-page PDF that ``draw(canvas)`` drew, one line each."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 200), pageCompression=0)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    data = reader(out.getvalue()).pages[0].get_contents()
    assert data is not None
    return [line.strip() for line in data.get_data().decode("latin-1").split("\n")]


def drawn_paths(draw: Callable[[Canvas], None]) -> list[tuple[str, list[tuple[float, float]]]]:
    """Each path ``draw(canvas)`` painted or clipped by: how it ended (``S``, ``W n`` …)
    and every point of it (control points too) in page coordinates."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 200), pageCompression=0)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    pdf = reader(out.getvalue())
    ops = ContentStream(pdf.pages[0].get_contents(), pdf).operations
    ctm, stack = Transform(), []
    paths: list[tuple[str, list[tuple[float, float]]]] = []
    points: list[tuple[float, float]] = []
    clip = ""
    for operands, op in ops:
        nums = [float(v) for v in operands] if op in (b"cm", b"m", b"l", b"c", b"re") else []
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = Transform(*nums).then(ctm)
        elif op in (b"m", b"l", b"c"):
            points += [ctm.apply(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
        elif op == b"re":
            x, y, w, h = nums
            points += [ctm.apply(x, y), ctm.apply(x + w, y + h)]
        elif op in (b"W", b"W*"):
            clip = op.decode() + " "
        elif op == b"n" and not points:
            pass  # reportlab starts each path afresh
        elif op in (b"S", b"s", b"f", b"F", b"B", b"b", b"n", b"f*", b"B*", b"b*"):
            paths.append((clip + op.decode(), points))
            points, clip = [], ""
    return paths


def bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The extent of some points: left, bottom, right, top, to a thousandth of a point."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (round(min(xs), 3), round(min(ys), 3), round(max(xs), 3), round(max(ys), 3))


def test_a_fold_line_is_thin_grey_and_dashed_3mm_on_1_5mm() -> None:
    ops = page_operators(lambda c: draw_fold(c, (10, 20), (10, 180)))
    assert ".35 G" in ops  # lighter than the cut lines, so nobody cuts along it
    assert ".4 w" in ops
    dash = next(op for op in ops if op.endswith(" d"))
    on, off = (float(v) for v in dash.split("]")[0].strip("[ ").split())
    assert math.isclose(on, 3 * mm, rel_tol=1e-6) and math.isclose(off, 1.5 * mm, rel_tol=1e-6)
    assert "n 10 20 m 10 180 l S" in ops


def test_outlines_of_shaped_pieces_are_stroked_never_filled() -> None:
    pieces = [
        ("round", 30.0, 30.0, Transform.translate(10, 10)),
        ("hex", 30.0, 34.0, Transform.translate(60, 10)),
    ]
    ops = page_operators(lambda c: draw_outlines(c, pieces))
    painted = [op.split()[-1] for op in ops if op.split() and op.split()[-1] in "SsfFBbn*"]
    # each outline twice: its white companion, then its black line
    assert painted.count("S") + painted.count("s") == 4
    assert not {"f", "F", "B", "b", "f*", "B*", "b*"} & set(painted)


def test_hex_points_are_a_pointy_top_hexagon_filling_its_box() -> None:
    w, h = 30.0, 40.0
    assert hex_points(w, h) == [
        (15.0, 40.0),
        (0.0, 30.0),
        (0.0, 10.0),
        (15.0, 0.0),
        (30.0, 10.0),
        (30.0, 30.0),
    ]


def test_a_hexagon_of_regular_proportions_has_six_equal_sides() -> None:
    w = 26.0
    h = 2 * w / math.sqrt(3)
    corners = hex_points(w, h)
    sides = [math.dist(corners[i], corners[(i + 1) % 6]) for i in range(6)]
    assert all(math.isclose(side, sides[0], rel_tol=1e-9) for side in sides)
    assert math.isclose(sides[0], h / 2, rel_tol=1e-9)


def test_a_page_with_no_art_places_its_scale_bar_as_around_a_point_at_its_centre() -> None:
    """A sheet with nothing drawn yet (a blank calibration page) still gets its scale
    bar: placed as if the art were a point at the page's centre, on pages of any shape."""
    for page in ((595.0, 842.0), (842.0, 595.0), (200.0, 60.0), (60.0, 200.0), (90.0, 90.0)):
        centre = Box(page[0] / 2, page[1] / 2, 0, 0)
        assert scale_bar(page, []) == scale_bar(page, [centre]), page


def test_the_scale_bar_is_ten_touching_10mm_blocks_alternating_black_and_white() -> None:
    """The bar a printer measures: ten 10 mm blocks side by side from the bar's start,
    black, white, black …, so 100 mm end to end."""
    ops = page_operators(lambda c: draw_scale_bar(c, ScaleBar(0, 0, True, 10)))
    blocks = [[float(v) for v in op.split()[1:5]] for op in ops if op.endswith(" re B*")]
    assert len(blocks) == 10
    for i, (x, y, w, _) in enumerate(blocks):
        assert (x, y, w) == (pytest.approx(i * 10 * mm), 0, pytest.approx(10 * mm)), i
    fills = [op for op in ops if op in ("0 0 0 rg", "1 1 1 rg")]
    assert fills[:10] == ["0 0 0 rg", "1 1 1 rg"] * 5


def test_a_round_token_s_path_is_a_circle_on_its_centre_grown_by_the_bleed() -> None:
    """The clip of a round token's art (and of its bleed): a circle of radius w/2 + grow
    round the piece's centre, drawn as curves (not a square)."""

    def draw(c: Canvas) -> None:
        c.drawPath(shape_path(c, "round", 30, 40, 2), stroke=1, fill=0)

    ((how, points),) = drawn_paths(draw)
    assert how == "S"
    assert bounds(points) == (-2.0, 3.0, 32.0, 37.0)
    ends = points[::3]  # each curve's end point (the first is the move)
    assert len(ends) == 5 and all(math.isclose(math.dist(p, (15, 20)), 17) for p in ends)


def test_a_hex_token_s_path_joins_its_six_corners_and_closes() -> None:
    ops = page_operators(lambda c: c.drawPath(shape_path(c, "hex", 30, 40), stroke=1, fill=0))
    (path,) = [op for op in ops if op.endswith(" h")]
    expected = " ".join(
        f"{x:g} {y:g} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(hex_points(30, 40))
    )
    assert path == f"n {expected} h"


def test_a_square_token_s_path_is_its_box_grown_on_every_side() -> None:
    for shape in ("rect", "square"):
        ((_, points),) = drawn_paths(lambda c, s=shape: c.drawPath(shape_path(c, s, 30, 40, 2)))
        assert points == [(-2, -2), (32, 42)], shape


def test_cut_outlines_follow_each_piece_exactly_black_over_white() -> None:
    """Every piece's outline, in page coordinates: a circle of the piece's own size (not
    grown), a hexagon through its corners, and each rectangle (all of them) at its place;
    first every outline in a wide white line, then every one in a thin black line on top
    (a grey hairline alone vanished on mid-tone fills)."""
    pieces = [
        ("round", 30.0, 30.0, Transform.translate(10, 10)),
        ("hex", 30.0, 34.0, Transform.translate(60, 10)),
        ("rect", 20.0, 10.0, Transform.translate(100, 100)),
        ("square", 12.0, 12.0, Transform.translate(150, 150)),
    ]
    ops = page_operators(lambda c: draw_outlines(c, pieces))
    white, black = ops.index(f"{CUT_HALO:g} w"), ops.index(f"{CUT_WIDTH:g} w".lstrip("0"))
    assert ops.index("1 G") < white < ops.index("0 G") < black
    assert CUT_HALO >= 2.5 * CUT_WIDTH
    paths = drawn_paths(lambda c: draw_outlines(c, pieces))
    assert [how for how, _ in paths] == ["S"] * 8
    assert [p for _, p in paths[:4]] == [p for _, p in paths[4:]]
    circle, hexagon, rect, square = (bounds(points) for _, points in paths[4:])
    assert circle == (10.0, 10.0, 40.0, 40.0)
    assert hexagon == (60.0, 10.0, 90.0, 44.0)
    assert len(paths[0][1]) > 4  # curves, not a box's two corners
    assert sorted(paths[1][1]) == sorted((60 + x, 10 + y) for x, y in hex_points(30, 34))
    assert rect == (100.0, 100.0, 120.0, 110.0)
    assert square == (150.0, 150.0, 162.0, 162.0)


def test_outlines_clipped_to_a_box_clip_without_painting_the_clip() -> None:
    """A board tile's outline is clipped to the tile: the clip path is the box, neither
    stroked nor filled, and comes before the outline."""
    pieces = [("rect", 180.0, 180.0, Transform.translate(10, 10))]
    paths = drawn_paths(lambda c: draw_outlines(c, pieces, clip=Box(20, 30, 100, 50)))
    assert paths[0] == ("W* n", [(20.0, 30.0), (120.0, 80.0)])
    assert [how for how, _ in paths[1:]] == ["S", "S"]


def test_marks_are_black_and_drawn_every_one_and_none_draws_nothing() -> None:
    segments = [Segment(0, 10, 20, 10), Segment(30, 0, 30, 15)]
    ops = page_operators(lambda c: draw_segments(c, segments, width=0.25))
    assert ops[1:] == [
        "q",
        "0 0 0 RG",
        ".25 w",
        "n",
        "0 10 m 20 10 l",
        "30 0 m 30 15 l",
        "S",
        "Q",
        "",
        "",
    ]
    assert page_operators(lambda c: draw_segments(c, []))[1:] == ["", ""]


@pytest.mark.parametrize("side", ["bottom", "top", "left", "right"])
def test_the_scale_bar_takes_the_only_margin_with_room_centred_along_it(side: str) -> None:
    """Art fills the page but for one margin: the bar goes there, along it (horizontal in
    the top and bottom margins, vertical at the sides), centred, inside the page and
    clear of the art."""
    pw, ph = 595.0, 842.0
    art = {
        "bottom": Box(0, 60, pw, ph - 60),
        "top": Box(0, 0, pw, ph - 60),
        "left": Box(60, 0, pw - 60, ph),
        "right": Box(0, 0, pw - 60, ph),
    }[side]
    bar = scale_bar((pw, ph), [art])
    assert bar.horizontal is (side in ("bottom", "top"))
    box = bar.box
    assert box.x >= 0 and box.y >= 0 and box.right <= pw and box.top <= ph
    assert box.right <= art.x or box.x >= art.right or box.top <= art.y or box.y >= art.top
    centre = (box.x + box.right) / 2 if bar.horizontal else (box.y + box.top) / 2
    assert math.isclose(centre, (pw if bar.horizontal else ph) / 2, abs_tol=1e-6)
    assert math.isclose(max(box.w, box.h), BAR_LENGTH + 2 * mm + bar.note_width)


def test_the_scale_bar_leaves_the_crop_marks_it_meets_a_usable_length() -> None:
    """A 3 x 3 sheet whose bottom margin alone is wide enough for the bar beside 3 mm
    crop marks (:data:`BAR_MARGIN`), the others only for the marks: the bar goes to the
    bottom, and every cut line keeps a mark of at least 3 mm at both ends."""
    pw, ph = 210 * mm, 297 * mm
    trims = [
        Box(7.5 * mm + c * 66 * mm, BAR_MARGIN + 1.5 * mm + r * 95.5 * mm, 63 * mm, 88 * mm)
        for r in range(3)
        for c in range(3)
    ]
    clips = [t.outset(1.5 * mm) for t in trims]
    free = crop_marks(trims, 1.5 * mm, (pw, ph), clips, clips)
    bar = scale_bar((pw, ph), clips, free)
    assert bar.horizontal and bar.box.top < BAR_MARGIN
    drawn = crop_marks(trims, 1.5 * mm, (pw, ph), [*clips, bar.box], clips)
    assert len(drawn) == len(free) == 4 * 6
    assert min(s.length for s in drawn) >= KEPT_MARK - 1e-6
    assert not any(s.box.overlaps(bar.box) for s in drawn)


def test_with_no_margin_to_spare_the_bar_goes_where_the_marks_keep_the_most() -> None:
    """Marks in every margin and room for the bar beside full-use marks in none: the bar
    still goes in (a sheet must carry it), in the margin where the marks it meets keep
    the most: the top, 0.5 mm deeper than the bottom, not the first tried."""
    pw, ph = 210 * mm, 297 * mm
    art = Box(6 * mm, 7 * mm, pw - 12 * mm, ph - 14.5 * mm)
    free = [
        Segment(100 * mm, art.y - 0.5 * mm, 100 * mm, 2.5 * mm),
        Segment(100 * mm, art.top + 0.5 * mm, 100 * mm, ph - 2.5 * mm),
        Segment(art.x - 0.5 * mm, 150 * mm, 2.5 * mm, 150 * mm),
        Segment(art.right + 0.5 * mm, 150 * mm, pw - 2.5 * mm, 150 * mm),
    ]
    bar = scale_bar((pw, ph), [art], free)
    assert bar.horizontal and bar.box.y > art.top
