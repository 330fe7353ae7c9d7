"""The referee's surface: what every ruleset's game looks like to the engine.

A game is a sequence of **decisions**. The engine asks :meth:`Game.decision`
for the next point where a player must choose, shows its options to that
seat's agent, and applies the chosen index with :meth:`Game.apply`. A game
skips every window in which nobody has a real choice, so it never stalls on a
pointless prompt. Chance (shuffles, dice, random discards) comes from the
game's own RNG stream (:func:`pnp.engine.rng.stream` ``(seed, "game")``),
never from the agents.

Conventions every ruleset follows:

- ``Decision.options`` come in a fixed, deterministic order and each label is
  unique within its decision and stable across runs (scenarios choose by
  label; records store indices).
- :meth:`Game.apply` advances to the next real decision (or the end) and
  returns every event up to there, including those of windows it skipped.
- Events are typed by ``kind`` (``challenge_won``, ``card_killed`` …). Two
  kinds are read by the playtest statistics for every ruleset:
  ``card_drawn`` and ``card_played``, each with ``data["card"]`` set to the
  content id of the card (or component) and ``seat`` set to the seat that
  drew or played it (the card strength figures follow how that seat fared;
  an event without a seat counts for no one).
- :meth:`Game.snapshot` is the whole state as plain JSON-able data (dicts,
  lists, str, int, float, bool, None). Scenario expectations address it with
  paths such as ``seats[0].power``; :meth:`Game.state_hash` defaults to a
  hash of it.
- :meth:`Game.view` returns only what one seat may know; bots decide from it.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

# the decision and event types are part of this surface: re-exported from here
from pnp.engine.decision import Decision as Decision
from pnp.engine.decision import Option as Option
from pnp.engine.event import NO_DATA as NO_DATA
from pnp.engine.event import Event as Event


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``ending`` names the way it ended: a ruleset's victory kinds (``power``,
    ``shared_victory``, ``round_limit`` …) or, set by the engine, one of
    :data:`CAP_ENDINGS` when it stopped a runaway game.

    ``paths`` says, for each winner in ``winners`` order, how that seat won
    in a few words (fief: the VP Titles it held, ``"paramount-vale + king"``),
    where a ruleset can say; the playtest report counts them per House so a
    designer sees *why* a House wins too often. Empty when the ruleset does
    not say.
    """

    winners: tuple[int, ...]
    ending: str
    rounds: int
    scores: tuple[float, ...] = ()
    paths: tuple[str, ...] = ()


#: Endings the engine assigns when it stops a game; never a normal end.
CAP_ENDINGS = ("round_cap", "step_cap")


@dataclass(frozen=True)
class GameConfig:
    """How to set up a game.

    ``factions`` gives each seat's House (or faction); ``None`` for a seat, or
    no tuple at all, lets the ruleset pick from the game seed. ``options``
    holds ruleset variants (``{"variant": "two_on_two"}``, ``{"winter": True}``).
    """

    players: int
    factions: tuple[str | None, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


class Game(ABC):
    """A game in progress. Rulesets subclass this."""

    #: the number of seats, 0 … players-1
    players: int

    @abstractmethod
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""

    @abstractmethod
    def apply(self, index: int) -> list[Event]:
        """Choose option ``index`` of the pending decision; return the new events."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know (comparable with ``==``)."""

    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON-able data."""

    @property
    @abstractmethod
    def round(self) -> int:
        """The current round (1-based); the engine's round cap reads it."""

    @abstractmethod
    def factions(self) -> tuple[str, ...]:
        """Each seat's House or faction, for statistics."""

    def setup_events(self) -> list[Event]:
        """Events that happened while the game was set up (the opening deal …).

        The engine reads them once, before the first decision: the playtest
        statistics count the opening draws from them. Scenarios match events
        from the first scripted step on, so setup events are never matched:
        the shipped rulesets' scenario games therefore open with a one-option
        ``scenario_start`` decision (``begin``) and have none.
        """
        return []

    def first_player(self) -> int | None:
        """The seat that went first in round 1, for first-player statistics."""
        return None

    def invariant_violations(self) -> list[str]:
        """Broken rule invariants of the current state; empty when all hold."""
        return []

    def state_hash(self) -> str:
        """A hash of the whole state; equal states give equal hashes."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()


class Agent(Protocol):
    """A player: picks an option index from what its seat may see."""

    def choose(self, view: Any, decision: Decision, rng: Any) -> int:
        """Return the index of the chosen option of ``decision``."""
        ...
