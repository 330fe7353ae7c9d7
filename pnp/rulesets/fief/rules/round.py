"""The round of eight phases as one flow of decisions, and how a game is won.

:func:`game_flow` is the whole game: the set-up, then round after round each
phase in order (:data:`ROUND`), each phase module (:mod:`.politics`,
:mod:`.cards`, :mod:`.economy`, :mod:`.movement`, :mod:`.battle`,
:mod:`.watch`) yielding a decision when a player must choose; the end of a
round checks victory (:func:`victory`) and the round limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.flow import Flow, offer
from pnp.engine.game import Option, Result
from pnp.rulesets.fief.rules import battle, cards, economy, movement, politics, watch
from pnp.rulesets.fief.rules.setup import setup_flow
from pnp.rulesets.fief.state import FiefState

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame

#: Phases of a round in order; the Wall phase runs only with the Night's Watch expansion.
ROUND = ("hear_ye", "cards", "income", "purchase", "movement", "battles", "wall", "end")


def enter_phase(g: FiefGame, phase: str) -> None:
    """Begin ``phase``, noting one entered out of order (FF-ROUND-01)."""
    log = g.phase_log
    if log and phase != "hear_ye" and ROUND.index(phase) <= ROUND.index(log[-1]):
        g.violations.append(f"phase {phase} after {log[-1]} in round {g.s.round}")
    log.append(phase)
    g.s.phase = phase
    g.emit("phase", None, phase=phase, round=g.s.round)


def game_flow(g: FiefGame, start: str, pause: bool) -> Flow:
    """The whole game from phase ``start`` (``setup`` for a new game); ``pause``
    opens with a one-option ``scenario_start`` decision (a scenario's first step)."""
    if pause:
        yield from offer(g.s.first, "scenario_start", [Option("begin")])
    if start == "setup":
        yield from setup_flow(g)
        start = "hear_ye"
    # a scenario may open inside a phase: at the elections or the card plays
    step = start
    start = {"elections": "hear_ye", "card_plays": "cards"}.get(start, start)
    phases = ROUND[ROUND.index(start) :]
    while True:
        for phase in phases:
            if phase == "wall" and not g.s.nights_watch:
                continue  # played only with the Night's Watch expansion (FF-ROUND-01)
            enter_phase(g, phase)
            if phase == "hear_ye":
                if step == "elections":
                    yield from politics.elections(g)
                else:
                    yield from start_round(g)
                    yield from politics.hear_ye(g)
            elif phase == "cards":
                yield from cards.card_phase(g, plays_only=step == "card_plays")
            elif phase == "income":
                economy.income(g)
            elif phase == "purchase":
                yield from economy.purchase_phase(g)
            elif phase == "movement":
                yield from movement.movement_phase(g)
            elif phase == "battles":
                yield from battle.battle_phase(g)
            elif phase == "wall":
                yield from watch.wall_phase(g)
            elif phase == "end" and end_round(g):
                return
            step = phase
        phases = ROUND
        g.phase_log = []


def start_round(g: FiefGame) -> Flow:
    """The round's opening bookkeeping, and the Cursed Nobles' rolls."""
    s = g.s
    for noble in s.nobles.values():
        noble.moved = False
        noble.sailed = False
    for vil in s.villages:
        vil.entries = []
    for seat in s.seats:
        seat.seen = {}
        seat.start_wardens = [n.id for n in s.seat_nobles(seat.index) if s.is_warden(n)]
        seat.start_council = [n.id for n in s.seat_nobles(seat.index) if s.is_council(n)]
    cursed = sorted((n for n in s.nobles.values() if n.cursed and n.in_play), key=lambda n: n.id)
    yield from politics.cursed_rolls(g, cursed)


def end_round(g: FiefGame) -> bool:
    """Phase 8: clear the round, check victory; returns whether the game ended."""
    s = g.s
    # FF-GAP-26: timed trigger: only the round's end lifts the disasters
    for region in sorted(s.disasters):
        for card in s.disasters[region]:
            s.fortune_discard.append(card)
        if s.disasters[region]:
            g.emit("disasters_cleared", None, region=region)
        s.disasters[region] = []
    s.refresh_weather()
    for seat in s.seats:
        seat.tax_markers = s.cat.rules.start.tax_markers
    s.taxes = []
    vps = tuple(s.vp(i) for i in range(s.players))
    g.emit("round_ended", None, round=s.round, vp=list(vps))
    scores = tuple(float(v) for v in vps)
    winners, ending = victory(s)
    if winners:
        s.result = Result(tuple(winners), ending, s.round, scores, _paths(s, winners))
        g.emit("game_won", None, winners=list(winners), ending=ending)
        return True
    if s.round >= s.cat.rules.round_limit:
        winners = limit_winners(s)
        s.result = Result(tuple(winners), "round_limit", s.round, scores, _paths(s, winners))
        g.emit("game_won", None, winners=list(winners), ending="round_limit")
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


__all__ = ["ROUND", "enter_phase", "game_flow", "limit_winners", "victory", "victory_path"]
