"""A sweep's cells are the single playtests they stand for, played on one executor run."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.record import read_records
from pnp.engine.replay import replay
from pnp.engine.runner import Limits
from pnp.errors import UsageError
from pnp.playtest import Executor, LocalExecutor, PlaytestPlan, run_playtest
from pnp.playtest.executor import GamePlan
from pnp.playtest.plan import game_seed
from pnp.playtest.sweep import CellGame, SweepPlan, SweepSetup, plan_sweep, run_sweep
from pnp.playtest.sweep_grid import Grid
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


class Backwards(Executor):
    """Plays the games last first, in this process: any executor will do for a sweep."""

    def __init__(self) -> None:
        self.runs: list[int] = []

    def run(self, plan: GamePlan, content: Any, indices: Sequence[int]) -> Iterator[Any]:
        self.runs.append(len(indices))
        return (plan.play(content, i) for i in reversed(list(indices)))


def setup(games: int = 20, seed: int = 4, **kw: Any) -> SweepSetup:
    return SweepSetup(ruleset=HAGGLE, games=games, seed=seed, content_root=CONTENT_ROOT, **kw)


def test_game_index_maps_to_its_cell_and_the_cells_game() -> None:
    plan = plan_sweep(setup(games=5), Grid((2, 3, 4)))
    assert plan.total == 15
    assert [plan.locate(i) for i in (0, 4, 5, 14)] == [(0, 0), (0, 4), (1, 0), (2, 4)]
    content = HAGGLE.load(CONTENT_ROOT)
    game = plan.play(content, 7)
    assert isinstance(game, CellGame) and game.cell == 1
    # cell 1's game 2 has the seed of game 2 of the playtest the cell stands for
    assert game.summary.index == 2 and game.summary.seed == game_seed(4, 2)
    assert len(game.summary.factions) == 3


def test_cells_equal_the_single_playtests_on_any_executor() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    grid = Grid((2, 3), {"endless": (False,)}, (("stark", "lannister"), ("tyrell", None)))
    limits = Limits.for_ruleset(HAGGLE, max_rounds=12)
    plan = plan_sweep(setup(limits=limits, agents="heuristic"), grid)
    backwards = Backwards()
    run = run_sweep(plan, grid, content, executor=backwards)
    assert backwards.runs == [80]  # one run for every cell's games: one pool of workers
    pooled = run_sweep(plan, grid, content, executor=LocalExecutor(2))
    assert len(run.reports) == 4
    for cell, report, other in zip(run.cells, run.reports, pooled.reports, strict=True):
        single = run_playtest(
            PlaytestPlan(
                HAGGLE,
                games=20,
                seed=4,
                players=cell.players,
                agents=("heuristic",) * cell.players,
                houses=cell.seat_houses,
                options={"endless": False},
                limits=limits,
                content_root=CONTENT_ROOT,
            ),
            content,
            executor=LocalExecutor(1),
        )
        expected = json.dumps(single.full_json())
        assert json.dumps(report.full_json()) == expected
        assert json.dumps(other.full_json()) == expected
    # the cells differ from one another (each plays its own setup)
    assert len({json.dumps(r.to_json()["houses"]) for r in run.reports}) == 4


def test_a_cells_crashes_are_kept_in_its_own_folder_and_replay() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    grid = Grid((2, 3), {"crash_on": ("dragon-egg",)})
    run = run_sweep(plan_sweep(setup(games=30), grid), content=content, grid=grid)
    for cell, report in zip(run.cells, run.reports, strict=True):
        crashes = report.to_json()["crashes"]
        assert crashes and report.status == "fail"
        folder = Path("output/haggle/sweep/seed-4") / cell.slug
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            f"game-{c['game']:06d}.json" for c in crashes
        )
        (record,) = read_records(Path(crashes[0]["record"]))
        assert record.origin == {"playtest_seed": 4, "game": crashes[0]["game"]}
        assert replay(record, HAGGLE, content).ok
    assert run.status == "fail" and run.exit_code == 1
    # the same sweep again replaces each cell's records with its own, and says how many
    again = run_sweep(plan_sweep(setup(games=30), grid), grid, content)
    assert again.replaced == sum(len(r.stats.crashes) for r in run.reports)
    assert [r.replaced for r in again.reports] == [len(r.stats.crashes) for r in run.reports]


def test_the_verdict_is_the_worst_cells() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    grid = Grid((3,), {"endless": (False, True)})
    limits = Limits.for_ruleset(HAGGLE, max_rounds=20)
    mixed = run_sweep(plan_sweep(setup(agents="random", limits=limits), grid), grid, content)
    assert [r.status for r in mixed.reports] == ["pass", "fail"]
    assert (mixed.status, mixed.exit_code) == ("fail", 1)
    calm = Grid((3,), {"endless": (False,)})
    passing = run_sweep(plan_sweep(setup(agents="random", limits=limits), calm), calm, content)
    assert (passing.status, passing.exit_code) == ("pass", 0)
    heuristic = run_sweep(plan_sweep(setup(games=6), calm), calm, content)
    assert (heuristic.status, heuristic.exit_code) == ("inconclusive", 3)


def test_a_setup_the_ruleset_refuses_stops_the_sweep_before_any_game() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    grid = Grid((2, 3), {"crash_on": ("dragon-egg", "no-such-card")})
    plan = plan_sweep(setup(), grid)
    executor = Backwards()
    with pytest.raises(UsageError) as caught:
        run_sweep(plan, grid, content, executor=executor)
    assert caught.value.lines() == [
        "sweep cell 2p crash_on=no-such-card: options.crash_on: unknown card 'no-such-card'"
    ]
    assert executor.runs == []
    with pytest.raises(UsageError, match="--agents names 2 agents for 3 players"):
        plan_sweep(setup(agents="random,heuristic"), Grid((2, 3)))
    with pytest.raises(UsageError, match="--games must be at least 1"):
        plan_sweep(setup(games=0), Grid((2,)))


def test_the_sweep_plan_pickles_for_the_workers() -> None:
    import pickle

    plan = plan_sweep(setup(games=3), Grid((2, 3)))
    assert isinstance(pickle.loads(pickle.dumps(plan)), SweepPlan)


def test_cli_cells_equal_pnp_playtest_with_the_cells_options(tmp_path: Path) -> None:
    base = ["--content", str(CONTENT_ROOT), "--games", "15", "--seed", "9", "--max-rounds", "10"]
    sweep = CliRunner().invoke(
        app,
        [
            "sweep",
            "haggle",
            *base,
            "--players",
            "2,4",
            "-o",
            "endless=false,true",
            "--houses",
            "martell;lannister,stark",
            "--workers",
            "2",
            "--json",
        ],
    )
    assert sweep.exit_code == 1, sweep.output  # the endless cells hit the cap
    cells = json.loads(sweep.stdout)["cells"]
    assert len(cells) == 8
    for cell in cells:
        houses = cell["houses"] + ["random"] * (cell["players"] - len(cell["houses"]))
        endless = str(cell["options"]["endless"]).lower()
        single = CliRunner().invoke(
            app,
            [
                "playtest",
                "haggle",
                *base,
                "--players",
                str(cell["players"]),
                "-o",
                f"endless={endless}",
                "--houses",
                ",".join(houses),
                "--workers",
                "1",
                "--json",
            ],
        )
        assert single.exit_code in (1, 3), single.output
        assert json.loads(single.stdout) == cell["playtest"], cell["label"]


def test_each_cell_counts_the_cards_its_own_houses_deal() -> None:
    # a ghost card only a Martell seat would deal: the cell without Martell leaves it out
    dealing = dataclasses.replace(
        HAGGLE,
        card_ids=lambda content: [*(c.id for c in content.model.cards), "ghost"],
        card_houses=lambda content: {"ghost": ["martell"]},
    )
    content = dealing.load(CONTENT_ROOT)
    grid = Grid((2,), {}, (("stark", "lannister"), ("martell", "tyrell")))
    plan = plan_sweep(SweepSetup(ruleset=dealing, games=6, seed=4, content_root=CONTENT_ROOT), grid)
    run = run_sweep(plan, grid, content, executor=Backwards())
    without, with_martell = (r.to_json() for r in run.reports)
    assert without["cards_left_out"] == ["ghost"] and "ghost" not in without["cards"]
    assert with_martell["cards_left_out"] == [] and "ghost" in with_martell["cards_never_played"]
