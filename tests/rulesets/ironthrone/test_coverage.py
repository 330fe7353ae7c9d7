"""Every IT- rule of the shared checklist is covered by a scenario."""

from __future__ import annotations

from pathlib import Path

from pnp.engine.testing import assert_rules_covered

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "ironthrone"


def test_every_ironthrone_rule_has_a_scenario() -> None:
    assert_rules_covered("IT-", scenarios=[SCENARIOS])
