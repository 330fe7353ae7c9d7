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
