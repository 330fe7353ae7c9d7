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
from tests.rulesets.adapting import (
    check_hidden_choices_redrawn,
    check_resampling,
    hidden_choice_siblings,
)


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


@pytest.mark.parametrize(
    ("kind", "then", "games"),
    # random games reach an election with two voters seldom: seed 33 has one
    [("hide_gold", "pick_hand", 10), ("give_card", "give_card", 10), ("vote", "vote", 40)],
)
def test_a_face_down_choice_is_redrawn_not_kept(kind: str, then: str, games: int) -> None:
    """Games that differ only in another seat's face-down choice (a robbed seat's split
    of its gold, a deal's first card, a vote) resample to the same game for the seat
    to play."""
    groups = hidden_choice_siblings("fief", 4, kind, then, range(games), limit=1)
    assert groups, f"no {kind} choice followed by another seat's decision"
    for group in groups:
        check_hidden_choices_redrawn(group)
