"""Every TH- rule of the shared checklist is named by a thrones scenario."""

from __future__ import annotations

from pathlib import Path

from pnp.engine.testing import assert_rules_covered

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_every_thrones_rule_has_a_scenario() -> None:
    assert_rules_covered("TH-", scenarios=[SCENARIOS / "thrones"])
