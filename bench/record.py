"""A referee's behaviour as a dump: did a speed change change a rule?

Plays a fixed set of seeded games of one ruleset (random agents and each of
the ruleset's own agents, at each of its player counts unless ``--players``
names some) and writes one line per game: the number of real decisions, a
digest of every real decision (seat, kind, option labels, chosen label), a
digest of every event (kind, seat, data), a digest of the ``state_hash``
at every real decision, the result and the final ``state_hash``. Two
referees that play by the same rules give identical dumps; ``--compare
FILE`` prints the first games that differ.

A decision with a single option is answered here without asking the agent
and left out of the digest, so a referee that stops asking such forced
questions (the engine's convention) dumps the same games as one that still
asks them: the agents' RNG streams are only drawn on for real choices. The
``forced`` column counts those that were asked anyway.

Usage::

    python bench/record.py thrones --out /tmp/before.txt
    python bench/record.py thrones --compare /tmp/before.txt
    python bench/record.py thrones --trace 2:random:17   # one game, step by step
    python bench/record.py ironthrone --players 3 4 5 --seeds 300 --out /tmp/it.txt
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine import GameConfig
from pnp.engine.game import Decision, Event, Game
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.errors import UnknownRulesetError
from pnp.rulesets import Ruleset, find_ruleset


def event_text(e: Event) -> str:
    """An event as stable text (data keys sorted)."""
    data = ",".join(f"{k}={e.data[k]!r}" for k in sorted(e.data))
    return f"{e.kind}|{e.seat}|{data}"


def play(
    ruleset: Ruleset, content: Any, players: int, agent: str, seed: int, trace: bool = False
) -> str:
    """One game's dump line (and, with ``trace``, every step on stdout)."""
    choose = agents_chooser(ruleset, [agent] * players, seed)
    decisions = hashlib.sha256()
    events = hashlib.sha256()
    states = hashlib.sha256()
    real = forced = 0

    def chooser(game: Game, d: Decision) -> int:
        nonlocal real, forced
        if len(d.options) == 1:
            forced += 1
            if trace:
                print(f"  (forced) {d.seat} {d.kind}: {d.options[0].label}")
            return 0
        states.update(game.state_hash().encode())  # the whole state at each real decision
        i = choose(game, d)
        real += 1
        line = f"{d.seat}|{d.kind}|{'/'.join(d.labels())}|{d.options[i].label}\n"
        decisions.update(line.encode())
        if trace:
            print(f"{real:4} {d.seat} {d.kind}: {d.options[i].label}  (of {len(d.options)})")
        return i

    def observer(batch: Any) -> None:
        for e in batch:
            text = event_text(e)
            events.update(text.encode() + b"\n")
            if trace:
                print(f"       {text}")

    limits = Limits.for_ruleset(ruleset, invariants=True)
    run = run_game(
        ruleset,
        content,
        GameConfig(players),
        seed,
        chooser,
        limits,
        observer=observer,
        hash_state=True,
    )
    result = run.result
    ending = f"{result.ending}:{','.join(map(str, result.winners))}" if result else "-"
    return (
        f"{players} {agent:9} {seed:4} {run.status} {ending} real={real} forced={forced} "
        f"decisions={decisions.hexdigest()[:16]} events={events.hexdigest()[:16]} "
        f"steps={states.hexdigest()[:16]} state={run.state_hash[:16] if run.state_hash else '-'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", help="a registered ruleset: thrones, ironthrone, fief")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    parser.add_argument("--seeds", type=int, default=100, help="games per count and agent")
    parser.add_argument("--out", type=Path, help="write the dump here (else stdout)")
    parser.add_argument("--compare", type=Path, help="compare with an earlier dump")
    parser.add_argument("--trace", help="players:agent:seed of one game to print step by step")
    args = parser.parse_args()
    try:
        ruleset = find_ruleset(args.ruleset)
    except UnknownRulesetError as exc:
        parser.error(str(exc))
    if args.compare and not args.compare.is_file():  # before the games, not after them
        parser.error(f"--compare {args.compare}: no such file")
    content = ruleset.load()
    if args.trace:
        p, agent, seed = args.trace.split(":")
        print(play(ruleset, content, int(p), agent, int(seed), trace=True))
        return
    start = time.process_time()
    agents = ["random", *sorted(ruleset.agents)]
    lines = [
        play(ruleset, content, players, agent, seed)
        for players in args.players or ruleset.player_counts
        for agent in agents
        for seed in range(args.seeds)
    ]
    text = "\n".join(lines) + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    if args.out:
        args.out.write_text(text)
    elif not args.compare:
        sys.stdout.write(text)
    print(f"{len(lines)} games, digest {digest}, {time.process_time() - start:.1f} s CPU")
    if args.compare:
        old = args.compare.read_text().splitlines()
        if len(old) != len(lines):
            raise SystemExit(f"{args.compare}: {len(old)} games, now {len(lines)}")
        diff = [(a, b) for a, b in zip(old, lines, strict=True) if a != b]
        for a, b in diff[:5]:
            print(f"- {a}\n+ {b}")
        if diff:
            raise SystemExit(f"{len(diff)} of {len(lines)} games differ")
        print("identical")


if __name__ == "__main__":
    main()
