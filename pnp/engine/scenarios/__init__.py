"""Scenarios: one rule, one position, the fewest scripted steps that show it.

The file format is described in ``tests/scenarios/README.md``;
:class:`ScenarioRunner` runs files and :mod:`pnp.engine.scenarios.coverage`
checks that every checklist rule is covered by some scenario.
"""

from pnp.engine.scenarios.model import Scenario, load_scenario, scenario_files
from pnp.engine.scenarios.runner import (
    ScenarioOutcome,
    ScenarioRunner,
    ScenarioSummary,
    run_scenarios,
)

__all__ = [
    "Scenario",
    "ScenarioOutcome",
    "ScenarioRunner",
    "ScenarioSummary",
    "load_scenario",
    "run_scenarios",
    "scenario_files",
]
