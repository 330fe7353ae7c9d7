"""The thrones invariants run only after the moves that may break them, and still
find every fault the full check finds.

Over seeded games of every option, every move that changed what an invariant's
check reads was a move after which that check was due
(:func:`pnp.engine.testing.gating_misses`): a check skipped is one that would have
found nothing new. The passives check reads the whole table through a fresh
computation, so its reads are that computation's input and output: the modifiers
as kept and as recomputed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import agents_chooser
from pnp.engine.testing import gating_misses_in, late_findings, play_with_fault
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.invariants import passive_states


def _ids(cards: Any) -> tuple[int, ...]:
    return tuple(id(c) for c in cards)


def _passives(g: ThronesGame) -> Any:
    if g.wide and g.chainable:
        return None  # the check stands down
    cards, kept, fresh = passive_states(g)
    return (_ids(cards), kept, fresh)


def _counted(g: ThronesGame) -> Any:
    """What the conservation check's verdict rests on: the cards counted for each
    owner, and each seat's plots (a card passing from limbo to a discard pile
    changes neither)."""
    counted = [0] * g.players
    plots = []
    for s in g.seats:
        counted[s.idx] += len(s.deck) + len(s.hand) + len(s.discard) + len(s.dead)
        counted[s.idx] += len(s.removed) + len(s.setup)
        plots.append(len(s.plot_deck) + len(s.used_plots) + (s.plot is not None))
        for c in s.play:
            counted[c.owner] += 1 + len(c.dupes)
    for c in g.limbo:
        counted[c.owner] += 1
    return counted, plots


#: what each gated check reads (thrones/invariants.py), read off the game
READS: dict[str, Callable[[ThronesGame], Any]] = {
    "phase order": lambda g: tuple(g.phase_seq),
    "titles": lambda g: ([s.title for s in g.seats], tuple(g.title_pool)),
    "totals": lambda g: [(s.gold, s.power, s.limited, s.draws) for s in g.seats],
    "conservation": lambda g: _counted(g),
    "play area": lambda g: [
        [(id(c), c.zone, c.controller, c.power, id(c.host), c.host and c.host.zone) for c in s.play]
        for s in g.seats
    ],
    "indexes": lambda g: [
        (
            _ids(s.play),
            _ids(s.hand),
            id(s.plot),
            id(s.agenda),
            _ids(s.chars),
            _ids(s.hand_actors),
            _ids(s.hand_resp),
            _ids(s.play_actors),
            _ids(s.play_sources),
            _ids(s.sources),
        )
        for s in g.seats
    ],
    "passives": _passives,
}

#: (agents, players, options, seeds): every option, random and heuristic play
GAMES = [
    ("random", 2, {}, range(12)),
    ("random", 3, {}, range(8)),
    ("random", 4, {"two_on_two": True}, range(6)),
    ("random", 2, {"draft": True}, range(6)),
    ("random", 4, {"littlefinger": True}, range(6)),
    ("random", 2, {"deck_format": "constructed", "mulligan": False}, range(6)),
    ("heuristic", 4, {}, range(3)),
    ("heuristic", 2, {}, range(3)),
]


@pytest.mark.parametrize(("agent", "players", "options", "seeds"), GAMES)
def test_every_change_is_checked(
    content: LoadedContent, agent: str, players: int, options: dict[str, Any], seeds: range
) -> None:
    assert gating_misses_in(RULESET, content, agent, players, options, seeds, READS) == []


def test_reads_name_every_gated_invariant() -> None:
    assert set(READS) == {inv.name for inv in ThronesGame.invariants if inv.after}


def _lose_a_card(g: ThronesGame) -> None:
    seat = next(s for s in g.seats if s.deck)
    seat.deck.pop()


def _stale_strength(g: ThronesGame) -> None:
    card = next(c for s in g.seats for c in s.chars)
    card.static_str += 1


def _negative_gold(g: ThronesGame) -> None:
    g.seats[0].gold = -1


def _forgotten_character(g: ThronesGame) -> None:
    seat = next(s for s in g.seats if s.chars)
    seat.chars.pop()


#: a fault of each kind, the words the full check names it with, and the moves it is
#: planted after. A stale modifier heals at the rules' next full recomputation (a
#: card leaving play): it is planted where none comes before the next check.
FAULTS: list[tuple[Callable[[ThronesGame], None], str, tuple[int, ...]]] = [
    (_lose_a_card, "are in its zones", (30, 31, 90)),
    (_stale_strength, "passive modifiers are stale", (42, 48, 90)),
    (_negative_gold, "negative gold", (30, 31, 90)),
    (_forgotten_character, "characters list is out of step", (30, 31, 90)),
    (
        lambda g: g.phase_seq.extend(["draw", "taxation"]),
        "phase taxation followed draw",
        (30, 31, 90),
    ),
]


@pytest.mark.parametrize(
    ("corrupt", "message", "at"),
    [(corrupt, message, at) for corrupt, message, moves in FAULTS for at in moves],
)
def test_a_planted_fault_is_found_within_its_round(
    content: LoadedContent, corrupt: Callable[[ThronesGame], None], message: str, at: int
) -> None:
    game = RULESET.new_game(content, GameConfig(4), 7)
    assert isinstance(game, ThronesGame)
    choose = agents_chooser(RULESET, ["random"] * 4, 7)
    planted = play_with_fault(game, choose, at, corrupt)  # type: ignore[arg-type]
    assert planted is not None, "the game ended before the fault was planted"
    assert late_findings(game, planted, message) == []
