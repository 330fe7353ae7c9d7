"""Every FF- checklist rule is covered by a scenario in tests/scenarios/fief/."""

from __future__ import annotations

from pathlib import Path

from pnp.engine.testing import assert_rules_covered

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "fief"

#: The Night's Watch expansion is deferred: the referee does not play it yet
#: (no Wall phase, no Brothers, no Lord Commander), so its rules have no
#: scenario. These are exactly the checklist items that exist only with it.
NIGHTS_WATCH_DEFERRED = (
    "FF-NW-01",
    "FF-NW-02",
    "FF-NW-03",
    "FF-NW-04",
    "FF-NW-05",
    "FF-NW-06",
    "FF-NW-07",
    "FF-SETUP-04",
    "FF-OUT-04",
    "FF-GAP-14",
)


def test_every_fief_rule_has_a_scenario() -> None:
    """Each FF- ID is named by a scenario, bar the deferred Night's Watch rules."""
    assert_rules_covered("FF-", scenarios=[SCENARIOS], exclude=NIGHTS_WATCH_DEFERRED)
