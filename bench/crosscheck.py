"""House and seat win rates of two playtests side by side: the balance cross-check (issue 30).

Reads two ``pnp playtest --json`` outputs of one ruleset, typically the same
setup played by the heuristic bots and by the ``ismcts`` search agent in every
seat, and prints for each House and seat both rates with their 95% intervals
and whether the intervals overlap. Where they do not, the two kinds of player
disagree about that House: a House balanced for one and not the other is
balanced by how it is played, not by its cards.

Usage: ``python bench/crosscheck.py HEURISTIC.json SEARCH.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def rate(entry: dict[str, Any] | None) -> str:
    """``54.0% [44.3–63.4] 54/100``, or ``-`` for a House the run never seated."""
    if entry is None or not entry["games"]:
        return "-"
    return (
        f"{entry['rate']:6.1%} [{entry['ci_low']:.1%}–{entry['ci_high']:.1%}] "
        f"{entry['wins']:g}/{entry['games']}"
    )


def change(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    """The second rate less the first, in points (``+8.2``)."""
    if a is None or b is None or not a["games"] or not b["games"]:
        return ""
    return f"{(b['rate'] - a['rate']) * 100:+.1f}"


def overlap(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    """``yes`` when both 95% intervals share a point, ``NO`` when they are apart."""
    if a is None or b is None or not a["games"] or not b["games"]:
        return ""
    apart = a["ci_high"] < b["ci_low"] or b["ci_high"] < a["ci_low"]
    return "NO" if apart else "yes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    runs = []
    for path in (args.first, args.second):
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            parser.error(f"{path}: {exc}")
    if runs[0]["ruleset"] != runs[1]["ruleset"]:
        parser.error(f"{runs[0]['ruleset']} and {runs[1]['ruleset']}: not one ruleset")
    for run, path in zip(runs, (args.first, args.second), strict=True):
        agents = ",".join(sorted(set(run["agents"])))
        print(f"{path.name}: {run['games']} games, {run['players']} players, agents {agents}")
    band = runs[0]["fair_band"]
    print(f"fair band {band['low']:.1%}–{band['high']:.1%}")
    print(f"{'':<12} {'first':<32} {'second':<32} {'change':>7}  intervals overlap")
    houses = sorted(set(runs[0]["houses"]) | set(runs[1]["houses"]))
    for house in houses:
        a, b = (r["houses"].get(house) for r in runs)
        print(f"{house:<12} {rate(a):<32} {rate(b):<32} {change(a, b):>7}  {overlap(a, b)}")
    seats = max(len(r["seats"]) for r in runs)
    for seat in range(seats):
        a, b = (r["seats"][seat] if seat < len(r["seats"]) else None for r in runs)
        name = f"seat {seat}"
        print(f"{name:<12} {rate(a):<32} {rate(b):<32} {change(a, b):>7}  {overlap(a, b)}")


if __name__ == "__main__":
    main()
