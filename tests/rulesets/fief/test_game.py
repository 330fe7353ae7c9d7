"""The fief referee: seeded games, determinism, replay, views, invariants, set-up errors."""

from __future__ import annotations

import random

import pytest

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.engine.game import GameConfig
from pnp.engine.testing import view_leaks
from pnp.errors import UsageError
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.rules.round import victory_path
from pnp.rulesets.fief.state import HIDDEN


def _play(
    content: LoadedContent,
    seed: int,
    players: int = 4,
    options: dict | None = None,
    steps: int | None = None,
    check: bool = False,
) -> tuple[FiefGame, list[int]]:
    game = RULESET.new_game(content, GameConfig(players, options=options or {}), seed)
    rng = random.Random(seed)
    choices: list[int] = []
    while (d := game.decision()) is not None and (steps is None or len(choices) < steps):
        index = rng.randrange(len(d.options))
        choices.append(index)
        game.apply(index)
        if check:
            assert game.invariant_violations() == [], (seed, len(choices), d.kind)
    return game, choices


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [
        (1, 3, {}),
        (2, 4, {"tactics": True}),
        (3, 5, {"winter": True}),
        (4, 6, {"tactics": True, "winter": True, "concession": True}),
        (5, 5, {"nights_watch": True}),
        (6, 6, {"nights_watch": True, "tactics": True, "winter": True}),
    ],
)
def test_random_games_keep_every_invariant(
    content: LoadedContent, seed: int, players: int, options: dict
) -> None:
    """Random play through whole games never breaks an invariant and ends by round 12."""
    game, _ = _play(content, seed, players, options, check=True)
    result = game.result()
    assert result is not None
    assert result.rounds <= content.model.rules.round_limit
    assert result.ending in ("solo_victory", "alliance_victory", "shared_victory", "round_limit")


def test_same_seed_same_game(content: LoadedContent) -> None:
    a, ca = _play(content, 11, steps=400)
    b, cb = _play(content, 11, steps=400)
    assert ca == cb
    assert a.state_hash() == b.state_hash()
    c, _ = _play(content, 12, steps=400)
    assert c.state_hash() != a.state_hash()


def test_replaying_the_choices_reproduces_the_state(content: LoadedContent) -> None:
    game, choices = _play(content, 21, players=5, steps=600)
    again = RULESET.new_game(content, GameConfig(5), 21)
    for index in choices:
        again.apply(index)
    assert again.state_hash() == game.state_hash()


def test_heuristic_bots_finish_games(content: LoadedContent) -> None:
    for seed, players in ((5, 3), (6, 4)):
        game = RULESET.new_game(content, GameConfig(players), seed)
        bots = [HeuristicBot() for _ in range(players)]
        rng = random.Random(seed)
        while (d := game.decision()) is not None:
            index = bots[d.seat].choose(game.view(d.seat), d, rng)
            assert 0 <= index < len(d.options)
            game.apply(index)
        assert game.result() is not None
        assert game.invariant_violations() == []
        _assert_paths_name_the_winners_titles(game)


def _assert_paths_name_the_winners_titles(game: FiefGame) -> None:
    """Each winner's way to win lists exactly the VP Titles his Nobles hold."""
    result = game.result()
    assert result is not None and len(result.paths) == len(result.winners)
    s = game.s
    for seat, path in zip(result.winners, result.paths, strict=True):
        titles = [] if path == "-" else path.split(" + ")
        assert len(titles) == len(set(titles))
        assert sum(s.cat.titles[t].vp for t in titles) == s.vp(seat)
        assert all(s.nobles[s.holder[t]].seat == seat for t in titles)
        assert titles == [t for t in s.cat.titles if t in titles]  # content order


def test_a_winners_way_is_his_vp_titles(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3), 0)
    s = game.s
    seat = s.seats[1].index
    lord = next(n for n in s.nobles.values() if n.seat == seat)
    for title in ("king", "paramount-vale"):  # given out of content order
        s.holder[title] = lord.id
        lord.titles.append(title)
    assert victory_path(s, seat) == "paramount-vale + king"
    assert victory_path(s, s.seats[0].index) == "-"


def test_houses_from_the_configuration(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3, ("stark", None, "tully")), 3)
    houses = game.factions()
    assert houses[0] == "stark" and houses[2] == "tully"
    assert len(set(houses)) == 3


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (GameConfig(2), "played by 3–6 players, not 2"),
        (GameConfig(7), "played by 3–6 players, not 7"),
        (GameConfig(3, ("stark", "stark", None)), "one player only"),
        (GameConfig(3, ("starks", None, None)), "unknown House 'starks'"),
        (GameConfig(3, options={"winterr": True}), "no option 'winterr'"),
        (GameConfig(3, options={"winter": "yes"}), "must be true or false"),
        (GameConfig(4, options={"nights_watch": True}), "needs at least 5 players, not 4"),
    ],
)
def test_bad_configuration(content: LoadedContent, config: GameConfig, message: str) -> None:
    """FF-GAP-11: 3 to 6 players, one per House; unknown options are refused.

    FF-NW-01: the Night's Watch expansion needs five players or more.
    """
    with pytest.raises(UsageError, match=message):
        RULESET.new_game(content, config, 0)


def test_targaryen_is_starting_player(content: LoadedContent) -> None:
    """FF-SETUP-06: whoever the seed picks, Targaryen starts."""
    for seed in range(4):
        game = RULESET.new_game(content, GameConfig(4, ("stark", "targaryen", None, None)), seed)
        assert game.first_player() == 1


def test_views_hide_other_hands_and_decks(content: LoadedContent) -> None:
    """Swapping another player's card with the deck, or reordering decks, changes no view."""
    game, _ = _play(content, 31, steps=300)
    s = game.s
    holder = next(i for i, seat in enumerate(s.seats) if seat.hand)
    watcher = (holder + 1) % s.players
    s.seats[watcher].seen.clear()

    def swap(g: FiefGame) -> None:
        # trade his last card for the bottom card of the deck it came from, and
        # reorder every deck below its top card (whose back is public)
        hand = g.s.seats[holder].hand
        card = hand.pop()
        deck = g.s.court if g.s.cat.cards[card][0] == "court" else g.s.fortune
        hand.append(deck[0])
        deck[0] = card
        g.s.court[:-1] = reversed(g.s.court[:-1])
        for seat in g.s.seats:
            seat.deck.reverse()

    assert view_leaks(game, watcher, swap) == []
    view = game.view(watcher)
    assert view.state.seats[holder].hand == [HIDDEN] * len(s.seats[holder].hand)
    assert view.state.fortune == [HIDDEN] * len(s.fortune)


def test_view_is_a_snapshot(content: LoadedContent) -> None:
    game, _ = _play(content, 41, steps=200)
    before = game.view(0)
    gold = before.state.seats[0].gold
    game.s.seats[0].gold += 5
    assert before.state.seats[0].gold == gold
    assert before != game.view(0)


def test_invariants_catch_tampering(content: LoadedContent) -> None:
    game, _ = _play(content, 51, steps=250)
    assert game.invariant_violations() == []
    game.s.seats[0].gold += 3
    assert any("bank paid out" in v for v in game.invariant_violations())
    game.s.seats[0].gold -= 3
    vil = next(v for v in game.s.villages if v.units)
    seat, units = next(iter(vil.units.items()))
    units[units.index(max(units))] += 1
    assert any(f"seat {seat} has" in v for v in game.invariant_violations())


def test_scenario_setup_errors_are_located(content: LoadedContent) -> None:
    setup = {
        "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "tully"}],
        "nobles": {"stark-eddard": {"at": "winterfel", "titles": ["kingg"]}},
        "troops": {"winterfell": {0: {"knight": 9}}},
    }
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    assert (("setup", "seats", 2, "house"), "House 'tully' is played twice") in err.value.problems
    setup["seats"][2] = {"house": "martell"}
    with pytest.raises(SetupError) as err:
        RULESET.scenario_game(content, setup, [], 0)
    problems = dict(err.value.problems)
    assert problems[("setup", "nobles", "stark-eddard", "at")] == "unknown Village 'winterfel'"
    assert problems[("setup", "nobles", "stark-eddard", "titles", 0)] == "unknown title 'kingg'"
    assert (
        problems[("setup", "troops", "winterfell", 0, "knight")]
        == "House stock holds only 8 knight"
    )


def test_scenario_fixture_nobles(content: LoadedContent) -> None:
    """Fixture Nobles from a scenario's cards join the game for that scenario only."""
    cards = [
        {
            "id": "test-ugly-lord",
            "name": "Test",
            "house": "stark",
            "sex": "lord",
            "attributes": ["ugly"],
        }
    ]
    setup = {
        "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "martell"}],
        "nobles": {"test-ugly-lord": {"at": "winterfell"}},
    }
    game = RULESET.scenario_game(content, setup, cards, 0)
    assert game.s.nobles["test-ugly-lord"].card.marriage_fee == 2
    assert game.invariant_violations() == []
    with pytest.raises(SetupError, match="unknown attribute"):
        RULESET.scenario_game(content, setup, [{**cards[0], "attributes": ["uggly"]}], 0)
