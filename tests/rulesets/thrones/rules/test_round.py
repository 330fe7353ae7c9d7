"""The round's bookkeeping (:mod:`pnp.rulesets.thrones.rules.round`): passive modifiers as cards
enter and leave play."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.event import Event
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
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
        _KNIGHT,
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
