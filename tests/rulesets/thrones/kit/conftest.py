"""Shared fixtures of the kit tests: one strict build of the shipped kit, and its manifest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.paths import default_content_root
from pnp.rulesets.thrones.model import ThronesContent

runner = CliRunner()


FILES = {
    "cards.pdf",
    "plots.pdf",
    "house-cards.pdf",
    "titles.pdf",
    "tokens.pdf",
    "banners.pdf",
    "council-board.pdf",
    "manifest.json",
    "reference.pdf",
    "reference.md",
    "reference.html",
}


def build(out: Path, *extra: str) -> Any:
    """Run ``pnp build thrones --strict`` into ``out``."""
    return runner.invoke(app, ["build", "thrones", "--strict", "--out", str(out), *extra])


@pytest.fixture(scope="package")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One strict build of the shipped kit, shared by the read-only checks."""
    out = tmp_path_factory.mktemp("kit")
    result = build(out)
    assert result.exit_code == 0, result.output
    # --strict fails on any overflow or missing glyph, and nothing is reported at all
    assert "problem" not in result.stderr, result.stderr
    return out / "thrones"


@pytest.fixture(scope="package")
def manifest(kit: Path) -> dict[str, Any]:
    """The build's manifest."""
    return json.loads((kit / "manifest.json").read_text())


@pytest.fixture(scope="package")
def entries(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Manifest entries by component id."""
    return {e["id"]: e for e in manifest["components"]}


def model(content: LoadedContent) -> ThronesContent:
    m = content.model
    assert isinstance(m, ThronesContent)
    return m


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped content root (thrones only)."""
    root = tmp_path / "content"
    shutil.copytree(default_content_root() / "thrones", root / "thrones")
    return root
