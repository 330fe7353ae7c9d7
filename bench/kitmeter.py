"""What the playtest's kit meter costs: playtest games with the meter, without, thorough.

Plays the same seeded games of each named ruleset the way a playtest worker
does (:func:`pnp.playtest.worker.play_game`: the heuristic bots, invariants
on, the observer that counts card play) three ways, in this one process:

- ``without``: the ruleset with no kit meter (what a playtest cost before
  the kit check);
- ``meter``: the ruleset's own meter, recounting after a step only the
  groups its events may have raised (what ``pnp playtest`` runs);
- ``thorough``: the meter recounting every group after every step (what the
  rulesets' tests compare it with), for scale.

Each runs ``--repeat`` times, interleaved, and the best CPU time counts (the
machine is shared: other work only makes a run slower). Prints games per
CPU-second of each and the meter's cost against ``without``, and checks
that the three played the very same games (the meter only reads the state)
and that the thorough meter found the same peaks.

    python bench/kitmeter.py [RULESET ...] [--games N] [--repeat R]

With no RULESET: thrones at 4 players, ironthrone at 5, fief at 6 (each
ruleset's largest table, where most pieces are in use).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.engine.game import Game
from pnp.playtest.command import PlaytestRequest, build_plan
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.worker import play_game

#: ruleset -> (players, games) by default: a few seconds a pass each
DEFAULTS = {"thrones": (4, 200), "ironthrone": (5, 400), "fief": (6, 24)}


def variants(plan: PlaytestPlan) -> dict[str, PlaytestPlan]:
    """The plan without a meter, with the ruleset's own, and with a thorough one."""
    ruleset = plan.ruleset
    own = ruleset.kit_meter
    assert own is not None, f"{ruleset.name} has no kit meter"

    def thorough(game: Game, _thorough: bool) -> Any:
        return own(game, True)

    return {
        "without": replace(plan, ruleset=replace(ruleset, kit_meter=None)),
        "meter": plan,
        "thorough": replace(plan, ruleset=replace(ruleset, kit_meter=thorough)),
    }


def run(plan: PlaytestPlan, content: Any, games: int) -> tuple[float, list[tuple[Any, ...]]]:
    """Play games ``0..games-1``; (CPU seconds, per game what it came to and its peaks)."""
    cpu = time.process_time()
    out = []
    for index in range(games):
        s = play_game(plan, content, index)
        out.append(((s.status, s.winners, s.steps, s.rounds, s.ending, s.drawn, s.played), s.peaks))
    return time.process_time() - cpu, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", default=list(DEFAULTS))
    parser.add_argument("--games", type=int, help="games a pass (default: per ruleset)")
    parser.add_argument("--players", type=int, help="players (default: per ruleset)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for name in args.rulesets:
        players, games = DEFAULTS.get(name, (None, 50))
        players = args.players or players
        games = args.games or games
        plan, content = build_plan(PlaytestRequest(name, games=games, players=players, seed=1))
        plans = variants(plan)
        best = dict.fromkeys(plans, float("inf"))
        results: dict[str, list[tuple[Any, ...]]] = {}
        play_game(plan, content, 0)  # warm the caches of the first seating
        for _ in range(args.repeat):
            for label, each in plans.items():
                cpu, played = run(each, content, games)
                best[label] = min(best[label], cpu)
                results[label] = played
        games_of = {label: [g for g, _ in r] for label, r in results.items()}
        same = all(g == games_of["without"] for g in games_of.values())
        peaks_of = {label: [p for _, p in r] for label, r in results.items()}
        same_peaks = peaks_of["meter"] == peaks_of["thorough"]
        base = best["without"]
        figures = ", ".join(
            f"{label} {games / cpu:,.1f} games/s"
            + ("" if label == "without" else f" ({100 * (cpu / base - 1):+.1f}%)")
            for label, cpu in best.items()
        )
        print(
            f"{name}, {plan.players} players, {games} games, best of {args.repeat} "
            f"(CPU): {figures}; same games: {'yes' if same else 'NO'}; "
            f"thorough peaks the same: {'yes' if same_peaks else 'NO'}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
