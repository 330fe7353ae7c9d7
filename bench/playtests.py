"""What designers wait on: the heuristic playtest at each ruleset's largest player count.

For each ruleset (all three by default) prints:

- the wall and CPU time of ``pnp playtest RULESET --games N --players MAX
  --workers 2`` with heuristic bots and invariants on (the issue-28 target:
  1,000 games in at most 30 s wall on 2 cores), run as a child process so the
  figures are the command's own, workers included;
- the invariant overhead: random agents, one core, in this process, CPU
  seconds of the same seeded games with the checks off and on, and their
  ratio (target: at most 1.5x);
- with ``--profile``, where the time goes: the functions with the most own
  time over a few heuristic games with invariants on, in this process;
- with ``--checks``, where the invariant overhead goes, per move of the same
  random games: the move itself, the engine's surface check every move
  pays, and each invariant's share of moves after which it runs (its gate,
  or the full check at a new round and at the end), its time a call and its
  time a move. cProfile cannot see into a compiled referee; this times each
  check around a call from this script (the timer's own cost measured and
  taken off; a call from interpreted code still adds a little to each).

Each in-process measure runs ``--repeat`` times and the best counts: the
machine is shared, and other work only ever makes a run slower. The load
average is printed beside the wall times.

Usage: ``python bench/playtests.py [RULESET ...] [--games 1000] [--random-games N]
[--repeat R] [--profile] [--checks] [--skip-playtest]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine import GameConfig
from pnp.engine.invariants import surface_violations
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets import find_ruleset
from pnp.rulesets.ruleset import Ruleset

ROOT = Path(__file__).resolve().parent.parent

#: random games for the invariant ratio, per ruleset (each run takes a few seconds)
RANDOM_GAMES = {"thrones": 200, "ironthrone": 1000, "fief": 60}


def playtest_time(name: str, players: int, games: int) -> tuple[float, float]:
    """Wall and CPU seconds (the command and its workers) of one heuristic playtest."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pnp", "playtest", name, "--games", str(games)),
            *("--players", str(players), "--agents", "heuristic", "--workers", "2", "--json"),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1, 3):  # passed, failed, inconclusive: all played
        raise SystemExit(f"pnp playtest {name} failed (exit {done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def games_cpu(ruleset: Ruleset, players: int, games: int, agent: str, invariants: bool) -> float:
    """CPU seconds of ``games`` seeded games in this process."""
    content = ruleset.load()
    limits = Limits.for_ruleset(ruleset, invariants=invariants)
    config = GameConfig(players)
    start = time.process_time()
    for seed in range(games):
        choose = agents_chooser(ruleset, [agent] * players, seed)
        run = run_game(ruleset, content, config, seed, choose, limits)
        if run.failure is not None:
            raise SystemExit(f"{ruleset.name} game {seed} failed: {run.failure.line()}")
    return time.process_time() - start


def profile(ruleset: Ruleset, players: int, games: int, top: int = 12) -> str:
    """The functions with the most own time over ``games`` heuristic games, invariants on."""
    prof = cProfile.Profile()
    prof.enable()
    games_cpu(ruleset, players, games, "heuristic", True)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return "\n".join("    " + line for line in lines[start : start + top + 1])


def check_costs(ruleset: Ruleset, players: int, games: int) -> str:
    """Per move of ``games`` random games: the move, the surface check and each
    invariant (due share, time a call, time a move), one line each."""
    clock = time.perf_counter_ns
    # what reading the clock twice costs, taken off every figure below
    tick = min(-clock() + clock() for _ in range(10_000))
    content = ruleset.load()
    config = GameConfig(players)
    moves = move_ns = surface_ns = 0
    runs: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    for seed in range(games):
        game: Any = ruleset.new_game(content, config, seed)  # a FlowGame: its invariants
        choose = agents_chooser(ruleset, ["random"] * players, seed)
        decision = game.decision()
        while decision is not None:
            before = game.round
            start = clock()
            game.apply(choose(game, decision))
            decision = game.decision()
            move_ns += clock() - start - tick
            moves += 1
            start = clock()
            surface_violations(game, decision)
            surface_ns += clock() - start - tick
            full = decision is None or game.round != before  # every check then
            kinds = game.move_kinds()
            for inv in game.invariants:
                if full or inv.due(kinds):
                    start = clock()
                    inv.check(game)
                    spent[inv.name] += clock() - start - tick
                    runs[inv.name] += 1
    checks = sum(spent.values())
    lines = [
        f"    a move {move_ns / moves / 1000:.2f} us; checks {checks / moves / 1000:.2f} us "
        f"and the surface check {surface_ns / moves / 1000:.2f} us a move ({moves:,} moves)"
    ]
    for name, ns in spent.most_common():
        lines.append(
            f"    {name:<14} due after {runs[name] / moves:6.1%} of moves, "
            f"{ns / runs[name] / 1000:6.2f} us a call, {ns / moves / 1000:5.2f} us a move"
        )
    return "\n".join(lines)


def main() -> None:
    """Print the figures for each ruleset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=["thrones", "ironthrone", "fief"])
    parser.add_argument("--games", type=int, default=1000, help="heuristic playtest games")
    parser.add_argument("--random-games", type=int, help="games for the invariant ratio")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="where the time goes")
    parser.add_argument("--checks", action="store_true", help="where the checks' time goes")
    parser.add_argument("--skip-playtest", action="store_true", help="only the ratio")
    opts = parser.parse_args()
    for name in opts.rulesets:
        ruleset = find_ruleset(name)
        players = max(ruleset.player_counts)
        print(f"{name}, {players} players:", flush=True)
        if not opts.skip_playtest:
            load = os.getloadavg()[0]
            wall, cpu = playtest_time(name, players, opts.games)
            print(
                f"  playtest: {opts.games} heuristic games, invariants on, 2 workers: "
                f"{wall:.1f} s wall, {cpu:.1f} s CPU (load {load:.1f}; target 30 s wall for "
                "1,000 games)",
                flush=True,
            )
        games = opts.random_games or RANDOM_GAMES.get(name, 100)
        off = min(games_cpu(ruleset, players, games, "random", False) for _ in range(opts.repeat))
        on = min(games_cpu(ruleset, players, games, "random", True) for _ in range(opts.repeat))
        print(
            f"  invariants: {games} random games, one core: {off:.2f} s CPU off, "
            f"{on:.2f} s on, {on / off:.2f}x (target 1.5x)",
            flush=True,
        )
        if opts.checks:
            print("  where the invariant overhead goes (random agents, per move):")
            print(check_costs(ruleset, players, games), flush=True)
        if opts.profile:
            print("  where the time goes (heuristic, invariants on, own time):")
            print(profile(ruleset, players, max(2, games // 20)), flush=True)


if __name__ == "__main__":
    main()
