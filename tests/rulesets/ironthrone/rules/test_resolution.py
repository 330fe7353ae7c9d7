"""Resolution (rules/resolution.py): why each reward spreads a token, as the ways
to win a playtest reports (``Result.paths``), and the result event of any totals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.scenario import scenario_game
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    BETRAYAL,
    CHALLENGER_WON,
    OUTCOME_NAMES,
    WINNER_NAMES,
)
from tests.rulesets.ironthrone.games import first_character_free

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


#: the shipped Iron Throne scenarios
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "ironthrone"

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


def test_it_res_03_the_catalogs_first_character_pays_the_losers_penalty(
    content: LoadedContent[Any],
) -> None:
    """IT-RES-03: a loser's participating character moves half its power, rounded up,
    to the sheet, whatever its number: the catalog's very first character (number 0),
    committed in a real game where he is not the leader, pays it too."""
    ref = first_character_free(content).ref
    first = ref.t.char_id[0]
    assert ref.status[0] == ALIVE
    power, sheet = ref.power[0], ref.sheet[0]
    assert power > 0
    ref.committed[0] = 0
    ref.events = []
    ref.penalty(0)
    paid = (power + 1) // 2
    assert (ref.power[0], ref.sheet[0]) == (power - paid, sheet + paid)
    assert [(e.kind, e.data["character"], e.data["amount"]) for e in ref.events] == [
        ("power_removed", first, paid)
    ]


def test_it_enc_11_a_truce_offer_is_seen_while_answered_and_gone_after(
    content: LoadedContent[Any],
) -> None:
    """IT-ENC-11: the answering seat's view holds the offer on the table while he
    answers it; once answered (here rejected) no seat's view holds a deal any more."""
    spec = yaml.safe_load((SCENARIOS / "truce-failed.yaml").read_text())
    spec["setup"].pop("turns")  # play on past the encounter
    game = scenario_game(content, spec["setup"], spec["cards"], 0)
    for label in ("begin", "no deal", "deal: challenger gets nothing; defender gets influence"):
        d = game.decision()
        assert d is not None
        game.apply(d.labels().index(label))
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (0, "truce_answer")
    assert game.view(0).to_dict()["deal"] is not None
    game.apply(d.labels().index("reject"))
    d = game.decision()
    assert d is not None
    assert game.view(d.seat).to_dict()["deal"] is None
