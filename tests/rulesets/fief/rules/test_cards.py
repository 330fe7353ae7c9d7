"""The Draw & Play Cards phase as each player sees it: hands looked at stay known to the
looker, a hidden split of gold to the one who hid it; and the Court deck's reshuffle."""

from __future__ import annotations

from typing import Any, cast

import pytest

from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.rules.cards import play_options, targets, tax_uses, uprising_targets


def _begin(content: LoadedContent, setup: dict[str, Any]) -> FiefGame:
    game = cast(FiefGame, RULESET.scenario_game(content, setup, [], 0))
    game.apply(0)  # begin
    return game


def _choose(game: FiefGame, seat: int, label: str) -> None:
    decision = game.decision()
    assert decision is not None and decision.seat == seat, decision
    game.apply(decision.labels().index(label))


def test_a_hand_looked_at_stays_known_to_the_looker(content: LoadedContent) -> None:
    """FF-HOUSE-06, FF-SC-08: Lannister knows the hand he saw, and after a trade the hand
    as it is now; the Master of Whisperers knows both hands he looked at."""
    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "lannister", "hand": ["secret-passage"]},
                {"house": "martell", "hand": ["assassination", "ambush"]},
                {"house": "tully", "hand": ["tax"]},
            ],
            # Nobles on the board, so that the card round waits for the next play
            "nobles": {
                "lannister-tywin": {"at": "casterly-rock"},
                "martell-doran": {"at": "sunspear"},
                "tully-edmure": {"at": "riverrun"},
            },
        },
    )
    _choose(game, 0, "look at seat 1")
    view = game.view(0)
    assert sorted(view.seen_hand(1) or []) == ["ambush", "assassination"]
    assert game.view(2).seen_hand(1) is None
    _choose(game, 0, "trade secret-passage for assassination")
    assert sorted(game.view(0).seen_hand(1) or []) == ["ambush", "secret-passage"]

    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "lannister", "used": {"look_at_hand": 1}},
                {"house": "martell", "hand": ["tax"]},
                {"house": "tully", "hand": ["uprising"]},
            ],
            "nobles": {
                "lannister-tywin": {
                    "at": "casterly-rock",
                    "titles": ["warden-west", "master-of-whisperers"],
                }
            },
        },
    )
    _choose(game, 0, "whisper at seat 1")
    assert game.view(0).seen_hand(1) == ["tax"]
    _choose(game, 0, "look at seat 2")
    assert game.view(0).seen_hand(2) == ["uprising"]


def test_gold_hidden_for_greyjoy_is_known_to_the_victim_alone(content: LoadedContent) -> None:
    """FF-HOUSE-04: while Greyjoy picks a hand, only the victim knows how he split his gold."""
    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "greyjoy"},
                {"house": "martell", "gold": 5},
                {"house": "tully"},
            ],
        },
    )
    _choose(game, 0, "rob seat 1")
    _choose(game, 1, "left 2, right 3")
    assert [game.view(seat).data()["my_split"] for seat in range(3)] == [None, 2, None]
    _choose(game, 0, "left hand")
    assert [game.view(seat).data()["my_split"] for seat in range(3)] == [None, None, None]


def test_an_empty_court_deck_is_made_again_from_its_discards(content: LoadedContent) -> None:
    """FF-PH-04: a Court Event drawn from an empty deck comes from its reshuffled discards."""
    game = _begin(
        content,
        {
            "phase": "cards",
            "seats": [{"house": "martell"}, {"house": "tully"}, {"house": "arryn"}],
            "fortune": ["tax", "tax", "tax"],
            "court_discard": ["royal-heir", "hedge-knight"],
        },
    )
    s = game.s
    s.court = []
    _choose(game, 0, "draw fortune and court")
    kinds = [e.kind for e in game.events]
    assert kinds.index("court_reshuffled") < kinds.index(
        "card_drawn", kinds.index("court_reshuffled")
    )
    drawn = [
        e.data["card"] for e in game.events if e.kind == "card_drawn" and e.data["deck"] == "court"
    ]
    assert len(drawn) == 1 and drawn[0] in ("royal-heir", "hedge-knight")
    assert s.court_discard == []
    assert sorted([*s.court, drawn[0]]) == ["hedge-knight", "royal-heir"]
    # with no discards either, no Court Event is drawn at all
    s.court = []
    _choose(game, 1, "draw fortune and court")
    drawn_by_1 = [e.data["deck"] for e in game.events if e.kind == "card_drawn" and e.seat == 1]
    assert drawn_by_1 == ["fortune"]


def _powers_position(content: LoadedContent, used: bool) -> FiefGame:
    """Greyjoy, Lannister (Master of Whisperers too) and Tyrell with their powers spent
    (``used``) or fresh, in round 2; Martell holds a card and 1 Gold Dragon."""

    def spent(power: str, when: int) -> dict[str, int]:
        return {power: when} if used else {}

    game = RULESET.scenario_game(
        content,
        {
            "phase": "card_plays",
            "round": 2,
            "seats": [
                # robbing is once a game: spent in round 1 still counts
                {"house": "greyjoy", "used": spent("steal_gold", 1)},
                {
                    "house": "lannister",
                    "used": {**spent("look_at_hand", 2), **spent("whisperers", 2)},
                },
                {"house": "tyrell", "used": spent("remove_famine", 2)},
                {"house": "martell", "gold": 1, "hand": ["tax"]},
            ],
            "nobles": {
                "lannister-tywin": {
                    "at": "casterly-rock",
                    "titles": ["warden-west", "master-of-whisperers"],
                }
            },
            "disasters": {"region-south": ["famine"]},
        },
        [],
        0,
    )
    return cast(FiefGame, game)


def test_powers_are_offered_until_spent(content: LoadedContent) -> None:
    """FF-HOUSE-04/06/10, FF-SC-08: each power is offered in the card round while it is
    unspent (a seat with cards to look at, with gold to rob, a Region with a Famine)."""
    game = _powers_position(content, used=False)
    assert [o.label for o in play_options(game, 0)] == ["pass", "rob seat 3"]
    assert [o.label for o in play_options(game, 1)] == [
        "pass",
        "look at seat 3",
        "whisper at seat 3",
    ]
    assert [o.label for o in play_options(game, 2)] == ["pass", "lift famine in region-south"]
    game = _powers_position(content, used=True)
    assert [[o.label for o in play_options(game, seat)] for seat in range(3)] == [
        ["pass"],
        ["pass"],
        ["pass"],
    ]


def test_an_uprising_in_the_balance_is_shown_to_those_who_may_stop_it(
    content: LoadedContent,
) -> None:
    """FF-WARDEN-13: while a Warden decides, the views name the Village struck (and the
    Noble, when the Uprising is aimed at one); once decided, nothing is in the balance."""
    setup: dict[str, Any] = {
        "phase": "card_plays",
        "dice": [3],
        "seats": [
            {"house": "tully", "hand": ["uprising", "uprising"]},
            {"house": "martell"},
            {"house": "arryn"},
        ],
        "nobles": {
            "martell-oberyn": {"at": "dragonstone", "titles": ["warden-north"]},
            "arryn-yohn": {"at": "winterfell", "cursed": True},
            "tully-edmure": {"at": "riverrun"},
        },
        "troops": {"winterfell": {"1": {"man-at-arms": 3}}},
    }
    game = _begin(content, setup)
    winterfell = game.s.cat.map.ids.index("winterfell")
    _choose(game, 0, "play uprising")
    _choose(game, 0, "uprising at winterfell")
    assert game.view(1).state.focus == {"uprising": winterfell, "target": None}
    _choose(game, 1, "let it happen")
    assert game.view(1).state.focus == {}
    _choose(game, 0, "play uprising")  # the troops are gone: the Noble is the one target
    assert game.view(1).state.focus == {"uprising": winterfell, "target": "arryn-yohn"}
    _choose(game, 1, "stop it as warden")
    assert game.view(1).state.focus == {}


def test_each_way_to_levy_a_tax_is_offered_once(content: LoadedContent) -> None:
    """FF-HAND-06, FF-SC-11, FF-WARDEN-11: a Tax may be levied by each title that taxes
    (a Council seat on each governed Region, the Hand on all of them, a Warden on his
    Region, a Paramount on his Fief, the Protector on each unheld Fief); a way two titles
    share is offered once, by the first Noble, and the titles after it still count."""
    game = RULESET.scenario_game(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "tully", "hand": ["tax"]},
                {"house": "martell"},
                {"house": "arryn"},
            ],
            "nobles": {
                "tully-edmure": {
                    "at": "riverrun",
                    "titles": ["master-of-coin", "paramount-riverlands"],
                },
                "tully-jason": {"at": "seagard", "titles": ["warden-north", "hand"]},
                "tully-walder": {"at": "the-twins", "titles": ["protector"]},
                "martell-doran": {"at": "sunspear", "titles": ["warden-south"]},
            },
        },
        [],
        0,
    )
    uses = [o.data for o in tax_uses(cast(FiefGame, game).s, 0)]
    assert uses == [
        ("council", "region-north", "tully-edmure"),
        ("council", "region-south", "tully-edmure"),
        ("paramount", "riverlands", "tully-edmure"),
        *(
            ("protector", fief, "tully-walder")
            for fief in ("dorne", "north", "pyke", "reach", "stormlands", "vale", "westerlands")
        ),
        ("hand", "*", "tully-jason"),
        ("warden", "region-north", "tully-jason"),
    ]


@pytest.mark.parametrize(
    ("card", "offered"),
    [
        ("good-harvest", ["end famine in region-north"]),
        ("good-weather", ["end heavy_rain in region-east"]),
    ],
)
def test_ff_ph_03_a_good_season_card_targets_the_regions_with_its_disaster(
    content: LoadedContent, card: str, offered: list[str]
) -> None:
    """FF-PH-03: ``targets`` reads the card's own disaster: Good Harvest ends a Famine,
    Good Weather a Heavy Rain, each only where that disaster lies; played, it ends it."""
    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "tully", "hand": ["good-harvest", "good-weather"]},
                {"house": "martell"},
                {"house": "arryn"},
            ],
            "disasters": {"region-north": ["famine"], "region-east": ["heavy-rain"]},
        },
    )
    assert [o.label for o in targets(game, 0, card)] == offered
    region = offered[0].rsplit(" ", 1)[1]
    _choose(game, 0, f"play {card}")  # one target: played on it without a question
    assert game.s.disasters.get(region, []) == []


@pytest.mark.parametrize("card", ["tax", "uprising"])
def test_targets_are_the_choices_the_card_offers_when_played(
    content: LoadedContent, card: str
) -> None:
    """``targets`` (what a bot test builds its target question from) lists exactly the
    target choices the game asks for."""
    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "tully", "hand": ["tax", "uprising"]},
                {"house": "martell"},
                {"house": "arryn"},
            ],
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["warden-north", "hand"]},
                "martell-doran": {"at": "sunspear", "titles": ["warden-south"]},
                "arryn-yohn": {"at": "the-eyrie", "cursed": True},
            },
            "troops": {"winterfell": {"1": {"man-at-arms": 1}}},
        },
    )
    offered = [o.label for o in targets(game, 0, card)]
    assert len(offered) > 1
    _choose(game, 0, f"play {card}")
    decision = game.decision()
    assert decision is not None and decision.kind == "target"
    assert decision.labels() == offered


def test_a_beloved_noble_shields_his_village_from_an_uprising(content: LoadedContent) -> None:
    """The Beloved attribute (content/fief/attributes.yaml): no Uprising may strike a Village
    where a Beloved Noble stands; the Villages after it are still targets."""
    game = _begin(
        content,
        {
            "phase": "card_plays",
            "seats": [
                {"house": "tully", "hand": ["uprising"]},
                {"house": "martell"},
                {"house": "arryn"},
            ],
            "nobles": {"arryn-nestor": {"at": "deepwood-motte"}},
            "troops": {
                "deepwood-motte": {"2": {"man-at-arms": 1}},
                "winterfell": {"1": {"man-at-arms": 1}},
            },
        },
    )
    assert [o.label for o in uprising_targets(game.s, 0)] == ["uprising at winterfell"]
