"""The Iron Throne referee speed: games/s with random agents on one core.

Prints games/s and decisions/s of:

- a bare loop (``decision()``/``apply()`` with a random index, no runner):
  the referee alone;
- ``run_game`` with random agents and invariants off, as a playtest worker
  runs it — the figure the issue asks for (target >= 1,000 games/s with 4
  players);
- the same with invariants checked after every step;
- the heuristic bot, for scale.

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
from pnp.engine.runner import Limits, agents_chooser, run_game
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
    measures = [
        ("bare referee loop", n, bare, (content, n, p)),
        ("run_game, random", n, runner, (content, n, p, "random", False)),
        ("run_game, random, invariants", n // 4, runner, (content, n // 4, p, "random", True)),
        ("run_game, heuristic", n // 10, runner, (content, n // 10, p, "heuristic", False)),
    ]
    load = os.getloadavg()[0]
    print(f"ironthrone, {p} players, one core, best of {args.repeat}; load average {load:.2f}")
    print(f"  {'':30} {'games/s':>8} {'(cpu)':>8} {'decisions/s':>12} {'(cpu)':>8}  decisions/game")
    for label, games, fn, fn_args in measures:
        wall, cpu, steps = min(
            (timed(fn, *fn_args) for _ in range(args.repeat)), key=lambda r: r[1]
        )
        print(
            f"  {label:30} {games / wall:8.0f} {games / cpu:8.0f} {steps / wall:12.0f} "
            f"{steps / cpu:8.0f}  {steps / games:.0f}"
        )


if __name__ == "__main__":
    main()
