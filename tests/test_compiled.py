"""The compiled referee modules: which run, when they fall back, and that they play alike."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pnp.rulesets.ironthrone.rules.turn
from pnp import compiled

ROOT = Path(__file__).resolve().parent.parent
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_the_modules_are_those_the_build_hook_compiles() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    hook = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    named = [path.strip("/").removesuffix(".py").replace("/", ".") for path in hook["include"]]
    assert sorted(named) == sorted(compiled.MODULES)
    for module in compiled.MODULES:
        assert compiled.source_path(module).is_file(), module


MODULES = ("pnp.alpha", "pnp.sub.beta")


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """A package folder with two sources, their (fake) extensions and the build's record."""
    package = tmp_path / "pnp"
    (package / "sub").mkdir(parents=True)
    record = {}
    for module in MODULES:
        src = compiled.source_path(module, package)
        src.write_text(f"NAME = {module!r}\n")
        src.with_name(src.stem + EXT).write_bytes(b"")
        record[module] = hashlib.sha256(src.read_bytes()).hexdigest()
    (package / compiled.RECORD).write_text(json.dumps(record))
    return package


def test_extensions_matching_their_sources_run(tree: Path) -> None:
    assert compiled.find_state(MODULES, tree, {}) == "compiled"
    assert compiled.find_state(MODULES, tree, {compiled.PURE_ENV: "0"}) == "compiled"


def test_an_edited_source_makes_every_module_pure(tree: Path) -> None:
    beta = compiled.source_path("pnp.sub.beta", tree)
    beta.write_text(beta.read_text() + "# edited\n")
    assert compiled.find_state(MODULES, tree, {}) == "stale"


def test_a_missing_extension_or_record_is_stale(tree: Path) -> None:
    (tree / compiled.RECORD).unlink()
    assert compiled.find_state(MODULES, tree, {}) == "stale"


def test_one_extension_missing_is_stale(tree: Path) -> None:
    alpha = compiled.source_path("pnp.alpha", tree)
    alpha.with_name(alpha.stem + EXT).unlink()
    assert compiled.find_state(MODULES, tree, {}) == "stale"


def test_no_extensions_is_pure(tree: Path) -> None:
    for module in MODULES:
        src = compiled.source_path(module, tree)
        src.with_name(src.stem + EXT).unlink()
    assert compiled.find_state(MODULES, tree, {}) == "pure"
    assert compiled.find_state(MODULES, tree, {compiled.PURE_ENV: "1"}) == "pure"


def test_the_environment_asks_for_the_sources(tree: Path) -> None:
    assert compiled.find_state(MODULES, tree, {compiled.PURE_ENV: "1"}) == "forced"


def test_the_running_modules_are_what_the_state_says() -> None:
    files = [sys.modules[m].__file__ or "" for m in compiled.MODULES if m in sys.modules]
    assert pnp.rulesets.ironthrone.rules.turn.__file__ in files
    if compiled.state == "compiled":
        assert all(f.endswith(EXT) for f in files), files
    else:
        assert all(f.endswith(".py") for f in files), files


def run(*args: str, pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )


def test_pure_python_is_imported_when_asked() -> None:
    out = run("-c", "import pnp.rulesets.ironthrone.rules.turn as r; print(r.__file__)", pure=True)
    assert out.stdout.strip().endswith("turn.py")


def test_compiled_and_pure_play_the_same_games() -> None:
    # every decision, event and state of 5 seeds x 3 player counts x 2 agents
    args = ("bench/record.py", "ironthrone", "--seeds", "5")
    games = [
        [line for line in run(*args, pure=pure).stdout.splitlines() if "real=" in line]
        for pure in (False, True)
    ]
    assert len(games[0]) == 5 * 3 * 2
    assert games[0] == games[1]


MYPYC_FAILED = """Error while invoking Mypyc:
pnp/engine/runner.py:12: error: Incompatible types in assignment  [assignment]
pnp/engine/runner.py:40: error: Name "x" is not defined  [name-defined]
Found 2 errors in 1 file (checked 31 source files)
pnp/engine/agents.py:69: warning: Treating generator comprehension as list
"""


def test_a_failed_build_names_its_errors_not_its_last_warning() -> None:
    why = compiled.build_failure(MYPYC_FAILED)
    assert why == (
        "pnp/engine/runner.py:12: error: Incompatible types in assignment  [assignment]; "
        'pnp/engine/runner.py:40: error: Name "x" is not defined  [name-defined]'
    )


def test_a_failed_build_shows_a_few_errors_and_counts_the_rest() -> None:
    output = "\n".join(f"pnp/a.py:{n}: error: bad" for n in range(1, 6))
    why = compiled.build_failure(output)
    assert why.count("error: bad") == 3 and why.endswith("(and 2 more)")


def test_a_missing_compiler_is_named() -> None:
    missing = "error: command 'gcc' failed: No such file or directory"
    assert compiled.build_failure(f"building 'pnp' extension\n{missing}\n") == missing


def test_a_failed_build_without_error_lines_shows_its_last_line() -> None:
    assert compiled.build_failure("Error while invoking Mypyc:\nKilled\n\n") == "Killed"
    assert compiled.build_failure("  \n") == "no output"
