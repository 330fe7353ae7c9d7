"""Every bad option value reads the same: one plain line naming the value and what would
do, exit status 2, as pnp's own checks say it (``unknown paper 'B5' (known: …)``)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.cli_errors import given_value


@pytest.mark.parametrize(
    ("args", "line"),
    [
        # pnp's own check: the style the others follow
        (["render", "thrones", "--paper", "B5"], "unknown paper 'B5' (known: A4, Letter, A3)"),
        (["rules", "thrones", "--format", "docx"], "unknown format 'docx' (known: pdf, md, html)"),
        (["export", "thrones", "--format", "svg"], "unknown format 'svg' (known: png, tts, pod)"),
        (
            ["render", "thrones", "--duplex", "both"],
            "unknown duplex 'both' (known: long, short, none)",
        ),
        (
            ["render", "thrones", "--layout", "fold"],
            "unknown layout 'fold' (known: grid, gutterfold)",
        ),
        (["render", "thrones", "--ink=dark"], "unknown ink 'dark' (known: normal, low)"),
        (
            ["playtest", "thrones", "--seed", "abc"],
            "bad --seed value 'abc' (expected a whole number)",
        ),
        (
            ["playtest", "thrones", "--workers", "2.5"],
            "bad --workers value '2.5' (expected a whole number)",
        ),
        (
            ["playtest", "thrones", "--fair-margin", "wide"],
            "bad --fair-margin value 'wide' (expected a number)",
        ),
        (
            ["export", "thrones", "--dpi", "high"],
            "bad --dpi value 'high' (expected a whole number)",
        ),
        (
            ["playtest", "thrones", "--games", "lots"],
            "bad --games value 'lots' (expected a whole number or auto)",
        ),
        (
            ["playtest", "thrones", "--gmaes", "3"],
            "unknown option '--gmaes' (did you mean --games?)",
        ),
        (["rendr", "thrones"], "no such command 'rendr' (did you mean 'render'?)"),
        (["playtest"], "missing argument 'RULESET'"),
        (["playtest", "thrones", "--seed"], "option '--seed' requires an argument"),
    ],
)
def test_a_bad_value_is_one_plain_line(args: list[str], line: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == line + "\n"
    assert result.stdout == ""  # no usage block, no box


def test_the_value_given_is_found_however_it_was_written() -> None:
    names = ["--games", "-n"]
    assert given_value(["x", "--games", "5"], names) == "5"
    assert given_value(["--games=5"], names) == "5"
    assert given_value(["-n7"], names) == "7"
    assert given_value(["-n", "7", "--games", "9"], names) == "9"  # the last one counts
    assert given_value(["--games"], names) is None
    assert given_value(["--gamesx", "1"], names) is None
