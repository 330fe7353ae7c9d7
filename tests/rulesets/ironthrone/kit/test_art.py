"""Designer pictures on Iron Throne cards and leader sheets: ``art:`` prints on the face."""

from __future__ import annotations

from tests.rulesets.art import Art, ArtKitTests

HOUSE = "houses/baratheon.yaml"


class TestArt(ArtKitTests):
    RULESET = "ironthrone"
    #: one of each kind of house card, a house and a special event, a leader sheet
    ENTRIES = [
        Art(HOUSE, "baratheon-hostility-3", "house-cards.pdf", ("baratheon-hostility-3",)),
        Art(HOUSE, "baratheon-truce", "house-cards.pdf", ("baratheon-truce",), "b.jpg"),
        Art(
            HOUSE,
            "baratheon-stannis-card",
            "house-cards.pdf",
            ("baratheon-stannis-card",),
            fit="contain",
        ),
        Art(HOUSE, "baratheon-stannis", "leader-sheets.pdf", ("leader-baratheon-stannis",)),
        Art("events.yaml", "event-stark-raven", "event-cards.pdf", ("event-stark-raven",)),
        Art("events.yaml", "event-influential", "event-cards.pdf", ("event-influential",)),
    ]
    BAD = (HOUSE, ("baratheon-hostility-3", "baratheon-stannis-card", "baratheon-stannis"))
