"""The encounter: both active players place a house card facedown, then reveal it."""

from __future__ import annotations

from pnp.engine.game import Decision, Event
from pnp.rulesets.ironthrone.rules.moves import (
    L_PLACE,
    POOL_REVEALED,
    W_AFTER_REVEAL,
    W_BEFORE_CARDS,
    Flow,
    pool_key,
    with_outcome,
)
from pnp.rulesets.ironthrone.rules.resolution import Resolution
from pnp.rulesets.ironthrone.state import (
    BETRAYAL,
    HOSTILE,
    HOSTILITY,
    OUTCOME_NAMES,
    TRUCE,
    TRUCED,
)


class Encounter(Resolution):
    """The encounter: both active players place a house card facedown, then reveal it."""

    def encounter(self) -> Flow:
        """Facedown cards, reveal, outcome (IT-ENC-01..07).

        A player whose hand, deck and discard pile are all empty has no card to
        place (IT-ENC-04 says only that an empty hand places the deck's top
        card): he places nothing and his side loses, as a hostility outcome
        (decision IT-ENC-04 in content/ironthrone/game.yaml).
        """
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
        pc, pd = self.placed[ch], self.placed[de]
        if pc < 0 or pd < 0:
            # IT-ENC-04 (our decision): a player with no house card anywhere places
            # nothing and loses; that resolves as a hostility (see resolution)
            self.outcome = HOSTILE
        else:
            kc = TRUCE if kind[pc] == TRUCE else HOSTILITY
            kd = TRUCE if kind[pd] == TRUCE else HOSTILITY
            if kc == kd:
                self.outcome = HOSTILE if kc == HOSTILITY else TRUCED
            else:
                self.outcome = BETRAYAL
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
                # decision IT-ENC-04: no house card anywhere, so nothing is placed
                self.emit("nothing_placed", seat)
                return
        else:
            self.from_hand(seat, c)
        self.placed[seat] = c
        self.table[seat].append(c)
        self.events.append(self.t.placed_events[self.faceup[seat]][c])
        if from_deck:
            self.refill(seat)  # a deck the card exhausted is rebuilt now (IT-END-03)

    # -- resolution
