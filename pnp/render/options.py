"""The options of a render, as the commands take them and the engine uses them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.errors import UsageError
from pnp.render.units import mm, paper_name, paper_size, to_mm

Duplex = Literal["long", "short", "none"]
SheetLayout = Literal["grid", "gutterfold"]
Ink = Literal["normal", "low"]

DUPLEX_MODES: tuple[str, ...] = ("long", "short", "none")
LAYOUTS: tuple[str, ...] = ("grid", "gutterfold")
INKS: tuple[str, ...] = ("normal", "low")

#: largest bleed and board overlap the options accept, mm
MAX_BLEED_MM = 10.0
MAX_OVERLAP_MM = 50.0
MAX_OFFSET_MM = 20.0
MAX_GUTTER_MM = 20.0


@dataclass(frozen=True)
class RenderOptions:
    """How to put a kit on paper. Lengths are points."""

    paper: str = "A4"
    bleed: float = 3 * mm
    #: space between cards on a sheet; ``None``: twice the bleed each card keeps on
    #: every side, as much as the paper allows without losing a card or the margin
    #: (:func:`pnp.render.imposition.card_grid`); ``0``: cards share their cut lines
    gutter: float | None = None
    #: how backs are printed: behind their fronts for a long- or short-edge flip, or not at all
    duplex: Duplex = "long"
    #: ``grid`` (fronts and backs on alternate pages) or ``gutterfold`` (side by side)
    layout: SheetLayout = "grid"
    #: shift of back pages ``(right, up)`` to correct printer drift
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    #: overlap of neighbouring board tiles
    overlap: float = 10 * mm
    #: text problems fail the render
    strict: bool = False
    #: ``low``: light tints and outlines instead of large dark fills (:mod:`pnp.render.lowink`)
    ink: Ink = "normal"

    def __post_init__(self) -> None:
        object.__setattr__(self, "paper", paper_name(self.paper))
        if self.duplex not in DUPLEX_MODES:
            raise UsageError(
                f"--duplex must be one of {', '.join(DUPLEX_MODES)}, not {self.duplex!r}"
            )
        if self.layout not in LAYOUTS:
            raise UsageError(f"--layout must be one of {', '.join(LAYOUTS)}, not {self.layout!r}")
        if self.ink not in INKS:
            raise UsageError(f"--ink must be one of {', '.join(INKS)}, not {self.ink!r}")
        if not 0 <= self.bleed <= MAX_BLEED_MM * mm + 1e-9:
            raise UsageError(
                f"--bleed must be between 0 and {MAX_BLEED_MM:g} mm, not {to_mm(self.bleed):g}"
            )
        if self.gutter is not None and not 0 <= self.gutter <= MAX_GUTTER_MM * mm + 1e-9:
            raise UsageError(
                f"--gutter must be between 0 and {MAX_GUTTER_MM:g} mm, not {to_mm(self.gutter):g}"
            )
        if not 0 <= self.overlap <= MAX_OVERLAP_MM * mm + 1e-9:
            raise UsageError(
                f"--overlap must be between 0 and {MAX_OVERLAP_MM:g} mm, "
                f"not {to_mm(self.overlap):g}"
            )
        for value in self.back_offset:
            if abs(value) > MAX_OFFSET_MM * mm + 1e-9:
                raise UsageError(
                    f"--back-offset: each value must be within ±{MAX_OFFSET_MM:g} mm, "
                    f"not {to_mm(value):g}"
                )

    @property
    def page_size(self) -> tuple[float, float]:
        """The portrait paper size in points."""
        return paper_size(self.paper)

    @property
    def low_ink(self) -> bool:
        """Whether sides are drawn in their low-ink variant."""
        return self.ink == "low"

    @property
    def backs(self) -> bool:
        """Whether backs are printed at all."""
        return self.layout == "gutterfold" or self.duplex != "none"

    def describe(self) -> dict[str, object]:
        """The options as plain values (mm), for the manifest."""
        return {
            "paper": self.paper,
            "bleed_mm": round(to_mm(self.bleed), 3),
            "gutter_mm": "auto" if self.gutter is None else round(to_mm(self.gutter), 3),
            "duplex": self.duplex,
            "layout": self.layout,
            "back_offset_mm": [round(to_mm(v), 3) for v in self.back_offset],
            "crop_marks": self.crop_marks,
            "cut_lines": self.cut_lines,
            "overlap_mm": round(to_mm(self.overlap), 3),
            "ink": self.ink,
        }


def parse_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm, right and up) as points; each value may carry a unit
    like ``--bleed`` (``0.5mm,-0.02in``)."""
    from pnp.render.units import parse_length

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise UsageError(text)
        x, y = (parse_length(part, "--back-offset") for part in parts)
    except UsageError:
        raise UsageError(
            f"--back-offset: cannot read {text!r} (write X,Y in mm, e.g. 1.5,-0.5)"
        ) from None
    return x, y


def parse_mm(text: str | float, option: str) -> float:
    """A millimetre option (a number, or with a unit) as points."""
    from pnp.render.units import parse_length

    if isinstance(text, int | float):
        return float(text) * mm
    return parse_length(text, option)
