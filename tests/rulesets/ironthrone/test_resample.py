"""Resampling a game from one seat's information (:mod:`pnp.rulesets.ironthrone.resample`)."""

from __future__ import annotations

from typing import Any

import pytest

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
