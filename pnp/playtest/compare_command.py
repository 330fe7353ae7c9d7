"""``pnp compare``: from command-line values to two plans, a paired run and its outputs."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.engine.agents import parse_agents
from pnp.engine.record import check_writable
from pnp.engine.runner import Limits
from pnp.errors import UsageError
from pnp.playtest.carddiff import card_changes
from pnp.playtest.cluster import executor_for
from pnp.playtest.compare import ComparePlan, run_compare
from pnp.playtest.comparison import Comparison
from pnp.playtest.contentdiff import content_changes
from pnp.playtest.executor import Executor
from pnp.playtest.failon import check_names, parse_fail_on
from pnp.playtest.harness import reported_card_ids
from pnp.playtest.plan import PlaytestPlan, parse_options, seat_houses
from pnp.playtest.progress import PlaytestProgress
from pnp.playtest.run_options import check_run_options
from pnp.playtest.search_seats import check_search
from pnp.playtest.sweep_grid import content_houses
from pnp.playtest.versions import ContentVersion, resolve_version
from pnp.rulesets import find_ruleset
from pnp.rulesets.ruleset import Ruleset


@dataclass
class CompareRequest:
    """The options of ``pnp compare``, as given."""

    ruleset: str
    base: str
    #: ``None``: the working content (``content``, else the shipped content)
    candidate: str | None = None
    content: Path | None = None
    games: int = 200
    seed: int = 0
    players: int | None = None
    houses: str | None = None
    agents: str | None = None
    #: ``--budget``: simulations per decision of ``ismcts`` seats
    budget: int | None = None
    workers: int | None = None
    #: ``--cluster``: ``local:N`` or a Dask scheduler (:mod:`pnp.playtest.cluster`)
    cluster: str | None = None
    options: list[str] = field(default_factory=list)
    max_rounds: int | None = None
    max_steps: int | None = None
    json: bool = False
    report: Path | None = None
    fail_on: list[str] = field(default_factory=list)
    progress: bool | None = None


def _check(request: CompareRequest) -> None:
    if request.games < 1:
        raise UsageError("--games must be at least 1")
    check_run_options(request)
    if request.report is not None:
        if request.report.suffix.lower() != ".pdf":
            raise UsageError(f"--report {request.report}: the report is a PDF; name it *.pdf")
        check_writable(request.report, "--report")


def _plan(
    request: CompareRequest, ruleset: Ruleset, version: ContentVersion, side: str
) -> PlaytestPlan:
    """One version's plan: the request's setup, that version's content and failure folder."""
    players = request.players if request.players is not None else ruleset.players_default
    ruleset.check_players(players)
    limits = Limits.for_ruleset(ruleset, max_steps=request.max_steps, max_rounds=request.max_rounds)
    agents = parse_agents(request.agents, players, ruleset)
    check_search(ruleset, agents, request.budget)
    return PlaytestPlan(
        ruleset=ruleset,
        games=request.games,
        seed=request.seed,
        players=players,
        agents=agents,
        search_budget=request.budget,
        houses=seat_houses(request.houses, players),
        options=parse_options(request.options),
        limits=limits,
        content_root=version.root,
        failures_dir=Path("output") / ruleset.name / "compare" / f"seed-{request.seed}" / side,
    )


def run_compare_command(
    request: CompareRequest,
    echo: Callable[..., Any],
    *,
    executor: Executor | None = None,
) -> Comparison:
    """Run ``pnp compare``: play both versions, then print (and write) what was asked for."""
    _check(request)
    rules = parse_fail_on(request.fail_on)
    ruleset = find_ruleset(request.ruleset)
    with tempfile.TemporaryDirectory(prefix="pnp-compare-") as folder:
        scratch = Path(folder)
        versions = (
            resolve_version(request.base, ruleset, request.content, scratch / "base", "--base"),
            resolve_version(
                request.candidate, ruleset, request.content, scratch / "new", "--candidate"
            ),
        )
        contents = (versions[0].load(ruleset), versions[1].load(ruleset))
        plan = ComparePlan(
            _plan(request, ruleset, versions[0], "base"),
            _plan(request, ruleset, versions[1], "candidate"),
        )
        # every name a rule gives is checked before the games, not after them
        check_names(rules, "seat", map(str, range(plan.base.players)), "seat")
        houses = [content_houses(c.model) for c in contents]
        if all(h is not None for h in houses):
            check_names(rules, "house", [h for hs in houses for h in hs or []], "House")
        # every card the comparison can report: thrones' plots too, listed once revealed
        cards = [reported_card_ids(ruleset, c) for c in contents]
        if all(c is not None for c in cards):
            check_names(rules, "card", [i for ids in cards for i in ids or []], "card")
        # the bar counts game indices, each played once in either version
        title = f"{ruleset.name} compare (game pairs)"
        # an executor of our own (a cluster) is closed here; one given is the caller's
        owned = (
            nullcontext(executor) if executor else executor_for(request.workers, request.cluster)
        )
        with owned as runner, PlaytestProgress(plan.games, title, enabled=request.progress) as bar:
            run = run_compare(
                plan, versions, contents, executor=runner, progress=bar.advance, started=bar.start
            )
    ids = {*run.base.cards, *run.candidate.cards}
    for known in cards:  # each version's card ids, as the --fail-on check read them
        ids.update(known or [])
    models = contents[0].model, contents[1].model
    how = card_changes(*models, ids)
    comparison = Comparison(
        run,
        rules,
        list(how),
        content_changes(*models, ids),
        known_cards=sorted(ids),
        how_changed=how,
    )
    if request.report is not None:
        from pnp.playtest.compare_pdf import write_compare_report

        write_compare_report(comparison, request.report)
    if request.json:
        echo(json.dumps(comparison.to_json(), indent=1))
    else:
        for line in comparison.text():
            echo(line)
        if request.report is not None:
            echo(f"report: {request.report}")
    return comparison
