"""The setup phase: the plot draft, setup hands and mulligans, setup placement.

:class:`SetupMixin` is the part of :class:`~pnp.rulesets.thrones.game.ThronesGame`
that plays the steps before the first round (TH-SETUP, TH-VAR-DRAFT); building
the game those steps start from is :mod:`pnp.rulesets.thrones.setup`.
"""

from __future__ import annotations

from pnp.engine.flow import Flow
from pnp.engine.game import Option
from pnp.rulesets.thrones.catalog import K_LIMITED, K_NOATT, K_SETUP
from pnp.rulesets.thrones.rules.base import RulesBase
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.zones import DECK, PLOT_BOX, PLOT_DECK, SETUP


class SetupMixin(RulesBase):
    """The setup steps of :class:`~pnp.rulesets.thrones.game.ThronesGame`."""

    def setup_flow(self) -> Flow:
        """TH-SETUP-04…13, with the plot draft (TH-VAR-DRAFT) first when chosen."""
        self.phase = "setup"
        if self.options.get("draft"):
            yield from self.plot_draft()
        given = [bool(s.hand) for s in self.seats]
        for s in self.seats:
            if not given[s.idx]:
                if self.options.get("shuffle", True):
                    self.shuffle(s.idx)
                self.draw(s.idx, self.rules.hand_size, effect=False)
        if self.options.get("mulligan", self.players == 2 and not self.team_mode):
            for s in self.seats:  # TH-SETUP-06: once, only now
                opts = [Option("keep hand", False), Option("mulligan", True)]
                if (yield from self.ask(s.idx, "mulligan", opts)).data:
                    s.mulliganed = True
                    self.emit("mulligan", s.idx)  # logged before the shuffle it causes
                    for c in list(s.hand):
                        s.remove_from_hand(c)
                        c.zone = DECK
                        s.deck.append(c)
                    self.shuffle(s.idx)
                    self.draw(s.idx, self.rules.hand_size, effect=False)
        self.first = self.rng.randrange(self.players)  # TH-SETUP-03: a random first player
        self.emit("setup_first_player", self.first)
        placed: dict[int, list[tuple[Card, Card | None]]] = {}
        for seat in self.turn_order():  # TH-SETUP-11: in turn, facedown
            placed[seat] = yield from self.place_setup(seat)
        # TH-SETUP-12: all flip at once; nothing triggers
        for seat in self.turn_order():
            for c, host in placed[seat]:
                self.enter_play(c, seat, host)
            self.emit("setup_revealed", seat, cards=[c.d.id for c, _ in placed[seat]])
        for s in self.seats:  # TH-SETUP-13
            self.draw(s.idx, max(0, self.rules.hand_size - len(s.hand)), effect=False)

    def setup_cost(self, seat: int, c: Card) -> int:
        """Printed cost plus the out-of-House surcharge (TH-SETUP-08)."""
        d = c.d
        cost = d.cost
        if d.houses and self.seats[seat].house not in d.houses:
            cost += self.rules.house_penalty
        return cost

    def place_setup(self, seat: int) -> Flow:
        """TH-SETUP-07/09/10: up to 5 gold of characters/locations, one Limited, no copies."""
        s = self.seats[seat]
        budget = self.rules.setup_gold
        placed: list[tuple[Card, Card | None]] = []
        names: set[str] = set()
        limited = False
        while True:
            opts: list[Option] = []
            seen: set[str] = set()
            for c in s.hand:
                d = c.d
                if d.id in seen:
                    continue
                seen.add(d.id)
                cost = self.setup_cost(seat, c)
                if cost > budget or (d.kw & K_LIMITED and limited):
                    continue
                if d.unique and d.name in names:
                    continue
                if d.type in ("character", "location"):
                    opts.append(Option(f"setup: {d.id}", (c, None)))
                elif d.type == "attachment" and d.kw & K_SETUP:
                    hosts = [
                        host
                        for host, _ in placed
                        if host.d.type == "character"
                        and not host.d.kw & K_NOATT
                        and d.attach_to != "opponent"
                        and (d.attach_trait is None or d.attach_trait in host.d.traits)
                    ]
                    for o in self.label_cards(f"setup: {d.id} on", hosts):
                        opts.append(Option(o.label.replace(" on: ", " on "), (c, o.data)))
            if not opts:
                break
            opts.append(Option("setup: done", None))
            pick = (yield from self.ask(seat, "setup", opts)).data
            if pick is None:
                break
            c, host = pick
            budget -= self.setup_cost(seat, c)
            if c.d.kw & K_LIMITED:
                limited = True
            if c.d.unique:
                names.add(c.d.name)
            s.remove_from_hand(c)
            c.zone = SETUP
            s.setup.append(c)
            self.note_change("card_set_aside")  # face down: the count is emitted at the end
            placed.append((c, host))
        self.emit("setup_placed", seat, count=len(placed))
        return placed

    def plot_draft(self) -> Flow:
        """TH-VAR-DRAFT-01…04: deal 3, keep 1, pass 2, keep 1; then keep 7 of 13."""
        pool = self.draft_deck
        self.rng.shuffle(pool)
        drafted: dict[int, list[Card]] = {0: [], 1: []}
        while len(pool) >= 6:
            dealt = {s: [pool.pop() for _ in range(3)] for s in (0, 1)}
            passed: dict[int, list[Card]] = {}
            for s in (0, 1):
                opts = self.label_cards("draft", dealt[s])
                keep = (yield from self.ask(s, "draft", opts)).data
                drafted[s].append(keep)
                passed[1 - s] = [c for c in dealt[s] if c is not keep]
            for s in (0, 1):
                opts = self.label_cards("draft", passed[s])
                keep = (yield from self.ask(s, "draft", opts)).data
                drafted[s].append(keep)
                for c in passed[s]:
                    if c is not keep:
                        c.zone = PLOT_BOX
                        self.plot_box.append(c)
            self.emit("draft_round", None, left=len(pool))
        for c in pool:
            c.zone = PLOT_BOX
            self.plot_box.append(c)
        pool.clear()
        for s in (0, 1):
            seat = self.seats[s]
            for c in drafted[s]:
                c.owner = c.controller = s
            choices = seat.plot_deck + drafted[s]
            chosen: list[Card] = []
            while len(chosen) < self.rules.plot_deck:
                taken = {c.d.id for c in chosen}
                cands = [
                    c
                    for c in choices
                    if c not in chosen
                    and c.d.id not in taken
                    and (c.d.house_only is None or c.d.house_only == seat.house)
                ]
                if not cands:
                    break
                pick = (yield from self.ask(s, "plot_deck", self.label_cards("keep", cands))).data
                chosen.append(pick)
            for c in choices:
                if c not in chosen:
                    c.zone = PLOT_BOX
                    self.plot_box.append(c)
                else:
                    c.zone = PLOT_DECK
            seat.plot_deck = chosen
            self.emit("plot_deck_drafted", s, plots=sorted(c.d.id for c in chosen))
        self.count_owned()
