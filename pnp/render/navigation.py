"""How a reader finds their way in a document: heading anchors, the outline, the contents.

Every heading gets an anchor: an id made from its text (a *slug*: lowercase
words joined by ``-``), unique within the document, that the HTML export
puts on the heading and the PDF uses as the destination of its bookmark.
Headings nest into an outline by level (``<h2>`` under the ``<h1>`` title,
``<h3>`` under its ``<h2>``). A document with at least
:data:`MIN_SECTIONS` ``<h2>`` sections also gets a contents list of its
``<h2>`` and ``<h3>`` headings, placed just before the first ``<h2>`` (after
the title and whatever introduces it), under its own heading
:data:`CONTENTS_TITLE`, which is part of the outline too.

Markdown is read on GitHub, which makes its own anchors for headings: the
same slug, but repeats numbered ``-1``, ``-2`` (:func:`github_ids`), where
ours are numbered ``-2``, ``-3`` (:func:`unique_ids`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pnp.render.document import Document, Heading
from pnp.render.markup import IconRef, Token, plain_text

#: a document needs this many ``<h2>`` sections to get a contents list
MIN_SECTIONS = 4
#: heading levels the contents list shows
CONTENTS_LEVELS = (2, 3)
#: the heading of the contents list
CONTENTS_TITLE = "Contents"
#: the id of a heading whose text makes no slug (only punctuation, say)
FALLBACK_ID = "section"


def heading_text(tokens: Sequence[Token], labels: Mapping[str, str] | None = None) -> str:
    """The plain text of a heading on one line; icons by ``labels[name]`` (or their name)."""
    names = {t.name for t in tokens if isinstance(t, IconRef)}
    text = plain_text(list(tokens), {n: (labels or {}).get(n, n) for n in names})
    return " ".join(text.split())


def slug(text: str) -> str:
    """The anchor GitHub makes of a heading's text, before it numbers repeats.

    Lowercase; every character but letters, marks, digits, ``_``, ``-`` and
    the space dropped; each space a ``-``. So ``Phase 1: Hear Ye, Hear Ye``
    is ``phase-1-hear-ye-hear-ye`` and ``The Night's Watch`` is
    ``the-nights-watch``.
    """
    kept = (c for c in text.lower() if c in "- " or _word_character(c))
    return "".join(kept).replace(" ", "-")


def _word_character(c: str) -> bool:
    """A letter, mark, digit or connector (``_``): what ``\\p{Word}`` matches."""
    category = unicodedata.category(c)
    return category[0] in "LMN" or category == "Pc"


def unique_ids(bases: Iterable[str], reserved: Iterable[str] = ()) -> list[str]:
    """Ids for ``bases`` in order, unique among themselves and ``reserved``.

    A repeat gets ``-2``, then ``-3`` …; an empty base is :data:`FALLBACK_ID`.
    """
    taken = set(reserved)
    out: list[str] = []
    for base in bases:
        base = base or FALLBACK_ID
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate)
        out.append(candidate)
    return out


def github_ids(bases: Iterable[str]) -> list[str]:
    """The anchors GitHub gives headings with these slugs, in order.

    The first of a slug is the slug itself, repeats get ``-1``, ``-2`` …
    (skipping any a heading already took), as GitHub's renderer and its
    reference implementation ``github-slugger`` do.
    """
    count: dict[str, int] = {}
    out: list[str] = []
    for base in bases:
        candidate = base
        while candidate in count:
            count[base] += 1
            candidate = f"{base}-{count[base]}"
        count[candidate] = 0
        out.append(candidate)
    return out


@dataclass(frozen=True)
class Anchor:
    """A heading as a reader navigates to it."""

    #: index of the heading in ``Document.blocks``; for the contents heading, the index
    #: of the block it goes before
    index: int
    #: heading level, 1–3 (the contents heading is a level 2)
    level: int
    #: depth in the outline, 0 for the top; never more than one below the entry before
    depth: int
    #: the heading's plain text, icons by their labels
    text: str
    #: unique within the document: the HTML id and the PDF destination
    id: str
    #: the heading's markup (empty for the contents heading)
    tokens: tuple[Token, ...] = ()
    #: the contents list's own heading, not one of the document's
    contents: bool = False


@dataclass(frozen=True)
class Navigation:
    """The anchors of a document, in reading order, and where its contents list goes."""

    anchors: tuple[Anchor, ...]
    #: index of the block the contents list goes before; ``None`` for no contents list
    contents_at: int | None

    def at(self, index: int) -> Anchor | None:
        """The anchor of the heading ``Document.blocks[index]``, if it is one."""
        for anchor in self.anchors:
            if anchor.index == index and not anchor.contents:
                return anchor
        return None

    @property
    def contents_anchor(self) -> Anchor | None:
        """The anchor of the contents list's heading (``None`` without a contents list)."""
        return next((a for a in self.anchors if a.contents), None)

    def contents(self) -> list[tuple[int, Anchor]]:
        """The headings the contents list shows, in order, each with its depth in the
        list (0 for the ``<h2>``; never more than one below the entry before)."""
        if self.contents_at is None:
            return []
        out: list[tuple[int, Anchor]] = []
        last = -1
        for a in self.anchors:
            if a.contents or a.index < self.contents_at or a.level not in CONTENTS_LEVELS:
                continue
            depth = min(a.level - CONTENTS_LEVELS[0], last + 1)
            last = depth
            out.append((depth, a))
        return out


def navigation(
    doc: Document, labels: Mapping[str, str] | None = None, reserved: Iterable[str] = ()
) -> Navigation:
    """The anchors of ``doc``: ids unique among themselves and ``reserved``.

    ``labels`` gives the text of icons in headings (``[gold]`` as ``Gold``).
    """
    headings = [(i, b) for i, b in enumerate(doc.blocks) if isinstance(b, Heading)]
    sections = [i for i, h in headings if h.level == 2]
    contents_at = sections[0] if len(sections) >= MIN_SECTIONS else None
    # (index, level, text, tokens, is the contents heading), in reading order
    order: list[tuple[int, int, str, tuple[Token, ...], bool]] = []
    for i, heading in headings:
        if i == contents_at:
            order.append((i, 2, CONTENTS_TITLE, (), True))
        text = heading_text(heading.tokens, labels)
        order.append((i, heading.level, text, tuple(heading.tokens), False))
    ids = unique_ids((slug(text) for _, _, text, _, _ in order), reserved)
    anchors: list[Anchor] = []
    last = -1
    for (index, level, text, tokens, contents), anchor_id in zip(order, ids, strict=True):
        depth = min(level - 1, last + 1)
        last = depth
        anchors.append(Anchor(index, level, depth, text, anchor_id, tokens, contents))
    return Navigation(tuple(anchors), contents_at)
