"""Helpers for tests on an edited copy of the content: the edit, and shipped scenarios
played against it."""

from __future__ import annotations

from pathlib import Path

from pnp.engine.scenarios import ScenarioRunner
from pnp.rulesets import find_ruleset
from tests.content.copies import edit as edit  # re-exported: the fief tests' edit helper

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "fief"


def run_scenario(content_copy: Path, text: str, tmp_path: Path, name: str = "variant.yaml") -> None:
    """Run the scenario ``text`` against the content folder ``content_copy``; it must pass."""
    path = tmp_path / name
    path.write_text(text)
    outcome = ScenarioRunner(find_ruleset, content_root=content_copy.parent).run(path)
    assert outcome.passed, "\n".join(outcome.lines())


def run_edited(content_copy: Path, scenario: str, edits: dict[str, str], tmp_path: Path) -> None:
    """Run the shipped ``scenario``, with the exact-text ``edits``, against the copy."""
    text = (SCENARIOS / scenario).read_text()
    for old, new in edits.items():
        assert old in text, f"{old!r} not in {scenario}"
        text = text.replace(old, new)
    run_scenario(content_copy, text, tmp_path, scenario)
