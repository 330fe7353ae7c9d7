"""Icon legends and references on a phone: a legend in columns with icons larger than
text's, tables that scroll inside their own box, the fief legend on one PDF page.

What a browser does with the markup and styles was looked at in Chromium at 1280
and 390 px; these tests pin the markup and styles that make it so.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from pnp.render.build import reference_bytes
from pnp.render.document import DocumentError, Legend, parse_document
from pnp.render.export import KEEP, KEY_CELL, LEGEND, TABLE_BOX, to_html, to_markdown
from pnp.render.markup import plain_text
from pnp.render.options import RenderOptions
from pnp.render.reference import build_reference
from pnp.render.report import RenderReport
from pnp.rulesets import all_rulesets, find_ruleset
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import fragments

LEGEND_DOC = (
    "<h2>Icons</h2><legend><li>[gold] Gold coin</li><li>[military] <b>Military</b></li></legend>"
)


def test_a_legend_is_a_block_of_icons_and_their_meanings() -> None:
    (_, legend) = parse_document(LEGEND_DOC).blocks
    assert isinstance(legend, Legend)
    assert [e.icon.name for e in legend.entries] == ["gold", "military"]
    assert [[getattr(t, "text", " ") for t in e.tokens] for e in legend.entries] == [
        ["Gold", " ", "coin"],
        ["Military"],
    ]
    assert parse_document(LEGEND_DOC).icon_names() == ["gold", "military"]


@pytest.mark.parametrize(
    ("markup", "message"),
    [
        ("<legend><li>Gold [gold]</li></legend>", "starts with the icon it explains"),
        ("<legend><li>[gold]</li></legend>", "[gold] does not say what it means"),
        ("<legend></legend>", "an empty legend"),
        ("<legend><li>[gold] a<ul><li>b</li></ul></li></legend>", "cannot go inside a <legend>"),
        ("<legend><p>[gold] a</p></legend>", "<p> cannot go inside <legend>; use <li>"),
        ("<legend>[gold] a</legend>", "text directly inside <legend>"),
    ],
)
def test_a_malformed_legend_names_its_line(markup: str, message: str) -> None:
    with pytest.raises(DocumentError, match=re.escape(message)):
        parse_document(f"<h1>T</h1>\n{markup}", "ref.xml")


def test_a_legend_in_html_flows_into_columns_with_large_icons() -> None:
    html = to_html(parse_document(LEGEND_DOC), ICONS, "t")
    assert f'<ul class="{LEGEND}">' in html
    assert re.search(r'<li><svg class="icon"[^>]*>.*?</svg><span>Gold coin</span></li>', html)
    css = html.split("<style>")[1].split("</style>")[0]
    # as many columns as fit the screen: two on a phone, three in a desktop's column
    assert re.search(rf"ul\.{LEGEND} \{{[^}}]*display: grid;", css)
    assert "grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr))" in css
    assert re.search(rf"ul\.{LEGEND} svg\.icon \{{ height: 2em;", css)
    md = to_markdown(parse_document(LEGEND_DOC), ICONS)
    assert "- \\[Gold\\] Gold coin\n- \\[Military\\] **Military**" in md


class _Tables(HTMLParser):
    """Whether each table sits in a scrolling box, and the key cells' text."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.boxed: list[bool] = []
        self.key_cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "table":
            self.boxed.append(self.open[-1:] == [f"div.{TABLE_BOX}"])
        if tag == "td" and cls == KEY_CELL:
            self.key_cells += 1
        if tag not in ("svg", "use", "br", "symbol", "path", "g", "meta"):
            self.open.append(f"{tag}.{cls}" if cls else tag)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("svg", "use", "br", "symbol", "path", "g", "meta"):
            self.open.pop()


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_a_wide_table_scrolls_inside_its_box_not_the_page(ruleset) -> None:
    html = to_html(build_reference(ruleset, ruleset.load()), ruleset.icons, ruleset.title)
    tables = _Tables()
    tables.feed(html)
    assert tables.boxed and all(tables.boxed)  # every table in its own box ...
    css = html.split("<style>")[1].split("</style>")[0]
    # ... which scrolls sideways when the table is wider than the screen
    assert re.search(rf"div\.{TABLE_BOX} \{{ overflow-x: auto; max-width: 100%;", css)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


def test_a_key_cells_icon_is_larger_and_keeps_its_word() -> None:
    doc = parse_document(
        "<table><tr><td>[military] Military claim</td><td>[gold] x</td></tr>"
        "<tr><td>Pay [gold]</td><td>y</td></tr></table>"
    )
    html = to_html(doc, ICONS, "t")
    assert html.count(f'<td class="{KEY_CELL}">') == 2  # cells that open with an icon
    assert re.search(
        rf'<td class="{KEY_CELL}"><span class="{KEEP}"><svg [^>]*>.*?</svg> '
        rf"Military</span> claim</td>",
        html,
    )
    assert "<td>Pay <svg" in html  # an icon inside the text is the text's size
    css = html.split("<style>")[1].split("</style>")[0]
    assert re.search(rf"td\.{KEY_CELL} svg\.icon \{{ height: 1\.6em;", css)
    assert re.search(rf"span\.{KEEP} \{{ white-space: nowrap; }}", css)


def test_the_fief_pdf_legend_sits_on_one_page_in_columns() -> None:
    fief = find_ruleset("fief")
    content = fief.load()
    (legend,) = (b for b in build_reference(fief, content).blocks if isinstance(b, Legend))
    labels = [plain_text(entry.tokens) for entry in legend.entries]
    assert len(labels) > 60
    data = reference_bytes(fief, content, "pdf", RenderOptions(), RenderReport())
    pages = fragments(data)
    # the legend's page: its heading's (the contents list on page 1 names it too)
    start = max(i for i, page in enumerate(pages) if any(f.text == "Icons" for f in page))
    found = {f.text: f for f in pages[start] if f.text in labels}
    assert set(found) == set(labels)  # every entry on the page of its heading
    assert not any(f.text in labels for page in pages[start + 1 :] for f in page)
    columns = {round(f.x) for f in found.values()}
    assert len(columns) >= 3  # A4 holds three columns of the fief's meanings
    # read across, then down: the first entries share a line
    first, second = (found[label] for label in labels[:2])
    assert abs(first.y - second.y) < 1 and second.x > first.x
