"""Play one game to its end: the core loop of the referee.

:func:`run_game` sets a game up from a seed, asks each seat's agent for its
choices until the game ends, and returns a :class:`GameRun`: how it ended,
the chosen option indices (enough to replay it), and, when something went
wrong, what and where. It never raises for a bug in a ruleset or a bot: a
crash or an invariant violation stops that game and is reported in the run.

The loop is kept lean because playtests run it millions of times: views are
built only for agents that read them, invariants are checked only when
enabled, and the state is hashed once, at the end, only when asked.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.agents import RandomAgent, make_agent
from pnp.engine.game import Decision, Event, Game, GameConfig, Result
from pnp.engine.invariants import violations as find_violations
from pnp.engine.native import NativeGame
from pnp.engine.rng import stream
from pnp.rulesets.ruleset import Ruleset

#: how a game run ended
FINISHED = "finished"
CAPPED = "cap"
CRASHED = "crash"
VIOLATED = "invariant_violation"
#: only a replay that runs out of recorded choices before the game stops
INCOMPLETE = "incomplete"
STATUSES = (FINISHED, CAPPED, CRASHED, VIOLATED, INCOMPLETE)

#: a callback fed every batch of events: the setup's, then each step's
Observer = Callable[[Sequence[Event]], None]


@dataclass(frozen=True)
class Limits:
    """When to stop a runaway game, and whether to check invariants."""

    max_steps: int = 100_000
    max_rounds: int = 200
    invariants: bool = True

    def __reduce__(self) -> tuple[type[Limits], tuple[int, int, bool]]:
        # a plan carries its limits to other processes (a cluster's workers, spawned
        # pool workers): compiled with mypyc, a frozen dataclass unpickles by setting its
        # fields one by one, which its __setattr__ refuses; rebuild it from them instead
        return (Limits, (self.max_steps, self.max_rounds, self.invariants))

    @classmethod
    def for_ruleset(
        cls,
        ruleset: Ruleset,
        *,
        max_steps: int | None = None,
        max_rounds: int | None = None,
        invariants: bool = True,
    ) -> Limits:
        """The ruleset's default caps, overridden where given."""
        return cls(
            max_steps=max_steps if max_steps is not None else ruleset.max_steps,
            max_rounds=max_rounds if max_rounds is not None else ruleset.max_rounds,
            invariants=invariants,
        )


@dataclass(frozen=True)
class Failure:
    """A crash: where in the loop it happened and what was raised."""

    #: ``setup``, ``decision``, ``agent``, ``apply``, ``invariants``, ``result`` or ``hash``
    phase: str
    type: str
    message: str
    traceback: str
    #: the number of choices made, the one being applied when it crashed included
    step: int

    def line(self) -> str:
        """``RuntimeError: boom (applying decision 12)``."""
        return f"{self.type}: {self.message} ({failure_place(self.phase, self.step)})"


#: what the loop was doing in each phase, said of the decision it concerned
_PLACES = {
    "decision": "asking for the decision after decision {n}",
    "invariants": "checking the rules after decision {n}",
    "result": "scoring the game after decision {n}",
    "hash": "hashing the final state after decision {n}",
}


def failure_place(phase: str, step: int) -> str:
    """Where a crash happened, with decisions numbered from 1 as the game logs number
    them (``step`` is the number of choices made, the one being applied included):
    ``choosing decision 121``, ``applying decision 12``, ``set-up``."""
    if phase == "setup":
        return "set-up"
    if phase == "agent":
        return f"choosing decision {step + 1}"
    if phase == "apply":
        return f"applying decision {step}"
    return _PLACES.get(phase, phase + " after decision {n}").format(n=step)


@dataclass
class GameRun:
    """What playing one game gave."""

    seed: int
    status: str
    result: Result | None
    choices: list[int]
    factions: tuple[str, ...] = ()
    first_player: int | None = None
    violations: list[str] = field(default_factory=list)
    failure: Failure | None = None
    state_hash: str | None = None
    #: the round the game was in when it stopped
    rounds: int = 0

    @property
    def steps(self) -> int:
        """The number of decisions made."""
        return len(self.choices)


class InvalidChoice(Exception):
    """An agent returned an index that is not one of the decision's options."""


class _OutOfChoices(Exception):
    """A scripted replay ran out of recorded choices while a decision was pending."""


#: ``choose(game, decision) -> index``: who decides, for one game
Chooser = Callable[[Game, Decision], int]


class RandomSeats:
    """The chooser of seats that are all ``random``: each draws from its own stream
    as :meth:`RandomAgent.choose` does, with no view and no method lookup.

    Crash hunts and the speed bench play such games by the thousand, so
    :func:`play` calls :meth:`pick` itself when it is handed one of these
    (compiled, a direct call instead of a call through Python).
    """

    def __init__(self, rngs: Sequence[random.Random]) -> None:
        #: each seat's ``rng.random``, bound once
        self.draws: list[Callable[[], float]] = [rng.random for rng in rngs]

    def pick(self, decision: Decision) -> int:
        """The index of the option the deciding seat draws."""
        return int(self.draws[decision.seat]() * float(len(decision.options)))

    def __call__(self, game: Game, decision: Decision) -> int:
        return self.pick(decision)


def agents_chooser(ruleset: Ruleset, agent_names: Sequence[str], seed: int) -> Chooser:
    """Fresh agents for one game, one per seat, each with its own RNG stream."""
    agents = [make_agent(ruleset, name) for name in agent_names]
    rngs = [stream(seed, "agent", seat) for seat in range(len(agents))]
    if all(type(agent) is RandomAgent for agent in agents):
        return RandomSeats(rngs)
    views = [getattr(agent, "needs_view", True) for agent in agents]
    methods = [agent.choose for agent in agents]  # bound once: this runs every decision

    def choose(game: Game, decision: Decision) -> int:
        seat = decision.seat
        return methods[seat](game.view(seat) if views[seat] else None, decision, rngs[seat])

    return choose


def scripted_chooser(choices: Sequence[int]) -> Chooser:
    """Recorded option indices, in order (a replay)."""
    it = iter(choices)

    def choose(game: Game, decision: Decision) -> int:
        try:
            return next(it)
        except StopIteration:
            raise _OutOfChoices from None

    return choose


def _invalid(decision: Decision, index: object) -> InvalidChoice:
    return InvalidChoice(
        f"seat {decision.seat} chose option {index!r}; the {decision.kind.replace('_', ' ')} "
        f"decision has {len(decision.options)} options, 0 to {len(decision.options) - 1}"
    )


def _failure(phase: str, exc: BaseException, step: int) -> Failure:
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return Failure(phase, type(exc).__name__, str(exc), text, step)


def run_game(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    config: GameConfig,
    seed: int,
    choose: Chooser,
    limits: Limits = Limits(),
    *,
    observer: Observer | None = None,
    hash_state: bool = False,
    watch: Callable[[Game], None] | None = None,
) -> GameRun:
    """Set up a game from ``seed`` and play it to the end (or to a cap, crash or violation).

    ``choose`` comes from :func:`agents_chooser` (bots) or
    :func:`scripted_chooser` (a replay). User errors in the setup (an unknown
    House, a bad option) raise :class:`~pnp.errors.PnpError`; anything else
    raised by the ruleset or a bot ends the run as a crash. ``watch(game)`` is
    called once with the game set up, before its first decision (a playtest
    hands it to its kit meter, which reads the state as the observer is fed).
    """
    from pnp.errors import PnpError

    if ruleset.new_game is None:
        raise PnpError(f"the {ruleset.name} ruleset has no referee yet")
    try:
        game = ruleset.new_game(content, config, seed)
    except PnpError:
        raise
    except Exception as exc:
        return GameRun(seed, CRASHED, None, [], failure=_failure("setup", exc, 0))
    if watch is not None:
        try:
            watch(game)
        except Exception as exc:
            return GameRun(seed, CRASHED, None, [], failure=_failure("setup", exc, 0))
    run = play(game, choose, limits, observer=observer)
    run.seed = seed
    if hash_state:
        try:
            run.state_hash = game.state_hash()
        except Exception as exc:
            # a crashed game may be left half-updated: then no hash is no news
            if run.status != CRASHED:
                run.status, run.failure = CRASHED, _failure("hash", exc, run.steps)
    return run


def play(
    game: Game,
    choose: Chooser,
    limits: Limits = Limits(),
    *,
    observer: Observer | None = None,
) -> GameRun:
    """Play ``game`` from its current position to the end; the core loop."""
    choices: list[int] = []
    decide = game.decision
    apply = game.apply
    check = limits.invariants
    max_steps = limits.max_steps
    max_rounds = limits.max_rounds
    phase = "setup"
    status = FINISHED
    result: Result | None = None
    found: list[str] = []
    failure: Failure | None = None
    seats = choose if isinstance(choose, RandomSeats) else None
    # a compiled game is called directly (see pnp.engine.native)
    native = game if isinstance(game, NativeGame) else None
    try:
        if observer is not None:
            observer(game.setup_events())
        phase = "decision"
        decision = decide()
        if check:
            phase = "invariants"
            found = find_violations(game, decision)
        while decision is not None and not found:
            if len(choices) >= max_steps:
                status, result = CAPPED, Result((), "step_cap", game.round)
                break
            rounds = game.round if native is None else native.round
            if rounds > max_rounds:
                status, result = CAPPED, Result((), "round_cap", rounds)
                break
            phase = "agent"
            if seats is None:
                index = choose(game, decision)
                if type(index) is not int:
                    raise _invalid(decision, index)
            else:
                index = seats.pick(decision)
            if not 0 <= index < len(decision.options):
                raise _invalid(decision, index)
            choices.append(index)
            phase = "apply"
            events = apply(index) if native is None else native.apply(index)
            if observer is not None:
                observer(events)
            phase = "decision"
            decision = decide() if native is None else native.decision()
            if check:
                phase = "invariants"
                found = find_violations(game, decision)
        if found:
            status = VIOLATED
        elif status == FINISHED:
            phase = "result"
            result = game.result()
            if result is None:
                raise RuntimeError("the game has no pending decision and no result")
    except _OutOfChoices:
        status = INCOMPLETE
    except Exception as exc:
        status, failure = CRASHED, _failure(phase, exc, len(choices))
    run = GameRun(0, status, result, choices, violations=found, failure=failure)
    try:
        run.factions = tuple(game.factions())
        run.first_player = game.first_player()
        run.rounds = game.round
    except Exception as exc:  # a broken game may not even say this much
        if run.failure is None:
            run.status, run.failure = CRASHED, _failure("result", exc, len(choices))
    return run
