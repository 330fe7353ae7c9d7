"""What one seat may know (:mod:`pnp.rulesets.thrones.view`)."""

from __future__ import annotations

import random

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.testing import view_leaks
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame


def _hidden_swap(game: ThronesGame, seat: int) -> None:
    """Swap a card of ``seat``'s hand with one deep in his deck, and reorder the deck."""
    s = game.seats[seat]
    if s.hand and s.deck:
        h, d = s.hand[0], s.deck[0]
        s.hand[0], s.deck[0] = d, h
        h.zone, d.zone = "deck", "hand"
    s.deck.reverse()


def test_views_hide_other_hands_and_decks(content: LoadedContent) -> None:
    """A view shows neither another seat's hand nor any deck order."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(3), 5)
    rng = random.Random(5)
    for _ in range(60):
        d = game.decision()
        assert d is not None
        game.apply(rng.randrange(len(d.options)))
    assert isinstance(game, ThronesGame)
    leaks = view_leaks(game, 0, lambda g: _hidden_swap(g, 1), seats=[2])  # type: ignore[arg-type]
    assert leaks == []
    # but the seat's own hand is visible to him
    before = game.view(1)
    _hidden_swap(game, 1)
    assert game.view(1) != before
