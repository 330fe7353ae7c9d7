"""Read geometry back out of the PDFs the engine writes (with pypdf).

Every placed side is wrapped in ``/pnp <</Id (…) /Side /… /BBox […]>> BDC``
… ``EMC`` after its ``cm``; mapping that BBox through the current
transformation matrix gives where the side landed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.render.geometry import Box, Transform
from pnp.render.units import mm


@dataclass(frozen=True)
class Placement:
    """A side placed on a page: which component, which side, its bleed box on the page."""

    component: str
    side: str
    box: Box
    transform: Transform


def reader(data: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes."""
    return PdfReader(io.BytesIO(data))


def placements(data: bytes) -> list[list[Placement]]:
    """For every page, the sides placed on it, in drawing order."""
    pdf = reader(data)
    out = []
    for page in pdf.pages:
        ops = ContentStream(page.get_contents(), pdf).operations
        ctm = Transform()
        stack: list[Transform] = []
        found = []
        for operands, op in ops:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                m = Transform(*(float(v) for v in operands))
                ctm = m.then(ctm)
            elif op == b"BDC" and operands[0] == "/pnp":
                props = operands[1]
                x0, y0, x1, y1 = (float(v) for v in props["/BBox"])
                found.append(
                    Placement(
                        str(props["/Id"]),
                        str(props["/Side"])[1:],
                        ctm.box(Box(x0, y0, x1 - x0, y1 - y0)),
                        ctm,
                    )
                )
        out.append(found)
    return out


def page_sizes_mm(data: bytes) -> list[tuple[float, float]]:
    """Each page's media box in mm, rounded to 0.1 mm."""
    return [
        (round(float(p.mediabox.width) / mm, 1), round(float(p.mediabox.height) / mm, 1))
        for p in reader(data).pages
    ]


def text(data: bytes) -> list[str]:
    """The extracted text of each page."""
    return [p.extract_text() for p in reader(data).pages]


def close(a: Box, b: Box, tol: float = 0.01) -> bool:
    """Whether two boxes agree within ``tol`` points."""
    return all(abs(u - v) <= tol for u, v in zip(a.as_pdf(), b.as_pdf(), strict=True))
