"""Designer pictures on thrones cards: ``art:`` on each kind of card prints on its face."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.art import (
    Art,
    bad_pictures,
    build,
    content_with_art,
    drawn_pictures,
    expected_pictures,
    pdf_files,
)

#: one card of each kind; JPEG and PNG, cover and contain
ENTRIES = [
    Art("cards/stark.yaml", "stark-eddard", "cards.pdf", ("stark-eddard",), "b.jpg"),
    Art("cards/stark.yaml", "stark-winterfell", "cards.pdf", ("stark-winterfell",)),
    Art("cards/stark.yaml", "stark-ice", "cards.pdf", ("stark-ice",), fit="contain"),
    Art("cards/stark.yaml", "stark-north-remembers", "cards.pdf", ("stark-north-remembers",)),
    Art("plots.yaml", "call-to-winterfell", "plots.pdf", ("plot-call-to-winterfell",)),
    Art("agendas.yaml", "sworn-blades", "house-cards.pdf", ("agenda-sworn-blades",), "b.jpg"),
    Art("titles.yaml", "crown-regent", "titles.pdf", ("title-crown-regent",)),
]


@pytest.fixture(scope="module")
def art_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return content_with_art("thrones", tmp_path_factory.mktemp("art"), ENTRIES)


@pytest.fixture(scope="module")
def art_kit(art_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = build("thrones", art_root, out)
    assert result.exit_code == 0, result.output
    return out / "thrones"


def test_each_kind_of_card_shows_its_picture_on_its_face_only(art_kit: Path) -> None:
    assert drawn_pictures(art_kit) == expected_pictures(ENTRIES)


def test_a_kit_with_pictures_builds_byte_identical(
    art_root: Path, art_kit: Path, tmp_path: Path
) -> None:
    again = build("thrones", art_root, tmp_path)
    assert again.exit_code == 0, again.output
    first, second = pdf_files(art_kit), pdf_files(tmp_path / "thrones")
    assert first.keys() == second.keys() and len(first) >= 7
    assert first == second


def test_bad_pictures_fail_cleanly(tmp_path: Path) -> None:
    bad_pictures(
        "thrones", tmp_path, "cards/stark.yaml", ("stark-eddard", "stark-robb", "stark-ice")
    )
