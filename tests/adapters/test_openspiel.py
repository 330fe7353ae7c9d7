"""The rulesets as OpenSpiel games (:mod:`pnp.adapters.openspiel`), checked by OpenSpiel."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pyspiel
import pytest

import pnp.adapters.openspiel  # noqa: F401  (registers the games)
from pnp.adapters.openspiel import PnpState, SpielUsageError, parse_houses, parse_options
from pnp.adapters.world import World, kit, make_table
from pnp.errors import UsageError
from pnp.play.form import template_fields

#: the shipped content, for a copy with a card more
CONTENT_ROOT = Path(__file__).resolve().parents[2] / "content"

#: the player count of each ruleset whose games OpenSpiel's test plays to their own end
#: (fief's, about 450 decisions at 3 players, stop after round 3 instead)
WHOLE = {"thrones": 2, "ironthrone": 4, "fief": 3}

#: every ruleset at every player count; one count plays whole games, the others
#: stop at a step cap (OpenSpiel's test clones the state at every step, and a
#: clone replays the game: whole long games at every count would take minutes)
CONFIGS = [
    (name, players, None if players == WHOLE[name] else 60)
    for name in ("thrones", "ironthrone", "fief")
    for players in kit(name).ruleset.player_counts
]


@pytest.mark.parametrize(("name", "players", "cap"), CONFIGS)
def test_openspiels_random_simulation_test_passes(name: str, players: int, cap: int | None) -> None:
    params = {"players": players, "seed": 11}
    if cap is not None:
        params["max_steps"] = cap
    elif name == "fief":
        params["max_rounds"] = 3
    game = pyspiel.load_game(f"pnp_{name}", params)
    # serialize=False: OpenSpiel serializes a sampled-stochastic game with the game's
    # RNG state, which a Python game cannot give; our own round trip is tested below
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_the_game_type_and_info_say_what_the_game_is(name: str) -> None:
    game = pyspiel.load_game(f"pnp_{name}")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    rs = kit(name).ruleset
    assert (kind.min_num_players, kind.max_num_players) == (
        min(rs.player_counts),
        max(rs.player_counts),
    )
    assert game.num_players() == rs.players_default
    assert game.num_distinct_actions() == kit(name).max_options
    assert game.max_game_length() == rs.max_steps
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


def _played(name: str, steps: int, seed: int = 2) -> PnpState:
    game = pyspiel.load_game(f"pnp_{name}", {"seed": seed})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, PnpState)
    return state


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_state_and_a_resampled_one_serialize_and_come_back_the_same(name: str) -> None:
    state = _played(name, 40)
    game = state.get_game()
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert back.world.game.snapshot() == state.world.game.snapshot()
    sample = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    again = game.deserialize_state(sample.serialize())
    assert again.world.game.snapshot() == sample.world.game.snapshot()
    assert again.history() == sample.history() == state.history()


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_resampled_state_has_the_same_information_state_and_other_secrets(name: str) -> None:
    state = _played(name, 60)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    for sample in samples:
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.legal_actions() == state.legal_actions()
    snapshots = {repr(s.world.game.snapshot()) for s in samples}
    assert len(snapshots) > 1
    clone = samples[0].clone()
    assert clone.world.game.snapshot() == samples[0].world.game.snapshot()


def test_the_information_state_holds_the_seats_own_choices_only() -> None:
    state = _played("thrones", 30)
    mine = state.information_state_string(0)
    other = state.information_state_string(1)
    assert mine != other
    assert '"seat":0' in mine and '"seat":1' in other


def _random_world(name: str, players: int, steps: int, seed: int = 5) -> list[World]:
    """The positions of a random game of ``name``: after 0, 1, … ``steps`` choices."""
    world = World(make_table(name, players, seed=seed))
    rng = random.Random(seed)
    positions = [world.clone()]
    while (decision := world.decision()) is not None and len(positions) <= steps:
        world.apply(rng.randrange(len(decision.options)))
        positions.append(world.clone())
    return positions


@pytest.mark.parametrize(("name", "players"), [("thrones", 3), ("ironthrone", 4), ("fief", 4)])
def test_the_information_state_recalls_all_a_seat_was_told(name: str, players: int) -> None:
    positions = _random_world(name, players, 120)
    words = kit(name).ruleset.event_words
    last = positions[-1]
    for seat in range(players):
        history = last.history_of(seat)
        # perfect recall: what a seat knew stays in what it knows
        for world in positions[:-1]:
            before = world.history_of(seat)
            assert history[: len(before)] == before
        # its own choices, in order
        chosen = [(kind, label) for s, kind, label in last.moves if s == seat]
        assert [(k, lab) for c, k, lab in (h for h in history if h[0] == "chose")] == chosen
        told = [h for h in history if h[0] != "chose"]
        # one item for each event worth telling (words None: not told), in order
        events = [
            e for caused in last.events for e in caused if words.get(e.kind, True) is not None
        ]
        assert len(told) == len(events)
        kept_back = 0
        for item, event in zip(told, events, strict=True):
            kind, who, data = item
            assert kind == event.kind and who in (event.seat, None)
            assert data.items() <= event.data.items()
            said = words.get(event.kind)
            if said is not None and not said.reads(event, seat, last.game.factions()):
                # another seat's private event (not one its words name this seat a reader
                # of, as a hostage taken from its hand): only what its hidden words name
                assert set(data) <= template_fields(said.hidden or "")
                kept_back += set(event.data) != set(data)
            elif said is not None:
                assert set(data) == set(event.data) & (
                    template_fields(said.text) | template_fields(said.other or "")
                )
        assert kept_back, "another seat's private event keeps something back"


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_copy_or_resample_shares_the_worked_out_history(name: str) -> None:
    world = _random_world(name, 3 if name != "thrones" else 2, 80)[-1]
    seat = world.decision().seat  # type: ignore[union-attr]
    text = world.information_text(seat)  # worked out, then shared
    for copy in (world.clone(), world.resampled(seat, 7)):
        assert copy.information_text(seat) == text
        fresh = World(world.table, list(copy.steps))
        assert fresh.information_text(seat) == text
        # and each goes on to add only what happens next, as a fresh world would
        decision = copy.decision()
        assert decision is not None
        copy.apply(0)
        fresh.apply(0)
        for s in range(world.table.players):
            assert copy.information_text(s) == fresh.information_text(s)


def test_an_announcement_the_view_forgets_is_in_the_information_state() -> None:
    # The Iron Throne: a support offer is announced to the table, and the view keeps
    # no trace of it once answered; the information state still holds it
    for world in _random_world("ironthrone", 4, 400, seed=3):
        offers = [e for caused in world.events for e in caused if e.kind == "support_offered"]
        if offers:
            offer = offers[0]
            for seat in range(4):
                assert any(
                    t[0] == "support_offered" and t[1] == offer.seat for t in world.history_of(seat)
                )
            return
    pytest.fail("no support was offered in 400 random decisions")


def test_a_capped_game_ends_with_nobody_rewarded() -> None:
    game = pyspiel.load_game("pnp_thrones", {"max_steps": 5, "seed": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5
    assert state.returns() == [0.0, 0.0]


def test_a_finished_game_rewards_its_winners() -> None:
    game = pyspiel.load_game("pnp_ironthrone", {"seed": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    result = state.world.result()
    assert result is not None and result.winners
    assert sum(returns) == pytest.approx(1.0)
    assert all(returns[w] == pytest.approx(1 / len(result.winners)) for w in result.winners)


def test_houses_and_options_are_parameters() -> None:
    assert parse_houses("stark,,lannister") == "stark,,lannister"
    assert parse_houses("stark+random+lannister") == "stark,random,lannister"
    assert parse_houses("") is None
    wanted = {"titles": True, "deck_format": "constructed"}
    assert parse_options("titles=true, deck_format=constructed") == wanted
    assert parse_options("titles:true+deck_format:constructed") == wanted
    game = pyspiel.load_game(
        "pnp_thrones", {"players": 3, "houses": "stark,,", "options": "titles=true"}
    )
    state = game.new_initial_state()
    assert isinstance(state, PnpState)
    assert state.world.game.factions()[0] == "stark"
    with pytest.raises(Exception, match="not key:value"):
        pyspiel.load_game("pnp_thrones", {"options": "titles"})
    with pytest.raises(Exception, match="nosuch"):
        pyspiel.load_game("pnp_thrones", {"houses": "nosuch,"})


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("thrones", {"houses": "stark,lannister"}),
        ("thrones", {"players": 3, "houses": "Stark", "options": "titles=true,littlefinger=true"}),
        ("fief", {"players": 5, "options": "nights_watch=true", "max_rounds": 6}),
        ("ironthrone", {"houses": "tyrell,,stark", "seed": 9}),
    ],
)
def test_a_game_string_loads_the_same_game_back(name: str, params: dict[str, object]) -> None:
    # OpenSpiel scripts take --game strings, and ',' and '=' are the string's own
    # separators: a game with two Houses or an option must still load from str(game)
    game = pyspiel.load_game(f"pnp_{name}", params)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.table == game.table
    a, b = game.new_initial_state(), again.new_initial_state()
    assert a.observation_string(0) == b.observation_string(0)


def test_a_game_string_may_name_houses_and_options_itself() -> None:
    game = pyspiel.load_game("pnp_fief(players=5,options=winter:true+nights_watch:true)")
    assert dict(game.table.options) == {"winter": True, "nights_watch": True}
    game = pyspiel.load_game("pnp_thrones(houses=random+Lannister)")
    assert game.table.houses == (None, "lannister")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"seed": -5}, "seed must be a whole number of at least 0, not -5"),
        ({"max_steps": -1}, "max_steps must be 0"),
        ({"max_rounds": -2}, "max_rounds must be 0"),
        ({"options": "x=true"}, "no options"),
        ({"houses": "nohouse"}, "unknown House 'nohouse'"),
        ({"houses": "stark,stark"}, "stark"),
    ],
)
def test_bad_parameters_are_usage_errors(params: dict[str, object], message: str) -> None:
    from pnp.errors import UsageError

    with pytest.raises(UsageError, match=message):
        pyspiel.load_game("pnp_ironthrone", params)


def test_only_a_seats_own_view_is_observable() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("pnp_thrones")
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    for kind in (public_only, everyone):
        with pytest.raises(ValueError, match="only a seat's own view"):
            make_observation(game, kind)
    own = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    observation = make_observation(game, own)
    state = game.new_initial_state()
    observation.set_from(state, 0)
    assert list(observation.tensor) == state.observation_tensor(0)


def test_the_observation_is_sized_by_the_games_own_content(tmp_path: Path) -> None:
    from pnp.adapters.openspiel import PnpGame
    from pnp.adapters.world import Table, encoder
    from pnp.rulesets import find_ruleset

    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT / "thrones", root / "thrones")
    cards = root / "thrones" / "cards" / "neutral.yaml"
    text = cards.read_text()
    first = text.index("\n  - id: ") + 1
    end = text.index("\n  - id: ", first + 1) + 1
    copy = text[first:end].replace("id: ", "id: extra-", 1)
    cards.write_text(text + ("" if text.endswith("\n") else "\n") + copy)
    content = find_ruleset("thrones").load(root)
    game = PnpGame(table=Table("thrones", 2, content=content))
    shipped = encoder("thrones", 2).size
    assert game.observation_tensor_size() > shipped  # a card more, a column more
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def _refused_draws(state: PnpState, seat: int) -> list[float]:
    """The sampler's draws made by a resample for ``seat`` that is refused."""
    draws: list[float] = []

    def sampler() -> float:
        draws.append(0.5)
        return 0.5

    with pytest.raises(SpielUsageError) as refused:
        state.resample_from_infostate(seat, sampler)
    # one error for both worlds: pnp's and OpenSpiel's own (what its accessors raise)
    assert isinstance(refused.value, pyspiel.SpielError)
    return draws


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_a_resample_for_a_seat_not_to_play_is_refused(name: str) -> None:
    """Its options come from the deciding seat's own cards, which a resample for
    another seat would redraw: the sample could not apply them."""
    state = _played(name, 30)
    other = (state.current_player() + 1) % state.num_players()
    with pytest.raises(UsageError, match="resample only for the seat to play"):
        state.resample_from_infostate(other, lambda: 0.5)
    assert _refused_draws(state, other) == []
    sample = state.resample_from_infostate(state.current_player(), lambda: 0.5)
    sample.apply_action(sample.legal_actions()[0])


def test_the_recipe_that_crashed_a_resample_for_the_other_seat_is_refused() -> None:
    """thrones, seat 1 deciding whether to play an event from its hand: a resample for
    seat 0 redrew that hand and playing the event crashed; now it is refused."""
    game = pyspiel.load_game("pnp_thrones", {"players": 2, "seed": 1})
    state = game.new_initial_state()
    rng = random.Random(5)
    while not (state.current_player() == 1 and state.world.decision().kind == "action"):
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(SpielUsageError, match="seat 1 decides now"):
        state.resample_from_infostate(0, lambda: 0.25)
    sample = state.resample_from_infostate(1, lambda: 0.25)
    sample.apply_action(0)


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
@pytest.mark.parametrize("seat", [7, -1])
def test_a_resample_for_a_seat_that_does_not_exist_is_refused(name: str, seat: int) -> None:
    state = _played(name, 10)
    with pytest.raises(SpielUsageError, match=f"cannot resample for seat {seat}"):
        state.resample_from_infostate(seat, lambda: 0.5)


def test_a_negative_seed_is_refused_and_a_game_string_loads_back_its_seed() -> None:
    with pytest.raises(UsageError, match="seed must be a whole number of at least 0"):
        pyspiel.load_game("pnp_thrones", {"seed": -5})
    game = pyspiel.load_game("pnp_thrones", {"seed": 5})
    assert pyspiel.load_game(str(game)).table.seed == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "a recipe is JSON text"),
        ('{"a":1}', "a recipe is a JSON list of steps, not dict"),
        ('["x"]', 'recipe step 0: a step is an option index or .* not "x"'),
        ("[0.5]", "recipe step 0: .* not 0.5"),
        ("[1, true]", "recipe step 1: .* not true"),
        ("[-1]", "recipe step 0: an option index is 0 or more, not -1"),
        ('[{"seat":0}]', 'recipe step 0: .* not {"seat": 0}'),
        ('[{"seat":true,"seed":1}]', "recipe step 0: a resample's seat and seed are whole"),
        # a negative seed drew the same sample as its positive
        ('[{"seat":0,"seed":-1}]', "recipe step 0: .*the seed 0 or more"),
        ('[{"seat":9,"seed":1}]', "recipe step 0 .*cannot resample for seat 9"),
        ('[{"seat":1,"seed":1}]', "recipe step 0 .*resample only for the seat to play"),
        ("[0, 99]", "recipe step 1 \\(99\\): option 99 does not exist"),
    ],
)
def test_a_bad_recipe_is_refused_with_what_is_wrong(text: str, message: str) -> None:
    game = pyspiel.load_game("pnp_thrones", {"players": 2, "seed": 1})
    with pytest.raises(SpielUsageError, match=message):
        game.deserialize_state(text)


@pytest.mark.parametrize("drawn", [1.5, -0.5, float("nan")])
def test_a_sampler_outside_zero_to_one_is_refused(drawn: float) -> None:
    """1.5 and -0.5 were taken silently, NaN gave a raw ValueError."""
    import pyspiel

    game = pyspiel.load_game("pnp_thrones", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="the probability sampler gave"):
        state.resample_from_infostate(state.current_player(), lambda: drawn)
