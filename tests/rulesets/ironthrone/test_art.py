"""Designer pictures on Iron Throne cards and leader sheets: ``art:`` prints on the face."""

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

HOUSE = "houses/baratheon.yaml"
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
    Art(HOUSE, "baratheon-stannis", "leader-sheets.pdf", ("leader-baratheon-stannis",), "b.jpg"),
    Art("events.yaml", "event-stark-raven", "event-cards.pdf", ("event-stark-raven",)),
    Art("events.yaml", "event-influential", "event-cards.pdf", ("event-influential",)),
]


@pytest.fixture(scope="module")
def art_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return content_with_art("ironthrone", tmp_path_factory.mktemp("art"), ENTRIES)


@pytest.fixture(scope="module")
def art_kit(art_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = build("ironthrone", art_root, out)
    assert result.exit_code == 0, result.output
    return out / "ironthrone"


def test_each_kind_of_card_shows_its_picture_on_its_face_only(art_kit: Path) -> None:
    # a character's picture is on its house card, not on its token: the token is too small
    assert drawn_pictures(art_kit) == expected_pictures(ENTRIES)


def test_a_kit_with_pictures_builds_byte_identical(
    art_root: Path, art_kit: Path, tmp_path: Path
) -> None:
    again = build("ironthrone", art_root, tmp_path)
    assert again.exit_code == 0, again.output
    first, second = pdf_files(art_kit), pdf_files(tmp_path / "ironthrone")
    assert first.keys() == second.keys() and len(first) >= 5
    assert first == second


def test_bad_pictures_fail_cleanly(tmp_path: Path) -> None:
    bad_pictures(
        "ironthrone",
        tmp_path,
        HOUSE,
        ("baratheon-hostility-3", "baratheon-stannis-card", "baratheon-stannis"),
    )
