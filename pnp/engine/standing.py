"""Standing rules: rules that hold "at any time", checked after every change.

A rulebook states some rules as conditions that always hold ("as soon as a
player has 15 power he wins", "this card can never carry an attachment").
Coding such a rule as a check at the call site that usually breaks it misses
every other route (a character taken over with its power, a keyword gained
mid-phase). Card games enforce them as state-based checks instead: after
every change, before anyone may act again, each standing rule is checked and
made to hold.

A ruleset declares its standing rules in one place, as :class:`Standing`
entries on its game's ``standing`` tuple; :class:`~pnp.engine.flowgame.FlowGame`
runs them (:meth:`~pnp.engine.flowgame.FlowGame.settle`) whenever the flow
stops at a decision, for the rules whose ``after`` event kinds happened since
the last check, again and again until none changes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class UnsettledError(RuntimeError):
    """Standing rules that keep changing the state: a bug in a ruleset's rules."""


@dataclass(frozen=True)
class Standing:
    """One rule that holds at any time."""

    #: its ID in ``CHECKLIST.md``
    rule: str
    #: the event kinds after which it may no longer hold (empty: after every change)
    after: frozenset[str]
    #: makes the rule hold again on the game, emitting what it does (what it
    #: emits is checked in turn), or ends the game (raises a
    #: :class:`~pnp.engine.errors.FlowEnd`)
    enforce: Callable[[Any], None]

    def due(self, kinds: set[str]) -> bool:
        """Whether events of ``kinds`` may have broken the rule."""
        return not self.after or not self.after.isdisjoint(kinds)


def watched_kinds(rules: tuple[Standing, ...]) -> frozenset[str] | None:
    """Every event kind one of ``rules`` watches; ``None`` when one watches every kind
    (an empty set: there is nothing to check)."""
    kinds: set[str] = set()
    for rule in rules:
        if not rule.after:
            return None
        kinds |= rule.after
    return frozenset(kinds)


__all__ = ["Standing", "UnsettledError", "watched_kinds"]
