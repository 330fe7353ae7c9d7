"""The playtest plan: reading ``--houses`` and ``--option``, and each game's seed."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.engine.rng import derive_seed
from pnp.errors import UsageError
from pnp.playtest.command import PlaytestRequest, build_plan
from pnp.playtest.plan import (
    PlaytestPlan,
    game_seed,
    option_text,
    parse_houses,
    parse_options,
)
from tests.fixtures.toy import TOY


def test_options_read_as_yaml_scalars() -> None:
    assert parse_options(["winter=true", "rounds=3", " name = x"]) == {
        "winter": True,
        "rounds": 3,
        "name": "x",
    }


@pytest.mark.parametrize(
    "items",
    [["winter=true", "winter=false"], ["winter=true", "winter=true"], ["winter=1", " winter =2"]],
)
def test_an_option_given_twice_is_a_usage_error_naming_it(items: list[str]) -> None:
    with pytest.raises(UsageError, match="--option 'winter' is given twice") as info:
        parse_options(items)
    assert info.value.exit_code == 2


def test_an_empty_value_is_empty_text_and_unreadable_yaml_is_kept_as_typed() -> None:
    # "name=" is not "no value" (None): the key was given, with nothing after it
    assert parse_options(["name=", "blank=  "]) == {"name": "", "blank": ""}
    assert parse_options(["deck=[unclosed", "list=[1, 2]"]) == {"deck": "[unclosed", "list": [1, 2]}


def test_an_option_with_spaces_and_no_value_gets_no_switch_hint() -> None:
    # "two words" is no option's name: suggesting "two words=true" would mislead
    with pytest.raises(UsageError) as info:
        parse_options(["two words"])
    assert str(info.value) == "--option 'two words': expected KEY=VALUE"


def test_option_text_writes_only_switches_in_lower_case() -> None:
    assert option_text("winter", True) == "winter=true"
    assert option_text("deck_format", "Two_Player") == "deck_format=Two_Player"
    assert option_text("rounds", 3) == "rounds=3"


def test_a_record_is_written_in_place_unless_the_run_stages_it(tmp_path: Path) -> None:
    plan = PlaytestPlan(TOY, games=1, seed=0, players=2, agents=("random", "random"))
    record = tmp_path / "games" / "game-000001.json"
    assert plan.write_path(record) == record
    staged = replace(plan, staging_dir=tmp_path / ".staging")
    assert staged.write_path(record) == tmp_path / ".staging" / "game-000001.json"


def test_houses_leave_random_seats_to_the_seed() -> None:
    assert parse_houses("stark, random,-") == ("stark", None, None)
    assert parse_houses(None) is None


def test_houses_ignore_case_like_ruleset_names() -> None:
    # House ids are lower-case slugs, so any spelling names the same House
    assert parse_houses("Stark, LANNISTER,Random") == ("stark", "lannister", None)


def test_an_option_without_a_value_suggests_switching_it_on() -> None:
    with pytest.raises(UsageError) as info:
        parse_options(["draft"])
    assert str(info.value) == "--option 'draft': expected KEY=VALUE (to switch it on: draft=true)"
    with pytest.raises(UsageError) as info:
        parse_options(["=true"])
    assert str(info.value) == "--option '=true': expected KEY=VALUE"


@given(
    seed=st.integers(min_value=0, max_value=2**63), index=st.integers(min_value=0, max_value=10**6)
)
def test_no_two_runs_share_a_game_seed(seed: int, index: int) -> None:
    """Games of nearby run seeds and indexes never share a seed: game ``i`` of seed ``s``
    is not game ``i - 1`` of seed ``s + 1`` (a seed built as ``s + i`` would be), so runs
    with consecutive seeds play different games, not the same games shifted by one."""
    grid = [(s, i) for s in range(seed, seed + 5) for i in range(index, index + 5)]
    seeds = {game_seed(s, i) for s, i in grid}
    assert len(seeds) == len(grid)
    plan = PlaytestPlan(TOY, games=5, seed=seed, players=2, agents=("random", "random"))
    assert [plan.seed_of(i) for i in range(index, index + 5)] == [
        game_seed(seed, i) for i in range(index, index + 5)
    ]


def test_game_seeds_follow_the_recorded_scheme() -> None:
    # every recorded playtest (and /work/base's digests) depends on this path of
    # names: the seed, "playtest", the game's index
    assert [game_seed(11, i) for i in range(3)] == [
        derive_seed(11, "playtest", i) for i in range(3)
    ]
    assert game_seed(11, 0) == 920550664334092247  # pinned: a change reseeds every game


@pytest.mark.parametrize("ruleset", ["thrones", "ironthrone", "fief"])
def test_a_plan_and_its_content_travel_to_other_processes(ruleset: str) -> None:
    # a cluster's workers (and spawned pool workers) receive them pickled; compiled with
    # mypyc, a frozen dataclass among them (the limits) must still unpickle
    request = PlaytestRequest(ruleset=ruleset, games=4, players=4, invariants=False)
    plan, content = build_plan(request)
    games = [plan.play(content, i) for i in range(4)]  # what a ruleset caches on the content
    copy, copied = pickle.loads(pickle.dumps((plan, content)))
    assert copy.ruleset.name == plan.ruleset.name and copy.limits == plan.limits
    assert replace(copy, ruleset=plan.ruleset) == plan
    assert copied.content_hash == content.content_hash
    assert [copy.play(copied, i) for i in range(4)] == games
