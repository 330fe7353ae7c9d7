"""The turn (rules/turn.py): the scenario opening and the round a game reports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.ironthrone import RULESET
from tests.rulesets.ironthrone.games import with_game_rule

LORDS = [
    {"id": f"{h}-x", "type": "leader", "house": h, "name": "X"}
    for h in ("stark", "lannister", "baratheon")
]


def scenario(content: LoadedContent[Any], **setup: Any) -> Any:
    """A three-player scenario game with plain leaders (``setup``: the rest)."""
    seats = [{"house": h, "leader": f"{h}-x"} for h in ("stark", "lannister", "baratheon")]
    full = {"event_deck": ["event-lannister-gold"], "seats": seats, **setup}
    return RULESET.scenario_game(content, full, LORDS, 0)


def test_a_scenario_opens_with_the_scenario_start_question(content: LoadedContent[Any]) -> None:
    """The one-option opening a scenario script answers with ``begin`` is of kind
    ``scenario_start`` (agents and the scenario runner know it by that kind)."""
    game = scenario(content, first_player=1)
    opening = game.decision()
    assert opening is not None
    assert (opening.seat, opening.kind, opening.labels()) == (1, "scenario_start", ["begin"])


@pytest.mark.parametrize(("turn", "round_no"), [(1, 1), (2, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_it_turn_02_a_round_is_one_turn_per_player(
    content: LoadedContent[Any], turn: int, round_no: int
) -> None:
    """IT-TURN-02: with three players, turns 1-3 make round 1, turns 4-6 round 2."""
    game = scenario(content, start="turn", turn=turn)
    game.apply(0)  # begin: the turn starts
    assert game.ref.turn == turn
    assert game.round == round_no
    # the state a scenario and a recorded game read says the same
    assert (game.snapshot()["turn"], game.snapshot()["round"]) == (turn, round_no)


def test_a_new_game_is_in_round_1_while_leaders_are_chosen(content: LoadedContent[Any]) -> None:
    """Before the first turn (turn 0, leaders being chosen) the game is in round 1."""
    game = RULESET.new_game(content, GameConfig(3), 0)
    decision = game.decision()
    assert decision is not None and decision.kind == "choose_leader"
    assert game.round == 1


def test_a_torment_worth_no_power_takes_none(content: LoadedContent[Any], tmp_path: Path) -> None:
    """IT-HOST-10 with a designer's ``torment: {other: 0}``: tormenting a house card
    then takes no power and asks for no character to take it from."""
    changed = with_game_rule(tmp_path, "other: 1}", "other: 0}")
    seats = [
        {"house": "stark", "leader": "stark-x", "hostages": ["lannister-hostility-3"]},
        {"house": "lannister", "leader": "lannister-x"},
        {"house": "baratheon", "leader": "baratheon-x"},
    ]
    setup = {"start": "turn", "event_deck": ["event-lannister-gold"], "seats": seats}
    for loaded, asked in ((content, True), (changed, False)):
        game = RULESET.scenario_game(loaded, setup, LORDS, 0)
        game.apply(0)  # begin
        hostages = game.decision()
        assert hostages is not None and hostages.kind == "hostages"
        events = game.apply(hostages.labels().index("torment: lannister-hostility-3"))
        after = game.decision()
        assert after is not None
        assert (after.kind == "torment_target") == asked
        if not asked:
            assert [e.kind for e in events][:1] == ["hostage_tormented"]
            assert "power_taken" not in [e.kind for e in events]
