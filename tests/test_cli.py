"""The command line: options, output, exit statuses, no tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp import __version__, compiled
from pnp.cli import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"pnp {__version__} ({compiled.describe()})"


@pytest.mark.parametrize("args", [["--help"], ["rulesets"], ["validate", "--help"]])
def test_basic_commands_exit_zero(args: list[str]) -> None:
    assert invoke(*args).exit_code == 0


def test_rulesets_lists_player_counts(toy_registry: None) -> None:
    result = invoke("rulesets")
    assert result.exit_code == 0
    # the toy game declares no default count: a playtest plays the fewest
    assert "toy  2–4 players (default 2)  Toy fixture game" in result.stdout


def test_validate_happy_path_prints_counts(toy_registry: None, toy_root: Path) -> None:
    result = invoke("validate", "--content", str(toy_root))
    assert result.exit_code == 0, result.output
    assert "toy:" in result.stdout and "is valid" in result.stdout
    assert "cards: 3 (4 copies)" in result.stdout
    assert "decks: 1" in result.stdout


def test_validate_accepts_the_ruleset_folder_itself(toy_registry: None, toy_root: Path) -> None:
    result = invoke("validate", "toy", "--content", str(toy_root / "toy"))
    assert result.exit_code == 0, result.output


def test_validate_reports_problems_with_status_2(toy_registry: None, toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cost: 1", "cost: -1"))
    (toy_root / "toy" / "empty.yaml").write_text("")
    before = sorted(p.name for p in toy_root.rglob("*"))
    result = invoke("validate", "toy", "--content", str(toy_root))
    assert result.exit_code == 2
    err = result.stderr
    assert "cards[1].cost: Input should be greater than or equal to 0" in err
    assert "empty.yaml:1:1: the file is empty" in err
    assert "2 problems found." in err
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert sorted(p.name for p in toy_root.rglob("*")) == before  # nothing written


def test_ruleset_names_on_the_command_line_ignore_case(toy_registry: None, toy_root: Path) -> None:
    result = invoke("validate", "TOY", "Toy", "toy", "--content", str(toy_root))
    assert result.exit_code == 0, result.output
    assert result.stdout.count(" is valid") == 1  # one ruleset, however it is spelt


def test_validate_unknown_ruleset(toy_registry: None) -> None:
    result = invoke("validate", "toyy")
    assert result.exit_code == 2
    assert "unknown ruleset 'toyy' (known: toy); did you mean 'toy'?" in result.stderr


def test_validate_missing_content_dir(toy_registry: None, tmp_path: Path) -> None:
    result = invoke("validate", "--content", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert "no such content folder" in result.stderr


def test_python_dash_m_runs_without_traceback(tmp_path: Path) -> None:
    """The real entry point prints errors plainly and exits 2."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.run(
        [sys.executable, "-m", "pnp", "validate", "no-such-ruleset"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert "unknown ruleset 'no-such-ruleset'" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("ruleset", "houses"),
    [
        ("thrones", "lanister,stark"),
        ("ironthrone", "stark,lanister,tyrell"),
        ("fief", "stark,lanister,tully"),
    ],
)
def test_a_misspelt_house_gets_a_hint(ruleset: str, houses: str) -> None:
    players = str(len(houses.split(",")))
    args = ("--games", "1", "--workers", "1", "--players", players, "--houses", houses)
    result = invoke("playtest", ruleset, *args)
    assert result.exit_code == 2
    assert "'lanister'" in result.output and "did you mean 'lannister'?" in result.output
    assert "Traceback" not in result.output
