"""Embedded TrueType fonts, grouped in families.

A *family* is a name (``"sans"``) for four TrueType faces: regular, bold,
italic and bold italic; the markup's ``<b>`` and ``<i>`` pick among them.
pnp ships one family, ``"sans"``: Bitstream Vera, which reportlab carries
(free licence). Fonts are embedded (subset) in every PDF, so the print looks
the same on every machine. Add a family only with a free licence and ship
its files inside the package::

    register_family("serif", regular=Path(".../Serif.ttf"), bold=..., italic=..., bold_italic=...)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.render.report import RenderError

_REPORTLAB_FONTS = Path(reportlab.__file__).resolve().parent / "fonts"

#: the family used when a face does not name one
DEFAULT_FAMILY = "sans"


@dataclass(frozen=True)
class Family:
    """Four registered reportlab font names."""

    regular: str
    bold: str
    italic: str
    bold_italic: str

    def font(self, bold: bool = False, italic: bool = False) -> str:
        """The font name for a style."""
        if bold and italic:
            return self.bold_italic
        if bold:
            return self.bold
        if italic:
            return self.italic
        return self.regular


_FAMILIES: dict[str, Family] = {}


def _register_ttf(name: str, path: Path) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def register_family(
    name: str,
    regular: Path,
    bold: Path | None = None,
    italic: Path | None = None,
    bold_italic: Path | None = None,
) -> Family:
    """Register a family of TrueType files under ``name`` (missing styles fall back)."""
    base = f"pnp-{name}"
    reg = _register_ttf(base, regular)
    b = _register_ttf(f"{base}-Bold", bold) if bold else reg
    i = _register_ttf(f"{base}-Italic", italic) if italic else reg
    bi = _register_ttf(f"{base}-BoldItalic", bold_italic) if bold_italic else b
    family = Family(reg, b, i, bi)
    _FAMILIES[name] = family
    return family


def family(name: str = DEFAULT_FAMILY) -> Family:
    """The registered family ``name`` (``"sans"`` is registered on first use)."""
    if name not in _FAMILIES and name == DEFAULT_FAMILY:
        register_family(
            DEFAULT_FAMILY,
            _REPORTLAB_FONTS / "Vera.ttf",
            _REPORTLAB_FONTS / "VeraBd.ttf",
            _REPORTLAB_FONTS / "VeraIt.ttf",
            _REPORTLAB_FONTS / "VeraBI.ttf",
        )
    try:
        return _FAMILIES[name]
    except KeyError:
        known = ", ".join(sorted({DEFAULT_FAMILY, *_FAMILIES}))
        raise RenderError(f"unknown font family {name!r} (known: {known})") from None


@functools.lru_cache(maxsize=1 << 16)
def unit_width(font: str, text: str) -> float:
    """Width of ``text`` in ``font`` at size 1 (cached: card text repeats a lot)."""
    return pdfmetrics.stringWidth(text, font, 1.0)


def ascent(font: str) -> float:
    """The font's ascent at size 1."""
    return pdfmetrics.getAscent(font) / 1000.0


def descent(font: str) -> float:
    """The font's descent at size 1, as a positive number."""
    return -pdfmetrics.getDescent(font) / 1000.0


@functools.lru_cache(maxsize=1 << 14)
def missing_glyphs(font: str, text: str) -> str:
    """The characters of ``text`` that ``font`` cannot draw (in order, once each)."""
    face = pdfmetrics.getFont(font).face
    table = getattr(face, "charToGlyph", None)
    if table is None:
        return ""
    out: list[str] = []
    for ch in text:
        if ch not in out and not ch.isspace() and ord(ch) not in table:
            out.append(ch)
    return "".join(out)
