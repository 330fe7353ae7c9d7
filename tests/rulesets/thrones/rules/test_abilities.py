"""What the referee does with abilities (:mod:`pnp.rulesets.thrones.rules.abilities`):
filters, targets, the checks that keep an ability with nothing to act on from
being offered, and the options of an action window."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.engine.game import Decision
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.effects import ChooseTarget, EachTarget
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.plain import plain
from pnp.rulesets.thrones.state import Card, Challenge
from tests.rulesets.thrones.conftest import begun

_PLOT = {"income": 5, "initiative": 0, "claim": 1}


def _game(
    content: LoadedContent,
    seats: list[dict[str, Any]],
    cards: list[dict[str, Any]],
    phase: str = "challenges",
    **more: Any,
) -> ThronesGame:
    """A begun scenario game: ``seats`` (each with a plot) and fixture ``cards``, waiting
    for its first decision in ``phase``."""
    assert RULESET.scenario_game is not None
    setup = {
        "players": len(seats),
        "phase": phase,
        "first_player": 0,
        "seats": [{"plot": dict(_PLOT), **s} for s in seats],
        **more,
    }
    return begun(RULESET.scenario_game(content, setup, cards, 0))


def _cards(game: ThronesGame, cid: str) -> list[Card]:
    """Every card of the game with id ``cid``, in the order they were made."""
    return [c for c in game.cards if c.d.id == cid]


def _card(game: ThronesGame, cid: str) -> Card:
    """The one card with id ``cid``."""
    (c,) = _cards(game, cid)
    return c


def _choose(**f: Any) -> Any:
    """A ``choose`` target as the referee reads it (a plain copy of the model)."""
    return plain(ChooseTarget.model_validate(f))


def _each(**f: Any) -> Any:
    """An ``each`` target as the referee reads it."""
    return plain(EachTarget.model_validate(f))


def _done(flow: Generator[Any, Any, Any]) -> Any:
    """The value of a flow that must finish without asking anything."""
    try:
        asked = next(flow)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"the flow asked {asked!r}")


# ---------------------------------------------------------------- matches


_FILTER_CARDS = [
    {"id": "t-knight", "name": "Knight", "type": "character", "house": "stark", "cost": 2,
     "strength": 2, "traits": ["Knight"], "icons": ["military"]},
    {"id": "t-squire", "name": "Squire", "type": "character", "cost": 1, "strength": 1,
     "icons": ["military"]},
    {"id": "t-foe", "name": "Foe", "type": "character", "cost": 1, "strength": 1},
    {"id": "t-fort", "name": "Fort", "type": "location", "cost": 1},
    {"id": "t-cloak", "name": "Cloak", "type": "attachment", "cost": 0, "attach_to": "any",
     "abilities": [{"action": "challenges", "effect": {"kneel": "host"}}]},
]  # fmt: skip


def _filter_game(content: LoadedContent) -> ThronesGame:
    """Seat 0: a kneeling Knight with 1 power and a Squire; seat 1: a Foe."""
    game = _game(
        content,
        [
            {
                "house": "stark",
                "in_play": [{"card": "t-knight", "kneeling": True, "power": 1}, "t-squire"],
            },
            {"house": "lannister", "in_play": ["t-foe"]},
        ],
        _FILTER_CARDS,
    )
    assert game.phase == "challenges"
    return game


@pytest.mark.parametrize(
    ("cid", "fields", "expected"),
    [
        ("t-knight", {"controller": "opponent"}, False),
        ("t-foe", {"controller": "opponent"}, True),
        ("t-knight", {"unique": True}, False),
        ("t-knight", {"max_cost": 2}, True),
        ("t-knight", {"max_cost": 1}, False),
        ("t-knight", {"kneeling": False}, False),
        ("t-knight", {"max_strength": 1}, False),
        ("t-knight", {"has_power": True}, True),
        ("t-squire", {"has_power": False}, True),
        ("t-squire", {"has_power": True}, False),
    ],
)
def test_a_filter_holds_only_when_every_field_does(
    content: LoadedContent, cid: str, fields: dict[str, Any], expected: bool
) -> None:
    """TH-ACT-01: a card filter (``controller``, ``unique``, ``max_cost``, ``kneeling``,
    ``max_strength``, ``has_power``) passes a card only when each given field holds;
    ``max_cost`` and ``max_strength`` are "at most"."""
    game = _filter_game(content)
    assert game.matches(_choose(choose="character", **fields), _card(game, cid), 0, None) is (
        expected
    )


def test_challenge_filters_read_the_challenge_under_way(content: LoadedContent) -> None:
    """TH-CHAL-03: ``attacking`` and ``defending`` filters pass only the cards on that
    side of the challenge under way, ``participating`` those on either side."""
    game = _filter_game(content)
    knight, squire, foe = _card(game, "t-knight"), _card(game, "t-squire"), _card(game, "t-foe")
    ch = Challenge("military", 1, 0, 1)
    ch.attackers.append(foe)
    ch.defenders.append(squire)
    game.ch = ch
    attacking = _choose(choose="character", attacking=True)
    defending = _choose(choose="character", defending=True)
    participating = _choose(choose="character", participating=True)
    assert [game.matches(participating, c, 0, None) for c in (knight, squire, foe)] == [
        False,
        True,
        True,
    ]
    assert [game.matches(attacking, c, 0, None) for c in (knight, squire, foe)] == [
        False,
        False,
        True,
    ]
    assert [game.matches(defending, c, 0, None) for c in (knight, squire, foe)] == [
        False,
        True,
        False,
    ]


def test_a_partner_is_not_an_opponent_to_a_filter(content: LoadedContent) -> None:
    """TH-VAR-2V2-03: in Two-on-Two a filter on an opponent's cards skips the partner's."""
    game = _game(
        content,
        [
            {"house": "stark"},
            {"house": "lannister", "in_play": ["t-foe"]},
            {"house": "martell", "in_play": ["t-squire"]},
            {"house": "greyjoy"},
        ],
        _FILTER_CARDS,
        options={"two_on_two": True},
    )
    opponent = _choose(choose="character", controller="opponent")
    assert not game.matches(opponent, _card(game, "t-squire"), 0, None)
    assert game.matches(opponent, _card(game, "t-foe"), 0, None)


# ---------------------------------------------------------------- candidates, has_candidate


_TARGET_CARDS = [
    *_FILTER_CARDS,
    {"id": "t-warded", "name": "Warded", "type": "character", "cost": 1, "strength": 1,
     "immune_to": ["location"]},
    {"id": "t-tower", "name": "Tower", "type": "location", "cost": 1},
]  # fmt: skip


def _target_game(content: LoadedContent, mine: list[Any], theirs: list[Any]) -> ThronesGame:
    """Seat 0 controls ``mine``, seat 1 ``theirs``; the game waits in the challenges phase."""
    return _game(
        content,
        [
            {"house": "stark", "in_play": ["t-squire", *mine]},
            {"house": "lannister", "in_play": theirs},
        ],
        _TARGET_CARDS,
    )


def test_targets_of_every_kind_and_controller(content: LoadedContent) -> None:
    """TH-ACT-01: a target names the kind of card and whose it may be; a location
    target finds locations, and "any" controller includes the player's own cards."""
    game = _target_game(content, ["t-fort"], ["t-foe"])
    fort, foe, squire = _card(game, "t-fort"), _card(game, "t-foe"), _card(game, "t-squire")
    assert game.candidates(0, squire, _choose(choose="location")) == [fort]
    assert game.has_candidate(0, squire, _choose(choose="location"))
    assert game.has_candidate(0, squire, _choose(choose="location", controller="any"))
    # no location of the opponent's: his characters do not stand in for one
    assert not game.has_candidate(0, squire, _choose(choose="location", controller="opponent"))
    assert game.candidates(0, squire, _choose(choose="card", controller="opponent")) == [foe]
    # an "each" target asks the same of its kind
    assert game.has_candidate(0, squire, _each(each="location"))
    assert not game.has_candidate(0, squire, _each(each="attachment"))


def test_a_target_never_picks_a_card_immune_to_its_source(content: LoadedContent) -> None:
    """TH-KW-IMMUNE-01: a card immune to locations is no target of a location's
    ability, so with no other card the ability has nothing to act on."""
    game = _target_game(content, ["t-fort"], ["t-warded"])
    fort, squire, warded = _card(game, "t-fort"), _card(game, "t-squire"), _card(game, "t-warded")
    target = _choose(choose="character", controller="opponent")
    assert game.candidates(0, fort, target) == []
    assert not game.has_candidate(0, fort, target)
    assert game.targets_exist(0, fort, (("choose", target),)) is False
    # a character's ability may pick it
    assert game.candidates(0, squire, target) == [warded]
    assert game.has_candidate(0, squire, target)


def test_a_rule_s_target_has_no_source(content: LoadedContent) -> None:
    """TH-ACT-01: a plot's or a rule's effect (no source card) picks among every card
    that qualifies, immune to locations or not."""
    game = _target_game(content, [], ["t-warded"])
    warded = _card(game, "t-warded")
    target = _choose(choose="character", controller="opponent")
    assert game.candidates(0, None, target) == [warded]
    assert game.has_candidate(0, None, target)


def test_not_self_leaves_out_the_source(content: LoadedContent) -> None:
    """TH-ACT-01: a target that says "another" never picks the card whose ability it is."""
    game = _target_game(content, [], [])
    squire = _card(game, "t-squire")
    target = _choose(choose="character", not_self=True)
    assert game.candidates(0, squire, target) == []
    assert not game.has_candidate(0, squire, target)
    assert game.targets_exist(0, squire, (("choose", target),)) is False
    assert game.candidates(0, None, target) == [squire]


def test_challenge_targets_come_in_the_challenge_s_order(content: LoadedContent) -> None:
    """TH-CHAL-03: a target among the participants offers the attackers as declared,
    then the defenders."""
    game = _target_game(content, ["t-knight"], ["t-foe"])
    squire, knight, foe = _card(game, "t-squire"), _card(game, "t-knight"), _card(game, "t-foe")
    ch = Challenge("military", 1, 0, 1)
    ch.attackers.append(foe)
    ch.defenders.extend([knight, squire])
    game.ch = ch
    assert game.candidates(1, None, _choose(choose="character", participating=True)) == [
        foe,
        knight,
        squire,
    ]
    assert game.candidates(1, None, _choose(choose="character", defending=True)) == [
        knight,
        squire,
    ]
    # seat 0 attacks with the Knight declared before the Squire (its play area has
    # the Squire first)
    ch.defenders.clear()
    ch.attacker, ch.target, ch.defender = 0, 1, 1
    ch.attackers[:] = [knight, squire]
    assert game.candidates(0, None, _choose(choose="character", attacking=True)) == [
        knight,
        squire,
    ]


# ---------------------------------------------------------------- passive_targets


_PASSIVE_CARDS = [
    *_FILTER_CARDS,
    {"id": "t-proud", "name": "Proud", "type": "character", "cost": 1, "strength": 1,
     "abilities": [{"passive": {"affects": "self", "strength": 1}}]},
]  # fmt: skip


def test_passive_targets_self_and_host(content: LoadedContent) -> None:
    """TH-ACT-13: a passive on "this card" reaches the card while it is in play (not
    from hand); one on "the host" of a card that has none is refused when the card is
    read (it would print and never play), so no game meets it."""
    game = _game(
        content,
        [
            {"house": "stark", "in_play": ["t-squire", "t-proud"], "hand": ["t-proud"]},
            {"house": "lannister"},
        ],
        _PASSIVE_CARDS,
    )
    proud, in_hand = _cards(game, "t-proud")
    if in_hand.zone == "play":
        proud, in_hand = in_hand, proud
    assert game.passive_targets(0, proud, proud.d.passives[0][0]) == [proud]
    assert game.passive_targets(0, in_hand, in_hand.d.passives[0][0]) == []
    assert game.strength(proud) == 2
    lost = {"id": "t-lost", "name": "Lost", "type": "character", "cost": 1, "strength": 1,
            "abilities": [{"passive": {"affects": "host", "strength": 1}}]}  # fmt: skip
    with pytest.raises(SetupError, match="'host' is the card an attachment is on"):
        _game(content, [{"house": "stark"}, {"house": "lannister"}], [lost])


# ---------------------------------------------------------------- pick_target, targets_exist


def _host_game(content: LoadedContent) -> ThronesGame:
    """Seat 0: a Squire wearing a Cloak, a Knight and a Fort, a Cloak in hand."""
    return _game(
        content,
        [
            {
                "house": "stark",
                "in_play": [{"card": "t-squire", "attachments": ["t-cloak"]}, "t-knight", "t-fort"],
                "hand": ["t-cloak"],
            },
            {"house": "lannister", "in_play": ["t-foe"]},
        ],
        _FILTER_CARDS,
    )


def test_self_and_host_targets(content: LoadedContent) -> None:
    """TH-COMP-06: "this card" is the card while in play, "its host" the character an
    attachment is on; neither names anything otherwise."""
    game = _host_game(content)
    squire, fort = _card(game, "t-squire"), _card(game, "t-fort")
    worn, loose = sorted(_cards(game, "t-cloak"), key=lambda c: c.zone != "play")
    assert worn.host is squire and loose.zone == "hand"
    assert _done(game.pick_target(0, worn, "host", {}, "kneel")) == [squire]
    assert _done(game.pick_target(0, fort, "host", {}, "kneel")) == []
    assert _done(game.pick_target(0, None, "host", {}, "kneel")) == []
    assert _done(game.pick_target(0, fort, "self", {}, "kneel")) == [fort]
    assert _done(game.pick_target(0, loose, "self", {}, "kneel")) == []
    assert _done(game.pick_target(0, None, "self", {}, "kneel")) == []
    assert game.targets_exist(0, worn, (("host", None),))
    assert not game.targets_exist(0, fort, (("host", None),))
    assert game.targets_exist(0, fort, (("self", None),))
    assert not game.targets_exist(0, loose, (("self", None),))
    # "if you win this challenge": only while a challenge is under way
    assert game.ch is None and not game.targets_exist(0, fort, (("on_win", None),))


def test_a_choose_target_asks_and_an_each_target_does_not(content: LoadedContent) -> None:
    """TH-ACT-03: "choose a character" asks the player which (a ``target`` decision);
    "each character" takes them all at once; a choice among none asks nothing."""
    game = _host_game(content)
    squire, knight = _card(game, "t-squire"), _card(game, "t-knight")
    mine = {"controller": "you"}
    assert _done(game.pick_target(0, None, _each(each="character", **mine), {}, "kneel")) == [
        squire,
        knight,
    ]
    none = _choose(choose="location", controller="opponent")
    assert _done(game.pick_target(0, None, none, {}, "kneel")) == []
    flow = game.pick_target(0, None, _choose(choose="character", **mine), {}, "kneel")
    asked = next(flow)
    assert isinstance(asked, Decision)
    labels = ["kneel: t-squire", "kneel: t-knight"]
    assert (asked.seat, asked.kind, asked.labels()) == (0, "target", labels)
    with pytest.raises(StopIteration) as stop:
        flow.send(1)
    assert stop.value.value == [knight]


# ---------------------------------------------------------------- zone_card_ok


def test_a_card_outside_play_qualifies_by_kind_trait_house_and_cost(
    content: LoadedContent,
) -> None:
    """A card's own text (the searches of TH-ZONE-08, a put into play, a recovery) takes
    a card of the named kind with the trait and House asked for, costing at most the
    limit."""
    game = _filter_game(content)
    knight = _card(game, "t-knight")
    assert game.zone_card_ok(knight, "character", "Knight", "stark", 2)
    assert not game.zone_card_ok(knight, "character", "Squire", None, None)
    assert not game.zone_card_ok(knight, "character", None, "lannister", None)
    assert not game.zone_card_ok(knight, "character", None, None, 1)
    assert not game.zone_card_ok(knight, "location", None, None, None)


# ---------------------------------------------------------------- mark_use, usable


def test_a_limited_response_counts_one_for_its_player(content: LoadedContent) -> None:
    """TH-KW-LIMITED-02: using a Limited response counts one Limited response for the round
    (what usable then reads), for its player only."""
    cards: list[dict[str, Any]] = [
        {"id": "t-lookout", "name": "Lookout", "type": "character", "cost": 1, "strength": 1,
         "abilities": [{"response": "phase_begins", "limited": True, "effect": {"gain_gold": 1}}]},
        {"id": "t-coin", "name": "Coin", "type": "event",
         "abilities": [{"action": "any", "effect": {"gain_gold": 1}}]},
    ]  # fmt: skip
    game = _game(
        content,
        [{"house": "stark", "in_play": ["t-lookout"]}, {"house": "lannister", "hand": ["t-coin"]}],
        cards,
    )
    decision = game.decision()
    assert decision is not None and decision.kind == "response"
    assert game.seats[0].limited_responses == 0
    game.apply(decision.labels().index("respond: t-lookout"))
    after = game.decision()  # the challenges phase's action window, the same round
    assert after is not None and (after.seat, after.kind) == (1, "action")
    assert game.seats[0].limited_responses == 1
    assert game.seats[1].limited_responses == 0
