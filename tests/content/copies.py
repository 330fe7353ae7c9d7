"""Helpers for tests on an edited copy of a content folder: the edit, where a text is,
and what ``pnp validate`` says of it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pnp.cli import app


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in ``path``; ``old`` must be there exactly once, so an
    edit never changes more, or other, than the test means."""
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    path.write_text(text.replace(old, new))


def at(path: Path, text: str) -> str:
    """``file:line:col`` of the first ``text`` in ``path`` (as pnp prints it)."""
    source = path.read_text()
    index = source.index(text)
    line = source.count("\n", 0, index) + 1
    column = index - (source.rfind("\n", 0, index) + 1) + 1
    return f"{path}:{line}:{column}"


def validate_problems(ruleset: str, content_root: Path) -> list[str]:
    """The problem lines ``pnp validate RULESET --content CONTENT_ROOT`` prints; it must
    fail with status 2 and no traceback."""
    result = CliRunner().invoke(app, ["validate", ruleset, "--content", str(content_root)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines[-1] == f"{len(lines) - 1} problem{'s' if len(lines) != 2 else ''} found.", lines
    return lines[:-1]
