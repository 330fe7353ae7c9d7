"""The round's bookkeeping (:mod:`pnp.rulesets.thrones.rules.round`): passive modifiers as cards
enter and leave play."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from tests.rulesets.thrones.conftest import begun


def _knights_game(content: LoadedContent, extra: list[dict], in_play: list[str]) -> ThronesGame:
    """Seat 0 marshals from [t-knight, t-squire] with ``in_play`` around it."""
    assert RULESET.scenario_game is not None
    cards = [
        {"id": "t-knight", "name": "Knight", "type": "character", "cost": 1, "strength": 2,
         "traits": ["Knight"]},
        {"id": "t-squire", "name": "Squire", "type": "character", "cost": 1, "strength": 1},
        {"id": "t-lists", "name": "Lists", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "controller": "you",
                                                "trait": "Knight"}, "strength": 1}}]},
        *extra,
    ]  # fmt: skip
    setup = {
        "players": 2,
        "phase": "marshalling",
        "first_player": 0,
        "seats": [
            {
                "house": "stark",
                "plot": {"income": 5, "initiative": 0, "claim": 1},
                "in_play": in_play,
                "hand": ["t-knight", "t-squire"],
            },
            {"house": "lannister", "plot": {"income": 0, "initiative": 0, "claim": 1}},
        ],
    }
    return begun(RULESET.scenario_game(content, setup, cards, 0))


def _marshal(game: ThronesGame, card: str) -> None:
    labels = game.decision().labels()  # type: ignore[union-attr]
    game.apply(labels.index(f"marshal: {card}"))


def test_each_passive_reaches_a_card_entering_and_leaving_play(content: LoadedContent) -> None:
    """With an 'each' passive in play that picks by trait only, a card entering play
    gets exactly the modifiers a full recomputation would give it."""
    game = _knights_game(content, [], ["t-lists"])
    assert game.wide and not game.chainable
    _marshal(game, "t-knight")
    _marshal(game, "t-squire")
    knight, squire = game.seats[0].chars
    assert (game.strength(knight), game.strength(squire)) == (3, 1)
    assert game.invariant_violations() == []
    game.leave_play(knight, "discard")
    assert knight.static_str == 0 and game.strength(squire) == 1
    assert game.invariant_violations() == []


def test_each_passive_by_keyword_recomputes_in_full(content: LoadedContent) -> None:
    """A passive that picks cards by keyword can be fed by another passive: then
    every card entering play recomputes all modifiers, in the printed order."""
    extra = [
        {"id": "t-oath", "name": "Oath", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "controller": "you",
                                                "trait": "Knight"}, "keyword": "stealth"}}]},
        {"id": "t-shadows", "name": "Shadows", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "keyword": "stealth"},
                                    "strength": 2}}]},
    ]  # fmt: skip
    game = _knights_game(content, extra, ["t-oath", "t-shadows"])
    assert game.chainable
    _marshal(game, "t-knight")
    knight = game.seats[0].chars[0]
    assert game.strength(knight) == 4  # 2, stealth from the oath, +2 for stealth
    assert game.invariant_violations() == []
