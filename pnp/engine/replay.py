"""Replay a record and check that it ends exactly as recorded.

A replay sets the game up from the record's seed and configuration and
applies the recorded choices; it must reach the same final state hash and
result, or reproduce the same crash or invariant violation at the same step.
A crash inside a bot happened between choices, so that replay re-runs the
recorded agents (deterministic from the seed) and checks they make the
recorded choices on the way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.content import LoadedContent
from pnp.engine.game import Decision, Game
from pnp.engine.record import RECORD_PATTERN, Record, record_entries, records_in, result_dict
from pnp.engine.runner import (
    CRASHED,
    FINISHED,
    INCOMPLETE,
    VIOLATED,
    Chooser,
    GameRun,
    Observer,
    agents_chooser,
    failure_place,
    run_game,
    scripted_chooser,
)
from pnp.rulesets.ruleset import Ruleset


@dataclass
class ReplayOutcome:
    """A replay's run and how it differs from the record (nothing, when it reproduces)."""

    record: Record
    run: GameRun
    differences: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: whether the agents were re-run (a crash inside a bot)
    reran_agents: bool = False

    @property
    def ok(self) -> bool:
        """Whether the replay reproduced the record."""
        return not self.differences

    def summary(self) -> str:
        """One line: what was reproduced."""
        record = self.record
        head = f"{record.ruleset} seed {record.seed}, {len(record.choices)} choices"
        if record.status == CRASHED and record.failure is not None:
            f = record.failure
            place = failure_place(str(f["phase"]), int(f["step"]))
            what = f"the crash {f['type']}: {f['message']} ({place})"
        elif record.status == VIOLATED:
            what = f"the invariant violation after decision {len(record.choices)}"
        elif record.status == INCOMPLETE:  # a game saved before its end (pnp play)
            what = "the game so far (unfinished: pnp play --resume continues it)"
        else:
            result = record.result or {}
            winners = ", ".join(str(w) for w in result.get("winners", [])) or "none"
            what = f"{result.get('ending')} (winners: {winners})"
            if record.final_state_hash:
                what += f", state hash {record.final_state_hash[:12]}"
        if self.ok:
            return f"{head}: reproduced {what}"
        # ``what`` is the record's account, not the replay's: what differs follows
        return f"{head}: did not reproduce the record (it says {what}); it differs in:"


def replay(
    record: Record,
    ruleset: Ruleset,
    content: LoadedContent[Any],
    *,
    observer: Observer | None = None,
    trace: Callable[[Game, Decision, int], None] | None = None,
) -> ReplayOutcome:
    """Replay ``record`` on ``content``; the outcome lists every difference.

    ``observer`` receives the events as in :func:`run_game`; ``trace(game,
    decision, index)`` is called before each choice is applied (for logs).
    """
    warnings = []
    if record.content_hash and record.content_hash != content.content_hash:
        warnings.append(
            f"the content differs from the recorded one (hash {content.content_hash[:12]} "
            f"≠ {record.content_hash[:12]}); the replay may diverge"
        )
    if record.engine_version != __version__:
        warnings.append(
            f"recorded with pnp {record.engine_version}, replayed with pnp {__version__}"
        )
    failure = record.failure or {}
    rerun = record.status == CRASHED and failure.get("phase") == "agent"
    choose: Chooser = (
        agents_chooser(ruleset, record.agents, record.seed)
        if rerun
        else scripted_chooser(record.choices)
    )
    if trace is not None:
        choose = _traced(choose, trace)
    run = run_game(
        ruleset,
        content,
        record.config(),
        record.seed,
        choose,
        record.game_limits(),
        observer=observer,
        hash_state=True,
    )
    outcome = ReplayOutcome(record, run, warnings=warnings, reran_agents=rerun)
    outcome.differences = _differences(record, run)
    return outcome


def _traced(choose: Chooser, trace: Callable[[Game, Decision, int], None]) -> Chooser:
    def traced(game: Game, decision: Decision) -> int:
        index = choose(game, decision)
        trace(game, decision, index)
        return index

    return traced


def _differences(record: Record, run: GameRun) -> list[str]:
    out: list[str] = []
    if run.choices != record.choices:
        if len(run.choices) != len(record.choices):
            out.append(
                f"choices: the replay made {len(run.choices)} of the "
                f"{len(record.choices)} recorded choices"
            )
        else:
            first = next(
                i
                for i, (a, b) in enumerate(zip(run.choices, record.choices, strict=True))
                if a != b
            )
            out.append(
                f"choices: decision {first + 1}: the agents chose {run.choices[first]}, "
                f"the record says {record.choices[first]}"
            )
    # who played which House, who began and how long it went: a record edited there
    # tells of another game, even where the choices still fit
    if record.factions and list(run.factions) != record.factions:
        out.append(f"factions: recorded {record.factions}, replayed {list(run.factions)}")
    if record.first_player is not None and run.first_player != record.first_player:
        out.append(
            f"first player: recorded seat {record.first_player}, replayed seat {run.first_player}"
        )
    if record.rounds and run.rounds != record.rounds:
        out.append(f"rounds: recorded {record.rounds}, replayed {run.rounds}")
    if run.status != record.status:
        detail = ""
        if run.failure is not None:
            detail = f": {run.failure.line()}"
        elif run.violations:
            detail = f": {'; '.join(run.violations)}"
        out.append(f"status: recorded {record.status}, replayed {run.status}{detail}")
        return out
    if record.status == CRASHED and record.failure is not None and run.failure is not None:
        want = record.failure
        got = run.failure
        for key in ("phase", "type", "message", "step"):
            if want.get(key) != getattr(got, key):
                out.append(
                    f"crash {key}: recorded {want.get(key)!r}, replayed {getattr(got, key)!r}"
                )
    if record.status == VIOLATED and record.violations != run.violations:
        out.append(f"violations: recorded {record.violations}, replayed {run.violations}")
    if record.status not in (CRASHED, VIOLATED):
        result = result_dict(run.result)
        if result != record.result:
            out.append(f"result: recorded {record.result}, replayed {result}")
    if (record.status == FINISHED or record.final_state_hash) and (
        record.final_state_hash != run.state_hash
    ):
        out.append(
            f"final state hash: recorded {record.final_state_hash}, replayed {run.state_hash}"
        )
    return out


def replay_files(
    paths: list[Path],
    echo: Callable[..., Any],
    *,
    find: Callable[[str], Ruleset],
    content_root: Path | None = None,
    log: bool = False,
) -> int:
    """Replay every record in ``paths`` (files, or folders of them), reporting through
    ``echo``; the exit status.

    A folder contributes pnp's records only (:data:`~pnp.engine.record.RECORD_NAME`,
    in game order); its other files are skipped with one line saying so, and a
    folder without records is an error. A file named in ``paths`` is always read.

    0 when every record is reproduced, 1 when any is not, 2 when any cannot be
    read or set up (a malformed or hand-edited record, an unknown ruleset or
    House): its problem goes to stderr naming the file, and the other records
    still replay. Bad content raises :class:`~pnp.content.ContentError`.
    ``content_root`` overrides the content folder recorded in each record.
    """
    from pnp.content import ContentError
    from pnp.content.problems import display_path
    from pnp.engine.errors import RecordError
    from pnp.errors import PnpError

    files: list[Path] = []
    tally = {"reproduced": 0, "not reproduced": 0, "malformed": 0}

    def malformed(lines: list[str]) -> None:
        for line in lines:
            echo(line, err=True)
        tally["malformed"] += 1

    empty_folders = 0
    for path in paths:
        if path.is_dir():  # a --records folder, or a playtest's crash records
            shown = display_path(path)
            try:
                found, others = records_in(path)
            except RecordError as exc:
                malformed(exc.lines())
                continue
            if others:  # a user's notes, a --stats file: not records, and not bad ones
                echo(_skipped_line(shown, others), err=True)
            if not found:
                echo(f"{shown}: no pnp records ({RECORD_PATTERN}) in this folder", err=True)
                empty_folders += 1
            files += found
        else:  # a file named on the command line is always read
            files.append(path)
    loaded: dict[tuple[str, str | None], LoadedContent[Any]] = {}
    gone: set[str] = set()  # recorded content folders no longer there, told once each
    for path in files:
        for shown, record in record_entries(path):  # a .jsonl's lines one by one
            if isinstance(record, RecordError):
                malformed(record.lines())
                continue
            try:
                try:
                    ruleset = find(record.ruleset)
                except PnpError as exc:
                    raise RecordError(f"ruleset: {exc}") from None
                root = content_root
                if root is None and record.content_root:
                    if Path(record.content_root).is_dir():
                        root = Path(record.content_root)
                    elif record.content_root not in gone:
                        gone.add(record.content_root)
                        echo(
                            f"warning: {shown}: the content folder it was recorded with, "
                            f"{record.content_root}, is gone; replaying with the shipped "
                            "content (--content names another)",
                            err=True,
                        )
                key = (ruleset.name, str(root) if root else None)
                if key not in loaded:
                    loaded[key] = ruleset.load(root, alone=True)
                logger = _Log(echo) if log else None
                outcome = replay(
                    record,
                    ruleset,
                    loaded[key],
                    observer=logger.events if logger else None,
                    trace=logger.choice if logger else None,
                )
            except ContentError:
                raise  # the content, not the record, is at fault: every replay would fail
            except PnpError as exc:  # this record cannot be set up; the others still can
                malformed([f"{shown}: {line}" for line in exc.lines()])
                continue
            for warning in outcome.warnings:
                echo(f"warning: {shown}: {warning}", err=True)
            echo(f"{'OK' if outcome.ok else 'MISMATCH'}  {shown}: {outcome.summary()}")
            for difference in outcome.differences:
                echo(f"  {difference}")
            if outcome.ok and outcome.run.failure is not None:
                for line in outcome.run.failure.traceback.rstrip().splitlines():
                    echo(f"  {line}")
            tally["reproduced" if outcome.ok else "not reproduced"] += 1
    if sum(tally.values()) > 1:
        echo(", ".join(f"{count} {what}" for what, count in tally.items()))
    if tally["malformed"] or empty_folders:
        return 2
    return 1 if tally["not reproduced"] else 0


def _skipped_line(folder: str, others: list[Path]) -> str:
    """One line saying which files of a replayed folder are not pnp records, and why."""
    names = ", ".join(p.name for p in others[:3]) + (", ..." if len(others) > 3 else "")
    count = f"{len(others)} file{'s' if len(others) != 1 else ''}"
    return (
        f"{folder}: skipped {count} not named like a pnp record ({RECORD_PATTERN}): "
        f"{names}; name a file to replay it"
    )


class _Log:
    """Prints a replay as it goes: each choice, then the events it caused."""

    def __init__(self, echo: Callable[..., Any]) -> None:
        self.echo = echo
        self.step = 0

    def choice(self, game: Game, decision: Decision, index: int) -> None:
        ok = 0 <= index < len(decision.options)
        label = decision.options[index].label if ok else f"<no option {index}>"
        said = label if label.startswith(f"{decision.kind}: ") else f"{decision.kind}: {label}"
        self.echo(f"decision {self.step + 1}: seat {decision.seat} {said}")
        self.step += 1

    def events(self, events: Any) -> None:
        from pnp.engine.scenarios.matching import show_event

        for event in events:
            self.echo(f"    {show_event(event)}")
