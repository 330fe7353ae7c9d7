"""Support: every other player, clockwise from the challenger's left, may offer a
character to either side; that side's active player accepts or declines."""

from __future__ import annotations

from pnp.engine.game import Decision, Option
from pnp.rulesets.ironthrone.rules.encounter import Encounter
from pnp.rulesets.ironthrone.rules.moves import W_AFTER_SUPPORT, W_BEFORE_SUPPORT, Flow
from pnp.rulesets.ironthrone.state import (
    CHALLENGER,
    DEFENDER,
    NO_SIDE,
)


class Support(Encounter):
    """Support: every other player, clockwise from the challenger's left, may offer a"""

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
