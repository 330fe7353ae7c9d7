"""The words of the thrones print kit, in the print engine's markup.

Card ability text comes from :func:`pnp.rulesets.thrones.text.card_text` (the
same ability data the referee runs); this module only turns its ``**bold**``
into markup and adds the lines that other card data implies (an attachment's
host restriction, an agenda's deck-building demand, a title's powers). The
sentence frames live in ``templates/thrones/kit-text.yaml`` so a designer can
reword them without touching code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pnp.render import escape
from pnp.rulesets.thrones.model import Agenda, Attachment, DeckCard, Plot, Rules, Title
from pnp.rulesets.thrones.text import card_text, kit_frames, title_lines, title_relation_lines

_TOKEN = re.compile(r"\*\*|\[[a-z][a-z0-9_-]*\]")


def rules_markup(text: str) -> str:
    """Generated rules text (``**bold**``, ``[icon]``, plain words) as engine markup.

    Everything but the bold marks and icon names is escaped, so a card name
    such as ``Salt & Iron`` prints as itself. A challenge icon is followed by its word
    (``icon_words`` in the kit text): inline, an icon is only as tall as the text, and
    the three challenge colours are nearly one grey on a black-and-white print.
    """
    words = kit_frames().get("icon_words", {})
    out: list[str] = []
    bold = False
    pos = 0
    for m in _TOKEN.finditer(text):
        out.append(escape(text[pos : m.start()]))
        token = m.group()
        if token == "**":
            out.append("</b>" if bold else "<b>")
            bold = not bold
        else:
            out.append(token)
            word = words.get(token[1:-1])
            if word:
                out.append(f" {escape(word)}")
        pos = m.end()
    out.append(escape(text[pos:]))
    if bold:
        out.append("</b>")
    return "".join(out)


def attach_line(card: Attachment) -> str:
    """``Attach only to a Knight character you control.`` (empty when unrestricted)."""
    if card.attach_to == "any" and card.attach_trait is None:
        return ""
    what = f"{card.attach_trait} character" if card.attach_trait else "character"
    return kit_frames()["attach"][card.attach_to].format(what=what)


def agenda_line(agenda: Agenda) -> str:
    """The agenda's deck-building demand (empty when it has none)."""
    if not agenda.requires_trait:
        return ""
    return kit_frames()["agenda_requires"].format(
        count=agenda.requires_count, trait=agenda.requires_trait
    )


def card_rules(card: DeckCard | Plot | Agenda, houses: Mapping[str, str]) -> list[str]:
    """Every paragraph of rules text printed on ``card``, as markup."""
    lines: list[str] = []
    if isinstance(card, Attachment) and attach_line(card):
        lines.append(escape(attach_line(card)))
    if isinstance(card, Agenda) and agenda_line(card):
        lines.append(f"<i>{escape(agenda_line(card))}</i>")
    lines += [rules_markup(line) for line in card_text(card, dict(houses))]
    return lines


def title_powers(title: Title, names: Mapping[str, str]) -> list[str]:
    """A title's powers and relations in full sentences, as markup."""
    return [*title_lines(title), *title_relations(title, names)]


def title_relations(title: Title, names: Mapping[str, str]) -> list[str]:
    """``Supports: …`` and ``Opposes: …`` lines in bold (or, in italics, that it has
    neither), as markup."""
    style = "b" if title.supports or title.opposes else "i"
    return [f"<{style}>{escape(line)}</{style}>" for line in title_relation_lines(title, names)]


def title_short(title: Title) -> list[str]:
    """A title's powers in a few words each (the board's labels), as markup."""
    return title_lines(title, "short_")


def phases(rules: Rules) -> list[dict[str, str]]:
    """The round's phases: ``id``, ``name`` and a one-line ``aid`` (markup)."""
    out = []
    for p in kit_frames()["phases"]:
        aid = p["aid"].format(draw=rules.draw_phase_cards, penalty=rules.house_penalty)
        out.append({"id": p["id"], "name": p["name"], "aid": aid})
    return out


def type_name(kind: str) -> str:
    """``Character`` for ``character``."""
    return str(kit_frames()["types"].get(kind, kind.title()))
