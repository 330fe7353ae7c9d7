"""Fixtures for the print engine: the toy content and quick component builders."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.render import Card, Face
from tests.fixtures.toy import CONTENT_ROOT, TOY


@pytest.fixture(scope="session")
def toy_content() -> LoadedContent[Any]:
    """The toy fixture content, loaded once."""
    return TOY.load(CONTENT_ROOT)


def plain_face(face: Face) -> None:
    """A face that fills its bleed and names itself."""
    face.fill("#dde")
    face.label(face.component.id, 5, 5, size=6)


def plain_back(face: Face) -> None:
    """A back shared by every test card."""
    face.fill("#334")


def cards(
    n: int,
    size: str | tuple[float, float] = "poker",
    back: Callable[[Face], None] | None = plain_back,
) -> list[Card]:
    """``n`` distinct cards of one size."""
    return [Card(id=f"c{i}", face=plain_face, back=back, size=size) for i in range(n)]
