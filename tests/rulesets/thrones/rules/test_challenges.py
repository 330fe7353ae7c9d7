"""Challenges (:mod:`pnp.rulesets.thrones.rules.challenges`) beyond what a scenario can
pin down: a stood card's kneeling state and the claim of a player with no plot."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from tests.rulesets.thrones.conftest import begun

_PLOT = {"income": 5, "initiative": 0, "claim": 1}


def _game(content: LoadedContent, seats: list[dict[str, Any]], cards: list[Any]) -> ThronesGame:
    """A begun two-player scenario game in the challenges phase."""
    assert RULESET.scenario_game is not None
    setup = {"players": len(seats), "phase": "challenges", "first_player": 0, "seats": seats}
    return begun(RULESET.scenario_game(content, setup, cards, 0))


def _pick(game: ThronesGame, label: str) -> None:
    decision = game.decision()
    assert decision is not None
    game.apply(decision.labels().index(label))


def test_th_kw_vigilant_01_a_vigilant_card_stood_is_standing_not_unknown(
    content: LoadedContent,
) -> None:
    """A Vigilant attacker stood after a won challenge is standing (``kneeling`` false):
    a condition ``if: {kneeling: false}`` compares with exactly that value."""
    cards = [
        {"id": "t-watch", "name": "Watchman", "type": "character", "cost": 3, "strength": 3,
         "icons": ["power"], "keywords": ["vigilant"]},
    ]  # fmt: skip
    seats = [
        {"house": "baratheon", "plot": dict(_PLOT), "in_play": ["t-watch"]},
        {"house": "martell", "plot": dict(_PLOT)},
    ]
    game = _game(content, seats, cards)
    _pick(game, "challenge: power against seat 1")
    (watch,) = [c for c in game.seats[0].play if c.d.id == "t-watch"]
    assert watch.kneeling is True  # knelt to attack, unopposed
    _pick(game, "vigilant: t-watch")
    assert watch.kneeling is False


def test_th_plot_a_player_with_no_revealed_plot_claims_nothing(content: LoadedContent) -> None:
    """Claim comes from the revealed plot: a player without one (a scenario's position)
    has a claim of 0, whatever the challenge."""
    seats = [{"house": "baratheon", "plot": dict(_PLOT)}, {"house": "martell"}]
    game = _game(content, seats, [])
    assert game.seats[1].plot is None
    assert [game.claim_value(1, t) for t in ("military", "intrigue", "power")] == [0, 0, 0]
    assert game.claim_value(0, "power") == 1
