"""``--help`` names values the Unix way: flags show none, options a word, arguments their name."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from pnp.cli import app

COMMANDS = ["rulesets", "validate", "scenario", "replay", "play", "playtest", "compare", "sweep"]
COMMANDS += ["render", "rules", "calibrate", "build", "export"]

#: typer's own type labels, which pnp's help replaces (``{ruleset}`` is export's
#: placeholder in --base-url, written as the user writes it)
TYPE_LABELS = re.compile(
    r"<(bool|int|float|str|dir|file|path|Path|list\[[^\]]*\])>|\{(?!ruleset\})[a-z_]+\}"
)


def help_text(*command: str) -> str:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)], ids=["pnp", *COMMANDS])
def test_help_shows_no_type_labels(command: list[str]) -> None:
    text = help_text(*command)
    assert TYPE_LABELS.findall(text) == []
    assert re.search(r"--help {2,}Show this message and exit\.", text)  # a flag: no value


def test_root_help_shows_version_as_a_flag_and_every_command_is_checked() -> None:
    from typer.main import get_command

    assert re.search(r"--version {2,}Show the version\.", help_text())
    assert sorted(get_command(app).commands) == sorted(COMMANDS)  # type: ignore[attr-defined]


def test_playtest_help_names_each_value() -> None:
    text = help_text("playtest")
    assert "Usage: pnp playtest [OPTIONS] RULESET" in text
    assert re.search(r"\*\s+RULESET {2,}The ruleset to playtest\.", text)
    rows = {
        "--games": r"--games\s+-n\s+N\|auto {2,}Number of games, or auto",
        "--max-games": r"--max-games\s+N {2,}The most games --games auto plays",
        "--json": r"--json {2,}Print one JSON object",
        "--invariants": r"--invariants\s+--no-invariants {2,}Check invariants",
        "-o": r"--option\s+-o\s+KEY=VALUE {2,}A ruleset option",
        "--report": r"--report\s+FILE\.pdf {2,}",
        "--records": r"--records\s+DIR {2,}",
        "--stats": r"--stats\s+FILE {2,}",
        "--houses": r"--houses\s+HOUSE,\.\.\. {2,}",
        "--fair-margin": r"--fair-margin\s+NUMBER {2,}",
        "--house-games": r"--house-games\s+N {2,}A House's win rate is undecided below",
        "--seat-games": r"--seat-games\s+N {2,}A seat's win rate is undecided below",
    }
    for option, row in rows.items():
        assert re.search(row, text), f"{option}: {row!r} not in\n{text}"


@pytest.mark.parametrize(
    ("command", "usage", "row"),
    [
        ("validate", "[OPTIONS] [RULESET]...", r"RULESET\.\.\. {2,}Rulesets to check"),
        ("build", "[OPTIONS] [RULESET]...", r"--duplex\s+long\|short\|none {2,}Backs"),
        ("scenario", "[OPTIONS] FILE|DIR...", r"--content\s+DIR {2,}Content root"),
        ("replay", "[OPTIONS] RECORD|DIR...", r"--log {2,}Print every choice"),
        ("render", "[OPTIONS] RULESET", r"--back-offset\s+X,Y {2,}Shift back pages"),
        ("rules", "[OPTIONS] RULESET", r"--out\s+DIR\|- {2,}Output folder"),
        ("calibrate", "[OPTIONS]", r"--paper\s+A4\|Letter\|A3 {2,}Paper"),
        ("compare", "[OPTIONS] RULESET", r"--base\s+DIR\|git:REV {2,}The version to compare"),
        ("compare", "[OPTIONS] RULESET", r"--fail-on\s+RULE,\.\.\. {2,}Exit 1 when a rule"),
        ("playtest", "[OPTIONS] RULESET", r"--cards\s+FILE\.csv {2,}Write the card strength"),
        ("sweep", "[OPTIONS] RULESET", r"--players\s+P,\.\.\. {2,}Player counts"),
        ("sweep", "[OPTIONS] RULESET", r"--option\s+-o\s+KEY=V1,V2 {2,}A ruleset option and"),
        ("sweep", "[OPTIONS] RULESET", r"--houses\s+H,H;\.\.\.\|all-pairs {2,}House pairings"),
        ("sweep", "[OPTIONS] RULESET", r"--games\s+-n\s+N {2,}Games per cell"),
        ("sweep", "[OPTIONS] RULESET", r"--csv\s+FILE\.csv {2,}Write one row per cell"),
    ],
)
def test_usage_and_value_names(command: str, usage: str, row: str) -> None:
    text = help_text(command)
    assert f"Usage: pnp {command} {usage}" in text
    assert re.search(row, text), f"{row!r} not in\n{text}"


def test_a_missing_argument_is_named_as_in_the_usage() -> None:
    result = CliRunner().invoke(app, ["playtest"])
    assert result.exit_code == 2
    assert result.stderr == "missing argument 'RULESET'\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_help_texts_lose_no_brackets_to_rich_markup(command: str) -> None:
    """Rich draws the help and reads ``[word]`` as a style: a text must escape it."""
    from rich.markup import render
    from typer.main import get_command

    click_command = get_command(app).commands[command]  # type: ignore[attr-defined]
    texts = [click_command.help or ""] + [
        getattr(p, "help", None) or "" for p in click_command.params
    ]
    for text in texts:
        assert render(text).plain == text.replace("\\[", "["), text


def test_the_command_list_wraps_each_summary_as_one_paragraph() -> None:
    """``pnp --help`` lists each command by its docstring's first paragraph, whose
    source line breaks must not break the listed lines mid-sentence."""
    from typer.main import get_command

    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "600"})  # room for any
    for name, command in get_command(app).commands.items():  # type: ignore[attr-defined]
        first = " ".join((command.help or "").split("\n\n")[0].split())
        assert re.search(rf"│ {name} +{re.escape(first)} +│", result.stdout), name
