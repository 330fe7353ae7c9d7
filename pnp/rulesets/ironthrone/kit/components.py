"""The Iron Throne's printed kit: what it prints, in which file, how many of each.

======================  ===========================  ==============================
file                    component                    per House / in all
======================  ===========================  ==============================
``house-cards.pdf``     truce, hostility, character  its 25-card deck, House back
``leader-sheets.pdf``   leader sheet                 5, one shared back per House
``tokens.pdf``          character token (alive/dead) 5
``tokens.pdf``          influence token              5 (``rules.influence_tokens``)
``tokens.pdf``          power marker                 100 (``rules.power_markers``)
``tokens.pdf``          encounter marker             ``rules.encounter_markers`` of each
                                                     kind the abilities call for
``event-cards.pdf``     event card                   3 per House + 3 special
``influence-boards``    influence board              1
``player-aids.pdf``     player aid (two-sided)       one per seat, 5 in all
======================  ===========================  ==============================

Every count comes from the content, so a variant deck prints as written.
Card text is generated from the ability and event data.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pnp.content import LoadedContent
from pnp.render import Board, Card, Component, Draw, Token
from pnp.rulesets.ironthrone.kit.aid import player_aid
from pnp.rulesets.ironthrone.kit.faces import (
    character_face,
    event_back,
    event_face,
    hostility_face,
    truce_face,
)
from pnp.rulesets.ironthrone.kit.sheets import influence_board, leader_face
from pnp.rulesets.ironthrone.kit.style import house_back
from pnp.rulesets.ironthrone.kit.tokens import (
    character_alive,
    character_dead,
    encounter_markers,
    influence_token,
    power_marker,
)
from pnp.rulesets.ironthrone.model import (
    PLAYER_COUNTS,
    CharacterCard,
    Hostility,
    IronThroneContent,
)

#: sizes in mm
CARD_SIZE = "poker"
LEADER_SIZE = (88.0, 126.0)
BOARD_SIZE = (250.0, 140.0)
CHARACTER_TOKEN = 38.0
INFLUENCE_TOKEN = 22.0
POWER_MARKER = 12.0
ENCOUNTER_MARKER = 22.0


def components(content: LoadedContent[Any]) -> list[Component]:
    """Everything the Iron Throne kit prints, built from the content."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    rules = model.rules
    houses = {h.id: h for h in model.houses}
    chars = {c.id: c for c in model.characters}
    out: list[Component] = []

    for house in model.houses:
        back: Draw = partial(house_back, house, "")  # one object per House: drawn once
        for card in house.deck:
            if isinstance(card, Hostility):
                face: Draw = hostility_face(house, card)
                name = f"{card.name} ({card.value})"
            elif isinstance(card, CharacterCard):
                face = character_face(house, card, chars[card.character])
                name = f"{card.name} ({chars[card.character].name})"
            else:
                face = truce_face(house, card, rules)
                name = card.name
            out.append(
                Card(
                    id=card.id,
                    name=name,
                    copies=card.copies,
                    size=CARD_SIZE,
                    face=face,
                    back=back,
                    file="house-cards",
                )
            )

    for house in model.houses:
        back = partial(house_back, house, "LEADER")
        for char in model.characters_of(house.id):
            out.append(
                Card(
                    id=f"leader-{char.id}",
                    name=f"Leader sheet: {char.name}",
                    size=LEADER_SIZE,
                    face=partial(leader_face, house, char, rules),
                    back=back,
                    file="leader-sheets",
                    safe=5.0,
                )
            )

    for house in model.houses:
        for char in model.characters_of(house.id):
            out.append(
                Token(
                    id=f"token-{char.id}",
                    name=f"Character token: {char.name}",
                    shape="round",
                    size=CHARACTER_TOKEN,
                    face=partial(character_alive, house, char),
                    back=partial(character_dead, house, char),
                    file="tokens",
                )
            )

    out.append(
        Token(
            id="power",
            name="Power marker",
            copies=rules.power_markers,
            shape="round",
            size=POWER_MARKER,
            face=power_marker,
            back=power_marker,
            file="tokens",
        )
    )

    for house in model.houses:
        side = partial(influence_token, house)
        out.append(
            Token(
                id=f"influence-{house.id}",
                name=f"Influence token: {house.name}",
                copies=rules.influence_tokens,
                shape="round",
                size=INFLUENCE_TOKEN,
                face=side,
                back=side,
                file="tokens",
            )
        )

    # reminders of "this encounter" effects, which leave no card on the table
    for marker in encounter_markers(model):
        out.append(
            Token(
                id=marker.id,
                name=marker.name,
                copies=rules.encounter_markers,
                shape="round",
                size=ENCOUNTER_MARKER,
                face=marker.draw_face,
                back=marker.draw_back,
                file="tokens",
            )
        )

    for event in model.events:
        out.append(
            Card(
                id=event.id,
                name=f"Event: {event.name}",
                copies=event.copies,
                size=CARD_SIZE,
                face=event_face(event, houses),
                back=event_back,
                file="event-cards",
            )
        )

    for house in model.houses:
        out.append(
            Board(
                id=f"board-{house.id}",
                name=f"Influence board: {house.name}",
                size=BOARD_SIZE,
                face=partial(influence_board, house),
                file="influence-boards",
            )
        )

    # one aid in each player's hand, at the largest table the game seats
    aid = player_aid(rules)
    out.append(
        Card(
            id="player-aid",
            name="Player aid",
            copies=max(PLAYER_COUNTS),
            size=LEADER_SIZE,
            face=aid.front,
            back=aid.back,
            file="player-aids",
            safe=5.0,
        )
    )
    return out
