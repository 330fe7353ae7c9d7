"""The rule invariants (``State.invariant_violations``, :mod:`pnp.rulesets.ironthrone.state`)
catch planted faults.
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.state import ALIVE, DEAD


def test_invariants_catch_broken_states(content: LoadedContent[Any]) -> None:
    """Power, cards, hostages and influence are each checked for conservation, and
    each hand's bits against the hand."""
    game = RULESET.new_game(content, GameConfig(4), 1)
    assert isinstance(game, IronThroneGame)
    while (d := game.decision()) is not None and d.kind == "choose_leader":
        game.apply(0)
    assert game.invariant_violations() == []
    ref = game.ref
    token = next(c for c in ref.t.seat_chars[0] if ref.status[c] == ALIVE)
    ref.power[token] += 1
    ref.hand[1].append(ref.deck[0].pop())
    ref.held[2].append(ref.hand[2].pop())
    ref.left[3] -= 1
    found = "\n".join(game.invariant_violations())
    assert "power not conserved" in found
    assert f"{ref.t.houses[0]} cards not conserved: 24 in zones, 25" in found
    assert f"{ref.t.houses[1]} cards not conserved: 26 in zones, 25" in found
    assert "as a hostage" in found
    assert f"{ref.t.houses[3]} influence not conserved" in found
    # hands changed behind the referee's back: their bits no longer match
    assert f"{ref.t.houses[1]}: the bits of its hand are out of date" in found
    assert f"{ref.t.houses[2]}: the bits of its hand are out of date" in found
    assert f"{ref.t.houses[0]}: the bits" not in found
    ref.index_hands()
    assert "the bits of its hand" not in "\n".join(game.invariant_violations())
    ref.power[token] = 0
    assert "is alive with no power" in "\n".join(game.invariant_violations())


def test_invariants_catch_negative_power_and_stale_lists_of_the_living(
    content: LoadedContent[Any],
) -> None:
    game = RULESET.new_game(content, GameConfig(4), 1)
    assert isinstance(game, IronThroneGame)
    while (d := game.decision()) is not None and d.kind == "choose_leader":
        game.apply(0)
    ref = game.ref
    moved = ref.sheet[1] + 1
    ref.sheet[1] = -1  # one point more than the sheet held goes to the box
    ref.box += moved
    found = "\n".join(game.invariant_violations())
    assert f"negative power: sheets {ref.sheet}" in found
    assert "power not conserved" not in found  # power moved, none was made
    ref.sheet[1] += moved
    ref.box -= moved
    token = next(c for c in ref.t.seat_chars[2] if ref.status[c] == ALIVE)
    ref.status[token] = DEAD  # killed behind the referee's back, power and all
    found = "\n".join(game.invariant_violations())
    assert f"{ref.t.char_id[token]} is dead but holds" in found
    assert f"{ref.t.houses[2]}: the list of living characters is out of date" in found
    assert f"{ref.t.houses[1]}: the list of living" not in found
