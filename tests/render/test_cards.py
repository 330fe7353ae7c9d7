"""Card sheets: n-up, rotation, bleed, crop marks, scale bar, duplex backs, gutterfold.

Geometry is checked twice: on the page plans, and in the written PDF by
following every placed form through its transformation matrix.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.render.face import DrawContext
from pnp.render.geometry import Box, Transform
from pnp.render.imposition import card_grid, printable_area
from pnp.render.marks import BAR_LENGTH, BAR_MARGIN, EDGE_CLEAR
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.sheets import plan_cards
from pnp.render.units import card_size, mm, paper_size
from tests.render.conftest import cards
from tests.render.pdfcheck import close, page_sizes_mm, placements

EPS = 0.01
#: a point of a page, to where it lies once the paper is turned over
Turn = Callable[[float, float], tuple[float, float]]


def render(pages) -> bytes:
    return write_pdf(pages, DrawContext(), "test")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_nine_poker_cards_per_page(paper: str) -> None:
    options = RenderOptions(paper=paper, duplex="none")
    pages = plan_cards(cards(20), options)
    assert [len(p.placed) for p in pages] == [9, 9, 2]
    grid = card_grid(*card_size("poker"), options.bleed, printable_area(options.page_size))
    assert (grid.cols, grid.rows, grid.rotated) == (3, 3, False)
    pdf = placements(render(pages))
    assert [len(p) for p in pdf] == [9, 9, 2]


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_cards_stay_on_the_paper_and_never_overlap(paper: str) -> None:
    options = RenderOptions(paper=paper, duplex="none")
    page = plan_cards(cards(30, "mini"), options)[0]
    w, h = options.page_size
    paper_box = Box(0, 0, w, h).inset(4 * mm)
    trims = [p.trim for p in page.placed]
    for i, p in enumerate(page.placed):
        assert paper_box.contains(p.clip)
        assert all(not p.trim.overlaps(t) for j, t in enumerate(trims) if j != i)


def test_rotated_when_more_fit() -> None:
    # mini cards: 4 × 4 upright on A4, but 3 × 6 turned
    pages = plan_cards(cards(18, "mini"), RenderOptions(duplex="none"))
    assert len(pages) == 1 and len(pages[0].placed) == 18
    trim = pages[0].placed[0].trim
    assert (trim.w / mm, trim.h / mm) == pytest.approx((63, 44))


def test_grid_is_centred_but_for_the_scale_bar_margin() -> None:
    """Centred across; down, the bottom margin is as wide as the scale bar beside 3 mm
    crop marks needs (:data:`BAR_MARGIN` from the paper's edge to the art)."""
    page = plan_cards(cards(9), RenderOptions(duplex="none"))[0]
    block = Box.union([p.trim for p in page.placed])
    art = Box.union([p.clip for p in page.placed])
    w, h = paper_size("A4")
    assert block.x == pytest.approx(w - block.right)
    assert art.y == pytest.approx(BAR_MARGIN)
    assert h - art.top == pytest.approx(15 * mm - BAR_MARGIN)


def test_every_card_keeps_its_own_bleed_on_every_side() -> None:
    """Poker cards on A4: a 3 mm gutter between columns and a 6 mm one between rows, so
    each card paints 1.5 mm beyond its left and right cut and 3 mm beyond its top and
    bottom, and no card's paint area reaches another's."""
    options = RenderOptions(duplex="none")
    page = plan_cards(cards(9), options)[0]
    for p in page.placed:
        t = p.trim
        assert close(p.clip, Box(t.x - 1.5 * mm, t.y - 3 * mm, t.w + 3 * mm, t.h + 6 * mm))
        for q in page.placed:
            if p is not q:
                assert not p.clip.inset(0.001).overlaps(q.clip)
    centre = page.placed[4]
    assert centre.trim.x - page.placed[3].trim.right == pytest.approx(3 * mm)
    assert page.placed[1].trim.y - centre.trim.top == pytest.approx(6 * mm)
    # the written PDF gives every face its full bleed inside the form
    pdf = placements(render([page]))[0]
    assert close(pdf[0].box, page.placed[0].trim.outset(options.bleed))


def test_a_zero_gutter_shares_cut_lines_and_bleeds_only_outwards() -> None:
    options = RenderOptions(duplex="none", gutter=0)
    page = plan_cards(cards(9), options)[0]
    b = options.bleed
    centre = page.placed[4]  # the middle card touches neighbours on all sides
    assert close(centre.clip, centre.trim)
    corner = page.placed[0]  # top-left: bleeds left and up only
    t = corner.trim
    assert close(corner.clip, Box(t.x - b, t.y, t.w + b, t.h + b))
    # no card's paint area reaches into another card's trim
    for p in page.placed:
        for q in page.placed:
            if p is not q:
                assert not p.clip.overlaps(q.trim)


def test_gutters_when_they_fit() -> None:
    # tarot cards fit 2 × 2 on A4 either way, so each keeps all its bleed behind a 6 mm gutter
    options = RenderOptions(duplex="none")
    grid = card_grid(*card_size("tarot"), options.bleed, printable_area(options.page_size))
    assert (grid.cols, grid.rows) == (2, 2)
    assert grid.gutter == (pytest.approx(6 * mm), pytest.approx(6 * mm))
    page = plan_cards(cards(4, "tarot"), options)[0]
    for p in page.placed:
        assert close(p.clip, p.trim.outset(3 * mm))
    assert page.placed[1].trim.x - page.placed[0].trim.right == pytest.approx(6 * mm)


def test_a_given_gutter_is_kept_even_when_it_costs_cards() -> None:
    """--gutter 6 on A4: poker cards keep their full 3 mm, two to a row."""
    page = plan_cards(cards(9), RenderOptions(duplex="none", gutter=6 * mm))[0]
    assert len(page.placed) < 9
    for p in page.placed:
        assert close(p.clip, p.trim.outset(3 * mm))


def test_zero_bleed() -> None:
    page = plan_cards(cards(9), RenderOptions(bleed=0, duplex="none"))[0]
    assert all(close(p.clip, p.trim) for p in page.placed)
    assert page.crop_marks  # marks still extend the cut lines


def test_crop_marks_outside_the_art_and_short_of_the_edge() -> None:
    for paper in ("A4", "Letter", "A3"):
        options = RenderOptions(paper=paper, duplex="none")
        page = plan_cards(cards(9), options)[0]
        w, h = options.page_size
        art = [p.clip for p in page.placed]
        assert page.crop_marks
        xs = {round(x, 2) for p in page.placed for x in (p.trim.x, p.trim.right)}
        ys = {round(y, 2) for p in page.placed for y in (p.trim.y, p.trim.top)}
        for s in page.crop_marks:
            box = s.box
            assert box.x >= EDGE_CLEAR - EPS and box.right <= w - EDGE_CLEAR + EPS
            assert box.y >= EDGE_CLEAR - EPS and box.top <= h - EDGE_CLEAR + EPS
            assert not any(a.overlaps(box) or a.contains(box) for a in art)
            # every mark continues a cut line
            if s.x0 == s.x1:
                assert round(s.x0, 2) in xs
            else:
                assert round(s.y0, 2) in ys
        # every cut line is marked at both ends
        vertical = {round(s.x0, 2) for s in page.crop_marks if s.x0 == s.x1}
        horizontal = {round(s.y0, 2) for s in page.crop_marks if s.y0 == s.y1}
        assert vertical == xs and horizontal == ys


def test_no_crop_marks_option() -> None:
    page = plan_cards(cards(9), RenderOptions(crop_marks=False, duplex="none"))[0]
    assert page.crop_marks == []


def test_cut_lines_option() -> None:
    page = plan_cards(cards(4), RenderOptions(cut_lines=True, duplex="none"))[0]
    assert len(page.outlines) == 4
    assert plan_cards(cards(4), RenderOptions(duplex="none"))[0].outlines == []


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_scale_bar_is_100_mm_in_the_margin(paper: str) -> None:
    options = RenderOptions(paper=paper, duplex="none")
    page = plan_cards(cards(9), options)[0]
    bar = page.scale_bar
    assert bar is not None
    assert bar.bar.length == pytest.approx(BAR_LENGTH) == pytest.approx(100 * mm)
    w, h = options.page_size
    assert Box(0, 0, w, h).inset(EDGE_CLEAR - EPS).contains(bar.box)
    assert not any(p.clip.overlaps(bar.box) for p in page.placed)
    assert not any(s.box.overlaps(bar.box) for s in page.crop_marks)


@pytest.mark.parametrize("mode", ["long", "short"])
def test_backs_mirror_fronts(mode: str) -> None:
    options = RenderOptions(duplex=mode)
    pages = plan_cards(cards(11), options)
    assert [p.role for p in pages] == ["fronts", "backs", "fronts", "backs"]
    w, h = options.page_size
    pdf = placements(render(pages))
    for front_plan, front_pdf, back_pdf in zip(pages[::2], pdf[::2], pdf[1::2], strict=True):
        assert len(front_pdf) == len(back_pdf) == len(front_plan.placed)
        assert {p.side for p in front_pdf} == {"face"} and {p.side for p in back_pdf} == {"back"}
        # each card's back, found by its id in the PDF, is the mirror of its front
        backs = {b.component: b.box for b in back_pdf}
        for face in front_pdf:
            f = face.box
            mirrored = (
                Box(w - f.right, f.y, f.w, f.h) if mode == "long" else Box(f.x, h - f.top, f.w, f.h)
            )
            assert close(backs[face.component], mirrored)
    # and in the plan every copy's back trim is its front trim, mirrored
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        for f, b in zip(front.placed, back.placed, strict=True):
            assert (f.component.id, f.copy) == (b.component.id, b.copy)
            t = f.trim
            mirrored = (
                Box(w - t.right, t.y, t.w, t.h) if mode == "long" else Box(t.x, h - t.top, t.w, t.h)
            )
            assert close(b.trim, mirrored)


def test_short_edge_backs_are_turned_half_way() -> None:
    pages = plan_cards(cards(1), RenderOptions(duplex="short"))
    back = placements(render(pages))[1][0].transform
    # a half turn: the back reads upright when the card is turned over sideways
    assert (back.a, back.d) == pytest.approx((-1.0, -1.0))
    pages = plan_cards(cards(1), RenderOptions(duplex="long"))
    back = placements(render(pages))[1][0].transform
    assert (back.a, back.d) == pytest.approx((1.0, 1.0))


def test_rotated_backs_mirror_fronts() -> None:
    options = RenderOptions()
    pages = plan_cards(cards(18, "mini"), options)
    w, _ = options.page_size
    fronts, backs = placements(render(pages))
    assert len(fronts) == len(backs) == 18
    by_id = {b.component: b.box for b in backs}
    for face in fronts:
        f = face.box
        assert close(by_id[face.component], Box(w - f.right, f.y, f.w, f.h))


def _turned_over(mode: str, page: tuple[float, float], fold: float = 0.0) -> Turn:
    """Where a point of the back page ends up once the paper is turned over: long edge
    swaps left and right, short edge top and bottom; a gutterfold folds about its line."""
    w, h = page
    flips = {
        "long": lambda x, y: (w - x, y),
        "short": lambda x, y: (x, h - y),
        "fold-vertical": lambda x, y: (2 * fold - x, y),
        "fold-horizontal": lambda x, y: (x, 2 * fold - y),
    }
    return flips[mode]


def _assert_back_behind_face(
    turn: Turn, face: Transform, back: Transform, w: float, h: float
) -> None:
    """A card turned over sideways shows its back upright: the back's point ``(w - x, y)``
    lies behind the face's ``(x, y)``. Three corners fix the whole map, so a back drawn
    mirror-imaged or upside down fails here even when its trim box is right."""
    for x, y in ((0.0, 0.0), (w, 0.0), (0.0, h), (w / 4, h / 3)):
        assert turn(*back.apply(w - x, y)) == pytest.approx(face.apply(x, y), abs=EPS)


@pytest.mark.parametrize(
    ("mode", "size"), [("long", "poker"), ("short", "poker"), ("long", "mini")]
)
def test_each_back_is_drawn_turned_over_behind_its_face(mode: str, size: str) -> None:
    """Checked on the written PDF, point by point, with the drawing matrix of every card."""
    options = RenderOptions(duplex=mode)
    pages = plan_cards(cards(7, size), options)
    w, h = card_size(size)
    turn = _turned_over(mode, options.page_size)
    pdf = placements(render(pages))
    assert len(pdf) == 2 and len(pdf[0]) == len(pdf[1]) == 7
    backs = {b.component: b.transform for b in pdf[1]}
    for face in pdf[0]:
        _assert_back_behind_face(turn, face.transform, backs[face.component], w, h)


def test_each_gutterfold_back_is_turned_over_behind_its_face() -> None:
    """Checked on the page plan: folding the sheet puts each back behind its face."""
    pages = plan_cards(cards(5), RenderOptions(layout="gutterfold"))
    for page in pages:
        (fold,) = page.folds
        vertical = fold.x0 == fold.x1
        turn = _turned_over(
            "fold-vertical" if vertical else "fold-horizontal",
            page.size,
            fold.x0 if vertical else fold.y0,
        )
        backs = {p.component.id: p for p in page.placed if p.side == "back"}
        for face in (p for p in page.placed if p.side == "face"):
            back = backs[face.component.id]
            _assert_back_behind_face(turn, face.transform, back.transform, face.w, face.h)


def test_back_offset_moves_backs_exactly() -> None:
    plain = placements(render(plan_cards(cards(9), RenderOptions())))
    shifted = placements(
        render(plan_cards(cards(9), RenderOptions(back_offset=(1.5 * mm, -0.7 * mm))))
    )
    for a, b in zip(plain[0], shifted[0], strict=True):
        assert close(a.box, b.box)  # fronts do not move
    for a, b in zip(plain[1], shifted[1], strict=True):
        assert b.box.x - a.box.x == pytest.approx(1.5 * mm, abs=1e-3)
        assert b.box.y - a.box.y == pytest.approx(-0.7 * mm, abs=1e-3)


def test_no_backs_without_duplex_or_back_functions() -> None:
    assert [p.role for p in plan_cards(cards(3), RenderOptions(duplex="none"))] == ["fronts"]
    assert [p.role for p in plan_cards(cards(3, back=None), RenderOptions())] == ["fronts"]


def test_cards_without_backs_leave_their_back_slot_empty() -> None:
    deck = [*cards(2), *cards(1, back=None)]
    deck[2] = deck[2].__class__(id="odd", face=deck[0].face, back=None)
    front, back = plan_cards(deck, RenderOptions())
    assert len(front.placed) == 3 and len(back.placed) == 2


def test_mixed_sizes_start_new_pages() -> None:
    deck = cards(2) + [
        c.__class__(id=f"t{i}", face=c.face, size="tarot") for i, c in enumerate(cards(2))
    ]
    pages = plan_cards(deck, RenderOptions(duplex="none"))
    assert len(pages) == 2
    assert {round(p.trim.h / mm) for p in pages[1].placed} <= {70, 120}


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_page_sizes(paper: str) -> None:
    data = render(plan_cards(cards(2), RenderOptions(paper=paper)))
    w, h = paper_size(paper)
    assert page_sizes_mm(data) == [(round(w / mm, 1), round(h / mm, 1))] * 2


def test_trim_and_bleed_boxes() -> None:
    from tests.render.pdfcheck import reader

    options = RenderOptions()
    pages = plan_cards(cards(9), options)
    pdf = reader(render(pages))
    for plan, page in zip(pages, pdf.pages, strict=True):
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert trim == pytest.approx(list(Box.union([p.trim for p in plan.placed]).as_pdf()))
        assert bleed == pytest.approx(list(Box.union([p.clip for p in plan.placed]).as_pdf()))
    t = [float(v) for v in pdf.pages[0].trimbox]
    # the cards and the gutters between them (3 mm across, 6 mm down)
    assert (t[2] - t[0]) / mm == pytest.approx(3 * 63 + 2 * 3)
    assert (t[3] - t[1]) / mm == pytest.approx(3 * 88 + 2 * 6)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_gutterfold_puts_backs_across_the_fold(paper: str) -> None:
    options = RenderOptions(paper=paper, layout="gutterfold")
    pages = plan_cards(cards(7), options)
    assert all(p.role == "gutterfold" for p in pages)
    assert sum(len([q for q in p.placed if q.side == "face"]) for p in pages) == 7
    for page in pages:
        (fold,) = page.folds
        fronts = {p.component.id: p.trim for p in page.placed if p.side == "face"}
        backs = {p.component.id: p.trim for p in page.placed if p.side == "back"}
        assert fronts.keys() == backs.keys()
        for cid, f in fronts.items():
            b = backs[cid]
            if fold.x0 == fold.x1:  # vertical fold
                axis = fold.x0
                assert f.right <= axis and b.x >= axis
                assert close(b, Box(2 * axis - f.right, f.y, f.w, f.h))
            else:
                axis = fold.y0
                assert close(b, Box(f.x, 2 * axis - f.top, f.w, f.h))


def test_card_larger_than_paper_is_an_error() -> None:
    from pnp.render.report import RenderError

    with pytest.raises(RenderError, match=r"400 × 500 mm card .* does not fit"):
        plan_cards(cards(1, (400, 500)), RenderOptions())


@pytest.mark.parametrize(
    ("paper", "mode", "offset"),
    [
        ("A4", "long", (0.0, 0.0)),
        ("A4", "short", (0.0, 0.0)),
        ("Letter", "long", (1.5, -0.7)),
        ("Letter", "short", (0.0, 0.0)),
        ("A4", "long", (-2.0, 1.0)),
    ],
)
def test_each_back_paints_exactly_behind_its_front(
    paper: str, mode: str, offset: tuple[float, float]
) -> None:
    """Each back's trim and its bleed lie behind its front's, turned over (and shifted by
    the back offset): a back keeps on every side the bleed its front has there."""
    dx, dy = offset[0] * mm, offset[1] * mm
    options = RenderOptions(paper=paper, duplex=mode, back_offset=(dx, dy))
    w, h = options.page_size
    pages = plan_cards(cards(12, "mini") + cards(5), options)
    assert [p.role for p in pages] == ["fronts", "backs"] * (len(pages) // 2)

    def behind(b: Box) -> Box:
        box = Box(w - b.right, b.y, b.w, b.h) if mode == "long" else Box(b.x, h - b.top, b.w, b.h)
        return Box(box.x + dx, box.y + dy, box.w, box.h)

    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert len(front.placed) == len(back.placed)
        for f, b in zip(front.placed, back.placed, strict=True):
            assert (f.component.id, f.copy) == (b.component.id, b.copy)
            assert close(b.trim, behind(f.trim))
            assert close(b.clip, behind(f.clip))
            assert (
                min(
                    f.trim.x - f.clip.x,
                    f.clip.right - f.trim.right,
                    f.trim.y - f.clip.y,
                    f.clip.top - f.trim.top,
                )
                >= 0.5 * mm - EPS
            )


def test_each_gutterfold_back_paints_exactly_behind_its_front() -> None:
    pages = plan_cards(cards(7), RenderOptions(layout="gutterfold"))
    for page in pages:
        (fold,) = page.folds
        vertical = fold.x0 == fold.x1
        backs = {p.component.id: p for p in page.placed if p.side == "back"}
        for face in (p for p in page.placed if p.side == "face"):
            f, b = face.clip, backs[face.component.id].clip
            mirrored = (
                Box(2 * fold.x0 - f.right, f.y, f.w, f.h)
                if vertical
                else Box(f.x, 2 * fold.y0 - f.top, f.w, f.h)
            )
            assert close(b, mirrored)
            assert f.x < face.trim.x and f.right > face.trim.right
            assert f.y < face.trim.y and f.top > face.trim.top
