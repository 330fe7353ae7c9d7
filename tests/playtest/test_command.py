"""``pnp playtest`` options that cannot work fail before any game is played."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.record import check_writable, write_atomic
from pnp.errors import OutputError
from tests.fixtures.haggle import CONTENT_ROOT


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


def invoke(*args: str):
    base = ["playtest", "haggle", "--content", str(CONTENT_ROOT), "--players", "3"]
    return CliRunner().invoke(app, [*base, "--workers", "1", *args])


@pytest.mark.parametrize(
    ("option", "target"),
    [
        ("--report", "blocker/report.pdf"),
        ("--stats", "blocker/deeper/stats.json"),
        ("--records", "blocker/records"),
    ],
)
def test_an_unwritable_output_fails_before_the_games(
    tmp_path: Path, option: str, target: str
) -> None:
    (tmp_path / "blocker").write_text("a file where a folder should be\n")
    result = invoke("--games", "3", option, target)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a traceback
    assert f"{option} {target}: blocker is not a folder" in result.stderr
    assert "verdict" not in result.stdout  # no game was played
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]


def test_check_writable_accepts_new_folders_without_making_them(tmp_path: Path) -> None:
    check_writable(tmp_path / "a" / "b" / "report.pdf", "--report")
    check_writable(tmp_path / "records", "--records", folder=True)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "taken").mkdir()
    with pytest.raises(OutputError, match=r"--stats .*taken: is a folder"):
        check_writable(tmp_path / "taken", "--stats")


def test_write_atomic_turns_an_os_error_into_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("x")
    with pytest.raises(OutputError, match=r"cannot write .*blocker/out\.json"):
        write_atomic(tmp_path / "blocker" / "out.json", "{}")
