"""The inline markup: styles, breaks, icons, entities and escaping."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.render.markup import (
    Break,
    IconRef,
    MarkupError,
    Run,
    Space,
    escape,
    parse_inline,
    plain_text,
)


def test_styles_nest() -> None:
    tokens = parse_inline("a <b>bold <i>both</i></b> <i>it</i>")
    assert tokens == [
        Run("a"),
        Space(),
        Run("bold", bold=True),
        Space(bold=True),
        Run("both", bold=True, italic=True),
        Space(),
        Run("it", italic=True),
    ]


def test_icons_and_breaks() -> None:
    tokens = parse_inline("Gain [gold].<br/>Then\n\nmore")
    assert tokens == [
        Run("Gain"),
        Space(),
        IconRef("gold"),
        Run("."),
        Break(),
        Run("Then"),
        Break(paragraph=True),
        Run("more"),
    ]


def test_newlines_collapse_in_documents() -> None:
    assert parse_inline("a\n\n b", newlines=False) == [Run("a"), Space(), Run("b")]


def test_entities_and_literal_brackets() -> None:
    tokens = parse_inline("A &amp; B &lt;C&gt; &#91;gold&#93; [Not an icon]")
    assert plain_text(tokens) == "A & B <C> [gold] [Not an icon]"
    assert not any(isinstance(t, IconRef) for t in tokens)


@pytest.mark.parametrize(
    ("markup", "message"),
    [
        ("Squire & <Page>", "bare '&'"),
        ("a <Page> b", "unknown tag '<Page>'"),
        ("a < b", "unknown tag '<'"),
        ("<b>open", "<b> is never closed"),
        ("<b>x</i>", "</i> does not close"),
        ("&bogus;", "unknown entity"),
    ],
)
def test_bad_markup_is_an_error(markup: str, message: str) -> None:
    with pytest.raises(MarkupError) as info:
        parse_inline(markup)
    assert message in str(info.value)


@given(st.text(max_size=60))
def test_escaped_text_reads_back_as_itself(text: str) -> None:
    tokens = parse_inline(escape(text), newlines=False)
    assert not any(isinstance(t, IconRef) for t in tokens)
    assert plain_text(tokens) == re.sub(r"[ \t\r\n\f\v]+", " ", text)
