"""The fief invariants run only after the moves that may break them, and still find
every fault the full check finds.

Two proofs. First, over seeded games of every option, every move that changed the
state an invariant's check reads was a move after which that check was due
(:func:`pnp.engine.testing.gating_misses`): a check skipped is a check that would
have found nothing new. Second, each kind of planted fault is found by the
playing referee, at once when planted by a move the check watches, and at the
latest when the round ends otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import agents_chooser
from pnp.engine.testing import gating_misses_in, late_findings, play_with_fault
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.state import FiefState
from tests.rulesets.fief.test_invariants import CORRUPTIONS


def _nobles_at(s: FiefState) -> Any:
    return sorted(
        (k, n.zone, n.at, n.captor, n.seat, tuple(n.titles), n.spouse, n.lady, n.outlaw)
        for k, n in s.nobles.items()
    )


def _nobles_standing(s: FiefState) -> Any:
    """The Nobles as titles and the Wall read them: not where they stand."""
    return sorted(
        (k, n.zone, n.seat, tuple(n.titles), n.spouse, n.outlaw) for k, n in s.nobles.items()
    )


#: what each gated check reads (fief/invariants.py), read off the game
READS: dict[str, Callable[[FiefGame], Any]] = {
    "gold": lambda g: ([x.gold for x in g.s.seats], g.s.minted),
    "units": lambda g: (
        [sorted((k, tuple(v)) for k, v in vil.units.items()) for vil in g.s.villages],
        [tuple(x.stock) for x in g.s.seats],
        sorted(g.s.shared_stock.items()),
        g.s.tactics,
    ),
    "places": lambda g: ([tuple(vil.nobles) for vil in g.s.villages], _nobles_at(g.s)),
    "nobles": lambda g: (
        [tuple(x.deck) for x in g.s.seats],
        sorted(
            (k, n.zone, n.captor, n.seat, tuple(n.titles), n.spouse, n.lady)
            for k, n in g.s.nobles.items()
        ),
    ),
    "titles": lambda g: (sorted(g.s.holder.items()), _nobles_standing(g.s)),
    "cards": lambda g: (
        g.s.fortune,
        g.s.fortune_discard,
        g.s.court,
        g.s.court_discard,
        g.s.removed,
        sorted(g.s.title_cards.items()),
        [tuple(x.hand) for x in g.s.seats],
        sorted((k, tuple(v)) for k, v in g.s.disasters.items()),
        sorted((k, tuple(v)) for k, v in g.s.copies_waiting.items()),
        [(x.tax_markers, x.diplomacy) for x in g.s.seats],
        g.s.winter,
    ),
    "board": lambda g: (
        [
            (sorted(vil.units), tuple(vil.nobles), vil.controller, vil.stronghold, vil.mill)
            for vil in g.s.villages
        ],
        [vil.sept for vil in g.s.villages],
        sorted((k, n.seat) for k, n in g.s.nobles.items()),
        g.s.idols_destroyed,
    ),
    "alliances": lambda g: (
        [(x.partner, x.marriage) for x in g.s.seats],
        sorted((k, n.seat, n.spouse) for k, n in g.s.nobles.items()),
    ),
    "the Wall": lambda g: (
        _nobles_standing(g.s),
        sorted((k, sorted(v.items())) for k, v in g.s.recruits.items()),
        sorted(g.s.defenders.items()),
        g.s.supplies,
        g.s.wall_marker,
        sorted(g.s.recruit_supply.items()),
        sorted(g.s.holder.items()),
    ),
}

#: (agents, players, options, seeds): every option, random and heuristic play
GAMES = [
    ("random", 4, {}, range(8)),
    ("random", 6, {"tactics": True}, range(6)),
    ("random", 5, {"nights_watch": True}, range(6)),
    ("random", 3, {"winter": True, "concession": True}, range(6)),
    ("heuristic", 6, {}, range(2)),
    # a tied bid the Protector breaks: the winner pays before any event says why
    ("heuristic", 6, {}, range(1000, 1001)),
    ("heuristic", 6, {"nights_watch": True, "tactics": True}, range(1)),
]


@pytest.mark.parametrize(("agent", "players", "options", "seeds"), GAMES)
def test_every_change_is_checked(
    content: LoadedContent, agent: str, players: int, options: dict[str, Any], seeds: range
) -> None:
    assert gating_misses_in(RULESET, content, agent, players, options, seeds, READS) == []


def test_reads_name_every_gated_invariant() -> None:
    assert set(READS) == {inv.name for inv in FiefGame.invariants if inv.after}


@pytest.mark.parametrize(("corrupt", "message"), CORRUPTIONS)
@pytest.mark.parametrize("at", [40, 41, 170])
def test_a_planted_fault_is_found_within_its_round(
    content: LoadedContent, corrupt: Callable[[FiefState], None], message: str, at: int
) -> None:
    game = RULESET.new_game(content, GameConfig(6, options={"tactics": True}), 5)
    assert isinstance(game, FiefGame)
    choose = agents_chooser(RULESET, ["random"] * 6, 5)
    planted = play_with_fault(game, choose, at, lambda g: corrupt(g.s))
    assert planted is not None, "the game ended before the fault was planted"
    assert late_findings(game, planted, message) == []
