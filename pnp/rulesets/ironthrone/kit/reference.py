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
from pnp.content.placeholders import fill_placeholders
from pnp.rulesets.ironthrone.effects import CARD_WINDOWS, WINDOW_INDEX, WINDOWS
from pnp.rulesets.ironthrone.kit.aid import hostages, outcomes, rewards, truce_terms, turn_steps
from pnp.rulesets.ironthrone.kit.components import components
from pnp.rulesets.ironthrone.kit.faces import ability_markup
from pnp.rulesets.ironthrone.kit.tokens import encounter_markers
from pnp.rulesets.ironthrone.model import (
    PLAYER_COUNTS,
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
    # each row names the file its pieces really print in, as the kit lays them out
    stems = {c.id: c.file_stem for c in components(content)}

    def file_of(component_id: str) -> str:
        return f"{stems[component_id]}.pdf" if component_id in stems else ""

    first_house = model.houses[0].id if model.houses else ""
    first_char = model.characters[0].id if model.characters else ""
    first_card = model.houses[0].deck[0].id if model.houses and model.houses[0].deck else ""
    first_event = model.events[0].id if model.events else ""
    markers = encounter_markers(model)
    kit = [
        (
            "House cards",
            sum(c.copies for h in model.houses for c in h.deck),
            f"a deck of {deck} per House: {truce} truce, {deck - truce - hostility} character, "
            f"{hostility} hostility",
            file_of(first_card),
        ),
        (
            "Leader sheets",
            len(model.characters),
            "one per character",
            file_of(f"leader-{first_char}"),
        ),
        (
            "Character tokens",
            len(model.characters),
            "two-sided: alive and dead",
            file_of(f"token-{first_char}"),
        ),
        ("Influence boards", n, "one per House", file_of(f"board-{first_house}")),
        (
            "Influence tokens",
            n * rules.influence_tokens,
            f"{rules.influence_tokens} per House",
            file_of(f"influence-{first_house}"),
        ),
        ("Power markers", rules.power_markers, "shared", file_of("power")),
        (
            "Encounter markers",
            len(markers) * rules.encounter_markers,
            f"{rules.encounter_markers} of each: "
            + ", ".join(m.face.replace("<br/>", " ").lower() for m in markers)
            + "; reminders of effects that last the encounter",
            file_of(markers[0].id) if markers else "",
        ),
        (
            "Player aids",
            max(PLAYER_COUNTS),
            "one per player, two-sided: the turn, the outcomes and rewards",
            file_of("player-aid"),
        ),
        (
            "Event cards",
            sum(e.copies for e in model.events),
            f"{rules.events_per_house} per House and {rules.special_events} special",
            file_of(first_event),
        ),
    ]
    return {
        # a decision's {rules.…} numbers, filled in: the sheet states the content's numbers
        "decisions": [
            {
                "id": d.id,
                "text": fill_placeholders(d.text, model, f"ironthrone: decisions {d.id!r}"),
                "referee_only": d.referee_only,
            }
            for d in model.decisions
        ],
        "windows": list(WINDOWS.values()),
        # the windows character cards may use, by their number in the turn
        "card_windows": _numbers([WINDOW_INDEX[w] + 1 for w in CARD_WINDOWS]),
        # the turn, outcome and reward texts the player aid prints too (kit/aid.py)
        "turn_steps": turn_steps(rules),
        "outcomes": outcomes(),
        "rewards": rewards(rules),
        "hostages": hostages(),
        "truce_terms": truce_terms(rules),
        "houses_text": per_house,
        "events": events,
        "kit": [{"name": a, "count": b, "note": c, "file": d} for a, b, c, d in kit],
        # IT-SETUP-06: the event deck holds only the events of the Houses in play
        "event_decks": [
            {"players": p, "cards": p * rules.events_per_house + rules.special_events}
            for p in PLAYER_COUNTS
        ],
        "hostility_values": ", ".join(str(v) for v in sorted(rules.deck.hostility_values)),
    }


def _numbers(ns: list[int]) -> str:
    """``5, 6 and 7``."""
    words = [str(n) for n in ns]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
