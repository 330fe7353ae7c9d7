"""The Dask executor's scaling on this machine: ``--cluster local:N`` against local processes.

Plays the same playtest (Iron Throne, 4 players, heuristic bots, invariants
on, 1,000 games by default) four ways: in this process (``--workers 1``), in
the local 2-process pool (``--workers 2``), and on a Dask ``LocalCluster`` of
1 and of 2 worker processes (``--cluster local:1``, ``local:2``). For each it
prints the wall time of the whole run (cluster start and close included) and
of its games alone, the CPU time of the games (this process and the workers,
while the games are played) and of the whole run (worker start-up included),
and this process's own CPU time. Then the speed-ups the issue asks for
(``local:2`` over ``local:1``, target ≥ 1.8×; over the 2-process pool,
target ≥ 0.9×), the per-game overhead of the cluster path (the games' CPU
time on ``local:1`` against one local worker's, steadier than wall time on a
shared machine) and whether every run gave the same JSON.

Usage: ``python bench/cluster.py [--ruleset R] [--players P] [--games N]
[--agents A] [--no-invariants] [--repeat K]`` (about 40 s on 2 cores with the
defaults; ``--repeat`` runs the four ways in turn K times and keeps each one's
fastest run).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.errors import PnpError  # noqa: E402
from pnp.playtest import Executor, LocalExecutor, run_playtest  # noqa: E402
from pnp.playtest.cluster import DaskExecutor  # noqa: E402
from pnp.playtest.command import PlaytestRequest, build_plan  # noqa: E402


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def own_cpu() -> float:
    """CPU seconds of the calling process (run on each Dask worker too)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


@dataclass
class Run:
    """One way's figures (seconds) and its JSON (timing-free)."""

    wall: float
    games: float
    games_cpu: float
    cpu: float
    parent_cpu: float
    json: str


def measure(make: Callable[[], Executor], request: PlaytestRequest) -> Run:
    """One playtest on a fresh executor."""
    plan, content = build_plan(request)
    cpu0, wall0 = cpu_seconds(), time.perf_counter()
    with make() as executor:
        client = executor.open() if isinstance(executor, DaskExecutor) else None
        # the games: this process, the pool's workers (they end with the run), and the
        # cluster's workers (asked for their own CPU time before and after)
        workers0 = sum(client.run(own_cpu).values()) if client is not None else 0.0
        games0, parent0, all0 = time.perf_counter(), time.process_time(), cpu_seconds()
        report = run_playtest(plan, content, executor=executor)
        games = time.perf_counter() - games0
        parent = time.process_time() - parent0
        games_cpu = cpu_seconds() - all0
        if client is not None:
            games_cpu += sum(client.run(own_cpu).values()) - workers0
    wall = time.perf_counter() - wall0  # the cluster is closed: its workers' CPU is counted
    return Run(wall, games, games_cpu, cpu_seconds() - cpu0, parent, json.dumps(report.full_json()))


def main() -> None:
    """Print each way's figures, then the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="ironthrone")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-invariants", dest="invariants", action="store_false")
    parser.add_argument("--repeat", type=int, default=1, help="runs per way (the fastest counts)")
    opts = parser.parse_args()
    request = PlaytestRequest(
        ruleset=opts.ruleset,
        games=opts.games,
        seed=opts.seed,
        players=opts.players,
        agents=opts.agents,
        invariants=opts.invariants,
        progress=False,
    )
    ways: dict[str, Callable[[], Executor]] = {
        "--workers 1": lambda: LocalExecutor(1),
        "--workers 2": lambda: LocalExecutor(2),
        "--cluster local:1": lambda: DaskExecutor("local:1"),
        "--cluster local:2": lambda: DaskExecutor("local:2"),
    }
    load = os.getloadavg()
    print(
        f"{opts.ruleset} {opts.players}p, {opts.games} games, {opts.agents}, invariants "
        f"{'on' if opts.invariants else 'off'}; {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    best: dict[str, Run] = {}
    for _ in range(opts.repeat):  # the ways take turns, so a change of load hits them alike
        for name, make in ways.items():
            run = measure(make, request)
            if name not in best or run.games < best[name].games:
                best[name] = run
    print(
        f"{'':18} {'wall s':>7} {'games s':>8} {'games/s':>8} {'games CPU s':>12} "
        f"{'CPU s':>6} {'own CPU s':>10}"
    )
    for name, r in best.items():
        print(
            f"{name:18} {r.wall:7.2f} {r.games:8.2f} {opts.games / r.games:8.1f} "
            f"{r.games_cpu:12.2f} {r.cpu:6.2f} {r.parent_cpu:10.2f}"
        )
    one, pool, d1, d2 = (best[n] for n in ways)
    print(
        f"local:2 over local:1: {d1.games / d2.games:.2f}x the games' wall time, "
        f"{d1.wall / d2.wall:.2f}x the whole run's (target >= 1.8x)"
    )
    print(
        f"local:2 over the 2-process pool: {pool.games / d2.games:.2f}x the games' wall time, "
        f"{pool.wall / d2.wall:.2f}x the whole run's (target >= 0.9x)"
    )
    per_game = (d1.games_cpu - one.games_cpu) / opts.games * 1000
    print(
        f"cluster path: {per_game:+.2f} ms CPU a game (local:1's games against one local "
        f"worker's, {one.games_cpu / opts.games * 1000:.2f} ms a game), "
        f"{d2.parent_cpu / opts.games * 1000:.2f} ms a game of this process's CPU as the "
        f"client and scheduler (local:2), {d1.wall - d1.games:.2f} s wall and "
        f"{d1.cpu - d1.games_cpu:.2f} s CPU to start and close local:1"
    )
    same = len({r.json for r in best.values()}) == 1
    print(f"same JSON from every way: {'yes' if same else 'NO'}")


if __name__ == "__main__":  # Dask's worker processes start by importing this module
    try:
        main()
    except PnpError as exc:  # a bad --ruleset/--players: pnp's own words, not a traceback
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
