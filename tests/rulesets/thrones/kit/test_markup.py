"""The kit's words in the print markup (:mod:`pnp.rulesets.thrones.kit.markup`)."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.render.markup import parse_inline
from pnp.rulesets.thrones.kit.markup import (
    agenda_line,
    attach_line,
    rules_markup,
    title_powers,
    title_short,
)
from pnp.rulesets.thrones.model import Agenda, Attachment, ThronesContent


def test_rules_markup_escapes_words_and_keeps_bold_and_icons() -> None:
    text = rules_markup("**Action:** Kneel Salt & <Iron> to gain 1 [gold] [sic].")
    assert text == ("<b>Action:</b> Kneel Salt &amp; &lt;Iron&gt; to gain 1 [gold] [sic].")
    assert rules_markup("**unclosed") == "<b>unclosed</b>"
    parse_inline(rules_markup("**Renown.** a [power] b"), newlines=False)  # valid markup


def test_attachment_and_agenda_lines_come_from_their_data() -> None:
    base = {"id": "x", "name": "X", "type": "attachment", "cost": 1}
    assert attach_line(Attachment(**base)) == ""
    assert attach_line(Attachment(**base, attach_to="you")) == (
        "Attach only to a character you control."
    )
    assert attach_line(Attachment(**base, attach_to="opponent", attach_trait="Knight")) == (
        "Attach only to a Knight character an opponent controls."
    )
    assert agenda_line(Agenda(id="a", name="A")) == ""
    assert "at least 10 Knight cards" in agenda_line(
        Agenda(id="a", name="A", requires_trait="Knight", requires_count=10)
    )


def test_title_words_follow_the_title_data(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    names = {t.id: t.name for t in model.titles}
    by_id = {t.id: t for t in model.titles}
    lcg = " ".join(title_powers(by_id["lord-commander"], names))
    assert "+3 STR in each [military] challenge" in lcg and "undefended" in lcg
    coin = " ".join(title_powers(by_id["master-of-coin"], names))
    assert "Add 2 [gold]" in coin and "Supports: Master of Laws." in coin
    assert "Opposes: Hand of the King." in coin
    assert title_short(by_id["master-of-laws"]) == ["+1 card in the draw phase"]
    for t in model.titles:
        for line in title_powers(t, names) + title_short(t):
            parse_inline(line, newlines=False)
