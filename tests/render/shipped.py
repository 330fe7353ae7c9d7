"""The shipped kits' components, built once per test session (several layout tests
plan every ruleset's files on A4 and Letter)."""

from __future__ import annotations

from functools import cache
from typing import Any

from pnp.render.kit import kit_components
from pnp.rulesets import all_rulesets, find_ruleset

#: the rulesets that print a kit
KITTED = [r.name for r in all_rulesets() if r.components is not None]


@cache
def shipped_components(name: str) -> list[Any]:
    """The components of ruleset ``name``'s shipped content."""
    ruleset = find_ruleset(name)
    return kit_components(ruleset, ruleset.load(None, alone=True))
