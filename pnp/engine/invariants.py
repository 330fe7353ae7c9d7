"""Invariant checks run after every step when enabled.

Besides the ruleset's own :meth:`Game.invariant_violations` (conservation of
cards and tokens, no negative totals, phase order …), the engine checks the
shape of the surface every ruleset promises: a pending decision belongs to a
real seat and offers at least one option with unique labels, and a game with
no pending decision has a result (and the other way round).

A ruleset declares its own invariants as :class:`Invariant` entries, each
saying which event kinds may break it. Checking every rule of the whole state
after every decision costs several times the game itself; a check that runs
only after a move whose events (or noted changes, see
:meth:`~pnp.engine.flowgame.FlowGame.note_change`) could have broken it costs
a fraction, and finds the same faults: the ruleset's tests prove, over seeded
games, that every step changing the state a check reads was a step after which
it ran (:func:`pnp.engine.testing.gating_misses`). Whatever the gate, every
invariant is checked at the first check, when a round ends, when the game ends
and whenever checks were skipped for a move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.engine.game import Decision, Game


@dataclass(frozen=True)
class Invariant:
    """One rule invariant of a ruleset's state."""

    #: what it checks, in a few words (the gating tests name it)
    name: str
    #: every broken instance, one readable line each; empty when it holds
    check: Callable[[Any], list[str]]
    #: the event kinds after which it may no longer hold (empty: after every move)
    after: frozenset[str] = frozenset()

    def due(self, kinds: set[str]) -> bool:
        """Whether a move with events of ``kinds`` may have broken it."""
        return not self.after or not self.after.isdisjoint(kinds)


def surface_violations(game: Game, decision: Decision | None) -> list[str]:
    """Broken engine-surface promises for ``game`` with pending ``decision``."""
    out: list[str] = []
    result = game.result()
    if decision is None:
        if result is None:
            out.append("no decision is pending but the game has no result")
        else:
            for seat in result.winners:
                if not 0 <= seat < game.players:
                    out.append(
                        f"result names winner seat {seat}, but seats are 0–{game.players - 1}"
                    )
        return out
    if result is not None:
        out.append(f"a {decision.kind} decision is pending although the game has ended")
    if not 0 <= decision.seat < game.players:
        out.append(
            f"{decision.kind} decision for seat {decision.seat}, but seats are 0–{game.players - 1}"
        )
    if not decision.options:
        out.append(f"{decision.kind} decision for seat {decision.seat} offers no options")
    options = decision.options
    if len({o.label for o in options}) != len(options):  # checked after every move: one set
        labels = decision.labels()
        twice = sorted({label for label in labels if labels.count(label) > 1})
        out.append(f"{decision.kind} decision repeats option labels: {', '.join(twice)}")
    return out


def violations(game: Game, decision: Decision | None) -> list[str]:
    """Every broken invariant: the engine surface's, then the ruleset's."""
    return surface_violations(game, decision) + list(game.invariant_violations())


def all_violations(game: Any, invariants: tuple[Invariant, ...]) -> list[str]:
    """Every broken one of ``invariants`` of ``game``, whatever the last move was."""
    return [line for inv in invariants for line in inv.check(game)]


__all__ = ["Invariant", "all_violations", "surface_violations", "violations"]
