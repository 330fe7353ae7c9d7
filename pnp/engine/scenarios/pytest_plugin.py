"""Collect scenario files as pytest tests.

A ``conftest.py`` in a scenario folder re-exports :func:`pytest_collect_file`;
every ``*.yaml`` below that folder becomes one test whose id is the file's
path, and a failure shows the scenario's diff instead of a traceback::

    # tests/scenarios/conftest.py
    from pnp.engine.scenarios.pytest_plugin import pytest_collect_file  # noqa: F401

Only imported by test suites: it needs pytest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.engine.scenarios.model import SCENARIO_SUFFIXES
from pnp.engine.scenarios.runner import ScenarioRunner
from pnp.errors import PnpError
from pnp.rulesets import find_ruleset

_RUNNER_KEY = pytest.StashKey[ScenarioRunner]()


class ScenarioFailed(Exception):
    """A scenario that ran and did not meet its expectations (or was malformed)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class ScenarioItem(pytest.Item):
    """One scenario file, run as one test."""

    def runtest(self) -> None:
        """Run the scenario; raise :class:`ScenarioFailed` with its diff when it fails."""
        runner = self.config.stash.get(_RUNNER_KEY, None)
        if runner is None:
            runner = ScenarioRunner(find_ruleset)
            self.config.stash[_RUNNER_KEY] = runner
        try:
            outcome = runner.run(self.path)
        except PnpError as exc:
            raise ScenarioFailed(["malformed scenario:", *exc.lines()]) from None
        if not outcome.passed:
            raise ScenarioFailed(outcome.lines())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The scenario's diff for a scenario failure; pytest's usual report otherwise."""
        if isinstance(excinfo.value, ScenarioFailed):
            return "\n".join(excinfo.value.lines)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the test lives, for pytest's report header."""
        return self.path, 0, f"scenario {self.name}"


def use_runner(config: pytest.Config, runner: ScenarioRunner) -> None:
    """Run this session's scenarios with ``runner`` (fixture rulesets, another content root)."""
    config.stash[_RUNNER_KEY] = runner


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioItem | None:
    """Collect each ``*.yaml`` or ``*.yml`` file as one scenario test, its id the file's path."""
    if file_path.suffix not in SCENARIO_SUFFIXES:
        return None
    try:
        nodeid = file_path.relative_to(parent.config.rootpath).as_posix()
    except ValueError:  # a scenario outside the rootdir, named on the command line
        nodeid = file_path.as_posix()
    return ScenarioItem.from_parent(parent, name=file_path.name, path=file_path, nodeid=nodeid)
