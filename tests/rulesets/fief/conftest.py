"""Shared fixtures for the fief tests: the shipped content, loaded once (the print kit's
build is in ``kit/conftest.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

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


@pytest.fixture(scope="session")
def fief_content(content: LoadedContent) -> LoadedContent[Any]:
    """The shipped fief content (the kit tests' name for it)."""
    return content
