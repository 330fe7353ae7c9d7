"""The engine's one flow: rules that ask, a game that answers, one error for a bad move."""

from __future__ import annotations

import pytest

from pnp.engine.flow import Flow, FlowEnd, FlowGame, IllegalMoveError, ask, offer
from pnp.engine.game import Option, Result
from pnp.engine.invariants import Invariant


class Won(FlowEnd):
    """Someone reached the target, found deep inside a turn."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class Tied(FlowEnd):
    """Both reached it at once: seat 0 names the winner."""


class Race(FlowGame):
    """Two seats take turns adding 1 or 2; the first to reach the target wins.

    The set-up emits a ``deal``; a lone option (only 1 fits under the target)
    is taken without asking; ``tie`` ends the race with a tie-break flow.
    """

    def __init__(self, target: int, *, tie: bool = False, pause: bool = False) -> None:
        super().__init__(2)
        self.target = target
        self.totals = [0, 0]
        self.winner: int | None = None
        self.tie = tie
        self.begin(self.race(pause))

    def race(self, pause: bool) -> Flow:
        self.emit("deal", None, target=self.target)
        if pause:
            yield from offer(0, "start", [Option("begin", None)])
        if self.tie:
            raise Tied()
        seat = 0
        while True:
            room = self.target - self.totals[seat]
            steps = [Option(f"+{n}", n) for n in (1, 2) if n <= room]
            chosen = yield from ask(seat, "step", steps)
            self.totals[seat] += chosen.data
            self.emit("stepped", seat, by=chosen.data)
            if self.totals[seat] == self.target:
                raise Won(seat)
            seat = 1 - seat

    def tie_break(self) -> Flow:
        chosen = yield from ask(0, "winner", [Option("seat 0", 0), Option("seat 1", 1)])
        raise Won(chosen.data)

    def ended(self, stop: FlowEnd) -> Flow | None:
        if isinstance(stop, Tied):
            return self.tie_break()
        assert isinstance(stop, Won)
        self.winner = stop.seat
        self.emit("won", stop.seat)
        return None

    def view(self, seat: int) -> object:
        return tuple(self.totals)

    def result(self) -> Result | None:
        return None if self.winner is None else Result((self.winner,), "target", 1)

    def snapshot(self) -> dict[str, object]:
        return {"totals": list(self.totals)}

    @property
    def round(self) -> int:
        return 1

    def factions(self) -> tuple[str, ...]:
        return ("a", "b")


def test_the_set_up_events_are_kept_apart_from_the_moves() -> None:
    game = Race(3)
    assert [e.kind for e in game.setup_events()] == ["deal"]
    decision = game.decision()
    assert decision is not None and (decision.seat, decision.kind) == (0, "step")
    events = game.apply(1)  # seat 0 adds 2
    assert [(e.kind, e.seat, e.data) for e in events] == [("stepped", 0, {"by": 2})]


def test_a_lone_option_is_taken_without_asking_and_a_flow_end_finishes_the_game() -> None:
    game = Race(3)
    game.apply(1)  # seat 0: 2
    game.apply(1)  # seat 1: 2
    # seat 0 has room for 1 only: taken at once, and it wins
    assert game.decision() is None
    assert game.result() == Result((0,), "target", 1)


def test_offer_asks_even_a_lone_option() -> None:
    game = Race(3, pause=True)
    decision = game.decision()
    assert decision is not None and decision.kind == "start" and len(decision.options) == 1
    assert game.apply(0) == []
    assert game.decision() is not None and game.decision().kind == "step"  # type: ignore[union-attr]


def test_ended_may_continue_with_another_flow() -> None:
    game = Race(3, tie=True)
    decision = game.decision()
    assert decision is not None and decision.kind == "winner"
    assert [e.kind for e in game.apply(1)] == ["won"]
    assert game.result() == Result((1,), "target", 1)


def test_one_error_for_a_missing_option_and_for_a_move_after_the_end() -> None:
    game = Race(3)
    with pytest.raises(IllegalMoveError, match="option 2 does not exist: the step decision has 2"):
        game.apply(2)
    with pytest.raises(IllegalMoveError, match="option -1 does not exist"):
        game.apply(-1)
    game.apply(1)
    game.apply(1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.apply(0)


def test_offer_asks_the_named_seat() -> None:
    flow = offer(1, "confirm", [Option("yes", True)])
    decision = next(flow)
    assert (decision.seat, decision.kind, decision.labels()) == (1, "confirm", ["yes"])


def test_a_decision_without_options_is_a_rules_bug_naming_its_kind() -> None:
    with pytest.raises(AssertionError, match="a muster decision without options"):
        next(ask(0, "muster", []))


def _counting(name: str, ran: list[str]) -> Invariant:
    """An invariant named ``name`` that holds and notes each time it is checked."""

    def check(game: object) -> list[str]:
        ran.append(name)
        return []

    return Invariant(name, check, frozenset({name}) if name != "always" else frozenset())


def test_invariants_run_after_the_moves_that_may_break_them_and_all_at_the_first_check() -> None:
    ran: list[str] = []

    class Watched(Race):
        invariants = (
            _counting("always", ran),
            _counting("stepped", ran),
            _counting("deal", ran),
        )

    game = Watched(5, pause=True)
    assert game.invariant_violations() == []
    assert ran == ["always", "stepped", "deal"]  # the first check: every one
    game.apply(0)  # "begin": a move with no events
    ran.clear()
    assert game.invariant_violations() == []
    assert ran == ["always"]
    for _ in range(2):  # the same kinds twice: the same checks each time
        game.apply(0)
        ran.clear()
        game.invariant_violations()
        assert ran == ["always", "stepped"]
    game.apply(0)
    game.apply(0)  # a move left unchecked: the next check runs them all
    ran.clear()
    game.invariant_violations()
    assert ran == ["always", "stepped", "deal"]
