"""What one seat may know: :class:`FiefView`.

The map, the board, the Nobles, titles, gold, disasters and taxes are public;
hands are not (a player sees his own and those he looked at this round), nor
the order of any deck, nor face-down vote markers and bids before they flip,
nor how a robbed player split his gold. Bots decide from a view only: its
accessors return public facts and the seat's own secrets, nothing else.
"""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision
from pnp.rulesets.fief.compiled import Catalog
from pnp.rulesets.fief.state import FiefState, Noble, Village


class FiefView:
    """The game as ``seat`` sees it (read-only by convention)."""

    __slots__ = ("_s", "decision", "seat")

    def __init__(self, state: FiefState, seat: int, decision: Decision | None) -> None:
        self._s = state
        self.seat = seat
        self.decision = decision

    # public facts -------------------------------------------------------------

    @property
    def cat(self) -> Catalog:
        """The content (map, cards, rules): public."""
        return self._s.cat

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._s.players

    @property
    def round(self) -> int:
        """The current round."""
        return self._s.round

    @property
    def phase(self) -> str:
        """The current phase."""
        return self._s.phase

    @property
    def villages(self) -> list[Village]:
        """Every Village: units, Nobles, buildings, control (all on the open board)."""
        return self._s.villages

    @property
    def nobles(self) -> dict[str, Noble]:
        """Every Noble of the game and where he is (deck order aside)."""
        return self._s.nobles

    @property
    def holder(self) -> dict[str, str | None]:
        """Who holds each title."""
        return self._s.holder

    @property
    def disasters(self) -> dict[str, list[str]]:
        """Disasters lying on each Region."""
        return self._s.disasters

    @property
    def taxes(self) -> list[dict[str, Any]]:
        """Taxes levied this round."""
        return self._s.taxes

    @property
    def state(self) -> FiefState:
        """The state, for its public helper methods (``present``, ``vp``, ``order`` …).

        Bots must not read hidden fields through it (other hands, deck orders,
        face-down markers); :meth:`data` is exactly what this seat may know.
        """
        return self._s

    def gold(self, seat: int) -> int:
        """A player's gold (coins are on the table)."""
        return self._s.seats[seat].gold

    def hand_size(self, seat: int) -> int:
        """How many cards a player holds."""
        return len(self._s.seats[seat].hand)

    def house(self, seat: int) -> str:
        """A player's House."""
        return self._s.seats[seat].house

    def partner(self, seat: int) -> int | None:
        """A player's ally."""
        return self._s.seats[seat].partner

    def vp(self, seat: int) -> int:
        """A player's victory points."""
        return self._s.vp(seat)

    # this seat's secrets ----------------------------------------------------------

    @property
    def hand(self) -> list[str]:
        """This seat's own hand."""
        return list(self._s.seats[self.seat].hand)

    def seen_hand(self, seat: int) -> list[str] | None:
        """Another player's hand as this seat saw it this round, if it looked."""
        if seat == self.seat:
            return self.hand
        seen = self._s.seats[self.seat].seen.get(seat)
        return list(seen) if seen is not None else None

    def fortune_top_is_disaster(self) -> bool | None:
        """The colour of the Fortune deck's top back (public), ``None`` if empty."""
        s = self._s
        if not s.fortune:
            return None
        return s.cat.cards[s.fortune[-1]][0] == "disaster"

    # equality ------------------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        """Everything this seat may know, as plain data."""
        s = self._s
        snap = s.snapshot()
        for i, seat in enumerate(snap["seats"]):
            if i != self.seat:
                seen = s.seats[self.seat].seen.get(i)
                seat["hand"] = sorted(seen) if seen is not None else len(seat["hand"])
            seat["deck"] = sorted(seat["deck"])
        snap["fortune"]["deck"] = len(s.fortune)
        snap["fortune"]["top_disaster"] = self.fortune_top_is_disaster()
        snap["court"]["deck"] = len(s.court)
        own = s.hidden_votes.get(self.seat)
        snap["my_vote"] = list(own) if own is not None else None
        snap["votes_placed"] = sorted(s.hidden_votes)
        snap["my_bid"] = s.hidden_bids.get(self.seat)
        split = s.hidden_split
        snap["my_split"] = split[1] if split is not None and split[0] == self.seat else None
        snap["seat"] = self.seat
        snap["decision"] = (
            None
            if self.decision is None
            else [self.decision.seat, self.decision.kind, self.decision.labels()]
        )
        return snap

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FiefView):
            return NotImplemented
        return self.data() == other.data()

    def __hash__(self) -> int:
        return hash((self.seat, self._s.round, self._s.phase))
