"""Designer pictures on fief cards and Nobles: ``art:`` prints on the face."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.art import (
    Art,
    add_field,
    bad_pictures,
    build,
    content_copy,
    content_with_art,
    drawn_pictures,
    expected_pictures,
    pdf_files,
    picture,
    validate,
)

COURT, FORTUNE = "cards/court.yaml", "cards/fortune.yaml"
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


@pytest.fixture(scope="module")
def art_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return content_with_art("fief", tmp_path_factory.mktemp("art"), ENTRIES)


@pytest.fixture(scope="module")
def art_kit(art_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = build("fief", art_root, out)
    assert result.exit_code == 0, result.output
    return out / "fief"


def test_each_kind_of_card_shows_its_picture_on_its_face_only(art_kit: Path) -> None:
    # a Noble's picture is on its card only, not on its (small, round) avatar token
    assert drawn_pictures(art_kit) == expected_pictures(ENTRIES)


def test_a_kit_with_pictures_builds_byte_identical(
    art_root: Path, art_kit: Path, tmp_path: Path
) -> None:
    again = build("fief", art_root, tmp_path)
    assert again.exit_code == 0, again.output
    first, second = pdf_files(art_kit), pdf_files(tmp_path / "fief")
    assert first.keys() == second.keys() and len(first) >= 5
    assert first == second


def test_bad_pictures_fail_cleanly(tmp_path: Path) -> None:
    bad_pictures("fief", tmp_path, COURT, ("hedge-knight", "royal-heir", "castle-black"))


def test_a_title_token_takes_no_picture(tmp_path: Path) -> None:
    """Fief and High Titles print as tokens: a picture there would be lost, so it is an
    error at its line, not silently dropped."""
    folder = content_copy("fief", tmp_path)
    picture(folder / "art" / "a.png")
    line = add_field(folder / "titles.yaml", "king", "art: art/a.png")
    result = validate("fief", folder.parent)
    assert result.exit_code == 2
    assert (
        f"titles.yaml:{line}:" in result.stderr
        and ".art: only a Military Title is a card with room for a picture" in result.stderr
    )
