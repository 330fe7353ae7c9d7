"""``pnp sweep`` on the command line: the whole grid checked first, outputs, exit statuses."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.playtest.sweep_command import SweepRequest, run_sweep_command
from tests.fixtures.haggle import CONTENT_ROOT


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


def invoke(*args: str):
    base = ["sweep", "haggle", "--content", str(CONTENT_ROOT), "--workers", "1"]
    return CliRunner().invoke(app, [*base, *args])


def test_exit_status_is_the_worst_cells_as_for_a_playtest() -> None:
    # random seats are judged on crashes, invariants and caps only: these cells pass
    result = invoke("--players", "2,3", "--agents", "random", "--games", "10")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "verdict: PASS (2 pass; exit 0)"
    # one cell hits the cap in every game: the sweep fails
    result = invoke("--players", "3", "-o", "endless=false,true", "--max-rounds", "16", "-n", "30")
    assert result.exit_code == 1, result.output
    assert "endless=true: FAIL" in result.stdout
    assert result.stdout.splitlines()[-1] == "verdict: FAIL (1 fail, 1 inconclusive; exit 1)"
    # none fails, some is undecided: inconclusive, 3
    result = invoke("--players", "2,3", "--games", "8")
    assert result.exit_code == 3, result.output
    assert result.stdout.splitlines()[-1] == "verdict: INCONCLUSIVE (2 inconclusive; exit 3)"


def test_text_csv_and_pdf_outputs(tmp_path: Path) -> None:
    result = invoke(
        "--players",
        "2,3",
        "--houses",
        "stark,tyrell",
        "--houses",
        "martell",
        "--games",
        "12",
        "--csv",
        "out/cells.csv",
        "--report",
        "out/sweep.pdf",
    )
    assert result.exit_code == 3, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "haggle sweep: 4 cells × 12 games, seed 0, agents heuristic"
    assert lines[1].startswith("cell ")  # every axis varies: no line of shared values
    assert [line.split("  ")[0] for line in lines[2:6]] == [
        "2p stark,tyrell",
        "2p martell",
        "3p stark,tyrell",
        "3p martell",
    ]
    assert all(len(line) <= 100 for line in lines[1:6])
    assert lines[-2:] == ["report: out/sweep.pdf", "csv: out/cells.csv"]
    with open(tmp_path / "out" / "cells.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["houses"] for r in rows] == ["stark,tyrell", "martell"] * 2
    assert [r["players"] for r in rows] == ["2", "2", "3", "3"]
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "out" / "sweep.pdf").pages)
    assert "Sweep report" in text and "3p martell" in text


def test_json_is_one_object_on_stdout() -> None:
    result = invoke("--players", "2", "--houses", "all-pairs", "--games", "4", "--json")
    assert result.exit_code == 3, result.output
    data = json.loads(result.stdout)
    assert data["grid"]["all_pairs"] is True
    assert [c["label"] for c in data["cells"]] == [
        "stark,lannister",
        "stark,tyrell",
        "stark,martell",
        "lannister,tyrell",
        "lannister,martell",
        "tyrell,martell",
    ]
    assert all(c["playtest"]["games"] == 4 for c in data["cells"])


def test_all_pairs_above_two_players_pairs_seats_0_and_1() -> None:
    result = invoke("--players", "4", "--houses", "all-pairs", "--games", "2", "--json")
    data = json.loads(result.stdout)
    assert len(data["cells"]) == 6
    assert data["cells"][0]["playtest"]["seat_houses"] == ["stark", "lannister", None, None]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2,7"], "--players 2,7: haggle is played by 2–4 players, not 7"),
        (["--players", "two"], "--players two: 'two' is not a whole number"),
        (["-o", "crash_on=dragon-egg,no-card"], "sweep cell 2p crash_on=no-card: options."),
        (["-o", "colour=red,blue"], "sweep cell 2p colour=red: options.colour: unknown option"),
        (["-o", "endless"], "--option 'endless': expected KEY=VALUE"),
        (["-o", "endless=true", "-o", "endless=false"], "--option 'endless' is given twice"),
        (["--houses", "stark,lanister"], "--houses stark,lanister: no House 'lanister'"),
        # one pairing of 3 Houses: the 2-player cell plays nothing else, so it is no skip
        (["--players", "2,3", "--houses", "stark,tyrell,martell"], "names 3 Houses for 2"),
        (["--players", "2", "--houses", "stark,tyrell,martell"], "no cell has more than 2"),
        (["--houses", "all-pairs;stark"], "--houses all-pairs goes alone"),
        (["--players", "2,3", "--agents", "random,random"], "names 2 agents for 3 players"),
        (["--games", "auto"], "--games auto: a sweep plays the same number of games"),
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "many"], "--games many: expected a whole number of games per cell"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--max-rounds", "0"], "--max-rounds must be at least 1"),
        (["--fair-margin", "2"], "--fair-margin must be between 0 and 1"),
        (["--report", "out.txt"], "--report out.txt: the report is a PDF"),
        (["--csv", "out.json"], "--csv out.json: the cells' figures are a CSV file"),
        (["--csv", "blocker/cells.csv"], "--csv blocker/cells.csv: blocker is not a folder"),
    ],
)
def test_bad_input_anywhere_in_the_grid_exits_two_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "blocker").write_text("a file where a folder should be\n")
    outputs = ["--report", "report.pdf"] if "--report" not in args else []
    outputs += ["--csv", "cells.csv"] if "--csv" not in args else []
    players = ["--players", "2"] if "--players" not in args else []
    result = (
        invoke(*players, *args, *outputs, "--games", "3")
        if "--games" not in args
        else (invoke(*players, *args, *outputs))
    )
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]  # nothing written


def test_the_help_says_games_auto_is_for_playtest() -> None:
    result = CliRunner().invoke(app, ["sweep", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "--games auto is for pnp playtest" in " ".join(result.stdout.split())


def test_ctrl_c_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.playtest.sweep_command.run_sweep", stopped)
    result = invoke("--games", "5", "--report", "r.pdf", "--csv", "c.csv")
    assert result.exit_code == 130, result.output
    assert "interrupted: nothing was written" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_one_progress_bar_counts_every_cells_games(monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.playtest import sweep_command

    seen: list[tuple[int, str]] = []
    advanced: list[int] = []

    class Bar(sweep_command.PlaytestProgress):
        def __init__(self, games: int, title: str, *, enabled: bool | None = None) -> None:
            super().__init__(games, title, enabled=enabled)
            seen.append((games, title))

        def advance(self, summary) -> None:
            advanced.append(summary.index)
            super().advance(summary)

    monkeypatch.setattr(sweep_command, "PlaytestProgress", Bar)
    request = SweepRequest(
        "haggle", games=5, players="2,3,4", content=CONTENT_ROOT, workers=1, progress=True
    )
    run = run_sweep_command(request, lambda *a, **k: None)
    assert seen == [(15, "haggle sweep (3 cells)")]
    assert sorted(advanced) == sorted(list(range(5)) * 3)  # each cell's games 0-4
    assert [r.stats.games for r in run.reports] == [5, 5, 5]


def test_a_cell_the_rules_forbid_is_skipped_when_its_values_play_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    import pnp.rulesets
    from pnp.errors import UsageError
    from tests.fixtures.haggle import HAGGLE

    def new_game(content, config, seed):  # the endless game is for 2 players only
        if config.options.get("endless") and config.players > 2:
            raise UsageError(f"endless haggling needs 2 players, not {config.players}")
        return HAGGLE.new_game(content, config, seed)

    picky = dataclasses.replace(HAGGLE, new_game=new_game)
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (picky,))
    args = ["--players", "2,3", "-o", "endless=false,true", "--games", "3", "--max-rounds", "12"]
    result = invoke(*args, "--json", "--csv", "cells.csv")
    assert result.exit_code in (1, 3), result.output
    data = json.loads(result.stdout)
    assert [c["label"] for c in data["cells"]] == [
        "2p endless=false",
        "2p endless=true",
        "3p endless=false",
    ]
    assert data["grid"]["skipped"] == [
        {
            "label": "3p endless=true",
            "players": 3,
            "options": {"endless": True},
            "houses": None,
            "why": "endless haggling needs 2 players, not 3",
        }
    ]
    with Path("cells.csv").open(newline="") as rows:
        assert len(list(csv.DictReader(rows))) == 3
    text = invoke(*args).stdout
    assert text.startswith("haggle sweep: 3 cells (1 more skipped) × 3 games")
    assert "3p endless=true: skipped, the rules forbid it: endless haggling needs 2" in text
    # a value no cell can play is the user's to fix: nothing is skipped, nothing played
    for only in (["--players", "3"], ["--players", "3,4"]):
        result = invoke(*only, "-o", "endless=false,true", "--games", "3")
        assert result.exit_code == 2 and result.stdout == ""
        assert "sweep cell 3p endless=true: endless haggling needs 2 players" in result.stderr


def test_players_given_twice_are_both_swept() -> None:
    """``--players 2 --players 3`` swept the 3 alone, saying nothing."""
    result = invoke("--players", "2", "--players", "3", "--games", "2", "--json")
    assert [c["players"] for c in json.loads(result.stdout)["cells"]] == [2, 3]
    twice = invoke("--players", "2", "--players", "2", "--games", "2")
    assert twice.exit_code == 2 and "--players 2,2: 2 is given twice" in twice.stderr


def test_a_pairing_too_long_for_some_cells_is_skipped_there() -> None:
    """A 3-House pairing at 2 players is a combination the rules forbid, like fief's
    Night's Watch at 4: with every value played elsewhere, that cell is skipped (the
    whole sweep stopped)."""
    result = invoke(
        "--players", "2,3", "--houses", "stark,tyrell,martell;stark,lannister", "--games", "2",
        "--json",
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert [c["label"] for c in data["cells"]] == [
        "2p stark,lannister",
        "3p stark,tyrell,martell",
        "3p stark,lannister",
    ]
    assert len(data["grid"]["skipped"]) == 1
