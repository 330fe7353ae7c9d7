"""Reference PDFs can be navigated: an outline of every heading, a contents list with
page numbers that link to their headings, headings that never end a page."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from pnp.render import docpdf
from pnp.render.bookmarks import HEADROOM
from pnp.render.build import reference_bytes
from pnp.render.docpdf import MARGIN, NUMBER_COLUMN, document_pdf
from pnp.render.document import Document, parse_document
from pnp.render.face import DrawContext
from pnp.render.markup import plain_text
from pnp.render.navigation import Anchor, Navigation, navigation
from pnp.render.options import RenderOptions
from pnp.render.reference import build_reference
from pnp.render.report import RenderReport
from pnp.render.units import paper_size
from pnp.rulesets import all_rulesets
from pnp.rulesets.ruleset import Ruleset
from tests.fixtures.toy import TOY
from tests.fixtures.toy.kit import ICONS
from tests.render import pdfcheck
from tests.render.pdfcheck import Fragment, links, reader

A4 = paper_size("A4")
# reading a long PDF's text takes a while: the checks of a reference share one reading
fragments = functools.lru_cache(maxsize=4)(pdfcheck.fragments)
outline = functools.lru_cache(maxsize=4)(pdfcheck.outline)


def _labels(icons: Any) -> dict[str, str]:
    return {name: icon.label for name, icon in icons.items()}


@pytest.fixture(scope="module", params=all_rulesets(), ids=lambda r: r.name)
def shipped(request: pytest.FixtureRequest) -> tuple[Navigation, bytes]:
    """A shipped ruleset's reference: its navigation and its PDF."""
    ruleset: Ruleset = request.param
    content = ruleset.load()
    doc = build_reference(ruleset, content)
    data = reference_bytes(ruleset, content, "pdf", RenderOptions(), RenderReport())
    return navigation(doc, _labels(ruleset.icons)), data


def _visible(anchor: Anchor) -> str:
    """The heading's text as the page shows it (icons are pictures), without spaces."""
    if anchor.contents:
        return anchor.text.replace(" ", "")
    icons = {t.name: "" for t in anchor.tokens if hasattr(t, "name")}  # type: ignore[union-attr]
    return "".join(plain_text(list(anchor.tokens), icons).split())


def _line_below(page: list[Fragment], top: float) -> str:
    """The first line of text below ``top`` on a page, without spaces."""
    below = [f for f in page if f.y < top]
    first = max(f.y for f in below)
    return "".join("".join(f.text for f in below if abs(f.y - first) < 1).split())


def _check_outline(nav: Navigation, data: bytes) -> None:
    entries = outline(data)
    assert [e.title for e in entries] == [a.text for a in nav.anchors]
    assert [e.depth for e in entries] == [a.depth for a in nav.anchors]
    pages = fragments(data)
    for entry, anchor in zip(entries, nav.anchors, strict=True):
        # the first line under the destination is the heading itself
        line = _line_below(pages[entry.page], entry.top)
        assert line and _visible(anchor).startswith(line), (entry, line)
        assert entry.top - line_height(anchor) < max(
            f.y for f in pages[entry.page] if f.y < entry.top
        )


def line_height(anchor: Anchor) -> float:
    """How far below its destination a heading's first baseline may be."""
    return HEADROOM + docpdf.HEADINGS[min(anchor.level, 3)][0] * 1.2


def test_the_outline_lists_every_heading_and_jumps_to_it(
    shipped: tuple[Navigation, bytes],
) -> None:
    nav, data = shipped
    assert reader(data).page_mode == "/UseOutlines"  # the panel opens with the file
    _check_outline(nav, data)
    # title at the top, the sections under it, their parts under them
    assert [a.depth for a in nav.anchors if a.level == 1] == [0]
    assert {a.depth for a in nav.anchors if a.level == 2} == {1}
    assert {a.depth for a in nav.anchors if a.level == 3} == {2}


def _printed_numbers(nav: Navigation, data: bytes, width: float) -> list[int]:
    """The page numbers printed in the contents list's number column."""
    entries = outline(data)
    start = entries[[a.contents for a in nav.anchors].index(True)]
    first_section = next(
        e for e, a in zip(entries, nav.anchors, strict=True) if not a.contents and a.level == 2
    )
    numbers = []
    for n, page in enumerate(fragments(data)):
        if not start.page <= n <= first_section.page:
            continue
        for f in page:
            inside = (n > start.page or f.y < start.top) and (
                n < first_section.page or f.y > first_section.top
            )
            if inside and f.x > width - MARGIN - NUMBER_COLUMN and f.text.isdigit():
                numbers.append(int(f.text))
    return numbers


def test_the_contents_page_numbers_and_links_are_right(
    shipped: tuple[Navigation, bytes],
) -> None:
    nav, data = shipped
    assert nav.contents_at is not None  # every shipped reference is long
    _check_contents(nav, data)


def _check_contents(nav: Navigation, data: bytes) -> None:
    entries = {a.id: e for a, e in zip(nav.anchors, outline(data), strict=True)}
    listed = [a for _, a in nav.contents()]
    # the outline's destinations are checked above: the contents must agree with them
    assert _printed_numbers(nav, data, A4[0]) == [entries[a.id].page + 1 for a in listed]
    jumps = [(page, round(top, 2)) for page_links in links(data) for _, page, top in page_links]
    assert jumps == [(entries[a.id].page, round(entries[a.id].top, 2)) for a in listed]


def _long(intro_lines: int = 1, sections: int = 6, parts: int = 2) -> Document:
    intro = "<br/>".join(f"Intro line {n}" for n in range(intro_lines))
    body = "".join(
        f"<h2>Section {s}</h2><p>Some [gold] text of section {s}.</p>"
        + "".join(f"<h3>Part {s}.{p}</h3><p>More text.</p>" for p in range(parts))
        for s in range(sections)
    )
    return parse_document(f"<h1>Long [military] rules</h1><p>{intro}</p>{body}")


def test_a_long_document_gets_a_contents_list_after_its_intro() -> None:
    doc = _long()
    data = document_pdf(doc, DrawContext(icons=ICONS), A4, "Long")
    nav = navigation(doc, _labels(ICONS))
    _check_outline(nav, data)
    first = " ".join(f.text for f in fragments(data)[0])
    assert first.index("Intro line 0") < first.index("Contents") < first.index("Section 0")
    _check_contents(nav, data)
    assert len(links(data)[0]) == len(nav.contents()) == 6 * 3


def test_page_numbers_follow_sections_onto_later_pages() -> None:
    doc = parse_document(
        "<h1>T</h1>" + "".join(f"<h2>S{n}</h2><p>x</p><pagebreak/>" for n in range(5))
    )
    data = document_pdf(doc, DrawContext(), A4, "T")
    nav = navigation(doc)
    assert _printed_numbers(nav, data, A4[0]) == [1, 2, 3, 4, 5]
    assert [e.page for e in outline(data)] == [0, 0, 0, 1, 2, 3, 4]


def test_a_short_document_has_bookmarks_but_no_contents(toy_content) -> None:
    doc = build_reference(TOY, toy_content)
    data = document_pdf(doc, DrawContext(icons=TOY.icons), A4, "Toy")
    nav = navigation(doc, _labels(TOY.icons))
    assert nav.contents_at is None
    assert [e.title for e in outline(data)][:4] == ["Toy fixture game", "Cards", "Glossary", "Turn"]
    _check_outline(nav, data)
    assert "Contents" not in reader(data).pages[0].extract_text()
    assert links(data) == [[]]


def test_no_headings_no_outline_panel() -> None:
    data = document_pdf(parse_document("<p>Just text.</p>"), DrawContext(), A4, "t")
    assert outline(data) == []
    assert reader(data).page_mode != "/UseOutlines"


def test_the_contents_makes_no_difference_between_renders() -> None:
    doc = _long(sections=8)
    one = document_pdf(doc, DrawContext(icons=ICONS), A4, "Long")
    two = document_pdf(_long(sections=8), DrawContext(icons=ICONS), A4, "Long")
    assert one == two
    assert len(links(one)[0]) == 8 * 3  # it did print a contents list, built twice


def _page_ends(data: bytes) -> list[tuple[str, bool]]:
    """The last line of text of every page but the last (the footer left out), and
    whether it is a line of the contents list (it has a page number at the right)."""
    ends = []
    for page in fragments(data)[:-1]:
        body = [f for f in page if f.y > MARGIN]
        bottom = min(f.y for f in body)
        line = [f for f in body if abs(f.y - bottom) < 1]
        numbered = any(f.x > A4[0] - MARGIN - NUMBER_COLUMN for f in line)
        ends.append((" ".join(f.text for f in line), numbered))
    return ends


def test_headings_and_contents_sections_never_end_a_page() -> None:
    # each intro line pushes everything below it down a line, so the sweep brings every
    # heading and lines of the contents list in turn to the foot of a page
    contents_lines = 0
    for lines in range(20, 58, 2):
        doc = _long(intro_lines=lines, sections=8, parts=3)
        data = document_pdf(doc, DrawContext(icons=ICONS), A4, "Long")
        for end, numbered in _page_ends(data):
            if numbered:
                contents_lines += 1
                # a section's line goes over with the line of its first part
                assert not end.startswith("Section"), (lines, end)
            else:
                assert not end.startswith(("Section", "Part", "Contents", "Long")), (lines, end)
    assert contents_lines >= 10  # the contents list did cross pages at many places


def test_the_measuring_build_draws_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    draw_lines = docpdf.textbox.draw_lines

    def counting(*args: Any, **kwargs: Any) -> None:
        drawn.append(1)
        draw_lines(*args, **kwargs)

    monkeypatch.setattr(docpdf.textbox, "draw_lines", counting)
    doc = _long(sections=6, parts=2)
    document_pdf(doc, DrawContext(icons=ICONS), A4, "Long")
    nav = navigation(doc)
    # once each: headings (the contents' own too), paragraphs, lines of the contents
    texts = len(nav.anchors) + len(nav.contents()) + 1 + 6 * 3
    assert len(drawn) == texts
