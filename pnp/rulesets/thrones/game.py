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
:mod:`.rules.setup`, each a mixin on :class:`~.rules.base.RulesBase`, which
holds the game's state. This module ties them into :class:`ThronesGame` and
answers the engine: its start, decisions, result, snapshot and views.
"""

from __future__ import annotations

from typing import Any

from pnp.engine.flow import Flow, FlowEnd
from pnp.engine.game import Result
from pnp.engine.paths import main_sources
from pnp.rulesets.thrones.invariants import INVARIANTS
from pnp.rulesets.thrones.rules.abilities import AbilityMixin
from pnp.rulesets.thrones.rules.challenges import ChallengeMixin
from pnp.rulesets.thrones.rules.round import GameOver, RoundMixin, WinnerChoice
from pnp.rulesets.thrones.rules.setup import SetupMixin
from pnp.rulesets.thrones.rules.standing import STANDING
from pnp.rulesets.thrones.snapshot import snapshot
from pnp.rulesets.thrones.view import ThronesView
from pnp.rulesets.thrones.zones import PLOT_DECK, PLOT_REVEALED, PLOT_USED

__all__ = ["ThronesGame"]


class ThronesGame(RoundMixin, ChallengeMixin, AbilityMixin, SetupMixin):
    """A game of thrones for 2–4 players (or Two-on-Two).

    Made by :class:`~.rules.base.RulesBase`'s constructor, which sets up the state.
    """

    #: the rules that hold at any time (:mod:`.rules.standing`)
    standing = STANDING
    #: the rule invariants, each checked after the moves that may break it
    invariants = INVARIANTS

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
