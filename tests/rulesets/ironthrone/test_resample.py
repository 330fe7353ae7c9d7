"""Resampling a game from one seat's information (:mod:`pnp.rulesets.ironthrone.resample`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.adapters.world import World, make_table
from pnp.engine.game import Game
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.resample import Witness, keeps_options, redraw, resample
from tests.rulesets.adapting import (
    check_hidden_choices_redrawn,
    check_resampling,
    hidden_choice_siblings,
)


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


def test_a_sample_keeps_the_upgrade_targets_the_seat_was_offered() -> None:
    """Offered whose revealed hostility card to upgrade, the seat knows who holds a
    higher hostility card: every sample keeps them, and no sample gives one to a player
    not offered (before, a sample could take it away, and the game then asked that
    player to choose among no cards)."""
    world = World(make_table("ironthrone", 4, seed=13))
    rng = random.Random(13)
    while True:
        decision = world.decision()
        assert decision is not None
        others = [o for o in decision.options if o.data != decision.seat]
        if decision.kind == "upgrade_target" and others:
            break
        world.apply(rng.randrange(len(decision.options)))
    offered = {o.data for o in decision.options}
    kept = 0
    for k in range(40):
        sample = world.resampled(decision.seat, k)
        ref = sample.game.ref  # type: ignore[attr-defined]
        assert set(ref.upgrade_targets()) == offered
        for index in range(len(decision.options)):
            after = sample.resampled(decision.seat, k)  # the same sample, to choose again
            after.apply(index)
            upgrade = after.decision()
            assert upgrade is not None
            assert upgrade.options, f"sample {k}: {upgrade.kind} offers no option"
        kept += ref.hand != world.game.ref.hand  # type: ignore[attr-defined]
    assert kept > 0  # the hidden hands were redrawn all the same


def test_keeping_the_options_draws_again_from_the_same_rng() -> None:
    """A sample that contradicts the pending decision is drawn again: the redraws are the
    only difference from a plain draw, so a decision that hides nothing gets the first."""
    world = World(make_table("ironthrone", 3, seed=2))
    game = world.game
    assert keeps_options(game, game.decision())
    one, two = World(world.table), World(world.table)
    resample(one.game, 0, random.Random(5), Witness())
    redraw(two.game, 0, random.Random(5), Witness())
    assert one.game.ref.hand == two.game.ref.hand  # type: ignore[attr-defined]


def test_a_face_down_leader_is_redrawn_not_kept() -> None:
    """Games that differ only in the leader another seat chose face down (before the
    reveal) resample to the same game for the seat to play."""
    leader = "choose_leader"
    groups = hidden_choice_siblings("ironthrone", 4, leader, leader, range(3), limit=2)
    assert groups
    for group in groups:
        check_hidden_choices_redrawn(group)


#: a 4-player game (seed 5) played to where seat 2 places a card face down, some of
#: its choices cards that had been public once (revealed, discarded, shuffled back, drawn)
_ONCE_SEEN = [
    1, 0, 0, 0, 1, 3, 1, 1, 1, 6, 0, 7, 0, 0, 1, 1, 1, 3, 3, 3, 1, 1, 1, 1, 0, 5, 2, 2, 2, 3,
    0, 0, 1, 0, 1, 4, 7, 1, 0, 0, 3, 2, 2, 1, 1, 0, 0, 4, 0, 0, 1, 0, 1, 1, 0, 3, 2, 7, 0, 0,
    5, 1, 0, 1, 1, 0, 1, 2, 2, 3, 2, 2, 2, 0, 7, 0, 2, 5, 1, 0, 5, 1, 1, 1, 1, 0, 6, 2, 2, 2,
    3, 2, 1, 5, 0, 5, 3, 0, 6, 1, 2, 2, 0, 2, 1, 2, 0, 3, 0, 2, 0, 1, 0, 1, 1, 1, 1, 2, 2, 1,
    1, 4, 0, 9, 5, 0, 1, 1, 1, 0, 1, 1, 2, 3, 1, 6, 0, 4, 1, 1, 4, 4, 0, 1, 0, 1, 2, 1, 0, 2,
    4, 1, 1, 0,
]  # fmt: skip


def test_a_card_placed_face_down_is_redrawn_though_it_was_once_seen() -> None:
    """A card public once, then shuffled back and drawn, was kept where it really was:
    placed face down, it was never redrawn, and the search read it."""
    import json

    import pyspiel

    import pnp.adapters.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("pnp_ironthrone", {"players": 4, "seed": 5})
    state = game.deserialize_state(json.dumps(_ONCE_SEEN))
    decision = state.world.decision()
    assert decision.seat == 2 and decision.kind == "place_card"
    for action in range(len(decision.options)):
        placed = state.clone()
        placed.apply_action(action)
        draws = {
            placed.resample_from_infostate(0, lambda u=u: u).world.game.ref.placed[2]
            for u in (i / 20 for i in range(20))
        }
        assert len(draws) > 1, decision.labels()[action]
