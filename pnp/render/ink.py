"""Estimated ink coverage of a PDF, so the low-ink variant's saving is a number.

Pages are rasterised coarsely (:data:`COVERAGE_DPI`) and every pixel's sRGB
colour separated into C, M, Y and K with full grey-component replacement
(the grey goes to K alone; the separation the print-on-demand files use). A
page's coverage is the mean of C+M+Y+K over its pixels: 0 for a blank page,
100 % for solid black, up to 200 % for saturated colour. A printer driver's
own separation differs, so the figure compares two variants; it is not a
cartridge count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from pnp.render.raster import open_pdf

#: resolution pages are rasterised at: coarse, but a mean over a page is stable
COVERAGE_DPI = 36


def pixel_ink(r: int, g: int, b: int) -> float:
    """Ink of one sRGB pixel as C+M+Y+K (0 for white, 1 for black, at most 2)."""
    top = max(r, g, b)
    if top == 0:
        return 1.0
    black = 1 - top / 255
    colour = (3 * top - r - g - b) / top
    return black + colour


def image_ink(image: Image.Image) -> float:
    """Mean ink (C+M+Y+K per pixel, see :func:`pixel_ink`) over ``image``."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    colours = rgb.getcolors(w * h)
    assert colours is not None
    # an RGB image's colours are all (r, g, b) tuples: the test only tells mypy so;
    # sum() kept, as its float addition differs from a loop's on Python 3.12+
    total = sum(
        count * pixel_ink(*colour) for count, colour in colours if isinstance(colour, tuple)
    )
    return total / (w * h)


def pdf_ink(data: bytes, dpi: float = COVERAGE_DPI) -> list[float]:
    """The estimated ink coverage of every page of a PDF (1.0 = 100 %)."""
    out = []
    with open_pdf(data) as doc:
        for index in range(len(doc)):
            w, h = doc.page_size(index)
            size = max(1, math.ceil(w / 72 * dpi)), max(1, math.ceil(h / 72 * dpi))
            out.append(image_ink(doc.render(index, *size)))
    return out


def mean(values: Sequence[float]) -> float:
    """The mean of ``values`` (0 for none)."""
    return sum(values) / len(values) if values else 0.0


@dataclass(frozen=True)
class Saving:
    """One PDF's mean page coverage in the normal and the low-ink variant."""

    file: str
    normal: float
    low: float

    @property
    def saving(self) -> float:
        """The share of ink the low-ink variant saves (0.6 = 60 % less)."""
        return 1 - self.low / self.normal if self.normal else 0.0

    def __str__(self) -> str:
        return (
            f"{self.file}: ink {self.normal * 100:.1f}% -> {self.low * 100:.1f}% "
            f"of each page on average ({self.saving * 100:.0f}% less)"
        )


def savings(normal: Mapping[str, bytes], low: Mapping[str, bytes]) -> list[Saving]:
    """The coverage of each PDF in both variants (files in ``low``'s order)."""
    return [
        Saving(name, mean(pdf_ink(normal[name])), mean(pdf_ink(data)))
        for name, data in low.items()
        if name in normal
    ]
