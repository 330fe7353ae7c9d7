"""How many of each piece the kit prints (:mod:`pnp.rulesets.thrones.kit.supply`)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.kit.supply import card_copies, token_counts
from pnp.rulesets.thrones.model import ThronesContent
from tests.rulesets.thrones.kit.conftest import model


def test_two_player_decks_and_a_full_table_can_be_built(
    content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    """Any two two-player decks, or any four constructed ones, fit in one print run."""
    m = model(content)
    for fmt, seats in (("two_player", 2), ("constructed", 4)):
        decks = [d for d in m.decks if d.format == fmt]
        for group in itertools.combinations(decks, seats):
            need: Counter[str] = Counter()
            for d in group:
                need.update(d.cards)
                need.update(f"plot-{p}" for p in d.plots)
            for cid, n in need.items():
                assert entries[cid]["copies"] >= n, (fmt, [d.id for d in group], cid)


def test_token_supply_covers_the_box_and_the_largest_table(
    content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    t = model(content).tokens
    most = max(RULESET.player_counts)
    assert entries["gold"]["copies"] == max(t.gold, t.gold_per_player * most) == 48
    assert entries["power"]["copies"] == max(t.power, t.power_per_player * most) == 72
    assert entries["first-player"]["copies"] == 1
    assert {entries[i]["shape"] for i in ("gold", "power", "first-player")} == {"round"}


def test_supply_counts_a_card_in_no_deck_once(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    in_decks = {cid for d in model.decks for cid in d.cards}
    spare = model.model_copy(
        update={"cards": [*model.cards, model.cards[0].model_copy(update={"id": "spare-card"})]}
    )
    assert "spare-card" not in in_decks
    assert card_copies(spare)["spare-card"] == 1
    counts = token_counts(model, 2)
    # whichever is more: the box's 26 gold beats 2 × 12, 2 × 18 power beats its 30
    assert (counts.gold, counts.power) == (26, 36)
