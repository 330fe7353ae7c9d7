"""The thrones game the engine drives: :class:`ThronesGame`.

The rules are written as generator functions that read like the rulebook:
each ``yield`` hands a :class:`~pnp.engine.game.Decision` to the engine and
receives the chosen option's index back (the engine's one flow,
:mod:`pnp.engine.flow`, which :class:`ThronesGame` runs on). A decision with a
single option is taken at once and never shown (no pointless prompts), and
an action window asks only the players who have a legal action.

The rules live in :mod:`.rules`: the round of seven phases, zones, power and
victory in :mod:`.rules.round`, challenges in :mod:`.rules.challenges`,
abilities in :mod:`.rules.abilities` and the setup phase in
:mod:`.rules.setup`. This module ties them into :class:`ThronesGame` and
answers the engine: the game's state, its decisions and its result.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from pnp.engine.flow import Flow, FlowEnd, FlowGame
from pnp.engine.game import Option, Result
from pnp.engine.paths import main_sources
from pnp.rulesets.thrones.catalog import CardDB
from pnp.rulesets.thrones.invariants import violations
from pnp.rulesets.thrones.model import Rules
from pnp.rulesets.thrones.plain import shared_plain
from pnp.rulesets.thrones.rules.abilities import AbilityMixin
from pnp.rulesets.thrones.rules.challenges import ChallengeMixin
from pnp.rulesets.thrones.rules.round import GameOver, RoundMixin, WinnerChoice
from pnp.rulesets.thrones.rules.setup import SetupMixin
from pnp.rulesets.thrones.snapshot import snapshot
from pnp.rulesets.thrones.state import Card, Challenge, Lasting, Seat
from pnp.rulesets.thrones.view import ThronesView
from pnp.rulesets.thrones.zones import PLOT_DECK, PLOT_REVEALED, PLOT_USED

__all__ = ["ThronesGame"]


class ThronesGame(RoundMixin, ChallengeMixin, AbilityMixin, SetupMixin, FlowGame):
    """A game of thrones for 2–4 players (or Two-on-Two)."""

    def __init__(
        self,
        db: CardDB,
        rules: Rules,
        houses: list[str],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(len(houses))
        self.db = db
        self.rules = shared_plain(rules)  # read in hot paths (victory after each power gain)
        self.options = dict(options or {})
        self.team_mode = bool(self.options.get("two_on_two"))
        self.titles_on = self.players >= 3 and not self.team_mode and bool(db.titles)
        if "titles" in self.options:
            self.titles_on = bool(self.options["titles"]) and self.players >= 3
        self.littlefinger = bool(self.options.get("littlefinger")) and self.titles_on
        self.rng = random.Random(seed)
        self.seats = [Seat(i, h) for i, h in enumerate(houses)]
        #: power each seat gained, by reason, for the playtest's ways to win
        #: (a tally of the log, not game state: the snapshot leaves it out)
        self.power_gains: list[Counter[str]] = [Counter() for _ in houses]
        #: every seat clockwise from each seat (the order of windows and turns)
        self.orders = [
            [(start + i) % self.players for i in range(self.players)]
            for start in range(self.players)
        ]
        if self.team_mode:
            for s in self.seats:
                s.team = s.idx % 2  # partners sit opposite: 0 & 2, 1 & 3
        #: each seat's opponents' Seat objects and numbers (shared lists: never change them)
        self.opponent_seats = [
            [o for o in self.seats if o.idx != s.idx and o.team != s.team] for s in self.seats
        ]
        self.opponent_idx = [[o.idx for o in opps] for opps in self.opponent_seats]
        #: the first-player options offered by each seat (winner's order, shared)
        self._first_opts = [
            [Option(f"first player: seat {s}", s) for s in order] for order in self.orders
        ]
        self.next_uid = 1
        self.cards: list[Card] = []  # every card of the game, by creation
        self.limbo: list[Card] = []  # events being played
        self.draft_deck: list[Card] = []  # plot draft variant: the shared draft deck
        self.plot_box: list[Card] = []  # plots returned to the box
        self.lasting: list[Lasting] = []
        self.cond_sources: list[tuple[Card, Any, Any]] = []
        self.touched: list[Card] = []  # cards whose static modifiers are set
        #: whether a passive in play reaches "each" card of a kind (then any card
        #: entering or leaving play needs a refresh)
        self.wide = True
        #: whether some 'each' passive of this game's cards picks its cards by icon
        #: or keyword, which other passives and lasting effects change: then the
        #: modifiers are recomputed in full whenever a card enters or leaves play
        #: (see enter_play)
        self.chainable = True
        self.ch: Challenge | None = None
        self.last_ch: Challenge | None = None
        self.nchal = 0
        self.round_no = 1
        self.phase = "setup"
        self.phase_seq: list[str] = []
        self.first = 0
        self.first_round1: int | None = None
        self.active: int | None = None
        self.title_pool: list[str] = list(db.titles) if self.titles_on else []
        self.title_holder: dict[str, int] = {}
        self.redirect_used = False
        self.triggers_present: set[str] = set()
        self.forced_present: set[str] = set()
        self.live_triggers: set[str] = set()
        self._result: Result | None = None
        self.tokens: Any = None  # the content's printed token supply (the bank is bottomless)
        self.deck_problems: dict[int, list[str]] = {}
        #: options naming cards, by label prefix, then card (or (uid, number))
        self._label_cache: dict[str, dict[Any, Option]] = {}
        #: "marshal: <card>" options by card uid
        self._marshal_opts: dict[int, Option] = {}

    # ------------------------------------------------------------------ engine API

    def start(self, phase: str = "setup", *, pause: bool = False) -> None:
        """Begin play at ``phase`` (``setup`` for a new game) and run to the first decision.

        ``pause`` (a scenario) opens with a one-option ``scenario_start``
        decision for the first player, so that all the position sets off
        happens after it, where the scenario's checks can see it.
        """
        for s in self.seats:  # a scenario fills the zones directly
            s.reindex()
        chainable = False
        for d in {c.d for c in self.cards}:  # each definition once (copies share one)
            if d.responses:
                self.triggers_present.update(d.responses)
            if d.forced:
                self.forced_present.update(d.forced)
            if d.each_by_icon_or_keyword:
                chainable = True
        self.chainable = chainable
        #: every trigger some card of this game answers (forced or response): the busy
        #: trigger points skip trigger_all for the others
        self.live_triggers = self.triggers_present | self.forced_present
        self.count_owned()
        self.refresh()
        self.begin(self.game_flow(phase, pause))

    def count_owned(self) -> None:
        """Remember how many cards and plots each seat owns (the conservation invariant)."""
        cards = self.owned_cards = [0] * self.players
        plots = self.owned_plots = [0] * self.players
        plot_zones = (PLOT_DECK, PLOT_USED, PLOT_REVEALED)
        for c in self.cards:
            kind = c.d.type
            if kind == "plot":
                if c.zone in plot_zones:
                    plots[c.owner] += 1
            elif kind != "agenda":
                cards[c.owner] += 1

    def result(self) -> Result | None:
        return self._result

    @property
    def round(self) -> int:
        return self.round_no

    def factions(self) -> tuple[str, ...]:
        return tuple(s.house for s in self.seats)

    def first_player(self) -> int | None:
        return self.first_round1

    def ended(self, stop: FlowEnd) -> Flow | None:
        """A victory found inside the flow ends the game; several at once in
        multiplayer go to the first player's choice (TH-WIN-02)."""
        if isinstance(stop, WinnerChoice):
            return self._choose_winner(stop.candidates)
        assert isinstance(stop, GameOver)
        self._finish(stop.winners, stop.ending)
        return None

    def _finish(self, winners: tuple[int, ...], ending: str) -> None:
        winners = tuple(sorted(winners))
        self._result = Result(
            winners=winners,
            ending=ending,
            rounds=self.round_no,
            scores=tuple(float(self.total_power(s.idx)) for s in self.seats),
            paths=tuple(main_sources(self.power_gains[w]) for w in winners),
        )
        self.emit("game_over", None, winners=list(self._result.winners), ending=ending)

    # ------------------------------------------------------------------ snapshot & view

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self)

    def view(self, seat: int) -> Any:
        return ThronesView(self, seat)

    def invariant_violations(self) -> list[str]:
        return violations(self)
