"""The Iron Throne referee speed: games/s with random agents on one core.

Prints games/s and decisions/s of:

- a bare loop (``decision()``/``apply()`` with a random index, no runner):
  the referee alone;
- ``run_game`` with random agents and invariants off, as a playtest worker
  runs it — the figure the issue asks for (target >= 1,000 games/s with 4
  players);
- the same with invariants checked after every step;
- the heuristic bot, for scale;
- the engine's floor: ``play`` with random agents over games that replay
  recorded decisions and events and do no rule work, plus the setup of a
  game. What is left of a second after it is all the rules may cost.

Each figure is given per second of wall time and per second of this
process's CPU time: on a shared machine other work stretches the wall clock,
so the CPU figure is the steadier one. Each measure runs ``--repeat`` times
and the best run counts.

Usage: ``python bench/ironthrone.py [--games N] [--players P] [--repeat R]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine import GameConfig, stream
from pnp.engine.game import Decision, Event, Game, Result
from pnp.engine.runner import Limits, agents_chooser, play, run_game
from pnp.rulesets.ironthrone import RULESET


def bare(content, games: int, players: int) -> int:
    """The referee alone: random indices straight into ``apply``; returns decisions."""
    steps = 0
    config = GameConfig(players)
    for seed in range(games):
        game = RULESET.new_game(content, config, seed)
        rng = stream(seed, "agent", 0)
        decide, apply = game.decision, game.apply
        while (decision := decide()) is not None:
            apply(int(rng.random() * len(decision.options)))
            steps += 1
    return steps


def runner(content, games: int, players: int, agent: str, invariants: bool) -> int:
    """``run_game`` as a playtest worker runs it; returns decisions."""
    limits = Limits.for_ruleset(RULESET, invariants=invariants)
    names = [agent] * players
    config = GameConfig(players)
    steps = 0
    for seed in range(games):
        choose = agents_chooser(RULESET, names, seed)
        result = run_game(RULESET, content, config, seed, choose, limits)
        if result.status != "finished":
            raise SystemExit(f"game {seed} ended with {result.status}")
        steps += result.steps
    return steps


class Replayed(Game):
    """A game that hands out recorded decisions and events and does no rule work."""

    round = 1

    def __init__(self, players: int, decisions: list[Decision], events: list[list[Event]]) -> None:
        self.players = players
        self.decisions, self.events, self.i = decisions, events, 0

    def decision(self) -> Decision | None:
        return self.decisions[self.i] if self.i < len(self.decisions) else None

    def apply(self, index: int) -> list[Event]:
        self.i += 1
        return self.events[self.i - 1]

    def view(self, seat: int) -> None:
        return None

    def result(self) -> Result:
        return Result((0,), "replayed", 1)

    def snapshot(self) -> dict:
        return {}

    def factions(self) -> tuple[str, ...]:
        return ("",) * self.players


def record(content, games: int, players: int) -> list[tuple[list[Decision], list[list[Event]]]]:
    """The decisions and events of ``games`` random games, for :func:`floor`."""
    out = []
    for seed in range(games):
        game = RULESET.new_game(content, GameConfig(players), seed)
        rng = stream(seed, "agent", 0)
        decisions, events = [], []
        while (decision := game.decision()) is not None:
            decisions.append(decision)
            events.append(game.apply(int(rng.random() * len(decision.options))))
        out.append((decisions, events))
    return out


def floor(content, recorded, players: int) -> int:
    """The engine without rules: a setup, then ``play`` over a replayed game."""
    limits = Limits.for_ruleset(RULESET, invariants=False)
    names = ["random"] * players
    config = GameConfig(players)
    steps = 0
    for seed, (decisions, events) in enumerate(recorded):
        RULESET.new_game(content, config, seed)
        game = Replayed(players, decisions, events)
        steps += play(game, agents_chooser(RULESET, names, seed), limits).steps
    return steps


def busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent busy since boot (Linux), else ``None``."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    ticks = [int(f) for f in fields]
    idle = ticks[3] + ticks[4]  # idle and waiting for I/O
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def timed(fn, *args) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    steps = fn(*args)
    return time.perf_counter() - wall, time.process_time() - cpu, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    content = RULESET.load()
    bare(content, 120, args.players)  # warm the per-seating caches
    n, p = args.games, args.players
    recorded = record(content, n // 4, p)
    measures = [
        ("bare referee loop", n, bare, (content, n, p)),
        ("run_game, random", n, runner, (content, n, p, "random", False)),
        ("run_game, random, invariants", n // 4, runner, (content, n // 4, p, "random", True)),
        ("run_game, heuristic", n // 10, runner, (content, n // 10, p, "heuristic", False)),
        ("engine floor (setup + play, no rules)", n // 4, floor, (content, recorded, p)),
    ]
    load = os.getloadavg()[0]
    print(f"ironthrone, {p} players, one core, best of {args.repeat}; load average {load:.2f}")
    print(f"  {'':38} {'games/s':>8} {'(cpu)':>8} {'decisions/s':>12} {'(cpu)':>8}  decisions/game")
    cpu_per_game: dict[str, float] = {}
    decisions: dict[str, float] = {}
    # other work on the machine slows this one (shared caches): say so when there was some
    busy0, wall0, cpu0 = busy_seconds(), time.perf_counter(), time.process_time()
    for label, games, fn, fn_args in measures:
        wall, cpu, steps = min(
            (timed(fn, *fn_args) for _ in range(args.repeat)), key=lambda r: r[1]
        )
        print(
            f"  {label:38} {games / wall:8.0f} {games / cpu:8.0f} {steps / wall:12.0f} "
            f"{steps / cpu:8.0f}  {steps / games:.0f}"
        )
        cpu_per_game[label] = cpu / games
        decisions[label] = steps / games
    busy1 = busy_seconds()
    if busy0 is not None and busy1 is not None:
        others = (busy1 - busy0) - (time.process_time() - cpu0)
        share = others / (time.perf_counter() - wall0)
        if share > 0.1:
            print(
                f"  note: other processes kept {share:.0%} of a core busy during the runs; "
                "the figures are low"
            )
    # what 1,000 games/s leaves for the rules once the engine has had its share
    engine = cpu_per_game["engine floor (setup + play, no rules)"]
    left = 1e-3 - engine
    per_decision = left / decisions["run_game, random"] * 1e6
    rules_now = cpu_per_game["run_game, random"] - engine
    print(
        f"  at 1,000 games/s the rules may cost {left * 1e3:.2f} ms a game "
        f"({per_decision:.1f} us a decision); they cost {rules_now * 1e3:.2f} ms now"
    )


if __name__ == "__main__":
    main()
