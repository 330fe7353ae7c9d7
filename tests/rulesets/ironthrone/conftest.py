"""Shared fixtures for the Iron Throne tests: the shipped content, loaded once."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.model import IronThroneContent


@pytest.fixture(scope="session")
def content() -> LoadedContent[IronThroneContent]:
    """The shipped Iron Throne content."""
    return RULESET.load()


def start(content: LoadedContent[Any], players: int, seed: int, **kw: Any) -> IronThroneGame:
    """A new game of ``players`` from ``seed`` (``kw``: the rest of its :class:`GameConfig`)."""
    game = RULESET.new_game(content, GameConfig(players, **kw), seed)
    assert isinstance(game, IronThroneGame)
    return game
