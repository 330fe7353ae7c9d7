"""The ismcts agent (:mod:`pnp.adapters.search`) and its place in playtest and compare."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.adapters.openspiel import PnpGame
from pnp.adapters.search import BotRollout, SearchChooser
from pnp.adapters.world import World, make_table
from pnp.cli import app
from pnp.engine.agents import SEARCH_AGENT, make_agent
from pnp.engine.game import Decision, GameConfig, Option
from pnp.engine.record import read_records
from pnp.engine.runner import FINISHED, Limits, run_game
from pnp.errors import UsageError
from pnp.rulesets import find_ruleset

ROOT = Path(__file__).resolve().parents[2]


def _play(seed: int, budget: int = 2) -> tuple[list[int], tuple[int, ...]]:
    ruleset = find_ruleset("thrones")
    content = ruleset.load()
    config = GameConfig(2)
    chooser = SearchChooser(ruleset, content, config, seed, ["ismcts", "heuristic"], budget)
    run = run_game(ruleset, content, config, seed, chooser, Limits.for_ruleset(ruleset))
    assert run.status == FINISHED, run.failure
    assert run.result is not None
    return run.choices, run.result.winners


def test_a_game_with_a_search_seat_is_reproduced_by_its_seed() -> None:
    first = _play(5)
    assert _play(5) == first
    assert _play(6) != first


def test_the_search_decides_from_what_its_seat_knows_only() -> None:
    """Two games its seat cannot tell apart (hidden cards elsewhere) get the same choice."""
    table = make_table("thrones", 2, seed=3)
    world = World(table)
    rng = random.Random(3)
    while True:
        decision = world.decision()
        assert decision is not None
        if decision.seat == 0 and len(decision.options) > 2 and len(world.steps) > 20:
            break
        world.apply(rng.randrange(len(decision.options)))
    ruleset = find_ruleset("thrones")
    picks = set()
    for truth in (world, world.resampled(0, 11), world.resampled(0, 12)):
        chooser = SearchChooser(ruleset, ruleset.load(), GameConfig(2), 3, ["ismcts", "random"], 6)
        chooser.table = truth.table
        # the recipe the search replays is the truth's: its own and the others' choices
        chooser.history = [s for s in truth.steps if isinstance(s, int)]
        state = chooser.game.new_initial_state()
        state.replay(list(truth.steps))
        picks.add(chooser.decide(0, state, len(chooser.history)))
    assert len(picks) == 1


def test_a_rollout_plays_to_the_end_and_shares_the_win() -> None:
    ruleset = find_ruleset("thrones")
    game = PnpGame(table=make_table("thrones", 2, seed=8))
    state = game.new_initial_state()
    values = BotRollout(ruleset, random.Random(1)).evaluate(state)
    assert sorted(values.tolist()) in ([0.0, 1.0], [0.5, 0.5])
    assert state.world.game.decision() is None


def test_the_search_agent_does_not_play_from_a_view_alone() -> None:
    agent = make_agent(find_ruleset("thrones"), SEARCH_AGENT)
    with pytest.raises(UsageError, match="whole history"):
        agent.choose(None, Decision(0, "plot", (Option("a plot", None),)), random.Random(0))


def test_playtest_and_compare_take_search_seats_and_a_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a run keeps its records under output/
    content = ["--content", str(ROOT / "content")]
    args = ["--games", "1", "--workers", "1", "--seed", "4", "--json"]
    search = ["--agents", "ismcts,heuristic", "--budget", "2"]
    first = CliRunner().invoke(app, ["playtest", "thrones", *args, *search, *content])
    assert first.exit_code == 3, first.output  # played; one game decides nothing
    data = json.loads(first.stdout)
    assert data["games"] == 1
    assert data["agents"] == ["ismcts", "heuristic"]
    again = CliRunner().invoke(app, ["playtest", "thrones", *args, *search, *content])
    assert json.loads(again.stdout) == data
    base = ["--base", str(ROOT / "content")]
    once = ["--games", "1", "--workers", "1"]
    compare = CliRunner().invoke(app, ["compare", "thrones", *base, *once, *search, *content])
    assert compare.exit_code == 0, compare.output


def test_a_sweep_takes_search_seats_and_its_cells_are_the_playtests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--players", "2", "--games", "2", "--workers", "1", "--seed", "4", "--json"]
    search = ["--agents", "ismcts,heuristic", "--budget", "2"]
    sweep = CliRunner().invoke(app, ["sweep", "thrones", *args, *search])
    assert sweep.exit_code == 3, sweep.output
    cell = json.loads(sweep.stdout)["cells"][0]["playtest"]
    records = ["--records", str(tmp_path / "games")]
    single = CliRunner().invoke(app, ["playtest", "thrones", *args, *search, *records])
    assert json.loads(single.stdout) == cell
    assert cell["agents"] == ["ismcts", "heuristic"]
    # the budget is kept in each record: how the search seats played
    kept = read_records(tmp_path / "games" / "game-000001.json")[0]
    assert kept.origin["search_budget"] == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--budget", "3"], "--budget is for ismcts seats"),
        (["--agents", "ismcts", "--budget", "1"], "at least 2 simulations"),
    ],
)
@pytest.mark.parametrize("command", ["playtest", "sweep"])
def test_bad_search_options_are_refused(command: str, extra: list[str], message: str) -> None:
    result = CliRunner().invoke(app, [command, "thrones", "--games", "1", *extra])
    assert result.exit_code == 2
    assert message in result.output
