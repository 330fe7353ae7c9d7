"""Support (rules/support.py) beyond what a scenario can pin down: what the seats see
of an offer of support."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.scenario import scenario_game

#: the shipped Iron Throne scenarios
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "ironthrone"


def test_it_sup_02_an_offer_is_seen_while_answered_and_gone_after(
    content: LoadedContent[Any],
) -> None:
    """IT-SUP-02: the active player's view holds the offer of support he is answering;
    once he has answered, no seat's view holds an offer any more."""
    spec = yaml.safe_load((SCENARIOS / "support-offers-clockwise.yaml").read_text())
    game = scenario_game(content, spec["setup"], spec["cards"], 0)
    for label in ("begin", "support challenger: tyrell-loras"):
        d = game.decision()
        assert d is not None
        game.apply(d.labels().index(label))
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (2, "answer_support")
    assert game.view(2).to_dict()["offer"] is not None
    game.apply(d.labels().index("accept"))
    d = game.decision()
    assert d is not None and d.seat == 0
    assert game.view(0).to_dict()["offer"] is None
