"""Resolution (rules/resolution.py): why each reward spreads a token, as the ways
to win a playtest reports (``Result.paths``)."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.ironthrone import RULESET

#: the reasons a token is spread (IT-WIN-01): a card's ability, a won challenge
#: (IT-RES-02), a truce deal (IT-ENC-08)
REASONS = {"ability", "challenge won", "truce deal"}


def test_paths_name_challenges_won_and_truce_deals(content: LoadedContent[Any]) -> None:
    """Every winner's path is made of the known reasons, and over two hundred
    games both a won challenge and a truce deal show up as a way to win."""
    limits = Limits.for_ruleset(RULESET, invariants=False)
    seen: set[str] = set()
    for seed in range(200):
        players = 3 + seed % 3
        choose = agents_chooser(RULESET, ["heuristic"] * players, seed)
        run = run_game(RULESET, content, GameConfig(players), seed, choose, limits)
        assert run.result is not None
        for path in run.result.paths:
            parts = set(path.split(" + "))
            assert parts <= REASONS, path
            seen |= parts
    assert {"challenge won", "truce deal"} <= seen, seen
