"""Ability windows (rules/windows.py): what an agent reads from a leader-ability question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone import RULESET

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "ironthrone"


def play(content: LoadedContent[Any], name: str, labels: list[str]) -> Any:
    """The game of scenario ``name`` after choosing ``labels`` in order."""
    doc = yaml.safe_load((SCENARIOS / name).read_text())
    game = RULESET.scenario_game(content, doc["setup"], doc.get("cards", []), 0)
    for label in labels:
        decision = game.decision()
        assert decision is not None
        game.apply(decision.labels().index(label))
    return game


def test_a_leader_question_carries_its_ability(content: LoadedContent[Any]) -> None:
    """IT-LEAD-01: the ``use`` option of a leader-ability question holds the ability
    itself (agents weigh it before answering), the same for every leader."""
    game = play(
        content,
        "windows-go-on-past-a-pass.yaml",
        [
            "begin",
            "pass",
            "play: test-lords-orders",
            "place: stark-hostility-5",
            "place: lannister-hostility-6",
        ],
    )
    for seat, title in ((1, "Counsel"), (2, "Look Out")):
        decision = game.decision()
        assert (decision.seat, decision.kind) == (seat, "use_leader")
        use, skip = decision.options
        assert (use.label, use.data.title, use.data.source) == (
            f"use: {title}",
            title,
            game.ref.t.char_id[game.ref.leader[seat]],
        )
        assert skip.label == "pass"
        game.apply(0)


def test_the_before_support_window_names_the_player_about_to_offer(
    content: LoadedContent[Any],
) -> None:
    """IT-TEXT-01: while a "before support offer" leader ability is offered, the
    asked player's view names the player about to offer (the ability's "that player")."""
    game = play(content, "forced-support-then-next-offer.yaml", ["begin", "stay out"])
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "use_leader")
    assert game.view(0).window_player() == 3
    game.apply(0)  # use: Leverage
    game.apply(game.decision().labels().index("character: tyrell-loras"))
    assert game.view(4).window_player() is None  # the window is over


def test_leaders_with_one_title_each_offer_their_own_ability(
    content: LoadedContent[Any],
) -> None:
    """IT-LEAD-01, IT-ORDER-01: two leader sheets of different Houses may print
    abilities of the same title; each leader's question offers his own ability."""
    cards = [
        {
            "id": "stark-rally-e",
            "type": "leader",
            "house": "stark",
            "name": "Stark Rallier",
            "leader": {
                "title": "Rally",
                "when": "before_cards_placed",
                "if": {"challenger": True},
                "do": [{"draw": 1}],
            },
        },
        {
            "id": "lannister-rally-e",
            "type": "leader",
            "house": "lannister",
            "name": "Lannister Rallier",
            "leader": {
                "title": "Rally",
                "when": "before_cards_placed",
                "if": {"defender": True},
                "do": [{"bonus": 2}],
            },
        },
        {"id": "baratheon-lord-e", "type": "leader", "house": "baratheon", "name": "Lord"},
    ]
    seats = [
        {
            "house": "stark",
            "leader": "stark-rally-e",
            "character": "stark-robb",
            "hand": ["stark-hostility-5", "stark-truce"],
            "deck": ["stark-hostility-1"],
        },
        {
            "house": "lannister",
            "leader": "lannister-rally-e",
            "character": "lannister-jaime",
            "hand": ["lannister-hostility-5", "lannister-truce"],
            "deck": ["lannister-hostility-1"],
        },
        {"house": "baratheon", "leader": "baratheon-lord-e", "hand": [], "deck": []},
    ]
    setup = {"start": "encounter", "challenger": 0, "defender": 1, "seats": seats}
    scenario_game = RULESET.scenario_game
    assert scenario_game is not None
    game = scenario_game(content, setup, cards, 0)
    game.apply(0)  # begin
    for seat, source in ((0, "stark-rally-e"), (1, "lannister-rally-e")):
        d = game.decision()
        assert d is not None and (d.seat, d.kind) == (seat, "use_leader")
        assert d.labels() == ["use: Rally", "pass"]
        assert d.options[0].data.source == source  # seat 1 gets stark-rally-e on main
        game.apply(1)  # pass
