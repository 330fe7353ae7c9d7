"""Fixtures for the referee core's tests: the haggle fixture game."""

from __future__ import annotations

from pathlib import Path

import pytest

import pnp.rulesets
from pnp.content import LoadedContent
from pnp.engine.scenarios import ScenarioRunner
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


@pytest.fixture
def haggle_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the haggle fixture the only registered ruleset."""
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (HAGGLE,))


@pytest.fixture(scope="session")
def haggle_content() -> LoadedContent:
    """The haggle fixture's content, loaded once."""
    return HAGGLE.load(CONTENT_ROOT)


@pytest.fixture
def runner() -> ScenarioRunner:
    """A scenario runner that knows the haggle fixture."""
    return ScenarioRunner(
        find=lambda name: HAGGLE if name == "haggle" else pnp.rulesets.find_ruleset(name),
        content_root=CONTENT_ROOT,
    )


@pytest.fixture
def write(tmp_path: Path):
    """Write a scenario file (dedented text) and return its path."""
    import textwrap

    def _write(text: str, name: str = "scenario.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        return path

    return _write
