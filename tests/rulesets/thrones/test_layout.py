"""The package's shape: the referee and the content schema load no print code.

Run in a fresh interpreter, so modules other tests imported do not hide an
import (the registry, :mod:`pnp.rulesets`, imports no ruleset until asked).
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.rulesets.lazy import OnFirstCall, OnFirstUse, resolve
from pnp.rulesets.thrones import RULESET

ROOT = Path(__file__).resolve().parents[3]

#: imports ``modules``; prints what print code got loaded
PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("reportlab", "pnp.render",
    "pnp.rulesets.thrones.kit")))))
"""

#: the referee's path (state, rules, game, setup, scenario, bots, view, kit meter) and
#: the content schema, with the package (and its Ruleset) they sit in
REFEREE = [
    "pnp.rulesets.thrones",
    "pnp.rulesets.thrones.model",
    "pnp.rulesets.thrones.catalog",
    "pnp.rulesets.thrones.state",
    "pnp.rulesets.thrones.rules.round",
    "pnp.rulesets.thrones.game",
    "pnp.rulesets.thrones.setup",
    "pnp.rulesets.thrones.scenario",
    "pnp.rulesets.thrones.bots",
    "pnp.rulesets.thrones.view",
    "pnp.rulesets.thrones.usage",
    "pnp.rulesets.thrones.invariants",
]


def loaded_by(*modules: str) -> list[str]:
    """The print modules (reportlab, pnp.render, the thrones kit) importing ``modules`` loads."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *modules],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def test_the_referee_and_the_schema_load_no_print_code() -> None:
    assert loaded_by(*REFEREE) == []


def test_the_probe_sees_the_kit_when_it_is_imported() -> None:
    """The probe itself works: importing the kit loads reportlab and the kit modules."""
    found = loaded_by("pnp.rulesets.thrones.kit.components")
    assert "reportlab" in found
    assert "pnp.rulesets.thrones.kit.components" in found


def test_the_print_hooks_resolve_to_the_kit() -> None:
    from pnp.rulesets.thrones.kit.components import components
    from pnp.rulesets.thrones.kit.icons import ICONS

    assert isinstance(RULESET.components, OnFirstCall)
    assert isinstance(RULESET.icons, OnFirstUse)
    assert dict(RULESET.icons) == dict(ICONS)
    assert "military" in RULESET.icons
    assert resolve("pnp.rulesets.thrones.kit.components:components") is components


def test_a_hook_pickles_as_its_path() -> None:
    hook = pickle.loads(pickle.dumps(RULESET.reference_context))
    assert isinstance(hook, OnFirstCall)
    assert hook.path == "pnp.rulesets.thrones.kit.reference:reference_context"


def test_a_path_without_an_attribute_is_refused() -> None:
    with pytest.raises(ValueError, match="module:attribute"):
        resolve("pnp.rulesets.thrones.kit.components")
