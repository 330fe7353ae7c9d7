"""Preparation: the event card names the defender; both active players draw and
distribute power, then each commits a character."""

from __future__ import annotations

from pnp.engine.game import Decision, Event, Option
from pnp.engine.rng import shuffle
from pnp.rulesets.ironthrone.rules.moves import W_DEFENDER, Flow
from pnp.rulesets.ironthrone.rules.support import Support
from pnp.rulesets.ironthrone.state import (
    CHALLENGER,
    DEFENDER,
)


class Preparation(Support):
    """Preparation: the event card names the defender; both active players draw and"""

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
