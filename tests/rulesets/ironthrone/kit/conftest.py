"""Shared fixtures of the kit tests: one strict build of the shipped kit, its PDFs and manifest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from tests.render.pdfcheck import reader

runner = CliRunner()


KIT_FILES = [
    "event-cards.pdf",
    "house-cards.pdf",
    "influence-boards.pdf",
    "leader-sheets.pdf",
    "player-aids.pdf",
    "tokens.pdf",
]


def build(out: Path, *extra: str) -> Any:
    """Run ``pnp build ironthrone`` into ``out``."""
    return runner.invoke(app, ["build", "ironthrone", "--out", str(out), *extra])


@pytest.fixture(scope="package")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped kit, built once with ``--strict`` (an overflow would fail it)."""
    out = tmp_path_factory.mktemp("kit")
    result = build(out, "--strict")
    assert result.exit_code == 0, result.output
    assert "problem" not in result.output  # no overflow or missing-glyph report at all
    return out / "ironthrone"


@pytest.fixture(scope="package")
def pdfs(built: Path) -> dict[str, bytes]:
    return {name: (built / name).read_bytes() for name in KIT_FILES}


@pytest.fixture(scope="package")
def manifest(built: Path) -> dict[str, Any]:
    return json.loads((built / "manifest.json").read_text())


def flat(s: str) -> str:
    """``s`` with its whitespace collapsed to single spaces."""
    return " ".join(s.split())


def front_text(data: bytes) -> str:
    """The text of the front pages of a duplex file (fronts and backs alternate)."""
    return flat(" ".join(page.extract_text() for page in reader(data).pages[0::2]))
