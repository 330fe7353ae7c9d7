"""Resolution: rewards, penalties and hostages after a hostility or a betrayal,
the truce bargaining, and the end of the turn and of the game."""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision, Event, Option
from pnp.rulesets.ironthrone.rules.moves import (
    POOL_RESOLVED,
    W_AFTER_RESOLUTION,
    WINNER_NAMES,
    Flow,
    Package,
    package_text,
    pool_key,
    with_outcome,
    with_winner,
)
from pnp.rulesets.ironthrone.rules.windows import Windows
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    BOTH_LOST,
    CHALLENGER,
    CHALLENGER_WON,
    DEFENDER_WON,
    HOSTILE,
    NOBODY,
    OUTCOME_NAMES,
    P_OVER,
    TRUCE,
    TRUCED,
    losing_side,
)


class Resolution(Windows):
    """Resolution: rewards, penalties and hostages after a hostility or a betrayal,"""

    def resolution(self) -> Flow:
        """Rewards, penalties and hostages, or the truce talk (IT-RES, IT-ENC-08..13)."""
        ch, de = self.challenger, self.defender
        self.totals = self.side_totals()
        if self.outcome == TRUCED:
            yield from self.truce()
        elif self.outcome == HOSTILE:
            pc, pd = self.placed[ch], self.placed[de]
            if pc < 0 or pd < 0:
                # decision IT-ENC-04: who placed nothing loses whatever the totals; with
                # nothing on either side, both lose as in a tie (so no hostage)
                if pc < 0 and pd < 0:
                    self.winner = BOTH_LOST
                else:
                    self.winner = DEFENDER_WON if pc < 0 else CHALLENGER_WON
            else:
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
        feasible_c = self.feasible_packages(ch, de)
        feasible_d = self.feasible_packages(de, ch)

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

    def feasible_packages(self, receiver: int, giver: int) -> tuple[Package, ...]:
        """The packages ``receiver`` may get from ``giver`` now (IT-GAP-05): each single
        term he can get, and every term at its most, which is what he can get of the
        full package (a term he cannot get, such as hostages barred by IT-RES-07, is
        left out of it, not the whole bundle with it)."""
        full = self.packages[-1]  # every term at its most comes last (Moves.fixed_parts)
        out: list[Package] = []
        for p in self.packages:
            if p == full:
                p = self.at_most(receiver, giver, p)
            if p not in out and self.package_ok(receiver, giver, p):
                out.append(p)
        return tuple(out)

    def at_most(self, receiver: int, giver: int, p: Package) -> Package:
        """Package ``p`` cut to what ``receiver`` can get from ``giver`` now: the
        influence if he has a token left, the hostages if he may take them from him
        (IT-RES-07), the power up to what the giver's sheet holds (IT-GAP-06)."""
        influence = p[0] if self.left[receiver] > 0 else 0
        hostages = p[1] if self.package_ok(receiver, giver, (0, p[1], 0)) else 0
        return (influence, hostages, min(p[2], self.sheet[giver]))

    def package_ok(self, receiver: int, giver: int, p: Package) -> bool:
        """Whether ``receiver`` can get package ``p`` from ``giver`` now.

        Hostages obey IT-RES-07 in a truce deal as on every other route: a receiver
        barred from rewards takes none, and a giver spared penalties is no victim.
        """
        if p[0] and self.left[receiver] <= 0:
            return False
        if p[1] and not (
            self.can_receive(receiver) and not self.shielded[giver] and self.hostage_sources(giver)
        ):
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
        """Whether the game is over now (IT-WIN-03): asked when a turn ends and before
        its preparation (IT-GAP-03); if so, it is scored and finished."""
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
