"""``pnp playtest``: from command-line values to a plan, a run and its outputs."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.engine.agents import parse_agents
from pnp.engine.record import check_outputs, check_writable, write_atomic
from pnp.engine.runner import Limits
from pnp.errors import UsageError
from pnp.playtest.cluster import executor_for
from pnp.playtest.executor import Executor
from pnp.playtest.harness import run_playtest
from pnp.playtest.plan import PlaytestPlan, parse_options, seat_houses
from pnp.playtest.progress import PlaytestProgress
from pnp.playtest.report import PlaytestReport
from pnp.playtest.run_options import check_judging_options, check_run_options, thresholds_for
from pnp.playtest.schedule import AUTO, DEFAULT_MAX_GAMES, first_batch, parse_games
from pnp.playtest.search_seats import check_search
from pnp.playtest.strength import cards_csv
from pnp.rulesets import find_ruleset


@dataclass
class PlaytestRequest:
    """The options of ``pnp playtest``, as given."""

    ruleset: str
    #: a number of games, or ``"auto"`` (:mod:`pnp.playtest.schedule`)
    games: int | str = AUTO
    #: ``--games auto``'s limit (default :data:`~pnp.playtest.schedule.DEFAULT_MAX_GAMES`)
    max_games: int | None = None
    seed: int = 0
    players: int | None = None
    houses: str | None = None
    agents: str | None = None
    #: ``--budget``: simulations per decision of ``ismcts`` seats
    budget: int | None = None
    workers: int | None = None
    #: ``--cluster``: ``local:N`` or a Dask scheduler (:mod:`pnp.playtest.cluster`)
    cluster: str | None = None
    json: bool = False
    report: Path | None = None
    records: Path | None = None
    stats: Path | None = None
    cards: Path | None = None
    content: Path | None = None
    max_rounds: int | None = None
    max_steps: int | None = None
    invariants: bool = True
    options: list[str] = field(default_factory=list)
    fair_margin: float | None = None
    max_cap_rate: float | None = None
    card_games: int | None = None
    house_games: int | None = None
    seat_games: int | None = None
    progress: bool | None = None


def _check(request: PlaytestRequest) -> None:
    games = parse_games(request.games)
    if request.max_games is not None:
        if games is not None:
            raise UsageError(
                f"--max-games goes with --games auto, not --games {games}: give one or the other"
            )
        if request.max_games < 1:
            raise UsageError("--max-games must be at least 1")
    check_run_options(request)
    check_judging_options(request)
    if request.report is not None and request.report.suffix.lower() != ".pdf":
        raise UsageError(f"--report {request.report}: the report is a PDF; name it *.pdf")
    if request.cards is not None and request.cards.suffix.lower() != ".csv":
        raise UsageError(f"--cards {request.cards}: the card figures are a CSV file; name it *.csv")
    # outputs are written after the games: check them before, not after, a long run
    check_outputs(
        [("--report", request.report), ("--stats", request.stats), ("--cards", request.cards)]
    )
    if request.records is not None:
        check_writable(request.records, "--records", folder=True)


def build_plan(request: PlaytestRequest) -> tuple[PlaytestPlan, Any]:
    """The plan and loaded content for ``request``; :class:`PnpError` for bad input."""
    _check(request)
    ruleset = find_ruleset(request.ruleset)
    players = request.players if request.players is not None else ruleset.players_default
    ruleset.check_players(players)
    agents = parse_agents(request.agents, players, ruleset)
    check_search(ruleset, agents, request.budget)
    content = ruleset.load(request.content, alone=True)
    limits = Limits.for_ruleset(
        ruleset,
        max_steps=request.max_steps,
        max_rounds=request.max_rounds,
        invariants=request.invariants,
    )
    fixed = parse_games(request.games)
    most = request.max_games if request.max_games is not None else DEFAULT_MAX_GAMES
    plan = PlaytestPlan(
        ruleset=ruleset,
        games=fixed if fixed is not None else most,
        auto=fixed is None,
        seed=request.seed,
        players=players,
        agents=agents,
        search_budget=request.budget,
        houses=seat_houses(request.houses, players),
        options=parse_options(request.options),
        limits=limits,
        content_root=request.content,
        records_dir=request.records,
        failures_dir=Path("output") / ruleset.name / "playtest" / f"seed-{request.seed}",
    )
    return plan, content


def run_command(
    request: PlaytestRequest,
    echo: Callable[..., Any],
    *,
    executor: Executor | None = None,
) -> PlaytestReport:
    """Run ``pnp playtest``: play, then print (and write) what was asked for."""
    plan, content = build_plan(request)
    thresholds = thresholds_for(plan.ruleset, request)
    title = f"{plan.ruleset.name} playtest"
    first = first_batch(plan.games) if plan.auto else plan.games
    # an executor of our own (a cluster) is closed here; one given is the caller's
    owned = nullcontext(executor) if executor else executor_for(request.workers, request.cluster)
    with owned as runner, PlaytestProgress(first, title, enabled=request.progress) as bar:
        report = run_playtest(
            plan,
            content,
            executor=runner,
            thresholds=thresholds,
            progress=bar.advance,
            started=bar.start,
            batch=bar.extend,
        )
    if request.report is not None:
        from pnp.playtest.pdf import write_report

        write_report(report, request.report)
    if request.stats is not None:
        write_atomic(request.stats, json.dumps(report.full_json(), indent=1) + "\n")
    if request.cards is not None:
        write_atomic(request.cards, cards_csv(report.stats.cards, report.strength))
    if request.json:
        echo(json.dumps(report.to_json(), indent=1))
        note = report.replaced_note()
        if note:  # standard output stays one JSON object
            echo(note, err=True)
    else:
        for line in report.text():
            echo(line)
        if request.report is not None:
            echo(f"report: {request.report}")
    return report
