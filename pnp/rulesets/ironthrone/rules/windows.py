"""Ability windows: who may use a leader ability or a character card, and in
what order (IT-ORDER-01/02): leaders before cards, each clockwise from the challenger."""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision, Event, Option
from pnp.rulesets.ironthrone.abilities import Compiled, run
from pnp.rulesets.ironthrone.rules.moves import L_PLAY, W_BEFORE_CARDS, Flow, Moves
from pnp.rulesets.ironthrone.state import (
    ALIVE,
)


class Windows(Moves):
    """The timing windows of a turn, on :class:`Moves`."""

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
            # an option of its own, not the label cache (opt): two leaders may print
            # abilities of one title, and the option's data is the ability a bot judges
            opts = self.t.choices[key] = (Option(f"use: {ab.title}", ab), self.PASS)
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
