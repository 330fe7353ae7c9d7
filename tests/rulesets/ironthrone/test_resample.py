"""Resampling a game from one seat's information (:mod:`pnp.rulesets.ironthrone.resample`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.adapters.world import World, make_table
from pnp.engine.game import Game
from pnp.rulesets.ironthrone.game import IronThroneGame
from tests.rulesets.adapting import check_resampling


def hidden(game: Game, seat: int) -> Any:
    """The other seats' hands and facedown cards."""
    assert isinstance(game, IronThroneGame)
    ref = game.ref
    return [(sorted(ref.hand[o]), ref.placed[o]) for o in range(ref.n) if o != seat]


def holdings(game: Game) -> Any:
    """Each seat's cards in hand, deck and on the table: they stay that seat's."""
    assert isinstance(game, IronThroneGame)
    ref = game.ref
    return [
        sorted(ref.hand[o] + ref.deck[o] + ([ref.placed[o]] if ref.placed[o] >= 0 else []))
        for o in range(ref.n)
    ]


@pytest.mark.parametrize("players", [3, 5])
def test_samples_keep_the_view_and_vary_the_hidden_cards(players: int) -> None:
    check_resampling("ironthrone", players, hidden, holdings)


def test_a_facedown_card_redrawn_is_the_one_on_the_table() -> None:
    """The card placed facedown lies in two places (placed, table): both get the new one."""
    world = World(make_table("ironthrone", 4, seed=1))
    rng = random.Random(1)
    while True:
        decision = world.decision()
        assert decision is not None
        ref = world.game.ref  # type: ignore[attr-defined]
        seat = decision.seat
        hidden = [o for o in range(ref.n) if o != seat and ref.placed[o] >= 0 and not ref.outcome]
        if hidden:
            break
        world.apply(rng.randrange(len(decision.options)))
    moved = 0
    for k in range(12):
        sample = world.resampled(seat, k).game.ref  # type: ignore[attr-defined]
        for o in hidden:
            assert sample.placed[o] in sample.table[o]
            assert len(sample.table[o]) == len(ref.table[o])
            moved += sample.placed[o] != ref.placed[o]
    assert moved > 0
