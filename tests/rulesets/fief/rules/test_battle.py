"""The battle's questions as a player reads them: each names the battle it belongs to."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.fief.scenario import scenario_game
from pnp.rulesets.fief.view import text_form


def test_the_battle_questions_name_the_battle(content: LoadedContent) -> None:
    """FF-PH-21/22: a question asked during a battle names where it is fought; the
    questions after a battle (one ended by a lone Noble's capture, one by a surrender)
    name none and render."""
    setup: dict[str, Any] = {
        "phase": "battles",
        "dice": [1, 1],
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {
            "stark-eddard": {"at": "moat-cailin"},
            "lannister-tywin": {"at": "moat-cailin"},
            "stark-bran": {"at": "harrenhal"},
            "lannister-kevan": {"at": "harrenhal"},
        },
        "troops": {"moat-cailin": {0: {"knight": 1}}},
        "villages": {"moat-cailin": {"stronghold": 0}, "harrenhal": {"stronghold": 0}},
    }
    game = scenario_game(content, setup, [], 0)
    form = text_form(content, game.factions())
    asked = []
    for label in (
        "begin",
        "attack seat 1 at moat-cailin",
        "attack seat 1 at harrenhal",
        "surrender",
    ):
        d = game.decision()
        assert d is not None
        asked.append((d.kind, form.ask(d, game.view(d.seat))))
        game.apply([o.label for o in d.options].index(label))
    d = game.decision()
    assert d is not None
    asked.append((d.kind, form.ask(d, game.view(d.seat))))
    kinds = [kind for kind, _ in asked]
    assert kinds[1:4] == ["attack", "attack", "battle_choice"], kinds
    assert asked[3][1].endswith(" — the battle at Harrenhal")
    assert all(" — the battle" not in q for kind, q in asked if kind != "battle_choice")
