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


def test_every_option_of_a_command_is_in_its_row_of_the_table() -> None:
    """--max-rounds, --fair-margin, render's --out … were in --help and nowhere in the
    README. Said once for all commands after the table: --content. A row names -o for
    --option and the render options for build; a --no-x flag stands for --x."""
    import typer

    from pnp.cli import app

    text = (ROOT / "README.md").read_text()
    section = text.split("## Commands", 1)[1].split("\n## ", 1)[0]
    rows = {
        m.group(1).split()[1]: m.group(0)
        for m in re.finditer(r"^\| `(pnp [^`]*)` \|.*$", section, re.M)
    }
    assert "takes `--content DIR`" in section
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    render_row = rows["render"]
    for name, command in commands.items():
        row = rows[name]
        if "takes the `render` options" in row:
            row += render_row
        for param in command.params:
            names = [*param.opts, *getattr(param, "secondary_opts", [])]
            if not names[0].startswith("-") or "--help" in names or "--content" in names:
                continue  # an argument, or said once for all
            assert any(n in row for n in names), f"pnp {name}: {names} not in its README row"


def test_the_ctrl_c_paragraph_names_each_stop_that_keeps_what_it_wrote() -> None:
    """The README promised every command says "interrupted: nothing was written", while
    ``pnp play`` saves its game ("Stopped. Saved to …") and ``pnp replay --watch
    --to-text`` has written its log: each exception is stated in the words it prints."""
    from pnp import interrupt

    text = " ".join((ROOT / "README.md").read_text().split())
    paragraph = text.split("Every command can be stopped with Ctrl-C", 1)[1]
    paragraph = paragraph.split("A reader that stops early", 1)[0]
    assert f"`{interrupt.MESSAGE}`" in paragraph
    sources = {
        "pnp/play/command.py": "Stopped. Saved to ",
        "pnp/play/watch.py": "Stopped. The log was written before the viewer: ",
    }
    for source, words in sources.items():
        assert words in (ROOT / source).read_text(), source  # as the code prints it
        assert f"`{words}FILE.`" in paragraph, words
    assert "`pnp play --resume FILE`" in paragraph and "status 130" in paragraph
