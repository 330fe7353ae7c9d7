"""Fief referee speed: games/s with random agents, 4 players, one core.

Plays ``--games`` seeded games of ``fief`` through the engine's core loop
(``run_game``, the loop ``pnp playtest`` uses) with ``random`` agents and
invariant checks off, in this one process, and prints games/s, decisions/s
and decisions per game (target: at least 50 games/s). Speed is given per
CPU-second of this process (``time.process_time``), so other load on a shared
machine does not hide it; the wall-clock rate is printed beside it. ``--invariants`` adds
a second run with the checks on; ``--agents heuristic`` measures the bot.
Each measure runs ``--repeat`` times and the best run counts: the machine is
shared, and other work only ever makes a run slower.

Usage: ``python bench/fief.py [--games N] [--players P] [--agents NAME] [--repeat R]
[--invariants]``
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets.fief import RULESET


def measure(
    games: int, players: int, agent: str, invariants: bool
) -> tuple[float, float, int, dict]:
    """Wall and CPU seconds for ``games`` games, the decisions they took, their endings."""
    content = RULESET.load()
    limits = Limits.for_ruleset(RULESET, invariants=invariants)
    config = GameConfig(players)
    decisions = 0
    endings: dict[str, int] = {}
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        choose = agents_chooser(RULESET, [agent] * players, seed)
        run = run_game(RULESET, content, config, seed, choose, limits)
        if run.failure is not None:
            raise SystemExit(f"game {seed} failed: {run.failure.line()}")
        decisions += run.steps
        ending = run.result.ending if run.result is not None else run.status
        endings[ending] = endings.get(ending, 0) + 1
    return time.perf_counter() - start, time.process_time() - cpu, decisions, endings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--invariants", action="store_true", help="also measure with checks on")
    args = parser.parse_args()
    runs = [False, True] if args.invariants else [False]
    for invariants in runs:
        best = None
        for _ in range(args.repeat):
            run = measure(args.games, args.players, args.agents, invariants)
            if best is None or run[1] < best[1]:
                best = run
        seconds, cpu, decisions, endings = best
        label = "on" if invariants else "off"
        print(
            f"fief, {args.players} players, {args.agents} agents, invariants {label}: "
            f"{args.games / cpu:.1f} games per CPU-second ({args.games / seconds:.1f} games/s "
            f"wall), {decisions / cpu:,.0f} decisions per CPU-second, "
            f"{decisions / args.games:.0f} decisions/game "
            f"({args.games} games, best of {args.repeat})"
        )
        print(f"  endings: {dict(sorted(endings.items()))}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak memory: {peak / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
