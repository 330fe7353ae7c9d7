"""Read geometry back out of the PDFs the engine writes (with pypdf).

Every placed side is wrapped in ``/pnp <</Id (…) /Side /… /BBox […]>> BDC``
… ``EMC`` after its ``cm``; mapping that BBox through the current
transformation matrix gives where the side landed.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

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


def _operators(pdf: PdfReader, page: Any) -> Iterator[tuple[Any, bytes, Transform]]:
    """A page's drawing operators with their operands and the transform in force."""
    ctm = Transform()
    stack: list[Transform] = []
    for operands, op in ContentStream(page.get_contents(), pdf).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = Transform(*(float(v) for v in operands)).then(ctm)
        yield operands, op, ctm


def placements(data: bytes) -> list[list[Placement]]:
    """For every page, the sides placed on it, in drawing order."""
    pdf = reader(data)
    out = []
    for page in pdf.pages:
        found = []
        for operands, op, ctm in _operators(pdf, page):
            if op == b"BDC" and operands[0] == "/pnp":
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


def form_boxes(data: bytes) -> list[list[Box]]:
    """For every page, where each form (a drawing placed whole, such as a board's
    assembly map) lands on it, in drawing order."""
    pdf = reader(data)
    out = []
    for page in pdf.pages:
        drawn = []
        for operands, op, ctm in _operators(pdf, page):
            if op == b"Do":
                form = page["/Resources"]["/XObject"][operands[0]]
                x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
                drawn.append(ctm.box(Box(x0, y0, x1 - x0, y1 - y0)))
        out.append(drawn)
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


@dataclass(frozen=True)
class OutlineEntry:
    """An entry of a PDF's outline (bookmarks panel): where it jumps to."""

    title: str
    depth: int
    #: 0-based page index
    page: int
    top: float


def outline(data: bytes) -> list[OutlineEntry]:
    """The outline entries in order, with their depth and destination."""
    pdf = reader(data)
    out: list[OutlineEntry] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = pdf.get_destination_page_number(item)
                out.append(OutlineEntry(str(item.title), depth, page, float(item.top)))

    walk(pdf.outline, 0)
    return out


@dataclass(frozen=True)
class Fragment:
    """A piece of text drawn on a page, at the start of its baseline."""

    x: float
    y: float
    text: str


def fragments(data: bytes) -> list[list[Fragment]]:
    """Each page's pieces of text in drawing order, with their position."""
    out: list[list[Fragment]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            out[-1].append(Fragment(x, y, text.strip()))

    for page in reader(data).pages:
        out.append([])
        page.extract_text(visitor_text=visit)
    return out


def links(data: bytes) -> list[list[tuple[Box, int, float]]]:
    """Each page's link annotations: the rectangle, and the 0-based page and top it
    jumps to."""
    pdf = reader(data)
    pages = [p.indirect_reference for p in pdf.pages]
    out = []
    for page in pdf.pages:
        found = []
        for annot in page.get("/Annots", []):
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link" or "/Dest" not in annot:
                continue
            dest = annot["/Dest"]
            x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
            found.append((Box(x0, y0, x1 - x0, y1 - y0), pages.index(dest[0]), float(dest[3])))
        out.append(found)
    return out


def images(data: bytes) -> list[list[tuple[str, str]]]:
    """For every page, ``(component, side)`` of each picture (image XObject) drawn on it.

    Pictures inside a form XObject count where the form is drawn; a picture
    outside any placed side is listed as ``("", "")``.
    """
    pdf = reader(data)

    def pictures(stream: object, resources: object) -> int:
        xobjects = resources.get("/XObject", {}) if resources else {}
        n = 0
        for operands, op in ContentStream(stream, pdf).operations:
            if op == b"Do":
                target = xobjects[operands[0]].get_object()
                if target["/Subtype"] == "/Image":
                    n += 1
                else:  # a form: count what it draws
                    n += pictures(target, target.get("/Resources"))
        return n

    def any_picture(resources: object) -> bool:
        # from the resources alone: parsing a page's content is slow, and most have none
        for ref in (resources.get("/XObject", {}) if resources else {}).values():
            target = ref.get_object()
            if target["/Subtype"] == "/Image" or any_picture(target.get("/Resources")):
                return True
        return False

    out = []
    for page in pdf.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        found: list[tuple[str, str]] = []
        if not any_picture(page["/Resources"]):
            out.append(found)
            continue
        marks: list[tuple[str, str]] = []
        for operands, op in ContentStream(page.get_contents(), pdf).operations:
            here = marks[-1] if marks else ("", "")
            if op == b"BDC" and operands[0] == "/pnp":
                props = operands[1]
                marks.append((str(props["/Id"]), str(props["/Side"])[1:]))
            elif op in (b"BDC", b"BMC"):
                marks.append(here)
            elif op == b"EMC":
                marks.pop()
            elif op == b"Do":
                target = xobjects[operands[0]].get_object()
                if target["/Subtype"] == "/Image":
                    found.append(here)
                else:
                    found += [here] * pictures(target, target.get("/Resources"))
        out.append(found)
    return out
