"""Abilities of the thrones referee (:mod:`pnp.rulesets.thrones.rules.abilities`): what the
scenarios cannot read from a game's snapshot."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from tests.rulesets.thrones.conftest import begun

# ------------------------------------------------------------------ mark_use, usable


def test_a_limited_response_counts_one_for_its_player(content: LoadedContent) -> None:
    """TH-KW-LIMITED-02: using a Limited response counts one Limited response for the round."""
    assert RULESET.scenario_game is not None
    cards: list[dict[str, Any]] = [
        {"id": "t-lookout", "name": "Lookout", "type": "character", "cost": 1, "strength": 1,
         "abilities": [{"response": "phase_begins", "limited": True, "effect": {"gain_gold": 1}}]},
        {"id": "t-coin", "name": "Coin", "type": "event",
         "abilities": [{"action": "any", "effect": {"gain_gold": 1}}]},
    ]  # fmt: skip
    plot = {"income": 5, "initiative": 0, "claim": 1}
    setup = {
        "players": 2,
        "phase": "challenges",
        "first_player": 0,
        "seats": [
            {"house": "stark", "plot": plot, "in_play": ["t-lookout"]},
            {"house": "lannister", "plot": plot, "hand": ["t-coin"]},
        ],
    }
    game = begun(RULESET.scenario_game(content, setup, cards, 0))
    assert isinstance(game, ThronesGame)
    decision = game.decision()
    assert decision is not None and decision.kind == "response"
    assert game.seats[0].limited_responses == 0
    game.apply(decision.labels().index("respond: t-lookout"))
    after = game.decision()  # the challenges phase's action window, the same round
    assert after is not None and (after.seat, after.kind) == (1, "action")
    assert game.seats[0].limited_responses == 1
    assert game.seats[1].limited_responses == 0
