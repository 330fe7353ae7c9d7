"""The Iron Throne referee: a turn as a generator of decisions.

:meth:`Referee.flow` runs the game from a starting point and *yields* a
:class:`~pnp.engine.game.Decision` whenever a player must choose; the chosen
option index is sent back in. Decisions with a single option are never
asked, and a timing window is only opened for players who could act in it,
so a game never stalls on a pointless prompt.

A turn (rulebook, "Turn Overview"): release or torment hostages, "before your
turn" abilities, then

1. preparation — the event card names the defender; both active players draw
   and distribute power; each commits a character;
2. support — every other player, clockwise from the challenger's left, may
   offer a character to either side, which that side's active player accepts
   or declines;
3. encounter — both active players place a house card facedown, then reveal:
   hostility, truce or betrayal;
4. resolution — rewards, penalties and hostages, or the truce bargaining;

and the cleanup (discard played cards, refill hands to five, check the end).
Leader abilities resolve before character cards in every window, each group
clockwise from the challenger (IT-ORDER-01/02).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from itertools import combinations_with_replacement
from typing import Any, Final

from pnp.engine.game import Decision, Event, Option
from pnp.engine.rng import randbelow, shuffle
from pnp.rulesets.ironthrone.abilities import Compiled, run
from pnp.rulesets.ironthrone.effects import WINDOW_INDEX
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    BETRAYAL,
    BOTH_LOST,
    CHALLENGER,
    CHALLENGER_WON,
    CHARACTER,
    DEAD,
    DEFENDER,
    DEFENDER_WON,
    HOSTILE,
    HOSTILITY,
    NO_SIDE,
    NOBODY,
    OUTCOME_NAMES,
    P_ENCOUNTER,
    P_END,
    P_OVER,
    P_PREPARATION,
    P_RESOLUTION,
    P_SUPPORT,
    P_TURN_START,
    TRUCE,
    TRUCED,
    UNDECIDED,
    State,
    Tables,
    losing_side,
    other_side,
)

Flow = Generator[Decision, int, Any]


W_BEFORE_TURN: Final = WINDOW_INDEX["before_your_turn"]
W_DEFENDER: Final = WINDOW_INDEX["after_defender_chosen"]
W_BEFORE_SUPPORT: Final = WINDOW_INDEX["before_support_offer"]
W_AFTER_SUPPORT: Final = WINDOW_INDEX["after_support"]
W_BEFORE_CARDS: Final = WINDOW_INDEX["before_cards_placed"]
W_AFTER_REVEAL: Final = WINDOW_INDEX["after_cards_revealed"]
W_AFTER_RESOLUTION: Final = WINDOW_INDEX["after_resolution"]

#: :attr:`Referee.leader_at` of a challenger when no leader has an ability
NO_LEADERS: Final[tuple[tuple[int, ...], ...]] = ((),) * len(WINDOW_INDEX)

#: the most option tuples :meth:`Referee.card_options` keeps per verb (a House's
#: hands of five take a few thousand ways; all seatings share these)
LISTED_CAP: Final = 1 << 16

#: the lists of card options :meth:`Referee.card_options` makes, by number: the
#: verb of each option, and a second verb whose options follow ("" for none)
LISTINGS: Final = (
    ("place", ""),
    ("play", ""),
    ("discard", ""),
    ("replace with", ""),
    ("release", "torment"),
)
L_PLACE: Final = 0
L_PLAY: Final = 1
L_DISCARD: Final = 2
L_REPLACE: Final = 3
L_HOSTAGES: Final = 4

#: the winner of an encounter as :meth:`Referee.emit_result` names it, by
#: ``UNDECIDED``, ``CHALLENGER_WON``, ``DEFENDER_WON``, ``BOTH_LOST``, ``NOBODY``
WINNER_NAMES: Final = ("none", "challenger", "defender", "none", "none")
assert (CHALLENGER_WON, DEFENDER_WON, BOTH_LOST, NOBODY) == (1, 2, 3, 4)

#: The kinds of the pooled events (``Tables.seat_events``) keyed by an int: all
#: the event says packed into it (a seat in 3 bits, at most 5 players; a
#: catalog House number as a digit in base ``home_count``, since a designer's
#: content may have any number of Houses; a card or character number plus one
#: as a digit in base one more than their count), then the kind in the low 4
#: bits. The other pooled events are keyed by tuples; an int never equals a
#: tuple.
POOL_TURN: Final = 1
POOL_SPREAD: Final = 2
POOL_HOSTAGE: Final = 3
POOL_REVEALED: Final = 4
POOL_PLACED: Final = 5
POOL_RESOLVED: Final = 6
assert max(HOSTILE, TRUCED, BETRAYAL) < 4  # an outcome takes 2 bits (POOL_REVEALED, _RESOLVED)
assert max(CHALLENGER_WON, DEFENDER_WON, BOTH_LOST, NOBODY) < 8  # a winner, 3 (POOL_RESOLVED)


def pool_key(kind: int, packed: int) -> int:
    """A pooled event's int key: all the event says, ``packed``, above its kind's 4 bits."""
    return packed << 4 | kind


def with_seat(packed: int, seat: int) -> int:
    """``packed`` with a seat below it, in 3 bits (at most 5 players)."""
    return packed << 3 | seat


def with_winner(packed: int, winner: int) -> int:
    """``packed`` with an encounter's winner (``CHALLENGER_WON`` …) below it, in 3 bits."""
    return packed << 3 | winner


def with_outcome(packed: int, outcome: int) -> int:
    """``packed`` with an encounter's outcome below it, in 2 bits."""
    return packed << 2 | outcome


#: A truce package: (influence spread, hostages taken, power received).
Package = tuple[int, int, int]

# Items of int lists are updated as ``a[i] = a[i] + k``, never ``a[i] += k``:
# compiled (mypyc), the augmented form is a generic add of boxed ints.


def holds(zone: list[int], c: int) -> bool:
    """``c in zone``: compiled (mypyc turns ``any`` of a generator into a loop),
    it compares machine ints instead of calling the generic rich comparison
    for every item."""
    return any(x == c for x in zone)


def drop(zone: list[int], c: int) -> None:
    """``zone.remove(c)``: compiled, it compares machine ints (``list.remove``
    calls the generic rich comparison for every item it passes)."""
    for i in range(len(zone)):
        if zone[i] == c:
            del zone[i]
            return
    raise ValueError(f"card {c} is not in the zone")


def package_text(p: Package) -> str:
    """``nothing``, ``influence``, ``2 hostages``, ``influence, 1 hostage, 3 power`` …"""
    parts = []
    if p[0]:
        parts.append("influence")
    if p[1]:
        parts.append(f"{p[1]} hostage" + ("s" if p[1] > 1 else ""))
    if p[2]:
        parts.append(f"{p[2]} power")
    return ", ".join(parts) if parts else "nothing"


class Referee(State):
    """The rules of The Iron Throne over a :class:`State`."""

    def __init__(self, tables: Tables, players: int, rng: random.Random) -> None:
        self.init_state(tables, players)
        self.rng = rng
        #: influence each seat spread, by reason, for the playtest's ways to win
        #: (a tally of the log, not game state: the snapshot leaves it out)
        self.spread_gains: list[dict[str, int]] = [{} for _ in range(players)]
        self.events: list[Event] = []
        #: per seat, what :meth:`leader_ask` made for its leader ability (or None)
        self.leader_asks: list[tuple[Compiled, Decision, Event] | None] = [None] * players
        self.PASS = self.opt("pass")
        self.DONE = self.opt("done")
        # what follows from the tables and the player count alone is made once
        # for all the games of a seating (none of it is ever changed)
        fixed = tables.seat_blocks.get(("referee", players))
        if fixed is None:
            fixed = tables.seat_blocks["referee", players] = self.fixed_parts(players)
        self.orders: list[list[int]] = fixed[0]
        self.packages: list[Package] = fixed[1]
        self.answer_support: list[Decision] = fixed[2]
        self.answer_deal: list[Decision] = fixed[3]
        self.order: list[int] = self.orders[0]

    def fixed_parts(
        self, players: int
    ) -> tuple[list[list[int]], list[Package], list[Decision], list[Decision]]:
        """The turn orders from each challenger, the truce packages, and each seat's
        questions to accept or decline support and a deal."""
        orders = [[(ch + i) % players for i in range(players)] for ch in range(players)]
        r = self.t.rules
        packages: list[Package] = [(0, 0, 0)]
        if r.truce.influence:
            packages.append((1, 0, 0))
        packages += [(0, h, 0) for h in range(1, r.truce.hostages + 1)]
        packages += [(0, 0, p) for p in range(1, r.truce.power + 1)]
        full = (r.truce.influence, r.truce.hostages, r.truce.power)
        if full not in packages:
            packages.append(full)
        support = self.choices(("answer",), lambda: (self.opt("accept"), self.opt("decline")))
        deal = self.choices(("deal?",), lambda: (self.opt("accept"), self.opt("reject")))
        return (
            orders,
            packages,
            [Decision(s, "answer_support", support) for s in range(players)],
            [Decision(s, "truce_answer", deal) for s in range(players)],
        )

    # ------------------------------------------------------------ helpers

    def opt(self, label: str, data: Any = None) -> Option:
        """The option ``label`` (cached: a label has one meaning in every seating).

        Options whose data is a seat come from :meth:`seat_opt` instead.
        """
        cache = self.t.options
        o = cache.get(label)
        if o is None:
            o = cache[label] = Option(label, data)
        return o

    def seat_opt(self, label: str, data: Any) -> Option:
        """An option naming a seat (cached for this seating only)."""
        cache = self.t.seat_options
        o = cache.get(label)
        if o is None:
            o = cache[label] = Option(label, data)
        return o

    def emit(self, kind: str, seat: int | None = None, **data: Any) -> None:
        """Record an event."""
        self.events.append(Event(kind, seat, data))

    def choices(self, key: Any, build: Any) -> tuple[Option, ...]:
        """The option tuple cached under ``key`` (built by ``build()`` the first time).

        Options depend only on the tables, so a key naming what they list
        (``("character", living characters)``) finds them again in any game.
        Tuples that name seats are cached by :meth:`seat_choices` instead.
        """
        cache = self.t.choices
        opts = cache.get(key)
        if opts is None:
            opts = cache[key] = tuple(build())
        return opts

    def seat_choices(self, key: Any, build: Any) -> tuple[Option, ...]:
        """:meth:`choices` for option tuples naming seats (cached for this seating only)."""
        cache = self.t.seat_choices
        opts = cache.get(key)
        if opts is None:
            opts = cache[key] = tuple(build())
        return opts

    def ask(self, seat: int, kind: str, options: tuple[Option, ...]) -> Flow:
        """Ask ``seat`` to choose; a single option is taken without asking."""
        if len(options) == 1:
            return 0
        return (yield Decision(seat, kind, options))

    def house(self, seat: int) -> str:
        """The House id of ``seat``."""
        return self.t.houses[seat]

    # ------------------------------------------------------------ queries used by effects

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` is the challenger or the defender."""
        return seat == self.challenger or seat == self.defender

    def is_supporting(self, seat: int) -> bool:
        """Whether ``seat``'s support is on a side (accepted or forced)."""
        return self.side[seat] != NO_SIDE and seat != self.challenger and seat != self.defender

    def is_participating(self, seat: int) -> bool:
        """Active players and accepted supporters, from the encounter phase on (IT-WD-03)."""
        return self.side[seat] != NO_SIDE and P_ENCOUNTER <= self.phase < P_OVER

    def outcome_name(self) -> str | None:
        """``hostility``, ``truce``, ``betrayal`` or ``None`` before the reveal."""
        return OUTCOME_NAMES[self.outcome]

    def side_result(self, seat: int) -> str | None:
        """``won`` or ``lost`` for ``seat``'s side once decided, else ``None``."""
        sd = self.side[seat]
        w = self.winner
        if not sd or w in (UNDECIDED, NOBODY):
            return None
        if w == BOTH_LOST:
            return "lost"
        return "won" if sd == w else "lost"

    def revealed_kind(self, seat: int) -> str | None:
        """The kind ``seat`` revealed (a character card counts as hostility)."""
        c = self.placed[seat]
        if c < 0 or self.outcome == 0:
            return None
        return "truce" if self.t.card_kind[c] == TRUCE else "hostility"

    def card_value(self, seat: int) -> int:
        """The hostility value of ``seat``'s placed card (character cards are worth 0)."""
        c = self.placed[seat]
        if c < 0 or self.t.card_kind[c] != HOSTILITY:
            return 0
        return self.t.card_value[c]

    def side_totals(self) -> list[int]:
        """``[0, challenger's total, defender's total]``, each the power of the side's
        participating characters + its card + bonuses (IT-ENC-05)."""
        tc, td = self.side_sums()
        return [self.bonus[0], tc, td]

    def side_sums(self) -> tuple[int, int]:
        """The challenger's and the defender's totals (:meth:`side_totals`): compiled,
        a pair of machine ints, no list to make (ability conditions ask often)."""
        bonus = self.bonus
        # summed in two machine ints: ``totals[s] += x`` on a list is a generic add
        tc: int = bonus[CHALLENGER]
        td: int = bonus[DEFENDER]
        power, status, side, committed = self.power, self.status, self.side, self.committed
        for seat in range(self.n):
            s = side[seat]
            c = committed[seat]
            if s and c >= 0 and status[c] == ALIVE:
                if s == CHALLENGER:
                    tc += power[c]
                else:
                    td += power[c]
        if self.outcome:
            tc += self.card_value(self.challenger)
            td += self.card_value(self.defender)
        return tc, td

    def is_behind(self, seat: int) -> bool:
        """Whether ``seat``'s side total is not higher than the other side's."""
        sd = self.side[seat]
        if not sd:
            return False
        tc, td = self.side_sums()
        return tc <= td if sd == CHALLENGER else td <= tc

    def has_living(self, seat: int) -> bool:
        """Whether ``seat`` has a living character."""
        return bool(self.alive[seat])

    def char_power_of(self, seat: int) -> int:
        """Power on ``seat``'s participating character (0 if none or dead)."""
        c = self.committed[seat]
        return self.power[c] if c >= 0 and self.status[c] == ALIVE else 0

    def targets(self, seat: int, who: str) -> list[int]:
        """The seats ``who`` names, seen from ``seat``'s side."""
        sd = self.side[seat]
        if not sd:
            return []
        other = other_side(sd)
        if who == "opposing_active":
            return [self.challenger if other == CHALLENGER else self.defender]
        active = self.challenger if other == CHALLENGER else self.defender
        return [
            s
            for s in self.order
            if self.side[s] == other and (who == "opposing_side" or s != active)
        ]

    def can_receive(self, seat: int) -> bool:
        """Whether ``seat`` may take hostages (not barred from rewards, IT-RES-07)."""
        return not self.no_rewards[seat]

    def can_force_support(self, that: int) -> bool:
        """Whether ``that`` player can still be made to support."""
        return not self.offered[that] and self.has_living(that)

    def can_place_first(self, seat: int) -> bool:
        """Whether the opposing active player can still be made to place first."""
        opp = self.targets(seat, "opposing_active")
        return bool(opp) and self.first_placer < 0 and self.placed[opp[0]] < 0

    def upgrade_targets(self) -> list[int]:
        """Active players who revealed hostility and hold a higher hostility card."""
        out = []
        kind = self.t.card_kind
        value = self.t.card_value
        for seat in (self.challenger, self.defender):
            c = self.placed[seat]
            if c < 0 or kind[c] == TRUCE:
                continue
            v = self.card_value(seat)
            if any(kind[h] == HOSTILITY and value[h] > v for h in self.hand[seat]):
                out.append(seat)
        return out

    def hostage_sources(self, victim: int) -> tuple[Option, ...]:
        """Where a hostage can be taken from ``victim`` (IT-HOST-01), as options."""
        deck = 1 if self.deck[victim] or self.discard[victim] else 0
        hand = 2 if self.hand[victim] else 0
        owner = self.t.card_owner
        owners = 0  # a bit per seat whose cards the victim holds as hostages
        for c in self.held[victim]:
            owners |= 1 << owner[c]
        # an int key of seat_choices, never negative (the defender's choice has
        # the negative ones; the others are tuples): no tuple to build and hash
        # on each of the game's hostage decisions
        key = deck | hand | owners << 2
        cache = self.t.seat_choices
        opts: tuple[Option, ...] | None = cache.get(key)
        if opts is None:
            out = []
            if deck:
                out.append(self.opt("deck", ("deck", -1)))
            if hand:
                out.append(self.opt("hand", ("hand", -1)))
            for o in range(self.n):
                if owners >> o & 1:
                    out.append(self.seat_opt(f"hostages: {self.house(o)}", ("held", o)))
            opts = cache[key] = tuple(out)
        return opts

    # ------------------------------------------------------------ primitives

    def to_hand(self, seat: int, c: int) -> None:
        """Card ``c`` (``seat``'s own: a hand holds no other) joins his hand."""
        self.hand[seat].append(c)
        self.hand_bits[seat] = self.hand_bits[seat] | self.t.card_bit[c]

    def from_hand(self, seat: int, c: int) -> None:
        """Card ``c`` leaves ``seat``'s hand."""
        drop(self.hand[seat], c)
        self.hand_bits[seat] = self.hand_bits[seat] & ~self.t.card_bit[c]

    def pop_hand(self, seat: int, i: int) -> int:
        """Remove and return the card at place ``i`` of ``seat``'s hand."""
        c = self.hand[seat].pop(i)
        self.hand_bits[seat] = self.hand_bits[seat] & ~self.t.card_bit[c]
        return c

    def index_hands(self) -> None:
        """Set :attr:`hand_bits` from the hands (a scenario deals them directly)."""
        bit = self.t.card_bit
        for seat in range(self.n):
            bits = 0
            for c in self.hand[seat]:
                bits |= bit[c]
            self.hand_bits[seat] = bits

    def refill(self, seat: int) -> None:
        """Shuffle the discard pile into an exhausted deck at once (IT-END-03)."""
        if not self.deck[seat] and self.discard[seat]:
            deck = self.deck[seat] = self.discard[seat]
            self.discard[seat] = []
            shuffle(self.rng, deck)
            self.emit("deck_reshuffled", seat, cards=len(deck))

    def take_top(self, seat: int) -> int:
        """Remove and return the top card of ``seat``'s deck, or -1 if none is left.

        A deck found empty is rebuilt first. A deck this empties is not: the
        caller records what became of the card, then calls :meth:`refill`, so
        the log shows the card leaving before the deck is rebuilt (IT-END-03).
        """
        deck = self.deck[seat]
        if not deck:
            self.refill(seat)
            deck = self.deck[seat]
            if not deck:
                return -1
        return deck.pop()

    def draw(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` cards (fewer when deck and discard run dry)."""
        hand = self.hand[seat]
        bit = self.t.card_bit
        bits = self.hand_bits[seat]
        drawn = self.t.drawn_events
        events = self.events
        deck = self.deck[seat]
        if 0 < count < len(deck):  # the common case: no reshuffle is due
            for _ in range(count):
                c = deck.pop()  # the top card (the last) is drawn first
                hand.append(c)
                bits |= bit[c]
                events.append(drawn[c])
            self.hand_bits[seat] = bits
            return
        for _ in range(count):
            if not deck:  # found empty (its discards were none when it ran out)
                self.refill(seat)
                deck = self.deck[seat]  # a refill replaces the deck
                if not deck:
                    break
            c = deck.pop()
            hand.append(c)
            bits |= bit[c]
            events.append(drawn[c])
            if not deck:  # this draw exhausted it: rebuilt at once, after the draw
                self.refill(seat)
                deck = self.deck[seat]
        self.hand_bits[seat] = bits

    def reshuffle(self, seat: int) -> None:
        """Shuffle the discard pile into the deck."""
        if self.discard[seat]:
            self.deck[seat].extend(self.discard[seat])
            self.discard[seat] = []
            shuffle(self.rng, self.deck[seat])
            self.emit("deck_reshuffled", seat, cards=len(self.deck[seat]))

    def discard_chosen(self, seat: int, count: int) -> Flow:
        """``seat`` discards ``count`` cards of their choice."""
        cid = self.t.card_id
        for _ in range(count):
            hand = self.hand[seat]
            if not hand:
                return
            opts = self.card_options(L_DISCARD, hand)
            i = 0 if len(opts) == 1 else (yield Decision(seat, "discard", opts))
            c = self.find_in_hand(seat, opts[i].data)
            self.from_hand(seat, c)
            self.discard[seat].append(c)
            self.emit("card_discarded", seat, card=cid[c])

    def random_discard(self, seat: int, count: int) -> None:
        """The opposing active player discards ``count`` cards at random."""
        for victim in self.targets(seat, "opposing_active"):
            hand = self.hand[victim]
            for _ in range(count):
                if not hand:
                    break
                c = self.pop_hand(victim, randbelow(self.rng, len(hand)))
                self.discard[victim].append(c)
                self.emit("card_discarded", victim, card=self.t.card_id[c], random=True)

    def card_options(
        self, listing: int, cards: list[int], first: Option | None = None
    ) -> tuple[Option, ...]:
        """One option per distinct card id among ``cards`` (cached), ordered by the
        seat of the card's owner, then by the card's place in its House's deck.

        An option's data is the card id (copies share it); :meth:`find` gets
        the card back from its zone. ``listing`` (:data:`LISTINGS`) names the
        options' verb, and a second verb whose options follow the first's;
        ``first`` (``pass``, ``done``) leads.
        """
        # the cache key: the ids listed as a set of bits per House, with the
        # leading option. A hand holds its owner's cards only: then the key is
        # a machine-size int naming the House (not the seat), so every seating
        # shares it; a list of several Houses' cards (hostages) packs each
        # House's bits (see mixed_card_options).
        t = self.t
        owner = t.card_owner
        local = t.card_local_bit
        o = owner[cards[0]] if cards else -1
        mask = 0
        for c in cards:
            if owner[c] != o:
                return self.mixed_card_options(listing, cards, first)
            mask |= local[c]
        home = t.seat_home[o] if o >= 0 else -1
        key = (mask << 1 | (first is not None)) * (t.home_count + 1) + home + 1
        cache = self.listing_cache(listing)
        opts = cache.get(key)
        if opts is None:
            listed = [first] if first is not None else []
            if mask:
                for verb in LISTINGS[listing]:
                    if verb:
                        self.list_ids(listed, verb, o, mask)
            opts = cache[key] = tuple(listed)
        return opts

    def mixed_card_options(
        self, listing: int, cards: list[int], first: Option | None
    ) -> tuple[Option, ...]:
        """:meth:`card_options` for cards of several owners."""
        t = self.t
        owner = t.card_owner
        local = t.card_local_bit
        masks = [0] * self.n
        for c in cards:
            masks[owner[c]] |= local[c]
        # the key: each owner's House and id bits in seat order, packed into an
        # int (negative: apart from the one-owner keys)
        home = t.seat_home
        bits, houses = t.id_bits, t.home_count + 1
        key = int(first is not None)
        for s in range(self.n):
            if masks[s]:
                key = ((key * houses + home[s] + 1) << bits) | masks[s]
        key = -1 - key
        cache = self.listing_cache(listing)
        opts = cache.get(key)
        if opts is None:
            listed = [first] if first is not None else []
            for verb in LISTINGS[listing]:
                for seat, mask in enumerate(masks):
                    if verb and mask:
                        self.list_ids(listed, verb, seat, mask)
            opts = cache[key] = tuple(listed)
        return opts

    def listing_cache(self, listing: int) -> dict[int, tuple[Option, ...]]:
        """The option tuples :meth:`card_options` keeps for ``listing``."""
        listed = self.t.listed
        if not listed:  # the first listing of these tables
            listed.extend({} for _ in LISTINGS)
        cache = listed[listing]
        if len(cache) >= LISTED_CAP:
            cache.clear()  # hands combine many ways: keep the cache bounded
        return cache

    def list_ids(self, listed: list[Option], verb: str, seat: int, mask: int) -> None:
        """Append to ``listed`` the options of the ids of ``seat``'s House whose bits
        (``card_local_bit``) are set in ``mask``, in deck order."""
        per_id = self.id_options(verb, seat)
        while mask:
            low = mask & -mask
            listed.append(per_id[low.bit_length() - 1])
            mask ^= low

    def id_options(self, verb: str, seat: int) -> tuple[Option, ...]:
        """``verb: <card id>`` for each id of ``seat``'s House, in deck order (cached
        by House: the same in every seating)."""
        t = self.t
        per_house = t.id_lists.get(verb)
        if per_house is None:
            per_house = t.id_lists[verb] = [None] * t.home_count
        home = t.seat_home[seat]
        opts = per_house[home]
        if opts is None:
            ids = {t.card_id[c]: None for c in t.seat_cards[seat]}
            opts = per_house[home] = tuple(self.opt(f"{verb}: {i}", i) for i in ids)
        return opts

    def find(self, zone: list[int], card_id: str) -> int:
        """The first card of ``zone`` (in card-number order) with id ``card_id``."""
        for c in self.t.id_cards[card_id]:  # its copies, in card-number order
            if holds(zone, c):
                return c
        raise ValueError(f"no {card_id} in the zone")

    def find_in_hand(self, seat: int, card_id: str) -> int:
        """:meth:`find` in ``seat``'s hand, by its bits."""
        bits, bit = self.hand_bits[seat], self.t.card_bit
        for c in self.t.id_cards[card_id]:
            if bits & bit[c]:
                return c
        raise ValueError(f"no {card_id} in the hand")

    def remove_power(self, c: int, amount: int) -> int:
        """Move up to ``amount`` power from character ``c`` to its sheet; it may die."""
        have = self.power[c]
        k = amount if amount < have else have
        if k <= 0:
            return 0
        self.power[c] = have - k
        seat = self.t.char_seat[c]
        self.sheet[seat] = self.sheet[seat] + k
        by_amount = self.t.removed_events[c]
        while len(by_amount) <= k:
            by_amount.append(None)
        event = by_amount[k]
        if event is None:
            key = ("power_removed", seat, c, k)
            event = self.t.seat_events.get(key)
            if event is None:
                data = {"character": self.t.char_id[c], "amount": k}
                event = self.t.seat_events[key] = Event("power_removed", seat, data)
            by_amount[k] = event
        self.events.append(event)
        if have == k:
            self.die(c)
        return k

    def die(self, c: int) -> None:
        """Character ``c`` has no power left: its token flips facedown (IT-POW-01)."""
        self.status[c] = DEAD
        self.count_living(self.t.char_seat[c])
        self.emit("character_died", self.t.char_seat[c], character=self.t.char_id[c])

    def sheet_to_box(self, seat: int, amount: int) -> None:
        """Power removed from a leader sheet leaves the game (IT-POW-03)."""
        k = min(amount, self.sheet[seat])
        self.sheet[seat] = self.sheet[seat] - k
        self.box += k
        self.emit("power_to_box", seat, amount=k)

    def distribute(self, seat: int, amount: int, up_to: bool = False) -> Flow:
        """Move ``amount`` power from the sheet onto living characters, split freely.

        One decision lists every split (IT-POW-02); with less on the sheet,
        as much as there is (IT-GAP-06). ``up_to`` (abilities) also offers
        the smaller amounts.
        """
        k = min(amount, self.sheet[seat])
        if k <= 0:
            return
        living = self.alive[seat]
        if not living:
            return
        # the options and the events of each split, for these living characters
        memo = self.living_memo[seat]
        if len(living) == 1 and not (up_to and k > 1):
            split: tuple[int, ...] = (living[0],) * k
            key = k << 2  # int keys: (k, forced or split, up_to) as bits
            event = memo.get(key)
            if event is None:
                event = memo[key] = self.power_placed(seat, split)
        else:
            key = k << 2 | 1 | int(up_to) << 1
            known = memo.get(key)
            if known is None:
                opts = self.split_options(living, k, up_to)
                blank: list[Event | None] = [None] * len(opts)
                ask = Decision(seat, "distribute", opts)
                known = memo[key] = (opts, blank, ask)
            listed: tuple[Option, ...] = known[0]  # typed: its items' fields are read natively
            events: list[Event | None] = known[1]
            i = yield known[2]
            split = listed[i].data
            event = events[i]
            if event is None:
                event = events[i] = self.power_placed(seat, split)
        self.sheet[seat] = self.sheet[seat] - len(split)
        power = self.power
        for c in split:
            power[c] = power[c] + 1
        self.events.append(event)

    def power_placed(self, seat: int, split: tuple[int, ...]) -> Event:
        """The event of ``seat`` placing power on ``split`` (from the shared pool)."""
        known = self.t.seat_events
        base = len(self.t.char_id) + 1
        key = seat + 1  # then each character plus one, a digit (never 0) in base ``base``
        for c in split:
            key = key * base + c + 1
        key = pool_key(POOL_PLACED, key)
        event = known.get(key)
        if event is None:
            cid = self.t.char_id
            event = known[key] = Event(
                "power_placed", seat, {"characters": [cid[c] for c in split]}
            )
        return event

    def split_options(
        self, living: tuple[int, ...], k: int, up_to: bool = False
    ) -> tuple[Option, ...]:
        """Every way to place ``k`` (or, ``up_to``, 1 to ``k``) power on ``living`` (cached)."""
        # living characters come in character-number order: as bits they name the tuple
        mask = 0
        for c in living:
            mask |= 1 << c
        key: Any = (mask << 7 | k << 1 | int(up_to)) if k < 64 else ("split", living, k, up_to)
        cache = self.t.choices
        opts = cache.get(key)
        if opts is None:
            cid = self.t.char_id
            sizes = range(k, 0, -1) if up_to else (k,)
            opts = cache[key] = tuple(
                self.opt("power to: " + ", ".join(cid[c] for c in combo), combo)
                for size in sizes
                for combo in combinations_with_replacement(living, size)
            )
        return opts

    def spread(self, seat: int, target: int, reason: str = "ability") -> bool:
        """``seat`` spreads one influence token onto ``target``'s board (IT-WIN-01).

        ``reason`` (``ability``, ``challenge won``, ``truce deal``) is tallied
        in :attr:`spread_gains` for the playtest's ways to win.
        """
        if self.left[seat] <= 0 or target == seat:
            return False
        self.left[seat] = self.left[seat] - 1
        self.on_board[target][seat] = self.on_board[target][seat] + 1
        gains = self.spread_gains[seat]
        gains[reason] = gains.get(reason, 0) + 1
        t = self.t
        known = t.seat_events
        to_house = self.left[seat] * t.home_count + t.seat_home[target]
        key = pool_key(POOL_SPREAD, with_seat(to_house, seat))
        event = known.get(key)
        if event is None:
            data = {"to": self.house(target), "left": self.left[seat]}
            event = known[key] = Event("influence_spread", seat, data)
        self.events.append(event)
        return True

    def spread_to_opponent(self, seat: int, count: int) -> None:
        """Effect: spread onto the opposing active player's board."""
        for target in self.targets(seat, "opposing_active"):
            for _ in range(count):
                self.spread(seat, target)

    def steal_power(self, seat: int, amount: int) -> None:
        """Effect: move power from the opposing active player's sheet to ``seat``'s."""
        for victim in self.targets(seat, "opposing_active"):
            k = min(amount, self.sheet[victim])
            self.sheet[victim] = self.sheet[victim] - k
            self.sheet[seat] = self.sheet[seat] + k
            self.emit("power_taken", seat, source=self.house(victim), amount=k)

    def strike(self, seat: int, who: str, amount: int | None, keep: int | None) -> None:
        """Effect: struck players lose power from their participating characters."""
        for target in self.targets(seat, who):
            c = self.committed[target]
            if c < 0 or self.status[c] != ALIVE:
                continue
            k = amount if amount is not None else self.power[c] - (keep or 0)
            if k > 0:
                self.remove_power(c, k)

    def add_bonus(self, sd: int, amount: int) -> None:
        """Effect: change a side's hostility total."""
        if sd:
            self.bonus[sd] = self.bonus[sd] + amount
            self.emit("total_changed", None, side=("challenger", "defender")[sd - 1], by=amount)

    def shield(self, seat: int, who: str) -> None:
        """Effect: no penalties this encounter for ``seat`` (or its whole side)."""
        sd = self.side[seat]
        for s in range(self.n):
            if s == seat or (who == "your_side" and sd and self.side[s] == sd):
                self.shielded[s] = True
                self.emit("shielded", s)

    def deny_rewards(self, seat: int) -> None:
        """Effect: the opposing active player gets no rewards this encounter."""
        for victim in self.targets(seat, "opposing_active"):
            self.no_rewards[victim] = True
            self.emit("rewards_denied", victim)

    def set_place_first(self, seat: int, faceup: bool) -> None:
        """Effect: the opposing active player places first (and face up)."""
        for opp in self.targets(seat, "opposing_active"):
            self.first_placer = opp
            self.faceup[opp] = faceup
            self.emit("places_first", opp, faceup=faceup)

    def resolve_as_truce(self, seat: int) -> None:
        """Effect: a betrayal outcome resolves as a truce instead."""
        if self.outcome == BETRAYAL:
            self.outcome = TRUCED
            self.emit("outcome_changed", seat, outcome="truce")

    def force_support(self, seat: int, that: int) -> Flow:
        """Effect: one of ``that`` player's characters supports ``seat``."""
        opts = self.character_options(self.living(that))
        c = opts[(yield from self.ask(seat, "force_support", opts))].data
        self.offered[that] = True
        self.side[that] = self.side[seat]
        self.committed[that] = c
        self.emit(
            "support_forced",
            that,
            by=self.house(seat),
            character=self.t.char_id[c],
            side=("challenger", "defender")[self.side[seat] - 1],
        )

    def upgrade_hostility(self, seat: int) -> Flow:
        """Effect: a revealed hostility card is swapped for a higher one from hand."""
        targets = self.upgrade_targets()
        if not targets:
            return
        opts = self.seat_choices(
            ("player", tuple(targets)),
            lambda: [self.seat_opt(f"player: {self.house(s)}", s) for s in targets],
        )
        target = opts[(yield from self.ask(seat, "upgrade_target", opts))].data
        v = self.card_value(target)
        kind, value = self.t.card_kind, self.t.card_value
        higher = [h for h in self.hand[target] if kind[h] == HOSTILITY and value[h] > v]
        cards = self.card_options(L_REPLACE, higher)
        i = 0 if len(cards) == 1 else (yield Decision(target, "upgrade_card", cards))
        new = self.find(higher, cards[i].data)
        old = self.placed[target]
        drop(self.table[target], old)
        self.discard[target].append(old)
        self.from_hand(target, new)
        self.table[target].append(new)
        self.placed[target] = new
        cid = self.t.card_id
        self.emit("card_replaced", target, old=cid[old], new=cid[new])
        self.events.append(Event("card_played", target, {"card": cid[new], "use": "replacement"}))

    def withdraw_one(self, seat: int) -> Flow:
        """Effect: a supporting player on the opposing side withdraws (IT-WD-01)."""
        targets = self.targets(seat, "opposing_supporters")
        if not targets:
            return
        opts = self.seat_choices(
            ("withdraw", tuple(targets)),
            lambda: [self.seat_opt(f"withdraw: {self.house(s)}", s) for s in targets],
        )
        target = opts[(yield from self.ask(seat, "withdraw_target", opts))].data
        self.withdraw(target)

    def withdraw(self, seat: int) -> None:
        """``seat`` stops supporting: character home, played cards discarded."""
        if self.is_active(seat):
            return  # an active player never withdraws (IT-WD-02)
        self.withdrawn[seat] = True
        self.side[seat] = NO_SIDE
        self.committed[seat] = -1
        self.discard[seat].extend(self.table[seat])
        self.table[seat].clear()
        self.emit("withdrew", seat)

    def hostages_from(self, seat: int, victims: list[int]) -> Flow:
        """Effect: ``seat`` takes one hostage from each of ``victims``."""
        for victim in victims:
            if not self.shielded[victim] and self.can_receive(seat):
                yield from self.take_hostage(seat, victim)

    def take_hostage(self, taker: int, victim: int) -> Flow:
        """``taker`` takes one card of ``victim`` from a source of his choice."""
        sources = self.hostage_sources(victim)
        if not sources:
            return
        # :meth:`ask` inlined in the commonest asks: no generator when there is one option
        i = 0 if len(sources) == 1 else (yield Decision(taker, "hostage_source", sources))
        source_of: tuple[str, int] = sources[i].data  # typed: compared natively
        where, owner = source_of
        if where == "deck":
            c = self.take_top(victim)
        elif where == "hand":
            c = self.pop_hand(victim, randbelow(self.rng, len(self.hand[victim])))
        else:
            pool = [h for h in self.held[victim] if self.t.card_owner[h] == owner]
            c = pool[randbelow(self.rng, len(pool))]
            drop(self.held[victim], c)
        own = self.t.card_owner[c] == taker
        if own:
            self.to_hand(taker, c)  # IT-HOST-03
        else:
            self.held[taker].append(c)
        # events recur from game to game: each is made once, kept in the pool
        # under all it says (the victim by House: the pool serves every seating)
        t = self.t
        known = t.seat_events
        source = 0 if where == "deck" else 1 if where == "hand" else 2
        held_by = ((c << 1 | int(own)) << 2 | source) * t.home_count + t.seat_home[victim]
        key = pool_key(POOL_HOSTAGE, with_seat(held_by, taker))
        event = known.get(key)
        if event is None:
            data = {
                "victim": self.house(victim),
                "source": where,
                "card": self.t.card_id[c],
                "house": self.house(self.t.card_owner[c]),
                "returned": own,
            }
            event = known[key] = Event("hostage_taken", taker, data)
        self.events.append(event)
        if where == "deck":
            self.refill(victim)  # a deck the hostage exhausted is rebuilt now (IT-END-03)

    # ------------------------------------------------------------ windows

    def window_open(self, w: int) -> bool:
        """Whether anyone might act in window ``w`` (else no generator is made for it):
        a leader ability of the window or, from the encounter on, a character
        card of it (:meth:`cards_open`)."""
        return bool(self.leader_at[self.order[0]][w]) or (
            w >= W_BEFORE_CARDS and self.cards_open(w)
        )

    def cards_open(self, w: int) -> bool:
        """Whether a participant holds a character card of window ``w`` for his
        living participating character or his leader (its conditions are
        tested only when the window reaches him).

        A window is opened (a generator made for it) only when someone might
        act in it: a leader ability of the window (``leader_at``) or, from
        the encounter on, such a card.
        """
        hand_bits = self.hand_bits
        return any(hand_bits[seat] & self.window_cards(w, seat) for seat in range(self.n))

    def window_cards(self, w: int, seat: int) -> int:
        """The cards (``card_bit`` bits) of window ``w`` for ``seat``'s participating
        character and his leader; 0 without a living participating character
        (no card text then: IT-CHAR-01, IT-DEATH-03)."""
        mine = self.committed[seat]
        if mine < 0 or not self.side[seat] or self.status[mine] != ALIVE:
            return 0
        slot_bits = self.t.slot_bits
        base = w * len(self.status)
        bits = slot_bits[base + mine]
        lead = self.leader[seat]
        if lead >= 0:
            bits |= slot_bits[base + lead]
        return bits

    def window(self, w: int, ctx: Any = None) -> Flow:
        """Offer leader abilities, then character cards, for window ``w``.

        Entered only when someone might act (see :meth:`window_open`).
        """
        self.ctx = ctx
        leaders = self.leader_at[self.order[0]][w]
        for seat in leaders:
            ab = self.leader_ab[seat]
            assert ab is not None
            if not ab.usable(self, seat, ctx):
                continue
            asks = self.leader_asks[seat]
            if asks is None or asks[0] is not ab:
                asks = self.leader_asks[seat] = self.leader_ask(seat, ab)
            if (yield asks[1]) == 0:
                self.events.append(asks[2])
                yield from run(self, seat, ab, ctx)
        # with no leader here, window_open just found a card in hand; after a
        # leader's ability hands may have changed, so look again
        if w >= W_BEFORE_CARDS and (not leaders or self.cards_open(w)):
            yield from self.card_window(w, ctx)
        self.ctx = None

    def leader_ask(self, seat: int, ab: Compiled) -> tuple[Compiled, Decision, Event]:
        """``ab`` (``seat``'s leader ability), the decision offering it to him, and the
        event of its use: made once a game (see :attr:`leader_asks`)."""
        key = ("use", ab.source)
        opts = self.t.choices.get(key)
        if opts is None:
            opts = self.t.choices[key] = (self.opt(f"use: {ab.title}", ab), self.PASS)
        used = {"source": ab.source, "title": ab.title}
        return (
            ab,
            Decision(seat, "use_leader", opts),
            Event("ability_used", seat, used),
        )

    def card_window(self, w: int, ctx: Any) -> Flow:
        """Offer each participant the character cards usable now, clockwise."""
        status = self.status
        for seat in self.order:
            bits = self.window_cards(w, seat)
            if not bits:
                continue
            mine = self.committed[seat]
            while status[mine] == ALIVE:  # an effect may kill it mid-window
                usable = self.usable_cards(seat, self.hand_bits[seat] & bits, ctx)
                if not usable:
                    break
                opts = self.card_options(L_PLAY, usable, self.PASS)
                i = yield Decision(seat, "play_card", opts)
                if i == 0:
                    break
                # the first copy in hand: every copy of a card is usable alike
                c = self.find_in_hand(seat, opts[i].data)
                self.from_hand(seat, c)
                self.table[seat].append(c)
                ab = self.t.card_ability[c]
                assert ab is not None
                self.events.append(
                    Event(
                        "card_played",
                        seat,
                        {"card": self.t.card_id[c], "use": "ability", "title": ab.title},
                    )
                )
                yield from run(self, seat, ab, ctx)
                if not self.side[seat]:
                    break

    def usable_cards(self, seat: int, held: int, ctx: Any) -> list[int]:
        """The cards of ``seat``'s hand among bits ``held`` whose ability he may use now."""
        cards = self.t.seat_cards[seat]
        cab = self.t.card_ability
        usable = []
        while held:
            low = held & -held
            c = cards[low.bit_length() - 1]
            held ^= low
            ab = cab[c]  # a card of a window has an ability
            if ab is not None and ab.usable(self, seat, ctx):
                usable.append(c)
        return usable

    # ------------------------------------------------------------ the game

    def flow(self, start: str = "leaders", pause: bool = False) -> Flow:
        """The whole game from ``start`` (``leaders``, ``turn``, ``support`` or ``encounter``).

        Each turn runs its phases in order here (a scenario may start a turn
        at its support or encounter phase), then the end of the game is
        checked and the next player becomes the challenger. ``pause`` (a
        scenario) first asks the first player a one-option ``scenario_start``
        question, so that all the position sets off happens after it, where
        the scenario's checks can see it.
        """
        if pause:
            yield Decision(self.first, "scenario_start", (self.opt("begin"),))
        if start == "leaders":
            yield from self.choose_leaders()
            start = "turn"
        while True:
            if start == "turn":
                self.start_turn()
                if any(len(h) > 0 for h in self.held):  # a loop, not any() of a list
                    yield from self.hostage_step()
                if self.window_open(W_BEFORE_TURN):
                    yield from self.window(W_BEFORE_TURN)
                self.set_phase(P_PREPARATION)
                yield from self.preparation()
                start = "support"
            self.order = self.orders[self.challenger]
            if start == "support":
                self.set_phase(P_SUPPORT)
                yield from self.support()
            self.set_phase(P_ENCOUNTER)
            yield from self.encounter()
            self.set_phase(P_RESOLUTION)
            yield from self.resolution()
            self.set_phase(P_END)
            self.end_of_turn()
            start = "turn"
            if self.check_end():
                return
            if self.turn_limit and self.turn >= self.turn_limit:
                self.finish("turn_limit")
                return
            self.challenger = (self.challenger + 1) % self.n

    def choose_leaders(self) -> Flow:
        """Each player keeps one of the leader sheets he drew (IT-SETUP-01/02), then deals."""
        picks = []
        cid = self.t.char_id
        # every player draws his sheets before anyone keeps one (IT-SETUP-01)
        for seat in range(self.n):
            for c in self.leader_offers[seat]:
                self.events.append(Event("card_drawn", seat, {"card": cid[c]}))
        for seat in range(self.n):
            offered = tuple(self.leader_offers[seat])
            opts = self.choices(
                ("leader", offered), lambda o=offered: [self.opt(f"leader: {cid[c]}", c) for c in o]
            )
            i = 0 if len(opts) == 1 else (yield Decision(seat, "choose_leader", opts))
            picks.append(opts[i].data)
        for seat, c in enumerate(picks):
            self.set_leader(seat, c)
            self.emit("leader_chosen", seat, leader=cid[c])
            self.events.append(Event("card_played", seat, {"card": cid[c]}))
        self.index_leaders()
        if self.deal_after_leaders:
            for seat in range(self.n):
                shuffle(self.rng, self.deck[seat])
                self.draw(seat, self.t.num.hand_size)

    def set_leader(self, seat: int, c: int) -> None:
        """Make character ``c`` the leader of ``seat``; its token goes back to the box."""
        r = self.t.num
        self.leader[seat] = c
        ab = self.t.char_leader[c]
        self.leader_ab[seat] = ab
        self.leader_window[seat] = ab.window if ab is not None else -1
        for k in self.t.seat_chars[seat]:
            if k == c:
                self.supply += self.power[k]
                self.power[k] = 0
                self.status[k] = 0
            elif self.status[k] == 0:
                self.status[k] = ALIVE
                self.power[k] = r.character_power
                self.supply -= r.character_power
        self.count_living(seat)

    def index_leaders(self) -> None:
        """Rebuild :attr:`leader_at` after leaders change (a window then costs one lookup).

        ``leader_at[challenger][w]`` lists the seats, clockwise from
        ``challenger``, whose leader ability belongs to window ``w``; "before
        your turn" lists the challenger alone, since only he may use it then.
        """
        lw = self.leader_window
        if all(x < 0 for x in lw):  # no leader yet (a new game) or none with an ability
            self.leader_at = [NO_LEADERS] * self.n
            return
        at = []
        for order in self.orders:
            row = list(NO_LEADERS)
            for s in order:
                w = lw[s]
                if w >= 0 and (w != W_BEFORE_TURN or s == order[0]):
                    row[w] += (s,)
            at.append(tuple(row))
        self.leader_at = at

    def count_round(self) -> None:
        """Update :attr:`round_no` after :attr:`turn` changed (the engine reads it every step).

        Round = one turn per player; round 1 holds the first ``n`` turns.
        """
        turn = self.turn
        self.round_no = (turn - 1) // self.n + 1 if turn > 0 else 1

    def start_turn(self) -> None:
        """A new turn: the next challenger's, with a clean encounter."""
        self.turn += 1
        self.count_round()
        self.reset_encounter()
        self.order = self.orders[self.challenger]
        self.set_phase(P_TURN_START)
        known = self.t.seat_events
        key = pool_key(POOL_TURN, with_seat(self.turn, self.challenger))
        event = known.get(key)
        if event is None:
            event = known[key] = Event("turn_started", self.challenger, {"turn": self.turn})
        self.events.append(event)

    # -- turn start

    def hostage_step(self) -> Flow:
        """Each player, clockwise from the challenger, releases or torments hostages."""
        for seat in self.order:
            while self.held[seat]:
                opts = self.hostage_options(self.held[seat])
                i = yield Decision(seat, "hostages", opts)
                if i == 0:
                    break
                c = self.find(self.held[seat], opts[i].data)
                if opts[i].label.startswith("release"):
                    self.release(seat, c)
                else:
                    yield from self.torment(seat, c)

    def hostage_options(self, held: list[int]) -> tuple[Option, ...]:
        """``done``, then release and torment for each distinct held card."""
        return self.card_options(L_HOSTAGES, held, self.DONE)

    def release(self, seat: int, c: int) -> None:
        """The hostage goes home to its owner's hand; the releaser draws (IT-HOST-06)."""
        drop(self.held[seat], c)
        owner = self.t.card_owner[c]
        self.to_hand(owner, c)
        self.emit("hostage_released", seat, card=self.t.card_id[c], to=self.house(owner))
        self.draw(seat, self.t.num.release_draw)

    def torment(self, seat: int, c: int) -> Flow:
        """The hostage is discarded with an effect by its kind (IT-HOST-07..10)."""
        t = self.t
        r = t.num
        drop(self.held[seat], c)
        owner = t.card_owner[c]
        self.discard[owner].append(c)
        self.emit("hostage_tormented", seat, card=t.card_id[c], owner=self.house(owner))
        if t.card_kind[c] == CHARACTER:
            ch = t.card_char[c]
            if ch == self.leader[owner]:
                self.sheet_to_box(owner, r.torment_leader)
            elif self.status[ch] == ALIVE:
                self.remove_power(ch, r.torment_character)
            return
        living = self.living(owner)
        if not living or r.torment_other <= 0:
            return
        opts = self.choices(
            ("power from", living),
            lambda: [self.opt(f"power from: {t.char_id[k]}", k) for k in living],
        )
        i = 0 if len(opts) == 1 else (yield Decision(seat, "torment_target", opts))
        k: int = opts[i].data
        taken = min(r.torment_other, self.power[k])
        self.power[k] = self.power[k] - taken
        self.sheet[seat] = self.sheet[seat] + taken
        self.emit("power_taken", seat, source=t.char_id[k], amount=taken)
        if self.power[k] == 0:
            self.die(k)

    # -- preparation

    def draw_event(self) -> int:
        """The top event card; an empty event deck is rebuilt from its discards (IT-GAP-01)."""
        if not self.event_deck:
            self.event_deck = self.event_discard
            self.event_discard = []
            shuffle(self.rng, self.event_deck)
            self.emit("event_deck_reshuffled", None, cards=len(self.event_deck))
        return self.event_deck.pop()

    def preparation(self) -> Flow:
        """Event, defender, draws, power, committed characters (IT-PREP-01..06)."""
        t = self.t
        ch = self.challenger
        e = self.draw_event()
        announced: tuple[Event, Event] = t.event_events[ch][e]
        drawn, played = announced
        self.events.append(drawn)
        self.events.append(played)
        others = self.order[1:]  # clockwise from the challenger's left
        rule = t.event_rule[e]
        if rule == "house":
            d = t.event_house[e]
            cands = (d,) if d >= 0 and d != ch else tuple(others)
        else:
            score = self.special_score(rule)
            best = score[others[0]]
            for s in others:  # a loop: max() of a generator is a generic call compiled
                if score[s] > best:
                    best = score[s]
            cands = tuple(s for s in others if score[s] == best)
        # the candidates come clockwise from the challenger's left, so their seats
        # as bits and the challenger name them: an int key, not a tuple hashed
        # (negative: apart from hostage_sources' keys, the other ints here)
        key = ch
        for s in cands:
            key |= 8 << s
        key = -1 - key
        opts: tuple[Option, ...] = t.seat_choices.get(key) or self.seat_choices(
            key,
            lambda: [self.seat_opt(f"defender: {self.house(s)}", s) for s in cands],
        )
        d = (
            opts[0].data
            if len(opts) == 1
            else opts[(yield Decision(ch, "choose_defender", opts))].data
        )
        self.event_discard.append(e)
        self.defender = d
        self.side[ch] = CHALLENGER
        self.side[d] = DEFENDER
        self.events.append(t.defender_events[d][e])
        if self.window_open(W_DEFENDER):
            yield from self.window(W_DEFENDER)
        r = t.num
        self.draw(ch, r.preparation_draw)
        self.draw(d, r.preparation_draw)
        yield from self.distribute(ch, r.preparation_distribute)
        yield from self.distribute(d, r.preparation_distribute)
        # each commits a character; the asks are made here, not in a generator per seat
        for seat in (ch, d):
            living = self.alive[seat]
            if len(living) == 1:
                self.commit(seat, living[0])
            elif living:
                opts, ask = self.commit_options(seat)
                self.commit(seat, opts[(yield ask)].data)

    def special_score(self, rule: str) -> list[int]:
        """Per seat, the number a special event compares."""
        if rule == "most_influence_spread":
            return [self.spread_count(s) for s in range(self.n)]
        if rule == "most_cards_in_hand":
            return [len(h) for h in self.hand]
        return list(self.sheet)

    def commit_options(self, seat: int) -> tuple[tuple[Option, ...], Decision]:
        """The characters ``seat`` may push forward, one option per living one, and
        the decision asking him (kept while they live)."""
        memo = self.living_memo[seat]
        known = memo.get("character")
        if known is None:
            opts = self.character_options(self.alive[seat])
            ask = Decision(seat, "choose_character", opts)
            known = memo["character"] = (opts, ask)
        return known

    def commit(self, seat: int, c: int) -> None:
        """``seat`` pushes living character ``c`` forward."""
        self.committed[seat] = c
        self.events.append(self.t.committed_events[c])

    def character_options(self, living: tuple[int, ...]) -> tuple[Option, ...]:
        """One option per living character (cached)."""
        cid = self.t.char_id
        return self.choices(
            ("character", living), lambda: [self.opt(f"character: {cid[c]}", c) for c in living]
        )

    # -- support

    def support(self) -> Flow:
        """Offers clockwise from the challenger's left; the active player answers."""
        ch, de = self.challenger, self.defender
        offered, accepted, declined = self.t.support_events
        for seat in self.order[1:]:
            if seat == de:
                continue
            living = self.alive[seat]
            if not living:
                continue
            if self.window_open(W_BEFORE_SUPPORT):
                yield from self.window(W_BEFORE_SUPPORT, seat)
                if self.offered[seat]:
                    continue
            memo = self.living_memo[seat]
            known = memo.get("support")
            if known is None:
                opts = self.support_options(living)
                known = memo["support"] = (opts, Decision(seat, "offer_support", opts))
            offers: tuple[Option, ...] = known[0]  # typed: read natively
            ask: Decision = known[1]
            pick: tuple[int, int] = offers[(yield ask)].data
            sd, c = pick
            self.offered[seat] = True
            if sd == NO_SIDE:
                self.events.append(self.t.stayed_out_events[seat])
                continue
            self.events.append(offered[sd][c])
            self.pending_offer = (seat, sd, c)
            active = ch if sd == CHALLENGER else de
            if (yield self.answer_support[active]) == 0:
                self.side[seat] = sd
                self.committed[seat] = c
                self.events.append(accepted[sd][c])
            else:
                self.events.append(declined[sd][c])
            self.pending_offer = None
        if self.window_open(W_AFTER_SUPPORT):
            yield from self.window(W_AFTER_SUPPORT)

    def support_options(self, living: tuple[int, ...]) -> tuple[Option, ...]:
        """``stay out``, then each living character offered to either side (cached)."""

        def build() -> list[Option]:
            cid = self.t.char_id
            out = [self.opt("stay out", (NO_SIDE, -1))]
            out += [self.opt(f"support challenger: {cid[c]}", (CHALLENGER, c)) for c in living]
            out += [self.opt(f"support defender: {cid[c]}", (DEFENDER, c)) for c in living]
            return out

        return self.choices(("support", living), build)

    # -- encounter

    def encounter(self) -> Flow:
        """Facedown cards, reveal, outcome (IT-ENC-01..07)."""
        if self.window_open(W_BEFORE_CARDS):
            yield from self.window(W_BEFORE_CARDS)
        ch, de = self.challenger, self.defender
        placers = (de, ch) if self.first_placer == de else (ch, de)
        for seat in placers:
            # each places a card; the ask is made here, not in a generator per seat
            hand = self.hand[seat]
            if hand:
                opts = self.card_options(L_PLACE, hand)
                i = 0 if len(opts) == 1 else (yield Decision(seat, "place_card", opts))
                self.place(seat, self.find_in_hand(seat, opts[i].data))
            else:
                self.place(seat, -1)
        kind = self.t.card_kind
        kc = TRUCE if self.placed[ch] >= 0 and kind[self.placed[ch]] == TRUCE else HOSTILITY
        kd = TRUCE if self.placed[de] >= 0 and kind[self.placed[de]] == TRUCE else HOSTILITY
        if kc == kd:
            self.outcome = HOSTILE if kc == HOSTILITY else TRUCED
        else:
            self.outcome = BETRAYAL
        pc, pd = self.placed[ch], self.placed[de]
        known = self.t.seat_events  # the pool (see hostage_taken)
        base = len(self.t.card_id) + 1  # a card plus one (-1: none) is a digit in this base
        key = pool_key(POOL_REVEALED, with_outcome((pc + 1) * base + pd + 1, self.outcome))
        event = known.get(key)
        if event is None:
            cid = self.t.card_id
            data = {
                "challenger": cid[pc] if pc >= 0 else None,
                "defender": cid[pd] if pd >= 0 else None,
                "outcome": OUTCOME_NAMES[self.outcome],
            }
            event = known[key] = Event("cards_revealed", None, data)
        self.events.append(event)
        if self.window_open(W_AFTER_REVEAL):
            yield from self.window(W_AFTER_REVEAL)

    def place(self, seat: int, c: int) -> None:
        """``seat`` places card ``c`` of his hand facedown; -1: the deck's top card, his
        hand being empty (IT-ENC-04)."""
        from_deck = c < 0
        if from_deck:
            c = self.take_top(seat)
            if c < 0:
                self.emit("card_played", seat, card=None, use="placed", faceup=self.faceup[seat])
                return
        else:
            self.from_hand(seat, c)
        self.placed[seat] = c
        self.table[seat].append(c)
        self.events.append(self.t.placed_events[self.faceup[seat]][c])
        if from_deck:
            self.refill(seat)  # a deck the card exhausted is rebuilt now (IT-END-03)

    # -- resolution

    def resolution(self) -> Flow:
        """Rewards, penalties and hostages, or the truce talk (IT-RES, IT-ENC-08..13)."""
        ch, de = self.challenger, self.defender
        self.totals = self.side_totals()
        if self.outcome == TRUCED:
            yield from self.truce()
        elif self.outcome == HOSTILE:
            tc, td = self.totals[1], self.totals[2]
            self.winner = CHALLENGER_WON if tc > td else DEFENDER_WON if td > tc else BOTH_LOST
            self.emit_result()
            yield from self.rewards_and_penalties()
            if self.winner != BOTH_LOST:
                yield from self.hostility_hostage()
        else:
            truce_seat = ch if self.t.card_kind[self.placed[ch]] == TRUCE else de
            self.winner = DEFENDER_WON if truce_seat == ch else CHALLENGER_WON
            self.emit_result()
            yield from self.rewards_and_penalties()
            yield from self.betrayal_hostages(truce_seat)
        if self.window_open(W_AFTER_RESOLUTION):
            yield from self.window(W_AFTER_RESOLUTION)

    def emit_result(self) -> None:
        """Announce the encounter's outcome and winner."""
        known = self.t.seat_events  # the pool (see hostage_taken)
        tc, td = self.totals[1], self.totals[2]
        key: Any
        if 0 <= tc < 1 << 20 and 0 <= td < 1 << 20:  # totals in 20 bits, the winner in 3
            totals = tc << 20 | td
            key = pool_key(
                POOL_RESOLVED, with_outcome(with_winner(totals, self.winner), self.outcome)
            )
        else:  # a total no content of ours reaches
            key = ("encounter_resolved", self.outcome, self.winner, tc, td)
        event = known.get(key)
        if event is None:
            data = {
                "outcome": OUTCOME_NAMES[self.outcome],
                "winner": WINNER_NAMES[self.winner],
                "challenger_total": tc,
                "defender_total": td,
            }
            event = known[key] = Event("encounter_resolved", None, data)
        self.events.append(event)

    def rewards_and_penalties(self) -> Flow:
        """Winners are rewarded and losers penalised, clockwise (IT-RES-01..03)."""
        w = self.winner
        r = self.t.num
        for seat in self.order:
            sd = self.side[seat]
            if not sd:
                continue
            if w == BOTH_LOST or sd != w:
                if not self.shielded[seat]:
                    self.penalty(seat)
            elif not self.no_rewards[seat]:
                if sd == CHALLENGER:
                    self.spread(seat, self.defender, "challenge won")
                else:
                    self.draw(seat, r.defender_draw)
                    yield from self.distribute(seat, r.defender_distribute)

    def penalty(self, seat: int) -> None:
        """Half the participating character's power, rounded up, to the sheet."""
        c = self.committed[seat]
        if c >= 0 and self.status[c] == ALIVE:
            self.remove_power(c, (self.power[c] + 1) // 2)

    def victims(self, seats: list[int]) -> list[int]:
        """Those of ``seats`` a hostage can be taken from (not shielded, IT-RES-07)."""
        return [s for s in seats if not self.shielded[s] and self.hostage_sources(s)]

    def hostility_hostage(self) -> Flow:
        """The winning active player takes one hostage from a loser (IT-RES-05)."""
        w = self.winner
        taker = self.challenger if w == CHALLENGER_WON else self.defender
        if self.no_rewards[taker]:
            return
        losers = self.victims([s for s in self.order if self.side[s] == losing_side(w)])
        if not losers:
            return
        cands = tuple(losers)
        opts = self.seat_choices(
            ("hostage from", cands),
            lambda: [self.seat_opt(f"hostage from: {self.house(s)}", s) for s in cands],
        )
        i = 0 if len(opts) == 1 else (yield Decision(taker, "hostage_victim", opts))
        victim = opts[i].data
        yield from self.take_hostage(taker, victim)

    def betrayal_hostages(self, taker: int) -> Flow:
        """The betrayed active player takes a hostage from every winner (IT-RES-06)."""
        if self.no_rewards[taker]:
            return
        w = self.winner
        for victim in self.victims([s for s in self.order if self.side[s] == w]):
            yield from self.take_hostage(taker, victim)

    # -- truce

    def deal_options(self, proposer: int) -> tuple[Option, ...]:
        """``no deal`` and every feasible deal, as (challenger gets, defender gets)."""
        ch, de = self.challenger, self.defender
        feasible_c = tuple(p for p in self.packages if self.package_ok(ch, de, p))
        feasible_d = tuple(p for p in self.packages if self.package_ok(de, ch, p))

        def build() -> list[Option]:
            opts = [self.opt("no deal", None)]
            for pc in feasible_c:
                for pd in feasible_d:
                    if pc == (0, 0, 0) and pd == (0, 0, 0):
                        continue
                    label = (
                        f"deal: challenger gets {package_text(pc)}; "
                        f"defender gets {package_text(pd)}"
                    )
                    opts.append(self.opt(label, (pc, pd)))
            return opts

        return self.choices(("deals", feasible_c, feasible_d), build)

    def package_ok(self, receiver: int, giver: int, p: Package) -> bool:
        """Whether ``receiver`` can get package ``p`` from ``giver`` now."""
        if p[0] and self.left[receiver] <= 0:
            return False
        if p[1] and not self.hostage_sources(giver):
            return False
        return not (p[2] and self.sheet[giver] < p[2])

    def truce(self) -> Flow:
        """The truce talk: offers and answers, then the deal or a shared loss."""
        ch, de = self.challenger, self.defender
        deal = None
        for proposer, answerer in ((ch, de), (de, ch)):
            opts = self.deal_options(proposer)
            i = yield from self.ask(proposer, "truce_offer", opts)
            if i == 0:
                self.emit("truce_offer", proposer, deal=None)
                continue
            offer = opts[i].data
            self.emit("truce_offer", proposer, deal=opts[i].label)
            self.pending_deal = offer
            j = yield self.answer_deal[answerer]
            self.pending_deal = None
            self.emit("truce_answer", answerer, accepted=j == 0)
            if j == 0:
                deal = offer
                break
        if deal is None:
            self.winner = BOTH_LOST
            self.emit("truce_failed", None)
            self.emit_result()
            yield from self.rewards_and_penalties()
            return
        self.deal = deal
        self.winner = NOBODY
        self.emit("truce_agreed", None, deal=self.deal_snapshot())
        pc, pd = deal
        for receiver, giver, p in ((ch, de, pc), (de, ch, pd)):
            if p[0]:
                self.spread(receiver, giver, "truce deal")
            if p[2]:
                k = min(p[2], self.sheet[giver])
                self.sheet[giver] = self.sheet[giver] - k
                self.sheet[receiver] = self.sheet[receiver] + k
                self.emit("power_taken", receiver, source=self.house(giver), amount=k)
        for receiver, giver, p in ((ch, de, pc), (de, ch, pd)):
            for _ in range(p[1]):
                yield from self.take_hostage(receiver, giver)

    # -- end of turn

    def end_of_turn(self) -> None:
        """Played cards to discard piles, hands back up to five (IT-END-01/02)."""
        size = self.t.num.hand_size
        for seat in range(self.n):
            if self.table[seat]:
                self.discard[seat].extend(self.table[seat])
                self.table[seat].clear()
            if not self.deck[seat]:
                self.refill(seat)
        for seat in self.order:
            short = size - len(self.hand[seat])
            if short > 0:
                self.draw(seat, short)

    def check_end(self) -> bool:
        """Whether the game is over at the end of this turn (IT-WIN-03, IT-GAP-03)."""
        ending = ""
        # loops, not min() and all() of a list: those are generic calls when compiled
        if any(x <= 0 for x in self.left):
            ending = "influence"
        elif any(not living for living in self.alive):
            ending = "characters_dead"
        if not ending:
            return False
        self.finish(ending)
        return True

    def finish(self, ending: str) -> None:
        """Score: most influence spread wins, ties share (IT-WIN-04)."""
        spread = [self.spread_count(s) for s in range(self.n)]
        best = max(spread)
        self.winners = tuple(s for s in range(self.n) if spread[s] == best)
        self.over = True
        self.ending = ending
        self.set_phase(P_OVER)
        self.emit("game_over", None, ending=ending, winners=[self.house(s) for s in self.winners])

    #: see :meth:`count_round`
    round_no: int = 1
    #: see :meth:`index_leaders`
    leader_at: list[tuple[tuple[int, ...], ...]]
    # state the views read while a decision is pending
    pending_offer: tuple[int, int, int] | None = None
    #: whether the leader step ends by shuffling decks and dealing hands (IT-SETUP-03)
    deal_after_leaders: bool = True
    #: scenarios only: the game stops after this turn (0: no limit)
    turn_limit: int = 0
    ctx: Any = None
    pending_deal: tuple[Package, Package] | None = None
    #: per seat, the leader sheets (character numbers) offered to choose from (set by setup)
    leader_offers: list[list[int]]


__all__ = ["Referee", "package_text"]
