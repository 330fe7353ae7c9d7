"""Shared fixtures for the fief tests: the shipped content, loaded once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET


@pytest.fixture(scope="session")
def content() -> LoadedContent:
    """The shipped fief content."""
    return RULESET.load()


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped fief content folder."""
    folder = tmp_path / "fief"
    shutil.copytree(RULESET.content_dir(), folder)
    return folder
