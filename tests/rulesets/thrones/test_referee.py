"""The thrones referee through the engine: bots, records, replays, views, invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import FINISHED, Limits, agents_chooser, run_game, scripted_chooser
from pnp.engine.testing import view_leaks
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from tests.rulesets.thrones.conftest import play_random


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (4, {}), (4, {"two_on_two": True}), (3, {"littlefinger": True})],
)
def test_heuristic_bots_finish_and_replay(
    content: LoadedContent, players: int, options: dict
) -> None:
    """Heuristic games end with a winner and replay to the same state hash."""
    for seed in range(3):
        config = GameConfig(players, None, options)
        names = ["heuristic"] * players
        run = run_game(
            RULESET, content, config, seed, agents_chooser(RULESET, names, seed), hash_state=True
        )
        assert run.status == FINISHED, run.failure or run.violations
        assert run.result is not None and run.result.winners
        again = run_game(
            RULESET, content, config, seed, scripted_chooser(run.choices), hash_state=True
        )
        assert again.state_hash == run.state_hash
        assert again.result == run.result


def test_heuristic_beats_random(content: LoadedContent) -> None:
    """The heuristic bot should win most games against a random player."""
    wins = 0
    games = 12
    for seed in range(games):
        names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        run = run_game(
            RULESET,
            content,
            GameConfig(2),
            seed,
            agents_chooser(RULESET, names, seed),
            Limits(invariants=False),
        )
        bot = 0 if seed % 2 == 0 else 1
        assert run.result is not None
        wins += bot in run.result.winners
    assert wins >= 9, f"heuristic won only {wins} of {games}"


def _hidden_swap(game: ThronesGame, seat: int) -> None:
    """Swap a card of ``seat``'s hand with one deep in his deck, and reorder the deck."""
    s = game.seats[seat]
    if s.hand and s.deck:
        h, d = s.hand[0], s.deck[0]
        s.hand[0], s.deck[0] = d, h
        h.zone, d.zone = "deck", "hand"
    s.deck.reverse()


def test_views_hide_other_hands_and_decks(content: LoadedContent) -> None:
    """A view shows neither another seat's hand nor any deck order."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(3), 5)
    rng = random.Random(5)
    for _ in range(60):
        d = game.decision()
        assert d is not None
        game.apply(rng.randrange(len(d.options)))
    assert isinstance(game, ThronesGame)
    leaks = view_leaks(game, 0, lambda g: _hidden_swap(g, 1), seats=[2])  # type: ignore[arg-type]
    assert leaks == []
    # but the seat's own hand is visible to him
    before = game.view(1)
    _hidden_swap(game, 1)
    assert game.view(1) != before


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


def test_scenario_game_opens_with_begin_for_the_first_player(content: LoadedContent) -> None:
    """A scenario game first asks the first player a one-option ``begin``, so the
    events of the position (here the taxation) come after it; a new game has no
    such question."""
    assert RULESET.scenario_game is not None
    setup = {
        "players": 2,
        "phase": "taxation",
        "first_player": 1,
        "seats": [{"house": "stark", "gold": 3}, {"house": "lannister", "gold": 2}],
    }
    game = RULESET.scenario_game(content, setup, [], 0)
    opening = game.decision()
    assert opening is not None
    assert (opening.seat, opening.kind, opening.labels()) == (1, "scenario_start", ["begin"])
    assert game.setup_events() == []
    events = game.apply(0)
    returned = [(e.seat, e.data["amount"]) for e in events if e.kind == "gold_returned"]
    assert returned == [(0, 3), (1, 2)]
    fresh = RULESET.new_game(content, GameConfig(2), 0)
    assert fresh.decision() is not None and fresh.decision().kind != "scenario_start"


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


def test_bad_option_index_is_a_clear_error(content: LoadedContent) -> None:
    from pnp.rulesets.thrones.game import IllegalChoice

    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2), 1)
    with pytest.raises(IllegalChoice, match="does not exist"):
        game.apply(99)


def test_bad_options_are_usage_errors(content: LoadedContent) -> None:
    from pnp.errors import UsageError

    assert RULESET.new_game is not None
    with pytest.raises(UsageError, match="needs exactly 4 players"):
        RULESET.new_game(content, GameConfig(3, None, {"two_on_two": True}), 1)
    with pytest.raises(UsageError, match="unknown thrones option"):
        RULESET.new_game(content, GameConfig(2, None, {"dragons": True}), 1)
    # before, it read as a deck format the content lacks: "the content has no foo decks"
    with pytest.raises(UsageError, match="'deck_format' must be two_player or constructed"):
        RULESET.new_game(content, GameConfig(2, None, {"deck_format": "foo"}), 1)
    with pytest.raises(UsageError, match="no two_player deck for House 'tyrell'"):
        RULESET.new_game(content, GameConfig(2, ("tyrell", None)), 1)
    # before, any value was read as its truth: 'titles=maybe' switched titles on
    for key, value in (("titles", "maybe"), ("mulligan", 2), ("draft", None)):
        with pytest.raises(UsageError, match=f"option '{key}' must be true or false, got"):
            RULESET.new_game(content, GameConfig(2, None, {key: value}), 1)


def test_pnp_rulesets_lists_every_option() -> None:
    # README: "-o sets a ruleset option (pnp rulesets lists them)"
    from pnp.rulesets.thrones.setup import OPTIONS

    for key in OPTIONS:
        assert key in RULESET.notes, key


def test_bad_scenario_setup_names_the_field(content: LoadedContent) -> None:
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    setup = {"players": 2, "phase": "dusk", "seats": [{"house": "stark"}, {"house": "x"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    assert any(loc == ("setup", "phase") for loc, _ in info.value.problems)
    setup = {"players": 2, "seats": [{"house": "stark", "hand": ["nope"]}, {"house": "x"}]}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, setup, [], 0)
    locs = [loc for loc, _ in info.value.problems]
    assert ("setup", "seats", 1, "house") in locs
    assert ("setup", "seats", 0, "hand", 0) in locs


@pytest.mark.parametrize(
    ("setup", "loc", "message"),
    [
        ({"players": "two"}, ("setup", "players"), "expected a whole number, got 'two'"),
        ({"round": "x"}, ("setup", "round"), "expected a whole number, got 'x'"),
        ({"first_player": 0.5}, ("setup", "first_player"), "expected a whole number"),
        ({"first_player": 7}, ("setup", "first_player"), "seat 7 does not exist (seats 0–1)"),
        ({"first_player": -1}, ("setup", "first_player"), "seat -1 does not exist"),
        ({"seats": 5}, ("setup", "seats"), "seats is a list"),
        ({"seat0": {"gold": "lots"}}, ("setup", "seats", 0, "gold"), "got 'lots'"),
        ({"seat0": {"power": True}}, ("setup", "seats", 0, "power"), "expected a whole number"),
        ({"seat0": {"hand": 5}}, ("setup", "seats", 0, "hand"), "expected a list, got 5"),
        ({"seat0": {"in_play": [7]}}, ("setup", "seats", 0, "in_play", 0), "a card id"),
        (
            {"seat0": {"in_play": [{"card": "stark-eddard", "power": "2"}]}},
            ("setup", "seats", 0, "in_play", 0, "power"),
            "got '2'",
        ),
    ],
)
def test_a_scenario_setup_of_the_wrong_type_is_located_not_a_crash(
    content: LoadedContent, setup: dict, loc: tuple, message: str
) -> None:
    """A typo in a scenario's numbers or lists is the author's, not the ruleset's."""
    from pnp.engine.errors import SetupError

    assert RULESET.scenario_game is not None
    seat0 = {"house": "stark", **setup.pop("seat0", {})}
    full = {"players": 2, "seats": [seat0, {"house": "lannister"}], **setup}
    with pytest.raises(SetupError) as info:
        RULESET.scenario_game(content, full, [], 0)
    assert any(got == loc and message in text for got, text in info.value.problems), (
        info.value.problems
    )


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
    game = _begun(RULESET.scenario_game(content, setup, cards, 0))
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
    return _begun(RULESET.scenario_game(content, setup, cards, 0))


def _begun(game: Any) -> ThronesGame:
    """``game`` (a scenario game) past its opening one-option ``begin`` decision."""
    assert isinstance(game, ThronesGame)
    opening = game.decision()
    assert opening is not None and opening.kind == "scenario_start"
    assert opening.labels() == ["begin"]
    game.apply(0)
    return game


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
