"""Designer pictures on fief cards and Nobles: ``art:`` prints on the face."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.art import Art, ArtKitTests, add_field, content_copy, picture, validate

COURT, FORTUNE = "cards/court.yaml", "cards/fortune.yaml"


class TestArt(ArtKitTests):
    RULESET = "fief"
    #: a Noble and one card of each deck: court, bounty, disaster, copy, castle, Military Title
    ENTRIES = [
        Art("nobles/stark.yaml", "stark-eddard", "nobles.pdf", ("stark-eddard",), "b.jpg"),
        Art(COURT, "join-the-small-council", "cards.pdf", ("court-join-the-small-council",)),
        Art(FORTUNE, "good-harvest", "cards.pdf", ("fortune-good-harvest",), fit="contain"),
        Art(FORTUNE, "plague", "cards.pdf", ("fortune-plague",), "b.jpg"),
        Art(FORTUNE, "famine-copy", "cards.pdf", ("famine-copy-autumn", "famine-copy-winter")),
        Art(COURT, "castle-black", "cards.pdf", ("castle-black",)),
        Art("titles.yaml", "warden-north", "cards.pdf", ("title-warden-north",)),
    ]
    BAD = (COURT, ("hedge-knight", "royal-heir", "castle-black"))


def test_a_title_token_takes_no_picture(tmp_path: Path) -> None:
    """Fief and High Titles print as tokens: a picture there would be lost, so it is an
    error at its line, not silently dropped."""
    folder = content_copy("fief", tmp_path)
    picture(folder / "art" / "a.png")
    line = add_field(folder / "titles.yaml", "king", "art: art/a.png")
    result = validate("fief", folder.parent)
    assert result.exit_code == 2
    message = ".art: only a Military or special Title is a card with room for a picture"
    assert f"titles.yaml:{line}:" in result.stderr and message in result.stderr
