"""The duplex calibration sheet: scales behind every crosshair, offset applied."""

from __future__ import annotations

import pytest

from pnp.render.calibration import targets
from pnp.render.options import RenderOptions
from pnp.render.units import mm


@pytest.mark.parametrize("mode", ["long", "short"])
def test_scales_sit_behind_their_crosshairs(mode: str) -> None:
    options = RenderOptions(paper="Letter", duplex=mode)
    w, h = options.page_size
    cal = targets(options)
    assert len(cal.fronts) == len(cal.backs) == 5
    for (fx, fy), (bx, by) in zip(cal.fronts, cal.backs, strict=True):
        expected = (w - fx, fy) if mode == "long" else (fx, h - fy)
        assert (bx, by) == pytest.approx(expected)
    assert len({(round(x), round(y)) for x, y in cal.fronts}) == 5


def test_back_offset_moves_the_scales() -> None:
    plain = targets(RenderOptions())
    moved = targets(RenderOptions(back_offset=(2 * mm, -1 * mm)))
    assert moved.fronts == plain.fronts
    for (x0, y0), (x1, y1) in zip(plain.backs, moved.backs, strict=True):
        assert (x1 - x0, y1 - y0) == pytest.approx((2 * mm, -1 * mm))


def test_the_back_says_how_a_reading_adds_to_the_offset_printed_with() -> None:
    from pnp.render.calibration import plan_calibration

    def footer(options: RenderOptions) -> list[str]:
        _, back = plan_calibration(options)
        return [label.text for label in back.labels if label.y < 20 * mm]

    (plain,) = footer(RenderOptions())
    assert "printed with no --back-offset" in plain
    offset = footer(RenderOptions(back_offset=(1 * mm, -1 * mm)))
    assert "printed with --back-offset 1,-1" in offset[0]
    assert "a reading of 0.5,0 means --back-offset 1.5,-1." in offset[1]
