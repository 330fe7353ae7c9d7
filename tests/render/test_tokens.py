"""Token sheets: round, square and hex chits, shared cut lines, mirrored backs."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.render import Token
from pnp.render.face import DrawContext
from pnp.render.geometry import Box
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.sheets import plan_tokens
from pnp.render.units import mm
from tests.render.conftest import plain_back, plain_face
from tests.render.pdfcheck import close, placements


def tokens(shape: str, size: float, copies: int, back: bool = False, tid: str = "t") -> Token:
    return Token(
        id=tid,
        shape=shape,
        size=size,
        copies=copies,
        face=plain_face,
        back=plain_back if back else None,
    )


def test_square_tokens_share_cut_lines() -> None:
    (page,) = plan_tokens([tokens("square", 20, 12)], RenderOptions(duplex="none"))
    trims = [p.trim for p in page.placed]
    assert len(trims) == 12
    # a full row of 20 mm squares on A4, edge to edge
    row = sorted((t for t in trims if abs(t.top - trims[0].top) < 0.01), key=lambda t: t.x)
    assert len(row) == 9  # (210 − 8 − 6) // 20
    for a, b in itertools.pairwise(row):
        assert b.x == pytest.approx(a.right)
    # the cut lines are drawn, and nothing overlaps
    assert len(page.outlines) == 12
    assert all(not a.overlaps(b) for i, a in enumerate(trims) for b in trims[i + 1 :])


def test_hex_tokens_tile_a_honeycomb() -> None:
    (page,) = plan_tokens([tokens("hex", 25, 14)], RenderOptions(duplex="none"))
    trims = [p.trim for p in page.placed]
    w, h = 25 * mm, 25 * mm * 2 / math.sqrt(3)
    assert all(t.w == pytest.approx(w) and t.h == pytest.approx(h) for t in trims)
    rows = sorted({round(t.top, 3) for t in trims}, reverse=True)
    assert rows[0] - rows[1] == pytest.approx(0.75 * h, abs=0.01)  # rows interlock
    first = min((t for t in trims if round(t.top, 3) == rows[0]), key=lambda t: t.x)
    second = min((t for t in trims if round(t.top, 3) == rows[1]), key=lambda t: t.x)
    assert second.x - first.x == pytest.approx(w / 2, abs=0.01)  # odd rows shift half a hex
    # neighbours in a row share an edge
    row = sorted((t for t in trims if round(t.top, 3) == rows[0]), key=lambda t: t.x)
    assert row[1].x == pytest.approx(row[0].right)
    assert {p.shape for p in page.placed} == {"hex"}


def test_round_tokens_get_a_bleed_ring_without_touching() -> None:
    options = RenderOptions(duplex="none")
    (page,) = plan_tokens([tokens("round", 20, 10)], options)
    for p in page.placed:
        assert close(p.clip, p.trim.outset(options.bleed))
    centres = [p.trim.center for p in page.placed]
    for i, a in enumerate(centres):
        for b in centres[i + 1 :]:
            assert math.dist(a, b) >= 20 * mm + 2 * options.bleed - 1e-6


def test_groups_share_a_page_in_bands() -> None:
    pages = plan_tokens(
        [
            tokens("round", 20, 5, tid="a"),
            tokens("square", 15, 5, tid="b"),
            tokens("hex", 20, 5, tid="c"),
        ],
        RenderOptions(duplex="none"),
    )
    assert len(pages) == 1
    bands = {}
    for p in pages[0].placed:
        box = bands.get(p.component.id)
        bands[p.component.id] = p.clip if box is None else Box.union([box, p.clip])
    assert bands["a"].y >= bands["b"].top and bands["b"].y >= bands["c"].top


def test_many_tokens_spill_onto_more_pages() -> None:
    pages = plan_tokens([tokens("square", 30, 100)], RenderOptions(duplex="none"))
    assert sum(len(p.placed) for p in pages) == 100
    assert len(pages) == 2


@pytest.mark.parametrize("mode", ["long", "short"])
def test_double_sided_tokens_have_mirrored_backs(mode: str) -> None:
    options = RenderOptions(duplex=mode)
    pages = plan_tokens(
        [tokens("round", 20, 8, back=True), tokens("hex", 22, 5, back=True, tid="h")], options
    )
    assert [p.role for p in pages] == ["fronts", "backs"]
    w, h = options.page_size
    for f, b in zip(pages[0].placed, pages[1].placed, strict=True):
        t = f.trim
        expected = (
            Box(w - t.right, t.y, t.w, t.h) if mode == "long" else Box(t.x, h - t.top, t.w, t.h)
        )
        assert close(b.trim, expected)
    data = write_pdf(pages, DrawContext(), "tokens")
    front, back = placements(data)
    assert len(front) == len(back) == 13


def test_single_sided_tokens_print_no_back_page() -> None:
    pages = plan_tokens([tokens("square", 20, 8)], RenderOptions())
    assert [p.role for p in pages] == ["fronts"]


def test_mixed_sides_only_back_the_double_sided() -> None:
    pages = plan_tokens(
        [tokens("square", 20, 3), tokens("round", 20, 4, back=True, tid="r")], RenderOptions()
    )
    assert len(pages[0].placed) == 7 and len(pages[1].placed) == 4
    assert {p.component.id for p in pages[1].placed} == {"r"}


def test_gutterfold_tokens() -> None:
    (page,) = plan_tokens([tokens("round", 20, 6, back=True)], RenderOptions(layout="gutterfold"))
    (fold,) = page.folds
    faces = [p.trim for p in page.placed if p.side == "face"]
    backs = [p.trim for p in page.placed if p.side == "back"]
    assert len(faces) == len(backs) == 6
    axis = fold.x0
    for f, b in zip(faces, backs, strict=True):
        assert close(b, Box(2 * axis - f.right, f.y, f.w, f.h))


def test_token_larger_than_paper() -> None:
    from pnp.render.report import RenderError

    with pytest.raises(RenderError, match="300 mm round token does not fit"):
        plan_tokens([tokens("round", 300, 1)], RenderOptions())


def test_gutterfold_without_backs_uses_the_whole_page() -> None:
    folded = plan_tokens([tokens("square", 20, 40)], RenderOptions(layout="gutterfold"))
    plain = plan_tokens([tokens("square", 20, 40)], RenderOptions(duplex="none"))
    assert [len(p.placed) for p in folded] == [len(p.placed) for p in plain]
    assert all(p.folds == [] for p in folded)


def test_gutterfold_folds_only_the_double_sided_and_gives_the_rest_whole_pages() -> None:
    # a file of 40 single-sided squares and 6 backed rounds (fief's tokens are mostly
    # single-sided): the squares do not sit on half pages beside an empty half
    single, backed = tokens("square", 20, 40), tokens("round", 20, 6, back=True, tid="r")
    pages = plan_tokens([single, backed], RenderOptions(layout="gutterfold"))
    folded = [p for p in pages if p.folds]
    assert {q.component.id for p in folded for q in p.placed} == {"r"}
    rest = [p for p in pages if not p.folds]
    plain = plan_tokens([single], RenderOptions(duplex="none"))
    assert [len(p.placed) for p in rest] == [len(p.placed) for p in plain]
    assert [p.role for p in rest] == ["fronts"] * len(plain)


# -- cut lines you can see ------------------------------------------------------------

#: fills a cut line must show on: fief gold, Tyrell green, near-black, white, mid grey,
#: parchment (the old 55% grey hairline was 1.03:1 on the gold)
FILLS = ("#b8860b", "#4f9a3a", "#1e1b1b", "#ffffff", "#808080", "#f2e6c8")
DPI = 400


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _filled(colour: str):
    def face(f) -> None:
        f.fill(colour)

    return face


def _edge_points(shape: str, trim: Box, n: int = 24) -> list[tuple[float, float, float, float]]:
    """Points on a token's cut, each with the direction pointing into the token."""
    cx, cy = trim.center
    if shape == "round":
        r = trim.w / 2
        out = []
        for k in range(n):
            a = 2 * math.pi * (k + 0.5) / n
            out.append((cx + r * math.cos(a), cy + r * math.sin(a), -math.cos(a), -math.sin(a)))
        return out
    if shape == "square":
        return [
            (trim.x, cy, 1.0, 0.0),
            (trim.right, cy, -1.0, 0.0),
            (cx, trim.y, 0.0, 1.0),
            (cx, trim.top, 0.0, -1.0),
        ]
    # hex: the middles of its two upright sides
    return [(trim.x, cy, 1.0, 0.0), (trim.right, cy, -1.0, 0.0)]


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_a_token_s_cut_line_shows_on_any_fill(ink: str) -> None:
    """Along every token's cut, some pixel within 0.3 mm of it stands at least 3:1 against
    the token's own colour (sampled 1.5 mm inside): the cutter can see the line on a
    gold, green, black, white or grey token, in normal and in low-ink prints."""
    from pnp.render.raster import open_pdf

    groups = [
        Token(id=f"{shape}-{i}", shape=shape, size=16, copies=1, face=_filled(colour))
        for shape in ("round", "square", "hex")
        for i, colour in enumerate(FILLS)
    ]
    options = RenderOptions(duplex="none", ink=ink)
    pages = plan_tokens(groups, options)
    data = write_pdf(pages, DrawContext(low_ink=options.low_ink), "tokens")
    scale = DPI / 72
    with open_pdf(data) as doc:
        w, h = doc.page_size(0)
        image = doc.render(0, round(w * scale), round(h * scale))
    px = image.load()

    def at(x: float, y: float) -> tuple[int, ...]:
        return px[int(x * scale), int((h - y) * scale)]

    reach = 0.3 * mm
    checked = 0
    for p in pages[0].placed:
        for x, y, dx, dy in _edge_points(p.shape, p.trim):
            fill = at(x + dx * 1.5 * mm, y + dy * 1.5 * mm)
            steps = [i / 8 * reach for i in range(-8, 9)]
            best = max(_contrast(at(x + dx * s, y + dy * s), fill) for s in steps)
            assert best >= 3.0, (p.component.id, ink, round(best, 2))
            checked += 1
    assert checked >= len(FILLS) * (24 + 4 + 2)
