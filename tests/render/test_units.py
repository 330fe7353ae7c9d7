"""Units, paper and card size presets, option parsing."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.render.options import RenderOptions, parse_mm, parse_offset
from pnp.render.units import card_size, inch, mm, paper_size, parse_length


def test_units() -> None:
    assert 25.4 * mm == pytest.approx(inch) == pytest.approx(72.0)


@pytest.mark.parametrize(
    ("name", "size"),
    [("A4", (210, 297)), ("letter", (215.9, 279.4)), ("a3", (297, 420))],
)
def test_paper_sizes(name: str, size: tuple[float, float]) -> None:
    w, h = paper_size(name)
    assert (w / mm, h / mm) == pytest.approx(size)


def test_unknown_paper() -> None:
    with pytest.raises(UsageError, match="unknown paper 'A5' \\(known: A4, Letter, A3\\)"):
        paper_size("A5")


@pytest.mark.parametrize(
    ("preset", "mm_size"),
    [("poker", (63, 88)), ("mini", (44, 63)), ("tarot", (70, 120)), ("square", (70, 70))],
)
def test_card_presets(preset: str, mm_size: tuple[float, float]) -> None:
    w, h = card_size(preset)
    assert (w / mm, h / mm) == pytest.approx(mm_size)


def test_custom_card_size_and_errors() -> None:
    assert card_size((50, 75)) == pytest.approx((50 * mm, 75 * mm))
    with pytest.raises(ValueError, match="unknown card size 'huge'"):
        card_size("huge")
    with pytest.raises(ValueError, match="must be positive"):
        card_size((0, 10))


@pytest.mark.parametrize(
    ("text", "points"),
    [("3", 3 * mm), ("3mm", 3 * mm), ("0.5cm", 5 * mm), ("0.125in", 9.0), ("9pt", 9.0)],
)
def test_parse_length(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points)


def test_parse_bad_values() -> None:
    with pytest.raises(UsageError, match="--bleed: cannot read 'lots'"):
        parse_mm("lots", "--bleed")
    with pytest.raises(UsageError, match="--back-offset: cannot read '1;2'"):
        parse_offset("1;2")
    assert parse_offset(" 1.5, -0.5 ") == pytest.approx((1.5 * mm, -0.5 * mm))
    # units as --bleed takes them, so a measured offset can be pasted as read
    assert parse_offset("0.5mm,-0.02in") == pytest.approx((0.5 * mm, -0.02 * 25.4 * mm))
    for bad in ("1", "1,2,3", ",", "a,b", "1mm;2"):
        with pytest.raises(UsageError, match="write X,Y in mm"):
            parse_offset(bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"duplex": "both"}, "--duplex must be one of long, short, none"),
        ({"layout": "fan"}, "--layout must be one of grid, gutterfold"),
        ({"bleed": -1 * mm}, "--bleed must be between 0 and 10 mm"),
        ({"bleed": 11 * mm}, "--bleed must be between 0 and 10 mm"),
        ({"overlap": 60 * mm}, "--overlap must be between 0 and 50 mm"),
        ({"back_offset": (0.0, 25 * mm)}, "--back-offset: each value must be within ±20 mm, not"),
        ({"paper": "B5"}, "unknown paper"),
    ],
)
def test_bad_options(kwargs: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        RenderOptions(**kwargs)
