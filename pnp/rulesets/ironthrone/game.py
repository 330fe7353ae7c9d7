"""The engine surface of an Iron Throne game (:class:`pnp.engine.game.Game`)."""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision, Event, Result
from pnp.engine.native import NativeGame
from pnp.engine.paths import main_sources
from pnp.rulesets.ironthrone.rules import Referee
from pnp.rulesets.ironthrone.view import SeatView


class IronThroneGame(NativeGame):
    """A game in progress: the referee's decision generator behind the engine API."""

    def __init__(self, ref: Referee, start: str, *, pause: bool = False) -> None:
        """The game of ``ref`` from ``start`` (see :meth:`Referee.flow`); ``pause``
        opens it with a one-option ``scenario_start`` decision (scenarios)."""
        self.ref = ref
        self.players = ref.n
        for seat in range(ref.n):  # a scenario sets tokens directly
            ref.count_living(seat)
        ref.index_leaders()  # and leaders
        ref.count_round()  # and the turn
        ref.index_hands()  # and hands
        self._flow = ref.flow(start, pause)
        self._send = self._flow.send
        ref.events = []
        self._pending = self._advance(None)
        self._setup_events = ref.events
        ref.events = []

    def _advance(self, value: int | None) -> Decision | None:
        try:
            return self._flow.send(value)  # type: ignore[arg-type]
        except StopIteration:
            return None

    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""
        return self._pending

    def apply(self, index: int) -> list[Event]:
        """Choose option ``index``; run to the next decision; return the events."""
        pending = self._pending
        if pending is None:
            raise ValueError("the game is over; there is no decision to apply")
        if not 0 <= index < len(pending.options):
            raise IndexError(
                f"option {index} of a {pending.kind} decision with {len(pending.options)} options"
            )
        events = self.ref.events = []
        try:
            self._pending = self._send(index)
        except StopIteration:
            self._pending = None
        return events

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know."""
        return SeatView(self.ref, seat, self._pending)

    def result(self) -> Result | None:
        """Winners (most influence spread, ties shared) once the game is over."""
        ref = self.ref
        if not ref.over:
            return None
        paths = tuple(main_sources(ref.spread_gains[w]) for w in ref.winners)
        return Result(ref.winners, ref.ending, self.round, self.scores(), paths)

    def scores(self) -> tuple[float, ...]:
        """Influence spread per seat: the victory measure, also for capped games (IT-GAP-11)."""
        return tuple(float(self.ref.spread_count(s)) for s in range(self.ref.n))

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data."""
        return self.ref.snapshot()

    @property
    def round(self) -> int:
        """Round = one turn per player; round 1 holds the first ``players`` turns."""
        return self.ref.round_no

    def factions(self) -> tuple[str, ...]:
        """Each seat's House."""
        return self.ref.t.houses

    def first_player(self) -> int | None:
        """The seat that took the first turn."""
        return self.ref.first

    def setup_events(self) -> list[Event]:
        """Events of the setup before the first decision."""
        return list(self._setup_events)

    def invariant_violations(self) -> list[str]:
        """Conservation of power, cards and influence; phase order (see ``State``)."""
        return self.ref.invariant_violations()
