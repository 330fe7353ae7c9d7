"""The Iron Throne heuristic bot: plays from its seat's view only.

It weighs each decision with a few plain estimates:

- an encounter is judged on public power: the power on each side's
  participating characters plus an expected house card for an unseen one;
- a card is placed to win as cheaply as it can (the smallest hostility value
  that should beat the other side), with truce or a throwaway card when the
  encounter looks lost;
- support goes where the expected reward beats the expected penalty, and is
  never given to (or accepted from) a player about to win on influence;
- truce deals are valued term by term (influence most, then hostages and
  power); a proposer looks for the best deal the other side should still
  accept, and an answer accepts whatever beats a shared loss;
- abilities are used when their effect helps now (a bonus that turns the
  encounter, a shield when the side looks weak, a cost only when it pays).

Every choice has a small random element, so bots are not fully predictable
and every card sees play.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pnp.engine.bots import KindBot
from pnp.engine.game import Decision
from pnp.rulesets.ironthrone.abilities import Compiled
from pnp.rulesets.ironthrone.view import CardInfo, SeatView

#: The house card value a bot expects from an opponent it cannot see.
EXPECTED_CARD = 6.0
#: Worth of receiving one unit of a truce term, and cost of giving it.
TERM_VALUE = {"influence": (4.0, 1.5), "hostage": (1.0, 1.0), "power": (0.8, 0.8)}


def _win_chance(margin: float) -> float:
    """A smooth guess at winning with an expected total ``margin`` ahead."""
    return 1.0 / (1.0 + math.exp(-margin / 3.0))


class HeuristicBot(KindBot):
    """Sensible play for every decision kind of The Iron Throne."""

    # ------------------------------------------------------------ helpers

    @staticmethod
    def best(scores: list[float], rng: random.Random) -> int:
        """The index of the highest score; ties broken at random."""
        top = max(scores)
        ties = [i for i, s in enumerate(scores) if s >= top - 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)

    @staticmethod
    def margin(view: SeatView, sd: int) -> float:
        """Expected total of side ``sd`` minus the other's, before cards (or after reveal)."""
        mine: float = view.side_total(sd)
        theirs: float = view.side_total(3 - sd)
        if view.outcome is None:
            mine += EXPECTED_CARD
            theirs += EXPECTED_CARD
        return float(mine - theirs)

    @staticmethod
    def threat(view: SeatView, seat: int) -> bool:
        """Whether ``seat`` is one spread away from ending the game."""
        return view.tokens_left(seat) <= 1 and view.spread(seat) >= max(
            view.spread(s) for s in range(view.players)
        )

    # ------------------------------------------------------------ setup and turn start

    def on_choose_leader(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        offers = dict(view.leader_offers())
        scores = []
        for o in d.options:
            ab = offers.get(o.label.split(": ", 1)[1])
            scores.append((static_worth(ab) if ab else 0.0) + rng.uniform(0, 2.5))
        return self.best(scores, rng)

    def on_hostages(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        held = {c.id: c for c in view.hostages()}
        scores = [0.0]
        for o in d.options[1:]:
            verb, cid = o.label.split(": ", 1)
            card = held.get(cid)
            if card is None:
                scores.append(-1.0)
            elif verb == "torment":
                # character cards hurt most; a big hostility card is worth keeping away
                worth = 2.0 if card.kind == "character" else 1.0
                if card.kind == "hostility" and card.value >= 10:
                    worth = -0.5
                scores.append(worth + rng.uniform(0, 0.3))
            else:
                scores.append(-0.5 + rng.uniform(0, 0.3))
        return self.best(scores, rng)

    def on_torment_target(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        scores = []
        for o in d.options:
            p = view.power_of(o.label.split(": ", 1)[1])
            scores.append(10.0 if p == 1 else float(p))
        return self.best(scores, rng)

    # ------------------------------------------------------------ preparation

    def on_choose_defender(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        scores = []
        for o in d.options:
            seat = o.data
            best = max((p for _, p in view.living(seat)), default=0)
            scores.append(-best - 0.3 * view.hand_size(seat) + rng.uniform(0, 1))
        return self.best(scores, rng)

    def on_distribute(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        me = view.seat
        committed = view.committed(me)
        living = dict(view.living(me))
        strongest = max(living, key=lambda c: living[c]) if living else None
        focus = committed or strongest
        held = {c.character for c in view.hand() if c.character}
        scores = []
        for o in d.options:
            names = o.label.split(": ", 1)[1].split(", ")
            s = 0.0
            for name in names:
                p = living.get(name, 0)
                if p <= 1:
                    s += 3.0
                elif name == focus:
                    s += 2.0
                elif name in held:
                    s += 1.2
                else:
                    s += 1.0
            scores.append(s + rng.uniform(0, 0.2))
        return self.best(scores, rng)

    def on_choose_character(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        held = {c.character for c in view.hand() if c.character}
        scores = []
        for o in d.options:
            name = o.label.split(": ", 1)[1]
            p = view.power_of(name)
            scores.append(p + (1.5 if name in held else 0.0) + rng.uniform(0, 0.5))
        return self.best(scores, rng)

    # ------------------------------------------------------------ support

    def on_offer_support(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        ch, de = view.challenger, view.defender
        me = view.seat
        scores = [0.2]
        for o in d.options[1:]:
            sd, _ = o.data
            name = o.label.split(": ", 1)[1]
            p = view.power_of(name)
            margin = self.margin(view, sd) + p
            chance = _win_chance(margin)
            active = ch if sd == 1 else de
            if sd == 1:
                gain = 4.0 if view.tokens_left(me) > 0 else 0.5
                if self.threat(view, ch) and view.spread(me) + 1 <= view.spread(ch):
                    gain = -5.0  # never hand the game to the challenger
            else:
                gain = 2.5
            loss = (p + 1) // 2 * 0.6 + (3.0 if p == 1 else 0.0)
            # the active player may decline; a strong offer is more welcome
            welcome = 0.9 if not self.threat(view, me) else 0.3
            score = welcome * (chance * gain - (1 - chance) * loss)
            if active == me:
                score = -9.0
            scores.append(score + rng.uniform(0, 0.6))
        return self.best(scores, rng)

    def on_answer_support(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        offer = view.pending_offer()
        if offer is None:
            return 0
        seat, sd, name = offer
        me = view.seat
        if sd == 1 and self.threat(view, seat) and view.spread(me) <= view.spread(seat):
            return 1  # he would win on my victory
        if sd == 1 and view.spread(seat) > view.spread(me) + 1 and view.tokens_left(seat) <= 2:
            return 1
        p = view.power_of(name)
        return 0 if p >= 1 else 1

    # ------------------------------------------------------------ encounter

    def on_place_card(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        me = view.seat
        sd = view.side(me)
        other = view.defender if me == view.challenger else view.challenger
        hand = {c.id: c for c in view.hand()}
        cards = [hand[o.label.split(": ", 1)[1]] for o in d.options]
        mine = view.side_total(sd)
        theirs = view.side_total(3 - sd)
        seen = view.placed(other)
        known = seen is not None
        expected = (
            (seen.value if seen.kind == "hostility" else 0) if seen is not None else EXPECTED_CARD
        )
        gap = theirs + expected - mine  # what my card must beat
        truce = [i for i, c in enumerate(cards) if c.kind == "truce"]
        hostile = [i for i, c in enumerate(cards) if c.kind != "truce"]

        def worth(c: CardInfo) -> float:
            return float(c.value) if c.kind == "hostility" else -0.5 + _card_keep(view, c)

        if known and seen is not None and seen.kind == "truce":
            if hostile and (not truce or rng.random() < 0.8):
                return min(hostile, key=lambda i: worth(cards[i]))
            return truce[0] if truce else 0
        if not hostile:
            return truce[0]
        margin_needed = gap + (0 if known else 1.5)
        winners = [
            i for i in hostile if cards[i].kind == "hostility" and cards[i].value > margin_needed
        ]
        if winners and rng.random() < 0.92:
            return min(winners, key=lambda i: cards[i].value)
        if truce and not known and rng.random() < 0.35:
            return truce[0]
        if known and truce and rng.random() < 0.5:
            return truce[0]
        # a lost cause: throw away the least useful card
        if rng.random() < 0.15:
            return rng.choice(hostile)
        return min(hostile, key=lambda i: worth(cards[i]))

    # ------------------------------------------------------------ abilities

    def on_use_leader(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        ab = d.options[0].data
        return 0 if ability_worth(view, ab) > 0 else 1

    def on_play_card(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        hand = {c.id: c for c in view.hand()}
        scores = [0.0]
        for o in d.options[1:]:
            card = hand.get(o.data)
            ab = card.ability if card else None
            worth = ability_worth(view, ab) if ab else -1.0
            scores.append(worth - 0.3 + rng.uniform(0, 0.4))
        return self.best(scores, rng)

    def on_force_support(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        return self.best([float(view.power_of(o.label.split(": ", 1)[1])) for o in d.options], rng)

    def on_upgrade_target(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        sd = view.side(view.seat)
        mine = [i for i, o in enumerate(d.options) if view.side(o.data) == sd]
        return mine[0] if mine else 0

    def on_upgrade_card(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        hand = {c.id: c for c in view.hand()}
        values = [float(hand[o.data].value) if o.data in hand else 0.0 for o in d.options]
        return self.best(values, rng)

    def on_withdraw_target(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        return self.best([float(view.committed_power(o.data)) for o in d.options], rng)

    def on_discard(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        hand = {c.id: c for c in view.hand()}
        scores = []
        for o in d.options:
            c = hand.get(o.label.split(": ", 1)[1])
            keep = 0.0 if c is None else _card_keep(view, c)
            scores.append(-keep + rng.uniform(0, 0.3))
        return self.best(scores, rng)

    # ------------------------------------------------------------ hostages

    def on_hostage_victim(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        scores = [
            view.spread(o.data) * 2 + view.hand_size(o.data) * 0.2 + rng.random() for o in d.options
        ]
        return self.best(scores, rng)

    def on_hostage_source(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        mine = view.houses[view.seat]
        scores = []
        for o in d.options:
            if o.label == f"hostages: {mine}":
                scores.append(3.0)
            elif o.label == "hand":
                scores.append(2.0)
            elif o.label == "deck":
                scores.append(1.0)
            else:
                scores.append(0.5)
            scores[-1] += rng.uniform(0, 0.8)
        return self.best(scores, rng)

    # ------------------------------------------------------------ truce

    def on_truce_offer(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        me = view.seat
        other = view.defender if me == view.challenger else view.challenger
        fail_me, fail_other = _fail_value(view, me), _fail_value(view, other)
        best_i, best_v = 0, fail_me + 0.2
        for i, o in enumerate(d.options[1:], 1):
            pc, pd = o.data
            got, gave = (pc, pd) if me == view.challenger else (pd, pc)
            mine = _deal_value(got, gave)
            theirs = _deal_value(gave, got)
            if theirs < fail_other - 0.1:
                continue
            v = mine + rng.uniform(0, 0.3)
            if v > best_v:
                best_i, best_v = i, v
        return best_i

    def on_truce_answer(self, view: SeatView, d: Decision, rng: random.Random) -> int:
        deal = view.pending_deal()
        if deal is None:
            return 1
        me = view.seat
        pc, pd = deal
        got, gave = (pc, pd) if me == view.challenger else (pd, pc)
        return 0 if _deal_value(got, gave) >= _fail_value(view, me) - 0.2 else 1


def _deal_value(got: tuple[int, int, int], gave: tuple[int, int, int]) -> float:
    inf, host, power = TERM_VALUE["influence"], TERM_VALUE["hostage"], TERM_VALUE["power"]
    return (
        got[0] * inf[0]
        + got[1] * host[0]
        + got[2] * power[0]
        - gave[0] * inf[1]
        - gave[1] * host[1]
        - gave[2] * power[1]
    )


def _fail_value(view: SeatView, seat: int) -> float:
    """What a failed truce costs ``seat``: half its character's power, maybe its life."""
    p = view.committed_power(seat)
    return -((p + 1) // 2) * 0.6 - (3.0 if p == 1 else 0.0) - 0.5


def _card_keep(view: SeatView, c: CardInfo) -> float:
    """How much a bot wants to keep a card in hand."""
    if c.kind == "hostility":
        return c.value / 4.0
    if c.kind == "truce":
        return 1.5
    if c.character is None or view.power_of(c.character) <= 0:
        leader = view.leader(view.seat)
        return 1.0 if leader == c.character else 0.0
    return 1.2


# ------------------------------------------------------------ ability worth

#: Rough worth of one use of each effect, per unit of its parameter.
EFFECT_WORTH: dict[str, float] = {
    "draw": 0.7,
    "discard": -0.3,
    "distribute": 0.8,
    "distribute_up_to": 0.8,  # the bot places all it may (on_distribute scores each unit)
    "reshuffle": 0.2,
    "resolve_as": 2.0,
    "force_support": 2.0,
    "upgrade_hostility": 1.5,
    "remove_power": 0.9,
    "cut_power": 2.0,
    "place_first": 1.5,
    "bonus": 0.8,
    "weaken": 0.8,
    "take_hostage": 1.3,
    "steal_power": 1.0,
    "withdraw": 1.5,
    "shield": 1.4,
    "spread": 5.0,
    "opponent_discards": 0.8,
    "deny_rewards": 1.5,
}
#: How often each window comes around for a player, roughly.
WINDOW_FREQUENCY = {
    "before_your_turn": 0.8,
    "after_defender_chosen": 0.6,
    "before_support_offer": 0.7,
    "after_support": 0.6,
    "before_cards_placed": 0.6,
    "after_cards_revealed": 0.6,
    "after_resolution": 0.6,
}


def _amount(param: Any) -> float:
    if isinstance(param, bool):
        return 1.0
    if isinstance(param, int):
        return float(param)
    amount = getattr(param, "amount", None)
    if amount is not None:
        return float(amount)
    keep = getattr(param, "keep", None)
    return 1.0 if keep is None else 1.5


def static_worth(ab: Compiled) -> float:
    """A leader sheet's rough worth over a game, for choosing a leader."""
    a = ab.ability
    worth = sum(EFFECT_WORTH[e.kind] * _amount(e.param) for e in a.do)
    conditions = sum(1 for name in type(a.if_).model_fields if getattr(a.if_, name) is not None)
    cost = 0.0
    if a.cost is not None:
        cost = (a.cost.sheet_to_box or 0) * 0.8 + (a.cost.discard or 0) * 0.4
    return (worth - cost) * WINDOW_FREQUENCY[a.when] * (0.75**conditions)


def ability_worth(view: SeatView, ab: Compiled) -> float:
    """Whether using ``ab`` now helps ``view.seat`` (positive) or not."""
    me = view.seat
    sd = view.side(me)
    a = ab.ability
    cost = 0.0
    if a.cost is not None:
        cost += (a.cost.sheet_to_box or 0) * 1.0 + (a.cost.discard or 0) * 0.5
    total = 0.0
    for e in a.do:
        kind = e.kind
        if kind in ("bonus", "weaken"):
            if view.outcome is None:
                total += 1.0  # before the cards: an edge for whatever comes
                continue
            if view.outcome != "hostility":
                continue
            m = HeuristicBot.margin(view, sd)
            if m <= 0 < m + e.param:
                total += 4.0  # turns a loss into a win
            elif m <= 0 and m + e.param == 0:
                total += 0.5
        elif kind == "resolve_as":
            mine = view.placed(me)
            total += 3.0 if mine is not None and mine.kind == "truce" else -3.0
        elif kind == "shield":
            weak = view.committed_power(me) >= 2 or HeuristicBot.margin(view, sd) < 0
            total += 1.5 if weak else 0.2
        elif kind == "force_support":
            that = view.window_player()
            if that is None:
                continue
            best = max((p for _, p in view.living(that)), default=0)
            threat = sd == 1 and view.tokens_left(that) <= 1
            total += (best - 1.5) * 0.8 - (4.0 if threat else 0.0)
        elif kind == "upgrade_hostility":
            total += 1.5 if view.is_active(me) else 0.5
        elif kind == "discard":
            total -= 0.2 * e.param
        elif kind == "place_first":
            total += 1.2
        else:
            total += EFFECT_WORTH[kind] * _amount(e.param)
    return total - cost
