"""Shared fixtures of the kit tests: one strict build of the whole fief kit, shared by
the read-only checks."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app


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
def fief_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """One strict build of the whole fief kit (A4), shared by the read-only checks."""
    return build_fief(tmp_path_factory.mktemp("fief-build"))
