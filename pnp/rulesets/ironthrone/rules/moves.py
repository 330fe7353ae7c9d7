"""The referee's moves: what every phase and effect does to the board.

The helpers that make options and events, the queries the ability words read
(``is_supporting``, ``targets`` …) and the primitives (drawing, discarding,
power, influence, hostages), with the constants and packed-key helpers they
share. The phases build on :class:`Moves` (see :mod:`.turn`)."""

from __future__ import annotations

import random
from collections.abc import Generator
from itertools import combinations_with_replacement
from typing import Any, Final

from pnp.engine.game import Decision, Event, Option
from pnp.engine.rng import randbelow, shuffle
from pnp.rulesets.ironthrone.abilities import Compiled
from pnp.rulesets.ironthrone.effects import WINDOW_INDEX
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    BETRAYAL,
    BOTH_LOST,
    CHALLENGER,
    CHALLENGER_WON,
    DEAD,
    DEFENDER,
    DEFENDER_WON,
    HOSTILE,
    HOSTILITY,
    NO_SIDE,
    NOBODY,
    OUTCOME_NAMES,
    P_ENCOUNTER,
    P_OVER,
    TRUCE,
    TRUCED,
    UNDECIDED,
    State,
    Tables,
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


class Moves(State):
    """What the rules do to the board: options, queries the effects read, and the
    primitives (draw, discard, power, hostages) every phase and effect uses."""

    #: see :meth:`.turn.Referee.count_round`
    round_no: int = 1
    #: see :meth:`.turn.Referee.index_leaders`
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

    # here, not in Resolution: the take_hostage effect asks it too
    def victims(self, seats: list[int]) -> list[int]:
        """Those of ``seats`` a hostage can be taken from (not shielded, IT-RES-07)."""
        return [s for s in seats if not self.shielded[s] and self.hostage_sources(s)]

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
        as much as there is (IT-GAP-06). Nobody keeps power back: only the
        ``distribute_up_to`` ability word (``up_to``) also offers the smaller
        amounts, down to 1.
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
        """Effect: change a side's total."""
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

    def character_options(self, living: tuple[int, ...]) -> tuple[Option, ...]:
        """One option per living character (cached)."""
        cid = self.t.char_id
        return self.choices(
            ("character", living), lambda: [self.opt(f"character: {cid[c]}", c) for c in living]
        )

    # -- support
