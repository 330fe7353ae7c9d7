"""Shared fixtures for the fief tests: the shipped content, loaded once, and for the
print kit one strict build shared by every kit test."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
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


# -- the print kit ----------------------------------------------------------------


@dataclass(frozen=True)
class Build:
    """A finished ``pnp build fief --strict``: its folder, manifest and file bytes."""

    folder: Path
    manifest: dict[str, Any]
    files: dict[str, bytes]


def build_fief(out: Path, *extra: str) -> Build:
    """Run ``pnp build fief --strict`` into ``out`` and read back what it wrote."""
    result = CliRunner().invoke(app, ["build", "fief", "--strict", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    folder = out / "fief"
    files = {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
    return Build(folder, json.loads(files["manifest.json"]), files)


@pytest.fixture(scope="session")
def fief_content(content: LoadedContent) -> LoadedContent[Any]:
    """The shipped fief content (the kit tests' name for it)."""
    return content


@pytest.fixture(scope="session")
def fief_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """One strict build of the whole fief kit (A4), shared by the read-only checks."""
    return build_fief(tmp_path_factory.mktemp("fief-build"))
