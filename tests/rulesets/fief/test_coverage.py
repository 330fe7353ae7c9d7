"""Every FF- checklist rule is covered by a scenario in tests/scenarios/fief/ (or, where
a rule is about refusing a game, by a referee test that names it)."""

from __future__ import annotations

from pathlib import Path

from pnp.engine.testing import assert_rules_covered

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parents[1] / "scenarios" / "fief"


def test_every_fief_rule_has_a_scenario() -> None:
    """Each FF- ID is named by a scenario or a fief referee test; none is left out."""
    assert_rules_covered("FF-", scenarios=[SCENARIOS], tests=[HERE])
