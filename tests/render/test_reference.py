"""Reference sheets: sandboxed templates, the document markup, PDF, Markdown and HTML."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pnp.render.docpdf import document_pdf
from pnp.render.document import DocumentError, Heading, ListBlock, Para, Table, parse_document
from pnp.render.export import to_html, to_markdown
from pnp.render.face import DrawContext
from pnp.render.markup import plain_text
from pnp.render.reference import NoReferenceError, TemplateProblem, build_reference, render_template
from pnp.render.units import paper_size
from tests.fixtures.toy import TOY
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import text


def with_template(tmp_path: Path, body: str):
    (tmp_path / "reference.xml.j2").write_text(body)
    return dataclasses.replace(TOY, templates_dir=tmp_path)


def test_toy_reference_document(toy_content) -> None:
    doc = build_reference(TOY, toy_content)
    kinds = [type(b).__name__ for b in doc.blocks]
    assert kinds[:4] == ["Heading", "Para", "Heading", "Table"]
    table = doc.blocks[3]
    assert isinstance(table, Table)
    assert [plain_text(c.tokens) for c in table.rows[3]] == ["Squire & <Page>", "unit", "1"]
    assert doc.icon_names() == ["gold", "military"]


def test_content_is_escaped_even_when_it_looks_like_markup(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<p>{{ text }}</p>")
    ruleset = dataclasses.replace(
        ruleset, reference_context=lambda c: {"text": "<b>x</b> & [gold]"}
    )
    doc = build_reference(ruleset, toy_content)
    (para,) = doc.blocks
    assert isinstance(para, Para)
    assert plain_text(para.tokens) == "<b>x</b> & [gold]"


def test_markup_filter_passes_trusted_markup(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<p>{{ text | markup }}</p>")
    ruleset = dataclasses.replace(ruleset, reference_context=lambda c: {"text": "<b>x</b> [gold]"})
    (para,) = build_reference(ruleset, toy_content).blocks
    assert plain_text(para.tokens, {"gold": "(gold)"}) == "x (gold)"
    bad = dataclasses.replace(ruleset, reference_context=lambda c: {"text": "a & b"})
    with pytest.raises(TemplateProblem, match=r"reference.xml.j2:1: .*bare '&'"):
        build_reference(bad, toy_content)


def test_undefined_variables_are_errors_with_a_line(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<h1>Title</h1>\n<p>{{ content.setings.hand_size }}</p>\n")
    with pytest.raises(TemplateProblem, match=r"reference.xml.j2:2: .*setings"):
        render_template(ruleset, toy_content)


def test_syntax_errors_name_the_line(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<p>ok</p>\n{% for x in %}\n")
    with pytest.raises(TemplateProblem, match=r"reference.xml.j2:2: "):
        render_template(ruleset, toy_content)


def test_the_sandbox_blocks_python_internals(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<p>{{ content.__class__.__mro__ }}</p>")
    with pytest.raises(TemplateProblem):
        render_template(ruleset, toy_content)
    ruleset = with_template(tmp_path, "<p>{{ content.cards.append(1) }}</p>")
    with pytest.raises(TemplateProblem):
        render_template(ruleset, toy_content)


def test_unknown_icon_in_template(tmp_path: Path, toy_content) -> None:
    ruleset = with_template(tmp_path, "<p>[silver]</p>")
    with pytest.raises(TemplateProblem, match=r"unknown icon \[silver\]"):
        build_reference(ruleset, toy_content)


def test_missing_template(tmp_path: Path, toy_content) -> None:
    ruleset = dataclasses.replace(TOY, templates_dir=tmp_path / "none")
    with pytest.raises(NoReferenceError, match="no reference template yet"):
        render_template(ruleset, toy_content)


def test_document_blocks() -> None:
    doc = parse_document(
        "<h2>Phases</h2>loose text<ol><li>one<ul><li>a</li></ul></li><li>two</li></ol><hr/>"
        "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td></tr></table><pagebreak/>"
    )
    kinds = [type(b).__name__ for b in doc.blocks]
    assert kinds == ["Heading", "Para", "ListBlock", "Rule", "Table", "PageBreak"]
    heading, _, lst, _, table, _ = doc.blocks
    assert isinstance(heading, Heading) and heading.level == 2
    assert isinstance(lst, ListBlock) and lst.ordered
    assert plain_text(lst.items[0].tokens) == "one"
    assert plain_text(lst.items[0].children[0].items[0].tokens) == "a"
    assert isinstance(table, Table) and len(table.rows[1]) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<p>one\n<p>two</p>", ":2: <p> cannot go inside <p>"),
        ("<ul>text</ul>", "text directly inside <ul>"),
        ("<ul><p>x</p></ul>", "<p> cannot go inside <ul>; use <li>"),
        ("<li>x</li>", "<li> must be inside <ul>, <ol> or <legend>"),
        ("<td>x</td>", "<td> must be inside <tr>"),
        ("<h1>x</h2>", "</h2> found where </h1> was expected"),
        ("<div>x</div>", "unknown tag <div>"),
        ("\n\n<table>", ":3: <table> is never closed"),
        ("<table></table>", "an empty table"),
        ("<p>a & b</p>", "bare '&'"),
    ],
)
def test_document_errors(text: str, message: str) -> None:
    with pytest.raises(DocumentError) as info:
        parse_document(text, "doc")
    assert message in str(info.value)


def test_pdf_flows_over_pages_and_repeats_table_headers() -> None:
    rows = "".join(f"<tr><td>Row {i}</td><td>[gold] {i}</td></tr>" for i in range(120))
    items = "".join(f"<li>Item {i} with some words to wrap around the line</li>" for i in range(40))
    doc = parse_document(
        f"<h1>Long</h1><table><tr><th>Name</th><th>Cost</th></tr>{rows}</table><ul>{items}</ul>"
    )
    data = document_pdf(doc, DrawContext(icons=ICONS), paper_size("A4"), "Long")
    pages = text(data)
    assert len(pages) >= 3
    assert all("Name" in p for p in pages[:2])  # the header row repeats
    assert "Row 119" in "".join(pages) and "Item 39" in "".join(pages)
    assert "Long · page 2" in pages[1]


def test_long_paragraph_splits_between_pages() -> None:
    words = " ".join(f"word{i}" for i in range(3000))
    data = document_pdf(parse_document(f"<p>{words}</p>"), DrawContext(), paper_size("A4"), "t")
    pages = text(data)
    assert len(pages) >= 2
    joined = " ".join(pages)
    assert "word0 " in joined and "word2999" in joined


def test_markdown_export(toy_content) -> None:
    md = to_markdown(build_reference(TOY, toy_content), TOY.icons)
    assert md.startswith("# Toy fixture game\n")
    assert "| Squire \\& \\<Page\\> | unit | 1 |" in md
    assert "- **Fight \\& \\<Win\\>**: Names with" in md
    assert "   - pay their cost in \\[Gold\\];" in md  # nested list, icon by its label
    assert "**Quick:** costs 1 less" in md


def test_html_export(toy_content) -> None:
    html = to_html(build_reference(TOY, toy_content), TOY.icons, "Toy & co")
    assert html.startswith("<!DOCTYPE html>") and "<title>Toy &amp; co</title>" in html
    assert "<td>Squire &amp; &lt;Page&gt;</td>" in html
    assert html.count('<symbol id="pnp-icon-gold"') == 1
    assert '<use href="#pnp-icon-gold"/>' in html
    assert "<script" not in html and 'src="http' not in html  # standalone


def test_reference_pdf_text(toy_content) -> None:
    data = document_pdf(
        build_reference(TOY, toy_content), DrawContext(icons=TOY.icons), paper_size("Letter"), "Toy"
    )
    (page,) = text(data)
    assert "Squire & <Page>" in page and "Fight & <Win>" in page


def test_a_table_row_taller_than_a_page_is_a_clean_error() -> None:
    from pnp.render.report import RenderError

    words = " ".join(f"w{i}" for i in range(3000))
    doc = parse_document(f"<table><tr><td>{words}</td></tr></table>")
    with pytest.raises(RenderError, match="a table row is taller than a page"):
        document_pdf(doc, DrawContext(), paper_size("A4"), "Toy")


def test_failing_reference_context_and_icons_are_clean_errors(tmp_path: Path, toy_content) -> None:
    from pnp.render.icons import IconSet
    from pnp.render.report import RenderError

    ruleset = with_template(tmp_path, "<p>[gold]</p>")
    broken = dataclasses.replace(ruleset, reference_context=lambda c: {}["missing"])
    with pytest.raises(TemplateProblem, match="toy: reference_context failed: KeyError"):
        build_reference(broken, toy_content)
    icons = IconSet()

    @icons.icon("gold")
    def gold(d) -> None:
        raise ValueError("no ink")

    with pytest.raises(
        RenderError, match=r"icon \[gold\]: its drawing function failed: ValueError"
    ):
        icons["gold"].drawing()
