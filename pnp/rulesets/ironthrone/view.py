"""What one seat may know: the view bots decide from.

A :class:`SeatView` is a value: it copies, when made, the public state and
the seat's own secrets — its hand, the fronts of the hostages it holds, its
own facedown card. Other hands, deck orders, the fronts of other players'
hostages and an opponent's facedown card (until it is revealed or placed
face up) are never copied; neither are other players' leader choices until
all are revealed. Later changes to the game do not change a view made
earlier. The copy is a few short lists, so making one per decision is cheap;
:meth:`SeatView.to_dict` gives the same information as plain data, and two
views are equal when that data is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.rulesets.ironthrone.abilities import Compiled
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    KIND_NAMES,
    OUT,
    OUTCOME_NAMES,
    P_LEADERS,
    PHASES,
    WINNER_NAMES,
    Tables,
)

if TYPE_CHECKING:
    from pnp.engine.game import Decision
    from pnp.rulesets.ironthrone.rules import Referee

#: ``placed`` value of a card on the table whose front this seat cannot see
HIDDEN = -2


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A house card as its holder sees it."""

    id: str
    kind: str  # hostility, truce or character
    value: int  # hostility value (0 for truce and character cards)
    character: str | None  # the character a character card shows
    ability: Compiled | None
    house: str


def card_infos(t: Tables) -> list[CardInfo]:
    """A :class:`CardInfo` per card number (built once per tables)."""
    if not t.card_infos:
        t.card_infos = [
            CardInfo(
                t.card_id[k],
                KIND_NAMES[t.card_kind[k]],
                t.card_value[k],
                t.char_id[t.card_char[k]] if t.card_char[k] >= 0 else None,
                t.card_ability[k],
                t.card_house[k],
            )
            for k in range(len(t.card_id))
        ]
    return t.card_infos


class SeatView:
    """The game as ``seat`` sees it at the moment the view is made."""

    __slots__ = (
        "_bonus",
        "_committed",
        "_ctx",
        "_deal",
        "_decks",
        "_discards",
        "_faceup",
        "_hands",
        "_held",
        "_held_owners",
        "_leaders",
        "_left",
        "_offer",
        "_offers",
        "_on_board",
        "_outcome",
        "_phase",
        "_placed",
        "_power",
        "_sheet",
        "_shielded",
        "_side",
        "_status",
        "_t",
        "_totals",
        "_winner",
        "_withdrawn",
        "challenger",
        "decision",
        "defender",
        "seat",
        "turn",
    )

    def __init__(self, ref: Referee, seat: int, decision: Decision | None = None) -> None:
        self._t = ref.t
        self.seat = seat
        self.decision = decision
        self.turn = ref.turn
        self.challenger = ref.challenger
        self.defender = ref.defender
        self._phase = ref.phase
        self._outcome = ref.outcome
        self._winner = ref.winner
        self._power = ref.power[:]
        self._status = ref.status[:]
        self._sheet = ref.sheet[:]
        self._left = ref.left[:]
        self._on_board = [row[:] for row in ref.on_board]
        self._side = ref.side[:]
        self._committed = ref.committed[:]
        self._withdrawn = ref.withdrawn[:]
        self._shielded = ref.shielded[:]
        self._bonus = ref.bonus[:]
        # the others' hands as counts, this seat's own as its cards
        self._hands: list[int | list[int]] = [len(h) for h in ref.hand]
        self._hands[seat] = ref.hand[seat][:]
        self._held = ref.held[seat][:]
        owner = ref.t.card_owner
        self._held_owners = [[owner[c] for c in h] for h in ref.held]
        self._decks = [len(d) for d in ref.deck]
        self._discards = [d[:] for d in ref.discard]
        placed = ref.placed[:]
        for s, c in enumerate(placed):
            if c >= 0 and s != seat and not ref.outcome and not ref.faceup[s]:
                placed[s] = HIDDEN
        self._placed = placed
        self._faceup = ref.faceup[:]
        secret = ref.phase == P_LEADERS
        self._leaders = [
            c if (c >= 0 and (not secret or s == seat)) else -1 for s, c in enumerate(ref.leader)
        ]
        offers = getattr(ref, "leader_offers", None)
        self._offers = list(offers[seat]) if offers else []
        totals = ref.side_totals()
        self._totals = (0, totals[1], totals[2])
        offer = ref.pending_offer
        self._offer = offer if decision is not None and decision.seat == seat else None
        self._deal = ref.pending_deal if decision is not None and decision.seat == seat else None
        ctx = ref.ctx
        self._ctx = ctx if isinstance(ctx, int) else None

    # -- cards

    def card(self, c: int) -> CardInfo:
        """Information about card number ``c`` (only for cards this seat may see)."""
        return card_infos(self._t)[c]

    def hand(self) -> list[CardInfo]:
        """This seat's hand."""
        infos = card_infos(self._t)
        mine = self._hands[self.seat]
        assert isinstance(mine, list)  # this seat's own entry is its cards (see __init__)
        return [infos[c] for c in mine]

    def hostages(self) -> list[CardInfo]:
        """The hostages this seat holds (it may look at their fronts, IT-HOST-02)."""
        infos = card_infos(self._t)
        return [infos[c] for c in self._held]

    def hostage_houses(self, seat: int) -> list[str]:
        """The Houses of the hostages ``seat`` holds (their backs are public)."""
        houses = self._t.houses
        return [houses[o] for o in self._held_owners[seat]]

    def placed(self, seat: int) -> CardInfo | None:
        """``seat``'s house card on the table, if this seat may see its front."""
        c = self._placed[seat]
        return card_infos(self._t)[c] if c >= 0 else None

    def has_placed(self, seat: int) -> bool:
        """Whether ``seat`` has a card on the table (facedown or not)."""
        return self._placed[seat] != -1

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        h = self._hands[seat]
        return h if isinstance(h, int) else len(h)

    def deck_size(self, seat: int) -> int:
        """How many cards are left in ``seat``'s deck."""
        return self._decks[seat]

    def discard(self, seat: int) -> list[str]:
        """The card ids of ``seat``'s discard pile (public)."""
        cid = self._t.card_id
        return [cid[c] for c in self._discards[seat]]

    # -- players and tokens

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self._sheet)

    @property
    def houses(self) -> tuple[str, ...]:
        """Each seat's House."""
        return self._t.houses

    @property
    def rules(self) -> Any:
        """The numbers of the game (content ``rules:``)."""
        return self._t.rules

    @property
    def phase(self) -> str:
        """The current phase name."""
        return PHASES[self._phase]

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` is the challenger or the defender."""
        return seat == self.challenger or seat == self.defender

    def side(self, seat: int) -> int:
        """``seat``'s side: 0 none, 1 challenger, 2 defender."""
        return self._side[seat]

    def sheet(self, seat: int) -> int:
        """Power on ``seat``'s leader sheet."""
        return self._sheet[seat]

    def leader(self, seat: int) -> str | None:
        """``seat``'s leader (others' stay hidden until all are revealed)."""
        c = self._leaders[seat]
        return self._t.char_id[c] if c >= 0 else None

    def leader_offers(self) -> list[tuple[str, Compiled | None]]:
        """The leader sheets this seat was dealt at setup."""
        t = self._t
        return [(t.char_id[c], t.char_leader[c]) for c in self._offers]

    def characters(self, seat: int) -> list[tuple[str, int, bool]]:
        """``seat``'s tokens in play: (id, power, alive)."""
        t = self._t
        return [
            (t.char_id[c], self._power[c], self._status[c] == ALIVE)
            for c in t.seat_chars[seat]
            if self._status[c] != OUT
        ]

    def living(self, seat: int) -> list[tuple[str, int]]:
        """``seat``'s living characters: (id, power)."""
        t = self._t
        return [
            (t.char_id[c], self._power[c]) for c in t.seat_chars[seat] if self._status[c] == ALIVE
        ]

    def power_of(self, char_id: str) -> int:
        """Power on a character token (0 if dead or unknown)."""
        t = self._t
        for c, cid in enumerate(t.char_id):
            if cid == char_id:
                return self._power[c]
        return 0

    def committed(self, seat: int) -> str | None:
        """``seat``'s participating character, if any."""
        c = self._committed[seat]
        return self._t.char_id[c] if c >= 0 else None

    def committed_power(self, seat: int) -> int:
        """Power on ``seat``'s participating character (0 if none or dead)."""
        c = self._committed[seat]
        return self._power[c] if c >= 0 and self._status[c] == ALIVE else 0

    def tokens_left(self, seat: int) -> int:
        """Influence tokens still on ``seat``'s own board."""
        return self._left[seat]

    def spread(self, seat: int) -> int:
        """Influence ``seat`` has spread onto other boards."""
        return self._t.rules.influence_tokens - self._left[seat]

    def influence_on(self, target: int, owner: int) -> int:
        """How many of ``owner``'s tokens lie on ``target``'s board."""
        return self._on_board[target][owner]

    def withdrawn(self, seat: int) -> bool:
        """Whether ``seat`` withdrew from this encounter."""
        return self._withdrawn[seat]

    def window_player(self) -> int | None:
        """Before a support offer: the player about to offer (the window's subject)."""
        return self._ctx

    # -- the encounter

    @property
    def outcome(self) -> str | None:
        """``hostility``, ``truce``, ``betrayal`` once revealed."""
        return OUTCOME_NAMES[self._outcome]

    @property
    def winner(self) -> str | None:
        """``challenger``, ``defender``, ``both_lost`` or ``nobody`` once decided."""
        return WINNER_NAMES[self._winner]

    def side_power(self, sd: int) -> int:
        """Power on the living participating characters of side ``sd`` (public)."""
        return sum(self.committed_power(s) for s in range(self.players) if self._side[s] == sd)

    def side_total(self, sd: int) -> int:
        """Side ``sd``'s hostility total as far as it is public (cards once revealed)."""
        return self._totals[sd]

    def bonus(self, sd: int) -> int:
        """Bonuses played for side ``sd`` this encounter."""
        return self._bonus[sd]

    def shielded(self, seat: int) -> bool:
        """Whether ``seat`` suffers no penalties this encounter."""
        return self._shielded[seat]

    def pending_offer(self) -> tuple[int, int, str] | None:
        """While answering support: (offering seat, side, character id)."""
        offer = self._offer
        if offer is None:
            return None
        return offer[0], offer[1], self._t.char_id[offer[2]]

    def pending_deal(self) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
        """While answering a truce offer: (challenger gets, defender gets)."""
        return self._deal

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
            "leader_offers": [name for name, _ in self.leader_offers()],
            "outcome": self.outcome,
            "winner": self.winner,
            "totals": list(self._totals[1:]),
            "bonus": self._bonus[1:],
            "offer": self.pending_offer(),
            "deal": self._deal,
            "subject": self._ctx,
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
                    "faceup": self._faceup[s],
                    "tokens_left": self.tokens_left(s),
                    "board": [self.influence_on(s, o) for o in range(n)],
                    "withdrawn": self.withdrawn(s),
                    "shielded": self.shielded(s),
                }
                for s in range(n)
            ],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.seat, self.turn, self._phase))
