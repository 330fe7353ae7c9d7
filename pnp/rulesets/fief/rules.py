"""The fief referee: the round of eight phases as one flow of decisions.

:class:`FiefGame` implements :class:`pnp.engine.game.Game`. Its flow is a
generator (see :mod:`pnp.rulesets.fief.decide`): each phase module yields a
decision when a player must choose and resumes with the chosen index, so a
battle inside a phase inside a round reads top to bottom like the rulebook.
Chance comes from the game's own seeded stream (and, in scenarios, from a
list of fixed die rolls).
"""

from __future__ import annotations

import random
from typing import Any

from pnp.engine.game import Decision, Event, Game, Option, Result
from pnp.errors import PnpError
from pnp.rulesets.fief import battle, cards, economy, movement, politics, watch
from pnp.rulesets.fief.decide import Flow
from pnp.rulesets.fief.state import FiefState
from pnp.rulesets.fief.view import FiefView

#: Phases of a round in order; the Wall phase runs only with the Night's Watch expansion.
ROUND = ("hear_ye", "cards", "income", "purchase", "movement", "battles", "wall", "end")


class GameOverError(PnpError):
    """A decision was applied to a finished game."""


class FiefGame(Game):
    """A game of A Song of Ice and Fief in progress."""

    def __init__(
        self, state: FiefState, rng: random.Random, start: str = "setup", *, pause: bool = False
    ) -> None:
        """A game from ``state``, starting at phase ``start``.

        ``pause`` opens with a one-option ``scenario_start`` decision so that
        everything the position sets off happens after the first scripted step.
        """
        self.s = state
        self._pause = pause
        self.players = state.players
        self.rng = rng
        self._events: list[Event] = []
        self._decision: Decision | None = None
        self._phase_log: list[str] = []
        self._violations: list[str] = []
        self._flow = self._main(start)
        self._run(None)
        self._setup_events = self._events
        self._events = []

    # -- the Game surface ----------------------------------------------------

    def decision(self) -> Decision | None:
        return self._decision

    def apply(self, index: int) -> list[Event]:
        d = self._decision
        if d is None:
            raise GameOverError("the game is over; no decision is pending")
        if not 0 <= index < len(d.options):
            raise IndexError(f"option {index} of a {len(d.options)}-option {d.kind} decision")
        self._events = []
        self._run(index)
        return self._events

    def setup_events(self) -> list[Event]:
        """Events of the set-up, before the first decision."""
        return list(self._setup_events)

    def view(self, seat: int) -> FiefView:
        return FiefView(self.s, seat, self._decision)

    def result(self) -> Result | None:
        return self.s.result

    def snapshot(self) -> dict[str, Any]:
        snap = self.s.snapshot()
        snap["result"] = (
            None
            if self.s.result is None
            else {
                "winners": list(self.s.result.winners),
                "ending": self.s.result.ending,
                "rounds": self.s.result.rounds,
            }
        )
        return snap

    @property
    def round(self) -> int:
        return self.s.round

    def factions(self) -> tuple[str, ...]:
        return tuple(seat.house for seat in self.s.seats)

    def first_player(self) -> int | None:
        return self.s.starting_player

    def invariant_violations(self) -> list[str]:
        from pnp.rulesets.fief.invariants import check

        return self._violations + check(self.s)

    # -- helpers the phase modules use ------------------------------------------

    def emit(self, kind: str, seat: int | None, /, **data: Any) -> None:
        """Record an event."""
        self._events.append(Event(kind, seat, data))

    def d6(self) -> int:
        """A six-sided die roll (fixed scenario rolls first)."""
        forced = self.s.forced_dice
        if forced:
            return forced.pop(0)
        return self.rng.randint(1, 6)

    def battle_die(self) -> int:
        """Hits on one battle die."""
        return self.s.cat.rules.battle.dice.faces[self.d6() - 1]

    def mint(self, seat: int, gold: int) -> None:
        """The bank pays ``seat``."""
        self.s.seats[seat].gold += gold
        self.s.minted += gold

    def pay(self, seat: int, gold: int) -> None:
        """``seat`` pays the bank."""
        if self.s.seats[seat].gold < gold:
            raise AssertionError(f"seat {seat} cannot pay {gold}")
        self.s.seats[seat].gold -= gold
        self.s.minted -= gold

    def transfer(self, src: int, dst: int, gold: int) -> None:
        """``src`` pays ``dst``."""
        if gold <= 0:
            return
        if self.s.seats[src].gold < gold:
            raise AssertionError(f"seat {src} cannot pay {gold}")
        self.s.seats[src].gold -= gold
        self.s.seats[dst].gold += gold

    def lose_units(self, v: int, seat: int, unit: int, count: int, cause: str) -> None:
        """``count`` units of ``seat`` at Village ``v`` die and go back to their supply."""
        s = self.s
        s.remove_units(v, seat, unit, count)
        s.to_stock(seat, unit, count)
        self.emit(
            "units_lost",
            seat,
            at=s.cat.map.ids[v],
            unit=s.cat.units[unit],
            count=count,
            cause=cause,
        )

    def discard(self, seat: int, card: str) -> None:
        """``seat`` discards ``card`` from his hand."""
        self.s.seats[seat].hand.remove(card)
        self.discard_played(card)
        self.emit("card_discarded", seat, card=card)

    def discard_played(self, card: str) -> None:
        """A card that has been used goes to its discard pile."""
        if self.s.cat.cards[card][0] == "court":
            self.s.court_discard.append(card)
        else:
            self.s.fortune_discard.append(card)

    def used(self, seat: int, power: str, per: str) -> bool:
        """Whether a once-per-round (or per-game) power was already used."""
        when = self.s.seats[seat].used.get(power)
        if when is None:
            return False
        return per == "game" or when == self.s.round

    def mark_used(self, seat: int, power: str) -> None:
        """Note that ``seat`` used ``power`` this round."""
        self.s.seats[seat].used[power] = self.s.round

    # -- the flow ------------------------------------------------------------------

    def _run(self, value: int | None) -> None:
        try:
            self._decision = self._flow.send(value)  # type: ignore[arg-type]
        except StopIteration:
            self._decision = None

    def _enter(self, phase: str) -> None:
        log = self._phase_log
        if log and phase != "hear_ye" and ROUND.index(phase) <= ROUND.index(log[-1]):
            self._violations.append(f"phase {phase} after {log[-1]} in round {self.s.round}")
        log.append(phase)
        self.s.phase = phase
        self.emit("phase", None, phase=phase, round=self.s.round)

    def _main(self, start: str) -> Flow:
        from pnp.rulesets.fief.setup import setup_flow

        if self._pause:
            yield Decision(self.s.first, "scenario_start", (Option("begin"),))
        if start == "setup":
            yield from setup_flow(self)
            start = "hear_ye"
        # a scenario may open inside a phase: at the elections or the card plays
        step = start
        start = {"elections": "hear_ye", "card_plays": "cards"}.get(start, start)
        phases = ROUND[ROUND.index(start) :]
        while True:
            for phase in phases:
                if phase == "wall" and not self.s.nights_watch:
                    continue  # played only with the Night's Watch expansion (FF-ROUND-01)
                self._enter(phase)
                if phase == "hear_ye":
                    if step == "elections":
                        yield from politics.elections(self)
                    else:
                        yield from self._start_round()
                        yield from politics.hear_ye(self)
                elif phase == "cards":
                    yield from cards.card_phase(self, plays_only=step == "card_plays")
                elif phase == "income":
                    economy.income(self)
                elif phase == "purchase":
                    yield from economy.purchase_phase(self)
                elif phase == "movement":
                    yield from movement.movement_phase(self)
                elif phase == "battles":
                    yield from battle.battle_phase(self)
                elif phase == "wall":
                    yield from watch.wall_phase(self)
                elif phase == "end" and self._end_round():
                    return
                step = phase
            phases = ROUND
            self._phase_log = []

    def _start_round(self) -> Flow:
        s = self.s
        for noble in s.nobles.values():
            noble.moved = False
            noble.sailed = False
        for vil in s.villages:
            vil.entries = []
        for seat in s.seats:
            seat.seen = {}
            seat.start_wardens = [n.id for n in s.seat_nobles(seat.index) if s.is_warden(n)]
            seat.start_council = [n.id for n in s.seat_nobles(seat.index) if s.is_council(n)]
        cursed = sorted(
            (n for n in s.nobles.values() if n.cursed and n.in_play), key=lambda n: n.id
        )
        for noble in cursed:
            yield from politics.cursed_roll(self, noble)

    def _end_round(self) -> bool:
        """Phase 8: clear the round, check victory; returns whether the game ended."""
        s = self.s
        for region in sorted(s.disasters):
            for card in s.disasters[region]:
                s.fortune_discard.append(card)
            if s.disasters[region]:
                self.emit("disasters_cleared", None, region=region)
            s.disasters[region] = []
        s.refresh_weather()
        for seat in s.seats:
            seat.tax_markers = s.cat.rules.start.tax_markers
        s.taxes = []
        vps = tuple(s.vp(i) for i in range(s.players))
        self.emit("round_ended", None, round=s.round, vp=list(vps))
        scores = tuple(float(v) for v in vps)
        winners, ending = victory(s)
        if winners:
            s.result = Result(tuple(winners), ending, s.round, scores, _paths(s, winners))
            self.emit("game_won", None, winners=list(winners), ending=ending)
            return True
        if s.round >= s.cat.rules.round_limit:
            winners = limit_winners(s)
            s.result = Result(tuple(winners), "round_limit", s.round, scores, _paths(s, winners))
            self.emit("game_won", None, winners=list(winners), ending="round_limit")
            return True
        s.round += 1
        s.first = (s.first + 1) % s.players
        return False


def victory_path(s: FiefState, seat: int) -> str:
    """The VP Titles ``seat``'s Nobles hold, in content order: ``paramount-vale + king``.

    ``-`` for a winner holding none (an ally who won on his partner's Titles,
    or a round-limit tie at 0 VP).
    """
    held = {t for t, nid in s.holder.items() if nid is not None and s.nobles[nid].seat == seat}
    return " + ".join(t for t, spec in s.cat.titles.items() if spec.vp and t in held) or "-"


def _paths(s: FiefState, winners: list[int]) -> tuple[str, ...]:
    return tuple(victory_path(s, seat) for seat in winners)


def _teams(s: FiefState) -> list[tuple[int, ...]]:
    """Solo players and alliances, each once."""
    teams: list[tuple[int, ...]] = []
    for seat in range(s.players):
        partner = s.seats[seat].partner
        if partner is None:
            teams.append((seat,))
        elif seat < partner:
            teams.append((seat, partner))
    return teams


def victory(s: FiefState) -> tuple[list[int], str]:
    """Winners at the end of a round (empty if nobody qualifies) and the ending.

    A lone player needs ``solo_vp`` (FF-WIN-01), an Alliance ``alliance_vp``
    between its two players (FF-WIN-02), and the side with the most VP wins
    (FF-GAP-23). The ending names the sides that won: ``solo_victory`` for one
    player alone, ``alliance_victory`` for one Alliance, ``shared_victory``
    when sides tie and share the win (two lone players, two Alliances, or one
    of each): however many players won, a tie is never one side's victory.
    """
    rules = s.cat.rules
    best = -1
    sides: list[tuple[int, ...]] = []
    for team in _teams(s):
        total = sum(s.vp(seat) for seat in team)
        need = rules.solo_vp if len(team) == 1 else s.alliance_vp()
        if total < need:
            continue
        if total > best:
            best, sides = total, [team]
        elif total == best:
            sides.append(team)
    if not sides:
        return [], ""
    if len(sides) > 1:
        ending = "shared_victory"
    else:
        ending = "alliance_victory" if len(sides[0]) == 2 else "solo_victory"
    return sorted(seat for team in sides for seat in team), ending


def limit_winners(s: FiefState) -> list[int]:
    """At the round limit: own VP, an alliance takes its best member's; ties share."""
    scored = [(max(s.vp(seat) for seat in team), team) for team in _teams(s)]
    top = max(score for score, _ in scored)
    return sorted(seat for score, team in scored if score == top for seat in team)


__all__ = ["ROUND", "FiefGame", "limit_winners", "victory", "victory_path"]
