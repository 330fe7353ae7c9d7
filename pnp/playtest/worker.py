"""Play one game of a plan and sum it up in a small, picklable :class:`GameSummary`."""

from __future__ import annotations

import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.content.problems import display_path
from pnp.engine.game import Event, Game
from pnp.engine.kitmeter import KitMeter
from pnp.engine.record import Record
from pnp.engine.runner import CRASHED, VIOLATED, Failure, run_game
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.search_seats import chooser_for, search_origin

#: the event kinds the statistics count (``data["card"]`` names the card)
CARD_DRAWN = "card_drawn"
CARD_PLAYED = "card_played"


@dataclass
class GameSummary:
    """What the statistics need to know about one game."""

    index: int
    seed: int
    status: str
    ending: str | None = None
    winners: tuple[int, ...] = ()
    #: per winner, how it won, where the ruleset says (:attr:`Result.paths`)
    paths: tuple[str, ...] = ()
    rounds: int = 0
    steps: int = 0
    factions: tuple[str, ...] = ()
    first_player: int | None = None
    #: per seat: card id -> times that seat drew it (``card_drawn`` events naming the seat)
    drawn: list[dict[str, int]] = field(default_factory=list)
    #: per seat: card id -> times that seat played it
    played: list[dict[str, int]] = field(default_factory=list)
    #: printed card or token id -> the most the game had in use at once (the ruleset's
    #: kit meter; ids it had none of are left out; empty for a crash or a violation)
    peaks: dict[str, int] = field(default_factory=dict)
    #: ``Type: message (phase, step n)`` for a crash
    failure: str | None = None
    failure_info: dict[str, Any] | None = None
    violations: list[str] = field(default_factory=list)
    #: the record file written for this game, as shown to the user
    record: str | None = None

    @property
    def failed(self) -> bool:
        """Whether the game crashed or broke an invariant."""
        return self.status in (CRASHED, VIOLATED)


class _GameWatch:
    """The observer of one game: counts each seat's card draws and plays from the event
    stream, and passes each step on to the game's kit meter.

    Both are counted per seat so the card strength figures can say how the
    seat that drew a card fared (:mod:`pnp.playtest.strength`); an event
    naming no seat is no seat's draw or play and is left out.
    """

    def __init__(self, players: int) -> None:
        self.drawn: list[Counter[str]] = [Counter() for _ in range(players)]
        self.played: list[Counter[str]] = [Counter() for _ in range(players)]
        #: the kit meter, once the game is set up (:meth:`meter_for`)
        self.meter: KitMeter | None = None
        #: its step, when it watches steps at all
        self._step: Callable[[Sequence[Event]], None] | None = None

    def meter_for(self, plan: PlaytestPlan) -> Callable[[Game], None] | None:
        """What ``run_game`` calls with the new game: it starts the ruleset's kit meter
        (``None`` when the ruleset has none)."""
        factory = plan.ruleset.kit_meter
        if factory is None:
            return None

        def attach(game: Game) -> None:
            self.meter = meter = factory(game, False)
            self._step = meter.step if meter.per_step else None

        return attach

    def __call__(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event.kind
            if kind == CARD_DRAWN and event.seat is not None:
                self.drawn[event.seat][str(event.data.get("card"))] += 1
            elif kind == CARD_PLAYED and event.seat is not None:
                self.played[event.seat][str(event.data.get("card"))] += 1
        if self._step is not None:
            self._step(events)

    def peaks(self, status: str) -> tuple[dict[str, int], Failure | None]:
        """The game's peaks (none for a game that crashed or broke an invariant, whose
        state says nothing sure), or the failure of a meter that could not finish."""
        if self.meter is None or status in (CRASHED, VIOLATED):
            return {}, None
        try:
            found = self.meter.finish()
        except Exception as exc:  # a bug in the meter: this game's crash, not the run's
            text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            return {}, Failure("kit", type(exc).__name__, str(exc), text, 0)
        return {k: n for k, n in found.items() if n}, None


def play_game(
    plan: PlaytestPlan, content: LoadedContent[Any], index: int, *, keep: bool = False
) -> GameSummary:
    """Play game ``index`` of ``plan``; write its record when it must be kept (``keep``:
    whatever happened, as for the worst game of a kit shortfall)."""
    seed = plan.seed_of(index)
    config = plan.config()
    counter = _GameWatch(plan.players)
    keep_all = plan.records_dir is not None or keep
    run = run_game(
        plan.ruleset,
        content,
        config,
        seed,
        chooser_for(plan, content, seed),
        plan.limits,
        observer=counter,
        hash_state=keep_all,
        watch=counter.meter_for(plan),
    )
    peaks, meter_failure = counter.peaks(run.status)
    if meter_failure is not None:
        run.status, run.failure = CRASHED, replace(meter_failure, step=run.steps)
    failed = run.status in (CRASHED, VIOLATED)
    summary = GameSummary(
        index=index,
        seed=seed,
        status=run.status,
        ending=run.result.ending if run.result is not None else None,
        winners=tuple(run.result.winners) if run.result is not None else (),
        paths=tuple(run.result.paths) if run.result is not None else (),
        rounds=run.result.rounds if run.result is not None else run.rounds,
        steps=run.steps,
        factions=run.factions,
        first_player=run.first_player,
        drawn=[dict(c) for c in counter.drawn],
        played=[dict(c) for c in counter.played],
        peaks=peaks,
        failure=run.failure.line() if run.failure is not None else None,
        violations=list(run.violations),
    )
    if run.failure is not None:
        f = run.failure
        summary.failure_info = {
            "phase": f.phase,
            "type": f.type,
            "message": f.message,
            "step": f.step,
        }
    path = plan.record_path(index, failed or keep)
    if path is not None:
        record = Record.from_run(
            plan.ruleset.name,
            config,
            list(plan.agents),
            plan.limits,
            run,
            content_hash=content.content_hash,
            content_root=plan.content_root,
            origin={"playtest_seed": plan.seed, "game": index, **search_origin(plan)},
        )
        sink: RecordSink | None = getattr(_SINKS, "sink", None)
        if sink is None:
            record.write(plan.write_path(path))
            summary.record = display_path(path)  # where it is once the run completes
        else:
            sink.files.append((plan.write_path(path), record.text()))
            summary.record = display_path(path, sink.cwd)
    return summary


@dataclass
class RecordSink:
    """The records the games played in a :func:`records_sent` block would have written.

    A cluster's workers may run on other machines: a run's records belong on
    the disk of the machine that started it, so its workers send them back
    with the summaries and the parent writes them.
    """

    #: the parent's working directory, which shows the records' paths (``summary.record``)
    cwd: Path
    #: (where the parent writes it, the record's text), in the order played
    files: list[tuple[Path, str]] = field(default_factory=list)


#: the sink of the games this thread plays (none: records are written where they are played)
_SINKS = threading.local()


@contextmanager
def records_sent(cwd: Path) -> Iterator[RecordSink]:
    """Keep the records of the games this thread plays in the block instead of writing
    them; ``cwd`` is the parent's working directory."""
    sink = RecordSink(cwd)
    _SINKS.sink = sink
    try:
        yield sink
    finally:
        _SINKS.sink = None
