"""The fief game the engine drives: :class:`FiefGame`.

The rules are generators (the engine's one flow, :mod:`pnp.engine.flow`):
:mod:`.rules.round` runs the round of eight phases and each phase module
yields a decision when a player must choose and resumes with the chosen
index, so a battle inside a phase inside a round reads top to bottom like the
rulebook. This module holds the game those rules act on: its state, its
seeded chance (and a scenario's fixed die rolls), the bank, and the answers
the engine asks for.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.engine.flow import FlowGame
from pnp.engine.game import Result
from pnp.rulesets.fief.invariants import INVARIANTS
from pnp.rulesets.fief.rules.round import game_flow
from pnp.rulesets.fief.state import FiefState
from pnp.rulesets.fief.view import FiefView


class FiefGame(FlowGame):
    """A game of A Song of Ice and Fief in progress."""

    invariants = INVARIANTS

    def __init__(
        self, state: FiefState, rng: random.Random, start: str = "setup", *, pause: bool = False
    ) -> None:
        """A game from ``state``, starting at phase ``start``.

        ``pause`` opens with a one-option ``scenario_start`` decision so that
        everything the position sets off happens after the first scripted step.
        """
        super().__init__(state.players)
        self.s = state
        self.rng = rng
        #: the phases entered this round, in order (the phase-order invariant)
        self.phase_log: list[str] = []
        #: broken rules the flow noticed itself (a phase out of order)
        self.violations: list[str] = []
        self.begin(game_flow(self, start, pause))

    # -- the Game surface ----------------------------------------------------

    def view(self, seat: int) -> FiefView:
        return FiefView(self.s, seat, self.decision())

    def result(self) -> Result | None:
        return self.s.result

    def snapshot(self) -> dict[str, Any]:
        snap = self.s.snapshot()
        snap["result"] = (
            None
            if self.s.result is None
            else {
                "winners": list(self.s.result.winners),
                "ending": self.s.result.ending,
                "rounds": self.s.result.rounds,
            }
        )
        return snap

    @property
    def round(self) -> int:
        return self.s.round

    def factions(self) -> tuple[str, ...]:
        return tuple(seat.house for seat in self.s.seats)

    def first_player(self) -> int | None:
        return self.s.starting_player

    # -- helpers the phase modules use ------------------------------------------

    def d6(self) -> int:
        """A six-sided die roll (fixed scenario rolls first)."""
        forced = self.s.forced_dice
        if forced:
            return forced.pop(0)
        return self.rng.randint(1, 6)

    def battle_die(self) -> int:
        """Hits on one battle die."""
        return self.s.cat.rules.battle.dice.faces[self.d6() - 1]

    def mint(self, seat: int, gold: int) -> None:
        """The bank pays ``seat``."""
        self.s.seats[seat].gold += gold
        self.s.minted += gold
        self.note_change("gold_paid")  # the gold invariant watches the bank's helpers

    def pay(self, seat: int, gold: int) -> None:
        """``seat`` pays the bank."""
        if self.s.seats[seat].gold < gold:
            raise AssertionError(f"seat {seat} cannot pay {gold}")
        self.s.seats[seat].gold -= gold
        self.s.minted -= gold
        self.note_change("gold_paid")

    def transfer(self, src: int, dst: int, gold: int) -> None:
        """``src`` pays ``dst``."""
        if gold <= 0:
            return
        if self.s.seats[src].gold < gold:
            raise AssertionError(f"seat {src} cannot pay {gold}")
        self.s.seats[src].gold -= gold
        self.s.seats[dst].gold += gold
        self.note_change("gold_paid")

    def lose_units(self, v: int, seat: int, unit: int, count: int, cause: str) -> None:
        """``count`` units of ``seat`` at Village ``v`` die and go back to their supply."""
        s = self.s
        s.remove_units(v, seat, unit, count)
        s.to_stock(seat, unit, count)
        self.emit(
            "units_lost",
            seat,
            at=s.cat.map.ids[v],
            unit=s.cat.units[unit],
            count=count,
            cause=cause,
        )

    def discard(self, seat: int, card: str) -> None:
        """``seat`` discards ``card`` from his hand."""
        self.s.seats[seat].hand.remove(card)
        self.discard_played(card)
        self.emit("card_discarded", seat, card=card)

    def discard_played(self, card: str) -> None:
        """A card that has been used goes to its discard pile."""
        if self.s.cat.cards[card][0] == "court":
            self.s.court_discard.append(card)
        else:
            self.s.fortune_discard.append(card)

    def used(self, seat: int, power: str, per: str) -> bool:
        """Whether a once-per-round (or per-game) power was already used."""
        when = self.s.seats[seat].used.get(power)
        if when is None:
            return False
        return per == "game" or when == self.s.round

    def mark_used(self, seat: int, power: str) -> None:
        """Note that ``seat`` used ``power`` this round."""
        self.s.seats[seat].used[power] = self.s.round


__all__ = ["FiefGame"]
