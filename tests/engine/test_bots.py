"""The shared bot dispatch: one ``on_<kind>`` method per decision kind, and no blind picks."""

from __future__ import annotations

import random

import pytest

from pnp.engine.bots import KindBot
from pnp.engine.decision import Decision, Option
from pnp.engine.errors import UnknownDecisionError


class LastBot(KindBot):
    agent_name = "last"

    def on_pick(self, view: object, decision: Decision, rng: random.Random) -> int:
        return len(decision.options) - 1


def test_a_kind_goes_to_its_method() -> None:
    decision = Decision(0, "pick", (Option("a"), Option("b"), Option("c")))
    assert LastBot().choose(None, decision, random.Random(1)) == 2


def test_a_kind_without_a_method_is_an_error_naming_bot_and_kind() -> None:
    decision = Decision(0, "vote", (Option("yes"), Option("no")))
    with pytest.raises(UnknownDecisionError) as caught:
        LastBot().choose(None, decision, random.Random(1))
    assert "last" in str(caught.value) and "vote" in str(caught.value)
