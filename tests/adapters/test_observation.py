"""The adapters' observation tensor ends with who decides what (:mod:`pnp.adapters.observation`)."""

from __future__ import annotations

import random

import pytest

from pnp.adapters.world import World, encoder, make_table
from pnp.engine.encoding import EncodingError
from pnp.engine.game import Decision, Option
from pnp.rulesets import find_ruleset


@pytest.mark.parametrize(("ruleset", "players"), [("thrones", 3), ("ironthrone", 3), ("fief", 4)])
def test_the_pending_decision_is_in_every_seats_tensor(ruleset: str, players: int) -> None:
    """Two positions a seat saw alike gave one tensor though it decided different things
    (a challenge to declare, or attackers to choose: 31 of 408 thrones decisions)."""
    enc = encoder(ruleset, players)
    kinds = list(find_ruleset(ruleset).decision_help)
    seat_f, kind_f = enc.layout.fields["decision_seat"], enc.layout.fields["decision_kind"]
    world = World(make_table(ruleset, players, seed=2))
    rng = random.Random(2)
    seen = set()
    for _ in range(60):
        decision = world.decision()
        if decision is None:
            break
        for seat in range(players):
            vector = world.encode(seat)
            assert len(vector) == enc.size
            decider = vector[seat_f.offset : seat_f.offset + seat_f.size]
            kind = vector[kind_f.offset : kind_f.offset + kind_f.size]
            assert decider.index(1.0) == decision.seat and sum(decider) == 1
            assert kinds[kind.index(1.0)] == decision.kind and sum(kind) == 1
        seen.add(decision.kind)
        world.apply(rng.randrange(len(decision.options)))
    assert len(seen) >= 3, "too few kinds met: this test would prove little"


def test_a_kind_the_ruleset_does_not_list_is_an_error() -> None:
    enc = encoder("thrones", 2)
    world = World(make_table("thrones", 2, seed=4))
    stray = Decision(0, "no_such_kind", (Option("x"),))
    with pytest.raises(EncodingError, match="no_such_kind"):
        enc.encode(world.game.view(0), stray)
