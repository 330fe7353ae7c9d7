"""``pnp export --format png``: one image per distinct side of every card, token and board.

Files are named by content id and side (``stark-eddard.front.png``; a side
several components share is named by what their ids share, ``house.back.png``,
see :func:`pnp.render.sides.distinct_sides`). Each is the side's trim plus
``--bleed`` at ``--dpi``, its pixel size :func:`pnp.render.raster.pixels` of
that size in mm. ``export.json`` lists every image with the components that
carry it and their copies.
"""

from __future__ import annotations

from pnp.render.exports.base import Export
from pnp.render.exports.jobs import Cell, Job
from pnp.render.raster import pixels
from pnp.render.sides import distinct_sides, plain_page
from pnp.render.units import mm, to_mm

#: images larger than this are refused by Pillow's default guard against decompression
#: bombs (``Image.MAX_IMAGE_PIXELS``), and by many programs like it
HUGE_PIXELS = 89_478_485


def export_png(export: Export) -> None:
    """Queue every side's PNG and the index."""
    settings = export.settings
    sides = distinct_sides(export.components)
    bleed = settings.bleed_mm * mm
    pages = [plain_page(side, bleed) for side in sides]
    export.bar.start(f"{export.ruleset.name} png", len(sides))
    pdf = export.pdf(pages)
    jobs = []
    entries = []
    for number, side in enumerate(sides):
        w_mm = round(to_mm(side.w) + 2 * settings.bleed_mm, 4)
        h_mm = round(to_mm(side.h) + 2 * settings.bleed_mm, 4)
        size = (pixels(w_mm, settings.dpi), pixels(h_mm, settings.dpi))
        jobs.append(Job(size, (Cell(number, 0, 0, *size),), settings.dpi))
        entries.append(
            {
                "file": f"{side.name}.png",
                "kind": side.kind,
                "side": side.label,
                "ids": [c.id for c in side.components],
                "copies": sum(c.copies for c in side.components),
                "size_mm": [w_mm, h_mm],
                "size_px": list(size),
            }
        )
    for entry, data in zip(entries, export.rasterise(pdf, jobs), strict=True):
        export.add(str(entry["file"]), data)
    export.bar.finish()
    export.outcome.notes.append(
        f"{len(sides)} images at {settings.dpi} dpi"
        + (f" with {settings.bleed_mm:g} mm bleed" if settings.bleed_mm else ", trimmed")
    )
    huge = [
        (s, j.size) for s, j in zip(sides, jobs, strict=True) if j.size[0] * j.size[1] > HUGE_PIXELS
    ]
    if huge:
        side, (w, h) = huge[0]
        export.outcome.notes.append(
            f"{len(huge)} image{'s' if len(huge) > 1 else ''} over {HUGE_PIXELS // 10**6} million "
            f"pixels ({side.name}.png: {w} × {h}), which many image programs refuse to open "
            "as too large: a lower --dpi suits boards"
        )
    export.index({"dpi": settings.dpi, "bleed_mm": settings.bleed_mm, "images": entries})
