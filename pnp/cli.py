"""The ``pnp`` command line: commands parse options and call library code."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from pnp import __version__, cli_errors, closed_pipe, compiled, interrupt
from pnp.cli_help import HelpTyper
from pnp.content.problems import display_path
from pnp.errors import PnpError, UsageError
from pnp.rulesets import Ruleset, all_rulesets, find_ruleset

app = HelpTyper(
    name="pnp",
    help="Print-and-play kits and a headless referee for three Westeros rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

P = ParamSpec("P")
R = TypeVar("R")

ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content",
        help="Content root holding one folder per ruleset (default: the shipped content/).",
        file_okay=False,
    ),
]

# Options that playtest and compare share, spelt once.
PlayersOption = Annotated[
    int | None,
    typer.Option("--players", help="Players per game (default: the ruleset's, see pnp rulesets)."),
]

HousesOption = Annotated[
    str | None,
    typer.Option(
        "--houses",
        metavar="HOUSE,...",
        help="Houses of the first seats, comma-separated; the seats not named, and any "
        "named 'random', are drawn per game.",
    ),
]

WorkersOption = Annotated[
    int | None, typer.Option("--workers", help="Worker processes (default: the core count).")
]

ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="local:N|ADDRESS",
        help="Play on a Dask cluster instead of local processes: local:N starts N worker "
        "processes here; tcp://HOST:8786 (or a scheduler FILE.json) plays on the workers of a "
        # \\[ keeps Rich, which draws the help, from reading [cluster] as a style
        'running dask scheduler (pip install -e ".\\[cluster]"; not with --workers).',
    ),
]

RulesetOptionsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A ruleset option KEY=VALUE (repeatable, each KEY once).",
    ),
]

BudgetOption = Annotated[
    int | None,
    typer.Option(
        "--budget",
        metavar="N",
        help="Simulations per decision of ismcts seats (default 16; needs the openspiel extra).",
    ),
]

MaxRoundsOption = Annotated[
    int | None, typer.Option("--max-rounds", help="Round cap (default: the ruleset's).")
]

MaxStepsOption = Annotated[
    int | None, typer.Option("--max-steps", help="Decision cap (default: the ruleset's).")
]

InvariantsOption = Annotated[
    bool, typer.Option("--invariants/--no-invariants", help="Check invariants every step.")
]

FairMarginOption = Annotated[
    float | None,
    typer.Option(
        "--fair-margin",
        help="Fair band half-width around the fair rate, the winners over the seats of the "
        "games with a result: 1/players only with one winner a game (default: the "
        "ruleset's).",
    ),
]

MaxCapRateOption = Annotated[
    float | None, typer.Option("--max-cap-rate", help="Largest share of capped games (0.01).")
]

CardGamesOption = Annotated[
    int | None,
    typer.Option("--card-games", help="A card never played in this many games is dead (500)."),
]

HouseGamesOption = Annotated[
    int | None,
    typer.Option(
        "--house-games", help="A House's win rate is undecided below this many games (30)."
    ),
]

SeatGamesOption = Annotated[
    int | None,
    typer.Option("--seat-games", help="A seat's win rate is undecided below this many games (30)."),
]

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]

ReportOption = Annotated[
    Path | None,
    typer.Option(
        "--report", metavar="FILE.pdf", help="Write a PDF report with charts.", dir_okay=False
    ),
]


#: exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = interrupt.STATUS


def reports_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`PnpError` into its lines on stderr and exit status 2, and Ctrl-C
    into one line and exit status 130."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except PnpError as exc:
            if interrupt.requested():  # a library turned Ctrl-C into an error we reported
                cli_errors.interrupted()
            for line in exc.lines():
                typer.echo(line, err=True)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt:
            cli_errors.interrupted()

    return wrapper


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__} ({compiled.describe()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Print-and-play kits and a headless referee for three Westeros rulesets."""


def selected_rulesets(names: list[str] | None) -> list[Ruleset]:
    """The rulesets named on the command line, or every registered one."""
    if names:
        # once each, however spelt: 'fief Fief' builds fief once
        return list({r.name: r for r in map(find_ruleset, names)}.values())
    return list(all_rulesets())


@app.command("rulesets")
@reports_errors
def rulesets_command() -> None:
    """List the registered rulesets, their player counts (and the default one) and options."""
    registered = all_rulesets()
    if not registered:
        typer.echo("No rulesets are registered.")
        return
    width = max(len(r.name) for r in registered)
    counts = [f"{r.players_text()} players (default {r.players_default})" for r in registered]
    count_width = max(map(len, counts))
    for ruleset, players in zip(registered, counts, strict=True):
        line = f"{ruleset.name:<{width}}  {players:<{count_width}}  {ruleset.title}"
        if ruleset.notes:
            line += f" ({ruleset.notes})"
        typer.echo(line)


@app.command("validate")
@reports_errors
def validate_command(
    rulesets: Annotated[
        list[str] | None,
        typer.Argument(metavar="RULESET", help="Rulesets to check (default: all registered)."),
    ] = None,
    content: ContentOption = None,
) -> None:
    """Load and check content; report every problem with file, line and field."""
    from pnp.content import ContentError

    chosen = selected_rulesets(rulesets)
    if not chosen:
        typer.echo("No rulesets are registered; nothing to validate.")
        return
    problems = []
    for ruleset in chosen:
        try:
            loaded = ruleset.load(content, alone=len(chosen) == 1)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        files = len(loaded.files)
        typer.echo(
            f"{ruleset.name}: {display_path(loaded.folder)} "
            f"({files} file{'s' if files != 1 else ''}) is valid"
        )
        for kind, count in ruleset.summarize(loaded.model).items():
            typer.echo(f"  {kind}: {count}")
    if problems:
        raise ContentError(problems)


@app.command("scenario")
@reports_errors
def scenario_command(
    targets: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE|DIR", help="Scenario files, or folders searched for *.yaml and *.yml."
        ),
    ],
    content: ContentOption = None,
    show: Annotated[
        bool,
        typer.Option(
            "--show",
            help="After each file, print the game where its script stopped: the pending "
            "decision's kind and options, every event since the script began and the whole "
            "state, written as a scenario writes them.",
        ),
    ] = False,
) -> None:
    """Run scenario files: PASS or FAIL per file with a readable diff; exit 1 if any fails,
    2 if any is malformed or missing (the others still run)."""
    from pnp.engine.scenarios import ScenarioRunner, run_scenarios

    runner = ScenarioRunner(find_ruleset, content_root=content, show=show)
    summary = run_scenarios(runner, targets, typer.echo)
    raise typer.Exit(summary.exit_code)


@app.command("replay")
@reports_errors
def replay_command(
    records: Annotated[
        list[Path],
        typer.Argument(
            metavar="RECORD|DIR",
            help="Record files (.json, .jsonl with one per line), or folders: their "
            "game-NNNNNN.json records.",
        ),
    ],
    content: Annotated[
        Path | None,
        typer.Option(
            "--content",
            help="Content root to replay on (default: the one recorded, else the shipped one).",
            file_okay=False,
        ),
    ] = None,
    log: Annotated[bool, typer.Option("--log", help="Print every choice and event.")] = False,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="Step through one record's game with the views pnp play draws (n next, "
            "b back, r N round, g N decision, e end, q quit).",
        ),
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", metavar="S", help="With --watch or --to-text: only what seat S saw."
        ),
    ] = None,
    to_text: Annotated[
        Path | None,
        typer.Option(
            "--to-text",
            metavar="FILE",
            help="Write one record's whole game as a readable log (each decision and "
            "what it caused, in words).",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Replay records and verify the final state hash; exit 1 on a mismatch, 2 on a bad record.
    With --watch or --to-text: show one record's game instead."""
    from pnp.engine.replay import replay_files

    if watch or to_text is not None:
        from pnp.play.watch import run_watch

        if len(records) != 1 or records[0].is_dir():
            raise UsageError("--watch and --to-text show one record file at a time")
        raise typer.Exit(
            run_watch(
                records[0],
                find=find_ruleset,
                content_root=content,
                seat=seat,
                interactive=watch,
                to_text=to_text,
                echo=typer.echo,
            )
        )
    if seat is not None:
        raise UsageError("--seat goes with --watch or --to-text")
    raise typer.Exit(
        replay_files(records, typer.echo, find=find_ruleset, content_root=content, log=log)
    )


@app.command("play")
@reports_errors
def play_command(
    ruleset: Annotated[
        str | None, typer.Argument(help="The ruleset to play (not with --resume).")
    ] = None,
    players: PlayersOption = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            "--seat",
            metavar="S",
            help="A seat you play, from 0 (repeatable: several people take turns at one "
            "terminal; default: seat 0). Bots play the others.",
        ),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            metavar="AGENT,...",
            help="The bots: one agent for every other seat, or one per seat: heuristic, "
            "random, ismcts (default: the ruleset's own bot).",
        ),
    ] = None,
    budget: BudgetOption = None,
    houses: HousesOption = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Game seed (default: the game's number in its folder)."),
    ] = None,
    option: RulesetOptionsOption = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE.json",
            help="Keep the game's record here (default: output/RULESET/games/game-NNNNNN.json).",
            dir_okay=False,
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE.json",
            help="Continue the game this record holds (saved with s or q).",
            dir_okay=False,
        ),
    ] = None,
    content: ContentOption = None,
    max_rounds: MaxRoundsOption = None,
    max_steps: MaxStepsOption = None,
) -> None:
    """Play a game at the terminal against the bots: numbered options, ? explains a decision,
    c reads the cards on screen, l all that happened since your last one, u undoes, s saves,
    q quits (saved). Every game is a record pnp replay verifies and --resume continues."""
    from pnp.play.command import PlayRequest, run_play

    request = PlayRequest(
        ruleset=ruleset,
        players=players,
        seats=list(seat or []),
        agents=agents,
        budget=budget,
        houses=houses,
        seed=seed,
        options=list(option or []),
        record=record,
        resume=resume,
        content=content,
        max_rounds=max_rounds,
        max_steps=max_steps,
    )
    raise typer.Exit(run_play(request))


@app.command("playtest")
@reports_errors
def playtest_command(
    ruleset: Annotated[str, typer.Argument(help="The ruleset to playtest.")],
    games: Annotated[
        str,
        typer.Option(
            "--games",
            "-n",
            metavar="N|auto",
            help="Number of games, or auto: play in growing batches until every House, seat "
            "and card is decided (or --max-games).",
        ),
    ] = "auto",
    max_games: Annotated[
        int | None,
        typer.Option("--max-games", help="The most games --games auto plays (20000)."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Run seed; game i's seed derives from it.")
    ] = 0,
    players: PlayersOption = None,
    houses: HousesOption = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            metavar="AGENT,...",
            help="Agent for every seat, or one per seat: heuristic,random,ismcts "
            "(default: the ruleset's own bot, else random).",
        ),
    ] = None,
    budget: BudgetOption = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    as_json: JsonOption = False,
    report: ReportOption = None,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Write every game's record here (game-NNNNNN.json); a run that completes "
            "replaces an earlier run's.",
            file_okay=False,
        ),
    ] = None,
    stats: Annotated[
        Path | None,
        typer.Option(
            "--stats", help="Write the full statistics (per card, agent) as JSON.", dir_okay=False
        ),
    ] = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards",
            metavar="FILE.csv",
            help="Write the card strength figures (win rate when drawn, played, not seen; "
            "improvement when drawn) as CSV.",
            dir_okay=False,
        ),
    ] = None,
    content: ContentOption = None,
    max_rounds: MaxRoundsOption = None,
    max_steps: MaxStepsOption = None,
    invariants: InvariantsOption = True,
    option: RulesetOptionsOption = None,
    fair_margin: FairMarginOption = None,
    max_cap_rate: MaxCapRateOption = None,
    card_games: CardGamesOption = None,
    house_games: HouseGamesOption = None,
    seat_games: SeatGamesOption = None,
) -> None:
    """Auto-play seeded games in parallel and judge crashes, invariants, balance, cards and
    the printed kit: PASS (exit 0), FAIL (1) or INCONCLUSIVE (3: something is still
    undecided); with a random seat, crashes, invariants, caps and the kit only."""
    from pnp.playtest.command import PlaytestRequest, run_command

    request = PlaytestRequest(
        ruleset=ruleset,
        games=games,
        max_games=max_games,
        seed=seed,
        players=players,
        houses=houses,
        agents=agents,
        budget=budget,
        workers=workers,
        cluster=cluster,
        json=as_json,
        report=report,
        records=records,
        stats=stats,
        cards=cards,
        content=content,
        max_rounds=max_rounds,
        max_steps=max_steps,
        invariants=invariants,
        options=list(option or []),
        fair_margin=fair_margin,
        max_cap_rate=max_cap_rate,
        card_games=card_games,
        house_games=house_games,
        seat_games=seat_games,
    )
    raise typer.Exit(run_command(request, typer.echo).exit_code)


@app.command("compare")
@reports_errors
def compare_command(
    ruleset: Annotated[str, typer.Argument(help="The ruleset whose content is compared.")],
    base: Annotated[
        str,
        typer.Option(
            "--base",
            metavar="DIR|git:REV",
            help="The version to compare against: a content folder, or git:REV for the "
            "working content's folder at that revision (git:HEAD: the last commit).",
        ),
    ],
    candidate: Annotated[
        str | None,
        typer.Option(
            "--candidate",
            metavar="DIR|git:REV",
            help="The changed version (default: the working content, --content).",
        ),
    ] = None,
    content: ContentOption = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per version.")] = 200,
    seed: Annotated[
        int, typer.Option("--seed", help="Run seed; game i has the same seed in both versions.")
    ] = 0,
    players: PlayersOption = None,
    houses: HousesOption = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            metavar="AGENT,...",
            help="Agent for every seat, or one per seat (default: the ruleset's own bot).",
        ),
    ] = None,
    budget: BudgetOption = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    option: RulesetOptionsOption = None,
    max_rounds: MaxRoundsOption = None,
    max_steps: MaxStepsOption = None,
    as_json: JsonOption = False,
    report: ReportOption = None,
    fail_on: Annotated[
        list[str] | None,
        typer.Option(
            "--fail-on",
            metavar="RULE,...",
            help="Exit 1 when a rule is broken: house>3pp (a House's win rate moved more "
            "than 3 points with its interval clear of zero), house:ID>3pp, seat>3pp, "
            "seat:N>3pp, card>10pp, card:ID>10pp (improvement when drawn, of ranked "
            "cards only).",
        ),
    ] = None,
) -> None:
    """Play the same seeds under two versions of the content and report what changed:
    what differs in the content, win rates per House and seat with paired intervals, lengths,
    endings and card figures."""
    from pnp.playtest.compare_command import CompareRequest, run_compare_command

    request = CompareRequest(
        ruleset=ruleset,
        base=base,
        candidate=candidate,
        content=content,
        games=games,
        seed=seed,
        players=players,
        houses=houses,
        agents=agents,
        budget=budget,
        workers=workers,
        cluster=cluster,
        options=list(option or []),
        max_rounds=max_rounds,
        max_steps=max_steps,
        json=as_json,
        report=report,
        fail_on=list(fail_on or []),
    )
    raise typer.Exit(run_compare_command(request, typer.echo).exit_code)


@app.command("sweep")
@reports_errors
def sweep_command(
    ruleset: Annotated[str, typer.Argument(help="The ruleset to sweep.")],
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--players",
            metavar="P,...",
            help="Player counts, comma-separated (or --players again): 3,4,6 (default: the "
            "ruleset's).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=V1,V2",
            help="A ruleset option and its values, comma-separated: winter=true,false "
            "(repeatable, each KEY once; several give their cross product).",
        ),
    ] = None,
    houses: Annotated[
        list[str] | None,
        typer.Option(
            "--houses",
            metavar="H,H;...|all-pairs",
            help="House pairings separated by ';' (repeatable): 'stark,lannister;tully,arryn', "
            "each naming the first seats (the rest drawn per game); all-pairs: every two "
            "Houses of the content, at seats 0 and 1.",
        ),
    ] = None,
    games: Annotated[
        str,
        typer.Option(
            "--games",
            "-n",
            metavar="N",
            help="Games per cell (a number: --games auto is for pnp playtest).",
        ),
    ] = "200",
    seed: Annotated[
        int,
        typer.Option("--seed", help="Run seed; game i of every cell has playtest game i's seed."),
    ] = 0,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            metavar="AGENT,...",
            help="Agent for every seat, or one per seat: heuristic,random,ismcts "
            "(default: the ruleset's own bot).",
        ),
    ] = None,
    budget: BudgetOption = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    content: ContentOption = None,
    max_rounds: MaxRoundsOption = None,
    max_steps: MaxStepsOption = None,
    invariants: InvariantsOption = True,
    as_json: JsonOption = False,
    csv: Annotated[
        Path | None,
        typer.Option(
            "--csv", metavar="FILE.csv", help="Write one row per cell as CSV.", dir_okay=False
        ),
    ] = None,
    report: ReportOption = None,
    fair_margin: FairMarginOption = None,
    max_cap_rate: MaxCapRateOption = None,
    card_games: CardGamesOption = None,
    house_games: HouseGamesOption = None,
    seat_games: SeatGamesOption = None,
) -> None:
    """Playtest a grid of player counts, option values and House pairings in one run on one
    pool of workers: one row per cell (verdict, House and seat intervals, length, endings).
    Each cell is the playtest of its setup with the same seed and games. Exit 0 when every
    cell passes, 1 when any fails, 3 when none fails but some is inconclusive."""
    from pnp.playtest.sweep_command import SweepRequest, run_sweep_command

    request = SweepRequest(
        ruleset=ruleset,
        games=games,
        seed=seed,
        # --players 4 --players 5 is --players 4,5 (the last one alone counted)
        players=",".join(players) if players else None,
        options=list(option or []),
        houses=list(houses or []),
        agents=agents,
        budget=budget,
        workers=workers,
        cluster=cluster,
        content=content,
        max_rounds=max_rounds,
        max_steps=max_steps,
        invariants=invariants,
        json=as_json,
        csv=csv,
        report=report,
        fair_margin=fair_margin,
        max_cap_rate=max_cap_rate,
        card_games=card_games,
        house_games=house_games,
        seat_games=seat_games,
    )
    raise typer.Exit(run_sweep_command(request, typer.echo).exit_code)


def main() -> None:
    """Run the command line (:func:`pnp.entry.main` imports this module and calls it)."""
    interrupt.install()
    closed_pipe.guard()
    app(prog_name="pnp")
    sys.exit(0)


# The print commands live in their own module; importing it registers them.
from pnp import cli_export, cli_render  # noqa: E402, F401
