"""``pnp play``: set up (or resume) a game with human seats and play it at the terminal."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import interrupt
from pnp.content.problems import display_path
from pnp.engine.agents import SEARCH_AGENT, SEARCH_BUDGET, parse_agents
from pnp.engine.record import RECORD_NAME, Record, check_writable, read_records, record_name
from pnp.engine.runner import FINISHED, INCOMPLETE, Limits
from pnp.errors import UsageError
from pnp.play.prompt import Terminal
from pnp.play.screen import esc
from pnp.play.session import HUMAN, Session
from pnp.play.table import play
from pnp.playtest.plan import parse_options, seat_houses
from pnp.playtest.search_seats import check_search
from pnp.rulesets import find_ruleset
from pnp.rulesets.ruleset import Ruleset


@dataclass
class PlayRequest:
    """The options of ``pnp play``, as the command line gave them."""

    ruleset: str | None = None
    players: int | None = None
    #: the seats people play (default: seat 0)
    seats: list[int] = field(default_factory=list)
    agents: str | None = None
    #: ``--budget``: simulations per decision of ``ismcts`` seats
    budget: int | None = None
    houses: str | None = None
    seed: int | None = None
    options: list[str] = field(default_factory=list)
    record: Path | None = None
    resume: Path | None = None
    content: Path | None = None
    max_rounds: int | None = None
    max_steps: int | None = None


def games_folder(ruleset: Ruleset) -> Path:
    """Where ``pnp play`` keeps its records unless ``--record`` says otherwise."""
    return Path("output") / ruleset.name / "games"


def next_game(folder: Path) -> int:
    """The number of the next game in ``folder`` (one more than the highest there)."""
    numbers = [
        int(m.group(1))
        for p in (folder.iterdir() if folder.is_dir() else [])
        if (m := RECORD_NAME.fullmatch(p.name))
    ]
    return max(numbers, default=0) + 1


def new_record(request: PlayRequest) -> tuple[Ruleset, Record, Path]:
    """The ruleset, a fresh record (no choices yet) and its path for a new game."""
    if request.ruleset is None:
        raise UsageError("name the ruleset to play (pnp play thrones), or --resume a record")
    ruleset = find_ruleset(request.ruleset)
    players = request.players if request.players is not None else ruleset.players_default
    ruleset.check_players(players)
    seats = request.seats or [0]
    for seat in seats:
        if not 0 <= seat < players:
            raise UsageError(
                f"--seat {seat}: the seats of {players} players are 0 to {players - 1}"
            )
    if len(set(seats)) != len(seats):
        raise UsageError(f"--seat names a seat twice: {', '.join(map(str, seats))}")
    agents = list(parse_agents(request.agents, players, ruleset))
    for seat in seats:
        agents[seat] = HUMAN
    check_search(ruleset, agents, request.budget)
    if request.record is not None:
        path, number = request.record, None
    else:
        folder = games_folder(ruleset)
        number = next_game(folder)
        path = folder / record_name(number)
    if path.suffix != ".json":
        raise UsageError(f"--record {display_path(path)}: a record is a .json file")
    check_writable(path, "--record")
    # a new game a new seed: without --seed, the game's number (never the clock)
    seed = request.seed if request.seed is not None else (number or 1)
    limits = Limits.for_ruleset(ruleset, max_rounds=request.max_rounds, max_steps=request.max_steps)
    houses = seat_houses(request.houses, players)
    record = Record(
        ruleset=ruleset.name,
        seed=seed,
        players=players,
        agents=agents,
        choices=[],
        status=INCOMPLETE,
        houses=list(houses) if houses is not None else None,
        options=parse_options(request.options),
        limits={
            "max_steps": limits.max_steps,
            "max_rounds": limits.max_rounds,
            "invariants": limits.invariants,
        },
        content_root=str(request.content.resolve()) if request.content is not None else None,
        origin={"command": "play"},
    )
    if SEARCH_AGENT in agents:
        # a resumed game searches as the first part did
        record.origin["search_budget"] = request.budget or SEARCH_BUDGET
    return ruleset, record, path


def resumed_record(request: PlayRequest) -> tuple[Ruleset, Record, Path]:
    """The ruleset, record and path of ``--resume FILE``."""
    assert request.resume is not None
    path = request.resume
    given = [
        name
        for name, value in (
            ("RULESET", request.ruleset),
            ("--players", request.players),
            ("--seat", request.seats),
            ("--agents", request.agents),
            ("--budget", request.budget),
            ("--houses", request.houses),
            ("--seed", request.seed),
            ("--option", request.options),
            ("--record", request.record),
        )
        if value
    ]
    if given:
        raise UsageError(
            f"--resume continues the recorded game as it was set up: drop {', '.join(given)}"
        )
    records = read_records(path)
    if len(records) != 1:
        raise UsageError(f"--resume {display_path(path)}: holds {len(records)} records, not one")
    record = records[0]
    if HUMAN not in record.agents:
        raise UsageError(
            f"--resume {display_path(path)}: no seat of this game is played by a person "
            f"(watch it with: pnp replay {display_path(path)} --watch)"
        )
    if record.status == FINISHED:
        raise UsageError(f"--resume {display_path(path)}: this game is over")
    record.status, record.failure = INCOMPLETE, None
    ruleset = find_ruleset(record.ruleset)
    check_search(ruleset, record.agents, None)  # OpenSpiel installed for its search seats
    return ruleset, record, path


def run_play(request: PlayRequest, term: Terminal | None = None) -> int:
    """Play the game ``request`` asks for at ``term``; the exit status."""
    if request.resume is not None:
        ruleset, record, path = resumed_record(request)
    else:
        ruleset, record, path = new_record(request)
    root: Any = request.content
    if root is None and record.content_root and Path(record.content_root).is_dir():
        root = Path(record.content_root)
    content = ruleset.load(root, alone=True)
    if request.resume is not None and record.content_hash not in ("", content.content_hash):
        # the recorded choices index options the old content offered: replayed on other
        # content they may pick other options, or ones that no longer exist
        raise UsageError(
            f"--resume {display_path(path)}: the {ruleset.name} content changed since the "
            f"game was saved (hash {content.content_hash[:12]}, recorded "
            f"{record.content_hash[:12]}); play it on the content it was saved with "
            "(--content FOLDER)"
        )
    record.content_hash = content.content_hash
    session = Session(ruleset, content, record, path)
    session.save()  # a record from the first moment: a crash or Ctrl-C loses nothing
    terminal = term if term is not None else Terminal()
    try:
        return play(session, terminal)
    except KeyboardInterrupt:
        # Ctrl-C at a prompt stops the game as q does, with the status a stop has (the
        # CLI's "nothing was written" would be untrue: the record is saved)
        session.save()
        terminal.say(f"\nStopped. Saved to {esc(path)}.")
        terminal.say(f"Continue with: pnp play --resume {esc(path)}")
        interrupt.told()
        return interrupt.STATUS
