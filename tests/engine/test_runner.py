"""The core loop, records and replay on the haggle fixture."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import Decision, GameConfig, Option, stream
from pnp.engine.agents import RandomAgent, agent_names, make_agent, parse_agents
from pnp.engine.errors import RecordError, SetupError
from pnp.engine.game import Event, Result
from pnp.engine.native import NativeGame
from pnp.engine.record import Record, read_records
from pnp.engine.replay import replay
from pnp.engine.runner import (
    CAPPED,
    CRASHED,
    FINISHED,
    INCOMPLETE,
    VIOLATED,
    Limits,
    RandomSeats,
    agents_chooser,
    run_game,
    scripted_chooser,
)
from pnp.engine.runner import play as play_game
from pnp.errors import UsageError
from tests.fixtures.haggle import HAGGLE

LIMITS = Limits(max_steps=5_000, max_rounds=40)


def play(content, seed=3, players=3, options=None, agents=("random",), limits=LIMITS, **kw):
    names = list(agents) * players if len(agents) == 1 else list(agents)
    config = GameConfig(players, None, options or {})
    run = run_game(
        HAGGLE,
        content,
        config,
        seed,
        agents_chooser(HAGGLE, names, seed),
        limits,
        hash_state=True,
        **kw,
    )
    record = Record.from_run(
        "haggle", config, names, limits, run, content_hash=content.content_hash
    )
    return run, record


def test_a_game_runs_to_a_normal_end(haggle_content) -> None:
    run, _ = play(haggle_content)
    assert run.status == FINISHED
    assert run.result is not None and run.result.ending in ("target", "round_limit")
    assert run.result.winners and run.steps > 0 and run.state_hash
    assert len(run.factions) == 3 and run.first_player in (0, 1, 2)


def test_same_seed_same_record_and_different_seeds_differ(haggle_content) -> None:
    _, a = play(haggle_content, seed=11, agents=("heuristic", "random", "random"))
    _, b = play(haggle_content, seed=11, agents=("heuristic", "random", "random"))
    assert a.to_json() == b.to_json()
    others = {json.dumps(play(haggle_content, seed=s)[1].choices) for s in range(12, 20)}
    assert len(others) == 8


@pytest.mark.parametrize("seed", range(6))
def test_records_replay_to_the_same_hash(haggle_content, seed: int) -> None:
    run, record = play(haggle_content, seed=seed, players=2 + seed % 3, agents=("heuristic",))
    outcome = replay(record, HAGGLE, haggle_content)
    assert outcome.ok, outcome.differences
    assert outcome.run.state_hash == run.state_hash


def test_a_tampered_record_does_not_replay(haggle_content) -> None:
    _, record = play(haggle_content, seed=4)
    record.final_state_hash = "0" * 64
    outcome = replay(record, HAGGLE, haggle_content)
    assert not outcome.ok
    assert outcome.differences == [
        f"final state hash: recorded {'0' * 64}, replayed {outcome.run.state_hash}"
    ]
    _, record = play(haggle_content, seed=4)
    record.seed += 1  # another shuffle: the recorded choices lead elsewhere
    assert not replay(record, HAGGLE, haggle_content).ok


def test_planted_crash_is_caught_and_reproduced(haggle_content) -> None:
    runs = [play(haggle_content, seed=s, options={"crash_on": "silver-cup"}) for s in range(10)]
    crashed = [(run, record) for run, record in runs if run.status == CRASHED]
    assert crashed, "some game should play a silver cup"
    run, record = crashed[0]
    assert run.failure is not None and run.failure.phase == "apply"
    assert run.failure.type == "RuntimeError" and "planted crash" in run.failure.message
    assert run.failure.step == len(run.choices) and "game.py" in run.failure.traceback
    # decisions numbered from 1, as the game logs number them
    assert run.failure.line().endswith(f"(applying decision {len(run.choices)})")
    outcome = replay(record, HAGGLE, haggle_content)
    assert outcome.ok, outcome.differences
    assert outcome.run.failure is not None and outcome.run.failure.message == run.failure.message


def test_planted_violation_stops_the_game_and_is_reproduced(haggle_content) -> None:
    runs = [play(haggle_content, seed=s, options={"leak_on": "copper-ring"}) for s in range(10)]
    violated = [(run, record) for run, record in runs if run.status == VIOLATED]
    assert violated
    run, record = violated[0]
    assert run.result is None
    assert any("gold" in v for v in run.violations)
    assert replay(record, HAGGLE, haggle_content).ok
    # with invariants off the same bug goes unnoticed
    quiet, _ = play(
        haggle_content,
        seed=record.seed,
        options={"leak_on": "copper-ring"},
        limits=Limits(invariants=False),
    )
    assert quiet.status == FINISHED


def test_caps_end_runaway_games(haggle_content) -> None:
    run, record = play(haggle_content, options={"endless": True}, limits=Limits(max_rounds=5))
    assert run.status == CAPPED and run.result is not None
    assert run.result.ending == "round_cap" and run.result.winners == ()
    assert run.rounds == 6
    assert replay(record, HAGGLE, haggle_content).ok
    run, _ = play(haggle_content, options={"endless": True}, limits=Limits(max_steps=50))
    assert run.status == CAPPED and run.result.ending == "step_cap" and run.steps == 50


class Broken:
    """A bot that crashes, or answers with an index that is out of range."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def choose(self, view, decision, rng) -> int:
        if self.mode == "crash" and rng.random() < 0.2:
            raise ValueError("the bot tripped")
        return len(decision.options) if self.mode == "range" else 0


def test_agent_crashes_and_bad_indices_are_crashes(haggle_content, monkeypatch) -> None:
    monkeypatch.setitem(HAGGLE.agents, "crashy", lambda: Broken("crash"))
    monkeypatch.setitem(HAGGLE.agents, "range", lambda: Broken("range"))
    run, record = play(haggle_content, agents=("crashy",))
    assert run.status == CRASHED and run.failure.phase == "agent"
    assert run.failure.message == "the bot tripped"
    outcome = replay(record, HAGGLE, haggle_content)
    assert outcome.ok and outcome.reran_agents
    assert run.failure.line().endswith(f"(choosing decision {len(run.choices) + 1})")
    run, _ = play(haggle_content, agents=("range",))
    assert run.status == CRASHED and run.failure.type == "InvalidChoice"
    # the bot answers one past the last option: the message gives the range it missed
    assert re.fullmatch(
        r"seat \d chose option (\d+); the [a-z ]+ decision has \1 options, 0 to \d+",
        run.failure.message,
    ), run.failure.message


def test_setup_errors_are_user_errors(haggle_content) -> None:
    with pytest.raises(SetupError, match="unknown option 'colour'"):
        play(haggle_content, options={"colour": "red"})
    config = GameConfig(2, ("stark", "baratheon"))
    with pytest.raises(SetupError, match="unknown house 'baratheon'"):
        run_game(HAGGLE, haggle_content, config, 1, scripted_chooser([]))


def test_scripted_replay_that_runs_out_is_incomplete(haggle_content) -> None:
    config = GameConfig(2)
    run = run_game(HAGGLE, haggle_content, config, 1, scripted_chooser([0, 0]))
    assert run.status == INCOMPLETE and run.steps == 2


def test_observer_sees_setup_and_step_events(haggle_content) -> None:
    seen = []
    run, _ = play(haggle_content, seed=8, observer=seen.extend)
    drawn = [e for e in seen if e.kind == "card_drawn"]
    assert len(drawn) >= 3 * 3  # the opening deal is counted
    assert seen[-1].kind == "game_won" and run.status == FINISHED


def test_all_random_seats_choose_as_random_agents_do(haggle_content, monkeypatch) -> None:
    """agents_chooser's shortcut for seats that are all ``random`` makes the choices
    RandomAgent.choose would make (another agent class takes the general path)."""

    class Plain:
        needs_view = False

        def choose(self, view, decision, rng) -> int:
            return RandomAgent().choose(view, decision, rng)

    monkeypatch.setitem(HAGGLE.agents, "plain", Plain)
    for seed in range(5):
        fast, _ = play(haggle_content, seed=seed, agents=("random",))
        general, _ = play(haggle_content, seed=seed, agents=("plain",))
        assert fast.steps > 10
        assert fast.choices == general.choices and fast.state_hash == general.state_hash


def test_each_seat_has_its_own_rng_stream(haggle_content, monkeypatch) -> None:
    """Seat 0's random draws do not depend on how much seat 1 draws."""
    draws: list[float] = []

    class Spy:
        def choose(self, view, decision, rng) -> int:
            draws.append(rng.random())
            return len(decision.options) - 1  # always pass: the game runs to the round limit

    class Greedy:
        def choose(self, view, decision, rng) -> int:
            for _ in range(5):
                rng.random()
            return len(decision.options) - 1

    monkeypatch.setitem(HAGGLE.agents, "spy", Spy)
    monkeypatch.setitem(HAGGLE.agents, "greedy", Greedy)
    play(haggle_content, seed=9, players=2, agents=("spy", "random"))
    first = list(draws)
    draws.clear()
    play(haggle_content, seed=9, players=2, agents=("spy", "greedy"))
    n = min(len(first), len(draws))
    assert n > 5 and draws[:n] == first[:n]


def test_records_round_trip_through_files(haggle_content, tmp_path: Path) -> None:
    _, record = play(haggle_content, seed=2)
    path = tmp_path / "game.json"
    record.write(path)
    (again,) = read_records(path)
    assert again == record
    lines = tmp_path / "games.jsonl"
    lines.write_text("\n".join(json.dumps(r.to_json()) for r in (record, record)) + "\n")
    assert len(read_records(lines)) == 2
    data = record.to_json()
    for key in (
        "ruleset",
        "engine_version",
        "content_hash",
        "seed",
        "players",
        "agents",
        "options",
    ):
        assert key in data
    for key in ("choices", "final_state_hash", "result"):
        assert key in data


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "game.json:1:2: not valid JSON"),
        ("[]", "game.json: a record must be a JSON object"),
        ('{"format": "x"}', "format: expected 'pnp-record/1'"),
        ('{"format": "pnp-record/1", "ruleset": "haggle"}', "seed: expected an integer"),
    ],
)
def test_bad_record_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message.replace("[", r"\[")):
        read_records(path)


def test_agent_lookup_and_parsing() -> None:
    assert agent_names(HAGGLE) == ["random", "ismcts", "heuristic"]
    assert isinstance(make_agent(HAGGLE, "random"), RandomAgent)
    assert parse_agents("heuristic", 3, HAGGLE) == ("heuristic",) * 3
    assert parse_agents("heuristic, random", 2, HAGGLE) == ("heuristic", "random")
    # no --agents: the ruleset's own bot, else the built-in random agent
    assert parse_agents(None, 2, HAGGLE) == ("heuristic", "heuristic")
    assert parse_agents("", 2, dataclasses.replace(HAGGLE, agents={})) == ("random", "random")
    with pytest.raises(UsageError, match="did you mean 'heuristic'"):
        parse_agents("heurstic", 2, HAGGLE)
    with pytest.raises(UsageError, match=r"unknown agent 'Greedy' for haggle \(agents: random"):
        parse_agents("Greedy", 2, HAGGLE)


def test_agent_names_ignore_case_and_keep_the_tables_spelling() -> None:
    assert parse_agents("Random,HEURISTIC", 2, HAGGLE) == ("random", "heuristic")
    assert parse_agents("Heuristic", 2, HAGGLE) == ("heuristic", "heuristic")
    assert isinstance(make_agent(HAGGLE, "RANDOM"), RandomAgent)
    with pytest.raises(UsageError, match="did you mean 'heuristic'"):
        parse_agents("HEURSTIC", 2, HAGGLE)
    with pytest.raises(UsageError, match="names 3 agents for 2 players"):
        parse_agents("random,random,random", 2, HAGGLE)


def test_random_seats_called_directly_choose_as_random_agents_do() -> None:
    """RandomSeats, called as any chooser is (outside play's shortcut), draws as
    RandomAgent.choose does from the same seat's stream."""
    options = tuple(Option(f"o{i}") for i in range(7))
    ours = RandomSeats([stream(3, "agent", 0), stream(3, "agent", 1)])
    theirs = [stream(3, "agent", 0), stream(3, "agent", 1)]
    agent = RandomAgent()
    for step in range(200):
        seat = step % 3 % 2
        decision = Decision(seat, "pick", options[: 1 + step % 7])
        assert ours(None, decision) == agent.choose(None, decision, theirs[seat])  # type: ignore[arg-type]


class _Countdown(NativeGame):
    """An uncompiled NativeGame: ten coin flips, two a round, seat 0 wins on heads."""

    players = 2

    def __init__(self) -> None:
        self.flips: list[int] = []

    def decision(self) -> Decision | None:
        if len(self.flips) >= 10:
            return None
        return Decision(len(self.flips) % 2, "flip", (Option("heads"), Option("tails")))

    def apply(self, index: int) -> list[Event]:
        self.flips.append(index)
        return [Event("flipped", len(self.flips) % 2, {"face": index})]

    @property
    def round(self) -> int:
        return 1 + len(self.flips) // 2

    def view(self, seat: int) -> Any:
        return tuple(self.flips)

    def result(self) -> Result | None:
        return None if len(self.flips) < 10 else Result((0,), "flips", self.round)

    def snapshot(self) -> dict[str, Any]:
        return {"flips": list(self.flips)}

    def factions(self) -> tuple[str, ...]:
        return ("a", "b")


def test_an_uncompiled_native_game_plays_through_the_direct_path() -> None:
    # mypyc lets interpreted classes subclass NativeGame; play() calls them all the same
    seats = RandomSeats([stream(5, "agent", s) for s in range(2)])
    seen: list[Event] = []
    run = play_game(_Countdown(), seats, Limits(invariants=False), observer=seen.extend)
    assert run.status == FINISHED and len(run.choices) == 10 and run.rounds == 6
    assert [e.data["face"] for e in seen] == run.choices
    capped = play_game(
        _Countdown(),
        RandomSeats([stream(5, "agent", s) for s in range(2)]),
        Limits(max_rounds=3, invariants=False),
    )
    assert capped.status == CAPPED and capped.result is not None
    assert capped.result.ending == "round_cap" and len(capped.choices) == 6
    assert capped.choices == run.choices[:6]
