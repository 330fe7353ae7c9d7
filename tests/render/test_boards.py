"""Boards: one page when they fit; tiles with overlap, registration, labels and a map."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from pypdf.generic import ContentStream

from pnp.render import Board
from pnp.render.boards import TILE_MARGIN, plan_board, tile_name, tiling
from pnp.render.face import DrawContext
from pnp.render.geometry import Box
from pnp.render.marks import EDGE_CLEAR
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.units import mm
from tests.render.conftest import plain_face
from tests.render.pdfcheck import (
    close,
    form_boxes,
    fragments,
    page_sizes_mm,
    placements,
    reader,
    text,
)


def board(w: float, h: float, copies: int = 1) -> Board:
    return Board(id="map", size=(w, h), face=plain_face, copies=copies)


def test_tile_names() -> None:
    assert [tile_name(0, 0), tile_name(1, 2), tile_name(25, 0), tile_name(26, 0)] == [
        "A1",
        "B3",
        "Z1",
        "AA1",
    ]


def test_600_by_840_board_on_a4() -> None:
    # 606 × 846 mm with bleed; a tile shows 277 × 190 mm on landscape A4 (10 mm margins),
    # stepping 267 × 180 mm: 3 columns × 5 rows beats 4 × 4 on portrait paper
    options = RenderOptions()
    pages = plan_board(board(600, 840), options)
    assert len(pages) == 16
    assert pages[0].role == "map"
    tiles = pages[1:]
    assert [p.name for p in tiles] == [f"{r}{c}" for r in "ABCDE" for c in "123"]
    data = write_pdf(pages, DrawContext(), "board")
    assert page_sizes_mm(data) == [(210.0, 297.0)] + [(297.0, 210.0)] * 15
    pages_text = text(data)
    assert "Assembly map: map" in pages_text[0] and "15 tiles" in pages_text[0]
    for page, words in zip(tiles, pages_text[1:], strict=True):
        assert f"tile {page.name} of A1–E3" in words
    # every tile holds the board once, placed from one shared form
    forms = placements(data)
    assert all(len(p) == 1 for p in forms[1:])


def test_tiles_overlap_by_exactly_the_overlap() -> None:
    options = RenderOptions(overlap=12 * mm)
    tiles = tiling(board(600, 840), options)
    for row in tiles.regions:
        for left, right in itertools.pairwise(row):
            assert left.right - right.x == pytest.approx(12 * mm)
    for upper, lower in zip(tiles.regions, tiles.regions[1:], strict=False):
        assert lower[0].top - upper[0].y == pytest.approx(12 * mm)
    # together they cover the board and its bleed exactly
    cover = Box.union([r for row in tiles.regions for r in row])
    b = options.bleed
    assert close(cover, Box(-b, -b, 600 * mm + 2 * b, 840 * mm + 2 * b))


def test_tiles_are_all_one_size() -> None:
    # 606 mm across 3 landscape-A4 columns (277 mm room, 10 mm overlap): 209.3 mm each,
    # not 277 + 277 + a 72 mm strip
    tiles = tiling(board(600, 840), RenderOptions())
    widths = {round(r.w, 6) for row in tiles.regions for r in row}
    heights = {round(r.h, 6) for row in tiles.regions for r in row}
    assert len(widths) == 1 and len(heights) == 1
    assert widths.pop() == pytest.approx((606 * mm + 2 * 10 * mm) / 3)
    assert heights.pop() == pytest.approx((846 * mm + 4 * 10 * mm) / 5)


def test_tiles_place_the_board_consistently() -> None:
    options = RenderOptions()
    pages = plan_board(board(600, 840), options)[1:]
    data = write_pdf(plan_board(board(600, 840), options), DrawContext(), "board")
    for plan, found in zip(pages, placements(data)[1:], strict=True):
        placed = plan.placed[0]
        # the clip shows exactly this tile's region, TILE_MARGIN from the top-left corner
        assert placed.clip.x == pytest.approx(TILE_MARGIN)
        assert placed.clip.top == pytest.approx(plan.size[1] - TILE_MARGIN)
        assert found[0].transform.e == pytest.approx(placed.transform.e, abs=1e-3)
        assert found[0].transform.f == pytest.approx(placed.transform.f, abs=1e-3)


def test_registration_marks_match_across_neighbours() -> None:
    options = RenderOptions()
    pages = plan_board(board(600, 840), options)[1:]
    by_name = {p.name: p for p in pages}

    def board_points(page) -> set[tuple[float, float]]:
        t = page.placed[0].transform
        return {
            (round(x - t.e, 2), round(y - t.f, 2))
            for x, y in (r.candidates[0] for r in page.registration)
        }

    assert board_points(by_name["A1"]) & board_points(by_name["A2"])
    assert board_points(by_name["A1"]) & board_points(by_name["B1"])
    assert not board_points(by_name["A1"]) & board_points(by_name["C3"])
    for page in pages:
        assert page.registration, page.name
        for r in page.registration:
            for x, y in r.candidates:
                assert page.placed[0].clip.inset(1).contains(Box(x, y, 0, 0))


def test_tile_page_boxes_and_crop_marks() -> None:
    options = RenderOptions()
    pages = plan_board(board(600, 840), options)
    a1 = pages[1]
    trim, bleed = a1.trim_box, a1.bleed_box
    assert trim is not None and bleed is not None
    # A1 holds the board's top-left corner: the trim starts one bleed inside the art
    assert trim.x - bleed.x == pytest.approx(options.bleed)
    assert bleed.top - trim.top == pytest.approx(options.bleed)
    assert a1.crop_marks  # on the outer edges
    w, h = a1.size
    for s in a1.crop_marks:
        assert Box(0, 0, w, h).inset(2.5 * mm - 0.01).contains(s.box)
    b2 = pages[5]
    assert b2.name == "B2" and b2.crop_marks == []  # an inside tile has no outer edge


def test_board_that_fits_prints_on_one_page() -> None:
    options = RenderOptions()
    (page,) = plan_board(board(180, 250), options)
    assert page.role == "board"
    assert close(page.trim_box, page.placed[0].trim)
    assert page.placed[0].trim.w == pytest.approx(180 * mm)
    # a wide board turns the page instead of tiling
    (wide,) = plan_board(board(260, 180), options)
    assert wide.size[0] > wide.size[1]


def test_board_copies() -> None:
    pages = plan_board(board(180, 250, copies=3), RenderOptions())
    assert len(pages) == 3 and [p.placed[0].copy for p in pages] == [0, 1, 2]
    tiled = plan_board(board(400, 300, copies=2), RenderOptions())
    # 406 × 306 mm with bleed: 2 × 2 landscape tiles; one map, then the tiles of each copy
    assert [p.role for p in tiled] == ["map"] + ["tile"] * 8
    assert [p.placed[0].copy for p in tiled[1:]] == [0] * 4 + [1] * 4


def test_letter_and_a3_tiling() -> None:
    letter = tiling(board(600, 840), RenderOptions(paper="Letter"))
    a3 = tiling(board(600, 840), RenderOptions(paper="A3"))
    assert a3.count < letter.count
    # landscape A3 shows 400 × 277 mm per tile: 2 columns × 4 rows (portrait would need 3 × 3)
    assert (a3.cols, a3.rows) == (2, 4)


def _stroked_rects(page: Any, pdf: Any) -> list[tuple[Box, Box | None]]:
    """Every rectangle a page's own content strokes, with the clip box in force."""
    ops = ContentStream(page.get_contents(), pdf).operations
    clip: Box | None = None
    stack: list[Box | None] = []
    path: list[Box] = []
    clipping = False
    out: list[tuple[Box, Box | None]] = []
    for operands, op in ops:
        if op == b"q":
            stack.append(clip)
        elif op == b"Q":
            clip = stack.pop()
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path.append(Box(min(x, x + w), min(y, y + h), abs(w), abs(h)))
        elif op in (b"W", b"W*"):
            clipping = True
        elif op in (b"n", b"f", b"f*", b"S", b"s", b"B", b"b"):
            if clipping and path:
                box = path[-1]
                clip = box if clip is None else _meet(clip, box)
            if op in (b"S", b"s", b"B", b"b"):
                out += [(box, clip) for box in path]
            path, clipping = [], False
    return out


def _meet(a: Box, b: Box) -> Box:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.top, b.top)
    return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def test_cut_lines_on_tiles_stay_off_the_paper_edge() -> None:
    """A tile's cut lines show the board's outline on the tile only, never to the paper's edge."""
    options = RenderOptions(cut_lines=True)
    plans = plan_board(board(600, 840), options)
    data = write_pdf(plans, DrawContext(), "board")
    pdf = reader(data)
    seen = 0
    for plan, page in zip(plans[1:], pdf.pages[1:], strict=True):
        w, h = plan.size
        clear = Box(0, 0, w, h).inset(EDGE_CLEAR - 0.01)
        for rect, clip in _stroked_rects(page, pdf):
            visible = rect if clip is None else _meet(rect, clip)
            if rect.w > w or rect.h > h:  # the board's outline, bigger than the paper
                seen += 1
                assert clip is not None, plan.name
                assert clear.contains(visible), (plan.name, visible)
    # 15 tiles, each outline stroked twice: its white companion, then its black line
    assert seen == 2 * 15


def _drawn_targets(
    monkeypatch: pytest.MonkeyPatch, pages: list[Any]
) -> dict[str, set[tuple[float, float]]]:
    """The registration targets each tile page draws, in board coordinates."""
    from pnp.render import marks

    drawn: list[tuple[float, float]] = []
    monkeypatch.setattr(marks, "draw_registration", lambda canvas, x, y: drawn.append((x, y)))
    found: dict[str, set[tuple[float, float]]] = {}
    for page in pages:
        drawn.clear()
        write_pdf([page], DrawContext(), "board")
        t = page.placed[0].transform
        found[page.name] = {(round(x - t.e, 2), round(y - t.f, 2)) for x, y in drawn}
    return found


def test_a_registration_target_keeps_clear_of_the_words_beneath(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a word printed where A1 and A2 would put a target: it would stay on the board
    options = RenderOptions()
    tiles = plan_board(board(600, 840), options)[1:]
    a1 = tiles[0]
    t = a1.placed[0].transform
    shared = sorted((x - t.e, y - t.f) for x, y in (r.candidates[0] for r in a1.registration))
    x, y = shared[-1]

    def worded(face: Any) -> None:
        face.fill("#dde")
        face.label("THE WESTERLANDS", x, y - 3, size=11, bold=True, align="center")

    pages = plan_board(Board(id="map", size=(600, 840), face=worded), options)[1:]
    targets = _drawn_targets(monkeypatch, pages)
    moved = targets["A1"] & targets["A2"]
    assert len(moved) == 2  # the two targets of their seam still meet
    assert (round(x, 2), round(y, 2)) not in moved
    word = Box(x - 55, y - 6, 110, 14)  # generously around the word
    reach = 3 * mm
    for px, py in moved:
        assert not Box(px - reach, py - reach, 2 * reach, 2 * reach).overlaps(word)
    # the plain board keeps every target at its quarter point
    plain = _drawn_targets(monkeypatch, plan_board(board(600, 840), options)[1:])
    assert (round(x, 2), round(y, 2)) in plain["A1"] & plain["A2"]


@pytest.mark.parametrize(
    ("ruleset", "paper"),
    [("fief", "A4"), ("fief", "Letter"), ("fief", "A3"), ("thrones", "Letter")],
)
def test_every_target_of_the_shipped_tiled_boards_clears_the_words(
    ruleset: str, paper: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from pnp.cli import app
    from pnp.render import marks

    placed: list[bool] = []
    place = marks.Registration.place

    def spy(self: marks.Registration, words: Any) -> tuple[float, float]:
        x, y = place(self, words)
        reach = marks.REGISTRATION_SIZE / 2
        target = Box(x - reach, y - reach, 2 * reach, 2 * reach)
        placed.append(not any(target.overlaps(w) for w in words))
        return x, y

    monkeypatch.setattr(marks.Registration, "place", spy)
    result = CliRunner().invoke(app, ["render", ruleset, "--paper", paper, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(placed) > 10  # the boards were tiled
    assert all(placed), f"{placed.count(False)} of {len(placed)} targets print over words"


def test_assembly_map_names_rows_and_columns_beside_the_map() -> None:
    """The row letters and column numbers stand in the margins of the assembly map: a tile
    name printed over the map hid what lay under it (a Village's name on the fief board)."""
    data = write_pdf(plan_board(board(600, 840), RenderOptions()), DrawContext(), "board")
    drawn = form_boxes(data)[0]
    (map_box,) = drawn
    texts = fragments(data)[0]
    heads = [f for f in texts if f.text in {*"ABCDE", *"123"}]
    assert sorted(f.text for f in heads) == sorted("ABCDE123")
    for f in heads:
        assert not map_box.contains(Box(f.x, f.y, 0, 0)), f
    assert not any(f.text == tile_name(2, 0) for f in texts)  # no "C1" on the map
