"""Designer pictures on thrones cards: ``art:`` on each kind of card prints on its face."""

from __future__ import annotations

from tests.rulesets.art import Art, ArtKitTests


class TestArt(ArtKitTests):
    RULESET = "thrones"
    #: one card of each kind, and a House card; JPEG and PNG, cover and contain
    ENTRIES = [
        Art("cards/stark.yaml", "stark-eddard", "cards.pdf", ("stark-eddard",), "b.jpg"),
        Art("cards/stark.yaml", "stark-winterfell", "cards.pdf", ("stark-winterfell",)),
        Art("cards/stark.yaml", "stark-ice", "cards.pdf", ("stark-ice",), fit="contain"),
        Art("cards/stark.yaml", "stark-north-remembers", "cards.pdf", ("stark-north-remembers",)),
        Art("plots.yaml", "call-to-winterfell", "plots.pdf", ("plot-call-to-winterfell",)),
        Art("agendas.yaml", "sworn-blades", "house-cards.pdf", ("agenda-sworn-blades",), "b.jpg"),
        Art("titles.yaml", "crown-regent", "titles.pdf", ("title-crown-regent",)),
        Art("houses.yaml", "stark", "house-cards.pdf", ("house-stark",), fit="contain"),
    ]
    BAD = ("cards/stark.yaml", ("stark-eddard", "stark-robb", "stark-ice"))
