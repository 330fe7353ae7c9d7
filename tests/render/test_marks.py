"""The marks printed round the pieces, read back from the page's drawing operators."""

from __future__ import annotations

import io
import math
from collections.abc import Callable

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.render.geometry import Box, Transform
from pnp.render.marks import (
    ScaleBar,
    draw_fold,
    draw_outlines,
    draw_scale_bar,
    hex_points,
    scale_bar,
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
    assert painted.count("S") + painted.count("s") == 2
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
