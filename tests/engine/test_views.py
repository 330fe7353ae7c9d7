"""Hidden information: a seat's view must not change when only hidden things change."""

from __future__ import annotations

import pytest

from pnp.engine import GameConfig, stream
from pnp.engine.testing import view_leaks
from tests.fixtures.haggle import HAGGLE
from tests.fixtures.haggle.game import HaggleGame


def positions(content, seeds=range(8), steps=(0, 5, 15)):
    """Games of 3 at several points of play."""
    for seed in seeds:
        for n in steps:
            game = HAGGLE.new_game(content, GameConfig(3), seed)
            rng = stream(seed, "test")
            for _ in range(n):
                decision = game.decision()
                if decision is None:
                    break
                game.apply(rng.randrange(len(decision.options)))
            if game.decision() is not None:
                yield game


def swap_hand_with_deck(seat: int):
    def change(game: HaggleGame) -> None:
        hand = game.hands[seat]
        other = next((i for i, c in enumerate(game.deck) if hand and c != hand[0]), None)
        if other is None:
            pytest.skip("no card to swap")
        hand[0], game.deck[other] = game.deck[other], hand[0]
        hand.sort()

    return change


def test_other_hands_and_the_deck_order_are_hidden(haggle_content) -> None:
    checked = 0
    for game in positions(haggle_content):
        if not game.hands[1] or len(set(game.deck)) < 2:
            continue
        assert view_leaks(game, 0, swap_hand_with_deck(1), seats=[2]) == []
        assert (
            view_leaks(game, 1, lambda g: g.deck.reverse() if len(set(g.deck)) > 1 else None) == []
        )
        checked += 1
    assert checked >= 10


def test_own_hand_is_visible(haggle_content) -> None:
    """The check can fail: a seat sees a change to its own hand."""
    game = next(g for g in positions(haggle_content) if g.hands[0] and g.deck)
    leaks = view_leaks(game, 0, swap_hand_with_deck(0))
    assert len(leaks) == 1 and leaks[0].startswith("seat 0's view changed: view.hand")


class LeakyGame(HaggleGame):
    """A bug a ruleset could make: the view shows every hand."""

    def view(self, seat: int) -> dict:
        return {**super().view(seat), "hands": tuple(tuple(h) for h in self.hands)}


def test_a_leaky_view_is_caught(haggle_content) -> None:
    game = next(g for g in positions(haggle_content) if g.hands[1] and g.deck)
    game.__class__ = LeakyGame
    (leak,) = view_leaks(game, 0, swap_hand_with_deck(1))
    assert "view.hands[1]" in leak


def test_bots_decide_from_the_view(haggle_content) -> None:
    """The heuristic bot makes the same choice whatever the hidden cards are."""
    bot = HAGGLE.agents["heuristic"]()
    for game in positions(haggle_content, steps=(3, 9)):
        decision = game.decision()
        seat = decision.seat
        before = bot.choose(game.view(seat), decision, stream(1, "bot"))
        other = (seat + 1) % game.players
        if game.hands[other] and len(set(game.deck)) > 1:
            swap_hand_with_deck(other)(game)
        assert bot.choose(game.view(seat), decision, stream(1, "bot")) == before
