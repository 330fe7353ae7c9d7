"""``pnp sweep``: from command-line values to a grid, one run of every cell and its outputs."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.engine.record import check_outputs, write_atomic
from pnp.engine.runner import Limits
from pnp.errors import UsageError
from pnp.playtest.cluster import executor_for
from pnp.playtest.executor import Executor
from pnp.playtest.progress import PlaytestProgress
from pnp.playtest.run_options import check_judging_options, check_run_options, thresholds_for
from pnp.playtest.schedule import AUTO
from pnp.playtest.search_seats import check_search
from pnp.playtest.sweep import (
    DEFAULT_GAMES,
    SweepRun,
    SweepSetup,
    plan_sweep,
    run_sweep,
    skip_forbidden,
)
from pnp.playtest.sweep_grid import (
    Grid,
    check_pairings,
    content_houses,
    parse_option_axes,
    parse_pairings,
    parse_players,
)
from pnp.playtest.sweep_report import csv_text, text, to_json
from pnp.rulesets import find_ruleset


@dataclass
class SweepRequest:
    """The options of ``pnp sweep``, as given."""

    ruleset: str
    #: games per cell, as given (a whole number; ``auto`` is refused)
    games: str | int = DEFAULT_GAMES
    seed: int = 0
    #: ``3,4,6`` (``None``: the ruleset's default count)
    players: str | None = None
    #: ``-o KEY=V1,V2``, each key once
    options: list[str] = field(default_factory=list)
    #: ``--houses`` values: ``;``-separated pairings, or ``all-pairs``
    houses: list[str] = field(default_factory=list)
    agents: str | None = None
    #: ``--budget``: simulations per decision of ``ismcts`` seats
    budget: int | None = None
    workers: int | None = None
    #: ``--cluster``: ``local:N``, a scheduler's address or file (:mod:`pnp.playtest.cluster`)
    cluster: str | None = None
    content: Path | None = None
    max_rounds: int | None = None
    max_steps: int | None = None
    invariants: bool = True
    json: bool = False
    csv: Path | None = None
    report: Path | None = None
    fair_margin: float | None = None
    max_cap_rate: float | None = None
    card_games: int | None = None
    house_games: int | None = None
    seat_games: int | None = None
    progress: bool | None = None


def _games(value: str | int) -> int:
    """``--games``: a whole number of games per cell."""
    text = str(value).strip()
    if text.lower() == AUTO:
        raise UsageError(
            "--games auto: a sweep plays the same number of games in every cell; "
            "give a number (pnp playtest --games auto decides one cell at a time)"
        )
    try:
        games = int(text)
    except ValueError:
        raise UsageError(f"--games {text}: expected a whole number of games per cell") from None
    if games < 1:
        raise UsageError("--games must be at least 1")
    return games


def _check(request: SweepRequest) -> None:
    check_run_options(request)
    check_judging_options(request)
    if request.report is not None and request.report.suffix.lower() != ".pdf":
        raise UsageError(f"--report {request.report}: the report is a PDF; name it *.pdf")
    if request.csv is not None and request.csv.suffix.lower() != ".csv":
        raise UsageError(f"--csv {request.csv}: the cells' figures are a CSV file; name it *.csv")
    # outputs are written after the games: check them before, not after, a long run
    check_outputs([("--report", request.report), ("--csv", request.csv)])


def build_sweep(request: SweepRequest) -> tuple[SweepSetup, Grid, Any]:
    """The shared setup, the checked grid and the loaded content of ``request``;
    :class:`PnpError` for bad input (nothing is played or written)."""
    games = _games(request.games)
    _check(request)
    ruleset = find_ruleset(request.ruleset)
    players = parse_players(request.players, ruleset)
    options = parse_option_axes(request.options)
    content = ruleset.load(request.content, alone=True)
    pairings, all_pairs = parse_pairings(request.houses, content_houses(content.model))
    grid = Grid(players, options, pairings, all_pairs)
    check_pairings(grid)
    limits = Limits.for_ruleset(
        ruleset,
        max_steps=request.max_steps,
        max_rounds=request.max_rounds,
        invariants=request.invariants,
    )
    setup = SweepSetup(
        ruleset=ruleset,
        games=games,
        seed=request.seed,
        agents=request.agents,
        search_budget=request.budget,
        limits=limits,
        content_root=request.content,
    )
    return setup, skip_forbidden(setup, grid, content), content


def run_sweep_command(
    request: SweepRequest,
    echo: Callable[..., Any],
    *,
    executor: Executor | None = None,
) -> SweepRun:
    """Run ``pnp sweep``: check the whole grid, play every cell, print (and write) the
    results. ``executor`` plays the games (default: ``--cluster``, else local processes,
    ``--workers``)."""
    setup, grid, content = build_sweep(request)
    plan = plan_sweep(setup, grid)  # every cell's agents are checked here
    for cell in plan.cells:
        check_search(setup.ruleset, cell.agents, request.budget)
    thresholds = thresholds_for(setup.ruleset, request)
    owned = nullcontext(executor) if executor else executor_for(request.workers, request.cluster)
    title = f"{setup.ruleset.name} sweep ({len(plan.cells)} cells)"
    with owned as runner, PlaytestProgress(plan.total, title, enabled=request.progress) as bar:
        run = run_sweep(
            plan,
            grid,
            content,
            executor=runner,
            thresholds=thresholds,
            progress=lambda game: bar.advance(game.summary),
            started=bar.start,
        )
    if request.report is not None:
        from pnp.playtest.sweep_pdf import write_sweep_report

        write_sweep_report(run, setup, request.report)
    if request.csv is not None:
        write_atomic(request.csv, csv_text(run))
    if request.json:
        echo(json.dumps(to_json(run, setup), indent=1))
    else:
        for line in text(run, setup):
            echo(line)
        for flag, path in (("report", request.report), ("csv", request.csv)):
            if path is not None:
                echo(f"{flag}: {path}")
    return run
