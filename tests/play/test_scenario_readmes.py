"""The scenario READMEs name every decision kind a script can meet.

A designer writing a scenario guessed ``defender`` for ironthrone's
``choose_defender`` and found fief's kinds only by failing expectations. The
kinds are those the ruleset's text form explains (``?`` in ``pnp play``),
which its own tests hold to every kind the referee asks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.rulesets import find_ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_every_decision_kind_is_in_the_rulesets_scenario_readme(name: str) -> None:
    ruleset = find_ruleset(name)
    content = ruleset.load(None)
    assert ruleset.text_form is not None
    form = ruleset.text_form(content, [h.id for h in content.model.houses][:3])
    kinds = set(form.HELP)
    assert len(kinds) >= 10, "too few kinds: this test would prove little"
    readme = (ROOT / "tests" / "scenarios" / name / "README.md").read_text()
    missing = sorted(k for k in kinds if f"`{k}`" not in readme)
    assert not missing, f"tests/scenarios/{name}/README.md lacks {missing}"
