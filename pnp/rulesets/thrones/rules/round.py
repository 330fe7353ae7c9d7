"""The round: seven phases, zones, strength and passive modifiers, power and victory.

:class:`RoundMixin` is the part of :class:`~pnp.rulesets.thrones.game.ThronesGame`
that runs a round (TH-PLOT … TH-TAX) and the bookkeeping every other rule
uses: asking a decision, emitting an event, moving cards between zones,
gaining power and checking victory (TH-WIN). Challenges are
:mod:`.challenges`, abilities :mod:`.abilities`, the setup phase :mod:`.setup`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pnp.engine.flow import Flow, FlowEnd, offer
from pnp.engine.game import Decision, Event, Option
from pnp.engine.rng import shuffle as shuffle_list
from pnp.rulesets.thrones.catalog import K_DEATHBOUND, K_INFAMY, K_STALWART, CardDef
from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.rules.base import NOTHING, RulesBase, Step
from pnp.rulesets.thrones.state import Card, Seat
from pnp.rulesets.thrones.zones import (
    DEAD,
    DECK,
    DISCARD,
    DUPE,
    HAND,
    PLAY,
    PLOT_DECK,
    PLOT_REVEALED,
    PLOT_USED,
    REMOVED,
)

PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}

_CHALLENGES_DONE = Option("challenges: done", None)


class GameOver(FlowEnd):
    """Raised inside the flow when the game ends."""

    def __init__(self, winners: tuple[int, ...], ending: str) -> None:
        super().__init__(ending)
        self.winners = winners
        self.ending = ending


class WinnerChoice(FlowEnd):
    """Several players reached victory at once in multiplayer: the first player picks."""

    def __init__(self, candidates: list[int]) -> None:
        super().__init__("simultaneous victory")
        self.candidates = candidates


class RoundMixin(RulesBase):
    """The round and its bookkeeping, for :class:`~pnp.rulesets.thrones.game.ThronesGame`."""

    # ------------------------------------------------------------------ helpers

    def new_card(self, d: CardDef, owner: int, zone: str) -> Card:
        """Create a card instance owned by ``owner``."""
        c = Card(self.next_uid, d, owner, zone)
        self.next_uid += 1
        self.cards.append(c)
        return c

    def order_from(self, seat: int) -> list[int]:
        """Every seat, clockwise, starting with ``seat`` (a shared list: do not change it)."""
        return self.orders[seat]

    def turn_order(self) -> list[int]:
        """Seats in the order of the round: the first player, then clockwise."""
        return self.order_from(self.first)

    def opponents(self, seat: int) -> list[int]:
        """Seats that are ``seat``'s opponents (partners are not, TH-VAR-2V2-03).

        A shared list, made once: do not change it.
        """
        return self.opponent_idx[seat]

    def is_opponent(self, a: int, b: int) -> bool:
        return a != b and self.seats[a].team != self.seats[b].team

    def total_power(self, seat: int) -> int:
        """House power plus power on every card the seat controls (TH-WIN-01)."""
        s = self.seats[seat]
        total = s.power
        for c in s.play:  # a plain loop: this runs after every power change
            total += c.power
        return total

    def label_cards(self, prefix: str, cards: Iterable[Card]) -> list[Option]:
        """Options naming cards by id; repeated ids get ``#2``, ``#3`` … in order."""
        # options are made once per (prefix, card, number) and reused: pick_set
        # asks for the same labels after every pick
        cache = self._label_cache.get(prefix)
        if cache is None:
            cache = self._label_cache[prefix] = {}
        seen: dict[str, int] = {}
        out = []
        for c in cards:
            did = c.d.id
            if did not in seen:
                seen[did] = 1
                o = cache.get(c)
                if o is None:
                    o = cache[c] = Option(f"{prefix}: {did}", c)
            else:
                n = seen[did] = seen[did] + 1
                key = (c.uid, n)
                o = cache.get(key)
                if o is None:
                    o = cache[key] = Option(f"{prefix}: {did} #{n}", c)
            out.append(o)
        return out

    @staticmethod
    def distinct(cards: Iterable[Card]) -> list[Card]:
        """One card per id (cards in hand with the same id are interchangeable)."""
        seen: set[str] = set()
        out = []
        for c in cards:
            if c.d.id not in seen:
                seen.add(c.d.id)
                out.append(c)
        return out

    # ------------------------------------------------------------------ strength & statics

    def strength(self, c: Card) -> int:
        """A character's current strength, never below 0 (TH-ACT-14)."""
        s = c.d.strength + c.static_str + c.temp_str
        if self.cond_sources:
            s += self.conditional_strength(c)
        return s if s > 0 else 0

    def refresh(self) -> None:
        """Recompute what passive abilities give (strength, icons, keywords, modifiers)."""
        for c in self.touched:
            c.static_str = c.static_icons = c.static_kw = 0
            c.no_stand = False
        self.touched = []
        self.cond_sources = []
        self.wide = False
        for seat in self.seats:
            if seat.mods:
                seat.mods = {}
            if seat.cost_mods:
                seat.cost_mods = []
            for src in seat.play:
                if src.d.has_passives:
                    self._apply_source(seat, src)
            if seat.plot is not None and seat.plot.d.has_passives:
                self._apply_source(seat, seat.plot)
            if seat.agenda is not None and seat.agenda.d.has_passives:
                self._apply_source(seat, seat.agenda)

    def passives_onto(self, c: Card) -> None:
        """Apply the 'each' passives in play to ``c``, which just entered play.

        Sources are visited in :meth:`refresh` order; only for ``c``, whose
        modifiers start from zero (see enter_play for when this is exact).
        """
        for seat in self.seats:
            for src in seat.play:
                if src.d.has_passives:
                    self.each_passives_onto(seat, src, c)
            if seat.plot is not None and seat.plot.d.has_passives:
                self.each_passives_onto(seat, seat.plot, c)
            if seat.agenda is not None and seat.agenda.d.has_passives:
                self.each_passives_onto(seat, seat.agenda, c)

    def _apply_source(self, seat: Seat, src: Card) -> None:
        for p, _ in src.d.passives:
            self.apply_passive(seat, src, p, None)
        for p, cond in src.d.cond_passives:
            self.apply_passive(seat, src, p, cond)

    # ------------------------------------------------------------------ zones

    def draw(self, seat: int, n: int, effect: bool) -> int:
        """Draw ``n`` cards one at a time; an effect's draw obeys the draw cap (TH-DRAW-03)."""
        s = self.seats[seat]
        if effect:
            n = min(n, self.rules.draw_cap - s.draws)
            if n <= 0:
                return 0
        drawn = 0
        for _ in range(n):
            if not s.deck:
                break  # TH-DRAW-02: an empty deck draws nothing
            c = s.deck.pop()
            c.zone = HAND
            s.add_to_hand(c)
            drawn += 1
            if effect:
                s.draws += 1
            # emit, inlined: the commonest event of a game
            self.events.append(Event("card_drawn", seat, {"card": c.d.id}))
        return drawn

    def shuffle(self, seat: int) -> None:
        """Shuffle a draw deck with the game's RNG.

        :func:`pnp.engine.rng.shuffle`: the draws of :meth:`random.Random.shuffle`
        without a call per card (a game shuffles decks of sixty cards a few times).
        """
        shuffle_list(self.rng, self.seats[seat].deck)
        self.emit("deck_shuffled", seat)

    def enter_play(self, c: Card, seat: int, host: Card | None = None) -> None:
        """Put ``c`` into ``seat``'s play area, standing (TH-ZONE-03)."""
        s = self.seats[seat]
        self._take_out(c)
        c.reset()
        c.controller = seat
        c.entered += 1
        c.zone = PLAY
        s.add_to_play(c)
        if host is not None:
            c.host = host
            host.attachments.append(c)
        # A full refresh is exact but costly; two cases need less, with the
        # same result:
        # - no passive reaches "each" card of a kind (``wide`` is false): every
        #   passive in play reaches only its own card or its host, which another
        #   card entering play cannot change, so this card's passives are added;
        # - 'each' passives are in play but none picks cards by icon or keyword
        #   (``chainable`` is false) and this card has no passives: which cards a
        #   passive reaches then depends only on each card's own printed facts
        #   and controller, so only this card can gain modifiers.
        # The invariant ``stale_passives`` checks both against a full refresh.
        if not self.wide:
            if c.d.has_passives:
                self._apply_source(s, c)
        elif c.d.has_passives or self.chainable:
            self.refresh()
        else:
            self.passives_onto(c)

    def add_duplicate(self, c: Card, host: Card) -> None:
        """Place ``c`` under ``host`` as a duplicate (TH-UNIQ-05)."""
        self._take_out(c)
        c.reset()
        c.zone = DUPE
        c.host = host
        host.dupes.append(c)

    def _take_out(self, c: Card) -> None:
        """Remove ``c`` from whichever list holds it now."""
        z = c.zone
        s = self.seats[c.owner]
        if z == HAND:
            s.remove_from_hand(c)
        elif z == DECK:
            s.deck.remove(c)
        elif z == DISCARD:
            s.discard.remove(c)
        elif z == DEAD:
            s.dead.remove(c)
        elif z == "setup":
            s.setup.remove(c)
        elif z == "limbo":
            self.limbo.remove(c)
        elif z == PLAY:
            self.seats[c.controller].remove_from_play(c)
            if c.host is not None:
                c.host.attachments.remove(c)
        elif z == DUPE:
            assert c.host is not None
            c.host.dupes.remove(c)
        elif z == REMOVED:
            s.removed.remove(c)

    def put_zone(self, c: Card, zone: str) -> None:
        """Move ``c`` (already taken out of play) to its owner's ``zone``."""
        s = self.seats[c.owner]
        c.zone = zone
        if zone == DISCARD:
            s.discard.append(c)
        elif zone == DEAD:
            s.dead.append(c)
        elif zone == HAND:
            s.add_to_hand(c)
        elif zone == DECK:
            s.deck.append(c)  # on top
        elif zone == REMOVED:
            s.removed.append(c)
        else:  # pragma: no cover - programming error
            raise AssertionError(zone)

    def leave_play(self, c: Card, dest: str) -> str:
        """Take ``c`` out of play to ``dest`` (dead, discard, hand, removed).

        Deathbound turns discard into dead (TH-KW-DEATHBOUND-01), Stalwart
        sends a killed or discarded card to the top of the deck
        (TH-KW-STALWART-01); attachments and duplicates go to their owners'
        discard piles and power returns to the bank (TH-ZONE-06, TH-WIN-05).
        Returns where the card went.
        """
        kw = c.kw
        if dest == DISCARD and kw & K_DEATHBOUND:
            dest = DEAD
        if dest in (DEAD, DISCARD) and kw & K_STALWART:
            dest = DECK
        if c.power:
            self.emit("power_returned", c.controller, card=c.d.id, amount=c.power)
        self.leave_challenge(c)
        controller = c.controller
        # the converse of enter_play: a card without passives (nor attachments
        # with some) leaving play changes no other card's modifiers, unless a
        # passive picks cards by icon or keyword
        passives = (
            c.d.has_passives
            or (self.wide and self.chainable)
            or any(a.d.has_passives for a in c.attachments)
        )
        self._take_out(c)
        self._drop_dupes(c)
        # TH-COMP-06: timed trigger: only leave_play reaches it (every route out of play
        # comes here; a change of control keeps the attachments on their host)
        for a in list(c.attachments):
            self._take_out(a)
            self._drop_dupes(a)
            a_kw = a.kw
            a.reset()
            a_dest = DISCARD
            if a_kw & K_DEATHBOUND:
                a_dest = DEAD
            if a_kw & K_STALWART:
                a_dest = DECK
            self.put_zone(a, a_dest)
            self.emit("card_discarded", a.owner, card=a.d.id, reason="host left play")
        c.reset()
        self.put_zone(c, dest)
        self.events.append(Event("left_play", controller, {"card": c.d.id, "to": dest}))  # emit
        if passives:
            self.refresh()
        return dest

    def leave_challenge(self, c: Card) -> None:
        """TH-CHAL-10: a character removed from play stops participating."""
        ch = self.ch
        if ch is None:
            return
        for side in (ch.attackers, ch.defenders):
            if c in side:
                side.remove(c)
                self.emit("left_challenge", c.controller, card=c.d.id)

    def _drop_dupes(self, c: Card) -> None:
        """Duplicates under a card leaving play go to their owner's discard pile."""
        for dup in list(c.dupes):
            self._take_out(dup)
            dup.reset()
            self.put_zone(dup, DISCARD)
            self.emit("card_discarded", dup.owner, card=dup.d.id, reason="host left play")

    def discard_from_hand(self, seat: int, c: Card, reason: str) -> None:
        """Discard a card from hand to its owner's discard pile (TH-ZONE-05)."""
        self.seats[seat].remove_from_hand(c)
        self.put_zone(c, DISCARD)
        self.emit("card_discarded", seat, card=c.d.id, reason=reason)

    def kneel(self, c: Card) -> bool:
        """Kneel a standing card; False if it already kneels."""
        if c.kneeling:
            return False
        c.kneeling = True
        return True

    # ------------------------------------------------------------------ power & victory

    def gain_house_power(self, seat: int, n: int, reason: str) -> Step:
        """``seat`` claims ``n`` power for his House from the bank (TH-WIN-03)."""
        if n <= 0:
            return NOTHING
        placing = self.place_power(seat, n, reason, moved_from=None)
        if placing is NOTHING:  # no Infamy choice: done at once, no generator
            self.check_win()
            return NOTHING
        return self._then_check_win(placing)

    def _then_check_win(self, flow: Step) -> Flow:
        yield from flow
        self.check_win()

    def place_power(self, seat: int, n: int, reason: str, moved_from: int | None) -> Step:
        """Put ``n`` power on ``seat``'s House, or on Infamy cards (TH-KW-INFAMY-01).

        Returns :data:`NOTHING` when it is done at once (no Infamy card to choose).
        """
        s = self.seats[seat]
        # after every power gain: Card.kw inlined
        infamous = [c for c in s.play if (c.d.kw | c.static_kw | c.temp_kw) & K_INFAMY]
        if infamous:
            return self._place_power_on(seat, n, reason, moved_from, infamous)
        s.power += n
        self._power_gained(seat, n, reason, moved_from)
        return NOTHING

    def _place_power_on(
        self, seat: int, n: int, reason: str, moved_from: int | None, infamous: list[Card]
    ) -> Flow:
        s = self.seats[seat]
        for _ in range(n):
            opts = [Option("infamy: House", None), *self.label_cards("infamy", infamous)]
            target = (yield from self.ask(seat, "infamy", opts)).data
            if target is None:
                s.power += 1
            else:
                target.power += 1
            self.note_change("power_placed")  # one at a time: the total is emitted after
        self._power_gained(seat, n, reason, moved_from)

    def _power_gained(self, seat: int, n: int, reason: str, moved_from: int | None) -> None:
        self.power_gains[seat][reason] += n
        data: dict[str, Any] = {"amount": n, "reason": reason}
        if moved_from is not None:
            data["from_seat"] = moved_from
        self.events.append(Event("power_gained", seat, data))  # emit, inlined

    def move_house_power(self, src: int, dst: int, n: int, reason: str) -> Step:
        """Move up to ``n`` power from ``src``'s House card to ``dst``'s (TH-CHAL-17/18)."""
        n = min(n, self.seats[src].power)
        if n <= 0:
            return NOTHING
        self.seats[src].power -= n
        self.emit("power_lost", src, amount=n, reason=reason)
        placing = self.place_power(dst, n, reason, moved_from=src)
        if placing is NOTHING:  # no Infamy choice: done at once, no generator
            self.check_win()
            return NOTHING
        return self._then_check_win(placing)

    def card_power(self, c: Card, n: int, reason: str) -> None:
        """A card in play gains ``n`` power from the bank (TH-WIN-04)."""
        c.power += n
        self.power_gains[c.controller][reason] += n
        self.emit("power_gained", c.controller, card=c.d.id, amount=n, reason=reason)
        self.check_win()

    def check_win(self) -> None:
        """End the game as soon as someone reaches the victory total (TH-WIN-01/02)."""
        if self.team_mode:
            goal = self.rules.team_victory_power
            totals = [0, 0]
            for s in self.seats:
                totals[s.team] += self.total_power(s.idx)
            teams = [t for t in (0, 1) if totals[t] >= goal]
            if not teams:
                return
            # both teams at once: the first player's team wins (TH-GAP-14 decision)
            team = teams[0] if len(teams) == 1 else self.seats[self.first].team
            raise GameOver(tuple(s.idx for s in self.seats if s.team == team), "power")
        goal = self.rules.victory_power
        winners = []
        for s in self.seats:  # total_power, inlined: this runs after every power gain
            total = s.power
            for c in s.play:
                total += c.power
            if total >= goal:
                winners.append(s.idx)
        if not winners:
            return
        if len(winners) == 1:
            raise GameOver((winners[0],), "power")
        if self.players == 2:
            raise GameOver((self.first,), "power")  # TH-WIN-02 [2p]
        raise WinnerChoice(winners)

    def _choose_winner(self, candidates: list[int]) -> Flow:
        """TH-WIN-02 [mp]: the first player picks the winner among the qualifiers."""
        opts = [Option(f"winner: seat {s}", s) for s in candidates]
        opt = yield from self.ask(self.first, "winner", opts)
        raise GameOver((opt.data,), "power")

    # ------------------------------------------------------------------ the round

    def game_flow(self, phase: str, pause: bool = False) -> Flow:
        if pause:
            yield from offer(self.first, "scenario_start", [Option("begin", None)])
        if phase == "setup":
            yield from self.setup_flow()
            phase = "plot"
        while True:
            start = PHASE_INDEX[phase]
            live = self.live_triggers
            for ph in PHASES[start:]:
                self.begin_phase(ph)
                if "phase_begins" in live:
                    yield from self.trigger_all("phase_begins", None, {})
                yield from _PHASE_FLOWS[ph](self)
                if "phase_ends" in live:
                    yield from self.trigger_all("phase_ends", None, {})
                self.end_phase()
            self.end_round()
            phase = "plot"

    def begin_phase(self, ph: str) -> None:
        self.phase = ph
        self.phase_seq.append(ph)
        if len(self.phase_seq) > 8:
            del self.phase_seq[:-8]
        self.active = None
        # emit, inlined (a round has seven phases)
        self.events.append(Event("phase_began", None, {"phase": ph, "round": self.round_no}))

    def end_phase(self) -> None:
        self.expire("phase")

    def end_round(self) -> None:
        """Round bookkeeping after taxation; the stalemate rule (TH-GAP-06)."""
        self.expire("round")
        for s in self.seats:
            s.limited = 0
            s.limited_responses = 0
            s.draws = 0
            s.opposed_bonus = False
            s.influence_used = False
            s.deals = []
        self.redirect_used = False
        if self.titles_on:
            self.return_titles()
        if self.round_no >= self.rules.round_limit:
            totals = [self.total_power(s.idx) for s in self.seats]
            if self.team_mode:
                team = [0, 0]
                for s in self.seats:
                    team[s.team] += totals[s.idx]
                best_team = max(team)
                winners = tuple(s.idx for s in self.seats if team[s.team] == best_team)
            else:
                best = max(totals)
                winners = tuple(i for i, t in enumerate(totals) if t == best)
            raise GameOver(winners, "round_limit")
        self.round_no += 1

    def expire(self, until: str) -> None:
        """End the lasting effects of one duration and recompute what they changed."""
        if not self.lasting:
            return
        touched = []
        keep = []
        icons_or_keywords = False
        for e in self.lasting:
            if e.until == until:
                touched.append(e.card)
                icons_or_keywords = icons_or_keywords or e.kind != "str"
            else:
                keep.append(e)
        if not touched:
            return
        self.lasting = keep
        for c in touched:
            self.recompute_temp(c)
        if icons_or_keywords:  # the log does not show it; TH-ACT-07 must (rules/standing.py)
            self.note_change("lasting_ended")

    def recompute_temp(self, c: Card) -> None:
        """Rebuild a card's lasting modifiers from the effects still running."""
        c.temp_str = c.temp_icons = c.temp_kw = 0
        for e in self.lasting:
            if e.card is c and e.entered == c.entered and c.zone == PLAY:
                if e.kind == "str":
                    c.temp_str += e.value
                elif e.kind == "icon":
                    c.temp_icons |= e.value
                else:
                    c.temp_kw |= e.value

    # ------------------------------------------------------------------ phases

    def phase_plot(self) -> Flow:
        # the face-down choices live in the state until revealed: a resample redraws
        # the ones its seat cannot see (resample.py) in this very dict
        chosen: dict[int, Card] = {}
        self.plots_chosen = chosen
        for s in self.turn_order():
            seat = self.seats[s]
            if not seat.plot_deck:
                continue
            opts = self.label_cards("plot", self.distinct(seat.plot_deck))
            opt = yield from self.ask(s, "plot", opts)
            chosen[s] = opt.data
        self.plots_chosen = {}
        # TH-PLOT-01/03: revealed together; the new plot covers the old one
        passives = self.wide  # see enter_play: without 'each' passives, only plots' matter
        for s, c in chosen.items():
            seat = self.seats[s]
            passives = passives or c.d.has_passives
            if seat.plot is not None:
                passives = passives or seat.plot.d.has_passives
                seat.plot.zone = PLOT_USED
                seat.used_plots.append(seat.plot)
            seat.plot_deck.remove(c)
            c.zone = PLOT_REVEALED
            seat.plot = c
            seat.index_sources()
            events = self.events  # (emit, inlined)
            events.append(Event("plot_revealed", s, {"card": c.d.id}))
            events.append(Event("card_played", s, {"card": c.d.id}))
        if passives:
            self.refresh()
        yield from self.initiative()
        yield from self.when_revealed(chosen)
        for s in chosen:  # TH-PLOT-04: the last plot brings the used ones back
            seat = self.seats[s]
            if not seat.plot_deck and seat.used_plots:
                for p in seat.used_plots:
                    p.zone = PLOT_DECK
                seat.plot_deck.extend(seat.used_plots)
                seat.used_plots = []
                self.emit("plots_recycled", s, count=len(seat.plot_deck))
        if self.titles_on:
            yield from self.select_titles()
        yield from self.action_window()

    def initiative_total(self, seat: int) -> int:
        """Plot initiative plus initiative bonuses in play (TH-PLOT-05, TH-COMP-15)."""
        s = self.seats[seat]
        base = s.plot.d.initiative if s.plot is not None else 0
        for c in s.play:
            base += c.d.initiative
        return base

    def initiative(self) -> Flow:
        totals = [self.initiative_total(s.idx) for s in self.seats]
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        how = "initiative"
        if len(tied) > 1:  # TH-PLOT-06: least power, then random
            low = min(self.total_power(i) for i in tied)
            tied = [i for i in tied if self.total_power(i) == low]
            how = "least power"
            if len(tied) > 1:
                tied = [self.rng.choice(tied)]
                how = "random"
        winner = tied[0]
        self.events.append(Event("initiative_won", winner, {"totals": totals, "by": how}))  # emit
        opts = self._first_opts[winner]
        opt = yield from self.ask(winner, "first_player", opts)
        self.first = opt.data
        if self.first_round1 is None:
            self.first_round1 = self.first
        self.events.append(Event("first_player", self.first, {}))  # emit, inlined

    def when_revealed(self, chosen: dict[int, Card]) -> Flow:
        """TH-PLOT-08: "when revealed" abilities, in the first player's order."""
        pending = [s for s in self.turn_order() if s in chosen and chosen[s].d.when_revealed]
        while pending:
            if len(pending) == 1:
                s = pending[0]
            else:
                opts = [Option(f"resolve: seat {s} {chosen[s].d.id}", s) for s in pending]
                s = (yield from self.ask(self.first, "order", opts)).data
            pending.remove(s)
            plot = chosen[s]
            for _i, ab in plot.d.when_revealed:
                yield from self.resolve_triggered(s, plot, ab, {})

    def phase_draw(self) -> Flow:
        """TH-DRAW-01: each player draws his 2, then any extra cards effects give him.

        The Master of Laws' extra card is drawn with the 2 and is outside the draw cap
        (TH-TITLE-08). Extra cards from a passive worded "draw" (a plot such as A Time
        of Ravens) come from an effect, so they count toward the draw cap and stop at it
        (TH-DRAW-03, in every mode per TH-GAP-07).
        """
        for s in self.turn_order():
            seat = self.seats[s]
            # read before any card is drawn: a passive's condition (an empty hand, say)
            # sees the hand the player starts the phase with
            extra = self.mod_total(s, "draw", {})
            n = self.rules.draw_phase_cards
            if seat.title is not None:
                n += self.db.titles[seat.title].draw  # TH-TITLE-08: outside the draw cap
            self.draw(s, n, effect=False)
            if extra > 0:
                self.draw(s, extra, effect=True)
        yield from self.action_window()

    def income(self, seat: int) -> int:
        """Plot income + income bonuses and penalties + title income (TH-MARSH-02)."""
        s = self.seats[seat]
        total = s.plot.d.income if s.plot is not None else 0
        for c in s.play:
            total += c.d.income
        if s.title is not None:
            total += self.db.titles[s.title].income
        return max(0, total)

    def phase_marshalling(self) -> Flow:
        for s in self.turn_order():
            self.active = s
            gold = self.income(s)
            self.seats[s].gold += gold
            self.events.append(Event("gold_collected", s, {"amount": gold}))
            yield from self.action_window(marshal_seat=s)
        self.active = None

    def phase_challenges(self) -> Flow:
        for s in self.turn_order():
            self.active = s
            if self.littlefinger:
                yield from self.offer_bribes(s)
            made: set[str] = set()
            while True:
                yield from self.action_window()
                opts = self.challenge_options(s, made)
                if not opts:
                    break
                opts.append(_CHALLENGES_DONE)
                # never a lone option (the engine's ask, inlined: a busy choice)
                opt = opts[(yield Decision(s, "challenge", tuple(opts)))]
                if opt.data is None:
                    break
                ctype, target = opt.data
                made.add(ctype)
                yield from self.run_challenge(s, ctype, target)
        self.active = None
        yield from self.action_window()

    def dominance_total(self, seat: int) -> int:
        """Standing characters' strength + gold in pool (TH-DOM-01)."""
        s = self.seats[seat]
        strength = self.strength
        total = 0
        for c in s.chars:
            if not c.kneeling:
                total += strength(c)
        return total + s.gold + self.mod_total(seat, "dominance", {})

    def phase_dominance(self) -> Flow:
        totals = [self.dominance_total(s.idx) for s in self.seats]
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        if len(tied) == 1:  # TH-DOM-03: a tie gives nobody dominance
            w = tied[0]
            self.emit("dominance_won", w, totals=totals)
            bonus = self.mod_total(w, "dominance_power", {})
            # TH-DOM-02: timed trigger: only the dominance phase reaches it, before its actions
            yield from self.gain_house_power(w, 1 + bonus, "dominance")
            yield from self.trigger_all("dominance_won", w, {})
        else:
            self.emit("dominance_tied", None, totals=totals)
        yield from self.action_window()

    def phase_standing(self) -> Flow:
        stood = 0
        for seat in self.seats:  # TH-STAND-01: everything at once
            for c in seat.play:
                if c.kneeling and not c.no_stand:
                    c.kneeling = False
                    stood += 1
        self.events.append(Event("cards_stood", None, {"count": stood}))  # emit, inlined
        yield from self.action_window()

    def phase_taxation(self) -> Flow:
        for seat in self.seats:  # TH-TAX-01
            if seat.gold:
                self.events.append(Event("gold_returned", seat.idx, {"amount": seat.gold}))  # emit
            seat.gold = 0
        yield from self.action_window()

    # ------------------------------------------------------------------ titles

    def select_titles(self) -> Flow:
        """TH-PLOT-09: from the first player clockwise, each picks a title."""
        self.title_holder = {}
        for s in self.turn_order():
            opts = [Option(f"title: {t}", t) for t in self.title_pool]
            if not opts:
                break
            t = (yield from self.ask(s, "title", opts)).data
            self.title_pool.remove(t)
            self.seats[s].title = t
            self.title_holder[t] = s
            self.emit("title_taken", s, title=t)

    def return_titles(self) -> None:
        """TH-TAX-02 / TH-MODE-3P-01: titles come back at round end (3p: once the pool empties)."""
        taken = [s.title for s in self.seats if s.title is not None]
        for s in self.seats:
            s.title = None
        self.title_holder = {}
        if self.players == 3 and self.title_pool:
            return  # the taken titles stay out until a round ends with the pool empty
        self.title_pool = list(self.db.titles)
        self.emit("titles_returned", None, titles=sorted(taken))

    def holder_of(self, special: str) -> int | None:
        """The seat whose title has the given special power this round."""
        for t, s in self.title_holder.items():
            if self.db.titles[t].special == special:
                return s
        return None


#: each phase's flow, by phase name (the round loop calls one per phase)
_PHASE_FLOWS = {ph: getattr(RoundMixin, "phase_" + ph) for ph in PHASES}
