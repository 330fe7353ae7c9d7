"""What one seat may know: the view bots decide from.

A :class:`SeatView` reads the live game through accessors that only reveal
public information and the seat's own secrets: its hand, the fronts of the
hostages it holds, its own facedown card. Other hands, deck orders, the
fronts of other players' hostages and an opponent's facedown card (until it
is revealed or placed face up) stay hidden; so do other players' leader
choices until all are revealed. Views are cheap to make (nothing is copied);
:meth:`SeatView.to_dict` gives the same information as plain data, and two
views are equal when that data is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.rulesets.ironthrone.effects import Compiled
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    KIND_NAMES,
    OUT,
    OUTCOME_NAMES,
    P_LEADERS,
    PHASES,
    SIDE_NAMES,
    WINNER_NAMES,
)

if TYPE_CHECKING:
    from pnp.engine.game import Decision
    from pnp.rulesets.ironthrone.rules import Referee


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A house card as its holder sees it."""

    id: str
    kind: str  # hostility, truce or character
    value: int  # hostility value (0 for truce and character cards)
    character: str | None  # the character a character card shows
    ability: Compiled | None
    house: str


class SeatView:
    """The game as ``seat`` sees it."""

    __slots__ = ("_r", "decision", "seat")

    def __init__(self, ref: Referee, seat: int, decision: Decision | None = None) -> None:
        self._r = ref
        self.seat = seat
        self.decision = decision

    # -- cards

    def card(self, c: int) -> CardInfo:
        """Information about card number ``c`` (only for cards this seat may see)."""
        t = self._r.t
        infos = t.card_infos
        if not infos:
            infos = t.card_infos = [
                CardInfo(
                    t.card_id[k],
                    KIND_NAMES[t.card_kind[k]],
                    t.card_value[k],
                    t.char_id[t.card_char[k]] if t.card_char[k] >= 0 else None,
                    t.card_ability[k],
                    t.houses[t.card_owner[k]],
                )
                for k in range(len(t.card_id))
            ]
        return infos[c]

    def hand(self) -> list[CardInfo]:
        """This seat's hand."""
        return [self.card(c) for c in self._r.hand[self.seat]]

    def hostages(self) -> list[CardInfo]:
        """The hostages this seat holds (it may look at their fronts, IT-HOST-02)."""
        return [self.card(c) for c in self._r.held[self.seat]]

    def hostage_houses(self, seat: int) -> list[str]:
        """The Houses of the hostages ``seat`` holds (their backs are public)."""
        t = self._r.t
        return [t.houses[t.card_owner[c]] for c in self._r.held[seat]]

    def placed(self, seat: int) -> CardInfo | None:
        """``seat``'s house card on the table, if this seat may see its front."""
        r = self._r
        c = r.placed[seat]
        if c < 0:
            return None
        if seat == self.seat or r.outcome or r.faceup[seat]:
            return self.card(c)
        return None

    def has_placed(self, seat: int) -> bool:
        """Whether ``seat`` has a card on the table (facedown or not)."""
        return self._r.placed[seat] >= 0

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return len(self._r.hand[seat])

    def deck_size(self, seat: int) -> int:
        """How many cards are left in ``seat``'s deck."""
        return len(self._r.deck[seat])

    def discard(self, seat: int) -> list[str]:
        """The card ids of ``seat``'s discard pile (public)."""
        cid = self._r.t.card_id
        return [cid[c] for c in self._r.discard[seat]]

    # -- players and tokens

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._r.n

    @property
    def houses(self) -> tuple[str, ...]:
        """Each seat's House."""
        return self._r.t.houses

    @property
    def rules(self) -> Any:
        """The numbers of the game (content ``rules:``)."""
        return self._r.t.rules

    @property
    def phase(self) -> str:
        """The current phase name."""
        return PHASES[self._r.phase]

    @property
    def turn(self) -> int:
        """The current turn number (1-based)."""
        return self._r.turn

    @property
    def challenger(self) -> int:
        """The challenger's seat."""
        return self._r.challenger

    @property
    def defender(self) -> int:
        """The defender's seat, or -1 before it is named."""
        return self._r.defender

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` is the challenger or the defender."""
        return self._r.is_active(seat)

    def side(self, seat: int) -> int:
        """``seat``'s side: 0 none, 1 challenger, 2 defender."""
        return self._r.side[seat]

    def side_name(self, seat: int) -> str:
        """``none``, ``challenger`` or ``defender``."""
        return SIDE_NAMES[self._r.side[seat]]

    def sheet(self, seat: int) -> int:
        """Power on ``seat``'s leader sheet."""
        return self._r.sheet[seat]

    def leader(self, seat: int) -> str | None:
        """``seat``'s leader (others' stay hidden until all are revealed)."""
        r = self._r
        if r.leader[seat] < 0 or (r.phase == P_LEADERS and seat != self.seat):
            return None
        return r.t.char_id[r.leader[seat]]

    def leader_ability(self, seat: int) -> Compiled | None:
        """``seat``'s leader ability, once public."""
        r = self._r
        if r.leader[seat] < 0 or (r.phase == P_LEADERS and seat != self.seat):
            return None
        return r.leader_ab[seat]

    def leader_offers(self) -> list[tuple[str, Compiled]]:
        """The leader sheets this seat was dealt at setup."""
        r = self._r
        offers = getattr(r, "leader_offers", None) or [[] for _ in range(r.n)]
        return [(r.t.char_id[c], r.t.char_leader[c]) for c in offers[self.seat]]

    def characters(self, seat: int) -> list[tuple[str, int, bool]]:
        """``seat``'s tokens in play: (id, power, alive)."""
        r = self._r
        return [
            (r.t.char_id[c], r.power[c], r.status[c] == ALIVE)
            for c in r.t.seat_chars[seat]
            if r.status[c] != OUT
        ]

    def living(self, seat: int) -> list[tuple[str, int]]:
        """``seat``'s living characters: (id, power)."""
        r = self._r
        return [(r.t.char_id[c], r.power[c]) for c in r.living(seat)]

    def power_of(self, char_id: str) -> int:
        """Power on a character token (0 if dead or unknown)."""
        r = self._r
        for c, cid in enumerate(r.t.char_id):
            if cid == char_id:
                return r.power[c]
        return 0

    def committed(self, seat: int) -> str | None:
        """``seat``'s participating character, if any."""
        c = self._r.committed[seat]
        return self._r.t.char_id[c] if c >= 0 else None

    def committed_power(self, seat: int) -> int:
        """Power on ``seat``'s participating character (0 if none or dead)."""
        return self._r.char_power_of(seat)

    def tokens_left(self, seat: int) -> int:
        """Influence tokens still on ``seat``'s own board."""
        return self._r.left[seat]

    def spread(self, seat: int) -> int:
        """Influence ``seat`` has spread onto other boards."""
        return self._r.spread_count(seat)

    def influence_on(self, target: int, owner: int) -> int:
        """How many of ``owner``'s tokens lie on ``target``'s board."""
        return self._r.on_board[target][owner]

    def withdrawn(self, seat: int) -> bool:
        """Whether ``seat`` withdrew from this encounter."""
        return self._r.withdrawn[seat]

    # -- the encounter

    @property
    def outcome(self) -> str | None:
        """``hostility``, ``truce``, ``betrayal`` once revealed."""
        return OUTCOME_NAMES[self._r.outcome]

    @property
    def winner(self) -> str | None:
        """``challenger``, ``defender``, ``both_lost`` or ``nobody`` once decided."""
        return WINNER_NAMES[self._r.winner]

    def side_power(self, sd: int) -> int:
        """Power on the living participating characters of side ``sd`` (public)."""
        r = self._r
        return sum(r.char_power_of(s) for s in range(r.n) if r.side[s] == sd)

    def side_total(self, sd: int) -> int:
        """Side ``sd``'s hostility total as far as it is public (cards once revealed)."""
        return self._r.side_total(sd)

    def bonus(self, sd: int) -> int:
        """Bonuses played for side ``sd`` this encounter."""
        return self._r.bonus[sd]

    def shielded(self, seat: int) -> bool:
        """Whether ``seat`` suffers no penalties this encounter."""
        return self._r.shielded[seat]

    def pending_offer(self) -> tuple[int, int, str] | None:
        """While answering support: (offering seat, side, character id)."""
        offer = self._r.pending_offer
        if offer is None:
            return None
        return offer[0], offer[1], self._r.t.char_id[offer[2]]

    def window_player(self) -> int | None:
        """Before a support offer: the player about to offer (the window's subject)."""
        ctx = self._r.ctx
        return ctx if isinstance(ctx, int) else None

    def pending_deal(self) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
        """While answering a truce offer: (challenger gets, defender gets)."""
        return self._r.pending_deal

    # -- equality

    def to_dict(self) -> dict[str, Any]:
        """Everything this seat may know, as plain data."""
        n = self.players
        return {
            "seat": self.seat,
            "phase": self.phase,
            "turn": self.turn,
            "challenger": self.challenger,
            "defender": self.defender,
            "hand": [c.id for c in self.hand()],
            "hostages": [c.id for c in self.hostages()],
            "outcome": self.outcome,
            "winner": self.winner,
            "seats": [
                {
                    "house": self.houses[s],
                    "leader": self.leader(s),
                    "sheet": self.sheet(s),
                    "characters": self.characters(s),
                    "committed": self.committed(s),
                    "side": self.side(s),
                    "hand_size": self.hand_size(s),
                    "deck_size": self.deck_size(s),
                    "discard": self.discard(s),
                    "hostage_houses": self.hostage_houses(s),
                    "placed": (p.id if (p := self.placed(s)) else self.has_placed(s)),
                    "tokens_left": self.tokens_left(s),
                    "board": [self.influence_on(s, o) for o in range(n)],
                    "withdrawn": self.withdrawn(s),
                }
                for s in range(n)
            ],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.seat, self.turn, self.phase))
