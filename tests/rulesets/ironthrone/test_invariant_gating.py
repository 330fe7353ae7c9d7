"""The Iron Throne invariants run only after the moves that may break them.

Over seeded games, every move that changed what an invariant's check reads was a
move after which that check was due (:func:`pnp.engine.testing.gating_misses`):
a check skipped is one that would have found nothing new.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import agents_chooser
from pnp.engine.testing import gating_misses_in, late_findings, play_with_fault
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.state import ALIVE


def _cards(g: IronThroneGame) -> Any:
    """What the card check's verdict rests on: each House's cards counted in its
    zones and as hostages, who holds whom, and each hand beside its bits."""
    r = g.ref
    owner = r.t.card_owner
    counts = [
        len(r.deck[s]) + len(r.hand[s]) + len(r.discard[s]) + len(r.table[s]) for s in range(r.n)
    ]
    for seat in range(r.n):
        for c in r.held[seat]:
            counts[owner[c]] += 1
    held = [sorted(owner[c] for c in r.held[s]) for s in range(r.n)]
    return counts, held, [sorted(h) for h in r.hand], list(r.hand_bits)


#: what each gated check reads (ironthrone/state.py), read off the game
READS: dict[str, Callable[[IronThroneGame], Any]] = {
    "power": lambda g: (list(g.ref.power), list(g.ref.sheet), g.ref.box, g.ref.supply),
    "living": lambda g: ([p > 0 for p in g.ref.power], list(g.ref.status), list(g.ref.alive)),
    "cards": _cards,
    "influence": lambda g: ([list(row) for row in g.ref.on_board], list(g.ref.left)),
}

#: (agents, players, options, seeds): random and heuristic play at every count
GAMES = [
    ("random", 3, {}, range(30)),
    ("random", 4, {}, range(30)),
    ("random", 5, {}, range(30)),
    ("heuristic", 5, {}, range(10)),
    ("heuristic", 3, {}, range(10)),
]


@pytest.mark.parametrize(("agent", "players", "options", "seeds"), GAMES)
def test_every_change_is_checked(
    content: LoadedContent, agent: str, players: int, options: dict[str, Any], seeds: range
) -> None:
    assert gating_misses_in(RULESET, content, agent, players, options, seeds, READS) == []


def test_reads_name_every_gated_invariant() -> None:
    assert set(READS) == {inv.name for inv in IronThroneGame.invariants if inv.after}


def _extra_power(g: IronThroneGame) -> None:
    r = g.ref
    r.power[next(c for c in range(len(r.power)) if r.status[c] == ALIVE)] += 1


def _powerless_living(g: IronThroneGame) -> None:
    r = g.ref
    token = next(c for c in range(len(r.power)) if r.status[c] == ALIVE)
    r.supply += r.power[token]
    r.power[token] = 0


def _drawn_behind_the_back(g: IronThroneGame) -> None:
    r = g.ref
    seat = next(s for s in range(r.n) if r.deck[s])
    r.hand[seat].append(r.deck[seat].pop())


def _lost_influence(g: IronThroneGame) -> None:
    g.ref.left[0] -= 1


#: a fault of each kind, and the words the full check names it with
FAULTS: list[tuple[Callable[[IronThroneGame], None], str]] = [
    (_extra_power, "power not conserved"),
    (_powerless_living, "is alive with no power"),
    (_drawn_behind_the_back, "the bits of its hand are out of date"),
    (_lost_influence, "influence not conserved"),
]


@pytest.mark.parametrize(("corrupt", "message"), FAULTS)
@pytest.mark.parametrize("at", [20, 21, 60])
def test_a_planted_fault_is_found_within_its_round(
    content: LoadedContent, corrupt: Callable[[IronThroneGame], None], message: str, at: int
) -> None:
    game = RULESET.new_game(content, GameConfig(5), 3)
    assert isinstance(game, IronThroneGame)
    choose = agents_chooser(RULESET, ["random"] * 5, 3)
    planted = play_with_fault(game, choose, at, corrupt)  # type: ignore[arg-type]
    assert planted is not None, "the game ended before the fault was planted"
    assert late_findings(game, planted, message) == []
