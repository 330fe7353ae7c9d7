"""Phases 3 and 4 where a scenario cannot look: a sealed bid seen by its bidder alone,
income that stays whole gold, and building prices a designer changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.rules.economy import collect_taxes
from pnp.rulesets.fief.scenario import scenario_game
from tests.rulesets.fief.variants import edit


def _choose(game: FiefGame, label: str) -> None:
    """Pick the pending decision's option labelled ``label``."""
    d = game.decision()
    assert d is not None
    game.apply([o.label for o in d.options].index(label))


def _tully_buys(content: LoadedContent, gold: int, **more: Any) -> FiefGame:
    """Tully (seat 0, with ``gold`` and Edmure at Riverrun) against Martell and Arryn,
    at his first purchase; ``more``: further setup keys (options, villages)."""
    setup: dict[str, Any] = {
        "phase": "purchase",
        "seats": [{"house": "tully", "gold": gold}, {"house": "martell"}, {"house": "arryn"}],
        "nobles": {"tully-edmure": {"at": "riverrun"}},
        **more,
    }
    game = scenario_game(content, setup, [], 0)
    _choose(game, "begin")
    return game


def _offered(game: FiefGame, verb: str) -> list[str]:
    """The labels of Tully's pending purchase that start with ``verb``."""
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (0, "purchase")
    return [label for label in d.labels() if label.startswith(verb + " ")]


def test_ff_sc_02_a_sealed_bid_is_seen_by_its_bidder_only_until_the_reveal(
    content: LoadedContent,
) -> None:
    """While the Council seat's bids are sealed each bidder sees his own bid and no other's;
    after the reveal no view holds a sealed bid."""
    setup: dict[str, Any] = {
        "phase": "purchase",
        "seats": [
            {"house": "tully", "gold": 9},
            {"house": "martell", "gold": 6},
            {"house": "arryn", "gold": 9},
        ],
        "nobles": {
            "tully-edmure": {"at": "riverrun", "titles": ["warden-north"]},
            "martell-doran": {"at": "sunspear", "titles": ["warden-south"]},
            "arryn-yohn": {"at": "the-eyrie"},
        },
    }
    game = scenario_game(content, setup, [], 0)
    _choose(game, "begin")
    _choose(game, "bid 5")
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (1, "council_bid")
    assert game.view(0).data()["my_bid"] == 5
    assert game.view(1).data()["my_bid"] is None
    _choose(game, "bid 6")
    assert [game.view(seat).data()["my_bid"] for seat in range(3)] == [None, None, None]


def test_ff_ph_08_income_is_whole_gold(content: LoadedContent) -> None:
    """Every income (Villages, Defenders of the Wall) is a whole number of gold."""
    setup: dict[str, Any] = {
        "phase": "income",
        "options": {"nights_watch": True},
        "seats": [{"house": h} for h in ("tully", "lannister", "martell", "arryn", "stark")],
        "nobles": {"tully-edmure": {"at": "riverrun"}},
        "wall": {"defenders": {0: 2}},
    }
    game = scenario_game(content, setup, [], 0)
    d = game.decision()
    assert d is not None
    events = game.apply(0)
    incomes = [e for e in events if e.kind == "income"]
    assert incomes and all(type(e.data["gold"]) is int for e in incomes)
    assert all(type(seat["gold"]) is int for seat in game.snapshot()["seats"])


@pytest.mark.parametrize(("building", "price"), [("sept", "cost: 4"), ("stronghold", "cost: 6")])
def test_ff_ph_11_a_building_made_the_cheapest_is_offered_at_its_price(
    content_copy: Path, building: str, price: str
) -> None:
    """A designer who makes a Sept or a Stronghold cheaper than a Mill sees it offered to a
    House with just its new price (1 gold), and nothing dearer."""
    units = content_copy / "units.yaml"
    lines = units.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  - {{id: {building},"))
    assert price in lines[at]
    lines[at] = lines[at].replace(price, "cost: 1")
    units.write_text("".join(lines), encoding="utf-8")
    villages = {"riverrun": {"mill": False, "stronghold": 0, "sept": False}}
    game = _tully_buys(RULESET.load(content_copy.parent), 1, villages=villages)
    assert _offered(game, "build") == [f"build {building}"]


def test_ff_ph_11_a_free_unit_is_offered_to_a_house_without_gold(content_copy: Path) -> None:
    """A designer's unit that costs nothing may be bought by a House with no gold, as
    long as it has a Noble on the board to place it with, and bought again while the
    stock lasts: the purchases stop only when the player says so or nothing is left."""
    edit(
        content_copy / "units.yaml",
        "{id: man-at-arms, name: Man-at-Arms, strength: 1, hits: 1, cost: 1, stock: 13}",
        "{id: man-at-arms, name: Man-at-Arms, strength: 1, hits: 1, cost: 0, stock: 13}",
    )
    game = _tully_buys(RULESET.load(content_copy.parent), 0)
    bought = 0
    while (d := game.decision()) is not None and (d.seat, d.kind) == (0, "purchase"):
        assert "buy man-at-arms" in d.labels()
        _choose(game, "buy man-at-arms")
        while (d := game.decision()) is not None and d.seat == 0 and d.kind != "purchase":
            game.apply(0)  # where to place it: the one Noble's Village
        bought += 1
    assert bought == 13
    assert game.snapshot()["seats"][0]["stock"]["man-at-arms"] == 0


@pytest.mark.parametrize(("dorne_held", "paid"), [(False, [(0, "dorne")]), (True, [])])
def test_ff_sc_05_a_protectors_tax_pays_only_while_the_fiefs_title_is_free(
    content: LoadedContent, dorne_held: bool, paid: list[tuple[int, str]]
) -> None:
    """The Protector taxes a Fief whose Title nobody holds; if the Title has a holder
    at Income, his tax on that Fief pays nothing, though he is still Protector."""
    nobles: dict[str, Any] = {"tully-edmure": {"at": "riverrun", "titles": ["protector"]}}
    if dorne_held:
        nobles["martell-doran"] = {"at": "sunspear", "titles": ["prince-of-dorne"]}
    setup: dict[str, Any] = {
        "phase": "income",
        "seats": [{"house": "tully"}, {"house": "martell"}, {"house": "arryn"}],
        "nobles": nobles,
    }
    s = scenario_game(content, setup, [], 0).s
    s.taxes = [
        {"seat": 0, "noble": "tully-edmure", "kind": "protector", "target": "dorne", "voided": []}
    ]
    assert [(seat, target) for seat, _, target in collect_taxes(s)] == paid


def test_ff_ph_11_a_unit_too_dear_does_not_hide_the_cheaper_ones_after_it(
    content: LoadedContent,
) -> None:
    """With 2 gold and the tactical units in play, a House is offered the Man-at-Arms and
    the Archer (2), though the Knight listed between them costs 3."""
    game = _tully_buys(content, 2, options={"tactics": True})
    assert _offered(game, "buy") == ["buy man-at-arms", "buy archer"]


def test_ff_ph_11_without_tactics_a_shared_tactical_unit_is_skipped_not_the_rest(
    content_copy: Path,
) -> None:
    """A designer's Archer drawn from a shared supply keeps its stock when the tactical
    units are out of the game: it is still never offered, and the Siege Engine listed
    after it still is, to a House with its 5 gold."""
    edit(
        content_copy / "units.yaml",
        "cost: 2, stock: 3, tactics: true",
        "cost: 2, stock: 0, shared: 3, tactics: true",
    )
    game = _tully_buys(RULESET.load(content_copy.parent), 5)
    assert game.s.shared_stock[game.s.cat.unit_index["archer"]] == 3
    assert _offered(game, "buy") == ["buy man-at-arms", "buy knight", "buy siege-engine"]
