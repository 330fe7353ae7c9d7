"""Every file pnp writes gets the permissions the umask gives any new file, as
``pnp build``'s PDFs do: a playtest's records, report, statistics and card figures too."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.rulesets
from pnp.cli import app
from pnp.filemode import output_mode, umask
from tests.fixtures.haggle import CONTENT_ROOT as HAGGLE_ROOT
from tests.fixtures.haggle import HAGGLE
from tests.fixtures.toy import CONTENT_ROOT as TOY_ROOT
from tests.fixtures.toy import TOY


@pytest.fixture(params=[0o022, 0o027, 0o077], ids=["022", "027", "077"])
def mask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def modes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): stat.S_IMODE(p.stat().st_mode)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_umask_is_read_without_changing_it(mask: int) -> None:
    assert umask() == mask and umask() == mask
    assert output_mode() == 0o666 & ~mask


def test_playtest_outputs_follow_the_umask_like_build(
    mask: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (HAGGLE, TOY))
    expected = 0o666 & ~mask
    args = ["playtest", "haggle", "--content", str(HAGGLE_ROOT), "--games", "3"]
    args += ["--workers", "1", "--records", "out/records", "--report", "out/report.pdf"]
    args += ["--stats", "out/stats.json", "--cards", "out/cards.csv"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1, 3), result.output
    found = modes(tmp_path / "out")
    assert set(found) == {
        "report.pdf",
        "stats.json",
        "cards.csv",
        *(f"records/game-{i:06d}.json" for i in range(3)),
    }
    assert {name: oct(m) for name, m in found.items()} == {name: oct(expected) for name in found}
    # build's PDFs, for comparison: the same rule
    result = CliRunner().invoke(app, ["build", "toy", "--content", str(TOY_ROOT), "--out", "kit"])
    assert result.exit_code == 0, result.output
    built = modes(tmp_path / "kit")
    assert "toy/cards.pdf" in built
    assert set(built.values()) == {expected}
