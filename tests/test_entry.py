"""The real ``pnp`` process: Ctrl-C at any moment is a stop, a closed pipe no failure.

Each test runs pnp as the console script does: a child Python that imports the
entry point ``pyproject.toml`` names (``[project.scripts]``) and calls it, as
the script pip writes from that line does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pnp import closed_pipe, interrupt

ROOT = Path(__file__).resolve().parents[1]
STOPPED = interrupt.MESSAGE + "\n"


def entry_point() -> tuple[str, str]:
    """``(module, function)`` of the ``pnp`` console script."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["pnp"].split(":")
    return module, function


def script(before: str = "") -> str:
    """The console script's code (as pip writes it), with ``before`` run first."""
    module, function = entry_point()
    return (
        "import sys\n"
        f"{before}\n"
        f"from {module} import {function}\n"
        "sys.argv[0] = 'pnp'\n"
        f"sys.exit({function}())\n"
    )


def run_pnp(
    args: list[str], cwd: Path, before: str = "", **kwargs: object
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-c", script(before), *args],
        cwd=cwd,
        env=env,
        text=True,
        **{"capture_output": True, **kwargs},
    )


#: a meta path finder that presses Ctrl-C (SIGINT to the process itself) as the
#: named module starts to be imported: a stop at a chosen moment of the start-up
CTRL_C_AT_IMPORT = """
import os, signal
class _CtrlC:
    def find_spec(self, name, path, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, _CtrlC())
"""


@pytest.mark.parametrize(
    "module",
    [
        "pnp.cli",  # the command line, first of all
        "typer",  # a library the command line needs
        "reportlab.pdfgen.canvas",  # deep inside the rulesets' kit modules
        "pnp.render.build",  # the build command's own import (it always said so)
    ],
)
def test_ctrl_c_while_pnp_is_starting_is_a_stop(tmp_path: Path, module: str) -> None:
    out = tmp_path / "out"
    before = CTRL_C_AT_IMPORT.format(module=module)
    proc = run_pnp(["build", "thrones", "--out", str(out)], tmp_path, before)
    assert (proc.returncode, proc.stderr) == (interrupt.STATUS, STOPPED)
    assert proc.stdout == "" and not out.exists()


def test_ctrl_c_that_typer_alone_saw_still_says_it_stopped(tmp_path: Path) -> None:
    # Typer ends a command that Ctrl-C stopped outside pnp's code with status 130
    # and no word; the entry point says the word
    before = "import pnp.cli\npnp.cli.main = lambda: sys.exit(130)"
    proc = run_pnp(["rulesets"], tmp_path, before)
    assert (proc.returncode, proc.stderr) == (interrupt.STATUS, STOPPED)


def test_python_dash_m_enters_like_the_console_script() -> None:
    module, function = entry_point()
    assert (module, function) == ("pnp.entry", "main")
    main = (ROOT / "pnp" / "__main__.py").read_text()
    assert f"from {module} import {function}" in main


@contextmanager
def closed_pipe_fd() -> Iterator[int]:
    """The write end of a pipe whose reader has gone (as after ``| head -1``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        yield write
    finally:
        os.close(write)


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["validate"], 0),
        (["rules", "fief", "--format", "md", "--out", "-"], 0),
        (["validate", "no-such-ruleset"], 2),  # its error went nowhere; the status stays
    ],
)
def test_a_closed_pipe_is_not_a_failed_check(tmp_path: Path, args: list[str], status: int) -> None:
    with closed_pipe_fd() as stdout, closed_pipe_fd() as stderr:
        proc = run_pnp(args, tmp_path, stdout=stdout, stderr=stderr, capture_output=False)
    assert proc.returncode == status


def test_a_playtest_into_a_closed_pipe_finishes_with_its_verdict(tmp_path: Path) -> None:
    records = tmp_path / "records"
    args = ["playtest", "thrones", "--games", "4", "--workers", "1", "--records", str(records)]
    with closed_pipe_fd() as stdout:
        proc = run_pnp(args, tmp_path, stdout=stdout, stderr=subprocess.PIPE, capture_output=False)
    # four games decide nothing: INCONCLUSIVE (3), as with the output read, never 1 (FAIL)
    assert proc.returncode == 3
    assert "Traceback" not in proc.stderr and "Exception" not in proc.stderr
    assert len(list(records.glob("game-*.json"))) == 4  # the run went on to its end


def test_a_guarded_stream_drops_what_its_gone_reader_would_have_read() -> None:
    with closed_pipe_fd() as fd:
        stream = os.fdopen(os.dup(fd), "w")
        guarded = closed_pipe._guarded(stream)
        assert isinstance(guarded, closed_pipe.Guarded)
        assert guarded.write("first line\n") == len("first line\n")
        guarded.flush()  # the reader has gone: nothing raised
        assert guarded.gone
        guarded.write("more\n")
        guarded.flush()
        stream.close()  # Python's last flush on exit: it goes to /dev/null
