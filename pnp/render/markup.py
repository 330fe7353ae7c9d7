"""The inline text markup of card text and reference documents.

Card text and the paragraphs of reference documents use one small markup:

``<b>bold</b>``, ``<i>italic</i>``
    styles, which nest;
``<br/>``
    a line break (in card text a newline breaks the line too, and a blank
    line starts a new paragraph);
``[military]``
    an inline icon: a name of lowercase letters, digits, ``-`` and ``_``
    registered by the ruleset (an unknown name is an error);
``&amp;`` ``&lt;`` ``&gt;`` ``&#91;`` ``&#93;``
    a literal ``&``, ``<``, ``>``, ``[`` and ``]``.

Text that comes from content (a card's name, a flavour line) is *plain*: pass
it through :func:`escape` before putting it into markup, so ``Squire & <Page>``
prints as itself. Jinja templates do this automatically.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import final

from pnp.render.report import RenderError


class MarkupError(RenderError):
    """Markup that cannot be read: an unknown tag, an unclosed style, a bare ``&``."""


@final  # no subclasses: the layout tells tokens apart by exact type
@dataclass(slots=True)
class Run:
    """Text without whitespace in one style."""

    text: str
    bold: bool = False
    italic: bool = False


@final  # no subclasses: the layout tells tokens apart by exact type
@dataclass(slots=True)
class Space:
    """A breakable space (its width comes from its style)."""

    bold: bool = False
    italic: bool = False


@final  # no subclasses: the layout tells tokens apart by exact type
@dataclass(slots=True)
class IconRef:
    """An inline icon, drawn at text size on the baseline."""

    name: str
    bold: bool = False
    italic: bool = False


@final  # no subclasses: the layout tells tokens apart by exact type
@dataclass(slots=True)
class Break:
    """A forced line break; ``paragraph`` adds half a line of space."""

    paragraph: bool = False


Token = Run | Space | IconRef | Break

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "[": "&#91;", "]": "&#93;"}
_ESCAPE_RE = re.compile(r"[&<>\[\]]")

# Tags, entities and icons; the plain text between them is split on whitespace.
_SPECIAL = re.compile(
    r"(?P<tag></?[A-Za-z][^<>]*>|<)"
    r"|(?P<entity>&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|&)"
    r"|(?P<icon>\[[a-z][a-z0-9_-]*\])"
)
# only ASCII whitespace breaks; a no-break space stays text
_WHITESPACE = re.compile(r"([ \t\r\n\f\v]+)")
_TAG = re.compile(r"^<(/?)\s*([A-Za-z]+)\s*(/?)\s*>$")
_ENTITIES = {"amp", "lt", "gt", "quot", "apos", "nbsp"}


def escape(text: str) -> str:
    """Plain text as markup that prints exactly as ``text``."""
    return _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group()], text)


def _snippet(markup: str, pos: int) -> str:
    start = max(0, pos - 15)
    piece = markup[start : pos + 15].replace("\n", " ")
    return ("…" if start else "") + piece + ("…" if pos + 15 < len(markup) else "")


def parse_inline(markup: str, *, newlines: bool = True) -> list[Token]:
    """Split ``markup`` into tokens; raise :class:`MarkupError` if it is malformed.

    With ``newlines`` (card text) a newline is a line break and a blank line a
    paragraph break; without (documents) all whitespace is one space.
    """
    tokens: list[Token] = []
    styles: list[str] = []

    def bold() -> bool:
        return "b" in styles

    def italic() -> bool:
        return "i" in styles

    def fail(pos: int, message: str) -> MarkupError:
        return MarkupError(f"{message} in {_snippet(markup, pos)!r}")

    def plain(chunk: str) -> None:
        b, i = "b" in styles, "i" in styles
        for k, piece in enumerate(_WHITESPACE.split(chunk)):
            if not k % 2:
                if piece:
                    tokens.append(Run(piece, b, i))
                continue
            breaks = piece.count("\n") if newlines else 0
            if breaks >= 2:
                tokens.append(Break(paragraph=True))
            elif breaks == 1:
                tokens.append(Break())
            else:
                tokens.append(Space(b, i))

    pos = 0
    for match in _SPECIAL.finditer(markup):
        if match.start() > pos:
            plain(markup[pos : match.start()])
        pos = match.end()
        kind = match.lastgroup
        value = match.group()
        at = match.start()
        if kind == "icon":
            tokens.append(IconRef(value[1:-1], bold(), italic()))
        elif kind == "entity":
            if value == "&":
                raise fail(at, "a bare '&' (write &amp; or escape the text)")
            name = value[1:-1]
            if not name.startswith("#") and name not in _ENTITIES:
                raise fail(at, f"unknown entity {value!r}")
            tokens.append(Run(html.unescape(value), bold(), italic()))
        else:  # tag
            tag = _TAG.match(value)
            if not tag:
                raise fail(at, f"unknown tag {value!r} (escape plain text: &lt; for '<')")
            closing, name, selfclosing = tag.group(1), tag.group(2).lower(), tag.group(3)
            if name == "br" and not closing:
                tokens.append(Break())
            elif name in ("b", "i") and not selfclosing:
                if closing:
                    if not styles or styles[-1] != name:
                        raise fail(at, f"</{name}> does not close an open <{name}>")
                    styles.pop()
                else:
                    styles.append(name)
            else:
                raise fail(at, f"unknown tag {value!r} (escape plain text: &lt; for '<')")
    if pos < len(markup):
        plain(markup[pos:])
    if styles:
        raise MarkupError(f"<{styles[-1]}> is never closed in {_snippet(markup, len(markup))!r}")
    return _merge(tokens)


def _merge(tokens: list[Token]) -> list[Token]:
    """Join adjacent runs of one style (entities split them while lexing)."""
    out: list[Token] = []
    for token in tokens:
        last = out[-1] if out else None
        if (
            isinstance(token, Run)
            and isinstance(last, Run)
            and (last.bold, last.italic) == (token.bold, token.italic)
        ):
            out[-1] = Run(last.text + token.text, token.bold, token.italic)
        else:
            out.append(token)
    return out


def icon_names(tokens: list[Token]) -> list[str]:
    """The icon names used by ``tokens``, in order, once each."""
    return list(dict.fromkeys(t.name for t in tokens if isinstance(t, IconRef)))


def _word(text: str) -> str:
    """``text`` as a bare word to compare: lower case, no punctuation around it."""
    return text.strip(".,;:!?()'\"").lower()


def unechoed(tokens: Sequence[Token], labels: Mapping[str, str]) -> list[Token]:
    """``tokens`` without each icon that the next word names again (``[power] power``,
    ``[hostage] hostages``), ``labels`` giving each icon's name in words.

    Where an icon is written as its label (Markdown, a Tabletop Simulator description),
    the pair would read as one word twice. An icon standing for a word of its own
    (``[truce] and [truce]``) stays; headings and legends are not passed here.
    """
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if isinstance(t, IconRef) and i + 2 < len(tokens):
            label = _word(labels.get(t.name, t.name).split()[0])
            after, word = tokens[i + 1], tokens[i + 2]
            if (
                isinstance(after, Space)
                and isinstance(word, Run)
                and _word(word.text) in (label, label + "s")
            ):
                i += 2  # the word says it: the icon and its space go
                continue
        out.append(t)
        i += 1
    return out


def plain_text(tokens: list[Token], icon_text: dict[str, str] | None = None) -> str:
    """The text of ``tokens`` without styles; icons as ``icon_text[name]`` or ``[name]``."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Run):
            parts.append(token.text)
        elif isinstance(token, Space):
            parts.append(" ")
        elif isinstance(token, IconRef):
            parts.append((icon_text or {}).get(token.name, f"[{token.name}]"))
        else:
            parts.append("\n\n" if token.paragraph else "\n")
    return "".join(parts)
