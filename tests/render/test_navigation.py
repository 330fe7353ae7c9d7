"""Heading anchors, outline depths and where the contents list goes."""

from __future__ import annotations

import pytest

from pnp.render.document import parse_document
from pnp.render.navigation import (
    CONTENTS_TITLE,
    MIN_SECTIONS,
    github_ids,
    heading_text,
    navigation,
    slug,
    unique_ids,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Phase 1: Hear Ye, Hear Ye", "phase-1-hear-ye-hear-ye"),
        ("The Night's Watch", "the-nights-watch"),
        ("The Night’s Watch", "the-nights-watch"),  # a typographic apostrophe too
        ("Titles (three and four players)", "titles-three-and-four-players"),
        ("Dominance, standing, taxation", "dominance-standing-taxation"),
        ("Squire & <Page>", "squire--page"),  # GitHub keeps both spaces around a dropped '&'
        ("2–4 players", "24-players"),  # an en dash is punctuation
        ("Fire-and-blood 3_rd", "fire-and-blood-3_rd"),
        ("Über Épées", "über-épées"),
        ("[Direwolf] Stark (constructed)", "direwolf-stark-constructed"),
        ("?!", ""),
    ],
)
def test_slugs_follow_github(text: str, expected: str) -> None:
    assert slug(text) == expected


def test_github_numbers_repeats_from_one() -> None:
    assert github_ids(["setup", "setup", "play", "setup"]) == [
        "setup",
        "setup-1",
        "play",
        "setup-2",
    ]
    # a heading that already took "setup-1" pushes the repeat on
    assert github_ids(["setup-1", "setup", "setup"]) == ["setup-1", "setup", "setup-2"]


def test_unique_ids_number_repeats_from_two_and_avoid_reserved() -> None:
    assert unique_ids(["setup", "setup", "setup"]) == ["setup", "setup-2", "setup-3"]
    assert unique_ids(["setup-2", "setup", "setup"]) == ["setup-2", "setup", "setup-3"]
    assert unique_ids(["pnp-icon-gold", "contents"], reserved={"pnp-icon-gold"}) == [
        "pnp-icon-gold-2",
        "contents",
    ]
    assert unique_ids(["", ""]) == ["section", "section-2"]


def test_heading_text_names_icons_by_label() -> None:
    (heading,) = parse_document("<h2>[gold] <b>Income</b><br/>now</h2>").blocks
    assert heading_text(heading.tokens, {"gold": "Gold"}) == "Gold Income now"  # type: ignore[union-attr]
    assert heading_text(heading.tokens) == "gold Income now"  # type: ignore[union-attr]


def _doc(sections: int) -> str:
    part = "<h2>Part {}</h2><p>text</p><h3>Setup</h3><p>more</p>"
    body = "".join(part.format(n) for n in range(sections))
    return f"<h1>Title</h1><p>Intro</p>{body}"


def test_a_long_document_gets_contents_before_its_first_section() -> None:
    doc = parse_document(_doc(MIN_SECTIONS))
    nav = navigation(doc)
    assert nav.contents_at == 2  # after the title and its intro paragraph
    heading = nav.contents_anchor
    assert heading is not None and heading.text == CONTENTS_TITLE and heading.depth == 1
    assert [a.id for a in nav.anchors[:4]] == ["title", "contents", "part-0", "setup"]
    assert [a.id for a in nav.anchors if a.text == "Setup"] == [
        "setup",
        "setup-2",
        "setup-3",
        "setup-4",
    ]
    assert [(a.level, a.depth) for a in nav.anchors[:4]] == [(1, 0), (2, 1), (2, 1), (3, 2)]
    listed = nav.contents()
    assert [(d, a.text) for d, a in listed[:3]] == [(0, "Part 0"), (1, "Setup"), (0, "Part 1")]
    assert len(listed) == 2 * MIN_SECTIONS
    assert nav.at(2) is not None and nav.at(2).text == "Part 0"  # type: ignore[union-attr]
    assert nav.at(3) is None  # a paragraph


def test_a_short_document_has_anchors_but_no_contents() -> None:
    nav = navigation(parse_document(_doc(MIN_SECTIONS - 1)))
    assert nav.contents_at is None and nav.contents() == [] and nav.contents_anchor is None
    assert len(nav.anchors) == 1 + 2 * (MIN_SECTIONS - 1)


def test_a_heading_named_contents_does_not_take_the_lists_id() -> None:
    doc = parse_document(
        "<h1>T</h1>" + "".join(f"<h2>S{n}</h2>" for n in range(4)) + "<h2>Contents</h2>"
    )
    ids = [a.id for a in navigation(doc).anchors]
    assert ids == ["t", "contents", "s0", "s1", "s2", "s3", "contents-2"]


def test_outline_depth_never_skips_a_level() -> None:
    doc = parse_document("<h3>Lost</h3><h1>Title</h1><h3>Deep</h3><h2>Part</h2><h3>Sub</h3>")
    depths = [a.depth for a in navigation(doc).anchors]
    assert depths == [0, 0, 1, 1, 2]
