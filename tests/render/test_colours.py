"""Choosing a readable ink: contrast ratios, the better of two inks, a shade deep enough."""

from __future__ import annotations

import pytest

from pnp.render.colours import contrast_ratio, readable_ink, shade_for


def test_contrast_ratio_is_the_wcag_figure() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast_ratio("#ffffff", "#000000") == contrast_ratio("#000000", "#ffffff")


def test_readable_ink_is_chosen_on_the_colour_painted() -> None:
    """Tyrell's green takes dark ink; its banner, the green darkened, takes white."""
    inks = ("#2b2622", "#ffffff")
    assert readable_ink("#4f9a3a", inks) == "#2b2622"
    assert readable_ink("#438231", inks) == "#ffffff"


def test_shade_for_deepens_a_mid_tone_until_an_ink_reads() -> None:
    inks = ("#2b2622", "#ffffff")
    for ground in ("#bd6823", "#74828c", "#5d8eaa"):  # neither ink reaches 4.5:1 on these
        assert max(contrast_ratio(i, ground) for i in inks) < 4.5
        shade = shade_for(ground, inks)
        assert contrast_ratio(readable_ink(shade, inks), shade) >= 4.5
    # a colour that already reads is left as it is
    assert shade_for("#982925", inks).hexval() == "0x982925"
