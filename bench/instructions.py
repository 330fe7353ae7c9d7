"""Instructions per Iron Throne game, counted by callgrind: a figure the host's speed cannot move.

Wall-clock figures on a shared machine swing by half within minutes;
instruction counts do not. This runs the bench's random 4-player games
under ``valgrind --tool=callgrind``, counting only inside ``run_game`` and
``agents_chooser`` (setup, play, the agents; not the interpreter starting),
and prints instructions per game, two ways:

- *cold*: ``--games`` seeded games after a short warm-up on other seeds,
  so option caches meet many hands for the first time;
- *warm*: the same games played once more after they were first played
  outside ``run_game``: what ``ironthrone.py``'s best of 3 measures.

The count needs the compiled referee (``pnp --version``): callgrind toggles
on the compiled functions' names. Usage: ``python bench/instructions.py
[--games N] [--players P]`` (about a minute per 100 games).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
#: the compiled functions callgrind counts inside
TOGGLES = ("CPyDef_runner___run_game", "CPyDef_runner___agents_chooser")


def play(mode: str, games: int, players: int) -> None:
    """The measured workload (run under callgrind by :func:`count`)."""
    sys.path.insert(0, str(HERE.parent.parent))
    sys.path.insert(0, str(HERE.parent))
    from ironthrone import bare, runner

    from pnp.engine import GameConfig, stream
    from pnp.engine.runner import Limits, RandomSeats
    from pnp.engine.runner import play as play_game
    from pnp.rulesets.ironthrone import RULESET

    content = RULESET.load()
    bare(content, 120, players)  # other seeds: tables and events for many seatings
    if mode == "warm":  # the same games first, outside run_game (so not counted)
        limits = Limits.for_ruleset(RULESET, invariants=False)
        for seed in range(games):
            game = RULESET.new_game(content, GameConfig(players), seed)
            seats = RandomSeats([stream(seed, "agent", s) for s in range(players)])
            play_game(game, seats, limits)
    runner(content, games, players, "random", False)


def count(mode: str, games: int, players: int) -> float:
    """Instructions per game of ``mode`` (``cold`` or ``warm``)."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    cmd += [f"--toggle-collect={name}" for name in TOGGLES]
    cmd += [sys.executable, str(HERE), "--play", mode, "--games", str(games)]
    cmd += ["--players", str(players)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : ([\d,]+)", out.stderr)
    if out.returncode != 0 or found is None:
        sys.exit(f"callgrind failed:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--play", choices=("cold", "warm"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.games, args.players)
        return
    if shutil.which("valgrind") is None:
        print("error: valgrind is not installed (callgrind counts the instructions)")
        sys.exit(2)
    sys.path.insert(0, str(HERE.parent.parent))
    from pnp import compiled

    if compiled.state != "compiled":
        print(f"error: the referee is not compiled here ({compiled.describe()})")
        sys.exit(2)
    print(f"ironthrone, {args.players} players, {args.games} random games, callgrind")
    for mode in ("cold", "warm"):
        per_game = count(mode, args.games, args.players)
        print(f"  {mode}: {per_game / 1e6:.3f}M instructions a game")


if __name__ == "__main__":
    main()
