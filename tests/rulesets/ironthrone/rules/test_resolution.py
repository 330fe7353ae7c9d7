"""Resolution (rules/resolution.py): why each reward spreads a token, as the ways
to win a playtest reports (``Result.paths``), and the result event of any totals."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.scenario import scenario_game
from pnp.rulesets.ironthrone.state import BETRAYAL, CHALLENGER_WON, OUTCOME_NAMES, WINNER_NAMES

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


#: totals past the 20 bits each the event pool packs them in
BIG = 1 << 20
#: three seats of the shipped Houses
HOUSES = ("stark", "lannister", "baratheon")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # pairs that would pack to one key if the defender's total were allowed a
        # 21st bit (it would spill into the challenger's lowest bit)
        ((BIG - 1, 0), (BIG - 2, BIG)),
        ((1, 0), (0, BIG)),
        # totals too big to pack, pooled by a key of their own
        ((BIG + 1, 0), (BIG, BIG)),
    ],
)
def test_a_results_event_carries_its_own_totals_whatever_their_size(
    content: LoadedContent[Any], first: tuple[int, int], second: tuple[int, int]
) -> None:
    """The encounter_resolved events are pooled by outcome, winner and totals; totals
    too big to pack are pooled apart, so no two results ever share an event (a
    betrayal's winner is the truce's side, whatever the totals)."""
    setup = {"start": "leaders", "seats": [{"house": h} for h in HOUSES]}
    game = scenario_game(content, setup, [], 0)
    ref = game.ref
    for tc, td in (first, second, first):
        ref.events = []
        ref.totals = [0, tc, td]
        ref.outcome = BETRAYAL
        ref.winner = CHALLENGER_WON
        ref.emit_result()
        (event,) = ref.events
        assert event.kind == "encounter_resolved"
        assert event.data == {
            "outcome": OUTCOME_NAMES[BETRAYAL],
            "winner": WINNER_NAMES[CHALLENGER_WON],
            "challenger_total": tc,
            "defender_total": td,
        }
