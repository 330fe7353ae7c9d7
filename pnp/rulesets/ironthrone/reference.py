"""What the reference sheet (``templates/ironthrone/reference.xml.j2``) is built from.

The template gets the content itself (``content``: rules numbers, Houses,
decisions) and, from here, everything already turned into words by the
ruleset: the timing windows in turn order, each leader's and character
card's generated text, each event's generated text and the kit's contents.
Nothing here is written per card.
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.cards import ability_markup
from pnp.rulesets.ironthrone.effects import WINDOWS
from pnp.rulesets.ironthrone.model import (
    CharacterCard,
    Hostility,
    HouseEvent,
    IronThroneContent,
    Truce,
    event_text,
)


def reference_context(content: LoadedContent[Any]) -> dict[str, Any]:
    """Template variables: windows, per-House leaders and cards, events, kit list."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    rules = model.rules
    houses = {h.id: h for h in model.houses}
    chars = {c.id: c for c in model.characters}
    per_house = []
    for house in model.houses:
        leaders = [
            {
                "name": c.name,
                "epithet": c.epithet,
                "title": c.leader.title,
                "text": ability_markup(c.leader),
            }
            for c in model.characters_of(house.id)
        ]
        cards = [
            {
                "title": card.ability.title,
                "character": chars[card.character].name,
                "copies": card.copies,
                "text": ability_markup(card.ability),
            }
            for card in house.deck
            if isinstance(card, CharacterCard)
        ]
        per_house.append({"name": house.name, "leaders": leaders, "cards": cards})
    events = [
        {
            "name": e.name,
            "kind": houses[e.house].name if isinstance(e, HouseEvent) else "Special",
            "copies": e.copies,
            "text": event_text(e, houses),
        }
        for e in model.events
    ]
    n = len(model.houses)
    deck = sum(c.copies for c in model.houses[0].deck) if model.houses else 0
    truce = sum(c.copies for c in model.houses[0].deck if isinstance(c, Truce)) if n else 0
    hostility = sum(c.copies for c in model.houses[0].deck if isinstance(c, Hostility)) if n else 0
    kit = [
        (
            "House cards",
            sum(c.copies for h in model.houses for c in h.deck),
            f"a deck of {deck} per House: {truce} truce, {deck - truce - hostility} character, "
            f"{hostility} hostility",
            "house-cards.pdf",
        ),
        ("Leader sheets", len(model.characters), "one per character", "leader-sheets.pdf"),
        (
            "Character tokens",
            len(model.characters),
            "two-sided: alive and dead",
            "character-tokens.pdf",
        ),
        ("Influence boards", n, "one per House", "influence-boards.pdf"),
        (
            "Influence tokens",
            n * rules.influence_tokens,
            f"{rules.influence_tokens} per House",
            "influence-tokens.pdf",
        ),
        ("Power markers", rules.power_markers, "shared", "power-markers.pdf"),
        (
            "Event cards",
            sum(e.copies for e in model.events),
            f"{rules.events_per_house} per House and {rules.special_events} special",
            "event-cards.pdf",
        ),
    ]
    return {
        "windows": list(WINDOWS.values()),
        "houses_text": per_house,
        "events": events,
        "kit": [{"name": a, "count": b, "note": c, "file": d} for a, b, c, d in kit],
        "hostility_values": ", ".join(str(v) for v in sorted(rules.deck.hostility_values)),
    }
