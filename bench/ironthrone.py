"""The Iron Throne referee speed: games/s with random agents on one core.

Prints games/s and decisions/s of:

- ``run_game`` with random agents and invariants off, as a playtest worker
  runs it (the figure the issue asks for: target >= 1,000 games/s, 4 players);
- the same with invariants checked after every step;
- the heuristic bot, for scale.

Each measure runs ``--repeat`` times and the best run counts (the machine is
shared; other work only ever slows a run down).

Usage: ``python bench/ironthrone.py [--games N] [--players P] [--repeat R]``
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.ironthrone import RULESET


def run(content, games: int, players: int, agent: str, invariants: bool) -> tuple[float, int]:
    """Play ``games`` seeded games; return (seconds, decisions)."""
    limits = Limits.for_ruleset(RULESET, invariants=invariants)
    names = [agent] * players
    config = GameConfig(players)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        result = run_game(
            RULESET, content, config, seed, agents_chooser(RULESET, names, seed), limits
        )
        if result.status != "finished":
            raise SystemExit(f"game {seed} ended with {result.status}")
        steps += result.steps
    return time.perf_counter() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    content = RULESET.load()
    run(content, 50, args.players, "random", False)  # warm the caches
    measures = [
        ("random, invariants off", args.games, "random", False),
        ("random, invariants on", args.games // 4, "random", True),
        ("heuristic, invariants off", args.games // 10, "heuristic", False),
    ]
    print(f"ironthrone, {args.players} players, one core, best of {args.repeat}")
    for label, games, agent, invariants in measures:
        best = min(
            (run(content, games, args.players, agent, invariants) for _ in range(args.repeat)),
            key=lambda r: r[0],
        )
        seconds, steps = best
        print(
            f"  {label:28} {games / seconds:8.0f} games/s  {steps / seconds:9.0f} decisions/s"
            f"  ({steps / games:.0f} decisions/game)"
        )


if __name__ == "__main__":
    main()
