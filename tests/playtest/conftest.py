"""Fixtures for the playtest harness: the haggle fixture registered as the only ruleset."""

from __future__ import annotations

import pytest

import pnp.rulesets
from tests.fixtures.haggle import HAGGLE


@pytest.fixture
def haggle_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the haggle fixture the only registered ruleset."""
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (HAGGLE,))
