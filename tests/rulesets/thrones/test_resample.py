"""Resampling a game from one seat's information (:mod:`pnp.rulesets.thrones.resample`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.adapters.world import World, make_table
from pnp.engine.game import Game
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.resample import Witness, resample
from tests.rulesets.adapting import (
    check_hidden_choices_redrawn,
    check_resampling,
    hidden_choice_siblings,
)


def hidden(game: Game, seat: int) -> Any:
    """The other seats' hands and this seat's deck order."""
    assert isinstance(game, ThronesGame)
    others = [sorted(c.d.id for c in s.hand) for s in game.seats if s.idx != seat]
    return others, [c.d.id for c in game.seats[seat].deck]


def holdings(game: Game) -> Any:
    """Each seat's hidden cards (hand and deck, by uid): they stay that seat's."""
    assert isinstance(game, ThronesGame)
    return [sorted(c.uid for c in s.hand + s.deck) for s in game.seats]


@pytest.mark.parametrize("players", [2, 4])
def test_samples_keep_the_view_and_vary_the_hidden_cards(players: int) -> None:
    check_resampling("thrones", players, hidden, holdings)


def test_a_card_that_was_public_stays_where_it_went() -> None:
    """A card seen in play and returned to a hand is known to be there."""
    world = World(make_table("thrones", 2, seed=8))
    rng = random.Random(8)
    for _ in range(40):
        decision = world.decision()
        assert decision is not None
        world.apply(rng.randrange(len(decision.options)))
    game = world.game
    assert isinstance(game, ThronesGame)
    other = game.seats[1]
    known = other.hand[0]
    witness = Witness()
    witness.public.add(known.uid)
    for seed in range(10):
        copy = world.clone().game
        assert isinstance(copy, ThronesGame)
        resample(copy, 0, random.Random(seed), witness)
        assert copy.seats[1].hand[0].uid == known.uid


def test_a_face_down_plot_is_redrawn_not_kept() -> None:
    """Games that differ only in the plot another seat chose face down (not revealed
    yet) resample to the same game for the seat to play: the plot is drawn again."""
    groups = hidden_choice_siblings("thrones", 2, "plot", "plot", range(1), limit=2)
    assert groups
    for group in groups:
        check_hidden_choices_redrawn(group)
