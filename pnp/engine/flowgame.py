"""The driver of the engine's one flow: :class:`FlowGame` (see :mod:`pnp.engine.flow`).

Compiled with the referee's hot modules (a compiled ruleset's game subclasses
it); the helpers rules call, :func:`~pnp.engine.flow.ask` and
:func:`~pnp.engine.flow.offer`, stay interpreted in :mod:`pnp.engine.flow`:
an interpreted rule's ``yield from`` drives an interpreted generator faster
than a compiled one.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, ClassVar

from pnp.compiled import mypyc_attr
from pnp.engine.decision import Decision

# defined where nothing is compiled: a rule's own FlowEnd (an interpreted subclass)
# must be caught here as one, which a compiled exception class would refuse
from pnp.engine.errors import FlowEnd, IllegalMoveError
from pnp.engine.event import Event
from pnp.engine.invariants import all_violations
from pnp.engine.native import NativeGame
from pnp.engine.standing import UnsettledError, watched_kinds

#: the most rounds of standing checks one stop of the flow may take
SETTLE_LIMIT = 100

#: what every rule generator yields (a decision) and is sent back (the chosen index)
Flow = Generator[Decision, int, Any]


@mypyc_attr(allow_interpreted_subclasses=True)
class FlowGame(NativeGame):
    """A game whose rules are one flow of decisions (see the module's docstring).

    A subclass sets up its state, calls :meth:`begin` with its flow and
    implements the rest of :class:`~pnp.engine.game.Game` (``view``,
    ``result``, ``snapshot``, ``round``, ``factions``); rules record what
    happens with :meth:`emit`. Rules that hold at any time go in
    :attr:`standing` (:mod:`pnp.engine.standing`).
    """

    #: the ruleset's standing rules (:class:`~pnp.engine.standing.Standing`), checked
    #: whenever the flow stops at a decision (a subclass sets its own)
    standing: ClassVar[tuple[Any, ...]] = ()
    #: the ruleset's invariants (:class:`~pnp.engine.invariants.Invariant`), each
    #: checked after the moves that may break it (a subclass sets its own)
    invariants: ClassVar[tuple[Any, ...]] = ()

    def __init__(self, players: int) -> None:
        self.players = players
        self.events: list[Event] = []
        self._flow_opening: list[Event] = []
        self._flow_now: Flow | None = None
        self._flow_pending: Decision | None = None
        #: how many of :attr:`events` the standing rules have seen
        self._settled = 0
        #: the event kinds any standing rule watches (``None``: every kind), so that a
        #: stop of the flow after no such event costs one scan of its events
        self._watch: frozenset[str] | None = watched_kinds(self.standing)
        #: changes since the last check that the log does not show (:meth:`note_change`)
        self._quiet: set[str] = set()
        #: the same, for the invariant checks: the changes of the last move
        self._noted: set[str] = set()
        #: moves played, and the move and round of the last invariant check
        self._moves = 0
        self._checked_move = -2
        self._checked_round = -1
        #: the invariants due after a move of each set of event kinds seen (:meth:`_due`)
        self._due_after: dict[frozenset[str], tuple[Any, ...]] = {}

    def begin(self, flow: Flow) -> None:
        """Run ``flow`` to its first decision; what it emits until then is the set-up's."""
        self._flow_now = flow
        self._flow_opening = self.new_move()
        self._settled = 0  # here, not in new_move, which a ruleset may override
        self._run(None)
        self.new_move()

    def emit(self, kind: str, seat: int | None, /, **data: Any) -> None:
        """Record an event of the move being played."""
        self.events.append(Event(kind, seat, data))

    def new_move(self) -> list[Event]:
        """A fresh list for the events of the move about to be played, which
        :meth:`emit` appends to (a ruleset whose state records events itself
        hands it the same list here)."""
        self.events = []
        return self.events

    def ended(self, stop: FlowEnd) -> Flow | None:
        """The flow raised ``stop``: the flow that follows (a tie-break the winners
        choose …), or ``None`` when the game is over. Override it: by default the game
        is over."""
        return None

    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""
        return self._flow_pending

    def apply(self, index: int) -> list[Event]:
        """Choose option ``index`` of the pending decision, run the flow to the next
        one, and return the events of the move; :class:`IllegalMoveError` for a move
        the decision does not allow."""
        pending = self._flow_pending
        if pending is None:
            raise IllegalMoveError("the game is over; there is no decision to answer")
        if index < 0 or index >= len(pending.options):
            raise IllegalMoveError(
                f"option {index} does not exist: the {pending.kind} decision has "
                f"{len(pending.options)} options"
            )
        events = self.new_move()
        self._settled = 0
        self._moves += 1
        self._noted.clear()
        self._run(index)
        return events

    def note_change(self, kind: str) -> None:
        """Tell the standing rules of a change that emits no event (a lasting effect
        that ends with its phase): the rules whose ``after`` names ``kind`` are checked
        at the next stop as if an event of that kind had been emitted; so are the
        invariants whose ``after`` names it."""
        self._quiet.add(kind)
        self._noted.add(kind)

    def move_kinds(self) -> set[str]:
        """The event kinds of the last move, and the changes it noted."""
        kinds = {e.kind for e in self.events}
        kinds |= self._noted
        return kinds

    def invariant_violations(self) -> list[str]:
        """Every broken invariant the last move may have broken (see
        :mod:`pnp.engine.invariants`): those whose ``after`` kinds the move emitted or
        noted; all of them at the first check, at a new round, once the game is over,
        and when a move went unchecked."""
        moves = self._moves
        rnd = self.round
        gated = (
            moves == self._checked_move + 1
            and rnd == self._checked_round
            and self._flow_pending is not None
        )
        self._checked_move = moves
        self._checked_round = rnd
        if not gated:
            return all_violations(self, self.invariants)
        return [line for inv in self._due(self.move_kinds()) for line in inv.check(self)]

    def _due(self, kinds: set[str]) -> tuple[Any, ...]:
        """The invariants a move of ``kinds`` may have broken, worked out once per set:
        a game's moves repeat a few dozen sets of event kinds, most of them the empty
        one, and asking every invariant after every move cost more than most checks."""
        key = frozenset(kinds)
        due = self._due_after.get(key)
        if due is None:
            due = self._due_after[key] = tuple(inv for inv in self.invariants if inv.due(kinds))
        return due

    def settle(self) -> None:
        """Make every standing rule hold again before anyone acts: each rule whose
        ``after`` event kinds happened since the last check is enforced, and the
        checks repeat over what the enforcing emits until nothing changes."""
        events = self.events
        watch = self._watch
        quiet = self._quiet
        if (
            not quiet
            and watch is not None
            and not any(events[i].kind in watch for i in range(self._settled, len(events)))
        ):
            self._settled = len(events)
            return
        for _ in range(SETTLE_LIMIT):
            events = self.events
            if self._settled >= len(events) and not quiet:
                return
            kinds = {e.kind for e in events[self._settled :]} | quiet
            quiet.clear()
            self._settled = len(events)
            for rule in self.standing:
                if rule.due(kinds):
                    rule.enforce(self)
        raise UnsettledError(f"standing rules still changing after {SETTLE_LIMIT} rounds")

    def setup_events(self) -> list[Event]:
        """The events of the set-up, before the first decision."""
        return list(self._flow_opening)

    def _run(self, value: int | None) -> None:
        flow = self._flow_now
        while flow is not None:
            try:
                pending = flow.send(value)  # type: ignore[arg-type]  # None primes it
                if self._watch is None or self._watch:
                    self.settle()  # before anyone may act; it may end the game
                self._flow_pending = pending
                return
            except StopIteration:
                break
            except FlowEnd as stop:
                flow = self._flow_now = self.ended(stop)
                value = None  # a new flow starts with None
        self._flow_now = None
        self._flow_pending = None


__all__ = ["Flow", "FlowGame"]
