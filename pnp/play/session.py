"""A game at the table: humans at some seats, bots at the others, kept as a record.

A :class:`Session` plays the bots' decisions itself and stops at each human
one. Every game is a :class:`~pnp.engine.record.Record` as it goes (the
human seats' agent is ``human``), written after every human decision, so
``pnp play --resume`` continues it and ``pnp replay`` verifies it.

Resuming and undoing both set the game up again from the record's seed and
replay its choices; the bots are asked again on the way (each draws from its
own RNG stream, ``stream(seed, "agent", seat)``, as in a playtest), so a
resumed game goes on exactly as an uninterrupted one would.

Seats of the ``ismcts`` search agent (OpenSpiel, extra ``[openspiel]``) search
with :class:`pnp.adapters.search.SearchChooser`, ``search_budget``
simulations a decision (kept in the record's ``origin``). Each search draws
from a stream of its own step, so the replay skips them: a resumed or undone
game neither searches again nor goes on differently.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.agents import SEARCH_AGENT, SEARCH_BUDGET, make_agent
from pnp.engine.decision import Decision
from pnp.engine.event import Event
from pnp.engine.game import Agent, Game, Result
from pnp.engine.invariants import violations
from pnp.engine.record import Record, result_dict
from pnp.engine.rng import stream
from pnp.engine.runner import CAPPED, CRASHED, FINISHED, INCOMPLETE, VIOLATED
from pnp.errors import PnpError
from pnp.rulesets.ruleset import Ruleset

#: the agent name a record gives a seat played by a person
HUMAN = "human"


class UndoRefused(Exception):
    """An undo that would take back another human player's decisions (hot-seat)."""

    def __init__(self, seats: list[int]) -> None:
        super().__init__(f"seats {seats} decided since")
        #: the other human seats that decided since
        self.seats = seats


class RefereeCrash(PnpError):
    """The referee or a bot raised: a bug, reported with the saved record (exit 1)."""

    exit_code = 1


@dataclass(frozen=True)
class Step:
    """One decision made, and what it caused (the first step: the set-up, no decision)."""

    seat: int | None
    kind: str
    #: the chosen option's label
    label: str
    events: tuple[Event, ...]
    round: int


@dataclass
class Session:
    """A game being played, with its record (see the module's docstring)."""

    ruleset: Ruleset
    content: LoadedContent[Any]
    record: Record
    #: where the record is written
    path: Path
    game: Game = field(init=False)
    #: every step so far: the set-up, then one per choice
    history: list[Step] = field(init=False)
    bots: dict[int, Agent] = field(init=False)
    rngs: dict[int, random.Random] = field(init=False)
    #: rule invariants the game broke (it stops at once)
    broken: list[str] = field(init=False, default_factory=list)
    capped: Result | None = field(init=False, default=None)
    #: the search of the ``ismcts`` seats (``None``: the game has none)
    searcher: Any = field(init=False, default=None)

    def __post_init__(self) -> None:
        record = self.record
        if SEARCH_AGENT in record.agents:
            # imported here, not at the top: OpenSpiel is an optional extra
            search = import_module("pnp.adapters.search")
            limits = record.game_limits()
            self.searcher = search.SearchChooser(
                self.ruleset,
                self.content,
                record.config(),
                record.seed,
                [a if a != HUMAN else "random" for a in record.agents],
                self.search_budget,
                max_steps=limits.max_steps,
                max_rounds=limits.max_rounds,
            )
        self.restart(list(record.choices))

    # ------------------------------------------------------------------ facts

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, a in enumerate(self.record.agents) if a == HUMAN]

    @property
    def search_budget(self) -> int:
        """Simulations per decision of the ``ismcts`` seats (the record's, else the default)."""
        return int(self.record.origin.get("search_budget", SEARCH_BUDGET))

    def searching(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by the ``ismcts`` search agent."""
        return seat is not None and self.record.agents[seat] == SEARCH_AGENT

    @property
    def choices(self) -> list[int]:
        """The option indices chosen so far."""
        return self.record.choices

    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` when the game has stopped."""
        if self.broken or self.capped is not None:
            return None
        return self.game.decision()

    def result(self) -> Result | None:
        """How the game ended (a cap included), or ``None`` while it goes on."""
        return self.capped if self.capped is not None else self.game.result()

    def since(self, seat: int | None) -> list[Step]:
        """The steps since ``seat`` last decided (its own choice's step first); for a seat
        that has not decided yet, or ``None``, every step."""
        if seat is not None:
            for i in range(len(self.history) - 1, 0, -1):
                if self.history[i].seat == seat:
                    return self.history[i:]
        return list(self.history)

    # ------------------------------------------------------------------ playing

    def restart(self, choices: Sequence[int]) -> None:
        """Set the game up again from the seed and replay ``choices`` (bots asked again)."""
        record = self.record
        if self.ruleset.new_game is None:
            raise PnpError(f"the {self.ruleset.name} ruleset has no referee yet")
        self.game = self.ruleset.new_game(self.content, record.config(), record.seed)
        self.bots = {
            s: make_agent(self.ruleset, name)
            for s, name in enumerate(record.agents)
            if name != HUMAN
        }  # a search seat's agent only marks it a bot: _bot_choice searches for it
        self.rngs = {s: stream(record.seed, "agent", s) for s in self.bots}
        self.broken = []
        self.capped = None
        self.history = [Step(None, "setup", "", tuple(self.game.setup_events()), self.game.round)]
        record.choices = []
        for index in choices:
            decision = self.decision()
            if decision is None:
                break
            if decision.seat in self.bots and not self.searching(decision.seat):
                self._bot_choice(decision)  # keeps its stream where the first game had it
            self._apply(decision, index)

    def play_bots(self, on_search: Callable[[int], None] | None = None) -> None:
        """Let the bots decide until a human seat must, or the game stops;
        ``on_search(seat)`` is called before each search of an ``ismcts`` seat (it may
        take seconds: the table says who is thinking)."""
        decision = self.decision()
        while decision is not None and decision.seat in self.bots:
            searched = self.searching(decision.seat) and len(decision.options) > 1
            if on_search is not None and searched:
                on_search(decision.seat)
            self._apply(decision, self._bot_choice(decision))
            decision = self.decision()

    def choose(self, index: int) -> None:
        """The pending human decision takes option ``index`` (checked by the prompt)."""
        decision = self.decision()
        assert decision is not None and decision.seat not in self.bots
        self._apply(decision, index)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision and everything after it; ``False`` if it has
        made none. Raises :class:`UndoRefused` when another human has decided since: his
        decision would be taken back too, after ``seat`` had seen what came of it."""
        for i in range(len(self.history) - 1, 0, -1):
            if self.history[i].seat == seat:
                later = {s.seat for s in self.history[i + 1 :] if s.seat is not None}
                others = later & set(self.humans) - {seat}
                if others:
                    raise UndoRefused(sorted(others))
                self.restart(self.record.choices[: i - 1])
                return True
        return False

    def _bot_choice(self, decision: Decision) -> int:
        seat = decision.seat
        bot = self.bots[seat]
        try:
            if self.searching(seat):
                if len(decision.options) == 1:
                    return 0
                return int(self.searcher.search(seat, self.record.choices))
            view = self.game.view(seat) if getattr(bot, "needs_view", True) else None
            return bot.choose(view, decision, self.rngs[seat])
        except Exception as exc:
            raise self._crashed("agent", exc) from exc

    def _apply(self, decision: Decision, index: int) -> None:
        label = decision.options[index].label
        self.record.choices.append(index)
        try:
            events = self.game.apply(index)
        except Exception as exc:
            raise self._crashed("apply", exc) from exc
        self.history.append(
            Step(decision.seat, decision.kind, label, tuple(events), self.game.round)
        )
        nxt = self.game.decision()
        limits = self.record.game_limits()
        if limits.invariants:
            self.broken = violations(self.game, nxt)
        if nxt is not None and len(self.record.choices) >= limits.max_steps:
            self.capped = Result((), "step_cap", self.game.round)
        elif nxt is not None and self.game.round > limits.max_rounds:
            self.capped = Result((), "round_cap", self.game.round)

    def _crashed(self, phase: str, exc: Exception) -> RefereeCrash:
        self.record.status = CRASHED
        self.record.failure = {
            "phase": phase,
            "type": type(exc).__name__,
            "message": str(exc),
            "step": len(self.record.choices),
            "traceback": "",
        }
        self.record.write(self.path)
        return RefereeCrash(
            f"the referee stopped with {type(exc).__name__}: {exc} (a bug in pnp); "
            f"the game so far is saved in {self.path}"
        )

    # ------------------------------------------------------------------ the record

    def save(self) -> Path:
        """Write the record as it stands (finished or not); its path."""
        record = self.record
        game = self.game
        result = self.result()
        record.rounds = game.round
        record.factions = list(game.factions())
        record.first_player = game.first_player()
        record.violations = list(self.broken)
        if self.broken:
            record.status, record.result = VIOLATED, None
        elif result is not None:
            record.status = CAPPED if self.capped is not None else FINISHED
            record.result = result_dict(result)
        else:
            record.status, record.result = INCOMPLETE, None
        record.final_state_hash = game.state_hash() if result is not None else None
        record.write(self.path)
        return self.path
