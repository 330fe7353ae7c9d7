"""The rule invariants (:mod:`pnp.rulesets.thrones.invariants`) catch planted faults."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from tests.rulesets.thrones.conftest import begun, play_random


def test_invariants_catch_planted_faults(content: LoadedContent) -> None:
    game, _ = play_random(content, 3, 2, check=False)
    assert isinstance(game, ThronesGame)
    assert game.invariant_violations() == []
    s = game.seats[0]
    s.gold = -1
    lost = s.deck.pop() if s.deck else s.discard.pop()
    game.phase_seq.extend(["draw", "taxation"])
    found = game.invariant_violations()
    assert any("negative gold" in v for v in found)
    assert any("owns" in v and "in its zones" in v for v in found)
    assert any("phase taxation followed draw" in v for v in found)
    assert lost is not None


def test_invariants_catch_two_uniques(content: LoadedContent) -> None:
    assert RULESET.scenario_game is not None
    cards = [
        {
            "id": "t-lord",
            "name": "Lord",
            "type": "character",
            "unique": True,
            "cost": 1,
            "strength": 1,
        }
    ]
    setup = {
        "players": 2,
        "phase": "dominance",
        "seats": [
            {"house": "stark", "in_play": ["t-lord"]},
            {"house": "lannister", "in_play": ["t-lord"]},
        ],
    }
    game = RULESET.scenario_game(content, setup, cards, 0)
    assert isinstance(game, ThronesGame)
    assert game.invariant_violations() == []  # one copy each: fine (TH-UNIQ-02)
    stolen = game.seats[1].play[0]
    game.seats[1].play.remove(stolen)
    game.seats[1].chars.remove(stolen)
    stolen.controller = 0
    game.seats[0].play.append(stolen)
    game.seats[0].chars.append(stolen)
    assert any("two copies of unique" in v for v in game.invariant_violations())


def test_invariants_catch_stale_actor_indexes(content: LoadedContent) -> None:
    """The short lists of cards that can act or respond follow every zone change.

    Windows read only these indexes, so a zone change that bypassed them
    would silently hide a card's actions: the invariant names the list.
    """
    assert RULESET.scenario_game is not None
    cards = [
        {
            "id": "t-spy",
            "name": "Spy",
            "type": "character",
            "cost": 1,
            "strength": 1,
            "abilities": [{"action": "challenges", "effect": {"draw": 1}}],
        },
        {
            "id": "t-trick",
            "name": "Trick",
            "type": "event",
            "abilities": [{"response": "challenge_won", "effect": {"gain_gold": 1}}],
        },
    ]
    setup = {
        "players": 2,
        "phase": "dominance",
        "seats": [
            {"house": "stark", "in_play": ["t-spy"], "hand": ["t-trick"]},
            {"house": "lannister"},
        ],
    }
    game = RULESET.scenario_game(content, setup, cards, 0)
    assert isinstance(game, ThronesGame)
    seat = game.seats[0]
    assert [c.d.id for c in seat.play_actors] == ["t-spy"]
    assert [c.d.id for c in seat.hand_resp] == ["t-trick"]
    assert game.invariant_violations() == []
    spy = seat.play[0]
    game.leave_play(spy, "hand")  # through the referee: the indexes follow
    assert seat.play_actors == [] and seat.hand_actors == []  # no action from hand
    assert game.invariant_violations() == []
    seat.hand.remove(seat.hand_resp[0])  # behind the referee's back
    assert any("hand responders list is out of step" in v for v in game.invariant_violations())


def test_invariants_catch_stale_passive_modifiers(content: LoadedContent) -> None:
    """A card entering play adds its passives to the current modifiers (no full
    recomputation while no passive reaches "each" card); the invariant compares
    them with a fresh computation and leaves the state as it found it."""
    assert RULESET.scenario_game is not None
    cards = [
        {"id": "t-knight", "name": "Knight", "type": "character", "cost": 2, "strength": 2},
        {
            "id": "t-sword",
            "name": "Sword",
            "type": "attachment",
            "cost": 1,
            "abilities": [{"passive": {"strength": 2, "keyword": "renown"}}],
        },
    ]
    setup = {
        "players": 2,
        "phase": "marshalling",
        "first_player": 0,
        "seats": [
            {
                "house": "stark",
                "plot": {"income": 5, "initiative": 0, "claim": 1},
                "in_play": ["t-knight"],
                "hand": ["t-sword"],
            },
            {"house": "lannister", "plot": {"income": 0, "initiative": 0, "claim": 1}},
        ],
    }
    game = begun(RULESET.scenario_game(content, setup, cards, 0))
    labels = game.decision().labels()  # type: ignore[union-attr]
    game.apply(labels.index("marshal: t-sword"))  # one host: attached at once
    knight = game.seats[0].chars[0]
    assert game.strength(knight) == 4
    assert game.invariant_violations() == []
    assert game.strength(knight) == 4  # the check restored what it recomputed
    knight.static_str += 1  # a modifier nobody recomputed
    found = game.invariant_violations()
    assert any("passive modifiers are stale" in v for v in found)
    assert knight.static_str == 3  # the state is left as found
