"""Icons a ruleset draws once and uses everywhere: inline in text, on faces, in references.

An icon is a function that adds reportlab graphics shapes to a drawing of
``width`` × 100 units (100 × 100 by default; the origin is the lower-left
corner). Vector shapes keep icons sharp at any size, and the same drawing
exports to SVG for the HTML reference. Register icons in an
:class:`IconSet`, which the ruleset passes as ``Ruleset(icons=...)``::

    from reportlab.graphics.shapes import Drawing, Polygon
    from pnp.render import IconSet

    ICONS = IconSet()

    @ICONS.icon("military", label="Military")
    def military(d: Drawing) -> None:
        d.add(Polygon([50, 95, 90, 70, 80, 20, 50, 5, 20, 20, 10, 70], fillColor="#b22"))

In text the icon is written ``[military]``; it is drawn one text-size high,
sitting on the baseline like a capital with a small descent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from reportlab.graphics import renderPDF, renderSVG
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render import fonts
from pnp.render.report import RenderError

#: the drawing height of every icon, in icon units
ICON_UNITS = 100.0
#: how far below the baseline an inline icon reaches, in text sizes
ICON_DROP = 0.15
#: space after an inline icon, in text sizes
ICON_GAP = 0.06
#: the ids of icons as SVG symbols in HTML are this and the icon's name
SVG_ID_PREFIX = "pnp-icon-"

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")

IconDraw = Callable[[Drawing], None]


def render_drawing(drawing: Drawing, canvas: Canvas) -> None:
    """Draw a reportlab ``drawing`` with its lower-left corner at the canvas origin.

    reportlab's renderer sets a font before anything else, Helvetica unless
    told otherwise, and a document lists every font it ever set on each page:
    an unembedded Helvetica that print shops' preflight checks reject. So the
    drawing starts from the kit's own embedded font instead.
    """
    if getattr(drawing, "initialFontName", None) is None:
        drawing.initialFontName = fonts.family().regular
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)


@dataclass(frozen=True)
class Icon:
    """One named icon: how to draw it and what to call it in words."""

    #: the name used in markup: ``military`` for ``[military]``
    name: str
    #: adds shapes to a ``width`` × 100 drawing
    draw: IconDraw
    #: what the icon means, in words (Markdown export, alt text): ``Military``
    label: str = ""
    #: drawing width in icon units (height is always 100)
    width: float = ICON_UNITS
    _drawing: list[Drawing] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"icon name {self.name!r}: use lowercase letters, digits, '-' and '_'")
        if self.width <= 0:
            raise ValueError(f"icon {self.name!r}: width must be positive")
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("-", " ").capitalize())

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.width / ICON_UNITS

    def drawing(self) -> Drawing:
        """The icon's drawing (built once)."""
        if not self._drawing:
            d = Drawing(self.width, ICON_UNITS)
            try:
                self.draw(d)
                _normalize_colours(d)
            except Exception as exc:
                raise RenderError(
                    f"icon [{self.name}]: its drawing function failed: {type(exc).__name__}: {exc}"
                ) from exc
            self._drawing.append(d)
        return self._drawing[0]

    def render(self, canvas: Canvas, x: float, y: float, height: float) -> None:
        """Draw the icon with its lower-left corner at ``(x, y)``, ``height`` points high."""
        scale = height / ICON_UNITS
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(scale, scale)
        render_drawing(self.drawing(), canvas)
        canvas.restoreState()

    def svg_symbol(self, prefix: str = SVG_ID_PREFIX) -> str:
        """The icon as an SVG ``<symbol>`` with id ``prefix + name`` (for ``<use>``)."""
        text = renderSVG.drawToString(self.drawing())
        start = text.index('<g id="group"')
        end = text.rindex("</g>") + len("</g>")
        body = text[start:end]
        # one document holds many icons: no shared ids, no clip (the viewBox clips)
        body = body.replace(' id="group"', "").replace(' style="clip-path: url(#clip)"', "")
        body = re.sub(r"\n\s*", "", body)
        return (
            f'<symbol id="{prefix}{self.name}" viewBox="0 0 {self.width:g} {ICON_UNITS:g}">'
            f"{body}</symbol>"
        )

    def svg_use(self, prefix: str = SVG_ID_PREFIX) -> str:
        """An inline ``<svg>`` showing the symbol from :meth:`svg_symbol`."""
        return (
            f'<svg class="icon" viewBox="0 0 {self.width:g} {ICON_UNITS:g}" role="img" '
            f'aria-label="{_attr(self.label)}"><use href="#{prefix}{self.name}"/></svg>'
        )


def _normalize_colours(node: object) -> None:
    """Turn colour strings (``"#b22"``, ``"red"``) into colour objects, which every
    reportlab renderer accepts (the SVG one insists)."""
    for attr in ("fillColor", "strokeColor"):
        value = getattr(node, attr, None)
        if isinstance(value, str):
            setattr(node, attr, toColor(value))
    for child in getattr(node, "contents", ()) or ():
        _normalize_colours(child)


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


class IconSet(Mapping[str, Icon]):
    """A ruleset's icons by name; register them with the :meth:`icon` decorator."""

    def __init__(self, icons: Mapping[str, Icon] | None = None) -> None:
        self._icons: dict[str, Icon] = dict(icons or {})

    def icon(
        self, name: str, *, label: str = "", width: float = ICON_UNITS
    ) -> Callable[[IconDraw], IconDraw]:
        """Decorator: register the decorated drawing function as icon ``name``."""

        def register(draw: IconDraw) -> IconDraw:
            self.add(Icon(name, draw, label, width))
            return draw

        return register

    def add(self, icon: Icon) -> None:
        """Register ``icon``; a name may be registered once."""
        if icon.name in self._icons:
            raise ValueError(f"icon {icon.name!r} is registered twice")
        self._icons[icon.name] = icon

    def __getitem__(self, name: str) -> Icon:
        return self._icons[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._icons)

    def __len__(self) -> int:
        return len(self._icons)
