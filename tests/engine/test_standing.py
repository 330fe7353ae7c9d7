"""Standing rules: checked whenever the flow stops for a decision, until nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.engine.decision import Option
from pnp.engine.errors import FlowEnd
from pnp.engine.flow import Flow, FlowGame, offer
from pnp.engine.game import Result
from pnp.engine.standing import Standing, UnsettledError, watched_kinds


class Won(FlowEnd):
    pass


def cap_purse(g: Purse) -> None:
    """At most 5 coins in the purse: the rest spill (and a spill is an event)."""
    if g.coins > 5:
        g.emit("spilled", None, amount=g.coins - 5)
        g.coins = 5


def win_on_spill(g: Purse) -> None:
    """Watching what another rule emits: a spill ends the game."""
    if any(e.kind == "spilled" for e in g.events):
        raise Won()


class Purse(FlowGame):
    standing = (
        Standing("T-CAP", frozenset({"coins_gained"}), cap_purse),
        Standing("T-WIN", frozenset({"spilled"}), win_on_spill),
    )

    def __init__(self) -> None:
        super().__init__(1)
        self.coins = 0
        self.over = False
        self.begin(self.flow())

    def flow(self) -> Flow:
        while True:
            choice = yield from offer(0, "gain", [Option("1", 1), Option("4", 4), Option("0", 0)])
            self.coins += choice.data
            self.emit("coins_gained" if choice.data else "nothing", 0)

    def ended(self, stop: FlowEnd) -> Flow | None:
        self.over = True
        return None

    # the rest of the Game interface, which these tests do not read
    def view(self, seat: int) -> int:
        return self.coins

    def result(self) -> Result | None:
        return Result((0,), "spilled", 1) if self.over else None

    def snapshot(self) -> dict[str, Any]:
        return {"coins": self.coins}

    @property
    def round(self) -> int:
        return 1

    @property
    def factions(self) -> tuple[str, ...]:
        return ("purse",)


def test_a_rule_is_enforced_before_the_next_decision_and_what_it_emits_is_checked() -> None:
    game = Purse()
    game.apply(1)  # 4 coins: nothing to enforce
    assert game.coins == 4 and game.decision() is not None
    events = game.apply(1)  # 8 coins, then the cap spills three, and the spill wins
    assert [(e.kind, e.data) for e in events] == [("coins_gained", {}), ("spilled", {"amount": 3})]
    assert game.coins == 5 and game.over and game.decision() is None


def test_a_rule_is_not_checked_after_events_it_does_not_watch() -> None:
    game = Purse()
    game.coins = 9  # broken behind the rules' back: no watched event since
    game.apply(2)
    assert game.coins == 9 and not game.over


def test_rules_that_never_settle_are_a_bug_not_a_hang() -> None:
    def forever(g: Any) -> None:
        g.emit("tick", None)

    class Clock(Purse):
        standing = (Standing("T-TICK", frozenset(), forever),)

    clock = Clock()  # nothing happened yet: nothing to check
    with pytest.raises(UnsettledError):
        clock.apply(0)


def test_the_watched_kinds_are_the_union_or_every_kind() -> None:
    assert watched_kinds(Purse.standing) == {"coins_gained", "spilled"}
    assert watched_kinds(()) == frozenset()
    assert watched_kinds((Standing("T", frozenset(), cap_purse),)) is None


def test_a_change_the_log_does_not_show_is_checked_when_noted() -> None:
    game = Purse()
    game.coins = 9  # a change that emits no event …
    game.note_change("coins_gained")  # … told to the rules that watch its kind
    events = game.apply(2)
    assert [e.kind for e in events] == ["nothing", "spilled"]
    assert game.coins == 5 and game.over
