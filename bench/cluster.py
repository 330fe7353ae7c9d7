"""The Dask executor's scaling on this machine: ``--cluster local:N`` against local processes.

Plays the same playtest (Iron Throne, 4 players, heuristic bots, invariants
on, 1,000 games by default) four ways: in this process (``--workers 1``), in
the local 2-process pool (``--workers 2``), and on a Dask ``LocalCluster`` of
1 and of 2 worker processes (``--cluster local:1``, ``local:2``). For each it
prints the wall time of the whole run (cluster start and close included) and
of its games alone, and the CPU time of this process and of all its workers;
then the speed-ups the issue asks for (``local:2`` over ``local:1``, target
≥ 1.8×; over the 2-process pool, target ≥ 0.9×), the per-game overhead of
the cluster path (``local:1`` against one local worker, and this process's
CPU per game as the Dask client) and whether every run gave the same JSON.

Usage: ``python bench/cluster.py [--ruleset R] [--players P] [--games N]
[--agents A] [--no-invariants] [--repeat K]`` (about 40 s on 2 cores with the
defaults; ``--repeat`` keeps each way's fastest run).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.playtest import Executor, LocalExecutor, run_playtest  # noqa: E402
from pnp.playtest.cluster import DaskExecutor  # noqa: E402
from pnp.playtest.command import PlaytestRequest, build_plan  # noqa: E402


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(
    make: Callable[[], Executor], request: PlaytestRequest
) -> tuple[float, float, float, float, str]:
    """One playtest on a fresh executor: total wall, games wall, all CPU and this process's
    CPU (seconds), and its JSON (timing-free)."""
    plan, content = build_plan(request)
    cpu0, own0, wall0 = cpu_seconds(), time.process_time(), time.perf_counter()
    with make() as executor:
        if isinstance(executor, DaskExecutor):
            executor.open()  # the cluster starts outside the games' time
        games0 = time.perf_counter()
        report = run_playtest(plan, content, executor=executor)
        games = time.perf_counter() - games0
        own = time.process_time() - own0
    wall = time.perf_counter() - wall0  # the cluster is closed: its workers' CPU is counted
    return wall, games, cpu_seconds() - cpu0, own, json.dumps(report.full_json())


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
    print(f"{'':18} {'wall s':>7} {'games s':>8} {'CPU s':>7} {'parent CPU s':>13} {'games/s':>8}")
    best: dict[str, tuple[float, float, float, float, str]] = {}
    for name, make in ways.items():
        for _ in range(opts.repeat):
            run = measure(make, request)
            if name not in best or run[1] < best[name][1]:
                best[name] = run
        wall, games, cpu, own, _ = best[name]
        rate = opts.games / games
        print(f"{name:18} {wall:7.2f} {games:8.2f} {cpu:7.2f} {own:13.2f} {rate:8.1f}")

    def ratio(a: str, b: str, field: int) -> float:
        return best[b][field] / best[a][field]

    one, pool, d1, d2 = "--workers 1", "--workers 2", "--cluster local:1", "--cluster local:2"
    print(
        f"local:2 over local:1: {ratio(d2, d1, 1):.2f}x games, {ratio(d2, d1, 0):.2f}x wall "
        "(target >= 1.8x)"
    )
    print(
        f"local:2 over the 2-process pool: {ratio(d2, pool, 1):.2f}x games, "
        f"{ratio(d2, pool, 0):.2f}x wall (target >= 0.9x)"
    )
    print(f"local:2 over one local worker: {ratio(d2, one, 1):.2f}x games")
    per_game = (best[d1][1] - best[one][1]) / opts.games * 1000
    start = best[d1][0] - best[d1][1]
    client = best[d2][3] / opts.games * 1000
    print(
        f"cluster path: {per_game:+.2f} ms a game (local:1 against one local worker), "
        f"{client:.2f} ms of this process's CPU a game as the client (local:2), "
        f"{start:.2f} s to start and close local:1"
    )
    same = len({run[4] for run in best.values()}) == 1
    print(f"same JSON from every way: {'yes' if same else 'NO'}")


if __name__ == "__main__":  # Dask's worker processes start by importing this module
    main()
