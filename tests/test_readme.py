"""The README's quick start stays true: CI runs its commands verbatim."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_quick_start_is_two_commands() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert "pip install -e ." in commands[0]
    assert '".[test]"' in commands[1] and "pytest" in commands[1]
    # the type check runs after the tests, so a type error fails CI like a failing test
    assert commands[1].endswith("&& mypy")


def test_ci_runs_the_readme_commands_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    for command in quick_start_commands():
        assert command in ci, f".ci/run does not run {command!r}"


def command_rows() -> list[str]:
    """The usage column of the README's command table: ``pnp playtest RULESET [--games …] …``."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(pnp [^`]*)` \|", section, re.M)


def test_the_command_table_shows_only_required_options_without_brackets() -> None:
    import typer

    from pnp.cli import app

    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    rows = command_rows()
    assert len(rows) >= 10
    for row in rows:
        name = row.split()[1]
        if name.startswith("-"):
            continue  # pnp --version
        bare = row
        while re.search(r"\[[^\[\]]*\]", bare):  # drop optional parts, innermost first
            bare = re.sub(r"\[[^\[\]]*\]", "", bare)
        shown = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", bare))
        required = {
            opt
            for param in commands[name].params
            if getattr(param, "required", False)
            for opt in param.opts
        }
        assert shown <= required, f"{row}: {sorted(shown - required)} are optional"


def adapter_examples() -> list[str]:
    """The Python examples of the README's game-AI adapters section."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Game-AI adapters", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_adapter_examples_are_ten_lines_and_run(capsys) -> None:  # type: ignore[no-untyped-def]
    examples = adapter_examples()
    assert len(examples) == 2  # OpenSpiel, PettingZoo
    for code in examples:
        assert len([line for line in code.splitlines() if line.strip()]) <= 10
        exec(compile(code, "README.md", "exec"), {})
    returns = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert sum(returns) in (0.0, 1.0)  # the OpenSpiel game's winners share 1 (a cap: 0)
