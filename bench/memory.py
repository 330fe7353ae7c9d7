"""A playtest's memory as its games grow: the parent process's peak resident memory.

Runs ``pnp playtest`` (Iron Throne, random agents, invariants off, 2 workers
by default) once per game count, each in a fresh child process so that one
run's peak does not hide the next, and prints the parent's peak resident
memory (its own ``ru_maxrss``: worker processes are not counted) and the
memory each extra game costs it. The parent keeps running aggregates, not
per-game summaries, so the figures should stay flat as the games grow.

Usage: ``python bench/memory.py [--games 2000,20000,200000] [--ruleset R]
[--players P] [--workers W | --cluster local:N] [--compare]`` (the last count
takes about two minutes on 2 cores; ``--compare`` runs ``pnp compare`` of the
shipped content against itself, which plays every game twice; ``--cluster``
plays on Dask, whose local scheduler lives in the parent and is counted).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the child: one playtest through the CLI, output discarded, then its peak RSS in kB
CHILD = """
import resource, sys
from pnp.cli import app
try:
    app(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def peak_kb(
    ruleset: str, games: int, players: int, workers: int, compare: bool, cluster: str | None
) -> tuple[int, float]:
    """Run one playtest (or comparison) in a child process: its peak resident memory (kB)
    and wall seconds."""
    common = ["--games", str(games), "--players", str(players), "--agents", "random"]
    common += ["--cluster", cluster] if cluster else ["--workers", str(workers)]
    common += ["--json"]
    if compare:  # the shipped content against itself: both versions' games, paired
        args = ["compare", ruleset, "--base", str(ROOT / "content"), *common]
    else:
        args = ["playtest", ruleset, "--no-invariants", *common]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    lines = done.stderr.strip().splitlines()
    if done.returncode != 0 or not lines or not lines[-1].isdigit():
        raise SystemExit(f"the playtest failed (exit {done.returncode}):\n{done.stderr}")
    return int(lines[-1]), wall


def main() -> None:
    """Print the parent's peak memory per game count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="2000,20000,200000", help="game counts, comma-separated")
    parser.add_argument("--ruleset", default="ironthrone")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cluster", help="play on Dask instead: local:N (the cluster extra)")
    parser.add_argument(
        "--compare", action="store_true", help="pnp compare (content against itself) instead"
    )
    opts = parser.parse_args()
    counts = [int(n) for n in opts.games.split(",")]
    what = "compare, twice the games" if opts.compare else "playtest, no invariants"
    print(
        f"{opts.ruleset}, {opts.players} players, random agents, {what}, "
        f"{opts.cluster or f'{opts.workers} workers'}; parent's peak resident memory"
    )
    first: tuple[int, int] | None = None
    for games in counts:
        kb, wall = peak_kb(
            opts.ruleset, games, opts.players, opts.workers, opts.compare, opts.cluster
        )
        line = f"  {games:>9,} games: {kb / 1024:7.1f} MB  ({wall:6.1f} s wall)"
        if first is None:
            first = (games, kb)
        else:
            per_game = (kb - first[1]) * 1024 / max(1, games - first[0])
            line += f"  {kb / first[1]:5.2f}x the first; {per_game:+.1f} bytes a game more"
        print(line, flush=True)


if __name__ == "__main__":
    main()
