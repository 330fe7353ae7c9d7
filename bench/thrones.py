"""Throughput of the thrones referee: games/s and decisions/s on one core.

Plays seeded games with agents through the engine's own core loop (the one
``pnp playtest`` uses), invariants off as in a bench, in this one process.
Prints one line per configuration; asserts nothing.

    python bench/thrones.py                 # random agents, 2 and 4 players
    python bench/thrones.py --games 500 --agents heuristic --players 2
"""

from __future__ import annotations

import argparse
import time

from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.thrones import RULESET


def bench(players: int, games: int, agent: str, options: dict, invariants: bool) -> str:
    content = RULESET.load()
    names = [agent] * players
    decisions = 0
    rounds = 0
    limits = Limits(invariants=invariants)
    start = time.process_time()
    for seed in range(games):
        run = run_game(
            RULESET,
            content,
            GameConfig(players, None, options),
            seed,
            agents_chooser(RULESET, names, seed),
            limits,
        )
        decisions += run.steps
        rounds += run.rounds
    spent = time.process_time() - start
    label = f"{players}p" + ("".join(f" {k}" for k in options) if options else "")
    return (
        f"thrones {label:<16} {agent:<9} {games:>5} games  "
        f"{games / spent:8.1f} games/s  {decisions / spent:9.0f} decisions/s  "
        f"({decisions / games:.0f} decisions, {rounds / games:.1f} rounds a game"
        f"{', invariants on' if invariants else ''})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--invariants", action="store_true", help="check invariants each step")
    args = parser.parse_args()
    for players in args.players:
        print(bench(players, args.games, args.agents, {}, args.invariants), flush=True)


if __name__ == "__main__":
    main()
