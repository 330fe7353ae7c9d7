"""The fief rule invariants: a sound game passes, and each kind of corruption is named."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.invariants import check
from pnp.rulesets.fief.state import FiefState
from tests.rulesets.fief.games import play_random


@pytest.fixture(scope="module")
def midgame(content: LoadedContent) -> Callable[[], FiefState]:
    """A factory of fresh 6-player states 300 random steps in (tests corrupt their own)."""

    def make() -> FiefState:
        game = RULESET.new_game(content, GameConfig(6, options={"tactics": True}), 5)
        rng = random.Random(5)
        for _ in range(300):
            decision = game.decision()
            assert decision is not None
            game.apply(rng.randrange(len(decision.options)))
        return game.s

    return make


def _troops(s: FiefState) -> tuple[int, int, list[int]]:
    """The first Village with troops: its index, a seat there and its unit counts."""
    v = next(i for i, vil in enumerate(s.villages) if vil.units)
    seat, counts = next(iter(s.villages[v].units.items()))
    return v, seat, counts


def _noble_on_board(s: FiefState) -> str:
    return next(nid for nid, n in s.nobles.items() if n.zone == "board")


def _steal_card(s: FiefState) -> None:
    seat = next(seat for seat in s.seats if seat.hand)
    seat.hand.append(seat.hand[0])  # a second copy appears from nowhere


def _empty_village_controlled(s: FiefState) -> None:
    vil = next(vil for vil in s.villages if not vil.units and not vil.nobles)
    vil.controller = 0


def _foreign_controller(s: FiefState) -> None:
    v, _, _ = _troops(s)
    vil = s.villages[v]
    present = set(vil.units) | {s.nobles[nid].seat for nid in vil.nobles}
    vil.controller = next(x for x in range(s.players) if x not in present)


def _title_not_listed(s: FiefState) -> None:
    nid = _noble_on_board(s)
    s.holder["king"] = nid
    s.nobles[nid].titles = [t for t in s.nobles[nid].titles if t != "king"]


def _two_military(s: FiefState) -> None:
    nid = _noble_on_board(s)
    military = [t for t, spec in s.cat.titles.items() if spec.kind == "military"][:2]
    for title in military:
        old = s.holder.get(title)
        if old is not None:
            s.nobles[old].titles.remove(title)
        s.holder[title] = nid
        s.nobles[nid].titles.append(title)


def _one_sided_marriage(s: FiefState) -> None:
    lord = next(n for n in s.nobles.values() if n.zone == "board" and n.spouse is None)
    lady = next(n for n in s.nobles.values() if n.lady != lord.lady and n.seat != lord.seat)
    lord.spouse = lady.id


def _noble_in_two_villages(s: FiefState) -> None:
    nid = _noble_on_board(s)
    other = next(vil for vil in s.villages if nid not in vil.nobles)
    other.nobles.append(nid)


def _dead_noble_in_deck(s: FiefState) -> None:
    seat = next(seat for seat in s.seats if seat.deck)
    s.nobles[seat.deck[0]].zone = "dead"


def _negative_stock(s: FiefState) -> None:
    s.seats[0].stock[0] -= 1


def _unknown_seat_units(s: FiefState) -> None:
    v, _, counts = _troops(s)
    s.villages[v].units[9] = list(counts)


def _half_alliance(s: FiefState) -> None:
    s.seats[0].partner = 1
    s.seats[1].partner = None


CORRUPTIONS: list[tuple[Callable[[FiefState], None], str]] = [
    (lambda s: setattr(s.seats[2], "gold", s.seats[2].gold + 4), "bank paid out"),
    (_negative_stock, "seat 0 has"),
    (_unknown_seat_units, "units of unknown seat 9"),
    (_noble_in_two_villages, "stands in two Villages"),
    (_dead_noble_in_deck, "is dead and in 1 Character decks"),
    (_one_sided_marriage, "is not mutual"),
    (_title_not_listed, "king held by"),
    (_two_military, "'military': 2"),
    (_steal_card, "cards not conserved"),
    (_empty_village_controlled, "is controlled by 0"),
    (_foreign_controller, "present:"),
    (lambda s: setattr(s.villages[0], "stronghold", 3), "stronghold level 3"),
    (_half_alliance, "alliance is not mutual"),
]


def _negative_count(s: FiefState) -> None:
    _, _, counts = _troops(s)
    counts[next(u for u, c in enumerate(counts) if c > 0)] = -1


def _empty_entry(s: FiefState) -> None:
    v, seat, counts = _troops(s)
    s.villages[v].units[seat] = [0] * len(counts)


def _stock_below_zero(s: FiefState) -> None:
    unit = next(u for u in range(len(s.cat.units)) if u not in s.shared_stock)
    s.seats[0].stock[unit] = -1


def _shared_unit_from_nowhere(s: FiefState) -> None:
    unit = next(iter(s.shared_stock))
    s.shared_stock[unit] += 1


#: the units check's other lines, each planted in a state at rest (a game played on
#: from a negative count could stop on it before a check does)
UNIT_CORRUPTIONS: list[tuple[Callable[[FiefState], None], str]] = [
    (_negative_count, " of seat "),
    (_empty_entry, "an empty unit entry for seat"),
    (_stock_below_zero, "seat 0 stock of"),
    (_shared_unit_from_nowhere, "shared "),
]


def test_a_sound_game_has_no_violations(midgame: Callable[[], FiefState]) -> None:
    assert check(midgame()) == []


@pytest.mark.parametrize(("corrupt", "message"), CORRUPTIONS + UNIT_CORRUPTIONS)
def test_each_corruption_is_named(
    midgame: Callable[[], FiefState], corrupt: Callable[[FiefState], None], message: str
) -> None:
    s = midgame()
    corrupt(s)
    found = check(s)
    assert any(message in line for line in found), found


def test_invariants_catch_tampering(content: LoadedContent) -> None:
    game, _ = play_random(content, 51, steps=250)
    assert game.invariant_violations() == []
    game.s.seats[0].gold += 3
    assert any("bank paid out" in v for v in game.invariant_violations())
    game.s.seats[0].gold -= 3
    vil = next(v for v in game.s.villages if v.units)
    seat, units = next(iter(vil.units.items()))
    units[units.index(max(units))] += 1
    assert any(f"seat {seat} has" in v for v in game.invariant_violations())
