"""What every rule module of the thrones referee stands on: :class:`RulesBase`.

:class:`~pnp.rulesets.thrones.game.ThronesGame` is put together from one mixin
per part of the rules (:mod:`.round`, :mod:`.challenges`, :mod:`.abilities`,
:mod:`.setup`), and those parts call one another in both directions. Each
mixin derives from :class:`RulesBase`, which holds the game's state (set in
its ``__init__``) and the signature of every method one part calls on
another, so a type checker reads each mixin on its own. Those signatures are
stubs: the class the real method lives in comes before :class:`RulesBase` in
the game's method resolution order, so a stub never runs, and mypy checks the
real method against its stub, so the two cannot drift apart.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from pnp.engine.flow import Flow, FlowGame, ask
from pnp.engine.game import Option, Result
from pnp.rulesets.thrones.catalog import CardDB
from pnp.rulesets.thrones.effects import Ability, Condition, Ctx, Passive
from pnp.rulesets.thrones.model import Rules
from pnp.rulesets.thrones.plain import shared_plain
from pnp.rulesets.thrones.state import Card, Challenge, Lasting, Seat

#: a rule step that may finish at once: then it returns :data:`NOTHING` rather than a
#: generator (``yield from NOTHING`` is free, and gives ``None``)
Step = Flow | tuple[()]
#: what a :data:`Step` returns when it finished at once
NOTHING: tuple[()] = ()


class RulesBase(FlowGame):
    """The game's state and the rules' shared signatures (see the module's docstring)."""

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
        #: the plots chosen face down this plot phase, not yet revealed (by seat): the
        #: plot phase's own record, kept here so resampling can redraw the others'
        self.plots_chosen: dict[int, Card] = {}
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

    #: ``yield from self.ask(seat, kind, options)``: the chosen option (the engine's
    #: :func:`~pnp.engine.flow.ask`; a lone option is taken at once)
    ask = staticmethod(ask)

    # ------------------------------------------------------------------ stubs
    # one per method a rule module calls on another, overridden by the real one

    # RoundMixin (.round)

    def order_from(self, seat: int) -> list[int]:
        raise NotImplementedError

    def turn_order(self) -> list[int]:
        raise NotImplementedError

    def opponents(self, seat: int) -> list[int]:
        raise NotImplementedError

    def is_opponent(self, a: int, b: int) -> bool:
        raise NotImplementedError

    def total_power(self, seat: int) -> int:
        raise NotImplementedError

    def label_cards(self, prefix: str, cards: Iterable[Card]) -> list[Option]:
        raise NotImplementedError

    def strength(self, c: Card) -> int:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    def draw(self, seat: int, n: int, effect: bool) -> int:
        raise NotImplementedError

    def shuffle(self, seat: int) -> None:
        raise NotImplementedError

    def enter_play(self, c: Card, seat: int, host: Card | None = None) -> None:
        raise NotImplementedError

    def add_duplicate(self, c: Card, host: Card) -> None:
        raise NotImplementedError

    def _take_out(self, c: Card) -> None:
        raise NotImplementedError

    def put_zone(self, c: Card, zone: str) -> None:
        raise NotImplementedError

    def leave_play(self, c: Card, dest: str) -> str:
        raise NotImplementedError

    def leave_challenge(self, c: Card) -> None:
        raise NotImplementedError

    def discard_from_hand(self, seat: int, c: Card, reason: str) -> None:
        raise NotImplementedError

    def gain_house_power(self, seat: int, n: int, reason: str) -> Step:
        raise NotImplementedError

    def move_house_power(self, src: int, dst: int, n: int, reason: str) -> Step:
        raise NotImplementedError

    def card_power(self, c: Card, n: int, reason: str) -> None:
        raise NotImplementedError

    def expire(self, until: str) -> None:
        raise NotImplementedError

    def recompute_temp(self, c: Card) -> None:
        raise NotImplementedError

    def holder_of(self, special: str) -> int | None:
        raise NotImplementedError

    # ChallengeMixin (.challenges)

    def challenge_options(self, seat: int, made: set[str]) -> list[Option]:
        raise NotImplementedError

    def run_challenge(self, seat: int, ctype: str, target: int) -> Flow:
        raise NotImplementedError

    def offer_bribes(self, active: int) -> Flow:
        raise NotImplementedError

    # AbilityMixin (.abilities)

    def apply_passive(self, seat: Seat, src: Card, p: Passive, cond: Condition | None) -> None:
        raise NotImplementedError

    def each_passives_onto(self, seat: Seat, src: Card, c: Card) -> None:
        raise NotImplementedError

    def conditional_strength(self, c: Card) -> int:
        raise NotImplementedError

    def mod_total(self, seat: int, key: str, ctx: Ctx) -> int:
        raise NotImplementedError

    def action_window(self, marshal_seat: int | None = None) -> Step:
        raise NotImplementedError

    def resolve_triggered(self, seat: int, src: Card, a: Ability, ctx: Ctx) -> Flow:
        raise NotImplementedError

    def trigger_all(self, trigger: str, only: int | None, ctx: Ctx) -> Step:
        raise NotImplementedError

    def offer_saves(self, c: Card, trigger: str, by: int | None) -> Step:
        raise NotImplementedError

    def resolve_effects(self, seat: int, src: Card | None, effects: Any, ctx: Ctx) -> Flow:
        raise NotImplementedError

    # SetupMixin (.setup)

    def setup_flow(self) -> Flow:
        raise NotImplementedError

    # ThronesGame (..game)

    def count_owned(self) -> None:
        raise NotImplementedError
