"""Markdown and HTML exports can be navigated: heading ids, a contents list of links."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from pnp.render.document import parse_document
from pnp.render.export import to_html, to_markdown
from pnp.render.reference import build_reference
from pnp.rulesets import all_rulesets
from tests.fixtures.toy import TOY
from tests.fixtures.toy.kit import ICONS

#: headings GitHub slugs in tricky ways: punctuation, apostrophes, numbers, repeats
TRICKY = (
    "<h1>Hear Ye: the rules</h1><p>Intro.</p>"
    "<h2>Phase 1: Hear Ye, Hear Ye</h2><p>a</p>"
    "<h3>Setup</h3><p>b</p>"
    "<h2>The Night's Watch</h2><p>c</p>"
    "<h3>Setup</h3><p>d</p>"
    "<h2>[gold] Income &amp; upkeep (2–4 players)</h2><p>e</p>"
    "<h2>Contents</h2><p>f</p>"
    "<h2>Setup</h2><p>g</p>"
)


class _Page(HTMLParser):
    """Every id, every in-page link, and the heading ids and the nav's links in order."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.headings: list[tuple[str, str | None]] = []
        self.nav_links: list[str] = []
        self.symbols: list[str] = []
        self._in_nav = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "symbol":
            self.symbols.append(str(a["id"]))
        if tag == "nav":
            self._in_nav = True
        if tag in ("h1", "h2", "h3") and not self._in_nav:
            self.headings.append((tag, a.get("id")))
        href = a.get("href") or ""
        if tag == "a" and href.startswith("#"):
            self.links.append(href[1:])
            if self._in_nav:
                self.nav_links.append(href[1:])
        if tag == "use":
            self.links.append(href[1:])

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_nav = False


def _parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def test_html_headings_have_unique_ids_and_a_contents_list() -> None:
    html = to_html(parse_document(TRICKY), ICONS, "Rules")
    page = _parse(html)
    assert page.headings == [
        ("h1", "hear-ye-the-rules"),
        ("h2", "phase-1-hear-ye-hear-ye"),
        ("h3", "setup"),
        ("h2", "the-nights-watch"),
        ("h3", "setup-2"),
        ("h2", "gold-income--upkeep-24-players"),
        ("h2", "contents-2"),  # the contents list has "contents"
        ("h2", "setup-3"),
    ]
    assert len(page.ids) == len(set(page.ids))
    assert page.nav_links == [h for tag, h in page.headings if tag != "h1"]
    # after the title and its introduction, before the first section
    assert html.index("Intro.") < html.index("<nav") < html.index('id="phase-1-hear-ye-hear-ye"')
    assert '<li><a href="#phase-1-hear-ye-hear-ye">Phase 1: Hear Ye, Hear Ye</a>\n<ul>' in html


def test_heading_ids_never_take_an_icons_id() -> None:
    doc = parse_document(
        "<h1>Pnp icon gold</h1><p>[gold] and [military]</p>"
        "<h2>pnp-icon-military</h2><h2>B</h2><h2>C</h2><h2>D</h2>"
    )
    page = _parse(to_html(doc, ICONS, "t"))
    assert page.symbols == ["pnp-icon-gold", "pnp-icon-military"]
    assert [h for _, h in page.headings] == [
        "pnp-icon-gold-2",
        "pnp-icon-military-2",
        "b",
        "c",
        "d",
    ]
    assert len(page.ids) == len(set(page.ids))
    assert set(page.links) <= set(page.ids)


@pytest.fixture(scope="module")
def ruleset_docs() -> list:
    """Every shipped ruleset with its reference document."""
    return [(r, build_reference(r, r.load())) for r in all_rulesets()]


def test_every_reference_page_links_only_to_ids_it_has(ruleset_docs) -> None:
    for ruleset, doc in ruleset_docs:
        page = _parse(to_html(doc, ruleset.icons, ruleset.title))
        assert len(page.ids) == len(set(page.ids))
        assert all(h for _, h in page.headings)
        assert set(page.links) <= set(page.ids)
        assert page.nav_links == [h for tag, h in page.headings if tag in ("h2", "h3")]


def test_markdown_contents_links_to_githubs_anchors() -> None:
    md = to_markdown(parse_document(TRICKY), ICONS)
    contents = md[md.index("## Contents") : md.index("## Phase 1")]
    assert re.findall(r"^( *)- \[(.*)\]\(#(.*)\)$", contents, re.M) == [
        ("", "Phase 1: Hear Ye, Hear Ye", "phase-1-hear-ye-hear-ye"),
        ("  ", "Setup", "setup"),
        ("", "The Night's Watch", "the-nights-watch"),
        ("  ", "Setup", "setup-1"),
        ("", "\\[Gold\\] Income \\& upkeep (2–4 players)", "gold-income--upkeep-24-players"),
        ("", "Contents", "contents-1"),  # GitHub gave "contents" to the list's heading
        ("", "Setup", "setup-2"),
    ]
    assert md.index("Intro.") < md.index("## Contents")


def test_markdown_of_every_reference_links_to_its_headings(ruleset_docs) -> None:
    for ruleset, doc in ruleset_docs:
        md = to_markdown(doc, ruleset.icons)
        headings = [line for line in md.splitlines() if re.match(r"#{2,3} ", line)]
        targets = re.findall(r"^ *- \[.*\]\(#(.*)\)$", md, re.M)
        # one link per heading after the list's own, each anchor once
        assert len(targets) == len(headings) - 1 == len(set(targets))


def test_a_short_document_has_ids_but_no_contents(toy_content) -> None:
    doc = build_reference(TOY, toy_content)
    html = to_html(doc, TOY.icons, "Toy")
    page = _parse(html)
    assert "<nav" not in html and all(h for _, h in page.headings)
    assert [h for _, h in page.headings][:3] == ["toy-fixture-game", "cards", "glossary"]
    assert "Contents" not in to_markdown(doc, TOY.icons)


def test_markdown_writes_no_icon_its_next_word_names_again() -> None:
    """ "[gold] gold" came out as "\\[Gold\\] gold" (QA of the Iron Throne reference: "spread
    your \\[Influence\\] influence"): the word says it, so the icon goes; an icon standing for
    a word of its own stays, and so do a heading's and a legend's."""
    doc = parse_document(
        "<h2>[gold] Gold</h2>"
        "<p>Pay 2 [gold] gold, or 3 [gold] Golds. Win a [military] and a [gold] challenge.</p>"
        "<table><tr><th>Cost</th></tr><tr><td>[military] military</td></tr></table>"
        "<ul><li>Take <b>[gold] gold</b>.</li></ul>"
        "<legend><li>[gold] Gold coins</li></legend>"
    )
    md = to_markdown(doc, ICONS)
    assert "## \\[Gold\\] Gold" in md
    assert "Pay 2 gold, or 3 Golds. Win a \\[Military\\] and a \\[Gold\\] challenge." in md
    assert "| military |" in md
    assert "- Take **gold**." in md
    assert "- \\[Gold\\] Gold coins" in md
