"""The small document markup of reference sheets, parsed into blocks.

Blocks: ``<h1>``–``<h3>``, ``<p>``, ``<ul>``/``<ol>`` of ``<li>`` (which may
hold nested lists), ``<table>`` of ``<tr>`` rows of ``<th>``/``<td>`` cells,
``<legend>`` of ``<li>`` entries that each start with an icon and say what it
means (a key to the icons, set in columns with the icons larger than in
text), ``<hr/>`` and ``<pagebreak/>``. Inside headings, paragraphs, items and
cells: the inline markup of :mod:`pnp.render.markup` (``<b>``, ``<i>``,
``<br/>``, ``[icon]``, entities). Loose inline text between blocks becomes a
paragraph. Whitespace is collapsed, as in HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.render.markup import IconRef, MarkupError, Space, Token, parse_inline
from pnp.render.report import RenderError


class DocumentError(RenderError):
    """A reference document that does not follow the markup."""


@dataclass
class Heading:
    """A heading of level 1–3."""

    level: int
    tokens: list[Token]


@dataclass
class Para:
    """A paragraph."""

    tokens: list[Token]


@dataclass
class Item:
    """A list item: its text and any nested lists."""

    tokens: list[Token]
    children: list[ListBlock] = field(default_factory=list)


@dataclass
class ListBlock:
    """A bulleted or numbered list."""

    ordered: bool
    items: list[Item] = field(default_factory=list)


@dataclass
class Cell:
    """A table cell; ``header`` for ``<th>``."""

    tokens: list[Token]
    header: bool = False


@dataclass
class Table:
    """Rows of cells."""

    rows: list[list[Cell]] = field(default_factory=list)


@dataclass
class LegendEntry:
    """One entry of an icon legend: the icon and what it means."""

    icon: IconRef
    tokens: list[Token]


@dataclass
class Legend:
    """A key to icons: each entry an icon and its meaning. Every format sets it to be
    read at a glance: in as many columns as fit, each icon larger than in text."""

    entries: list[LegendEntry] = field(default_factory=list)


@dataclass
class Rule:
    """A horizontal rule."""


@dataclass
class PageBreak:
    """Start a new page (PDF only)."""


Block = Heading | Para | ListBlock | Table | Legend | Rule | PageBreak


@dataclass
class Document:
    """A parsed reference document."""

    blocks: list[Block] = field(default_factory=list)

    def icon_names(self) -> list[str]:
        """Icons used anywhere in the document, once each."""
        from pnp.render.markup import IconRef

        names: list[str] = []

        def scan(tokens: list[Token]) -> None:
            for t in tokens:
                if isinstance(t, IconRef) and t.name not in names:
                    names.append(t.name)

        def walk_list(lst: ListBlock) -> None:
            for item in lst.items:
                scan(item.tokens)
                for child in item.children:
                    walk_list(child)

        for block in self.blocks:
            if isinstance(block, Heading | Para):
                scan(block.tokens)
            elif isinstance(block, ListBlock):
                walk_list(block)
            elif isinstance(block, Table):
                for row in block.rows:
                    for cell in row:
                        scan(cell.tokens)
            elif isinstance(block, Legend):
                for entry in block.entries:
                    scan([entry.icon, *entry.tokens])
        return names


_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)\s*(/?)>")
_BLOCK_TAGS = {
    "h1",
    "h2",
    "h3",
    "p",
    "ul",
    "ol",
    "li",
    "table",
    "legend",
    "tr",
    "th",
    "td",
    "hr",
    "pagebreak",
}
_INLINE_TAGS = {"b", "i", "br"}
_TEXT_HOLDERS = {"h1", "h2", "h3", "p", "li", "th", "td"}


def parse_document(text: str, source: str = "document") -> Document:
    """Parse the document markup; :class:`DocumentError` names the line of any problem."""
    doc = Document()
    # stack of (tag, node, line) for open blocks; text gathers inline markup
    stack: list[tuple[str, object, int]] = []
    buffer: list[str] = []
    buffer_line = 1

    def line_of(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    def fail(pos: int, message: str) -> DocumentError:
        return DocumentError(f"{source}:{line_of(pos)}: {message}")

    def inline(pos: int) -> list[Token]:
        raw = "".join(buffer)
        buffer.clear()
        try:
            tokens = parse_inline(raw, newlines=False)
        except MarkupError as exc:
            raise DocumentError(f"{source}:{buffer_line}: {exc}") from None
        # trim whitespace at the ends
        while tokens and isinstance(tokens[0], Space):
            tokens.pop(0)
        while tokens and isinstance(tokens[-1], Space):
            tokens.pop()
        return tokens

    def loose(pos: int) -> None:
        """Inline text outside any text block: a paragraph (or an error inside lists/tables)."""
        raw = "".join(buffer)
        if not raw.strip():
            buffer.clear()
            return
        if stack and stack[-1][0] in ("ul", "ol", "table", "tr", "legend"):
            raise fail(pos, f"text directly inside <{stack[-1][0]}>: {raw.strip()[:30]!r}")
        if stack and stack[-1][0] == "li":
            return  # an item's text continues after a nested list
        doc.blocks.append(Para(inline(pos)))

    def add_block(block: Block) -> None:
        if not stack:
            doc.blocks.append(block)
            return
        tag, node, _ = stack[-1]
        if isinstance(block, ListBlock) and isinstance(node, Item):
            node.children.append(block)
        else:
            raise_at = f"<{tag}>"
            raise DocumentError(
                f"{source}: a {type(block).__name__.lower()} cannot go inside {raise_at}"
            )

    pos = 0
    for match in _TAG.finditer(text):
        closing, name, selfclosing = match.group(1), match.group(2).lower(), match.group(3)
        if name in _INLINE_TAGS:
            continue  # part of the inline markup; kept in the text
        before = text[pos : match.start()]
        if not buffer:
            buffer_line = line_of(pos)
        buffer.append(before)
        pos = match.end()
        if name not in _BLOCK_TAGS:
            raise fail(match.start(), f"unknown tag <{closing}{name}>")
        open_tag = stack[-1][0] if stack else None
        if name in ("hr", "pagebreak"):
            if closing:
                raise fail(match.start(), f"<{name}/> has no closing tag")
            loose(match.start())
            if open_tag is not None:
                raise fail(match.start(), f"<{name}/> cannot go inside <{open_tag}>")
            doc.blocks.append(Rule() if name == "hr" else PageBreak())
            continue
        if selfclosing:
            raise fail(match.start(), f"<{name}/> cannot be empty-closed")
        if not closing:
            if open_tag in _TEXT_HOLDERS and not (open_tag == "li" and name in ("ul", "ol")):
                raise fail(match.start(), f"<{name}> cannot go inside <{open_tag}>")
            if name == "li" and open_tag not in ("ul", "ol", "legend"):
                raise fail(match.start(), "<li> must be inside <ul>, <ol> or <legend>")
            if open_tag == "li" and stack[-2][0] == "legend":
                raise fail(match.start(), f"<{name}> cannot go inside a <legend> entry")
            if name == "tr" and open_tag != "table":
                raise fail(match.start(), "<tr> must be inside <table>")
            if name in ("th", "td") and open_tag != "tr":
                raise fail(match.start(), f"<{name}> must be inside <tr>")
            if open_tag in ("ul", "ol", "legend") and name != "li":
                raise fail(match.start(), f"<{name}> cannot go inside <{open_tag}>; use <li>")
            if open_tag in ("table", "tr") and name not in ("tr", "th", "td"):
                raise fail(match.start(), f"<{name}> cannot go inside <{open_tag}>")
            if open_tag == "li":
                # the item's own text ends where its nested list starts
                item = stack[-1][1]
                assert isinstance(item, Item)
                item.tokens += inline(match.start())
            else:
                loose(match.start())
            node: object
            if name in ("ul", "ol"):
                node = ListBlock(name == "ol")
            elif name == "li":
                node = Item([])
            elif name == "table":
                node = Table()
            elif name == "legend":
                node = Legend()
            elif name == "tr":
                node = []
            else:
                node = None
            stack.append((name, node, line_of(match.start())))
            buffer_line = line_of(pos)
            continue
        # closing tag
        if open_tag != name:
            expected = f"</{open_tag}>" if open_tag else "no closing tag"
            raise fail(match.start(), f"</{name}> found where {expected} was expected")
        if name in ("ul", "ol", "table", "tr", "legend"):
            loose(match.start())  # while the container is still open: stray text is an error
        tag, node, _ = stack.pop()
        parent = stack[-1][1] if stack else None
        if tag in ("h1", "h2", "h3"):
            add_block(Heading(int(tag[1]), inline(match.start())))
        elif tag == "p":
            add_block(Para(inline(match.start())))
        elif tag == "li" and isinstance(parent, Legend):
            parent.entries.append(_legend_entry(inline(match.start()), fail, match.start()))
        elif tag == "li":
            assert isinstance(node, Item)
            tokens = inline(match.start())
            if node.children and tokens:
                raise fail(
                    match.start(), "text after a nested list in <li>; put it before the list"
                )
            node.tokens += tokens
            assert isinstance(parent, ListBlock)
            parent.items.append(node)
        elif tag in ("ul", "ol"):
            assert isinstance(node, ListBlock)
            add_block(node)
        elif tag in ("th", "td"):
            assert isinstance(parent, list)
            parent.append(Cell(inline(match.start()), header=tag == "th"))
        elif tag == "tr":
            assert isinstance(node, list) and isinstance(parent, Table)
            if not node:
                raise fail(match.start(), "an empty table row")
            parent.rows.append(node)
        elif tag == "table":
            assert isinstance(node, Table)
            if not node.rows:
                raise fail(match.start(), "an empty table")
            add_block(node)
        elif tag == "legend":
            assert isinstance(node, Legend)
            if not node.entries:
                raise fail(match.start(), "an empty legend")
            add_block(node)
    if not buffer:
        buffer_line = line_of(pos)
    buffer.append(text[pos:])
    if stack:
        tag, _, line = stack[-1]
        raise DocumentError(f"{source}:{line}: <{tag}> is never closed")
    loose(len(text))
    return doc


def _legend_entry(
    tokens: list[Token], fail: Callable[[int, str], DocumentError], pos: int
) -> LegendEntry:
    """A ``<legend>`` entry's tokens as its icon and its meaning."""
    if not tokens or not isinstance(tokens[0], IconRef):
        raise fail(pos, "a <legend> entry starts with the icon it explains, e.g. [gold] Gold")
    meaning = tokens[1:]
    while meaning and isinstance(meaning[0], Space):
        meaning.pop(0)
    if not meaning:
        raise fail(pos, f"the <legend> entry [{tokens[0].name}] does not say what it means")
    return LegendEntry(tokens[0], meaning)
