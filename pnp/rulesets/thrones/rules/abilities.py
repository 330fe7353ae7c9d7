"""Running abilities: action windows, marshalling, costs, targets, effects,
responses, saves, cancels and passive modifiers.

The vocabulary itself (what content may say) is :mod:`pnp.rulesets.thrones.effects`; this module
is what the referee does with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pnp.engine.flow import Flow
from pnp.engine.game import Decision, Event, Option
from pnp.rulesets.thrones.catalog import (
    ICON_BIT,
    K_AMBUSH,
    K_DEATHBOUND,
    K_LIMITED,
    K_NOATT,
    KW_BIT,
)
from pnp.rulesets.thrones.effects import (
    Ability,
    CardFilter,
    ChooseTarget,
    Condition,
    Cost,
    Ctx,
    EachTarget,
    Passive,
)
from pnp.rulesets.thrones.plain import CHOOSE, EACH
from pnp.rulesets.thrones.rules.base import NOTHING, RulesBase, Step
from pnp.rulesets.thrones.state import Card, Lasting, Seat
from pnp.rulesets.thrones.zones import DISCARD, PLAY

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame


def _dynamic(f: CardFilter) -> bool:
    """Whether a filter looks at something that changes within a phase."""
    return (
        f.participating is not None
        or f.attacking is not None
        or f.defending is not None
        or f.kneeling is not None
    )


#: the closing options of an action window (shared: options are immutable)
_PASS = Option("pass", None)
#: the context of an action window's checks (read only: cond_ok never writes to it)
_NO_CTX: dict[str, Any] = {}
_DONE = Option("done", None)

_CHARACTER = ("character",)
_KIND_TYPES = {
    "character": _CHARACTER,
    "location": ("location",),
    "attachment": ("attachment",),
    "card": ("character", "location", "attachment"),
    "event": ("event",),
}


class AbilityMixin(RulesBase):
    """Abilities of :class:`~pnp.rulesets.thrones.game.ThronesGame`."""

    # ------------------------------------------------------------------ filters

    def matches(self, f: CardFilter, c: Card, seat: int, src: Card | None) -> bool:
        """Whether card ``c`` passes filter ``f`` seen from ``seat`` (the ability's controller)."""
        ctl = f.controller
        if ctl == "you":
            if c.controller != seat:
                return False
        elif ctl == "opponent":
            other = c.controller  # is_opponent(seat, other), inlined: filters are read often
            if other == seat or self.seats[other].team == self.seats[seat].team:
                return False
        groups = f.groups  # only the groups of tests the filter uses
        if groups & 1:
            d = c.d
            if f.house is not None and f.house not in d.houses:
                return False
            if f.trait is not None and f.trait not in d.traits:
                return False
            if f.crest is not None and f.crest not in d.crests:
                return False
            if f.unique is not None and d.unique != f.unique:
                return False
            if f.max_cost is not None and d.cost > f.max_cost:
                return False
        if groups & 2:
            if f.kneeling is not None and c.kneeling != f.kneeling:
                return False
            if f.icon is not None and not c.icons & ICON_BIT[f.icon]:
                return False
            if f.keyword is not None and not c.kw & KW_BIT[f.keyword]:
                return False
            if f.max_strength is not None and self.strength(c) > f.max_strength:
                return False
            if f.has_power is not None and (c.power > 0) != f.has_power:
                return False
        if groups & 4:
            ch = self.ch
            att = ch is not None and c in ch.attackers
            dfn = ch is not None and c in ch.defenders
            if f.participating is not None and (att or dfn) != f.participating:
                return False
            if f.attacking is not None and att != f.attacking:
                return False
            if f.defending is not None and dfn != f.defending:
                return False
        return not (f.not_self and c is src)

    def candidates(self, seat: int, src: Card | None, t: ChooseTarget | EachTarget) -> list[Card]:
        """Cards in play that target ``t`` may pick (Immunity excluded, TH-KW-IMMUNE-01)."""
        kind = t.choose if isinstance(t, CHOOSE) else t.each
        kinds = _KIND_TYPES[kind]
        src_type = src.d.type if src is not None else None
        if t.participating or t.attacking or t.defending:
            ch = self.ch
            if ch is None:
                return []
            pool: list[Card] = ch.attackers + ch.defenders
        else:
            ctl = t.controller
            if ctl == "you":
                seats = [self.seats[seat]]
            elif ctl == "opponent":
                seats = [self.seats[o] for o in self.opponents(seat)]
            else:
                seats = self.seats
            if kind == "character":
                pool = [c for x in seats for c in x.chars]
            else:
                pool = [c for x in seats for c in x.play]
        matches = self.matches
        return [
            c
            for c in pool
            if c.d.type in kinds and src_type not in c.d.immune and matches(t, c, seat, src)
        ]

    def has_candidate(self, seat: int, src: Card | None, t: ChooseTarget | EachTarget) -> bool:
        """Whether :meth:`candidates` would find a card: the same tests, stopping at the
        first card that passes (action and response windows ask this very often)."""
        kinds = _KIND_TYPES[t.choose if isinstance(t, CHOOSE) else t.each]
        src_type = src.d.type if src is not None else None
        if t.participating or t.attacking or t.defending:
            ch = self.ch
            if ch is None:
                return False
            pools: Any = (ch.attackers, ch.defenders)
        else:
            ctl = t.controller
            if ctl == "you":
                seats: Any = (self.seats[seat],)
            elif ctl == "opponent":
                seats = self.opponent_seats[seat]
            else:
                seats = self.seats
            by_kind = kinds is _CHARACTER
            pools = [x.chars if by_kind else x.play for x in seats]
        matches = self.matches
        for pool in pools:
            for c in pool:
                d = c.d
                if d.type in kinds and src_type not in d.immune and matches(t, c, seat, src):
                    return True
        return False

    def me(self, src: Card) -> Card | None:
        """The card an ability's "this card" conditions look at (an attachment: its host)."""
        return src.host if src.d.type == "attachment" else src

    def cond_ok(self, cond: Condition | None, seat: int, src: Card | None, ctx: Ctx) -> bool:
        """Whether an ability's ``if:`` holds now."""
        if cond is None:
            return True
        ch = ctx.get("challenge") or self.ch
        if cond.challenge is not None and (ch is None or ch.ctype != cond.challenge):
            return False
        if cond.as_ is not None:
            if ch is None:
                return False
            role = (
                "attacker" if seat == ch.attacker else ("defender" if seat == ch.defender else None)
            )
            if role != cond.as_:
                return False
        if cond.unopposed is not None and (ch is None or ch.unopposed != cond.unopposed):
            return False
        if cond.phase is not None and self.phase != cond.phase:
            return False
        if (
            cond.participating is not None
            or cond.attacking is not None
            or cond.defending is not None
        ):
            me = self.me(src) if src is not None else None
            att = ch is not None and me is not None and me in ch.attackers
            dfn = ch is not None and me is not None and me in ch.defenders
            if cond.participating is not None and (att or dfn) != cond.participating:
                return False
            if cond.attacking is not None and att != cond.attacking:
                return False
            if cond.defending is not None and dfn != cond.defending:
                return False
        if cond.card is not None:
            c = ctx.get("card")
            if c is None or not self.matches(cond.card, c, seat, src):
                return False
        if cond.kneeling is not None and (src is None or src.kneeling != cond.kneeling):
            return False
        if cond.behind is not None:
            mine = self.total_power(seat)
            behind = any(self.total_power(o) > mine for o in self.opponents(seat))
            if behind != cond.behind:
                return False
        return not (cond.hand_empty is not None and (not self.seats[seat].hand) != cond.hand_empty)

    # ------------------------------------------------------------------ passives

    def apply_passive(self, seat: Seat, src: Card, p: Passive, cond: Condition | None) -> None:
        """Apply one passive ability of ``src`` (controlled by ``seat``) during a refresh.

        Card modifiers that hold only sometimes (an ``if:``, or a filter on
        something that changes during a challenge such as ``defending``) are
        kept aside and evaluated when strength is read.
        """
        for key, amount in p.player_mods:
            seat.mods.setdefault(key, []).append((cond, amount, src))
        if p.cost is not None:
            seat.cost_mods.append((p.affects, p.cost, src))
        if not p.card_mods:
            return
        aff = p.affects
        # ``affects`` is None, "self", "host" or an EachTarget; comparing a
        # pydantic model with a string is slow, so the type is tested first
        dynamic = False
        if aff is not None and not isinstance(aff, str):
            self.wide = True
            dynamic = _dynamic(aff)
        if cond is not None or dynamic:
            self.cond_sources.append((src, p, cond))
            return
        touched = self.touched
        for t in self.passive_targets(seat.idx, src, p):
            touched.append(t)
            if p.strength:
                t.static_str += p.strength
            if p.icon:
                t.static_icons |= ICON_BIT[p.icon]
            if p.keyword:
                t.static_kw |= KW_BIT[p.keyword]
            if p.no_stand:
                t.no_stand = True

    def each_passives_onto(self, seat: Seat, src: Card, c: Card) -> None:
        """What :meth:`apply_passive` gives ``c`` from ``src``'s unconditional 'each' passives."""
        for p, cond in src.d.passives:
            aff = p.affects
            if (
                cond is not None
                or not p.card_mods
                or aff is None
                or isinstance(aff, str)
                or _dynamic(aff)
            ):
                continue
            # candidates() for this one card: its kind, Immunity, the filter
            if (
                c.d.type not in _KIND_TYPES[aff.each]
                or src.d.type in c.d.immune
                or not self.matches(aff, c, seat.idx, src)
            ):
                continue
            self.touched.append(c)
            if p.strength:
                c.static_str += p.strength
            if p.icon:
                c.static_icons |= ICON_BIT[p.icon]
            if p.keyword:
                c.static_kw |= KW_BIT[p.keyword]
            if p.no_stand:
                c.no_stand = True

    def passive_targets(self, seat: int, src: Card, p: Passive) -> list[Card]:
        aff = p.affects
        if aff is None or isinstance(aff, str):
            if aff == "self" or (aff is None and src.d.type != "attachment"):
                return [src] if src.zone == PLAY else []
            host = src.host
            return [host] if host is not None and src.d.type not in host.d.immune else []
        return self.candidates(seat, src, aff)

    def conditional_strength(self, c: Card) -> int:
        """Strength from passives that hold only sometimes ("while attacking" …)."""
        total = 0
        # every source here is active: refresh() rebuilds the list when a card with
        # passives leaves play or a plot is revealed, and a revealed plot or an
        # agenda (never "in play") is a source too (Reaving Season, Sun's Patience);
        # and only a passive that changes strength is kept aside (Ability allows
        # nothing else with an ``if:`` or a filter that changes during a phase)
        for src, p, cond in self.cond_sources:
            aff = p.affects
            if aff is None or aff.__class__ is str:
                if aff == "self" or (aff is None and src.d.type != "attachment"):
                    if c is not src:
                        continue
                elif c is not src.host:
                    continue
            elif (
                c.zone != PLAY
                or c.d.type not in _KIND_TYPES[aff.each]
                or src.d.type in c.d.immune
                or not self.matches(aff, c, src.controller, src)
            ):
                continue
            if cond is None or self.cond_ok(cond, src.controller, src, {}):
                total += p.strength
        return total

    def mod_total(self, seat: int, key: str, ctx: Ctx) -> int:
        """Sum of one player-level passive modifier that holds now."""
        mods = self.seats[seat].mods.get(key)
        if not mods:
            return 0
        return sum(a for cond, a, src in mods if self.cond_ok(cond, seat, src, ctx))

    # ------------------------------------------------------------------ costs

    def influence_available(self, seat: int) -> int:
        """Influence ``seat`` could produce: standing cards and an unused title (TH-COMP-16)."""
        s = self.seats[seat]
        total = 0
        for c in s.play:
            if not c.kneeling:
                total += c.d.influence
        if s.title is not None and not s.influence_used:
            total += self.db.titles[s.title].influence
        return total

    def can_pay(self, seat: int, card: Card, cost: Cost | None) -> bool:
        if cost is None:
            return True
        s = self.seats[seat]
        if cost.kneel_self and (card.zone != PLAY or card.kneeling):
            return False
        if cost.sacrifice_self and card.zone != PLAY:
            return False
        if cost.gold > s.gold:  # TH-ACT-15
            return False
        if cost.kneel_influence and self.influence_available(seat) < cost.kneel_influence:
            return False
        if cost.kneel is not None:
            need = cost.kneel
            if not any(
                not c.kneeling and c is not card and self.matches(need, c, seat, card)
                for c in s.play
            ):
                return False
        return True

    def pay_influence(self, seat: int, need: int) -> Flow:
        """Kneel influence until ``need`` is covered; any excess is lost (TH-COMP-16)."""
        s = self.seats[seat]
        paid = 0
        sources: list[str] = []  # what paid it, for the log: a forced pick asks nobody
        while paid < need:
            opts = self.label_cards(
                "influence", [c for c in s.play if not c.kneeling and c.d.influence]
            )
            if s.title is not None and not s.influence_used and self.db.titles[s.title].influence:
                opts.append(Option(f"influence: {s.title}", None))
            pick = (yield from self.ask(seat, "influence", opts)).data
            if pick is None:
                s.influence_used = True
                paid += self.db.titles[s.title or ""].influence
                sources.append(s.title or "")
            else:
                pick.kneeling = True
                paid += pick.d.influence
                sources.append(pick.d.id)
        self.emit("influence_paid", seat, amount=paid, needed=need, sources=sources)

    def pay_cost(self, seat: int, card: Card, cost: Cost | None) -> Flow:
        """Pay ``cost``; callers check :meth:`can_pay` first."""
        if cost is None:
            return
        s = self.seats[seat]
        if cost.kneel_self:
            card.kneeling = True
        if cost.gold:
            s.gold -= cost.gold
            self.emit("gold_spent", seat, amount=cost.gold, card=card.d.id)
        if cost.kneel is not None:
            need = cost.kneel
            opts = self.label_cards(
                "kneel",
                [
                    c
                    for c in s.play
                    if not c.kneeling and c is not card and self.matches(need, c, seat, card)
                ],
            )
            pick = (yield from self.ask(seat, "cost", opts)).data
            pick.kneeling = True
            # told, as an effect's kneel is: with one card that fits, nobody was asked
            self.emit("card_knelt", seat, card=pick.d.id, by=card.d.id)
        if cost.kneel_influence:
            yield from self.pay_influence(seat, cost.kneel_influence)
        if cost.sacrifice_self and card.zone == PLAY:
            self.leave_play(card, DISCARD)
            self.emit("card_sacrificed", seat, card=card.d.id)

    # ------------------------------------------------------------------ ability checks

    def stamp(self, limit: str | None) -> Any:
        if limit == "round":
            return self.round_no
        if limit == "phase":
            # a round has each phase once (phase_seq keeps only the last eight
            # phases, so its length stops counting them in the second round)
            return (self.round_no, self.phase)
        if limit == "challenge":
            return self.nchal
        return None

    def usable(
        self, seat: int, card: Card, idx: int, a: Ability, ctx: Ctx, from_hand: bool
    ) -> bool:
        """Whether ``seat`` may use ability ``idx`` of ``card`` now (ignoring timing)."""
        s = self.seats[seat]
        if a.limit is not None and s.uses.get((card.uid, idx)) == self.stamp(a.limit):
            return False
        if a.limited and s.limited_responses >= 1:  # TH-KW-LIMITED-02
            return False
        if from_hand and card.d.kw & K_LIMITED and s.limited >= 1:
            return False
        if a.if_ is not None and not self.cond_ok(a.if_, seat, card, ctx):
            return False
        if a.cost is not None and not self.can_pay(seat, card, a.cost):
            return False
        # an ability whose effects would find nothing to act on is not offered
        checks = card.d.checks[idx]
        return not checks or self.targets_exist(seat, card, checks)

    def targets_exist(self, seat: int, card: Card, checks: tuple[tuple[str, Any], ...]) -> bool:
        """Whether every check of :func:`~.catalog.target_checks` finds what it needs."""
        for what, t in checks:
            if what == "choose":
                if not self.has_candidate(seat, card, t):
                    return False
            elif what == "self":
                if card.zone != PLAY:
                    return False
            elif what == "host":
                if card.host is None:
                    return False
            elif self.ch is None:  # on_win
                return False
        return True

    # ------------------------------------------------------------------ action windows

    def action_options(self, seat: int) -> list[Option]:
        """Every action ``seat`` may take now (TH-ACT-01/02/04).

        Only the seat's short actor indexes are read, and cards that cannot
        act in this phase are skipped before anything is built: most calls
        find nothing.
        """
        s = self.seats[seat]
        phase = self.phase
        out: list[Option] = []
        usable = self.usable
        if s.hand_actors:
            seen: set[str] = set()
            influence: int | None = None
            for c in s.hand_actors:
                d = c.d
                if phase not in d.hand_acts:
                    continue
                if d.actions and d.type == "event" and d.id not in seen:
                    for i, a in d.actions:
                        if a.action in (phase, "any") and usable(seat, c, i, a, _NO_CTX, True):
                            seen.add(d.id)
                            out.append(Option(f"play: {d.id}", ("event", c, i)))
                            break
                if d.kw & K_AMBUSH and ("ambush:" + d.id) not in seen:
                    if influence is None:
                        influence = self.influence_available(seat)
                    if not self.can_ambush(seat, c, influence):
                        continue
                    seen.add("ambush:" + d.id)
                    out.append(Option(f"ambush: {d.id}", ("ambush", c, 0)))
        if s.play_actors:
            counts: dict[str, int] = {}
            for c in s.play_actors:
                d = c.d
                if phase not in d.play_acts:
                    continue
                n = counts[d.id] = counts.get(d.id, 0) + 1
                for i, a in d.actions:
                    if a.action in (phase, "any") and usable(seat, c, i, a, _NO_CTX, False):
                        label = f"use: {d.id}" + (f" #{n}" if n > 1 else "")
                        if len(d.actions) > 1:
                            label += f" ({i + 1})"
                        out.append(Option(label, ("ability", c, i)))
        return out

    def action_window(self, marshal_seat: int | None = None) -> Step:
        """Players take actions in turn until all pass in succession (TH-ACT-05/06, TH-GAP-20).

        With ``marshal_seat`` this is that player's marshalling turn: he may
        also marshal cards and attach duplicates, and his pass ends the turn
        once the others have passed too.

        Most windows close at once because no card in any hand or play area
        could act in the phase; that is checked from the seats' short actor
        indexes before a generator is even made (``yield from ()`` costs
        nothing).
        """
        if marshal_seat is not None:
            return self._window(marshal_seat)
        phase = self.phase
        for st in self.seats:
            for c in st.hand_actors:
                if phase in c.d.hand_acts:
                    return self._window(None)
            for c in st.play_actors:
                if phase in c.d.play_acts:
                    return self._window(None)
        return ()

    def _window(self, marshal_seat: int | None) -> Flow:
        n = self.players
        order = self.orders[marshal_seat if marshal_seat is not None else self.first]
        passes = 0
        i = 0
        while passes < n:
            s = order[i % n]
            i += 1
            st = self.seats[s]
            # action_options would say the same for a seat with no card that can act
            opts = self.action_options(s) if st.hand_actors or st.play_actors else []
            if s == marshal_seat:
                marshal = self.marshal_options(s)
                if opts:
                    marshal.extend(opts)
                opts = marshal
            if not opts:
                passes += 1
                continue
            opts.append(_DONE if s == marshal_seat else _PASS)
            kind = "marshal" if s == marshal_seat else "action"
            # never a lone option: pass is one (the engine's ask, inlined: a busy choice)
            opt = opts[(yield Decision(s, kind, tuple(opts)))]
            if opt.data is None:
                passes += 1
                continue
            passes = 0  # after an action everyone (the actor too) must pass to close
            what, card, idx = opt.data
            if what == "event":
                yield from self.play_event(s, card, idx)
            elif what == "ability":
                yield from self.use_card_action(s, card, idx)
            elif what == "ambush":
                yield from self.ambush(s, card)
            elif what == "marshal":
                yield from self.marshal(s, card)
            elif what == "duplicate":
                self.add_duplicate(card, idx)
                self.emit("duplicate_attached", s, card=card.d.id)

    # ------------------------------------------------------------------ marshalling

    def marshal_cost(self, seat: int, c: Card) -> int:
        """Printed cost, +2 for another House's card (TH-MARSH-08), passive changes."""
        s = self.seats[seat]
        d = c.d
        cost = s.base_costs.get(d)
        if cost is None:  # printed cost and House surcharge never change for a seat
            cost = d.cost
            if d.houses and s.house not in d.houses:
                cost += self.rules.house_penalty
            s.base_costs[d] = cost
        if not s.cost_mods:
            return cost  # never below 0: both parts are
        for flt, amount, _src in s.cost_mods:
            if flt is None or (
                d.type in _KIND_TYPES[flt.each]
                and (flt.house is None or flt.house in d.houses)
                and (flt.trait is None or flt.trait in d.traits)
                and (flt.unique is None or flt.unique == d.unique)
            ):
                cost += amount
        return max(0, cost)

    def unique_copy(self, seat: int, d: Any) -> tuple[bool, Card | None]:
        """(blocked, own copy in play): TH-UNIQ-01/02/03/08 — uniqueness by name, per player."""
        mine, barred = self.unique_names(seat)
        if d.name in mine:
            return True, mine[d.name]
        return d.name in barred, None

    def unique_names(self, seat: int) -> tuple[dict[str, Card | None], set[str]]:
        """Names of uniques ``seat`` has in play (with the copy he owns, if any) and names
        barred by his dead pile or by a copy an opponent took from him."""
        return self.own_uniques(seat), self.barred_names(seat)

    def own_uniques(self, seat: int) -> dict[str, Card | None]:
        """Names of the uniques ``seat`` controls, with the copy he owns (or ``None``)."""
        mine: dict[str, Card | None] = {}
        for c in self.seats[seat].play:
            if c.d.unique:
                mine[c.d.name] = c if c.owner == seat else None
        return mine

    def barred_names(self, seat: int) -> set[str]:
        """Names ``seat`` may not bring into play: his dead pile, his cards an opponent holds."""
        barred = {c.d.name for c in self.seats[seat].dead}
        for o in self.seats:
            if o.idx != seat:
                for c in o.play:
                    if c.owner == seat and c.d.unique:
                        barred.add(c.d.name)
        return barred

    def attach_hosts(self, seat: int, att: Card, first: bool = False) -> list[Card]:
        """Characters attachment ``att`` may go on (TH-COMP-06, TH-KW-NOATT-01).

        With ``first``, only the first one found (enough to know there is one).
        """
        d = att.d
        out = []
        for s in self.seats:
            if d.attach_to == "you" and s.idx != seat:
                continue
            if d.attach_to == "opponent" and not self.is_opponent(seat, s.idx):
                continue
            for c in s.chars:
                cd = c.d
                if (cd.kw | c.static_kw | c.temp_kw) & K_NOATT or "attachment" in cd.immune:
                    continue  # (Card.kw inlined: this runs for every attachment in hand)
                if d.attach_trait is not None and d.attach_trait not in cd.traits:
                    continue
                out.append(c)
                if first:
                    return out
        return out

    def marshal_options(self, seat: int) -> list[Option]:
        """Cards the active player may marshal or attach as duplicates (TH-MARSH-05…08)."""
        s = self.seats[seat]
        out: list[Option] = []
        seen: set[str] = set()
        mine: dict[str, Card | None] | None = None
        barred: set[str] | None = None
        gold = s.gold
        limited = s.limited >= 1
        base_costs = None if s.cost_mods else s.base_costs
        cache = self._marshal_opts
        for c in s.hand:
            d = c.d
            did = d.id
            if did in seen:
                continue
            seen.add(did)  # (an event's id too: ids name one definition each)
            if d.type == "event":
                continue
            if d.unique:
                if mine is None:
                    mine = self.own_uniques(seat)
                if d.name in mine:
                    own = mine[d.name]
                    if own is not None:  # TH-UNIQ-04: free duplicate
                        out.append(Option(f"duplicate: {d.id}", ("duplicate", c, own)))
                    continue
            if base_costs is None or (cost := base_costs.get(d)) is None:
                cost = self.marshal_cost(seat, c)
            if cost > gold:
                continue
            if limited and d.kw & K_LIMITED:  # TH-KW-LIMITED-01
                continue
            if d.unique:  # TH-UNIQ-03/08 (looked up only for a card that could be played)
                if barred is None:
                    barred = self.barred_names(seat)
                if d.name in barred:
                    continue
            if d.type == "attachment" and not self.attach_hosts(seat, c, True):
                continue
            o = cache.get(c.uid)
            if o is None:
                o = cache[c.uid] = Option(f"marshal: {d.id}", ("marshal", c, 0))
            out.append(o)
        return out

    def marshal(self, seat: int, c: Card) -> Flow:
        """Pay for and play a card from hand (TH-MARSH-05)."""
        cost = self.marshal_cost(seat, c)
        self.seats[seat].gold -= cost
        self.note_change("gold_spent")  # paid before a host is chosen and the card played
        yield from self.from_hand_into_play(seat, c, cost=cost)
        d = c.d
        if d.forced or d.responses:  # (trigger_self would find nothing otherwise)
            yield from self.trigger_self(c, "played", {})
            yield from self.trigger_self(c, "enters_play", {})

    def from_hand_into_play(self, seat: int, c: Card, **event: Any) -> Step:
        """The shared end of marshalling and Ambush: host, Limited count, enter play.

        Only an attachment asks something (its host); any other card is put
        into play at once and no generator is made.
        """
        if c.d.type == "attachment":
            return self._attach_into_play(seat, c, event)
        self._into_play(seat, c, None, event)
        return NOTHING

    def _attach_into_play(self, seat: int, c: Card, event: dict[str, Any]) -> Flow:
        hosts = self.label_cards("host", self.attach_hosts(seat, c))
        opt = yield from self.ask(seat, "host", hosts)
        self._into_play(seat, c, opt.data, event)

    def _into_play(self, seat: int, c: Card, host: Card | None, event: dict[str, Any]) -> None:
        if c.d.kw & K_LIMITED:
            self.seats[seat].limited += 1
        self.enter_play(c, seat, host)
        # emit, inlined: a game marshals dozens of cards
        self.events.append(Event("card_played", seat, {"card": c.d.id, **event}))

    def can_ambush(self, seat: int, c: Card, influence: int | None = None) -> bool:
        """TH-KW-AMBUSH-01: put into play as an action, paying the cost in influence."""
        d = c.d
        if influence is None:
            influence = self.influence_available(seat)
        if influence < max(1, self.marshal_cost(seat, c)):
            return False  # the usual reason, so it is checked first
        if d.kw & K_LIMITED and self.seats[seat].limited >= 1:
            return False
        if d.unique and self.unique_copy(seat, d)[0]:
            return False
        return not (d.type == "attachment" and not self.attach_hosts(seat, c, True))

    def ambush(self, seat: int, c: Card) -> Flow:
        yield from self.pay_influence(seat, max(1, self.marshal_cost(seat, c)))
        yield from self.from_hand_into_play(seat, c, ambush=True)
        yield from self.trigger_self(c, "enters_play", {})

    # ------------------------------------------------------------------ using abilities

    def play_event(self, seat: int, c: Card, idx: int) -> Flow:
        """Play an event from hand: pay, allow cancels, resolve, discard (TH-COMP-07)."""
        # TH-MARSH-10: timed trigger: only an action window of the event's phase or a
        # response chance to its trigger reaches it (it costs only its own cost)
        a = c.d.abilities[idx]
        self.to_limbo(seat, c)
        self.mark_use(seat, c, idx, a)
        yield from self.pay_cost(seat, c, a.cost)
        cancelled = yield from self.offer_cancels(seat, c, "event_played")
        if not cancelled:
            yield from self.resolve_effects(seat, c, a.effects, {"challenge": self.ch})
        self.from_limbo(c, cancelled)

    def to_limbo(self, seat: int, c: Card) -> None:
        """An event leaves its player's hand to be played (a Limited one counts now)."""
        s = self.seats[seat]
        s.remove_from_hand(c)
        c.zone = "limbo"
        self.limbo.append(c)
        if c.d.kw & K_LIMITED:
            s.limited += 1
        self.emit("card_played", seat, card=c.d.id)

    def from_limbo(self, c: Card, cancelled: bool) -> None:
        """A played event goes to its owner's discard pile (dead pile: Deathbound, not
        cancelled; TH-KW-DEATHBOUND-01)."""
        if c.zone == "limbo":
            self.limbo.remove(c)
            self.put_zone(c, "dead" if (c.d.kw & K_DEATHBOUND and not cancelled) else DISCARD)

    def use_card_action(self, seat: int, c: Card, idx: int) -> Flow:
        a = c.d.abilities[idx]
        self.mark_use(seat, c, idx, a)
        self.emit("ability_used", seat, card=c.d.id)
        yield from self.pay_cost(seat, c, a.cost)
        cancelled = yield from self.offer_cancels(seat, c, "action_taken")
        if not cancelled:
            yield from self.resolve_effects(seat, c, a.effects, {"challenge": self.ch})

    def mark_use(self, seat: int, c: Card, idx: int, a: Ability) -> None:
        if a.limit is not None:
            self.seats[seat].uses[(c.uid, idx)] = self.stamp(a.limit)
        if a.limited:
            self.seats[seat].limited_responses += 1

    def offer_cancels(self, seat: int, c: Card, trigger: str) -> Flow:
        """TH-ACT-12: others may cancel the action; its costs stay paid."""
        if trigger not in self.triggers_present:
            return False
        ctx: Ctx = {"card": c, "challenge": self.ch}
        for o in self.order_from((seat + 1) % self.players):
            if o == seat:
                continue
            opts = self.response_options(o, trigger, ctx, set())
            if not opts:
                continue
            opts.append(Option("cancel: no", None))
            opt = yield from self.ask(o, "cancel", opts)
            if opt.data is None:
                continue
            card, i, from_hand = opt.data
            res = yield from self.use_response(o, card, i, from_hand, ctx)
            if res.get("cancelled"):
                self.emit("action_cancelled", o, card=c.d.id)
                return True
        return False

    def resolve_triggered(self, seat: int, src: Card, a: Ability, ctx: Ctx) -> Flow:
        """A forced or "when revealed" ability: it just happens (costs paid if possible)."""
        if not self.cond_ok(a.if_, seat, src, ctx):
            return
        if a.cost is not None:
            if not self.can_pay(seat, src, a.cost):
                return
            yield from self.pay_cost(seat, src, a.cost)
        self.emit("ability_resolved", seat, card=src.d.id)
        yield from self.resolve_effects(seat, src, a.effects, ctx)

    # ------------------------------------------------------------------ triggers

    def trigger_self(self, c: Card, trigger: str, ctx: Ctx) -> Step:
        """Triggers about one card itself (``played``, ``enters_play``)."""
        d = c.d
        if trigger not in d.forced and trigger not in d.responses:
            return ()  # nothing to resolve: no generator needed
        return self._trigger_self(c, trigger, ctx)

    def _trigger_self(self, c: Card, trigger: str, ctx: Ctx) -> Flow:
        d = c.d
        ctx = dict(ctx, card=c)
        for _i, a in d.forced.get(trigger, ()):
            if c.zone == PLAY:
                yield from self.resolve_triggered(c.controller, c, a, ctx)
        if trigger in d.responses and c.zone == PLAY:
            seat = c.controller
            opts = []
            for i, a in d.responses[trigger]:
                if self.usable(seat, c, i, a, ctx, False):
                    opts.append(
                        Option(f"respond: {d.id}" + (f" ({i + 1})" if i else ""), (c, i, False))
                    )
            if opts:
                opts.append(Option("respond: pass", None))
                opt = yield from self.ask(seat, "response", opts)
                if opt.data is not None:
                    card, i, _ = opt.data
                    yield from self.use_response(seat, card, i, False, ctx)

    def trigger_sources(self, seat: int) -> list[Card]:
        """Cards of ``seat`` in play (and his plot and agenda) with triggered abilities."""
        return self.seats[seat].sources

    def trigger_all(self, trigger: str, only: int | None, ctx: Ctx) -> Step:
        """Forced abilities, then a response window, for a game-wide trigger.

        ``only`` limits it to one player's abilities ("after *you* win …").
        Forced abilities resolve first, in the first player's order when
        several fire together (TH-ACT-07/08); response chances then begin
        left of the player whose action caused the trigger (TH-ACT-10).

        Most triggers find no card in play (nor event in hand) that answers
        them; that is seen from the seats' short indexes, and then no
        generator is made at all.
        """
        forced = trigger in self.forced_present
        responses = trigger in self.triggers_present
        if not forced and not responses:
            return ()
        for s in self.seats:
            for c in s.sources:
                if (forced and trigger in c.d.forced) or (responses and trigger in c.d.responses):
                    return self._trigger_all(trigger, only, ctx)
            if responses:
                for c in s.hand_resp:
                    if trigger in c.d.responses:
                        return self._trigger_all(trigger, only, ctx)
        return ()

    def _trigger_all(self, trigger: str, only: int | None, ctx: Ctx) -> Flow:
        if trigger in self.forced_present:
            fired = []
            for s in self.turn_order():
                if only is not None and s != only:
                    continue
                for c in self.trigger_sources(s):
                    for _i, a in c.d.forced.get(trigger, ()):
                        if self.cond_ok(a.if_, s, c, ctx):
                            fired.append((s, c, a))
            while fired:
                if len(fired) == 1:
                    pick = fired[0]
                else:
                    opts = [
                        Option(o.label, entry)
                        for o, entry in zip(
                            self.label_cards("resolve", [c for _s, c, _a in fired]),
                            fired,
                            strict=True,
                        )
                    ]
                    pick = (yield from self.ask(self.first, "order", opts)).data
                fired.remove(pick)
                s, c, a = pick
                yield from self.resolve_triggered(s, c, a, ctx)
        if trigger not in self.triggers_present:
            return
        ch = ctx.get("challenge")
        initiator = (
            ch.attacker
            if ch is not None
            else (self.active if self.active is not None else self.first)
        )
        order = self.order_from((initiator + 1) % self.players)
        if only is not None:
            order = [only]
        used: set[tuple[int, int]] = set()
        n = len(order)
        passes = 0
        i = 0
        while passes < n:
            s = order[i % n]
            i += 1
            opts = self.response_options(s, trigger, ctx, used)
            if not opts:
                passes += 1
                continue
            opts.append(Option("respond: pass", None))
            opt = yield from self.ask(s, "response", opts)
            if opt.data is None:
                passes += 1
                continue
            passes = 0
            card, idx, from_hand = opt.data
            used.add((card.uid, idx))
            yield from self.use_response(s, card, idx, from_hand, ctx)

    def response_options(
        self, seat: int, trigger: str, ctx: Ctx, used: set[tuple[int, int]]
    ) -> list[Option]:
        """Responses ``seat`` may use for ``trigger`` now."""
        out: list[Option] = []
        s = self.seats[seat]
        hand_resp = s.hand_resp
        sources = s.sources
        if not hand_resp and not sources:
            return out
        seen: set[str] = set()
        for c in hand_resp:
            d = c.d
            if trigger in d.responses and d.id not in seen:
                for i, a in d.responses[trigger]:
                    if self.usable(seat, c, i, a, ctx, True):
                        seen.add(d.id)
                        out.append(Option(f"respond: {d.id}", (c, i, True)))
                        break
        counts: dict[str, int] = {}
        for c in sources:
            rs = c.d.responses.get(trigger)
            if not rs:
                continue
            counts[c.d.id] = counts.get(c.d.id, 0) + 1
            for i, a in rs:
                if (c.uid, i) in used:
                    continue
                if self.usable(seat, c, i, a, ctx, False):
                    n = counts[c.d.id]
                    label = f"respond: {c.d.id}" + (f" #{n}" if n > 1 else "")
                    if len(rs) > 1:  # two responses of one card: numbered as actions are
                        label += f" ({i + 1})"
                    out.append(Option(label, (c, i, False)))
        return out

    def use_response(self, seat: int, c: Card, idx: int, from_hand: bool, ctx: Ctx) -> Flow:
        """Use a response (an event from hand, or an ability of a card)."""
        a = c.d.abilities[idx]
        ctx = dict(ctx)
        self.mark_use(seat, c, idx, a)
        if from_hand:
            self.to_limbo(seat, c)
        else:
            self.emit("ability_used", seat, card=c.d.id)
        yield from self.pay_cost(seat, c, a.cost)
        cancelled = False
        if from_hand and a.response not in ("event_played", "action_taken"):
            cancelled = yield from self.offer_cancels(seat, c, "event_played")
        if not cancelled:
            yield from self.resolve_effects(seat, c, a.effects, ctx)
        if from_hand:
            self.from_limbo(c, cancelled)
        return ctx

    def offer_saves(self, c: Card, trigger: str, by: int | None) -> Step:
        """TH-ACT-11, TH-UNIQ-06: a save response (or a duplicate) keeps ``c`` in play."""
        check_responses = trigger in self.triggers_present
        if not c.dupes and not check_responses:
            return NOTHING  # nothing can save it: no generator (``yield from`` gives None)
        return self._offer_saves(c, trigger, by, check_responses)

    def _offer_saves(self, c: Card, trigger: str, by: int | None, check_responses: bool) -> Flow:
        start = ((by if by is not None else c.controller) + 1) % self.players
        ctx: Ctx = {"card": c, "challenge": self.ch}
        for s in self.order_from(start):
            opts: list[Option] = []
            if s == c.controller and c.dupes:
                opts.append(Option(f"save: duplicate of {c.d.id}", "duplicate"))
            if check_responses:
                opts.extend(
                    Option("save: " + o.label.split(": ", 1)[1], o.data)
                    for o in self.response_options(s, trigger, ctx, set())
                )
            if not opts:
                continue
            opts.append(Option("save: no", None))
            opt = yield from self.ask(s, "save", opts)
            if opt.data is None:
                continue
            if opt.data == "duplicate":
                dup = c.dupes[-1]
                self._take_out(dup)
                dup.reset()
                self.put_zone(dup, DISCARD)
                self.emit("card_saved", s, card=c.d.id, by="duplicate")
                return True
            card, i, from_hand = opt.data
            res = yield from self.use_response(s, card, i, from_hand, ctx)
            if res.get("saved"):
                self.emit("card_saved", s, card=c.d.id, by=card.d.id)
                return True
        return False

    # ------------------------------------------------------------------ effects

    def resolve_effects(self, seat: int, src: Card | None, effects: Any, ctx: Ctx) -> Flow:
        """Resolve effects in order (TH-ACT-03), each by its word
        (:data:`pnp.rulesets.thrones.effects.WORDS`); a word that asks a player
        returns the flow that asks."""
        if not isinstance(effects, list):  # one effect (a model or its plain copy)
            effects = [effects]
        game = cast("ThronesGame", self)  # the words act on the whole game (effects.py)
        for e in effects:
            asking = e.word.resolve(game, seat, src, e.value, ctx)
            if asking is not None:
                yield from asking

    def pick_target(self, seat: int, src: Card | None, t: Any, ctx: Ctx, verb: str) -> Flow:
        """The cards a target spec names; a ``choose`` target asks ``seat``."""
        if t == "self":
            return [src] if src is not None and src.zone == PLAY else []
        if t == "host":
            host = src.host if src is not None else None
            return [host] if host is not None and host.zone == PLAY else []
        cands = self.candidates(seat, src, t)
        if isinstance(t, EACH) or not cands:
            return cands
        opt = yield from self.ask(seat, "target", self.label_cards(verb, cands))
        return [opt.data]

    def opponent_for(self, seat: int, ctx: Ctx) -> Flow:
        """ "An opponent": the other side of the challenge, the only one, or a chosen one."""
        ch = ctx.get("challenge") or self.ch
        if ch is not None:
            if seat == ch.attacker and self.is_opponent(seat, ch.target):
                return ch.target
            if seat in (ch.defender, ch.target) and self.is_opponent(seat, ch.attacker):
                return ch.attacker
        opps = self.opponents(seat)
        if len(opps) == 1:
            return opps[0]
        opts = [Option(f"opponent: seat {o}", o) for o in opps]
        return (yield from self.ask(seat, "opponent", opts)).data

    def players_for(self, seat: int, ref: str, ctx: Ctx) -> Flow:
        if ref == "you":
            return [seat]
        if ref == "opponent":
            return [(yield from self.opponent_for(seat, ctx))]
        if ref == "each_opponent":
            return self.opponents(seat)
        return self.order_from(seat)

    def add_lasting(self, c: Card, kind: str, value: int, until: str) -> None:
        self.lasting.append(Lasting(c, kind, value, until))
        self.recompute_temp(c)

    def zone_card_ok(
        self, c: Card, kind: str, trait: str | None, house: str | None, max_cost: int | None
    ) -> bool:
        d = c.d
        return (
            d.type in _KIND_TYPES[kind]
            and (trait is None or trait in d.traits)
            and (house is None or house in d.houses)
            and (max_cost is None or d.cost <= max_cost)
        )

    def take_control(self, seat: int, t: Card) -> None:
        """``seat`` takes control of ``t`` (TH-ZONE-07); a unique he may not hold stays put."""
        if t.zone != PLAY or t.controller == seat:
            return
        if t.d.unique and self.unique_copy(seat, t.d)[0]:
            return
        self.leave_challenge(t)
        self.seats[t.controller].remove_from_play(t)
        t.controller = seat
        self.seats[seat].add_to_play(t)
        self.emit("control_taken", seat, card=t.d.id, owner=t.owner)
        self.refresh()
