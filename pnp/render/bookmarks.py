"""Bookmarks for platypus documents: the outline panel, and page numbers for a contents list.

A flowable that heads a part of a document carries a :class:`Bookmark` and
calls :func:`place` when it draws: that makes a destination at its top and
an outline entry for it (the panel PDF readers show beside the pages).
:class:`NavigableTemplate` opens the PDF with that panel showing, and tells
a :class:`PageIndex` in the story on which page each bookmarked flowable
landed, so a contents list can print page numbers: the story is then built
twice (platypus' ``multiBuild``), the second time with the numbers the first
found. Both builds lay out the same pages, so the output stays deterministic;
the first only measures, and flowables that ask :func:`sketching` may skip
their drawing then, which keeps the second build cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate
from reportlab.platypus.doctemplate import IndexingFlowable

#: the notification a bookmarked flowable's page is sent with
NOTICE = "pnp-bookmark"
#: room left above a bookmarked flowable when a reader jumps to it, points
HEADROOM = 4.0


@dataclass(frozen=True)
class Bookmark:
    """An outline entry: its destination's name, its text, its depth (0 at the top)."""

    key: str
    title: str
    depth: int


def place(canvas: Canvas, bookmark: Bookmark, top: float) -> None:
    """Make ``bookmark``'s destination at height ``top`` of the current flowable (a reader
    jumping there keeps its zoom and shows the page from that height down) and add
    its outline entry. Call in document order."""
    _, y = canvas.absolutePosition(0, top + HEADROOM)
    canvas.bookmarkHorizontalAbsolute(bookmark.key, y, left=0)
    canvas.addOutlineEntry(bookmark.title, bookmark.key, bookmark.depth)


def sketching(flowable: Flowable) -> bool:
    """Whether ``flowable`` is being laid out in a build whose pages are thrown away (the
    first of two): its size counts, what it draws does not."""
    template = getattr(flowable.canv, "_doctemplate", None)  # set by platypus while it builds
    return bool(getattr(template, "sketching", False))


class PageIndex(IndexingFlowable):
    """Draws nothing; learns the page of every bookmark during a build, and gives the
    pages of the build before."""

    def __init__(self) -> None:
        super().__init__()
        self._pages: dict[str, int] = {}
        self._known: dict[str, int] = {}

    def beforeBuild(self) -> None:
        self._known, self._pages = self._pages, {}

    def isSatisfied(self) -> bool:
        return self._pages == self._known

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == NOTICE:
            key, page = stuff
            self._pages.setdefault(key, page)

    def draw(self) -> None:
        pass  # an index takes no room on the page

    def page(self, key: str) -> int | None:
        """The page of bookmark ``key`` in the build before (``None`` in the first)."""
        return self._known.get(key)


class NavigableTemplate(SimpleDocTemplate):
    """A :class:`SimpleDocTemplate` that opens on the outline panel when the story has
    bookmarks, and tells page indexes where each bookmark landed."""

    show_outline = False
    #: this build only measures: its pages are thrown away
    sketching = False
    _builds = 0
    _twice = False

    def beforeDocument(self) -> None:
        self._builds += 1
        self.sketching = self._twice and self._builds == 1
        if self.show_outline:
            self.canv.showOutline()

    def afterFlowable(self, flowable: Flowable) -> None:
        bookmark = getattr(flowable, "bookmark", None)
        if isinstance(bookmark, Bookmark):
            self.notify(NOTICE, (bookmark.key, self.page))

    def build_story(self, story: Sequence[Flowable], **kwargs: Any) -> None:
        """Build ``story``: twice when it holds a :class:`PageIndex`, else once."""
        self.show_outline = any(isinstance(getattr(f, "bookmark", None), Bookmark) for f in story)
        self._builds = 0
        self._twice = any(isinstance(f, PageIndex) for f in story)
        try:
            if self._twice:
                self.multiBuild(list(story), maxPasses=4, **kwargs)
            else:
                self.build(list(story), **kwargs)
        finally:
            self.sketching = False
