"""The observation encoding of a seat's view (:mod:`pnp.rulesets.ironthrone.encoding`)."""

from __future__ import annotations

import pytest

from pnp.adapters.world import World, encoder, make_table
from pnp.rulesets.ironthrone import encoding
from tests.rulesets.adapting import check_encoding


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_view_encodes_to_one_documented_size(players: int) -> None:
    check_encoding("ironthrone", encoding, players, games=1)


def test_the_hand_and_the_board_are_encoded() -> None:
    world = World(make_table("ironthrone", 4, seed=2))
    for _ in range(8):  # past the leaders' choice: the hands are dealt
        world.apply(0)
    enc = encoder("ironthrone", 4)
    view = world.game.view(1)
    vector = enc.encode(view, world.decision())
    hand = enc.layout.fields["hand"]
    assert sum(vector[hand.offset : hand.offset + hand.size]) == len(view.to_dict()["hand"]) > 0
    tokens = enc.layout.fields["tokens_left"]
    assert vector[tokens.offset : tokens.offset + tokens.size] == [
        float(s["tokens_left"]) for s in view.to_dict()["seats"]
    ]
