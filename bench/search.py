"""The ismcts agent's strength against the heuristic bot, and its speed (issue 30).

Plays games with one ``ismcts`` seat (OpenSpiel's information-set MCTS over
the OpenSpiel adapter, :mod:`pnp.adapters.search`) and the ruleset's
heuristic bot in every other seat, in this one process (one core). For two
players it plays every House pairing of the two-player decks seated both
ways, ``--games`` in all, cycling through the pairings; for more players the
Houses are left to each game's seed and the search seat moves round the
table. Prints the search seat's wins (shared wins count as a share; a game that
crashed or hit a cap counts as a loss and is listed at the end), the
rate with its 95% Wilson interval, the rate the heuristic seat it replaced
would be expected to have (1/players), and CPU seconds per game.

Usage: ``python bench/search.py [--ruleset thrones] [--players 2] [--games 200]
[--budget 40] [--seed 0]``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.adapters.search import SearchChooser  # noqa: E402
from pnp.engine.game import GameConfig  # noqa: E402
from pnp.engine.rng import derive_seed  # noqa: E402
from pnp.engine.runner import FINISHED, Limits, run_game  # noqa: E402
from pnp.rulesets import find_ruleset  # noqa: E402
from pnp.rulesets.thrones.model import ThronesContent  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="thrones")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ruleset = find_ruleset(args.ruleset)
    content = ruleset.load()
    seatings: list[tuple[str | None, ...] | None] = [None]
    if args.ruleset == "thrones" and args.players == 2:
        model = content.model
        assert isinstance(model, ThronesContent)
        houses = sorted({d.house for d in model.decks if d.format == "two_player"})
        seatings = list(itertools.permutations(houses, 2))
    limits = Limits.for_ruleset(ruleset, invariants=False)
    wins = 0.0
    finished = 0
    unfinished: list[str] = []
    cpu = 0.0
    for i in range(args.games):
        factions = seatings[i % len(seatings)]
        search_seat = 0 if args.players == 2 else i % args.players
        if args.players == 2 and factions is not None:
            search_seat = (i // len(seatings)) % 2  # each pairing with the search on each side
        agents = ["heuristic"] * args.players
        agents[search_seat] = "ismcts"
        seed = derive_seed(args.seed, "search-bench", i)
        config = GameConfig(args.players, factions)
        chooser = SearchChooser(ruleset, content, config, seed, agents, args.budget)
        start = time.process_time()
        run = run_game(ruleset, content, config, seed, chooser, limits)
        cpu += time.process_time() - start
        if run.status == FINISHED and run.result is not None:
            finished += 1
            if search_seat in run.result.winners:
                wins += 1.0 / len(run.result.winners)
        else:
            why = run.failure.line() if run.failure is not None else run.status
            unfinished.append(f"game {i} (seed {seed}, search seat {search_seat}): {why}")
        low, high = wilson(wins, i + 1)
        print(
            f"\r{i + 1}/{args.games} games: search wins {wins:g} "
            f"({wins / (i + 1):.1%}, 95% {low:.1%}-{high:.1%}), {cpu / (i + 1):.2f} s CPU a game",
            end="",
            flush=True,
        )
    print()
    n = args.games
    low, high = wilson(wins, n)
    print(f"ruleset {args.ruleset}, {args.players} players, budget {args.budget} a decision")
    rate = f"{wins / n:.1%} (95% {low:.1%}-{high:.1%})"
    print(f"games {n} ({finished} finished), search seat wins {wins:g}: {rate}")
    print(f"a heuristic seat's expected share: {1 / args.players:.1%}")
    print(f"CPU per game (one core): {cpu / n:.2f} s")
    for line in unfinished:
        print(f"not finished: {line}")


if __name__ == "__main__":
    main()
