"""Page plans and the writer that turns them into a PDF.

A :class:`PagePlan` says everything about one page: which sides go where
(with their clip and transform), which marks, labels and page boxes it has.
Planning is pure geometry (tests read the plans); :func:`write_pdf` draws
them. Every distinct side is drawn once per file into a PDF form and placed
by reference wherever it appears.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import PnpError
from pnp.render import fonts, lowink, marks
from pnp.render.components import Component, Draw
from pnp.render.face import DrawContext, Face
from pnp.render.forms import end_form
from pnp.render.geometry import Box, Transform
from pnp.render.pdf import binary_streams, new_canvas
from pnp.render.report import RenderError


@dataclass(frozen=True)
class Placed:
    """One side of one copy of a component, placed on a page."""

    component: Component
    copy: int
    #: ``"face"`` or ``"back"``
    side: str
    draw: Draw | None
    #: piece size in its own coordinates (points)
    w: float
    h: float
    #: maps piece coordinates onto the page
    transform: Transform
    #: the page area the side may paint (trim plus the bleed it is allowed)
    clip: Box
    #: ``rect`` for cards and boards, else the token shape
    shape: str = "rect"
    #: bleed drawn around the piece (the face sees it as ``face.bleed``)
    bleed: float = 0.0

    @property
    def trim(self) -> Box:
        """The piece's trim box on the page."""
        return self.transform.box(Box(0, 0, self.w, self.h))


@dataclass(frozen=True)
class Label:
    """A line of text printed on the page (tile names, instructions)."""

    x: float
    y: float
    text: str
    size: float = 7.0
    bold: bool = False
    align: str = "left"


@dataclass
class PagePlan:
    """Everything on one page."""

    size: tuple[float, float]
    #: ``fronts``, ``backs``, ``gutterfold``, ``board``, ``tile``, ``map`` or ``calibration``
    role: str
    placed: list[Placed] = field(default_factory=list)
    crop_marks: list[marks.Segment] = field(default_factory=list)
    #: cut lines: ``(shape, w, h, transform)``
    outlines: list[tuple[str, float, float, Transform]] = field(default_factory=list)
    #: where cut lines may show (a tile shows only its part of the board's outline)
    outline_clip: Box | None = None
    folds: list[marks.Segment] = field(default_factory=list)
    #: registration targets; each takes its place clear of the words of the art beneath
    registration: list[marks.Registration] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    scale_bar: marks.ScaleBar | None = None
    trim_box: Box | None = None
    bleed_box: Box | None = None
    #: extra drawing in page coordinates, done after the placed sides
    extra: Callable[[Canvas, SideForms], None] | None = None
    #: tile name for tiled boards (``A1``)
    name: str = ""

    def art_boxes(self) -> list[Box]:
        """The areas painted by placed sides."""
        return [p.clip for p in self.placed]


SideKey = tuple[int, float, float, str, float, str]


def side_key(placed: Placed) -> SideKey:
    """What makes two placed sides the same drawing."""
    return (
        id(placed.draw),
        round(placed.w, 4),
        round(placed.h, 4),
        placed.shape,
        round(placed.bleed, 4),
        placed.side,
    )


class SideForms:
    """Draws every side: once as a PDF form when it appears several times in the file
    (shared backs, copies), else straight onto its page.

    Each placement is wrapped in a marked-content sequence
    ``/pnp <</Id (…) /Side /face /BBox […]>> BDC … EMC`` that names the component
    and its bleed box, so the pieces can be found in the PDF again.
    """

    def __init__(
        self,
        canvas: Canvas,
        context: DrawContext,
        uses: dict[SideKey, int] | None = None,
        keep_words: set[SideKey] | None = None,
    ) -> None:
        self.canvas = canvas
        self.context = context
        self.uses = uses or {}
        self._forms: dict[SideKey, tuple[str, Draw]] = {}
        self.drawn = 0
        #: the sides whose words (where their text stands) :meth:`words` is asked for
        self.keep_words = keep_words or set()
        self._words: dict[SideKey, list[Box]] = {}

    def _draw(self, placed: Placed) -> None:
        """Run the side's draw function in piece coordinates on the canvas."""
        assert placed.draw is not None
        c = self.canvas
        b = placed.bleed
        if placed.shape in ("round", "hex"):
            c.clipPath(marks.shape_path(c, placed.shape, placed.w, placed.h, b), stroke=0, fill=0)
        face = Face(
            c,
            width=placed.w,
            height=placed.h,
            bleed=b,
            component=placed.component,
            side=placed.side,
            context=self.context,
            shape=placed.shape,
        )
        code = c._code
        start = len(code)
        try:
            placed.draw(face)
        except PnpError as exc:
            raise RenderError(f"{face.where}: {' '.join(exc.lines())}") from exc
        except Exception as exc:
            raise RenderError(
                f"{face.where}: the draw function failed: {type(exc).__name__}: {exc}"
            ) from exc
        key = side_key(placed)
        if key in self.keep_words and key not in self._words:
            self._words[key] = [
                Box(x0, y0, x1 - x0, y1 - y0)
                for x0, y0, x1, y1 in lowink.text_boxes(code[start:], placed.w, placed.h)
            ]
        if self.context.low_ink:
            code[start:] = lowink.rewrite(code[start:], placed.w, placed.h)
        self.drawn += 1

    def words(self, placed: Placed) -> list[Box]:
        """Where ``placed``'s side (drawn already, and named in :attr:`keep_words`) sets
        text, in page coordinates."""
        return [placed.transform.box(w) for w in self._words.get(side_key(placed), [])]

    def form(self, placed: Placed) -> str:
        """The form name of ``placed``'s side, drawing it the first time."""
        key = side_key(placed)
        found = self._forms.get(key)
        if found is not None:
            return found[0]
        # readable names help anyone inspecting the PDF
        name = f"s{len(self._forms) + 1}-{placed.component.id}-{placed.side}"
        # keep the draw function alive so its id() stays unique for this file
        assert placed.draw is not None
        self._forms[key] = (name, placed.draw)
        b = placed.bleed
        self.canvas.beginForm(name, -b, -b, placed.w + b, placed.h + b)
        self._draw(placed)
        end_form(self.canvas, name)
        return name

    def place(self, placed: Placed) -> None:
        """Draw ``placed`` on the current page, clipped to its allowed area."""
        if placed.draw is None:
            return
        reused = self.uses.get(side_key(placed), 2) > 1
        name = self.form(placed) if reused else ""
        c = self.canvas
        c.saveState()
        clip = c.beginPath()
        clip.rect(placed.clip.x, placed.clip.y, placed.clip.w, placed.clip.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.transform(*placed.transform.as_tuple())
        b = placed.bleed
        c.addLiteral(
            f"/pnp <</Id ({placed.component.id}) /Side /{placed.side} "
            f"/BBox [{-b:.4f} {-b:.4f} {placed.w + b:.4f} {placed.h + b:.4f}]>> BDC"
        )
        if reused:
            c.doForm(name)
        else:
            self._draw(placed)
        c.addLiteral("EMC")
        c.restoreState()


ProgressFn = Callable[[int], None]


def write_pdf(
    pages: list[PagePlan],
    context: DrawContext,
    title: str,
    subject: str = "",
    progress: ProgressFn | None = None,
) -> bytes:
    """Draw ``pages`` into a PDF and return its bytes."""
    with binary_streams():
        return _write_pdf(pages, context, title, subject, progress)


def _write_pdf(
    pages: list[PagePlan],
    context: DrawContext,
    title: str,
    subject: str,
    progress: ProgressFn | None,
) -> bytes:
    canvas, buffer = new_canvas(pages[0].size if pages else (595.0, 842.0), title, subject)
    uses: dict[SideKey, int] = {}
    for page in pages:
        for placed in page.placed:
            if placed.draw is not None:
                key = side_key(placed)
                uses[key] = uses.get(key, 0) + 1
    # a page with registration targets places them clear of its sides' words
    keep = {side_key(p) for page in pages if page.registration for p in page.placed}
    forms = SideForms(canvas, context, uses, keep)
    for page in pages:
        canvas.setPageSize(page.size)
        for placed in page.placed:
            forms.place(placed)
        if page.extra is not None:
            page.extra(canvas, forms)
        marks.draw_outlines(canvas, page.outlines, clip=page.outline_clip)
        marks.draw_segments(canvas, page.crop_marks)
        for fold in page.folds:
            marks.draw_fold(canvas, (fold.x0, fold.y0), (fold.x1, fold.y1))
        if page.registration:
            words = [w for placed in page.placed for w in forms.words(placed)]
            for target in page.registration:
                marks.draw_registration(canvas, *target.place(words))
        if page.scale_bar is not None:
            marks.draw_scale_bar(canvas, page.scale_bar)
        _draw_labels(canvas, page.labels)
        media = Box(0, 0, *page.size)
        canvas.setTrimBox((page.trim_box or media).as_pdf())
        canvas.setBleedBox((page.bleed_box or page.trim_box or media).as_pdf())
        canvas.showPage()
        if progress is not None:
            progress(1)
    canvas.save()
    return buffer.getvalue()


def _draw_labels(canvas: Canvas, labels: list[Label]) -> None:
    if not labels:
        return
    fam = fonts.family()
    canvas.saveState()
    canvas.setFillColor(black)
    for label in labels:
        font = fam.font(label.bold)
        canvas.setFont(font, label.size)
        if label.align == "center":
            canvas.drawCentredString(label.x, label.y, label.text)
        elif label.align == "right":
            canvas.drawRightString(label.x, label.y, label.text)
        else:
            canvas.drawString(label.x, label.y, label.text)
    canvas.restoreState()


def label_box(label: Label) -> Box:
    """The area a label covers (for keeping marks off it)."""
    width = fonts.unit_width(fonts.family().font(label.bold), label.text) * label.size
    x = label.x - (width / 2 if label.align == "center" else width if label.align == "right" else 0)
    return Box(x, label.y - 0.25 * label.size, width, 1.0 * label.size)
