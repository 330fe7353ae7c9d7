"""Every cut line of every shipped kit's card sheets and boards has a crop mark at both
ends, of a length a ruler can be laid on, on A4 and Letter.

The 100 mm scale bar used to sit on the marks of one margin: on Letter every interior
row cut line of a card sheet was marked on the left only, on A4 the fief mini-card
sheets lost the left marks of half their rows and the poker sheets kept 1.25 mm stubs
under the bar (QA4 visual item 1). A cutter needs both ends of a line. Checked on the
page plans (no PDF is written).
"""

from __future__ import annotations

import pytest

from pnp.render.geometry import Box
from pnp.render.kit import plan_files
from pnp.render.marks import EDGE_CLEAR, MARK_GAP, MARK_LEN, MIN_MARK, Segment
from pnp.render.options import RenderOptions
from pnp.render.pages import PagePlan
from pnp.render.units import mm
from tests.render.shipped import KITTED, shipped_components

#: the shortest mark a cut line may have at either end, unless the paper itself leaves
#: less room (Letter's 4 mm margins above and below a 3 x 3 poker grid)
USABLE = 3 * mm
EPS = 1e-3


def _longest(page: PagePlan, at: float, vertical: bool, outwards: int) -> float:
    """The longest crop mark on the cut line ``at`` going ``outwards`` (+1 up or right,
    -1 down or left)."""
    found = [
        s.length
        for s in page.crop_marks
        if (abs(s.x0 - s.x1) < EPS) == vertical
        and abs((s.x0 if vertical else s.y0) - at) < EPS
        and ((s.y1 - s.y0) if vertical else (s.x1 - s.x0)) * outwards > 0
    ]
    return max(found, default=0.0)


def _ends(page: PagePlan) -> list[tuple[str, float, float]]:
    """Each cut line's ends: (where, the mark there, the length the paper allows it)."""
    fronts = [p for p in page.placed if p.side == "face"]
    reach = Box.union([p.clip for p in fronts])  # where the marks start, MARK_GAP out
    w, h = page.size
    room = {
        "bottom": reach.y - MARK_GAP - EDGE_CLEAR,
        "top": h - EDGE_CLEAR - reach.top - MARK_GAP,
        "left": reach.x - MARK_GAP - EDGE_CLEAR,
        "right": w - EDGE_CLEAR - reach.right - MARK_GAP,
    }
    xs = {round(v, 3) for p in fronts for v in (p.trim.x, p.trim.right)}
    ys = {round(v, 3) for p in fronts for v in (p.trim.y, p.trim.top)}
    out = []
    for x in sorted(xs):
        for side, outwards in (("bottom", -1), ("top", 1)):
            mark = _longest(page, x, True, outwards)
            out.append((f"x={x / mm:.2f} mm {side}", mark, min(MARK_LEN, room[side])))
    for y in sorted(ys):
        for side, outwards in (("left", -1), ("right", 1)):
            mark = _longest(page, y, False, outwards)
            out.append((f"y={y / mm:.2f} mm {side}", mark, min(MARK_LEN, room[side])))
    return out


def _clear(segment: Segment, box: Box) -> bool:
    s = segment.box
    return s.right < box.x or box.right < s.x or s.top < box.y or box.top < s.y


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", KITTED)
def test_every_cut_line_has_a_usable_crop_mark_at_both_ends(name: str, paper: str) -> None:
    files = plan_files(shipped_components(name), RenderOptions(paper=paper))
    checked = 0
    for f in files:
        if f.kind not in ("card", "board"):
            continue
        for number, page in enumerate(f.pages, start=1):
            if page.role not in ("fronts", "board"):
                continue
            for where, mark, room in _ends(page):
                at = f"{paper} {name} {f.name} page {number}, cut line {where}"
                # the layout leaves every cut line room for a mark at each end ...
                assert room >= MIN_MARK - EPS, at
                # ... and the scale bar takes none of what makes it usable
                assert mark >= min(USABLE, room) - EPS, (at, mark / mm, room / mm)
                checked += 1
            assert page.scale_bar is not None
            bar = page.scale_bar.box
            assert all(_clear(s, bar) for s in page.crop_marks), (f.name, number)
    assert checked
