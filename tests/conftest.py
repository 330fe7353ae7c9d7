"""Shared fixtures: the toy ruleset registered in place of the real ones."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import pnp.rulesets
from tests.fixtures.toy import CONTENT_ROOT, TOY


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy fixture the only registered ruleset."""
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))


@pytest.fixture
def toy_root(tmp_path: Path) -> Path:
    """A writable copy of the toy content root (holding ``toy/``)."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    return root
