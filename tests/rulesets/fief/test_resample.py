"""Resampling a game from one seat's information (:mod:`pnp.rulesets.fief.resample`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from pnp.adapters.world import World, make_table
from pnp.engine.game import Game
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.resample import Witness, resample
from tests.rulesets.adapting import check_resampling


def hidden(game: Game, seat: int) -> Any:
    """The other seats' hands."""
    assert isinstance(game, FiefGame)
    return [sorted(s.hand) for s in game.s.seats if s.index != seat]


def holdings(game: Game) -> Any:
    """Every hidden card (hands and draw decks) as one multiset, hand sizes, and each
    Character deck's contents: a resample moves cards, it never makes or loses one."""
    assert isinstance(game, FiefGame)
    s = game.s
    cards = Counter(s.fortune + s.court)
    for seat in s.seats:
        cards.update(seat.hand)
    return (
        sorted(cards.items()),
        [len(seat.hand) for seat in s.seats],
        [sorted(seat.deck) for seat in s.seats],
    )


@pytest.mark.parametrize("players", [3, 5])
def test_samples_keep_the_view_and_vary_the_hidden_cards(players: int) -> None:
    check_resampling("fief", players, hidden, holdings, seeds=range(1), every=60, samples=8)


def test_a_hand_the_seat_looked_at_stays_as_it_saw_it() -> None:
    world = World(make_table("fief", 3, seed=5))
    rng = random.Random(5)
    while True:
        decision = world.decision()
        assert decision is not None
        if world.game.round > 1 and all(s.hand for s in world.game.s.seats):  # type: ignore[attr-defined]
            break
        world.apply(rng.randrange(len(decision.options)))
    game = world.game
    assert isinstance(game, FiefGame)
    witness = Witness()
    witness.known[(0, 1)] = Counter(game.s.seats[1].hand)  # as a look at the hand notes it
    for seed in range(10):
        copy = world.clone().game
        assert isinstance(copy, FiefGame)
        resample(copy, 0, random.Random(seed), witness)
        assert sorted(copy.s.seats[1].hand) == sorted(game.s.seats[1].hand)
