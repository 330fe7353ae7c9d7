"""The House palettes (:mod:`pnp.rulesets.ironthrone.kit.style`) keep text legible."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.kit.style import PARCHMENT, house_palette, luminance
from pnp.rulesets.ironthrone.model import IronThroneContent


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_house_colours_stay_legible(content: LoadedContent[IronThroneContent]) -> None:
    for house in content.model.houses:
        pal = house_palette(house)
        assert _contrast(pal.ink, pal.color) >= 4.5, house.id  # text on the frame
        assert _contrast(pal.heading, PARCHMENT) >= 4.5, house.id  # headings on paper
