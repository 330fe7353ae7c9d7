"""Read geometry back out of the PDFs the engine writes (with pypdf).

Every side is a form XObject named ``s<n>-<component id>-<face|back>``,
placed on the page with ``cm`` and ``Do``; mapping each form's BBox through
the current transformation matrix gives where that side landed.
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
        xobjects = page["/Resources"].get("/XObject", {})
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
            elif op == b"Do":
                name = str(operands[0])
                form = xobjects[name].get_object()
                x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
                label = name.split(".", 1)[1] if "." in name else name
                if not label.startswith("s"):
                    continue
                _, rest = label.split("-", 1)
                component, side = rest.rsplit("-", 1)
                found.append(
                    Placement(component, side, ctm.box(Box(x0, y0, x1 - x0, y1 - y0)), ctm)
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
