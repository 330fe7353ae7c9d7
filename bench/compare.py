"""The Iron Throne referee against another build of pnp, run for run.

On a shared machine the speed of the host drifts by half within minutes, so
two builds measured one after the other are not comparable. This starts one
worker process per build (this checkout and ``OTHER``, each with its own
Python, so each imports its own compiled modules), warms both, then asks
them in turn (ABBA order) to play the same ``--games`` seeded games with
random agents through ``run_game``, as ``ironthrone.py`` does. It prints
each pair's CPU games/s, their ratio, and the medians.

Usage: ``python bench/compare.py OTHER [--python PY] [--pairs N] [--games N]
[--players P]``, where ``OTHER`` is another checkout (``git worktree add
/tmp/old <commit>``) installed in its own environment; ``--python``
defaults to ``OTHER/.venv/bin/python``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def worker(games: int, players: int) -> None:
    """Play ``games`` games per line read from stdin; print CPU games/s for each."""
    sys.path.insert(0, str(Path.cwd()))
    sys.path.insert(0, str(Path.cwd() / "bench"))
    from ironthrone import bare, runner  # this checkout's bench, so its own pnp

    from pnp.rulesets.ironthrone import RULESET

    content = RULESET.load()
    bare(content, 120, players)  # warm the per-seating caches
    runner(content, games, players, "random", False)
    print("ready", flush=True)
    for _ in sys.stdin:
        cpu = time.process_time()
        runner(content, games, players, "random", False)
        print(games / (time.process_time() - cpu), flush=True)


class Build:
    """A worker process measuring one build."""

    def __init__(self, python: str, checkout: Path, games: int, players: int) -> None:
        cmd = [python, str(HERE), "--worker", "--games", str(games), "--players", str(players)]
        self.proc = subprocess.Popen(
            cmd, cwd=checkout, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        line = self.stdout.readline().strip()
        if line != "ready":
            raise SystemExit(f"the worker in {checkout} did not start ({line or 'no output'})")

    def measure(self) -> float:
        """CPU games/s of one batch."""
        self.stdin.write("go\n")
        self.stdin.flush()
        return float(self.stdout.readline())

    def close(self) -> None:
        self.stdin.close()
        self.proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, nargs="?")
    parser.add_argument("--python", help="the other build's Python (OTHER/.venv/bin/python)")
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.games, args.players)
        return
    if args.other is None:
        parser.error("name the other checkout")
    other = args.other.resolve()
    python = args.python or str(other / ".venv" / "bin" / "python")
    if not (other / "bench" / "ironthrone.py").is_file():
        parser.exit(2, f"compare.py: {other} is not a pnp checkout (no bench/ironthrone.py)\n")
    if not Path(python).is_file():
        parser.exit(2, f"compare.py: no Python at {python} (name the other build's: --python)\n")
    this = Build(sys.executable, HERE.parent.parent, args.games, args.players)
    that = Build(python, other, args.games, args.players)
    pairs = []
    for i in range(args.pairs):
        if i % 2 == 0:  # ABBA: neither build always runs first
            a = this.measure()
            b = that.measure()
        else:
            b = that.measure()
            a = this.measure()
        pairs.append((a, b))
        print(f"this {a:7.0f}   other {b:7.0f}   ratio {a / b:5.2f}", flush=True)
    this.close()
    that.close()
    print(
        f"median games/s (CPU): this {statistics.median(a for a, _ in pairs):.0f}, "
        f"other {statistics.median(b for _, b in pairs):.0f}; "
        f"median ratio {statistics.median(a / b for a, b in pairs):.3f}"
    )


if __name__ == "__main__":
    main()
