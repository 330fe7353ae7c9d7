"""Challenges: declaring, Stealth, titles stepping in, strength, claims, keywords.

The order of the steps of one challenge (TH-CHAL-05, TH-GAP-10 decision):
declare attackers → Crown Regent redirect → Stealth picks → "attackers
declared" triggers → action window → the target declares defenders → a
supporting title holder may defend instead → the Lord Commander may
intercept → "defenders declared" triggers → action window → resolve.
"""

from __future__ import annotations

import functools

from pnp.engine.flow import Flow
from pnp.engine.game import Decision, Event, Option
from pnp.rulesets.thrones.catalog import (
    ICON_BIT,
    K_DEADLY,
    K_INTIMIDATE,
    K_RENOWN,
    K_STEALTH,
    K_VENGEFUL,
    K_VIGILANT,
)
from pnp.rulesets.thrones.effects import ICONS
from pnp.rulesets.thrones.rules.base import RulesBase, Step
from pnp.rulesets.thrones.state import Card, Challenge
from pnp.rulesets.thrones.zones import DEAD

# Options that depend only on their words are made once (options are immutable):
# a busy choice point reuses them rather than building a label each time


@functools.cache
def challenge_option(ctype: str, target: int) -> Option:
    """``challenge: <type> against seat <n>``."""
    return Option(f"challenge: {ctype} against seat {target}", (ctype, target))


@functools.cache
def end_option(kind: str, chosen: bool) -> Option:
    """``<kind>: done`` once something is chosen, ``<kind>: none`` before."""
    return Option(f"{kind}: {'done' if chosen else 'none'}", None)


class ChallengeMixin(RulesBase):
    """The challenges of :class:`~pnp.rulesets.thrones.game.ThronesGame`."""

    # ------------------------------------------------------------------ declaring

    def legal_targets(self, seat: int) -> list[int]:
        """Opponents ``seat`` may challenge (TH-CHAL-03, TH-TITLE-02, TH-VAR-2V2-04)."""
        out = self.opponents(seat)
        title = self.seats[seat].title
        if title is not None:
            supported = self.db.titles[title].supports
            if supported:
                out = [t for t in out if self.seats[t].title not in supported]
        return out

    def challenge_options(self, seat: int, made: set[str]) -> list[Option]:
        """Challenges ``seat`` can still start this turn (TH-CHAL-01, TH-CHAL-06/07)."""
        opts = []
        standing = 0  # the icons of the seat's standing characters
        for c in self.seats[seat].chars:
            if not c.kneeling:
                standing |= c.d.icons | c.static_icons | c.temp_icons  # Card.icons, inlined
        targets = None
        for ctype in ICONS:
            if ctype in made:
                continue
            if not standing & ICON_BIT[ctype]:
                continue
            if targets is None:
                targets = self.legal_targets(seat)
            for t in targets:
                opts.append(challenge_option(ctype, t))
        return opts

    def pick_set(
        self,
        seat: int,
        kind: str,
        candidates: list[Card],
        minimum: int = 0,
        maximum: int | None = None,
        chosen: list[Card] | None = None,
    ) -> Flow:
        """Let ``seat`` choose cards one at a time; ``<kind>: done`` ends the choice.

        ``done`` (``none`` before any pick) is offered once ``minimum`` cards
        are chosen; the choice stops by itself at ``maximum`` cards. Picks are
        appended to ``chosen`` as they are made (a challenge's attackers and
        defenders show in views while they are being declared).
        """
        if chosen is None:
            chosen = []
        left = list(candidates)
        labels = self.label_cards(kind, left)  # one option per card of ``left``, in order
        while left and (maximum is None or len(chosen) < maximum):
            # "done" ("none" before any pick) once enough are chosen
            opts = [*labels, end_option(kind, bool(chosen))] if len(chosen) >= minimum else labels
            # the engine's ask, inlined: one generator less for the commonest choices of a game
            opt = opts[0] if len(opts) == 1 else opts[(yield Decision(seat, kind, tuple(opts)))]
            c = opt.data
            if c is None:
                break
            chosen.append(c)
            i = left.index(c)
            del left[i]
            did = c.d.id
            for other in left:
                if other.d.id == did:  # its copies are numbered anew (#2 becomes the first)
                    labels = self.label_cards(kind, left)
                    break
            else:  # the other cards' labels stay as they were
                del labels[i]  # (a list of our own: label_cards makes a new one)
        return chosen

    def run_challenge(self, seat: int, ctype: str, target: int) -> Flow:
        """One challenge from declaration to its last response."""
        self.nchal += 1
        ch = Challenge(ctype, seat, target, self.nchal)
        self.ch = ch
        bit = ICON_BIT[ctype]
        eligible = [
            c
            for c in self.seats[seat].chars
            if not c.kneeling and (c.d.icons | c.static_icons | c.temp_icons) & bit
        ]
        attackers = yield from self.pick_set(
            seat, "attackers", eligible, minimum=1, chosen=ch.attackers
        )
        for c in attackers:
            c.kneeling = True
        events = self.events  # (emit, inlined here: a game has dozens of challenges)
        data = {"challenge": ctype, "target": target, "attackers": [c.d.id for c in attackers]}
        events.append(Event("challenge_declared", seat, data))
        if self.titles_on:
            yield from self.offer_redirect(ch)
        yield from self.stealth(ch)
        if "attackers_declared" in self.live_triggers:
            yield from self.trigger_all("attackers_declared", None, {"challenge": ch})
        yield from self.action_window()
        yield from self.declare_defenders(ch, ch.defender)
        if not ch.defenders and self.titles_on:
            yield from self.offer_support(ch)
        if not ch.defenders and self.titles_on:
            yield from self.offer_intercept(ch)
        data = {"challenge": ctype, "defenders": [c.d.id for c in ch.defenders]}
        self.events.append(Event("defenders_declared", ch.defender, data))
        if "defenders_declared" in self.live_triggers:
            yield from self.trigger_all("defenders_declared", None, {"challenge": ch})
        yield from self.action_window()
        yield from self.resolve_challenge(ch)
        self.ch = None
        self.expire("challenge")

    def offer_redirect(self, ch: Challenge) -> Flow:
        """TH-TITLE-06: the Crown Regent may make the attacker pick a new target (once a round)."""
        holder = self.holder_of("redirect")
        if holder is None or holder == ch.attacker or self.redirect_used:
            return
        others = [t for t in self.legal_targets(ch.attacker) if t != ch.target]
        if not others:
            return  # no other legal target: the challenge goes on as declared
        opts = [Option("redirect: no", False), Option("redirect: yes", True)]
        if not (yield from self.ask(holder, "redirect", opts)).data:
            return
        self.redirect_used = True
        opts = [Option(f"new target: seat {t}", t) for t in others]
        new = (yield from self.ask(ch.attacker, "new_target", opts)).data
        self.emit("challenge_redirected", holder, old=ch.target, new=new)
        ch.target = ch.defender = new

    def stealth(self, ch: Challenge) -> Step:
        """TH-KW-STEALTH-01/02: each Stealth attacker may bar one non-Stealth defender."""
        for a in ch.attackers:
            if (a.d.kw | a.static_kw | a.temp_kw) & K_STEALTH:
                return self._stealth(ch)
        return ()  # no Stealth attacker (the usual case): no generator needed

    def _stealth(self, ch: Challenge) -> Flow:
        for a in ch.attackers:
            if not a.kw & K_STEALTH:
                continue
            cands = [
                c
                for c in self.seats[ch.target].chars
                if not c.kw & K_STEALTH and c.uid not in ch.stealthed
            ]
            if not cands:
                break
            opts = [*self.label_cards("stealth", cands), Option("stealth: none", None)]
            pick = (yield from self.ask(ch.attacker, "stealth", opts)).data
            if pick is not None:
                ch.stealthed.add(pick.uid)
                self.emit("stealth", ch.attacker, attacker=a.d.id, card=pick.d.id)

    def declare_defenders(self, ch: Challenge, seat: int) -> Step:
        """TH-CHAL-08/09: the defending player kneels any number of eligible characters."""
        bit = ICON_BIT[ch.ctype]
        stealthed = ch.stealthed
        eligible = [  # can_defend, inlined
            c
            for c in self.seats[seat].chars
            if not c.kneeling
            and (c.d.icons | c.static_icons | c.temp_icons) & bit
            and c.uid not in stealthed
        ]
        if not eligible:
            return ()  # nobody can defend: no generator needed
        return self._declare_defenders(ch, seat, eligible)

    def _declare_defenders(self, ch: Challenge, seat: int, eligible: list[Card]) -> Flow:
        ch.defender = seat
        chosen = yield from self.pick_set(seat, "defenders", eligible, chosen=ch.defenders)
        for c in chosen:
            c.kneeling = True

    def offer_support(self, ch: Challenge) -> Flow:
        """TH-TITLE-03: the holder of a title that supports the target's may defend."""
        title = self.seats[ch.target].title
        if title is None:
            return
        for s in self.order_from((ch.attacker + 1) % self.players):
            t = self.seats[s].title
            if s in (ch.attacker, ch.target) or t is None:
                continue
            if title not in self.db.titles[t].supports:
                continue
            eligible = [
                c for c in self.seats[s].chars if not c.kneeling and c.icons & ICON_BIT[ch.ctype]
            ]
            if not eligible:
                continue
            ch.defender = s
            chosen = yield from self.pick_set(s, "support", eligible, chosen=ch.defenders)
            if chosen:
                for c in chosen:
                    c.kneeling = True
                ch.supporter = s
                self.emit("support_defence", s, target=ch.target)
                return
            ch.defender = ch.target

    def offer_intercept(self, ch: Challenge) -> Flow:
        """TH-TITLE-10/11, TH-GAP-22: the Lord Commander may become the target."""
        holder = self.holder_of("intercept")
        if holder is None or holder in (ch.attacker, ch.target):
            return
        title = self.db.titles[self.seats[holder].title or ""]
        if ch.ctype != title.intercept_challenge:
            return
        if holder not in self.legal_targets(ch.attacker):
            return
        if not self.is_opponent(holder, ch.target):
            return
        opts = [Option("intercept: no", False), Option("intercept: yes", True)]
        if not (yield from self.ask(holder, "intercept", opts)).data:
            return
        self.emit("challenge_intercepted", holder, old=ch.target)
        ch.target = ch.defender = holder
        ch.intercepted = True
        ch.stealthed.clear()
        yield from self.declare_defenders(ch, holder)

    # ------------------------------------------------------------------ resolving

    def side_strength(self, ch: Challenge) -> tuple[int, int]:
        """Total attacking and defending strength (TH-CHAL-11, Intimidate, titles)."""
        strength = self.strength
        att = 0
        bar = 0  # TH-KW-INTIM-01: the strongest Intimidate attacker
        for c in ch.attackers:
            st = strength(c)
            att += st
            if (c.d.kw | c.static_kw | c.temp_kw) & K_INTIMIDATE and st > bar:  # Card.kw
                bar = st
        dfn = 0
        for c in ch.defenders:
            s = strength(c)
            if s >= bar:  # TH-KW-INTIM-01: weaker defenders add nothing
                dfn += s
        if self.titles_on:
            att += self.title_bonus(ch.attacker, ch, ch.attackers)
            dfn += self.title_bonus(ch.defender, ch, ch.defenders)
        return att, dfn

    def title_bonus(self, seat: int, ch: Challenge, side: list[Card]) -> int:
        """TH-TITLE-05/09/12: +N to a side with a participant whose player holds the title."""
        t = self.seats[seat].title
        if t is None or not side:
            return 0
        bonus = self.db.titles[t].strength
        if bonus is None or bonus.challenge not in ("any", ch.ctype):
            return 0
        return bonus.amount

    def claim_value(self, seat: int, ctype: str) -> int:
        s = self.seats[seat]
        base = s.plot.d.claim if s.plot is not None else 0
        return max(0, base + self.mod_total(seat, "claim", {"challenge": self.ch}))

    def attacker_wins(self, att: int, dfn: int) -> bool:
        """Whether an attack of ``att`` STR beats a defence of ``dfn`` (TH-CHAL-11/12).

        A tie goes to the attacker. The two-player rulebook gives it to him whatever
        his STR, so 0 against 0 is his (and unopposed, TH-CHAL-20); the summary, which
        rules games of three and four players (Two-on-Two included), asks for at least
        1 attacking STR, and a 0-0 challenge there has no winner (TH-GAP-02).
        """
        return att >= dfn and (att >= 1 or self.players == 2)

    def resolve_challenge(self, ch: Challenge) -> Flow:
        att, dfn = self.side_strength(ch)
        if self.attacker_wins(att, dfn):
            ch.winner, ch.loser = ch.attacker, ch.defender
            ch.unopposed = dfn < 1  # TH-CHAL-20: no defenders or under 1 defending STR
        elif dfn > att:
            ch.winner, ch.loser = ch.defender, ch.attacker
        events = self.events  # (emit, inlined here: a game has dozens of challenges)
        ctype = ch.ctype
        data = {"challenge": ctype, "attack": att, "defence": dfn, "winner": ch.winner}
        events.append(Event("challenge_resolved", ch.attacker, data))
        if ch.winner is None:
            return
        data = {
            "challenge": ctype,
            "attacker": ch.winner == ch.attacker,
            "unopposed": ch.unopposed,
        }
        events.append(Event("challenge_won", ch.winner, data))
        events.append(Event("challenge_lost", ch.loser, {"challenge": ctype}))
        for s, effects, src in list(ch.delayed) if ch.delayed else ():
            if s == ch.winner:
                yield from self.resolve_effects(s, src, effects, {"challenge": ch})
        if ch.winner == ch.attacker:
            if ch.unopposed:  # TH-CHAL-20
                bonus = 1 + self.mod_total(ch.attacker, "unopposed_power", {"challenge": ch})
                yield from self.gain_house_power(ch.attacker, bonus, "unopposed")
            yield from self.claim(ch)
        elif ch.intercepted:  # TH-TITLE-11: the Lord Commander takes 1 power
            yield from self.move_house_power(ch.attacker, ch.defender, 1, "kingsguard")
        # Renown (TH-KW-RENOWN-01)
        side = ch.attackers if ch.winner == ch.attacker else ch.defenders
        for c in side:
            if (c.d.kw | c.static_kw | c.temp_kw) & K_RENOWN and c.zone == "play":  # Card.kw
                self.card_power(c, 1, "renown")
        yield from self.deadly(ch)
        if ch.winner == ch.attacker and self.titles_on:
            yield from self.opposes_bonus(ch)
        live = self.live_triggers
        if "challenge_won" in live:
            yield from self.trigger_all("challenge_won", ch.winner, {"challenge": ch})
        if "challenge_lost" in live:
            yield from self.trigger_all("challenge_lost", ch.loser, {"challenge": ch})
        if ch.winner == ch.attacker:  # TH-KW-VIGILANT-01, TH-KW-VENGEFUL-01
            yield from self.stand_keyword(ch.attacker, K_VIGILANT, "vigilant")
            yield from self.stand_keyword(ch.defender, K_VENGEFUL, "vengeful")

    def claim(self, ch: Challenge) -> Flow:
        """TH-CHAL-13…18: the target suffers the attacker's claim, as far as possible."""
        n = self.claim_value(ch.attacker, ch.ctype)
        target = ch.target
        self.events.append(
            Event("claim", target, {"challenge": ch.ctype, "amount": n})
        )  # emit, inlined
        if n <= 0:
            return
        if ch.ctype == "military":
            chars = list(self.seats[target].chars)
            k = min(n, len(chars))  # TH-CHAL-15: k different characters, all at once
            victims = yield from self.pick_set(target, "claim", chars, minimum=k, maximum=k)
            yield from self.kill(victims, ch.attacker, "military claim")
        elif ch.ctype == "intrigue":
            hand = self.seats[target].hand
            for _ in range(min(n, len(hand))):
                c = hand[self.rng.randrange(len(hand))]
                self.discard_from_hand(target, c, "intrigue claim")
        else:
            yield from self.move_house_power(target, ch.attacker, n, "power claim")

    def deadly(self, ch: Challenge) -> Step:
        """TH-KW-DEADLY-01, TH-GAP-11: more Deadly attackers than Deadly defenders kills one."""
        att = 0
        for c in ch.attackers:
            if (c.d.kw | c.static_kw | c.temp_kw) & K_DEADLY:  # Card.kw, inlined
                att += 1
        if not att:
            return ()  # the usual case: no generator needed
        dfn = sum(1 for c in ch.defenders if c.kw & K_DEADLY)
        alive = [c for c in ch.defenders if c.zone == "play"]
        if att > dfn and alive:
            return self._deadly(ch, alive)
        return ()

    def _deadly(self, ch: Challenge, alive: list[Card]) -> Flow:
        victim = yield from self.pick_set(ch.defender, "deadly", alive, minimum=1, maximum=1)
        yield from self.kill(victim, ch.attacker, "deadly")

    def opposes_bonus(self, ch: Challenge) -> Flow:
        """TH-TITLE-04, TH-GAP-21: +1 power once a round against an opposed title's holder."""
        seat = self.seats[ch.attacker]
        if seat.opposed_bonus or seat.title is None:
            return
        target_title = self.seats[ch.target].title
        if target_title is not None and target_title in self.db.titles[seat.title].opposes:
            seat.opposed_bonus = True
            yield from self.gain_house_power(ch.attacker, 1, "opposes")

    def stand_keyword(self, seat: int, bit: int, kind: str) -> Step:
        """Vigilant/Vengeful: stand any number of kneeling cards with the keyword."""
        cands = [
            c
            for c in self.seats[seat].play
            if c.kneeling and (c.d.kw | c.static_kw | c.temp_kw) & bit  # Card.kw, inlined
        ]
        if not cands:
            return ()  # the usual case: no generator needed
        return self._stand_keyword(seat, kind, cands)

    def _stand_keyword(self, seat: int, kind: str, cands: list[Card]) -> Flow:
        chosen = yield from self.pick_set(seat, kind, cands)
        for c in chosen:
            c.kneeling = False
            self.emit("card_stood", seat, card=c.d.id, reason=kind)

    # ------------------------------------------------------------------ killing

    def kill(self, victims: list[Card], by: int | None, reason: str) -> Flow:
        """Kill characters all at once, after offering saves (TH-ACT-11, TH-CHAL-15)."""
        doomed = []
        for c in victims:
            if c.zone != "play":
                continue
            saved = yield from self.offer_saves(c, "would_be_killed", by)
            if not saved:
                doomed.append(c)
        killed = []
        for c in doomed:
            if c.zone != "play":
                continue
            controller = c.controller
            dest = self.leave_play(c, DEAD)
            self.emit("card_killed", controller, card=c.d.id, reason=reason, to=dest)
            killed.append(c)
        for c in killed:
            yield from self.trigger_all("character_killed", None, {"card": c})
        return killed

    # ------------------------------------------------------------------ Littlefinger

    def offer_bribes(self, active: int) -> Flow:
        """TH-VAR-LF-01/02: before a challenges turn, others may pay the active player.

        A bribe is gold paid in advance for "no challenges against me this
        turn"; the deal does not bind (the active player's bot decides).
        One offer per player and turn keeps deals from stalling the game.
        """
        for s in self.order_from((active + 1) % self.players):
            seat = self.seats[s]
            if s == active or seat.gold <= 0:
                continue
            opts = [Option("bribe: none", 0)]
            for n in range(1, min(seat.gold, 3) + 1):
                opts.append(Option(f"bribe: {n} gold to seat {active}", n))
            n = (yield from self.ask(s, "bribe", opts)).data
            if n:
                seat.gold -= n
                self.seats[active].gold += n
                self.seats[active].deals.append((s, n))
                self.emit("bribe_paid", s, to=active, amount=n)
