"""A sweep's table, ``--json`` object and ``--csv`` rows."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from pnp import __version__
from pnp.engine.runner import Limits
from pnp.playtest import LocalExecutor
from pnp.playtest.stats import Rate
from pnp.playtest.sweep import SweepRun, SweepSetup, plan_sweep, run_sweep
from pnp.playtest.sweep_grid import Grid
from pnp.playtest.sweep_report import (
    RATE_FIGURES,
    TABLE_WIDTH,
    csv_rows,
    csv_text,
    farthest,
    fit_parts,
    table,
    text,
    to_json,
)
from pnp.playtest.verdict import INSIDE, NOT_JUDGED, OUTSIDE, UNDECIDED_ITEM
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

JSON_KEYS = [
    "pnp_version",
    "ruleset",
    "content_hash",
    "seed",
    "games_per_cell",
    "agents",
    "limits",
    "grid",
    "cells",
    "verdicts",
    "verdict",
]
CELL_KEYS = ["cell", "label", "players", "options", "houses", "records", "playtest"]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def swept() -> tuple[SweepRun, SweepSetup]:
    """Two player counts by two options, one pairing; the endless cells hit the cap."""
    setup = SweepSetup(
        ruleset=HAGGLE,
        games=24,
        seed=2,
        limits=Limits.for_ruleset(HAGGLE, max_rounds=16),
        content_root=CONTENT_ROOT,
    )
    grid = Grid((2, 3), {"endless": (False, True)}, (("stark", "lannister"),))
    plan = plan_sweep(setup, grid)
    run = run_sweep(plan, grid, HAGGLE.load(CONTENT_ROOT), executor=LocalExecutor(1))
    return run, setup


def test_the_table_has_a_row_per_cell_within_100_columns(swept) -> None:
    run, setup = swept
    lines = table(run)
    assert lines[0].split() == ["cell", "verdict", "house", "seat", "rounds", "endings"]
    assert [line.split("  ")[0] for line in lines[1:]] == [
        "2p endless=false",
        "2p endless=true",
        "3p endless=false",
        "3p endless=true",
    ]
    assert all(len(line) <= TABLE_WIDTH for line in lines)
    capped = lines[2]
    assert "FAIL" in capped and capped.endswith("  –  round_cap 100%")  # no finished game
    assert lines[1].startswith("2p endless=false  inconclusive  ")
    assert lines[1].endswith("target 100%")
    summary = text(run, setup)
    assert summary[0] == "haggle sweep: 4 cells × 24 games, seed 2, agents heuristic"
    assert summary[1] == "every cell: houses stark,lannister"
    assert summary[2:7] == lines
    assert summary[-1] == "verdict: FAIL (2 fail, 2 inconclusive; exit 1)"
    # each cell that does not pass says why, under the table
    assert "2p endless=true: FAIL" in summary
    assert any(line.startswith("  - 24 game(s) hit a cap (100.0%") for line in summary)
    assert "  ? undecided: lannister, stark, seat 0, seat 1" in summary
    # an inconclusive cell says in one line what is left to decide
    assert "2p endless=false: undecided: lannister, stark, seat 0, seat 1" in summary


def test_a_cell_with_random_seats_is_marked_not_judged(swept) -> None:
    """Random play says nothing about balance: the table marks such intervals ``~`` and
    says once, under it, what was not judged and why (as ``pnp playtest`` says it)."""
    _, setup = swept
    mixed = dataclasses.replace(setup, agents="heuristic,random", games=8)
    grid = Grid((2,), {}, (("stark", "lannister"),))
    run = run_sweep(
        plan_sweep(mixed, grid), grid, HAGGLE.load(CONTENT_ROOT), executor=LocalExecutor(1)
    )
    row = table(run)[1]
    assert row.split("  ")[0] == "2p stark,lannister" and row.count("~") == 2, row
    summary = text(run, mixed)
    assert "  ~ not judged: random seats, or seats playing different agents (why: below)" in (
        summary
    )
    assert (
        "every cell: balance and cards not judged: seat 1 plays random agents, "
        "whose play says nothing about balance or cards"
    ) in summary
    # a sweep of bots alone has neither line
    assert not any("not judged" in line for line in text(*swept))
    assert "~" not in "".join(table(swept[0]))


def rate(wins: int, games: int = 100) -> Rate:
    return Rate(games, wins)


def test_the_farthest_from_the_fair_rate_is_shown_with_its_interval_and_mark() -> None:
    rows = [
        ("stark", rate(30), INSIDE),
        ("tyrell", rate(12), OUTSIDE),
        ("martell", rate(50), OUTSIDE),
        ("arryn", rate(0, 0), NOT_JUDGED),  # no games: never shown
    ]
    # fair 0.3: tyrell is 18 points off, martell 20: martell, and one more outside
    assert farthest(rows, 0.3) == "martell 40–60! +1!"
    assert farthest(rows[:1], 0.3) == "stark 22–40"
    assert farthest([("0", rate(20), UNDECIDED_ITEM)], 0.3) == "0 13–29?"
    assert farthest(rows[3:], 0.3) == "–"
    assert farthest([("1", rate(30), NOT_JUDGED)], 0.3) == "1 22–40~"


def test_the_endings_are_cut_to_fit_a_long_row(swept) -> None:
    run, _ = swept
    report = run.reports[0]
    endings = {"target": 10, "round_limit": 8, "long_ending_name": 4, "another_ending": 2}
    stats = dataclasses.replace(report.stats, endings=endings)
    long = Grid((2,), {"variant": ("with-a-rather-long-value", "and-another")})
    wide = SweepRun(long, long.cells(), [dataclasses.replace(report, stats=stats)] * 2)
    lines = table(wide)
    assert all(len(line) <= TABLE_WIDTH for line in lines), [len(x) for x in lines]
    assert lines[1].endswith("  target 42% +3")  # round_limit 33% would pass column 100
    # a single ending with no room at all is still shown whole
    assert fit_parts(["alliance_victory 100%"], 5) == "alliance_victory 100%"
    assert fit_parts(["a 50%", "b 50%"], 12) == "a 50%, b 50%"
    assert fit_parts(["a 50%", "b 50%"], 11) == "a 50% +1"


def test_json_is_one_object_with_each_cells_playtest(swept) -> None:
    run, setup = swept
    data = json.loads(json.dumps(to_json(run, setup)))
    assert list(data) == JSON_KEYS
    assert data["pnp_version"] == __version__ and data["ruleset"] == "haggle"
    assert data["content_hash"] == HAGGLE.load(CONTENT_ROOT).content_hash
    assert (data["seed"], data["games_per_cell"], data["agents"]) == (2, 24, None)
    assert data["limits"] == {"max_rounds": 16, "max_steps": 100_000, "invariants": True}
    assert data["grid"] == {
        "players": [2, 3],
        "options": {"endless": [False, True]},
        "houses": [["stark", "lannister"]],
        "all_pairs": False,
        "skipped": [],
    }
    assert data["verdicts"] == {"pass": 0, "fail": 2, "inconclusive": 2}
    assert data["verdict"] == "fail"
    for number, cell in enumerate(data["cells"]):
        assert list(cell) == CELL_KEYS
        assert cell["cell"] == number
        assert cell["playtest"] == run.reports[number].to_json()
        assert cell["houses"] == ["stark", "lannister"]
        assert cell["records"].startswith("output/haggle/sweep/seed-2/")
    assert data["cells"][3]["options"] == {"endless": True}
    assert data["cells"][3]["playtest"]["seat_houses"] == ["stark", "lannister", None]


def test_csv_has_one_flat_row_per_cell(swept) -> None:
    run, _ = swept
    rows = list(csv.DictReader(io.StringIO(csv_text(run))))
    assert len(rows) == 4
    columns = list(rows[0])
    assert columns[:7] == [
        "cell",
        "label",
        "players",
        "option_endless",
        "houses",
        "games",
        "verdict",
    ]
    assert all(isinstance(v, str) for row in rows for v in row.values())  # flat: no nesting
    assert [r["option_endless"] for r in rows] == ["false", "true", "false", "true"]
    assert [r["verdict"] for r in rows] == ["inconclusive", "fail", "inconclusive", "fail"]
    for figure in RATE_FIGURES:
        assert f"house_stark_{figure}" in columns and f"seat_0_{figure}" in columns
    # a seat a cell has not is empty; one it has carries its figures
    assert rows[0]["seat_2_games"] == "" and rows[2]["seat_2_games"] == "24"
    assert rows[1]["ending_round_cap"] == "24" and rows[1]["cap_rate"] == "1.0"
    assert "hit a cap" in rows[1]["reasons"]
    stark = run.reports[0].to_json()["houses"]["stark"]
    assert float(rows[0]["house_stark_rate"]) == stark["rate"]
    assert rows[0]["house_stark_judgement"] == stark["judgement"]
    # every row has every column (the header is the union over the cells)
    assert Counter(len(r) for r in csv_rows(run)) == Counter({len(columns): 4})
