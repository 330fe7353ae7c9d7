"""The main board's shapes and furniture, computed from the map data."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.content import LoadedContent
from pnp.render.units import mm
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.kit.board import BoardLayout, layout_board, main_board
from pnp.rulesets.fief.kit.dienets import arrange
from pnp.rulesets.fief.kit.icons import HOUSES, ICONS
from pnp.rulesets.fief.kit.mapshape import build_shape, landmasses, point_in_polygon
from pnp.rulesets.fief.kit.placement import MmBox, Room
from tests.render.recording import RecordingFace


@pytest.fixture(scope="module")
def layout(fief_content: LoadedContent[Any]) -> BoardLayout:
    return layout_board(fief_content.model)


def test_every_village_stands_in_its_own_cell(fief_content: LoadedContent[Any]) -> None:
    model = fief_content.model
    shape = build_shape(model)
    assert len(shape.cells) == len(model.villages)
    for cell in shape.cells:
        v = model.villages[cell.village]
        assert cell.contains((v.x, v.y)), v.id
        for other in model.villages:
            if other.id != v.id:
                assert not cell.contains((other.x, other.y)), (v.id, other.id)


def test_cells_do_not_overlap(fief_content: LoadedContent[Any]) -> None:
    shape = build_shape(fief_content.model)
    step = 7.0
    y = 3.0
    while y < shape.height:
        x = 3.0
        while x < shape.width:
            assert sum(c.contains((x, y)) for c in shape.cells) <= 1, (x, y)
            x += step
        y += step


def test_islands_are_separate_landmasses(fief_content: LoadedContent[Any]) -> None:
    model = fief_content.model
    mass = landmasses(model)
    index = {v.id: i for i, v in enumerate(model.villages)}
    assert mass[index["pyke"]] != mass[index["casterly-rock"]]
    assert mass[index["dragonstone"]] != mass[index["kings-landing"]]
    assert mass[index["winterfell"]] == mass[index["sunspear"]]
    shape = build_shape(model)
    # the sea between Pyke and Seagard stays open
    pyke, seagard = model.villages[index["pyke"]], model.villages[index["seagard"]]
    mid = ((pyke.x + seagard.x) / 2, (pyke.y + seagard.y) / 2)
    assert not shape.on_land(mid)


def test_borders_run_between_fiefs_and_regions(fief_content: LoadedContent[Any]) -> None:
    model = fief_content.model
    shape = build_shape(model)
    assert shape.fief_borders and shape.region_borders
    # a region border separates two Villages of different Regions
    for a, b in shape.region_borders:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        off = (-dy / n * 1.5, dx / n * 1.5)
        left = shape.cell_at((mid[0] + off[0], mid[1] + off[1]))
        right = shape.cell_at((mid[0] - off[0], mid[1] - off[1]))
        if left and right:
            ra = model.villages[left.village].region
            rb = model.villages[right.village].region
            assert ra != rb


def test_furniture_is_placed_and_covers_no_village(
    layout: BoardLayout, fief_content: LoadedContent[Any]
) -> None:
    model = fief_content.model
    assert set(layout.fief_plates) == {f.id for f in model.fiefs}
    assert set(layout.warden_spaces) == {r.id for r in model.regions}
    assert layout.cartouche is not None and layout.legend is not None
    boxes = [
        *layout.fief_plates.values(),
        *layout.warden_spaces.values(),
        layout.cartouche,
        layout.legend,
    ]
    for box in boxes:
        assert box.x >= 0 and box.x + box.w <= model.board.width_mm
        assert box.y >= 0 and box.y + box.h <= model.board.height_mm
        for mark in layout.villages:
            v = mark.village
            disc = MmBox(v.x - mark.radius, v.y - mark.radius, 2 * mark.radius, 2 * mark.radius)
            assert not box.overlaps(disc), (box, v.id)
            assert not box.overlaps(mark.banner), (box, v.id)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)
    # Warden spaces lie in the sea
    for box in layout.warden_spaces.values():
        assert not layout.shape.on_land(box.center)


def test_every_village_shows_its_region_number(fief_content: LoadedContent[Any]) -> None:
    """FF-MAP-03: a Village's Region decides its Warden, its disasters and its taxes; the
    thick borders cannot show it for an island (Pyke, Dragonstone), so every name banner
    ends with the Region's number."""
    model = fief_content.model
    layout = layout_board(model)
    board = main_board(fief_content)
    face = RecordingFace(board, RULESET.icons)
    board.face(face)
    labels = face.of("label")
    number = {r.id: str(r.number) for r in model.regions}
    for mark in layout.villages:
        b = mark.banner
        box = (b.x * mm, face.height - (b.y + b.h) * mm, b.w * mm, b.h * mm)
        inside = [
            d.what
            for d in labels
            if box[0] <= d.box.center[0] <= box[0] + box[2]
            and box[1] <= d.box.center[1] <= box[1] + box[3]
        ]
        assert mark.village.name in inside, mark.village.id
        assert number[mark.village.region] in inside, (mark.village.id, inside)


def test_each_warden_space_lies_by_its_own_region(
    layout: BoardLayout, fief_content: LoadedContent[Any]
) -> None:
    """A Warden card's space is read as belonging to the land beside it: the land round it
    (within 12 mm) is its own Region's (the Crownlands' space sat between Storm's End and
    Dorne, the South's beside the Westerlands)."""
    model = fief_content.model
    shape = layout.shape
    for region in model.regions:
        b = layout.warden_spaces[region.id]
        regions: Counter[str] = Counter()
        for d in (4.0, 8.0, 12.0):
            for k in range(40):
                t = k / 40
                for p in (
                    (b.x - d + t * (b.w + 2 * d), b.y - d),
                    (b.x - d + t * (b.w + 2 * d), b.y + b.h + d),
                    (b.x - d, b.y - d + t * (b.h + 2 * d)),
                    (b.x + b.w + d, b.y - d + t * (b.h + 2 * d)),
                ):
                    cell = shape.cell_at(p)
                    if cell is not None and shape.on_land(p):
                        regions[model.villages[cell.village].region] += 1
        assert regions, region.id
        assert regions[region.id] >= 0.9 * sum(regions.values()), (region.id, regions)


def test_room_finds_the_nearest_free_box() -> None:
    room = Room(100, 100, step=2)
    room.paint_polygon([(0, 0), (50, 0), (50, 100), (0, 100)], 1)  # left half is land
    box = room.find(10, 10, (20, 50), Room.SEA)
    assert box is not None and box.x >= 50  # in the sea, as near as possible
    assert abs(box.x - 50) <= 2
    room.take(box)
    again = room.find(10, 10, (20, 50), Room.SEA)
    assert again is not None and not again.overlaps(box)
    room.block_segment((50, 0), (50, 100), 20)
    assert room.find(10, 10, (20, 50), Room.SEA).x >= 70
    assert room.find(200, 10, (20, 50), Room.SEA) is None


def test_point_in_polygon() -> None:
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert point_in_polygon((5, 5), square)
    assert not point_in_polygon((15, 5), square)


def test_die_faces_balance_opposites() -> None:
    faces = arrange([0, 1, 1, 2, 2, 3])
    assert sorted(faces) == [0, 1, 1, 2, 2, 3]
    assert {faces[0] + faces[5], faces[1] + faces[3], faces[2] + faces[4]} == {3}
    d6 = arrange([1, 2, 3, 4, 5, 6])
    assert {d6[0] + d6[5], d6[1] + d6[3], d6[2] + d6[4]} == {7}


def test_every_house_has_a_sigil_and_every_icon_draws(
    fief_content: LoadedContent[Any], tmp_path: Any
) -> None:
    assert {h.id for h in fief_content.model.houses} == set(HOUSES)
    for house in HOUSES:
        assert f"sigil-{house}" in ICONS
    canvas = Canvas(str(tmp_path / "icons.pdf"))
    for name, icon in ICONS.items():
        icon.render(canvas, 0, 0, 20)
        assert icon.svg_symbol().startswith(f'<symbol id="pnp-icon-{name}"')
    canvas.save()


def test_room_boxes_may_straddle_kinds_and_be_vetted() -> None:
    """A box may lie on several ground kinds at once (sea and one Region's land), and an
    ``accept`` test may turn a free box down."""
    room = Room(100, 100, step=2)
    room.paint_polygon([(0, 0), (50, 0), (50, 100), (0, 100)], 1)
    on_both = room.find(20, 10, (50, 50), [Room.SEA, 1])
    assert on_both is not None and on_both.x < 50 < on_both.x + on_both.w
    right = room.find(20, 10, (50, 50), [Room.SEA, 1], accept=lambda b: b.center[0] > 50)
    assert right is not None and right.center[0] > 50
    assert room.find(20, 10, (50, 50), 1, accept=lambda b: False) is None
