"""Which troops go with a moving Noble: every split is reachable, none breaks a rule."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.invariants import violations
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.scenario import scenario_game

TROOP_KINDS = ("take_troops", "take_unit", "drop_unit")


def _at_troop_choice(content: LoadedContent, army: dict[str, int], to: str) -> FiefGame:
    """Bran at Winterfell with ``army`` (Stark, seat 0), asked which troops go to ``to``."""
    setup: dict[str, Any] = {
        "phase": "movement",
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {"stark-bran": {"at": "winterfell"}},
        "troops": {"winterfell": {0: dict(army)}},
    }
    game = scenario_game(content, setup, [], 0)
    for label in ("begin", "move stark-bran", f"to {to}"):
        d = game.decision()
        assert d is not None
        game.apply([o.label for o in d.options].index(label))
    return game


def _splits(
    content: LoadedContent, army: dict[str, int], to: str
) -> list[tuple[tuple[int, ...], ...]]:
    """Walk every answer to the troop questions; the troops left at each Village per leaf.

    Each leaf replays its path on a fresh game, checks the rules' invariants and
    that no question it met had a single option.
    """
    # the Village passed through on the way to the Twins; nothing stops on a one-step move
    places = ("winterfell", "moat-cailin", to) if to == "the-twins" else ("winterfell", to)
    found = []
    paths: list[list[int]] = [[]]
    while paths:
        path = paths.pop()
        game = _at_troop_choice(content, army, to)
        for index in path:
            game.apply(index)
        d = game.decision()
        if d is not None and d.kind in TROOP_KINDS:
            assert len(d.options) >= 2, d
            paths.extend([*path, i] for i in range(len(d.options)))
            continue
        s = game.s
        assert not violations(game, d)
        assert s.nobles["stark-bran"].at == s.cat.map.ids.index(to)
        ids = s.cat.map.ids
        counts = [tuple(s.troops(ids.index(p), 0) or [0] * len(s.cat.units)) for p in places]
        if len(counts) == 2:
            counts.insert(1, (0,) * len(s.cat.units))
        found.append(tuple(counts))
    return found


def _kinds(content: LoadedContent, army: dict[str, int]) -> list[int]:
    """``army`` as unit counts in the catalog's order."""
    cat = _at_troop_choice(content, army, "moat-cailin").s.cat
    counts = [0] * len(cat.units)
    for unit, n in army.items():
        counts[cat.unit_index[unit]] = n
    return counts


@pytest.mark.parametrize(
    ("army", "to", "through"),
    [
        ({"man-at-arms": 3, "knight": 2}, "moat-cailin", False),
        ({"man-at-arms": 2, "knight": 1}, "the-twins", True),
        ({"man-at-arms": 1}, "the-twins", True),
        ({"man-at-arms": 2}, "moat-cailin", False),
    ],
)
def test_every_split_is_reachable_and_keeps_the_troops(
    content: LoadedContent, army: dict[str, int], to: str, through: bool
) -> None:
    have = _kinds(content, army)
    reached = set(_splits(content, army, to))
    # every troop stays, stops on the way (two-Village moves only) or arrives with him
    expected = set()
    for per_kind in product(
        *[
            [(n - a - b, b, a) for a in range(n + 1) for b in range(n + 1 - a) if through or b == 0]
            for n in have
        ]
    ):
        stay, on_way, arrive = (tuple(k[i] for k in per_kind) for i in range(3))
        expected.add((stay, on_way if through else (0,) * len(have), arrive))
    assert reached == expected
