"""Export a reference :class:`~pnp.render.document.Document` as Markdown or standalone HTML.

Both can be navigated (:mod:`pnp.render.navigation`): HTML headings carry ids
and a long document opens with a ``<nav>`` contents list of links; Markdown
gets the same list, linking to the anchors GitHub gives its headings.

The HTML reads on a phone as on a desktop: a table wider than the screen
scrolls sideways inside its own box while the page stays put, an icon legend
flows into as many columns as fit, and the icons a legend or a table's key
cell explains are drawn larger than the 1 em of an icon in running text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

from pnp.render.document import Document, Heading, Legend, ListBlock, Para, Rule, Table
from pnp.render.document import PageBreak as PageBreakBlock
from pnp.render.icons import SVG_ID_PREFIX, Icon
from pnp.render.markup import Break, IconRef, Run, Space, Token, unechoed
from pnp.render.navigation import CONTENTS_TITLE, Navigation, github_ids, navigation, slug

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>&#|~!])")


def _md_escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def md_inline(tokens: Sequence[Token], icons: Mapping[str, Icon]) -> str:
    """Inline markup as Markdown: ``**bold**``, ``*italic*``, icons by their label."""
    parts: list[str] = []
    run: list[str] = []
    style = (False, False)

    def flush() -> None:
        if not run:
            return
        text = "".join(run)
        run.clear()
        mark = ("**" if style[0] else "") + ("*" if style[1] else "")
        core = text.strip(" ")
        if not mark or not core:
            parts.append(text)
            return
        # emphasis may not start or end with a space in CommonMark: keep spaces outside
        lead = text[: len(text) - len(text.lstrip(" "))]
        trail = text[len(text.rstrip(" ")) :]
        parts.append(f"{lead}{mark}{core}{mark[::-1]}{trail}")

    for t in tokens:
        if isinstance(t, Break):
            flush()
            parts.append("\\\n")
            continue
        if isinstance(t, IconRef):
            icon = icons.get(t.name)
            label = icon.label if icon else t.name
            chunk, s = _md_escape(f"[{label}]"), (t.bold, t.italic)
        elif isinstance(t, Run):
            chunk, s = _md_escape(t.text), (t.bold, t.italic)
        else:
            chunk, s = " ", style  # a space keeps the current stretch going
        if s != style:
            flush()
            style = s
        run.append(chunk)
    flush()
    return "".join(parts).strip()


def _md_cell(tokens: Sequence[Token], icons: Mapping[str, Icon], labels: Mapping[str, str]) -> str:
    return md_inline(unechoed(tokens, labels), icons).replace("\\\n", "<br>").replace("\n", " ")


def _labels(icons: Mapping[str, Icon]) -> dict[str, str]:
    return {name: icon.label for name, icon in icons.items()}


def _md_contents(nav: Navigation, icons: Mapping[str, Icon]) -> list[str]:
    """The contents list as Markdown links to GitHub's heading anchors."""
    # GitHub numbers repeated anchors over every heading in reading order,
    # the contents list's own heading included
    github = github_ids(slug(a.text) for a in nav.anchors)
    ids = dict(zip((a.id for a in nav.anchors), github, strict=True))
    lines = ["## " + _md_escape(CONTENTS_TITLE), ""]
    for depth, anchor in nav.contents():
        text = md_inline(list(anchor.tokens), icons).replace("\\\n", " ")
        lines.append(f"{'  ' * depth}- [{text}](#{ids[anchor.id]})")
    return [*lines, ""]


def to_markdown(doc: Document, icons: Mapping[str, Icon]) -> str:
    """The document as CommonMark with GitHub tables; a long one opens with a contents
    list whose links work where GitHub shows the file."""
    out: list[str] = []
    labels = _labels(icons)
    nav = navigation(doc, labels)

    def emit_list(block: ListBlock, indent: str) -> None:
        for n, item in enumerate(block.items, start=1):
            marker = f"{n}." if block.ordered else "-"
            text = md_inline(unechoed(item.tokens, labels), icons).replace(
                "\\\n", "\\\n" + indent + " " * (len(marker) + 1)
            )
            out.append(f"{indent}{marker} {text}")
            for child in item.children:
                emit_list(child, indent + " " * (len(marker) + 1))

    for index, block in enumerate(doc.blocks):
        if index == nav.contents_at:
            out += _md_contents(nav, icons)
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + md_inline(block.tokens, icons), ""]
        elif isinstance(block, Para):
            out += [md_inline(unechoed(block.tokens, labels), icons), ""]
        elif isinstance(block, ListBlock):
            emit_list(block, "")
            out.append("")
        elif isinstance(block, Table):
            ncols = max(len(r) for r in block.rows)
            rows = [
                [_md_cell(c.tokens, icons, labels) for c in r] + [""] * (ncols - len(r))
                for r in block.rows
            ]
            header, body = (
                (rows[0], rows[1:])
                if all(c.header for c in block.rows[0])
                else ([""] * ncols, rows)
            )
            out.append("| " + " | ".join(header) + " |")
            out.append("|" + "|".join(["---"] * ncols) + "|")
            out += ["| " + " | ".join(r) + " |" for r in body]
            out.append("")
        elif isinstance(block, Legend):
            # Markdown shows an icon by its label: the entries as a list
            for entry in block.entries:
                out.append(f"- {md_inline([entry.icon, Space(), *entry.tokens], icons)}")
            out.append("")
        elif isinstance(block, Rule):
            out += ["---", ""]
        elif isinstance(block, PageBreakBlock):
            continue
    return "\n".join(out).rstrip() + "\n"


def html_inline(tokens: Sequence[Token], icons: Mapping[str, Icon]) -> str:
    """Inline markup as HTML: ``<strong>``, ``<em>``, icons as inline SVG."""
    parts: list[str] = []
    state = (False, False)

    def set_style(new: tuple[bool, bool]) -> None:
        nonlocal state
        if new == state:
            return
        if state[1]:
            parts.append("</em>")
        if state[0]:
            parts.append("</strong>")
        if new[0]:
            parts.append("<strong>")
        if new[1]:
            parts.append("<em>")
        state = new

    for t in tokens:
        if isinstance(t, Run):
            set_style((t.bold, t.italic))
            parts.append(html.escape(t.text, quote=False))
        elif isinstance(t, Space):
            parts.append(" ")
        elif isinstance(t, IconRef):
            set_style((t.bold, t.italic))
            icon = icons.get(t.name)
            if icon is None:
                parts.append(html.escape(f"[{t.name}]"))
            else:
                parts.append(icon.svg_use())
        else:
            parts.append("<br>")
    set_style((False, False))
    return "".join(parts).strip()


#: a table's box: a table wider than the screen scrolls inside it, never the page
TABLE_BOX = "table-box"
#: a table cell that opens with an icon: the key of its row, its icon drawn larger
KEY_CELL = "key"
#: an icon legend
LEGEND = "legend"
#: an icon and the word it labels, never parted by a line break
KEEP = "keep"

_CSS = f"""
body {{ font-family: "Bitstream Vera Sans", "DejaVu Sans", Verdana, sans-serif; line-height: 1.45;
       max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #111; }}
h1, h2, h3 {{ line-height: 1.2; }}
div.{TABLE_BOX} {{ overflow-x: auto; max-width: 100%; margin: 0.5rem 0 1rem; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #999; padding: 0.2rem 0.45rem; text-align: left; vertical-align: top; }}
th {{ background: #e8e2d4; }}
svg.icon {{ height: 1em; width: auto; vertical-align: -0.15em; }}
td.{KEY_CELL} svg.icon {{ height: 1.6em; vertical-align: middle; }}
span.{KEEP} {{ white-space: nowrap; }}
ul.{LEGEND} {{ list-style: none; padding: 0; margin: 0.5rem 0 1rem; display: grid;
       grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0.4rem 0.75rem; }}
ul.{LEGEND} li {{ display: flex; align-items: center; gap: 0.5rem; }}
ul.{LEGEND} svg.icon {{ height: 2em; width: 2em; flex: none; }}
nav.contents ul {{ margin: 0.2rem 0; padding-left: 1.4rem; }}
nav.contents ul ul {{ font-size: 0.92em; }}
@media print {{ body {{ margin: 0; max-width: none; }} div.{TABLE_BOX} {{ overflow: visible; }} }}
""".strip()


def _opens_with_icon(tokens: Sequence[Token]) -> bool:
    """Whether a cell's text starts with an icon (``[military] Military``)."""
    first = next((t for t in tokens if not isinstance(t, Space)), None)
    return isinstance(first, IconRef)


def _key_cell_html(tokens: Sequence[Token], icons: Mapping[str, Icon]) -> str:
    """A key cell's HTML, its icon and the word after it in one unbreakable span: a
    narrow column never leaves the icon on a line of its own above the word it labels."""
    rest = list(tokens)
    while rest and isinstance(rest[0], Space):
        rest.pop(0)
    head = [rest.pop(0)]  # the icon
    if rest and isinstance(rest[0], Space):
        head.append(rest.pop(0))
        while rest and not isinstance(rest[0], Space | Break):
            head.append(rest.pop(0))
    gap = " " if rest and isinstance(rest[0], Space) else ""
    kept = html_inline(head, icons)
    return f'<span class="{KEEP}">{kept}</span>{gap}{html_inline(rest, icons)}'


def _html_contents(nav: Navigation, icons: Mapping[str, Icon]) -> list[str]:
    """The contents list as a ``<nav>`` of nested lists of links."""
    heading = nav.contents_anchor
    assert heading is not None
    out = [
        f'<nav class="contents" aria-labelledby="{heading.id}">',
        f'<h2 id="{heading.id}">{html.escape(CONTENTS_TITLE)}</h2>',
    ]
    open_lists = 0
    for depth, anchor in nav.contents():
        if depth >= open_lists:
            out.append("<ul>")  # depth goes down one step at most
            open_lists += 1
        else:
            out[-1] += "</li>"
            while open_lists > depth + 1:
                out.append("</ul></li>")
                open_lists -= 1
        out.append(f'<li><a href="#{anchor.id}">{html_inline(list(anchor.tokens), icons)}</a>')
    while open_lists:
        out[-1] += "</li>"
        out.append("</ul>")
        open_lists -= 1
    return [*out, "</nav>"]


def to_html(doc: Document, icons: Mapping[str, Icon], title: str) -> str:
    """The document as one standalone HTML5 page (styles and icons inline); every
    heading has an id, and a long document opens with a contents list."""
    out: list[str] = []
    # heading ids never take an icon symbol's id
    nav = navigation(doc, _labels(icons), reserved=(SVG_ID_PREFIX + name for name in icons))

    def emit_list(block: ListBlock) -> None:
        tag = "ol" if block.ordered else "ul"
        out.append(f"<{tag}>")
        for item in block.items:
            out.append(f"<li>{html_inline(item.tokens, icons)}")
            for child in item.children:
                emit_list(child)
            out.append("</li>")
        out.append(f"</{tag}>")

    for index, block in enumerate(doc.blocks):
        if index == nav.contents_at:
            out += _html_contents(nav, icons)
        if isinstance(block, Heading):
            anchor = nav.at(index)
            assert anchor is not None
            out.append(
                f'<h{block.level} id="{anchor.id}">'
                f"{html_inline(block.tokens, icons)}</h{block.level}>"
            )
        elif isinstance(block, Para):
            out.append(f"<p>{html_inline(block.tokens, icons)}</p>")
        elif isinstance(block, ListBlock):
            emit_list(block)
        elif isinstance(block, Table):
            out.append(f'<div class="{TABLE_BOX}"><table>')
            for row in block.rows:
                cells = ""
                for c in row:
                    tag = "th" if c.header else "td"
                    if not c.header and _opens_with_icon(c.tokens):
                        inner = _key_cell_html(c.tokens, icons)
                        cells += f'<{tag} class="{KEY_CELL}">{inner}</{tag}>'
                    else:
                        cells += f"<{tag}>{html_inline(c.tokens, icons)}</{tag}>"
                out.append(f"<tr>{cells}</tr>")
            out.append("</table></div>")
        elif isinstance(block, Legend):
            out.append(f'<ul class="{LEGEND}">')
            for entry in block.entries:
                icon = html_inline([entry.icon], icons)
                out.append(f"<li>{icon}<span>{html_inline(entry.tokens, icons)}</span></li>")
            out.append("</ul>")
        elif isinstance(block, Rule):
            out.append("<hr>")
        elif isinstance(block, PageBreakBlock):
            out.append('<div style="break-after: page"></div>')
    body = "\n".join(out)
    used = [icons[name] for name in doc.icon_names() if name in icons]
    if used:
        symbols = "".join(icon.svg_symbol() for icon in used)
        body = f'<svg style="display: none" aria-hidden="true">{symbols}</svg>\n{body}'
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{_CSS}\n</style>\n</head>\n"
        f"<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    )
