"""The ``heuristic`` thrones bot: plays sensibly from its own view.

It spends its gold on the best characters it can afford, attacks where its
standing characters beat what the opponent can still defend with, defends
when it can win (or when a claim would hurt most), kills its cheapest
characters to military claims, saves what matters, and uses its events and
abilities when they change a challenge or draw cards. Every choice is a
small scoring rule over the options, with a sprinkle of its own RNG so mirror
matches do not play identically. Where the options name other players (whom
to challenge, redirect to, name as "an opponent", or let win) or cards of
several players, a tie is broken with the bot's own RNG: options come in seat
order, so "the earlier option" would always pick the lowest-numbered seat and
tilt a multiplayer game against seat 0 (issue 24).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.engine.bots import KindBot
from pnp.engine.game import Decision, Option
from pnp.rulesets.thrones.catalog import (
    ICON_BIT,
    K_DEADLY,
    K_INTIMIDATE,
    K_RENOWN,
    K_STEALTH,
    K_VIGILANT,
)
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.view import ThronesView

#: effects that hurt the card they hit
HARMFUL = ("kill", "kneel", "discard", "return", "remove", "control")
TITLE_ORDER = (
    "crown-regent",
    "master-of-coin",
    "master-of-whispers",
    "lord-commander",
    "hand-of-the-king",
    "master-of-laws",
)


def card_value(c: Card) -> float:
    """A rough worth of a card in play or in hand."""
    d = c.d
    v = d.cost + 0.5 * d.strength + 0.6 * bin(d.icons).count("1")
    if d.kw & (K_RENOWN | K_DEADLY | K_STEALTH | K_INTIMIDATE):
        v += 1.0
    v += 1.5 * d.income + 0.5 * d.influence + 0.3 * len(d.abilities)
    if d.unique:
        v += 0.5
    return v + c.power * 1.5


class HeuristicBot(KindBot):
    """A rule-of-thumb player for thrones."""

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def best(
        options: tuple[Option, ...],
        score: Callable[[Option], float],
        rng: random.Random | None = None,
    ) -> int:
        """The index of the best-scoring option.

        Ties go to the earlier option, or with ``rng`` to one of the tied
        options at random (for options that name seats: see the module doc).
        """
        best_i, best_s = 0, float("-inf")
        tied: list[int] = []
        for i, o in enumerate(options):
            s = score(o)
            if s > best_s:
                best_i, best_s = i, s
                tied = []
            elif s == best_s and rng is not None:
                if not tied:
                    tied.append(best_i)
                tied.append(i)
        # the RNG is drawn on only for a real tie, so untied choices cost no draws
        return rng.choice(tied) if tied and rng is not None else best_i

    @staticmethod
    def find(options: tuple[Option, ...], label: str) -> int:
        for i, o in enumerate(options):
            if o.label == label:
                return i
        return len(options) - 1

    @staticmethod
    def done_index(options: tuple[Option, ...]) -> int | None:
        for i, o in enumerate(options):
            if o.data is None:
                return i
        return None

    @staticmethod
    def defence_potential(view: ThronesView, seat: int, ctype: str) -> int:
        bit = ICON_BIT[ctype]
        return sum(
            view.strength(c) for c in view.characters(seat) if not c.kneeling and c.icons & bit
        )

    # ------------------------------------------------------------------ setup

    def on_mulligan(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        cheap = [c for c in view.hand if c.d.type == "character" and c.d.cost <= 4]
        return self.find(d.options, "mulligan" if len(cheap) < 2 else "keep hand")

    def on_setup(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        def score(o: Option) -> float:
            if o.data is None:
                return 0.5
            c, _host = o.data
            if c.d.type == "character":
                return 2.0 + c.d.strength + 0.5 * bin(c.d.icons).count("1") + c.d.cost * 0.3
            if c.d.type == "location":
                return 1.0 + 1.5 * c.d.income
            return 1.0

        return self.best(d.options, score)

    def on_draft(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: plot_score(o.data, view) + rng.random() * 0.1)

    def on_plot_deck(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: plot_score(o.data, view))

    # ------------------------------------------------------------------ plot phase

    def on_plot(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: plot_score(o.data, view) + rng.random() * 1.5)

    def on_first_player(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.find(d.options, f"first player: seat {view.seat}")

    def on_title(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        def score(o: Option) -> float:
            t = o.data
            return -TITLE_ORDER.index(t) if t in TITLE_ORDER else -10

        return self.best(d.options, score)

    def on_winner(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        mine = f"winner: seat {view.seat}"
        if any(o.label == mine for o in d.options):
            return self.find(d.options, mine)
        # not among them: the game is lost either way, so no seat is favoured
        return rng.randrange(len(d.options))

    # ------------------------------------------------------------------ marshalling

    def on_marshal(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        gold = view.gold(view.seat)
        chars = view.characters(view.seat)

        def score(o: Option) -> float:
            if o.data is None:
                return 0.0
            what, c, _ = o.data
            dd = c.d
            if what == "duplicate":
                return 6.0
            if what == "marshal":
                cost = view.marshal_cost(c)
                if dd.type == "character":
                    s = 3.0 + dd.strength + 0.7 * bin(dd.icons).count("1") + 0.2 * cost
                    if len(chars) < 4:
                        s += 2.0
                    return s
                if dd.type == "location":
                    return 1.5 + 2.5 * dd.income + 0.5 * dd.influence + (1.0 if dd.abilities else 0)
                if dd.type == "attachment":
                    return 1.0 + (1.5 if chars else -5) - 0.3 * cost + 0.5 * len(dd.abilities)
            if what in ("event", "ability", "ambush"):
                return self.action_worth(view, c, what) - (0.5 if gold < 2 else 0)
            return 0.1

        return self.best(d.options, score)

    def on_host(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        def score(o: Option) -> float:
            c = o.data
            mine = c.controller == view.seat
            s = view.strength(c) + card_value(c) * 0.3
            return s if mine else s * 0.9 + 1  # harmful attachments go where allowed

        # an attachment that may only go on opponents is harmful: pick the strongest
        return self.best(d.options, score, rng)

    # ------------------------------------------------------------------ actions

    def action_worth(self, view: ThronesView, c: Card, what: str) -> float:
        """How much taking this action helps now (negative: better not)."""
        if what == "ambush":
            # a surprise defender, or paid by locations: otherwise it kneels characters
            ch = view.challenge
            surprise = ch is not None and ch.target == view.seat and not ch.defenders
            cheap = sum(
                x.d.influence
                for x in view.in_play(view.seat)
                if x.d.type == "location" and not x.kneeling
            ) >= max(1, view.marshal_cost(c))
            return 2.0 + c.d.strength * 0.5 if (surprise or cheap) else -1.0
        best = -1.0
        for a in c.d.abilities:
            if a.action is None:
                continue
            for e in a.effects:
                k = e.kind
                if k == "draw":
                    best = max(best, 1.5 if view.hand_size(view.seat) < 8 else -1)
                elif k == "gain_gold":
                    best = max(best, 1.0)
                elif k in ("strength", "stand", "kill", "kneel", "take_control"):
                    best = max(best, self.challenge_swing(view, k))
                elif k == "put_into_play":
                    best = max(best, 2.5)
                else:
                    best = max(best, 0.5)
        return best

    def challenge_swing(self, view: ThronesView, kind: str) -> float:
        ch = view.challenge
        if kind in ("kill", "take_control"):
            return 2.0
        if ch is None:
            return 1.0 if kind == "kneel" and view.phase != "challenges" else -1.0
        att, dfn = view.side_strength()
        mine_attacking = ch.attacker == view.seat
        mine_defending = ch.defender == view.seat
        if mine_attacking and att < dfn + 3 and (att < dfn or att - dfn < 2):
            return 3.0
        if mine_defending and ch.defenders and dfn <= att + 2 and dfn <= att:
            return 3.0
        return -1.0

    def on_action(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        def score(o: Option) -> float:
            if o.data is None:
                return 0.0
            what, c, _ = o.data
            return self.action_worth(view, c, what)

        return self.best(d.options, score)

    def on_response(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        def score(o: Option) -> float:
            if o.data is None:
                return 0.0
            c, idx, _ = o.data
            a = c.d.abilities[idx]
            if a.cost is not None and a.cost.gold and view.gold(view.seat) < a.cost.gold + 1:
                return 0.2
            return 1.0

        return self.best(d.options, score)

    def on_save(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        for i, o in enumerate(d.options):
            if o.data == "duplicate":
                return i
        for i, o in enumerate(d.options):
            if o.data is not None:
                return i
        return len(d.options) - 1

    def on_cancel(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return 0 if rng.random() < 0.7 else len(d.options) - 1

    def on_target(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        verb = d.options[0].label.split(":", 1)[0]
        harmful = verb in HARMFUL

        def score(o: Option) -> float:
            c = o.data
            mine = c.controller == view.seat
            v = card_value(c)
            if verb == "stand":
                v += 3 if c.kneeling else -3
            if verb == "strength" and view.challenge is not None:
                ch = view.challenge
                v += 4 if (c in ch.attackers or c in ch.defenders) else 0
            return (-v if mine else v) if harmful else (v if mine else -v)

        return self.best(d.options, score, rng)

    def on_cost(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: -card_value(o.data))

    def on_influence(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(
            d.options,
            lambda o: 5.0 if o.data is None else -(view.strength(o.data) + 0.1 * o.data.d.cost),
        )

    def on_order(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_opponent(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: view.power(o.data), rng)

    def on_discard(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: -card_value(o.data))

    def _take_best(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: card_value(o.data) if o.data is not None else -1)

    on_search = _take_best
    on_recover = _take_best
    on_put_into_play = _take_best

    def on_infamy(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.find(d.options, "infamy: House")

    def on_vigilant(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return 0  # stand each one (the last option is "done")

    on_vengeful = on_vigilant

    # ------------------------------------------------------------------ challenges

    def challenge_plan(self, view: ThronesView, ctype: str, target: int) -> float:
        """Expected margin of attacking ``target`` with everything eligible (negative: lose)."""
        bit = ICON_BIT[ctype]
        mine = [c for c in view.characters(view.seat) if not c.kneeling and c.icons & bit]
        if not mine:
            return float("-inf")
        att = sum(view.strength(c) for c in mine)
        if not view.attacker_wins(att, 0):
            # with three or more players a 0-STR attack wins nothing, not even against
            # no defence (TH-CHAL-12, TH-GAP-02); with two it wins an undefended one
            return float("-inf")
        dfn = self.defence_potential(view, target, ctype)
        return att - dfn

    @staticmethod
    def leader(view: ThronesView) -> int | None:
        """The opponent who alone has the most power (``None`` when several share the lead).

        Shared leads (every game starts with one) single out nobody: a
        tie-break by seat number would make the lowest-numbered opponent
        everybody's favourite target.
        """
        opps = view.opponents()
        top = max(view.power(s) for s in opps)
        leaders = [s for s in opps if view.power(s) == top]
        return leaders[0] if len(leaders) == 1 else None

    def on_challenge(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        bribed = {s for s, _n in view.deals()}
        leader = self.leader(view)

        def score(o: Option) -> float:
            if o.data is None:
                return 0.5
            ctype, target = o.data
            margin = self.challenge_plan(view, ctype, target)
            if margin < 0:
                return -1.0
            s = 1.0 + min(margin, 6) * 0.3
            if self.defence_potential(view, target, ctype) == 0:
                s += 2.0  # unopposed
            if ctype == "power":
                s += 1.0 if view.house_power(target) > 0 else -0.5
            if ctype == "military":
                s += 1.2 if view.characters(target) else -0.5
            if ctype == "intrigue":
                s += 0.6 if view.hand_size(target) > 0 else -0.8
            if target in bribed:
                s -= 1.5
            if target == leader:
                s += 0.5
            return s

        return self.best(d.options, score, rng)

    def on_attackers(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        assert ch is not None
        att = sum(view.strength(c) for c in ch.attackers)
        dfn = self.defence_potential(view, ch.target, ch.ctype) + 1
        done = self.done_index(d.options)
        if done is not None and att > dfn + 1:
            return done

        def score(o: Option) -> float:
            if o.data is None:
                return -100.0
            c = o.data
            s = view.strength(c) + (2 if c.kw & (K_RENOWN | K_STEALTH) else 0)
            s += 1 if c.kw & K_VIGILANT else 0
            return s

        return self.best(d.options, score)

    def on_stealth(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        bit = ICON_BIT[ch.ctype] if ch is not None else 0

        def score(o: Option) -> float:
            c = o.data
            if c is None:
                return 0.1
            if c.kneeling or not c.icons & bit:
                return 0.0
            return 1 + view.strength(c)

        return self.best(d.options, score)

    def on_defenders(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        assert ch is not None
        att, dfn = view.side_strength()
        done = self.done_index(d.options)
        have = sorted(
            (o.data for o in d.options if o.data is not None),
            key=lambda c: (-view.strength(c), c.d.cost),
        )
        if dfn > att:
            return done if done is not None else 0
        potential = dfn + sum(view.strength(c) for c in have)
        if potential > att:
            # win: add the strongest until the defence beats the attack
            pick = have[0]
            if dfn + view.strength(pick) > att:
                # the weakest single card that still wins
                winners = [c for c in have if dfn + view.strength(c) > att]
                pick = min(winners, key=lambda c: (view.strength(c), c.d.cost))
            return self.find(d.options, self.label_of(d, pick))
        if ch.defenders:
            return done if done is not None else 0
        # cannot win: deny the unopposed power with a cheap defender when one is spare
        cheap = [c for c in have if view.strength(c) >= 1 and c.d.cost <= 3]
        near = view.power(ch.attacker) >= view.victory_power - 3
        if cheap and (len(have) >= 3 or near):
            return self.find(d.options, self.label_of(d, min(cheap, key=view.strength)))
        return done if done is not None else 0

    @staticmethod
    def label_of(d: Decision, card: Card) -> str:
        for o in d.options:
            if o.data is card:
                return o.label
        return ""

    on_support = on_defenders

    def on_claim(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        return self.best(d.options, lambda o: -card_value(o.data))

    on_deadly = on_claim

    def on_redirect(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        yes = ch is not None and ch.target == view.seat
        return self.find(d.options, "redirect: yes" if yes else "redirect: no")

    def on_new_target(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        ctype = ch.ctype if ch is not None else "power"
        return self.best(d.options, lambda o: -self.defence_potential(view, o.data, ctype), rng)

    def on_intercept(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        ch = view.challenge
        if ch is None:
            return self.find(d.options, "intercept: no")
        att, _ = view.side_strength()
        mine = self.defence_potential(view, view.seat, ch.ctype) + 3
        return self.find(d.options, "intercept: yes" if mine > att else "intercept: no")

    def on_bribe(self, view: ThronesView, d: Decision, rng: random.Random) -> int:
        leader = max(range(view.players), key=lambda s: view.power(s))
        if leader == view.seat and view.gold(view.seat) >= 3 and len(d.options) > 1:
            return 1
        return 0


def plot_score(plot: Card, view: Any) -> float:
    """How good a plot looks now."""
    d = plot.d
    s = d.income * 1.0 + d.claim * 1.2 + d.initiative * 0.15
    if d.abilities:
        s += 1.0
    return s
