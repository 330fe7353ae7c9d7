"""The look shared by every Iron Throne component: House palettes and frame pieces.

A House's two content colours (``color`` and ``accent``) give its whole
palette: the frame, the ink that reads on it, a pale tint for art windows.
Card faces, sheets and tokens are built from the helpers here so they keep
one layout by kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import toColor

from pnp.render import Face, escape, mm
from pnp.render.colours import contrast_ratio, readable_ink
from pnp.rulesets.ironthrone.kit import icons
from pnp.rulesets.ironthrone.model import House

#: the paper colour inside frames
PARCHMENT = "#f6f0e1"
#: body text
INK = "#231f1a"
#: secondary text: flavour, captions
MUTED = "#5b5247"
#: the frame of special (House-less) events
SPECIAL = "#4a3b5e"
SPECIAL_ACCENT = "#d9b55a"
#: the least contrast (WCAG) of words on what is painted under them
READABLE = 4.5


def hex_color(r: float, g: float, b: float) -> str:
    """``#rrggbb`` from 0–1 channels."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in (r, g, b))


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    ca, cb = toColor(a), toColor(b)
    return hex_color(
        ca.red + (cb.red - ca.red) * t,
        ca.green + (cb.green - ca.green) * t,
        ca.blue + (cb.blue - ca.blue) * t,
    )


def luminance(color: str) -> float:
    """Relative luminance (WCAG) of ``color``, 0 (black) to 1 (white)."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    c = toColor(color)
    return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)


def muted_on(ground: str) -> str:
    """Secondary text on ``ground``: :data:`MUTED` where it reads :data:`READABLE`, else
    :data:`INK` (Targaryen's dark tint under the power reserve's note)."""
    return MUTED if contrast_ratio(MUTED, ground) >= READABLE else INK


def ink_on(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    return INK if luminance(color) > 0.3 else "#ffffff"


@dataclass(frozen=True)
class Palette:
    """The colours of one House (or of the special events)."""

    #: the frame and headings
    color: str
    #: rings, rules, the sigil's body
    accent: str
    #: the sigil glyph's name
    sigil: str
    #: what the House is called in print: ``House Stark``
    name: str

    @property
    def ink(self) -> str:
        """Text on the frame colour."""
        return ink_on(self.color)

    @property
    def tint(self) -> str:
        """A pale wash of the frame colour, for art windows."""
        return mix(self.color, PARCHMENT, 0.78)

    @property
    def heading(self) -> str:
        """The frame colour, darkened until it reads on parchment and on the tint (the
        power reserve and the influence spaces are tinted: Stark's slate heading was
        3.5:1 there)."""
        color = self.color
        while luminance(color) > 0.18 or contrast_ratio(color, self.tint) < READABLE:
            color = mix(color, "#000000", 0.2)
        return color

    @property
    def lettering(self) -> str:
        """Words on the frame colour (a back's House name and motto): the accent where it
        reads :data:`READABLE` on the frame, else the most readable of parchment, white and
        ink (Targaryen's red on black was 2.7:1, Tyrell's gold on green 3.3:1)."""
        if contrast_ratio(self.accent, self.color) >= READABLE:
            return self.accent
        return str(readable_ink(self.color, (PARCHMENT, "#ffffff", INK)))

    @property
    def watermark(self) -> str:
        """The sigil's body drawn faintly on the frame colour."""
        return mix(self.color, self.accent, 0.3)


def house_palette(house: House) -> Palette:
    """The palette of ``house``."""
    return Palette(house.color, house.accent, house.sigil, house.name)


def sigil(
    face: Face, pal: Palette, x: float, y: float, size: float, *, faint: bool = False
) -> None:
    """The House sigil in its colours (``faint``: a watermark on the frame colour)."""
    body = pal.watermark if faint else pal.accent
    icons.paint(face.canvas, pal.sigil, x, y, size, fill=body, detail=pal.color)


def medallion(face: Face, pal: Palette, cx: float, cy: float, r: float) -> None:
    """The sigil on a House-coloured disc ringed in the accent: how it sits on paper."""
    disc(face, cx, cy, r, pal.color, pal.accent)
    s = r * 1.38
    sigil(face, pal, cx - s / 2, cy - s / 2, s)


def glyph(
    face: Face,
    name: str,
    x: float,
    y: float,
    size: float,
    fill: str | None = None,
    detail: str | None = None,
    *,
    turned: bool = False,
) -> None:
    """A game glyph at ``(x, y)``, ``size`` square; ``turned`` draws it upside down."""
    if not turned:
        icons.paint(face.canvas, name, x, y, size, fill, detail)
        return
    c = face.canvas
    c.saveState()
    c.translate(x + size, y + size)
    c.rotate(180)
    icons.paint(c, name, 0, 0, size, fill, detail)
    c.restoreState()


def frame(face: Face, pal: Palette, border: float = 2.5 * mm, radius: float = 2 * mm) -> None:
    """The House-coloured frame to the bleed and the parchment panel inside it."""
    face.fill(pal.color)
    w, h = face.width, face.height
    face.rect(
        border,
        border,
        w - 2 * border,
        h - 2 * border,
        fill=PARCHMENT,
        stroke=pal.accent,
        line_width=1.2,
        radius=radius,
    )


def disc(face: Face, cx: float, cy: float, r: float, fill: str, stroke: str | None = None) -> None:
    """A filled circle, optionally ringed."""
    c = face.canvas
    c.saveState()
    c.setFillColor(toColor(fill))
    if stroke is not None:
        c.setStrokeColor(toColor(stroke))
        c.setLineWidth(max(0.8, r * 0.08))
    c.circle(cx, cy, r, stroke=stroke is not None, fill=1)
    c.restoreState()


def badge(face: Face, pal: Palette, cx: float, cy: float, r: float) -> None:
    """The corner badge: a House-coloured disc ringed in the accent."""
    disc(face, cx, cy, r, pal.color, pal.accent)


def dashed_box(
    face: Face, x: float, y: float, w: float, h: float, color: str, fill: str | None = None
) -> None:
    """A rounded, dashed outline: a place where pieces go."""
    c = face.canvas
    c.saveState()
    if fill is not None:
        c.setFillColor(toColor(fill))
    c.setStrokeColor(toColor(color))
    c.setLineWidth(1.2)
    c.setDash(4, 3)
    c.roundRect(x, y, w, h, 3 * mm, stroke=1, fill=fill is not None)
    c.restoreState()


def dashed_circle(face: Face, cx: float, cy: float, r: float, color: str, fill: str) -> None:
    """A dashed circle: a space for a token."""
    c = face.canvas
    c.saveState()
    c.setFillColor(toColor(fill))
    c.setStrokeColor(toColor(color))
    c.setLineWidth(1.2)
    c.setDash(3, 2)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.restoreState()


def rule(face: Face, x1: float, x2: float, y: float, color: str, width: float = 0.6) -> None:
    """A horizontal rule."""
    c = face.canvas
    c.saveState()
    c.setStrokeColor(toColor(color))
    c.setLineWidth(width)
    c.line(x1, y, x2, y)
    c.restoreState()


def house_back(house: House, label: str, face: Face) -> None:
    """A House's back, for any size: cards (``label`` empty) and leader sheets (``LEADER``).

    Everything scales with the width, so a leader sheet's back is a larger
    house card's back; a hostage and a face-down sheet show only this.
    """
    pal = house_palette(house)
    k = face.width / (63 * mm)
    face.fill(pal.color)
    inset = 4 * mm * k
    c = face.canvas
    c.saveState()
    c.setStrokeColor(toColor(pal.accent))
    c.setLineWidth(1.5 * k)
    c.roundRect(inset, inset, face.width - 2 * inset, face.height - 2 * inset, 2 * mm * k)
    c.setLineWidth(0.6 * k)
    gap = 1.5 * mm * k
    c.roundRect(
        inset + gap,
        inset + gap,
        face.width - 2 * (inset + gap),
        face.height - 2 * (inset + gap),
        1.5 * mm * k,
    )
    c.restoreState()
    size = face.width * 0.62
    base = face.height * 0.56 - size / 2
    sigil(face, pal, (face.width - size) / 2, base, size)
    y = base - 9 * mm * k
    face.label(
        house.name.upper(),
        face.width / 2,
        y,
        size=11 * k,
        bold=True,
        color=pal.lettering,
        align="center",
        max_width=face.width - 12 * mm * k,
    )
    if label:
        y -= 6 * mm * k
        face.label(label, face.width / 2, y, size=8 * k, bold=True, color=pal.ink, align="center")
    face.text(
        f"<i>{escape(house.motto)}</i>",
        7 * mm * k,
        y - 11 * mm * k,
        face.width - 14 * mm * k,
        9 * mm * k,
        size=7.5 * k,
        min_size=5.5,
        align="center",
        valign="top",
        color=pal.lettering,
    )
