"""The icons and House sigils the kit draws (:mod:`pnp.rulesets.thrones.kit.icons`)."""

from __future__ import annotations

import re

from pnp.content import LoadedContent
from pnp.rulesets.thrones.kit.icons import CHARGES, ICONS
from pnp.rulesets.thrones.sigils import SIGILS
from pnp.rulesets.thrones.text import card_text
from tests.rulesets.thrones.kit.conftest import model


def test_every_icon_the_text_uses_is_drawn(content: LoadedContent) -> None:
    m = model(content)
    houses = {h.id: h.name for h in m.houses}
    used = set()
    for card in [*m.cards, *m.plots, *m.agendas]:
        for line in card_text(card, houses):
            used |= set(re.findall(r"\[([a-z_-]+)\]", line))
    assert used and used <= set(ICONS)
    assert {h.sigil for h in m.houses} <= set(SIGILS)
    for icon in ICONS.values():  # every icon draws and exports to SVG (the HTML reference)
        assert icon.drawing().contents
        assert icon.svg_symbol().startswith("<symbol")


def test_the_kit_draws_every_sigil_the_schema_accepts() -> None:
    """The schema checks a House's ``sigil:`` against the names of :mod:`.sigils` without
    loading the print code; the kit must draw exactly those, each as a charge and an icon."""
    assert tuple(CHARGES) == SIGILS
    assert set(SIGILS) <= set(ICONS)
