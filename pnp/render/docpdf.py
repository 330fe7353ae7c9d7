"""Flow a reference :class:`~pnp.render.document.Document` over PDF pages.

Paragraphs are set with the same text engine as card faces (so icons and
styles look alike), wrapped in platypus flowables that split between lines
when a page fills up; tables repeat their header row on every page. An icon
legend is set in as many columns as its longest meaning allows, read across
then down, each icon drawn at :data:`LEGEND_ICON` points.

Every heading is a bookmark in the PDF's outline, nested by level, and a
long document opens with a contents list with page numbers and links
(:mod:`pnp.render.navigation` decides which, :mod:`pnp.render.bookmarks`
does the platypus part).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab.lib.colors import Color, HexColor, black
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Indenter, PageBreak, Spacer, Table
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.flowables import HRFlowable
from reportlab.platypus.tables import TableStyle

from pnp import __version__
from pnp.render import fonts, textbox
from pnp.render.bookmarks import Bookmark, NavigableTemplate, PageIndex, place, sketching
from pnp.render.document import Block, Document, Heading, Legend, ListBlock, Para, Rule
from pnp.render.document import PageBreak as PageBreakBlock
from pnp.render.document import Table as TableBlock
from pnp.render.face import DrawContext
from pnp.render.markup import IconRef, Run, Space, Token, escape, parse_inline
from pnp.render.navigation import CONTENTS_TITLE, Anchor, Navigation, navigation
from pnp.render.pdf import binary_streams
from pnp.render.report import RenderError
from pnp.render.units import mm

BODY = 9.5
LEADING = 1.3
CELL = 8.5
HEADINGS = {1: (18.0, 0.0, 6.0), 2: (13.5, 10.0, 4.0), 3: (11.0, 8.0, 3.0)}
HANG = 5 * mm
MARGIN = 18 * mm
HEADER_FILL = HexColor("#e8e2d4")
RULE_GREY = Color(0.6, 0.6, 0.6)
#: room kept for the page numbers at the right of the contents list
NUMBER_COLUMN = 11 * mm
#: distance between the dots that lead to a page number
LEADER_STEP = 3.5
#: an icon's height in a legend, pt (about twice the body text's)
LEGEND_ICON = 16.0
#: the most columns a legend is set in
LEGEND_COLUMNS = 4


def bold(tokens: Sequence[Token]) -> list[Token]:
    """The tokens with every run set bold."""
    out: list[Token] = []
    for t in tokens:
        if isinstance(t, Run):
            out.append(Run(t.text, True, t.italic))
        elif isinstance(t, Space):
            out.append(Space(True, t.italic))
        elif isinstance(t, IconRef):
            out.append(IconRef(t.name, True, t.italic))
        else:
            out.append(t)
    return out


class TextFlow(Flowable):
    """A paragraph of inline markup, optionally with a hanging bullet."""

    def __init__(
        self,
        tokens: Sequence[Token],
        context: DrawContext,
        *,
        size: float = BODY,
        leading: float = LEADING,
        bullet: str = "",
        hang: float = 0.0,
        space_before: float = 0.0,
        space_after: float = 3.0,
        keep_with_next: bool = False,
        lines: list[textbox.Line] | None = None,
        bookmark: Bookmark | None = None,
    ) -> None:
        super().__init__()
        #: an outline entry for this text (a heading's)
        self.bookmark = bookmark
        self.tokens = list(tokens)
        self.context = context
        self.size = size
        self.leading = leading
        self.bullet = bullet
        self.hang = hang
        self.spaceBefore = space_before
        self.spaceAfter = space_after
        self.keepWithNext = keep_with_next
        self._prepared = textbox.prepare(self.tokens, fonts.DEFAULT_FAMILY, context.icons)
        self._fixed = lines
        self._lines: list[textbox.Line] = lines or []

    def _layout(self, width: float) -> textbox.TextLayout:
        return textbox.layout(self._prepared, self.size, max(width - self.hang, 1.0), self.leading)

    def _height(self, lines: list[textbox.Line]) -> float:
        if not lines:
            return 0.0
        return lines[-1].baseline + self._prepared.descent * self.size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self._fixed is None:
            self._lines = self._layout(available_width).lines
        self.width = available_width
        self.height = self._height(self._lines)
        return available_width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        lines = self._fixed if self._fixed is not None else self._layout(available_width).lines
        descent = self._prepared.descent * self.size
        k = 0
        while k < len(lines) and lines[k].baseline + descent <= available_height + 1e-6:
            k += 1
        if k == 0 or k == len(lines):
            return []
        first = TextFlow(
            self.tokens,
            self.context,
            size=self.size,
            leading=self.leading,
            bullet=self.bullet,
            hang=self.hang,
            space_before=self.spaceBefore,
            space_after=0.0,
            lines=lines[:k],
            bookmark=self.bookmark,
        )
        shift = lines[k].baseline - self._prepared.ascent * self.size
        rest = [textbox.Line(line.pieces, line.width, line.baseline - shift) for line in lines[k:]]
        second = TextFlow(
            self.tokens,
            self.context,
            size=self.size,
            leading=self.leading,
            hang=self.hang,
            space_after=self.spaceAfter,
            lines=rest,
        )
        return [first, second]

    def draw(self) -> None:
        if sketching(self):
            return
        canvas = self.canv
        top = self.height
        if self.bookmark is not None:
            place(canvas, self.bookmark, top)
        if self.bullet and self._lines:
            canvas.setFont(fonts.family().regular, self.size)
            canvas.setFillColor(black)
            canvas.drawString(0, top - self._lines[0].baseline, self.bullet)
        textbox.draw_lines(
            canvas,
            self._lines,
            self.size,
            self.hang,
            top,
            self.width - self.hang,
            "left",
            black,
            lambda name, x, y, h: self.context.paint_icon(canvas, name, x, y, h),
        )


class ContentsLine(TextFlow):
    """A line of the contents list: a heading's text, dots leading to its page number
    at the right, all of it a link to the heading. Its size does not depend on the
    number, so the second build lays out exactly as the first."""

    def __init__(
        self,
        anchor: Anchor,
        context: DrawContext,
        pages: PageIndex,
        *,
        size: float,
        indent: float,
        keep_with_next: bool,
    ) -> None:
        super().__init__(
            list(anchor.tokens),
            context,
            size=size,
            hang=indent,
            space_after=1.5,
            keep_with_next=keep_with_next,
        )
        self.key = anchor.id
        self.pages = pages

    def _layout(self, width: float) -> textbox.TextLayout:
        text_width = max(width - self.hang - NUMBER_COLUMN, 1.0)
        return textbox.layout(self._prepared, self.size, text_width, self.leading)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return []  # a line of the contents moves to the next page whole

    def draw(self) -> None:
        super().draw()
        canvas = self.canv
        if not self._lines or sketching(self):
            return
        last = self._lines[-1]
        baseline = self.height - last.baseline
        page = self.pages.page(self.key)
        number = "" if page is None else str(page)
        font = fonts.family().regular
        number_width = stringWidth(number, font, self.size)
        canvas.saveState()
        if number:
            canvas.setFont(font, self.size)
            canvas.setFillColor(black)
            canvas.drawRightString(self.width, baseline, number)
        # dots on a grid shared by every line, so they line up down the page
        start = -(-(self.hang + last.width + LEADER_STEP) // LEADER_STEP) * LEADER_STEP
        end = self.width - max(number_width, self.size) - LEADER_STEP / 2
        if end > start:
            canvas.setStrokeColor(RULE_GREY)
            canvas.setLineWidth(0.9)
            canvas.setLineCap(1)
            canvas.setDash([0, LEADER_STEP])
            canvas.line(start, baseline + 0.5, end, baseline + 0.5)
        canvas.restoreState()
        canvas.linkRect("", self.key, (0, 0, self.width, self.height), relative=1, thickness=0)


def _contents_flowables(nav: Navigation, context: DrawContext) -> list[Flowable]:
    """The contents list: its heading, then a line per heading with its page number."""
    heading = nav.contents_anchor
    assert heading is not None
    index = PageIndex()
    title = parse_inline(escape(CONTENTS_TITLE), newlines=False)
    out: list[Flowable] = [index, _heading(heading, 2, context, title)]
    entries = nav.contents()
    for n, (depth, anchor) in enumerate(entries):
        followed = n + 1 < len(entries) and entries[n + 1][0] > depth
        out.append(
            ContentsLine(
                anchor,
                context,
                index,
                size=BODY if depth == 0 else CELL,
                indent=HANG * depth,
                keep_with_next=followed,  # a section's line stays with its first part's
            )
        )
    out.append(Spacer(1, 6))
    return out


def _heading(anchor: Anchor, level: int, context: DrawContext, tokens: Sequence[Token]) -> TextFlow:
    """A heading that stays with what follows it, bookmarked in the outline."""
    size, before, after = HEADINGS[level]
    return TextFlow(
        bold(tokens),
        context,
        size=size,
        leading=1.2,
        space_before=before,
        space_after=after,
        keep_with_next=True,
        bookmark=Bookmark(anchor.id, anchor.text, anchor.depth),
    )


def _list_flowables(block: ListBlock, context: DrawContext, depth: int) -> list[Flowable]:
    out: list[Flowable] = []
    if depth:
        out.append(Indenter(left=HANG))
    for n, item in enumerate(block.items, start=1):
        bullet = f"{n}." if block.ordered else ("•" if depth % 2 == 0 else "–")
        out.append(TextFlow(item.tokens, context, bullet=bullet, hang=HANG, space_after=1.5))
        for child in item.children:
            out += _list_flowables(child, context, depth + 1)
    if depth:
        out.append(Indenter(left=-HANG))
    else:
        out.append(Spacer(1, 3))
    return out


def _natural(tokens: Sequence[Token], size: float) -> float:
    prepared = textbox.prepare(list(tokens), fonts.DEFAULT_FAMILY, {})
    lay = textbox.layout(prepared, size, 1e9)
    return max((line.width for line in lay.lines), default=0.0)


def _table(block: TableBlock, context: DrawContext, width: float) -> Table:
    ncols = max(len(row) for row in block.rows)
    pad = 8.0
    # natural widths; icons count as a square each
    natural = [0.0] * ncols
    for row in block.rows:
        for i, cell in enumerate(row):
            tokens = bold(cell.tokens) if cell.header else cell.tokens
            plain = [t if not isinstance(t, IconRef) else Run("MM") for t in tokens]
            natural[i] = max(natural[i], _natural(plain, CELL) + pad)
    total = sum(natural)
    if total <= width:
        widths = natural if total < 0.6 * width else [n * width / total for n in natural]
    else:
        fair = width / ncols
        widths = [min(n, fair) for n in natural]
        spare = width - sum(widths)
        wanting = [n - w for n, w in zip(natural, widths, strict=True)]
        need = sum(wanting)
        widths = [w + spare * x / need if need else w for w, x in zip(widths, wanting, strict=True)]
    data: list[list[Any]] = []
    for row in block.rows:
        cells: list[Any] = []
        for cell in row:
            tokens = bold(cell.tokens) if cell.header else cell.tokens
            cells.append(TextFlow(tokens, context, size=CELL, leading=1.25, space_after=0.0))
        cells += [""] * (ncols - len(cells))
        data.append(cells)
    header = all(cell.header for cell in block.rows[0])
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, RULE_GREY),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    for r, row in enumerate(block.rows):
        for c, cell in enumerate(row):
            if cell.header:
                style.append(("BACKGROUND", (c, r), (c, r), HEADER_FILL))
    table = Table(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    table.setStyle(_table_style(style))
    table.spaceBefore = 2
    table.spaceAfter = 6
    return table


def _table_style(rules: list[tuple[Any, ...]]) -> TableStyle:
    """A table's style: ``rules``, and the kit's own font for its cells. A cell's font is
    set even when a flowable draws its text, and reportlab's default is Helvetica,
    which would then sit unembedded in the PDF's fonts for print shops' checks to
    reject."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.family().regular), *rules])


def _legend(block: Legend, context: DrawContext, width: float) -> Table:
    """An icon legend: entries across then down, in as many columns as fit."""
    pad = 4.0
    # an unknown icon is reported by the text engine, as anywhere else
    known = [context.icons[e.icon.name] for e in block.entries if e.icon.name in context.icons]
    aspect = max((icon.aspect for icon in known), default=1.0)
    icon_width = LEGEND_ICON * aspect + 2 * pad
    meaning = max(_natural(e.tokens, BODY) for e in block.entries) + 2 * pad
    columns = int(width // (icon_width + meaning))
    columns = max(1, min(columns, LEGEND_COLUMNS, len(block.entries)))
    label_width = width / columns - icon_width
    data: list[list[Any]] = []
    for start in range(0, len(block.entries), columns):
        row: list[Any] = []
        for entry in block.entries[start : start + columns]:
            row.append(TextFlow([entry.icon], context, size=LEGEND_ICON, space_after=0.0))
            row.append(TextFlow(entry.tokens, context, leading=1.2, space_after=0.0))
        data.append(row + [""] * (2 * columns - len(row)))
    table = Table(data, colWidths=[icon_width, label_width] * columns, hAlign="LEFT")
    table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, HEADER_FILL),
            ]
        )
    )
    table.spaceBefore = 2
    table.spaceAfter = 6
    return table


def flowables(doc: Document, context: DrawContext, width: float) -> list[Flowable]:
    """The platypus story for ``doc``."""
    story: list[Flowable] = []
    blocks: list[Block] = doc.blocks
    labels = {name: icon.label for name, icon in context.icons.items()}
    nav = navigation(doc, labels)
    for index, block in enumerate(blocks):
        if index == nav.contents_at:
            story += _contents_flowables(nav, context)
        if isinstance(block, Heading):
            anchor = nav.at(index)
            assert anchor is not None
            story.append(_heading(anchor, block.level, context, block.tokens))
        elif isinstance(block, Para):
            story.append(TextFlow(block.tokens, context))
        elif isinstance(block, ListBlock):
            story += _list_flowables(block, context, 0)
        elif isinstance(block, TableBlock):
            story.append(_table(block, context, width))
        elif isinstance(block, Legend):
            story.append(_legend(block, context, width))
        elif isinstance(block, Rule):
            story.append(
                HRFlowable(
                    width="100%", thickness=0.5, color=RULE_GREY, spaceBefore=4, spaceAfter=6
                )
            )
        elif isinstance(block, PageBreakBlock):
            story.append(PageBreak())
    return story


def document_pdf(
    doc: Document, context: DrawContext, page: tuple[float, float], title: str, subject: str = ""
) -> bytes:
    """Flow ``doc`` over as many pages as it needs; returns the PDF bytes."""
    buffer = io.BytesIO()
    template = NavigableTemplate(
        buffer,
        pagesize=page,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author="pnp",
        subject=subject,
        creator=f"pnp {__version__}",
        producer=f"pnp {__version__} (reportlab)",
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.family().regular,
    )
    width = page[0] - 2 * MARGIN

    def footer(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont(fonts.family().regular, 7)
        canvas.setFillColor(RULE_GREY)
        canvas.drawCentredString(page[0] / 2, MARGIN / 2, f"{title} · page {document.page}")
        canvas.restoreState()

    story = flowables(doc, context, width)
    if not story:
        story = [Spacer(1, 1)]
    try:
        with binary_streams():
            template.build_story(story, onFirstPage=footer, onLaterPages=footer)
    except LayoutError as exc:
        what = "a table row" if "Table" in str(exc) else "a block"
        raise RenderError(
            f"{title}: {what} is taller than a page and cannot be split; break it up"
        ) from None
    return buffer.getvalue()
