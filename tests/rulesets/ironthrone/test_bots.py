"""The heuristic bot (:mod:`pnp.rulesets.ironthrone.bots`) makes sensible choices from its
view, has a rule for every decision kind the referee asks, and refuses one it has none for.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.errors import UnknownDecisionError
from pnp.engine.game import Decision, GameConfig
from pnp.rulesets.ironthrone import RULESET, rules
from pnp.rulesets.ironthrone.bots import EFFECT_WORTH, HeuristicBot
from pnp.rulesets.ironthrone.effects import EFFECT_NAMES
from pnp.rulesets.ironthrone.game import IronThroneGame

LEADERS = [
    {"id": f"test-{h}-lord", "type": "leader", "house": h, "name": "Lord"}
    for h in ("stark", "lannister", "baratheon")
]


def game_at(content: LoadedContent[Any], setup: dict[str, Any], cards: list[Any]) -> IronThroneGame:
    g = RULESET.scenario_game(content, setup, cards, 0)
    assert isinstance(g, IronThroneGame)
    opening = g.decision()
    assert opening is not None and opening.labels() == ["begin"]
    g.apply(0)  # a scenario game opens with `begin`; the bots meet what follows
    return g


def choose(game: IronThroneGame, seed: int = 0) -> tuple[Decision, str]:
    d = game.decision()
    assert d is not None
    i = HeuristicBot().choose(game.view(d.seat), d, random.Random(seed))
    return d, d.options[i].label


def choose_label(game: IronThroneGame, label: str) -> None:
    d = game.decision()
    assert d is not None
    game.apply(d.labels().index(label))


def test_places_the_smallest_card_that_beats_a_known_card(content: LoadedContent[Any]) -> None:
    setup = {
        "start": "encounter",
        "defender": 1,
        "seats": [
            {
                "house": "stark",
                "leader": "test-seer",
                "characters": {
                    "stark-robb": 4,
                    "stark-arya": 4,
                    "stark-bran": 4,
                    "stark-eddard": 4,
                },
                "character": "stark-robb",
                "hand": [
                    "stark-hostility-2",
                    "stark-hostility-4",
                    "stark-hostility-8",
                    "stark-hostility-12",
                    "stark-truce",
                ],
            },
            {
                "house": "lannister",
                "leader": "test-lannister-lord",
                "character": "lannister-jaime",
                "hand": ["lannister-hostility-5", "lannister-truce"],
            },
            {"house": "baratheon", "leader": "test-baratheon-lord"},
        ],
    }
    seer = {
        "id": "test-seer",
        "type": "leader",
        "house": "stark",
        "name": "Seer",
        "leader": {
            "title": "Greensight",
            "when": "before_cards_placed",
            "if": {"active": True},
            "do": [{"place_first": {"faceup": True}}],
        },
    }
    picks: Counter[str] = Counter()
    for seed in range(30):
        game = game_at(content, setup, [seer, *LEADERS[1:]])
        choose_label(game, "use: Greensight")
        choose_label(game, "place: lannister-hostility-5")
        decision, label = choose(game, seed)
        assert decision.kind == "place_card" and decision.seat == 0
        picks[label] += 1
    # 4 power + 8 beats 4 + 5; 2 and 4 cannot, 12 wastes a big card
    assert picks["place: stark-hostility-8"] >= 24
    assert picks["place: stark-hostility-2"] + picks["place: stark-hostility-4"] <= 3


def test_betrays_a_known_truce(content: LoadedContent[Any]) -> None:
    setup = {
        "start": "encounter",
        "challenger": 1,
        "defender": 0,
        "seats": [
            {
                "house": "stark",
                "leader": "test-stark-lord",
                "character": "stark-robb",
                "hand": ["stark-hostility-7", "stark-truce", "stark-hostility-1"],
            },
            {
                "house": "lannister",
                "leader": "test-lannister-lord",
                "character": "lannister-jaime",
                "hand": ["lannister-truce", "lannister-hostility-2"],
            },
            {"house": "baratheon", "leader": "test-baratheon-lord"},
        ],
    }
    hostile = 0
    for seed in range(20):
        game = game_at(content, setup, LEADERS)
        game.ref.faceup[1] = True  # the challenger shows his card, as Greensight would
        choose_label(game, "place: lannister-truce")
        decision, label = choose(game, seed)
        assert decision.seat == 0
        hostile += label != "place: stark-truce"
    assert hostile >= 14


def test_declines_support_from_a_player_about_to_win(content: LoadedContent[Any]) -> None:
    """IT-SUP-02 (negotiation): the challenger refuses a supporter whose win would end the game."""
    setup = {
        "start": "support",
        "defender": 1,
        "seats": [
            {"house": "stark", "leader": "test-stark-lord", "character": "stark-robb"},
            {"house": "lannister", "leader": "test-lannister-lord", "character": "lannister-jaime"},
            {
                "house": "baratheon",
                "leader": "test-baratheon-lord",
                "influence": {"stark": 2, "lannister": 2},
            },
        ],
    }
    game = game_at(content, setup, LEADERS)
    choose_label(game, "support challenger: baratheon-stannis")
    decision, label = choose(game)
    assert decision.kind == "answer_support" and decision.seat == 0
    assert label == "decline"


def test_truce_talk_accepts_fair_and_rejects_lopsided(content: LoadedContent[Any]) -> None:
    """IT-ENC-08 (negotiation): bots weigh each term against a shared loss."""
    setup = {
        "start": "encounter",
        "defender": 1,
        "seats": [
            {
                "house": "stark",
                "leader": "test-stark-lord",
                "character": "stark-robb",
                "hand": ["stark-truce", "stark-hostility-1"],
                "deck": ["stark-hostility-2"],
            },
            {
                "house": "lannister",
                "leader": "test-lannister-lord",
                "character": "lannister-jaime",
                "hand": ["lannister-truce"],
                "deck": ["lannister-hostility-2"],
            },
            {"house": "baratheon", "leader": "test-baratheon-lord"},
        ],
    }

    def answer(deal: str) -> str:
        game = game_at(content, setup, LEADERS)
        choose_label(game, "place: stark-truce")
        choose_label(game, deal)
        decision, label = choose(game)
        assert decision.kind == "truce_answer" and decision.seat == 1
        return label

    assert answer("deal: challenger gets influence; defender gets influence") == "accept"
    assert answer(
        "deal: challenger gets influence, 2 hostages, 3 power; defender gets nothing"
    ) == ("reject")
    # and the bot's own proposal is one the other side would take
    game = game_at(content, setup, LEADERS)
    choose_label(game, "place: stark-truce")
    decision, label = choose(game)
    assert decision.kind == "truce_offer" and label.startswith("deal:")


def test_every_bot_choice_is_a_valid_index(content: LoadedContent[Any]) -> None:
    bot = HeuristicBot()
    kinds: Counter[str] = Counter()
    for seed in range(4):
        game = RULESET.new_game(content, GameConfig(5), seed)
        rng = random.Random(seed)
        while (d := game.decision()) is not None:
            i = bot.choose(game.view(d.seat), d, rng)
            assert 0 <= i < len(d.options)
            kinds[d.kind] += 1
            game.apply(i)
    assert {"place_card", "offer_support", "answer_support", "distribute"} <= set(kinds)


def test_a_decision_kind_without_a_rule_is_an_error(content: LoadedContent[Any]) -> None:
    """The bot never plays a decision it was not taught blind: it says so."""
    game = RULESET.new_game(content, GameConfig(3), 0)
    d = game.decision()
    assert d is not None
    unknown = Decision(d.seat, "no_such_kind", d.options)
    with pytest.raises(UnknownDecisionError) as caught:
        HeuristicBot().choose(game.view(d.seat), unknown, random.Random(0))
    assert caught.value.kind == "no_such_kind"
    assert caught.value.bot == "heuristic"


#: how the referee asks a decision: ``Decision(seat, "kind", …)`` or ``ask(seat, "kind", …)``
ASKED = re.compile(r'(?:Decision|ask)\(\s*[\w.]+,\s*"(\w+)"')


def test_the_bot_has_a_rule_for_every_decision_the_referee_asks() -> None:
    """Every kind the rules ask about has an ``on_<kind>`` rule, but the scenario's one-option
    ``begin`` (the scenario runner answers it; no bot ever sees it)."""
    sources = sorted(Path(rules.__file__).parent.glob("*.py"))
    kinds = {kind for path in sources for kind in ASKED.findall(path.read_text())}
    assert {"place_card", "truce_offer", "choose_leader", "hostage_victim"} <= kinds
    missing = {k for k in kinds if not hasattr(HeuristicBot, "on_" + k)}
    assert missing == {"scenario_start"}


def test_the_bot_knows_the_worth_of_every_effect_word() -> None:
    """A leader or card with any word of the vocabulary can be weighed (a word the bot
    did not know, like ``distribute_up_to`` once, was a KeyError mid-game)."""
    assert set(EFFECT_WORTH) == set(EFFECT_NAMES)
