"""Ctrl-C is reported as a stop, even when a library turned it into its own error."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp import interrupt
from pnp.cli import app
from pnp.render.progress import Bar


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    interrupt.reset()
    yield
    interrupt.reset()


def test_the_handler_remembers_and_raises() -> None:
    assert not interrupt.requested()
    interrupt.check()  # nothing pending: no effect
    with pytest.raises(KeyboardInterrupt):
        interrupt._handler(signal.SIGINT, None)
    assert interrupt.requested()
    with pytest.raises(KeyboardInterrupt):
        interrupt.check()


def test_a_swallowed_ctrl_c_still_stops_the_progress_bar() -> None:
    bar = Bar(progress=None)
    bar.advance()
    with contextlib.suppress(KeyboardInterrupt):  # as reportlab's colour parser does
        interrupt._handler(signal.SIGINT, None)
    with pytest.raises(KeyboardInterrupt):
        bar.advance()


def test_an_error_after_ctrl_c_is_reported_as_the_stop(toy_registry: None, toy_root: Path) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cost: 3", "cost: -3"))
    result = CliRunner().invoke(app, ["validate", "--content", str(toy_root)])
    assert result.exit_code == 2 and "cost" in result.stderr  # a plain content error
    with pytest.raises(KeyboardInterrupt):  # now Ctrl-C, swallowed somewhere below
        interrupt._handler(signal.SIGINT, None)
    result = CliRunner().invoke(app, ["validate", "--content", str(toy_root)])
    assert result.exit_code == 130, result.output
    assert result.stderr == "interrupted: nothing was written; earlier output is as it was\n"


@pytest.mark.parametrize("where", ["NamedGroup", "NamedCommand"])
def test_ctrl_c_while_typer_parses_the_options_is_a_stop(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    from pnp import cli_help

    def ctrl_c(self: object, ctx: object, args: list[str]) -> list[str]:
        raise KeyboardInterrupt  # before any command's own code runs

    monkeypatch.setattr(getattr(cli_help, where), "parse_args", ctrl_c, raising=False)
    result = CliRunner().invoke(app, ["rules", "thrones", "--format", "md", "--out", "-"])
    assert result.exit_code == 130, result.output
    assert result.stdout == ""
    assert result.stderr == "interrupted: nothing was written; earlier output is as it was\n"


def _ctrl_c() -> None:
    """Ctrl-C as the terminal sends it: SIGINT to this process."""
    import os

    os.kill(os.getpid(), signal.SIGINT)


def test_a_held_section_runs_to_its_end_then_stops() -> None:
    ran = []
    # what was there before (Python's own handler, or "ignore" in a background job)
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), interrupt.held():
        _ctrl_c()
        ran.append("after the Ctrl-C")
    assert ran == ["after the Ctrl-C"]
    assert interrupt.requested()
    assert signal.getsignal(signal.SIGINT) is before  # restored


def test_a_ctrl_c_too_late_for_a_section_is_dropped() -> None:
    with interrupt.held(too_late=True):
        _ctrl_c()
    assert not interrupt.requested()
    with interrupt.held():  # nothing arrived: nothing raised
        pass
