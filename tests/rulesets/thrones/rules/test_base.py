"""A new game's state before its first decision (:mod:`pnp.rulesets.thrones.rules.base`)."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.snapshot import snapshot


def new(content: LoadedContent, players: int, options: dict[str, Any]) -> Any:
    assert RULESET.new_game is not None
    return RULESET.new_game(content, GameConfig(players, None, options), 5)


def test_a_new_game_waits_in_round_one_setup_with_no_first_player_yet(
    content: LoadedContent,
) -> None:
    game = new(content, 2, {})
    shown = snapshot(game)
    assert (shown["round"], shown["phase"], shown["active"]) == (1, "setup", None)
    assert game.decision().kind == "mulligan"
    # the record's first player is the one chosen in round 1's plot phase, not yet
    assert game.first_player() is None


@pytest.mark.parametrize(
    ("players", "titles", "pool"),
    [(3, True, 6), (4, True, 6), (3, False, 0), (2, False, 0), (3, None, 6), (2, None, 0)],
)
def test_titles_are_played_from_three_players_unless_turned_off(
    content: LoadedContent, players: int, titles: bool | None, pool: int
) -> None:
    """TH-TITLE-01: the titles come into the melee game (three or more players); asked
    for at two players they are refused, not silently left out."""
    options = {} if titles is None else {"titles": titles}
    assert len(snapshot(new(content, players, options))["titles"]) == pool
    if players == 2:
        from pnp.errors import UsageError

        with pytest.raises(UsageError, match="the titles variant needs 3 or 4 players"):
            new(content, 2, {"titles": True})
