"""Throughput of the thrones referee: games/s and decisions/s on one core.

Plays seeded games with agents through the engine's own core loop (the one
``pnp playtest`` uses), invariants off as in a bench, in this one process.
Prints one line per configuration; asserts nothing.

Each configuration runs ``--repeat`` times over the same seeds and the best
run counts, measured in this process's CPU time (``time.process_time``): on a
shared machine other work stretches the wall clock, so the best CPU figure is
the steadiest. The wall-clock figure of that run and the load average are
printed beside it so runs on a busy machine can be told apart. The issue's
target is >= 200 games/s for 2 players with random agents.

    python bench/thrones.py                 # random agents, 2 and 4 players
    python bench/thrones.py --games 500 --agents heuristic --players 2
    python bench/thrones.py --players 4 --option two_on_two
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.thrones import RULESET


def play(
    content: Any, players: int, games: int, agent: str, options: dict, invariants: bool
) -> tuple[float, float, int, int]:
    """Play ``games`` seeded games; (wall s, CPU s, decisions, rounds)."""
    names = [agent] * players
    limits = Limits.for_ruleset(RULESET, invariants=invariants)
    config = GameConfig(players, None, options)
    decisions = rounds = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        run = run_game(RULESET, content, config, seed, agents_chooser(RULESET, names, seed), limits)
        if run.status != "finished":
            raise SystemExit(f"game {seed} ended with {run.status}")
        decisions += run.steps
        rounds += run.rounds
    return time.perf_counter() - wall, time.process_time() - cpu, decisions, rounds


def bench(
    content: Any,
    players: int,
    games: int,
    agent: str,
    options: dict,
    invariants: bool,
    repeat: int,
) -> str:
    """One line: the best of ``repeat`` runs of ``games`` games."""
    wall, cpu, decisions, rounds = min(
        (play(content, players, games, agent, options, invariants) for _ in range(repeat)),
        key=lambda r: r[1],
    )
    label = f"{players}p" + "".join(f" {k}" for k in options)
    return (
        f"thrones {label:<14} {agent:<9} {games:>5} games  "
        f"{games / cpu:7.1f} games/s  {decisions / cpu:7.0f} decisions/s (cpu)  "
        f"{games / wall:7.1f} games/s (wall)  "
        f"{decisions / games:.0f} decisions, {rounds / games:.1f} rounds a game"
        f"{', invariants on' if invariants else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument(
        "--option", action="append", default=[], help="a game option, e.g. two_on_two"
    )
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs per configuration; the best counts"
    )
    parser.add_argument("--invariants", action="store_true", help="check invariants each step")
    args = parser.parse_args()
    content = RULESET.load()
    options = {name: True for name in args.option}
    play(content, args.players[0], 20, args.agents, options, False)  # warm up: imports, caches
    print(
        f"thrones referee, one core, best of {args.repeat} by CPU time; "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
        flush=True,
    )
    for players in args.players:
        line = bench(
            content, players, args.games, args.agents, options, args.invariants, args.repeat
        )
        print(line, flush=True)


if __name__ == "__main__":
    main()
