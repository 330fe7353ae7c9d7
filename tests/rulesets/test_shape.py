"""Every ruleset has one shape, and its referee and schema load no print code.

The same file names mean the same thing in every ruleset package
(``pnp/rulesets/README.md``); a newcomer who knows one finds the same thing in
the others in one hop. Imports are probed in a fresh interpreter, so modules
other tests imported do not hide one.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.engine.flow import FlowGame, IllegalMoveError
from pnp.engine.game import GameConfig
from pnp.rulesets import all_rulesets, ruleset_names
from pnp.rulesets.lazy import OnFirstCall, OnFirstUse, resolve
from pnp.rulesets.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ROOT / "pnp" / "rulesets"

#: what every ruleset package holds, by the same names
SHAPE = (
    "__init__.py",
    "model.py",
    "effects.py",
    "state.py",
    "rules",
    "game.py",
    "setup.py",
    "scenario.py",
    "view.py",
    "bots.py",
    "encoding.py",
    "resample.py",
    "usage.py",
    "kit",
)

#: imports the modules named on the command line; prints what print code got loaded
PROBE = """
import json, sys
for name in sys.argv[2:]:
    __import__(name)
kit = "pnp.rulesets." + sys.argv[1] + ".kit"
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("reportlab", "pnp.render", kit)))))
"""


def loaded_by(ruleset: str, *modules: str) -> list[str]:
    """The print modules (reportlab, pnp.render, the ruleset's kit) importing ``modules`` loads."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, ruleset, *modules],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def referee_modules(name: str) -> list[str]:
    """Every module of the package outside its ``kit/``."""
    package = PACKAGES / name
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[0] == "kit":
            continue
        dotted = ".".join(p for p in parts if p != "__init__")
        found.append(f"pnp.rulesets.{name}" + (f".{dotted}" if dotted else ""))
    return found


@pytest.mark.parametrize("name", ruleset_names())
def test_every_ruleset_has_the_one_shape(name: str) -> None:
    package = PACKAGES / name
    missing = [part for part in SHAPE if not (package / part).exists()]
    assert missing == []
    assert (package / "rules").is_dir(), "rules/ is a package, one module per phase"
    assert (package / "kit" / "components.py").exists()


@pytest.mark.parametrize("name", ruleset_names())
def test_the_referee_and_the_schema_load_no_print_code(name: str) -> None:
    modules = referee_modules(name)
    assert f"pnp.rulesets.{name}.game" in modules
    assert loaded_by(name, *modules) == []


def test_the_probe_sees_the_kit_when_it_is_imported() -> None:
    """The probe itself works: importing a kit loads reportlab and the kit modules."""
    found = loaded_by("thrones", "pnp.rulesets.thrones.kit.components")
    assert "reportlab" in found
    assert "pnp.rulesets.thrones.kit.components" in found


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_the_print_hooks_are_named_by_path_and_resolve_to_the_kit(ruleset: Ruleset) -> None:
    assert isinstance(ruleset.components, OnFirstCall)
    assert isinstance(ruleset.reference_context, OnFirstCall)
    assert isinstance(ruleset.icons, OnFirstUse)
    kit = f"pnp.rulesets.{ruleset.name}.kit"
    assert ruleset.components.path == f"{kit}.components:components"
    assert dict(ruleset.icons) == dict(resolve(f"{kit}.icons:ICONS"))
    hook = pickle.loads(pickle.dumps(ruleset.reference_context))
    assert isinstance(hook, OnFirstCall) and hook.path == ruleset.reference_context.path


def test_a_path_without_an_attribute_is_refused() -> None:
    with pytest.raises(ValueError, match="module:attribute"):
        resolve("pnp.rulesets.thrones.kit.components")


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_every_game_runs_on_the_one_flow_with_one_error_for_a_bad_move(ruleset: Ruleset) -> None:
    assert ruleset.new_game is not None
    game = ruleset.new_game(ruleset.load(), GameConfig(ruleset.players_default), 3)
    assert isinstance(game, FlowGame)
    decision = game.decision()
    assert decision is not None
    with pytest.raises(IllegalMoveError, match="does not exist"):
        game.apply(len(decision.options))
    with pytest.raises(IllegalMoveError, match="does not exist"):
        game.apply(-1)


#: the tests every ruleset has, by the same names (they test the same thing)
TEST_SHAPE = (
    "test_bots.py",
    "test_content.py",
    "test_coverage.py",
    "test_effects.py",
    "test_encoding.py",
    "test_game.py",
    "test_invariants.py",
    "test_readme.py",
    "test_resample.py",
    "test_scenario.py",
    "test_setup.py",
    "test_usage.py",
    "test_view.py",
    "kit/test_art.py",
    "kit/test_components.py",
    "kit/test_faces.py",
    "kit/test_reference.py",
)


@pytest.mark.parametrize("name", ruleset_names())
def test_every_rulesets_tests_have_the_one_shape(name: str) -> None:
    """The same test files in every ruleset; a rules test mirrors a rules module."""
    tests = ROOT / "tests" / "rulesets" / name
    assert [part for part in TEST_SHAPE if not (tests / part).exists()] == []
    for test in (tests / "rules").glob("test_*.py"):
        module = PACKAGES / name / "rules" / test.name.removeprefix("test_")
        assert module.exists(), f"{test} tests no module of {name}/rules/"
