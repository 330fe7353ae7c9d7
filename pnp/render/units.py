"""Physical units and the size presets of cards and paper.

Everything the engine draws is measured in PDF points (1/72 inch), the unit
of reportlab's canvas. Declarations (card sizes, token sizes, board sizes,
bleed, offsets) are given in millimetres, the unit PnP players measure with;
multiply by :data:`mm` to get points::

    face.box(3 * mm, 3 * mm, face.width - 6 * mm, 20 * mm, fill="#eee")
"""

from __future__ import annotations

import re

from pnp.errors import UsageError

#: points per millimetre
mm: float = 72.0 / 25.4
#: points per inch
inch: float = 72.0
#: points per point
pt: float = 1.0

#: card size presets, width × height in millimetres (portrait)
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 87.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

#: paper presets, width × height in millimetres (portrait)
PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "Letter": (215.9, 279.4),
    "A3": (297.0, 420.0),
}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")
_FACTORS = {"mm": mm, "cm": 10 * mm, "in": inch, "pt": pt, None: mm}


def parse_length(text: str, what: str = "length") -> float:
    """Parse ``"3"``, ``"3mm"``, ``"0.25in"`` or ``"9pt"`` into points (bare numbers are mm)."""
    match = _LENGTH.match(text)
    if not match:
        raise UsageError(f"{what}: cannot read {text!r} (write e.g. 3, 3mm, 0.125in or 9pt)")
    return float(match.group(1)) * _FACTORS[match.group(2)]


def paper_size(name: str) -> tuple[float, float]:
    """The portrait size of paper ``name`` in points (case-insensitive)."""
    for key, (w, h) in PAPERS.items():
        if key.lower() == name.lower():
            return w * mm, h * mm
    known = ", ".join(PAPERS)
    raise UsageError(f"unknown paper {name!r} (known: {known})")


def paper_name(name: str) -> str:
    """The canonical spelling of paper ``name``: ``a4`` -> ``A4``."""
    for key in PAPERS:
        if key.lower() == name.lower():
            return key
    paper_size(name)  # raises with the list of known papers
    raise AssertionError  # pragma: no cover


def card_size(size: str | tuple[float, float]) -> tuple[float, float]:
    """A card size preset name or a ``(width, height)`` in mm, as points."""
    if isinstance(size, str):
        if size not in CARD_SIZES:
            known = ", ".join(CARD_SIZES)
            raise ValueError(f"unknown card size {size!r} (known: {known}, or (width, height) mm)")
        w, h = CARD_SIZES[size]
    else:
        w, h = size
    if not (w > 0 and h > 0):
        raise ValueError(f"card size must be positive, got {w} × {h} mm")
    return w * mm, h * mm


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / mm
