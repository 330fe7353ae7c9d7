"""Rasterising the kit's own PDF drawing into pixels (with PDFium, through pypdfium2).

Every image pnp exports is a page of a PDF that the print engine drew,
rasterised here: one drawing, two outputs, never a second renderer.

Pixel sizes are worked out in one place, :func:`pixels`: a length in mm at a
DPI is ``round(mm / 25.4 × dpi)`` pixels (half away from zero), so a 63 mm card
is 744 px wide at 300 dpi everywhere pnp says so. A page is rendered onto
exactly that many pixels, the page stretched to fill them (the rounding moves
an edge by under half a pixel).

PNG files are written the same way every time: RGB, an ``sRGB`` chunk (the
colours are sRGB, as the PDF's DeviceRGB is taken to be), the DPI in the
``pHYs`` chunk, no time stamp, fixed compression.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from PIL import Image, PngImagePlugin

from pnp.render.report import RenderError

#: PNG compression level: 6 is zlib's own default, a good size for the time it takes
PNG_LEVEL = 6
#: the lowest and highest DPI an export accepts
MIN_DPI = 10
MAX_DPI = 1200


def pixels(mm: float, dpi: float) -> int:
    """``mm`` millimetres at ``dpi`` in whole pixels: ``round(mm / 25.4 × dpi)``, halves up.

    The one rounding rule of every exported image.
    """
    exact = Decimal(repr(mm)) / Decimal("25.4") * Decimal(repr(dpi))
    return max(1, int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP)))


def points_to_pixels(points: float, dpi: float) -> int:
    """A length in PDF points at ``dpi``, rounded like :func:`pixels`."""
    return pixels(points / 72 * 25.4, dpi)


def _pdfium() -> Any:
    try:
        import pypdfium2
    except ImportError as exc:  # pragma: no cover - a dependency of pnp
        raise RenderError(
            "exporting images needs pypdfium2 (pip install pypdfium2); "
            f"it could not be imported: {exc}"
        ) from None
    return pypdfium2


@dataclass
class Document:
    """An open PDF to rasterise pages of (close it, or use :func:`open_pdf`)."""

    handle: Any

    def __len__(self) -> int:
        return len(self.handle)

    def page_size(self, index: int) -> tuple[float, float]:
        """Width and height of page ``index`` in points."""
        page = self.handle[index]
        try:
            return float(page.get_width()), float(page.get_height())
        finally:
            page.close()

    def render(self, index: int, width: int, height: int) -> Image.Image:
        """Page ``index`` drawn onto exactly ``width`` × ``height`` RGB pixels, white below."""
        pdfium = _pdfium()
        raw = pdfium.raw
        page = self.handle[index]
        try:
            bitmap = pdfium.PdfBitmap.new_native(
                width, height, format=raw.FPDFBitmap_BGR, rev_byteorder=True
            )
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            # LCD text antialiasing would tint glyph edges: grey antialiasing only
            flags = raw.FPDF_ANNOT | raw.FPDF_REVERSE_BYTE_ORDER
            raw.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags)
            # a native bitmap's buffer is Python's: the image keeps it alive, no copy
            image = bitmap.to_pil()
            return image if image.mode == "RGB" else image.convert("RGB")
        finally:
            page.close()

    def text(self, index: int) -> str:
        """The text drawn on page ``index``, in drawing order."""
        page = self.handle[index]
        try:
            textpage = page.get_textpage()
            try:
                return str(textpage.get_text_range())
            finally:
                textpage.close()
        finally:
            page.close()

    def font_sizes(self, index: int) -> list[float]:
        """The font size (points, as set, before any scaling of the page's drawing) of
        every visible character of page ``index``."""
        raw = _pdfium().raw
        page = self.handle[index]
        out: list[float] = []
        try:
            textpage = page.get_textpage()
            try:
                for i in range(textpage.count_chars()):
                    if textpage.get_text_range(i, 1).strip():
                        out.append(float(raw.FPDFText_GetFontSize(textpage, i)))
            finally:
                textpage.close()
        finally:
            page.close()
        return out

    def char_boxes(self, index: int) -> list[tuple[str, tuple[float, float, float, float]]]:
        """Every visible character of page ``index`` with its box ``(left, bottom, right,
        top)`` in points."""
        page = self.handle[index]
        out: list[tuple[str, tuple[float, float, float, float]]] = []
        try:
            textpage = page.get_textpage()
            try:
                for i in range(textpage.count_chars()):
                    char = textpage.get_text_range(i, 1)
                    if not char.strip():
                        continue
                    box = textpage.get_charbox(i)
                    left, bottom, right, top = box
                    out.append((char, (float(left), float(bottom), float(right), float(top))))
            finally:
                textpage.close()
        finally:
            page.close()
        return out

    def close(self) -> None:
        """Free the document."""
        self.handle.close()


@contextmanager
def open_pdf(data: bytes) -> Iterator[Document]:
    """``with open_pdf(pdf_bytes) as doc: doc.render(0, w, h)``."""
    pdfium = _pdfium()
    try:
        handle = pdfium.PdfDocument(data)
    except Exception as exc:  # pdfium raises its own PdfiumError
        raise RenderError(f"cannot rasterise the PDF: {exc}") from None
    doc = Document(handle)
    try:
        yield doc
    finally:
        doc.close()


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """``image`` as PNG bytes: RGB, sRGB, ``dpi`` in the file, the same bytes every time."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    info = PngImagePlugin.PngInfo()
    # rendering intent 0 (perceptual): the pixels are sRGB
    info.add(b"sRGB", b"\x00")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi), pnginfo=info, compress_level=PNG_LEVEL)
    return buffer.getvalue()


def png_dpi(data: bytes) -> tuple[float, float]:
    """The DPI written in a PNG (as PIL reads its ``pHYs`` chunk)."""
    with Image.open(io.BytesIO(data)) as image:
        dpi = image.info.get("dpi", (0.0, 0.0))
    return float(dpi[0]), float(dpi[1])
