"""Helpers for rulesets' test suites (they import pytest lazily).

``assert_rules_covered("TH-")`` fails listing every checklist ID of a prefix
that no scenario covers; ``view_leaks`` finds hidden information that leaks
into a seat's view; ``gating_misses`` finds moves that changed what an
invariant reads without its check being due.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.engine.flowgame import FlowGame
from pnp.engine.game import Decision, Event, Game
from pnp.engine.invariants import all_violations
from pnp.engine.runner import GameRun
from pnp.engine.scenarios.coverage import checklist_for_tests, coverage, repo_root


def assert_rules_covered(
    prefix: str,
    *,
    scenarios: Iterable[Path] | None = None,
    checklist: Path | None = None,
    tests: Iterable[Path] = (),
    exclude: Iterable[str] = (),
) -> None:
    """Fail unless every checklist ID starting with ``prefix`` is covered.

    ``scenarios`` defaults to the repository's ``tests/scenarios/``;
    ``checklist`` to the shared ``rules/CHECKLIST.md``, or without it to the
    repository's snapshot of its IDs (they must agree when both exist). ``tests`` adds Python
    test folders whose test names or docstrings count as covering an ID;
    ``exclude`` lists IDs deliberately left out (say why in the calling test).
    Scenarios naming an ID of the prefix that the checklist lacks also fail.
    """
    import pytest

    path = checklist or checklist_for_tests()
    if path is None:
        pytest.skip(
            "neither the shared rules folder (shared/rules/CHECKLIST.md next to the "
            "repository, or $PNP_CHECKLIST) nor tests/scenarios/checklist-ids.txt is "
            "present, so checklist coverage cannot be checked"
        )
    folders = list(scenarios) if scenarios is not None else [repo_root() / "tests" / "scenarios"]
    found = coverage(prefix, path, folders, tests)
    skipped = set(exclude)
    missing = [rule for rule in found.missing if rule not in skipped]
    if missing or found.unknown:
        lines = found.summary()
        if skipped:
            lines.append(f"excluded on purpose: {', '.join(sorted(skipped))}")
        raise AssertionError("\n".join(lines))


#: what an invariant's check reads, as a comparable value (its "fingerprint")
Reads = Callable[[Any], Any]


def gating_misses(
    game: FlowGame,
    choose: Callable[[FlowGame, Decision], int],
    reads: dict[str, Reads],
    *,
    max_steps: int = 20_000,
) -> list[str]:
    """Play ``game`` to its end and report every move after which an invariant was
    not due although the state its check reads changed.

    ``reads`` maps each invariant's name (every one of ``game.invariants`` whose
    ``after`` is not empty) to a function returning what its check reads. A move
    that starts a new round or ends the game is skipped: every invariant is checked
    after it anyway. One line per miss: step, invariant, decision kind, the move's
    event kinds.
    """
    gated = {inv.name: inv for inv in game.invariants if inv.after}
    if set(gated) != set(reads):
        raise ValueError(f"reads for {sorted(reads)}, gated invariants {sorted(gated)}")
    before = {name: repr(read(game)) for name, read in reads.items()}
    misses: list[str] = []
    for step in range(max_steps):
        decision = game.decision()
        if decision is None:
            break
        rnd = game.round
        game.apply(choose(game, decision))
        kinds = game.move_kinds()
        full = game.decision() is None or game.round != rnd
        for name, read in reads.items():
            now = repr(read(game))
            if now != before[name] and not full and not gated[name].due(kinds):
                misses.append(f"step {step}: {name} changed after {decision.kind} {sorted(kinds)}")
            before[name] = now
    return misses


def gating_misses_in(
    ruleset: Any,
    content: Any,
    agent: str,
    players: int,
    options: dict[str, Any],
    seeds: Iterable[int],
    reads: dict[str, Reads],
) -> list[str]:
    """:func:`gating_misses` over ``ruleset``'s games of ``seeds``, every seat played
    by ``agent``; each miss names its seed."""
    from pnp.engine.game import GameConfig
    from pnp.engine.runner import agents_chooser

    misses: list[str] = []
    for seed in seeds:
        game = ruleset.new_game(content, GameConfig(players, options=options), seed)
        choose = agents_chooser(ruleset, [agent] * players, seed)
        misses += [f"seed {seed} {m}" for m in gating_misses(game, choose, dict(reads))]
    return misses


@dataclass
class PlantedFault:
    """A game played on with a fault planted after one of its moves."""

    #: the run that followed (stopped at the first violation the checks found)
    run: GameRun
    #: the round, move number and event kinds of the move the fault was planted after
    round: int
    move: int
    kinds: set[str]


def play_with_fault(
    game: FlowGame,
    choose: Callable[[FlowGame, Decision], int],
    at: int,
    corrupt: Callable[[FlowGame], Any],
) -> PlantedFault | None:
    """Play ``game`` with invariant checks, planting a fault with ``corrupt(game)`` right
    after move ``at`` (before that move's check); ``None`` if the game ended first."""
    from pnp.engine.runner import Limits, play

    planted: list[tuple[int, int, set[str]]] = []
    choices: list[int] = []

    def observer(events: Sequence[Event]) -> None:
        moves = len(choices)
        if moves == at and not planted:
            corrupt(game)
            planted.append((game.round, moves, game.move_kinds()))

    def chooser(g: Any, decision: Decision) -> int:
        index = choose(g, decision)
        choices.append(index)
        return index

    run = play(game, chooser, Limits(), observer=observer)
    if not planted:
        return None
    rnd, move, kinds = planted[0]
    return PlantedFault(run, rnd, move, kinds)


def late_findings(game: FlowGame, planted: PlantedFault, message: str) -> list[str]:
    """What is wrong with how the checks found a planted fault named by ``message``
    (empty when right): the run must stop at a violation while the full check names
    the fault, no later than the round after the planting, and at the planting move
    itself when that move's kinds make a check that names the fault due."""
    from pnp.engine.runner import VIOLATED

    out: list[str] = []
    if planted.run.status != VIOLATED:
        return [f"the run ended {planted.run.status}, not at a violation"]
    full = all_violations(game, game.invariants)
    if not any(message in line for line in full):
        out.append(f"the full check does not name the fault: {full}")
    if game.round > planted.round + 1:
        out.append(f"planted in round {planted.round}, found in round {game.round}")
    finders = [inv for inv in game.invariants if any(message in x for x in inv.check(game))]
    found_at = len(planted.run.choices)
    if any(inv.due(planted.kinds) for inv in finders) and found_at != planted.move:
        out.append(f"planted after move {planted.move} by a watched move, found at {found_at}")
    return out


def view_leaks(
    game: Game, seat: int, change_hidden: Callable[[Game], Any], *, seats: Iterable[int] = ()
) -> list[str]:
    """What a change to hidden information reveals to ``seat``.

    ``change_hidden`` alters ``game`` in place in a way ``seat`` must not be
    able to see (swap a card of another seat's hand with one of the deck,
    reorder the deck …). Returns one line per view that changed, empty when
    nothing leaks. ``seats`` names further seats that must not see the change.
    """
    watched = [seat, *seats]
    before = {s: game.view(s) for s in watched}
    change_hidden(game)
    leaks: list[str] = []
    for s in watched:
        after = game.view(s)
        if after != before[s]:
            leaks.append(f"seat {s}'s view changed: {_difference(before[s], after)}")
    return leaks


def _difference(before: Any, after: Any, path: str = "view") -> str:
    """The first place where two views differ, for a readable message."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after), key=str):
            if before.get(key) != after.get(key):
                return _difference(before.get(key), after.get(key), f"{path}.{key}")
    if (
        isinstance(before, list | tuple)
        and isinstance(after, list | tuple)
        and len(before) == len(after)
    ):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            if b != a:
                return _difference(b, a, f"{path}[{i}]")
    return f"{path}: {before!r} → {after!r}"
