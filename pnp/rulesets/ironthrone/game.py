"""The engine surface of an Iron Throne game (:class:`pnp.engine.game.Game`)."""

from __future__ import annotations

from typing import Any

from pnp.engine.flowgame import FlowGame
from pnp.engine.game import Event, Result
from pnp.engine.invariants import Invariant
from pnp.engine.paths import main_sources
from pnp.rulesets.ironthrone.rules import Referee
from pnp.rulesets.ironthrone.rules.standing import STANDING
from pnp.rulesets.ironthrone.view import SeatView


def _power(game: IronThroneGame) -> list[str]:
    return game.ref.power_problems()


def _living(game: IronThroneGame) -> list[str]:
    return game.ref.living_problems()


def _cards(game: IronThroneGame) -> list[str]:
    return game.ref.card_problems()


def _influence(game: IronThroneGame) -> list[str]:
    return game.ref.influence_problems()


def _order(game: IronThroneGame) -> list[str]:
    return game.ref.order_problems()


#: what moves power between characters, sheets, the box and the supply
_POWER = frozenset(
    {
        "power_placed", "power_removed", "power_taken", "power_to_box", "character_died",
        "leader_chosen", "hostage_tormented",
    }
)  # fmt: skip
#: what may take a character's last power or bring one into play (placing power on
#: a character never does: only the living hold power)
_DEATHS = _POWER - {"power_placed"}
#: what moves a card between a House's zones, or holds it hostage
_CARDS = frozenset(
    {
        "card_played", "card_drawn", "card_discarded", "card_replaced", "deck_reshuffled",
        "hostage_taken", "hostage_tormented", "hostage_released", "withdrew", "places_first",
    }
)  # fmt: skip

#: the invariants (the checks are the state's, see ``State``), each with the moves
#: that may break it; ``tests/rulesets/ironthrone/test_invariant_gating.py`` proves
#: the lists over seeded games
INVARIANTS = (
    Invariant("turn order", _order),
    Invariant("power", _power, _POWER),
    Invariant("living", _living, _DEATHS),
    Invariant("cards", _cards, _CARDS),
    Invariant("influence", _influence, frozenset({"influence_spread"})),
)


class IronThroneGame(FlowGame):
    """A game in progress: the referee's flow behind the engine API (the engine's one
    flow, :mod:`pnp.engine.flow`)."""

    #: the rules that hold at any time (:mod:`.rules.standing`)
    standing = STANDING
    #: the rule invariants, each checked after the moves that may break it
    invariants = INVARIANTS

    def __init__(self, ref: Referee, start: str, *, pause: bool = False) -> None:
        """The game of ``ref`` from ``start`` (see :meth:`Referee.flow`); ``pause``
        opens it with a one-option ``scenario_start`` decision (scenarios)."""
        super().__init__(ref.n)
        self.ref = ref
        for seat in range(ref.n):  # a scenario sets tokens directly
            ref.count_living(seat)
        ref.index_leaders()  # and leaders
        ref.count_round()  # and the turn
        ref.index_hands()  # and hands
        self.begin(ref.flow(start, pause))

    def new_move(self) -> list[Event]:
        """The move's event list, which the referee appends to as it plays."""
        events: list[Event] = []
        self.events = events
        self.ref.events = events
        return events

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know."""
        return SeatView(self.ref, seat, self.decision())

    def result(self) -> Result | None:
        """Winners (most influence spread, ties shared) once the game is over."""
        ref = self.ref
        if not ref.over:
            return None
        paths = tuple(main_sources(ref.spread_gains[w]) for w in ref.winners)
        return Result(ref.winners, ref.ending, self.round, self.scores(), paths)

    def scores(self) -> tuple[float, ...]:
        """Influence spread per seat: the victory measure, also for capped games (IT-GAP-11)."""
        return tuple(float(self.ref.spread_count(s)) for s in range(self.ref.n))

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data."""
        return self.ref.snapshot()

    @property
    def round(self) -> int:
        """Round = one turn per player; round 1 holds the first ``players`` turns."""
        return self.ref.round_no

    def factions(self) -> tuple[str, ...]:
        """Each seat's House."""
        return self.ref.t.houses

    def first_player(self) -> int | None:
        """The seat that took the first turn."""
        return self.ref.first
