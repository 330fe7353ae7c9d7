"""What one seat may know: everything public plus its own hand and plot deck.

A view is a window onto the game for one decision: its methods read the
live state (cheap for bots, which get a view at every decision) and expose
only public zones, counts of hidden ones, and the seat's own hand and plots;
the order of any draw deck and other players' hands stay hidden. When it is
built it also records :meth:`data` - the same facts as plain values - so two
views compare equal exactly when the seat could see no difference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.rulesets.thrones.state import Card, Challenge, card_snapshot

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame


class ThronesView:
    """Seat ``seat``'s view of ``game``."""

    __slots__ = ("_data", "_g", "seat")

    def __init__(self, game: ThronesGame, seat: int) -> None:
        self._g = game
        self.seat = seat
        self._data = self._plain()

    # ------------------------------------------------------------------ public facts

    @property
    def players(self) -> int:
        return self._g.players

    @property
    def phase(self) -> str:
        return self._g.phase

    @property
    def round(self) -> int:
        return self._g.round_no

    @property
    def first_player(self) -> int:
        return self._g.first

    @property
    def active(self) -> int | None:
        return self._g.active

    @property
    def challenge(self) -> Challenge | None:
        """The challenge in progress (attackers, defenders and target are public)."""
        return self._g.ch

    @property
    def victory_power(self) -> int:
        return self._g.rules.victory_power

    def opponents(self, seat: int | None = None) -> list[int]:
        return list(self._g.opponents(self.seat if seat is None else seat))  # a copy

    def in_play(self, seat: int) -> list[Card]:
        """Cards in ``seat``'s play area (public)."""
        return self._g.seats[seat].play

    def characters(self, seat: int) -> list[Card]:
        return self._g.seats[seat].chars

    def power(self, seat: int) -> int:
        return self._g.total_power(seat)

    def house_power(self, seat: int) -> int:
        return self._g.seats[seat].power

    def gold(self, seat: int) -> int:
        return self._g.seats[seat].gold

    def hand_size(self, seat: int) -> int:
        return len(self._g.seats[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._g.seats[seat].deck)

    def plot(self, seat: int) -> Card | None:
        return self._g.seats[seat].plot

    def used_plots(self, seat: int) -> list[Card]:
        return self._g.seats[seat].used_plots

    def discard(self, seat: int) -> list[Card]:
        return self._g.seats[seat].discard

    def dead(self, seat: int) -> list[Card]:
        return self._g.seats[seat].dead

    def title(self, seat: int) -> str | None:
        return self._g.seats[seat].title

    def titles(self) -> Any:
        """Title definitions by id."""
        return self._g.db.titles

    def deals(self) -> list[tuple[int, int]]:
        """Bribes paid to this seat this round (Littlefinger variant)."""
        return self._g.seats[self.seat].deals

    def strength(self, c: Card) -> int:
        """A character's current strength (public information)."""
        return self._g.strength(c)

    def claim(self, seat: int, ctype: str) -> int:
        return self._g.claim_value(seat, ctype)

    def income(self, seat: int) -> int:
        return self._g.income(seat)

    def marshal_cost(self, c: Card) -> int:
        """What one of this seat's own cards costs this seat to marshal."""
        return self._g.marshal_cost(self.seat, c)

    def side_strength(self) -> tuple[int, int]:
        """Attack and defence totals of the current challenge as they stand."""
        ch = self._g.ch
        return self._g.side_strength(ch) if ch is not None else (0, 0)

    # ------------------------------------------------------------------ own secrets

    @property
    def hand(self) -> list[Card]:
        return self._g.seats[self.seat].hand

    @property
    def plot_deck(self) -> list[Card]:
        return self._g.seats[self.seat].plot_deck

    # ------------------------------------------------------------------ plain data

    def data(self) -> dict[str, Any]:
        """Everything this view showed when it was built, as plain values."""
        return self._data

    def _plain(self) -> dict[str, Any]:
        g = self._g
        seats = []
        for s in g.seats:
            seats.append(
                {
                    "house": s.house,
                    "power": g.total_power(s.idx),
                    "house_power": s.power,
                    "gold": s.gold,
                    "hand_size": len(s.hand),
                    "deck_size": len(s.deck),
                    "in_play": [card_snapshot(c) for c in s.play],
                    "discard": [c.d.id for c in s.discard],
                    "dead": [c.d.id for c in s.dead],
                    "plot": s.plot.d.id if s.plot is not None else None,
                    "used_plots": [c.d.id for c in s.used_plots],
                    "plot_deck_size": len(s.plot_deck),
                    "title": s.title,
                }
            )
        me = g.seats[self.seat]
        return {
            "seat": self.seat,
            "round": g.round_no,
            "phase": g.phase,
            "first_player": g.first,
            "seats": seats,
            "hand": sorted(c.d.id for c in me.hand),
            "plot_deck": sorted(c.d.id for c in me.plot_deck),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ThronesView) and self._data == other._data

    def __hash__(self) -> int:
        return hash((self.seat, self._data["round"]))
