"""The observation encoding of a seat's view (:mod:`pnp.rulesets.fief.encoding`)."""

from __future__ import annotations

import pytest

from pnp.adapters.world import World, encoder, make_table
from pnp.rulesets.fief import encoding
from tests.rulesets.adapting import check_encoding


@pytest.mark.parametrize("players", [3, 6])
def test_every_view_encodes_to_one_documented_size(players: int) -> None:
    check_encoding("fief", encoding, players, games=1, every=5)


def test_gold_and_the_hand_are_encoded() -> None:
    world = World(make_table("fief", 3, seed=2))
    enc = encoder("fief", 3)
    view = world.game.view(2)
    vector = enc.encode(view, world.decision())
    gold = enc.layout.fields["gold"]
    assert vector[gold.offset : gold.offset + gold.size] == [
        float(s["gold"]) for s in view.data()["seats"]
    ]
    hand = enc.layout.fields["hand"]
    assert sum(vector[hand.offset : hand.offset + hand.size]) == len(view.hand)
