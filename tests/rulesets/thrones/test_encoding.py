"""The observation encoding of a seat's view (:mod:`pnp.rulesets.thrones.encoding`)."""

from __future__ import annotations

import pytest

from pnp.adapters.world import World, encoder, make_table
from pnp.engine.encoding import EncodingError
from pnp.rulesets.thrones import encoding
from tests.rulesets.adapting import check_encoding


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_encodes_to_one_documented_size(players: int) -> None:
    check_encoding("thrones", encoding, players, games=1)


def test_the_hand_and_the_seat_are_encoded() -> None:
    world = World(make_table("thrones", 2, seed=4))
    enc = encoder("thrones", 2)
    view = world.game.view(0)
    vector = enc.encode(view, world.decision())
    hand = enc.layout.fields["hand"]
    counts = vector[hand.offset : hand.offset + hand.size]
    assert sum(counts) == len(view.data()["hand"]) > 0
    seat = enc.layout.fields["seat"]
    assert vector[seat.offset : seat.offset + seat.size] == [1.0, 0.0]


def test_a_card_the_content_lacks_is_an_error() -> None:
    enc = encoder("thrones", 2)
    world = World(make_table("thrones", 2, seed=4))
    view = world.game.view(0)
    view.data()["hand"].append("no-such-card")
    with pytest.raises(EncodingError, match="no-such-card"):
        enc.encode(view, world.decision())
