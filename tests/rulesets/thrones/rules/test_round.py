"""The round and its bookkeeping (:mod:`pnp.rulesets.thrones.rules.round`): passive
modifiers as cards enter and leave play, zones, power and victory, the phases of a round."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.event import Event
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.catalog import ICON_BIT, KW_BIT, icons_of
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.rules.base import NOTHING
from pnp.rulesets.thrones.rules.round import GameOver
from pnp.rulesets.thrones.state import Lasting
from tests.rulesets.thrones.conftest import begun


def _knights_game(content: LoadedContent, extra: list[dict], in_play: list[str]) -> ThronesGame:
    """Seat 0 marshals from [t-knight, t-squire] with ``in_play`` around it."""
    assert RULESET.scenario_game is not None
    cards = [
        {"id": "t-knight", "name": "Knight", "type": "character", "cost": 1, "strength": 2,
         "traits": ["Knight"]},
        {"id": "t-squire", "name": "Squire", "type": "character", "cost": 1, "strength": 1},
        {"id": "t-lists", "name": "Lists", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "controller": "you",
                                                "trait": "Knight"}, "strength": 1}}]},
        *extra,
    ]  # fmt: skip
    setup = {
        "players": 2,
        "phase": "marshalling",
        "first_player": 0,
        "seats": [
            {
                "house": "stark",
                "plot": {"income": 5, "initiative": 0, "claim": 1},
                "in_play": in_play,
                "hand": ["t-knight", "t-squire"],
            },
            {"house": "lannister", "plot": {"income": 0, "initiative": 0, "claim": 1}},
        ],
    }
    return begun(RULESET.scenario_game(content, setup, cards, 0))


def _marshal(game: ThronesGame, card: str) -> None:
    labels = game.decision().labels()  # type: ignore[union-attr]
    game.apply(labels.index(f"marshal: {card}"))


def test_each_passive_reaches_a_card_entering_and_leaving_play(content: LoadedContent) -> None:
    """With an 'each' passive in play that picks by trait only, a card entering play
    gets exactly the modifiers a full recomputation would give it."""
    game = _knights_game(content, [], ["t-lists"])
    assert game.wide and not game.chainable
    _marshal(game, "t-knight")
    _marshal(game, "t-squire")
    knight, squire = game.seats[0].chars
    assert (game.strength(knight), game.strength(squire)) == (3, 1)
    assert game.invariant_violations() == []
    game.leave_play(knight, "discard")
    assert knight.static_str == 0 and game.strength(squire) == 1
    assert game.invariant_violations() == []


def test_each_passive_by_keyword_recomputes_in_full(content: LoadedContent) -> None:
    """A passive that picks cards by keyword can be fed by another passive: then
    every card entering play recomputes all modifiers, in the printed order."""
    extra = [
        {"id": "t-oath", "name": "Oath", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "controller": "you",
                                                "trait": "Knight"}, "keyword": "stealth"}}]},
        {"id": "t-shadows", "name": "Shadows", "type": "location", "cost": 1,
         "abilities": [{"passive": {"affects": {"each": "character", "keyword": "stealth"},
                                    "strength": 2}}]},
    ]  # fmt: skip
    game = _knights_game(content, extra, ["t-oath", "t-shadows"])
    assert game.chainable
    _marshal(game, "t-knight")
    knight = game.seats[0].chars[0]
    assert game.strength(knight) == 4  # 2, stealth from the oath, +2 for stealth
    assert game.invariant_violations() == []


# ---------------------------------------------------------------------- leaving play


def _game(
    content: LoadedContent,
    seats: list[dict],
    cards: list[dict],
    phase: str = "marshalling",
    **more: Any,
) -> ThronesGame:
    """A begun scenario game: ``seats`` and fixture ``cards``, opening in ``phase``."""
    assert RULESET.scenario_game is not None
    setup = {"players": len(seats), "phase": phase, "first_player": 0, "seats": seats, **more}
    return begun(RULESET.scenario_game(content, setup, cards, 0))


_PLOT = {"income": 5, "initiative": 0, "claim": 1}
_KNIGHT = {"id": "t-knight", "name": "Knight", "type": "character", "cost": 1, "strength": 2}
_SQUIRE = {"id": "t-squire", "name": "Squire", "type": "character", "cost": 1, "strength": 1}


def _attachment(cid: str, **more: Any) -> dict:
    return {"id": cid, "name": cid, "type": "attachment", "cost": 0, "attach_to": "any", **more}


def test_a_card_leaving_play_takes_its_attachments_and_duplicates(content: LoadedContent) -> None:
    """TH-COMP-06, TH-UNIQ-05, TH-KW-DEATHBOUND-01, TH-KW-STALWART-01: attachments and
    duplicates go to their owners' discard piles (a Deathbound one dead, a Stalwart one on
    top of the deck), each with an event; then the card's own ``left_play``."""
    cards = [
        {**_KNIGHT, "unique": True},  # only a unique card takes duplicates (TH-UNIQ-04)
        _attachment("t-chain"),
        _attachment("t-ring", keywords=["deathbound"]),
        _attachment("t-cloak", keywords=["stalwart"]),
    ]
    knight = {
        "card": "t-knight",
        "attachments": [{"card": "t-chain", "owner": 1}, "t-ring", "t-cloak"],
        "duplicates": 1,
    }
    game = _game(
        content,
        [
            {"house": "stark", "plot": _PLOT, "in_play": [knight]},
            {"house": "lannister", "plot": _PLOT},
        ],
        cards,
    )
    s0, s1 = game.seats
    k = s0.chars[0]
    events = game.new_move()
    assert game.leave_play(k, "discard") == "discard"
    host_left = {"reason": "host left play"}
    assert events == [
        Event("card_discarded", 0, {"card": "t-knight", **host_left}),
        Event("card_discarded", 1, {"card": "t-chain", **host_left}),
        Event("card_discarded", 0, {"card": "t-ring", **host_left}),
        Event("card_discarded", 0, {"card": "t-cloak", **host_left}),
        Event("left_play", 0, {"card": "t-knight", "to": "discard"}),
    ]
    assert [c.d.id for c in s0.discard] == ["t-knight", "t-knight"]
    assert [c.d.id for c in s1.discard] == ["t-chain"]
    assert [c.d.id for c in s0.dead] == ["t-ring"]
    assert s0.deck[-1].d.id == "t-cloak"
    assert [(c.zone, c.d.id) for c in (*s0.discard, *s0.dead, s0.deck[-1])] == [
        ("discard", "t-knight"),
        ("discard", "t-knight"),
        ("dead", "t-ring"),
        ("deck", "t-cloak"),
    ]


def test_a_deathbound_card_discarded_from_play_dies(content: LoadedContent) -> None:
    """TH-KW-DEATHBOUND-01: discarded from play, a Deathbound card goes to the dead pile."""
    cards = [{**_KNIGHT, "keywords": ["deathbound"]}, _SQUIRE]
    game = _game(
        content,
        [
            {"house": "stark", "plot": _PLOT, "in_play": ["t-knight", "t-squire"]},
            {"house": "lannister", "plot": _PLOT},
        ],
        cards,
    )
    knight, squire = game.seats[0].chars
    assert game.leave_play(knight, "discard") == "dead"
    assert game.leave_play(squire, "dead") == "dead"
    assert [c.d.id for c in game.seats[0].dead] == ["t-knight", "t-squire"]
    assert game.seats[0].discard == []


def test_an_attachment_passive_ends_with_its_host(content: LoadedContent) -> None:
    """TH-COMP-06: an attachment reaching other cards stops when its host leaves play
    (the host itself has no passive)."""
    banner = _attachment(
        "t-banner",
        abilities=[
            {"passive": {"affects": {"each": "character", "controller": "you"}, "strength": 1}}
        ],
    )
    game = _game(
        content,
        [
            {
                "house": "stark",
                "plot": _PLOT,
                "in_play": [{"card": "t-knight", "attachments": ["t-banner"]}, "t-squire"],
            },
            {"house": "lannister", "plot": _PLOT},
        ],
        [_KNIGHT, _SQUIRE, banner],
    )
    knight, squire = game.seats[0].chars
    assert game.strength(squire) == 2
    game.leave_play(knight, "dead")
    assert game.strength(squire) == 1


def test_a_card_enters_play_from_any_zone(content: LoadedContent) -> None:
    """A card put into play leaves the zone it was in (deck, discard, dead, removed, limbo)."""
    game = _game(
        content,
        [
            {"house": "stark", "plot": _PLOT, "discard": ["t-knight"], "dead": ["t-squire"]},
            {"house": "lannister", "plot": _PLOT},
        ],
        [_KNIGHT, _SQUIRE],
    )
    s = game.seats[0]
    s.deck.append(game.new_card(game.db.cards["t-knight"], 0, "deck"))
    s.removed.append(game.new_card(game.db.cards["t-squire"], 0, "removed"))
    game.limbo.append(game.new_card(game.db.cards["t-knight"], 0, "limbo"))
    for zone in (s.deck, s.discard, s.dead, s.removed, game.limbo):
        before = len(zone)
        game.enter_play(zone[-1], 0)
        assert len(zone) == before - 1
    assert [c.zone for c in s.play] == ["play"] * 5


# ---------------------------------------------------------------------- power and victory


def _two_seats(
    content: LoadedContent, cards: list[dict], *in_play: list, power: int = 0
) -> ThronesGame:
    seats = [
        {"house": "stark", "plot": _PLOT, "in_play": in_play[0] if in_play else []},
        {"house": "lannister", "plot": _PLOT, "power": power},
    ]
    return _game(content, seats, cards)


def test_power_moved_between_houses(content: LoadedContent) -> None:
    """TH-CHAL-17, TH-WIN-03: power moved from House to House says where it came from;
    nothing moves (and nothing is said) from an empty House or for no power."""
    game = _two_seats(content, [], power=3)
    events = game.new_move()
    assert game.move_house_power(1, 0, 2, "claim") is NOTHING
    assert game.move_house_power(1, 0, 2, "claim") is NOTHING  # only 1 left
    assert game.move_house_power(1, 0, 2, "claim") is NOTHING  # none left
    assert game.gain_house_power(0, 0, "dominance") is NOTHING
    claim = {"reason": "claim"}
    assert events == [
        Event("power_lost", 1, {"amount": 2, **claim}),
        Event("power_gained", 0, {"amount": 2, **claim, "from_seat": 1}),
        Event("power_lost", 1, {"amount": 1, **claim}),
        Event("power_gained", 0, {"amount": 1, **claim, "from_seat": 1}),
    ]
    assert (game.seats[0].power, game.seats[1].power) == (3, 0)
    assert game.power_gains[0]["claim"] == 3  # what the result's paths to victory count
    assert game.gain_house_power(0, 1, "dominance") is NOTHING
    assert events[-1] == Event("power_gained", 0, {"amount": 1, "reason": "dominance"})


def test_power_a_card_gains(content: LoadedContent) -> None:
    """TH-WIN-04: a card gains power from the bank; its controller's gains add up."""
    game = _two_seats(content, [_KNIGHT], ["t-knight"])
    knight = game.seats[0].chars[0]
    events = game.new_move()
    game.card_power(knight, 2, "renown")
    game.card_power(knight, 1, "renown")
    assert knight.power == 3
    assert game.power_gains[0]["renown"] == 3
    assert events == [
        Event("power_gained", 0, {"card": "t-knight", "amount": n, "reason": "renown"})
        for n in (2, 1)
    ]


def test_infamy_gained_from_a_passive_takes_moved_power(content: LoadedContent) -> None:
    """TH-KW-INFAMY-01: a character with Infamy from a passive may take power moved to its
    House, one at a time (the invariants are checked after each), then one event says
    where the power came from."""
    rite = {
        "id": "t-rite",
        "name": "Rite",
        "type": "location",
        "cost": 0,
        "abilities": [
            {
                "passive": {
                    "affects": {"each": "character", "controller": "you"},
                    "keyword": "infamy",
                }
            }
        ],
    }
    game = _two_seats(content, [_KNIGHT, rite], ["t-knight", "t-rite"], power=3)
    knight = game.seats[0].chars[0]
    flow = game.move_house_power(1, 0, 2, "claim")
    assert flow is not NOTHING
    events = game.new_move()
    decision = next(flow)
    assert decision.kind == "infamy"
    assert decision.labels() == ["infamy: House", "infamy: t-knight"]
    decision = flow.send(1)
    assert decision.kind == "infamy" and "power_placed" in game.move_kinds()
    assert [e.kind for e in events] == []
    with pytest.raises(StopIteration):
        flow.send(0)
    assert (knight.power, game.seats[0].power) == (1, 1)
    assert events == [Event("power_gained", 0, {"amount": 2, "reason": "claim", "from_seat": 1})]


def _teams(content: LoadedContent, powers: list[int], first: int = 0, **more: Any) -> ThronesGame:
    seats = [{"house": h, "plot": _PLOT, "power": p} for h, p in zip(_HOUSES, powers, strict=True)]
    return _game(content, seats, [], first_player=first, options={"two_on_two": True}, **more)


_HOUSES = ["stark", "lannister", "baratheon", "targaryen"]


def test_team_victory(content: LoadedContent) -> None:
    """TH-VAR-2V2, TH-GAP-14: partners (seats 0 & 2, 1 & 3) win together on their joint
    total; both teams at once: the first player's team."""
    game = _teams(content, [0, 0, 0, 0])
    goal = game.rules.team_victory_power
    for powers, first, winners in (
        ([goal - 2, 1, 1, goal - 2], 0, None),  # each team one short
        ([0, goal - 2, 1, 2], 0, (1, 3)),
        ([goal, goal - 1, 0, 1], 1, (1, 3)),
        ([goal, goal - 1, 0, 1], 0, (0, 2)),
    ):
        for s, p in zip(game.seats, powers, strict=True):
            s.power = p
        game.first = first
        if winners is None:
            game.check_win()
            continue
        with pytest.raises(GameOver) as over:
            game.check_win()
        assert (over.value.winners, over.value.ending) == (winners, "power")


def test_team_round_limit(content: LoadedContent) -> None:
    """TH-GAP-06 with teams: at the round limit the team with more power wins; a tie, both."""
    for powers, winners in (
        ([3, 1, 1, 4], (1, 3)),  # 4 against 5
        ([4, 1, 1, 3], (0, 2)),  # 5 against 4
        ([2, 2, 2, 2], (0, 1, 2, 3)),
    ):
        game = _teams(content, powers)
        game.round_no = game.rules.round_limit
        with pytest.raises(GameOver) as over:
            game.end_round()
        assert (over.value.winners, over.value.ending) == (winners, "round_limit")


# ---------------------------------------------------------------------- the end of the round


def test_the_round_end_resets_the_round_counters(content: LoadedContent) -> None:
    """Once a round: Limited (TH-KW-LIMITED-01/02), the draw cap (TH-DRAW-03), the opposed
    title bonus, influence and deals, the redirect; lasting effects "until the end of the
    round" end, the others stay (TH-ACT-07)."""
    game = _two_seats(content, [_KNIGHT], ["t-knight"])
    knight = game.seats[0].chars[0]
    for s in game.seats:
        s.limited = s.limited_responses = s.draws = 1
        s.opposed_bonus = s.influence_used = True
        s.deals = [object()]
    game.redirect_used = True
    game.lasting = [
        Lasting(knight, "str", 1, "round"),
        Lasting(knight, "str", 2, "phase"),
        Lasting(knight, "str", 3, "phase"),
        Lasting(knight, "icon", ICON_BIT["military"], "phase"),
        Lasting(knight, "icon", ICON_BIT["power"], "phase"),
        Lasting(knight, "kw", KW_BIT["stealth"], "phase"),
        Lasting(knight, "kw", KW_BIT["renown"], "phase"),
    ]
    game.recompute_temp(knight)
    assert game.strength(knight) == 2 + 6
    round_no = game.round_no
    game.new_move()
    game.end_round()
    assert game.round_no == round_no + 1
    assert game.strength(knight) == 2 + 5
    assert icons_of(knight.icons) == ["military", "power"]
    assert knight.kw == KW_BIT["stealth"] | KW_BIT["renown"]
    assert "lasting_ended" not in game.move_kinds()  # only strength ended: TH-ACT-07 unmoved
    for s in game.seats:
        assert (s.limited, s.limited_responses, s.draws) == (0, 0, 0)
        assert s.opposed_bonus is False and s.influence_used is False and s.deals == []
    assert game.redirect_used is False
    game.end_phase()
    assert (game.strength(knight), knight.icons, knight.kw, game.lasting) == (2, 0, 0, [])
    assert "lasting_ended" in game.move_kinds()


# ---------------------------------------------------------------------- the plot phase


def _plot(cid: str, **more: Any) -> dict:
    return {"id": cid, "name": cid, "type": "plot", **_PLOT, **more}


_PLOTS = [
    _plot("t-plain"),
    _plot("t-other"),
    _plot("t-strong", abilities=[{"passive": {"dominance": 5}}]),
]


def test_plots_revealed(content: LoadedContent) -> None:
    """TH-PLOT-01/03: a seat without plots left is skipped and the next one chooses, among
    distinct plots; the revealed plot covers the old one, whose passive ends."""
    game = _game(
        content,
        [
            {"house": "stark", "plot": "t-plain"},
            {
                "house": "lannister",
                "plot": "t-strong",
                "plot_deck": ["t-plain", "t-plain", "t-other"],
            },
        ],
        _PLOTS,
        phase="plot",
    )
    assert game.dominance_total(1) == 5
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (1, "plot")
    assert d.labels() == ["plot: t-plain", "plot: t-other"]
    game.apply(0)
    s = game.seats[1]
    assert [e for e in game.events if e.kind in ("plot_revealed", "card_played")] == [
        Event("plot_revealed", 1, {"card": "t-plain"}),
        Event("card_played", 1, {"card": "t-plain"}),
    ]
    assert game.dominance_total(1) == 0
    assert s.plot is not None and s.plot.zone == "plot_revealed"
    assert [(p.d.id, p.zone) for p in s.used_plots] == [("t-strong", "plot_used")]


def test_a_plot_with_a_passive_revealed_and_plots_recycled(content: LoadedContent) -> None:
    """TH-PLOT-03/04: a revealed plot's passive applies at once; the last plot of a deck
    brings the used ones back."""
    game = _game(
        content,
        [
            {"house": "stark", "plot": "t-plain", "plot_deck": ["t-strong", "t-other"]},
            {
                "house": "lannister",
                "plot": "t-plain",
                "plot_deck": ["t-other"],
                "used_plots": ["t-strong"],
            },
        ],
        _PLOTS,
        phase="plot",
    )
    assert game.dominance_total(0) == 0
    game.apply(game.decision().labels().index("plot: t-strong"))  # type: ignore[union-attr]
    assert game.dominance_total(0) == 5
    d = game.decision()
    assert d is not None and d.kind == "first_player"
    game.apply(0)  # nobody has a card: the game runs to the next plot phase
    assert Event("plots_recycled", 1, {"count": 2}) in game.events
    d = game.decision()
    assert d is not None and (d.seat, d.kind, game.round_no) == (1, "plot", 2)
    s = game.seats[1]
    assert [(p.d.id, p.zone) for p in s.plot_deck] == [
        ("t-strong", "plot_deck"),
        ("t-plain", "plot_deck"),
    ]
    assert s.used_plots == [] and s.plot is not None and s.plot.d.id == "t-other"


# ---------------------------------------------------------------------- a whole round


def test_a_round_from_the_draw_phase_to_the_next_initiative(content: LoadedContent) -> None:
    """TH-DRAW-01, TH-MARSH-02, TH-DOM-01/02, TH-STAND-01, TH-TAX-01, TH-PLOT-06: a quiet
    round: draw-phase bonus, income added to gold kept, phase-end and dominance triggers,
    dominance counting each standing character, standing, then the next round's
    initiative tie broken by least power (the first player of round 1 is remembered)."""
    cards = [
        _SQUIRE,
        {"id": "t-warden", "name": "Warden", "type": "character", "cost": 1, "strength": 2,
         "abilities": [{"forced": "dominance_won", "effect": {"gain_power": {"target": "self"}}},
                       {"response": "dominance_won", "effect": {"gain_gold": 1}}]},
        {**_KNIGHT, "strength": 3, "icons": ["military"]},
        {"id": "t-bell", "name": "Bell", "type": "location", "cost": 1,
         "abilities": [{"forced": "phase_ends", "if": {"phase": "draw"},
                        "effect": {"gain_power": {"target": "house"}}},
                       {"response": "phase_ends", "if": {"phase": "draw"},
                        "effect": {"gain_gold": 1}}]},
    ]  # fmt: skip
    plot = {**_PLOT, "abilities": [{"passive": {"draw": 1}}, {"passive": {"dominance_power": 2}}]}
    game = _game(
        content,
        [
            {
                "house": "stark",
                "plot": plot,
                "deck": ["t-squire"] * 5,
                "in_play": [
                    "t-warden",
                    "t-knight",
                    "t-bell",
                    {"card": "t-squire", "kneeling": True},
                ],
            },
            {
                "house": "lannister",
                "plot": _PLOT,
                "gold": 2,
                "in_play": [{"card": "t-warden", "kneeling": True}],
            },
        ],
        cards,
        phase="draw",
    )
    s0 = game.seats[0]
    seen: list[Event] = []
    active: list[tuple[str, str, int | None]] = []
    while (d := game.decision()) is not None and d.kind != "first_player":
        active.append((game.phase, d.kind, game.active))
        labels = d.labels()
        game.apply(labels.index("pass") if "pass" in labels else len(labels) - 1)
        seen.extend(game.events)
    assert d is not None and game.round_no == 2
    assert len(s0.hand) == 3  # 2 + the plot's 1
    # whose turn it is: the marshalling seat, the challenging seat
    assert ("marshalling", "marshal", 0) in active
    assert ("challenges", "challenge", 0) in active
    dominance = [e for e in seen if e.kind in ("dominance_won", "power_gained")]
    assert dominance[:2] == [
        Event("dominance_won", 0, {"totals": [5 + 5, 7]}),
        Event("power_gained", 0, {"amount": 3, "reason": "dominance"}),
    ]
    assert Event("cards_stood", None, {"count": 2}) in seen
    assert [c.kneeling for c in (*s0.play, *game.seats[1].play)] == [False] * 5
    assert Event("gold_returned", 1, {"amount": 7}) in seen
    warden = s0.chars[0]
    assert warden.power == 1
    assert game.seats[1].chars[0].power == 0  # only the winner's Warden
    assert s0.power == 1 + 3  # the bell at the end of the draw phase, then dominance
    assert [e for e in game.events if e.kind == "initiative_won"] == [
        Event("initiative_won", 1, {"totals": [0, 0], "by": "least power"})
    ]
    game.apply(d.labels().index("first player: seat 1"))
    assert (game.first, game.first_player()) == (1, 0)
    assert game.events[0] == Event("first_player", 1, {})


# ---------------------------------------------------------------------- passives


def _each(strength: int, **more: Any) -> dict:
    """A passive ability: ``strength`` to each character its controller controls."""
    affects = {"each": "character", "controller": "you"}
    return {"passive": {"affects": affects, "strength": strength}, **more}


def test_each_passive_of_a_plot_and_an_agenda_reaches_a_card_entering_play(
    content: LoadedContent,
) -> None:
    """TH-ACT-07: the 'each' passives of the revealed plot and of the agenda reach a card
    entering play (a seat without a revealed plot is no obstacle)."""
    knight = {**_KNIGHT, "traits": ["Knight"]}
    game = _game(
        content,
        [
            {
                "house": "stark",
                "plot": {**_PLOT, "abilities": [_each(1)]},
                "agenda": "sworn-blades",
            },
            {"house": "lannister"},
        ],
        [knight],
    )
    assert game.wide and not game.chainable
    k = game.new_card(game.db.cards["t-knight"], 0, "hand")
    game.seats[0].hand.append(k)
    game.enter_play(k, 0)
    assert game.strength(k) == 2 + 1 + 1


def test_a_card_with_a_passive_entering_play_among_each_passives(content: LoadedContent) -> None:
    """TH-ACT-07: a card whose own passive reaches each character enters play where
    another 'each' passive already is: both reach every character."""
    lists = {"id": "t-lists", "name": "Lists", "type": "location", "cost": 1,
             "abilities": [_each(1)]}  # fmt: skip
    game = _two_seats(content, [_SQUIRE, lists], ["t-squire", "t-lists"])
    squire = game.seats[0].chars[0]
    assert game.strength(squire) == 2
    other = game.new_card(game.db.cards["t-lists"], 0, "discard")
    game.seats[0].discard.append(other)
    game.enter_play(other, 0)
    assert game.strength(squire) == 3


def test_a_conditional_passive_holds_only_while_its_condition_does(
    content: LoadedContent,
) -> None:
    """TH-ACT-07: a passive with a condition counts only while the condition holds (here:
    a phase): strength, dominance total, dominance power and draw-phase cards."""
    when = [
        _each(2, **{"if": {"phase": "marshalling"}}),
        {"passive": {"dominance": 3}, "if": {"phase": "dominance"}},
        {"passive": {"dominance_power": 1}, "if": {"phase": "dominance"}},
        {"passive": {"draw": 1}, "if": {"phase": "draw"}},
    ]
    drill = {"id": "t-drill", "name": "Drill", "type": "location", "cost": 1, "abilities": when}
    seats = [
        {
            "house": "stark",
            "plot": _PLOT,
            "in_play": ["t-knight", "t-drill"],
            "deck": ["t-knight"] * 5,
        },
        {"house": "lannister", "plot": _PLOT},
    ]
    game = _game(content, seats, [_KNIGHT, drill])
    s0 = game.seats[0]
    s0.gold = 0
    knight = s0.chars[0]
    game.phase = "marshalling"
    assert (game.strength(knight), game.dominance_total(0)) == (4, 4)
    game.phase = "dominance"
    assert (game.strength(knight), game.dominance_total(0)) == (2, 2 + 3)
    events = game.new_move()
    for _ in game.phase_dominance():
        raise AssertionError("nobody can act")
    assert Event("power_gained", 0, {"amount": 2, "reason": "dominance"}) in events
    hand = len(s0.hand)
    game.phase = "draw"
    for _ in game.phase_draw():
        raise AssertionError("nobody can act")
    assert len(s0.hand) == hand + 2 + 1


def test_a_cost_passive_survives_each_refresh(content: LoadedContent) -> None:
    """TH-ACT-07: a passive changing marshalling costs is rebuilt by every refresh."""
    cheaper = {"passive": {"affects": {"each": "character"}, "cost": -1}}
    guild = {
        "id": "t-guild",
        "name": "Guild",
        "type": "location",
        "cost": 1,
        "abilities": [cheaper],
    }
    game = _two_seats(content, [{**_KNIGHT, "cost": 3}, guild], ["t-guild"])
    knight = game.new_card(game.db.cards["t-knight"], 0, "hand")
    for _ in range(3):
        game.refresh()
        assert game.marshal_cost(0, knight) == 2


def test_a_lasting_effect_ends_when_its_card_leaves_play(content: LoadedContent) -> None:
    """TH-ACT-07: a card that leaves play and comes back is a new card: a
    lasting effect on it from before no longer applies."""
    game = _two_seats(content, [_KNIGHT], ["t-knight"])
    knight = game.seats[0].chars[0]
    game.lasting.append(Lasting(knight, "str", 2, "phase"))
    game.recompute_temp(knight)
    assert game.strength(knight) == 4
    game.leave_play(knight, "hand")
    game.enter_play(knight, 0)
    game.recompute_temp(knight)
    assert game.strength(knight) == 2


# ---------------------------------------------------------------------- small bookkeeping


def test_drawing_cards(content: LoadedContent) -> None:
    """TH-DRAW-02/03: an empty deck draws nothing more; an effect's draw stops at the cap."""
    game = _two_seats(content, [_KNIGHT])
    s = game.seats[0]
    s.deck[:] = [game.new_card(game.db.cards["t-knight"], 0, "deck")]
    hand = len(s.hand)
    events = game.new_move()
    assert game.draw(0, 2, effect=False) == 1
    assert len(s.hand) == hand + 1 and s.hand[-1].zone == "hand"
    assert events == [Event("card_drawn", 0, {"card": "t-knight"})]
    s.deck[:] = [game.new_card(game.db.cards["t-knight"], 0, "deck")]
    s.draws = game.rules.draw_cap
    assert game.draw(0, 1, effect=True) == 0
    assert len(s.deck) == 1


def test_discarding_from_hand(content: LoadedContent) -> None:
    """TH-ZONE-05: a card discarded from hand goes to the discard pile, with an event."""
    game = _two_seats(content, [_KNIGHT])
    s = game.seats[0]
    k = game.new_card(game.db.cards["t-knight"], 0, "hand")
    s.add_to_hand(k)
    events = game.new_move()
    game.discard_from_hand(0, k, "claim")
    assert (s.discard[-1], k.zone) == (k, "discard") and k not in s.hand
    assert events == [Event("card_discarded", 0, {"card": "t-knight", "reason": "claim"})]


def test_kneeling(content: LoadedContent) -> None:
    """TH-ZONE-03: only a standing card kneels."""
    game = _two_seats(content, [_KNIGHT], ["t-knight"])
    knight = game.seats[0].chars[0]
    assert game.kneel(knight) is True and knight.kneeling is True
    assert game.kneel(knight) is False and knight.kneeling is True


def test_partners_are_not_opponents(content: LoadedContent) -> None:
    """TH-VAR-2V2-03: partners are not opponents; a seat is not its own."""
    game = _teams(content, [0, 0, 0, 0])
    assert [game.is_opponent(0, b) for b in range(4)] == [False, True, False, True]


def test_no_plot_no_income_no_initiative(content: LoadedContent) -> None:
    """TH-MARSH-02, TH-PLOT-05: without a revealed plot, income and initiative come from
    the cards in play only."""
    game = _game(content, [{"house": "stark"}, {"house": "lannister", "plot": _PLOT}], [])
    assert game.seats[0].plot is None
    assert (game.income(0), game.initiative_total(0)) == (0, 0)


def test_repeated_card_labels(content: LoadedContent) -> None:
    """Cards with the same id are told apart by #2, #3 … in order, every time they are asked."""
    game = _two_seats(content, [_KNIGHT, _SQUIRE], ["t-knight", "t-squire", "t-knight", "t-knight"])
    chars = game.seats[0].chars
    expect = ["kill: t-knight", "kill: t-squire", "kill: t-knight #2", "kill: t-knight #3"]
    for _ in range(2):
        options = game.label_cards("kill", chars)
        assert [o.label for o in options] == expect
        assert [o.data for o in options] == chars


def test_card_numbers_count_up(content: LoadedContent) -> None:
    """Every card made gets the next number (the snapshot's ``uid``)."""
    game = _two_seats(content, [_KNIGHT])
    first = game.next_uid
    made = [game.new_card(game.db.cards["t-knight"], 0, "deck") for _ in range(3)]
    assert [c.uid for c in made] == [first, first + 1, first + 2]
    assert game.next_uid == first + 3


def test_the_first_player_of_round_one_is_remembered(content: LoadedContent) -> None:
    """TH-PLOT-07: the game remembers who was first player in round 1 (the result's and
    the statistics' first player), not a later round's."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2, None, {}), 3)
    rng = random.Random(3)
    firsts: list[int] = []
    while (d := game.decision()) is not None and len(firsts) < 3:
        game.apply(rng.randrange(len(d.options)))
        firsts += [e.seat for e in game.events if e.kind == "first_player"]  # type: ignore[misc]
    assert len(firsts) >= 2
    assert game.first_player() == firsts[0]


def test_when_revealed_abilities_in_the_first_players_order(content: LoadedContent) -> None:
    """TH-PLOT-08: several "when revealed" abilities: the first player orders them."""
    gold = {"when_revealed": True, "if": {"phase": "plot"}, "effect": {"gain_gold": 2}}
    rich = {**_PLOT, "abilities": [gold]}
    seats = [{"house": h, "plot_deck": [rich]} for h in ("stark", "lannister")]
    game = _game(content, seats, [], phase="plot")
    d = game.decision()
    assert d is not None and d.kind == "first_player"
    game.apply(d.labels().index("first player: seat 1"))
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (1, "order")
    assert d.labels() == ["resolve: seat 1 scenario-plot-2", "resolve: seat 0 scenario-plot-1"]
    game.apply(1)
    gains = [e for e in game.events if e.kind == "gold_gained"]
    assert [(e.seat, e.data["amount"]) for e in gains] == [(0, 2), (1, 2)]


def test_titles_taken_and_returned(content: LoadedContent) -> None:
    """TH-PLOT-09, TH-TAX-02: from the first player on, each seat takes a title, which
    then names its holder (for the Crown Regent's redirect and the Lord Commander's
    interception); at the round's end nobody holds one (TH-MODE-3P-01: with three players
    the taken ones stay out until the pool empties)."""
    seats = [{"house": h, "plot_deck": [_PLOT]} for h in ("stark", "lannister", "martell")]
    game = _game(content, seats, [], phase="plot")
    game.apply(0)  # seat 0 goes first
    picks = {0: "crown-regent", 1: "lord-commander", 2: "master-of-coin"}
    for seat in (0, 1):
        d = game.decision()
        assert d is not None and (d.seat, d.kind) == (seat, "title")
        game.apply(d.labels().index(f"title: {picks[seat]}"))
    assert [s.title for s in game.seats] == ["crown-regent", "lord-commander", None]
    assert (game.holder_of("redirect"), game.holder_of("intercept")) == (0, 1)
    game.apply(game.decision().labels().index("title: master-of-coin"))  # type: ignore[union-attr]
    # nobody can act: the round runs to its end, then the next plot phase
    assert [e.data["title"] for e in game.events if e.kind == "title_taken"] == ["master-of-coin"]
    assert game.round_no == 2
    assert [s.title for s in game.seats] == [None] * 3
    assert (game.holder_of("redirect"), game.holder_of("intercept")) == (None, None)
