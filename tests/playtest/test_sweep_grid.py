"""A sweep's grid: its axes parsed and checked, its cells in order, named and padded."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.playtest.sweep_grid import (
    Cell,
    Grid,
    check_pairings,
    content_houses,
    parse_option_axes,
    parse_pairings,
    parse_players,
)
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

HOUSES = ["stark", "lannister", "tyrell", "martell"]


def test_players_default_to_the_rulesets_count_and_keep_their_order() -> None:
    assert parse_players(None, HAGGLE) == (HAGGLE.players_default,)
    assert parse_players("4, 2,3", HAGGLE) == (4, 2, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3,7", "--players 3,7: haggle is played by 2–4 players, not 7"),
        ("3,x", "--players 3,x: 'x' is not a whole number"),
        ("3,,4", "--players 3,,4: '' is not a whole number"),
        ("3,3", "--players 3,3: 3 is given twice"),
    ],
)
def test_bad_player_counts_name_the_option(text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_players(text, HAGGLE)
    assert message in str(caught.value)


def test_option_values_read_as_the_playtest_reads_them() -> None:
    axes = parse_option_axes(["endless=true,false", "crash_on=gold-crown", "level=3, 4"])
    assert axes == {
        "endless": (True, False),
        "crash_on": ("gold-crown",),
        "level": (3, 4),
    }
    assert parse_option_axes(None) == {} and parse_option_axes([]) == {}


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["endless"], "--option 'endless': expected KEY=VALUE (to switch it on: endless=true)"),
        (["=true"], "--option '=true': expected KEY=VALUE"),
        (["endless=true", "endless=false"], "--option 'endless' is given twice"),
        (["endless=true,True"], "--option 'endless=true,True': the value 'True' is given twice"),
    ],
)
def test_bad_option_axes_name_the_option(items: list[str], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_option_axes(items)
    assert message in str(caught.value)


def test_a_value_is_told_apart_by_its_type() -> None:
    # 1 and true are different values to a ruleset (YAML reads them as int and bool)
    assert parse_option_axes(["level=1,true"]) == {"level": (1, True)}


def test_pairings_are_separated_by_semicolons_or_given_again() -> None:
    pairings, all_pairs = parse_pairings(["Stark,lannister;tyrell,random", "martell"], HOUSES)
    assert pairings == (("stark", "lannister"), ("tyrell", None), ("martell",))
    assert not all_pairs
    assert parse_pairings([], HOUSES) == (None, False)
    assert parse_pairings(None, HOUSES) == (None, False)


def test_all_pairs_is_every_unordered_pair_in_the_contents_order() -> None:
    pairings, all_pairs = parse_pairings(["all-pairs"], HOUSES)
    assert all_pairs
    assert pairings == (
        ("stark", "lannister"),
        ("stark", "tyrell"),
        ("stark", "martell"),
        ("lannister", "tyrell"),
        ("lannister", "martell"),
        ("tyrell", "martell"),
    )
    assert content_houses(HAGGLE.load(CONTENT_ROOT).model) == HOUSES


@pytest.mark.parametrize(
    ("texts", "houses", "message"),
    [
        (["all-pairs;stark,tyrell"], HOUSES, "--houses all-pairs goes alone"),
        (["stark,tyrell;"], HOUSES, "--houses: an empty pairing"),
        (["stark,tyrell;stark,tyrell"], HOUSES, "the pairing 'stark,tyrell' is given twice"),
        (["stark,lanister"], HOUSES, "--houses stark,lanister: no House 'lanister'"),
        (["all-pairs"], None, "--houses all-pairs: the content lists no Houses to pair"),
        (["all-pairs"], ["stark"], "--houses all-pairs: the content lists one House only"),
    ],
)
def test_bad_pairings_name_the_option(
    texts: list[str], houses: list[str] | None, message: str
) -> None:
    with pytest.raises(UsageError) as caught:
        parse_pairings(texts, houses)
    assert message in str(caught.value)


def test_a_pairing_longer_than_every_cell_is_refused() -> None:
    grid = Grid((2, 3), {}, (("stark", "lannister", "tyrell", "martell"),))
    with pytest.raises(UsageError, match="names 4 Houses, but no cell has more than 3 players"):
        check_pairings(grid)
    # longer than some cells only: those cells are the rules' to refuse (and skip)
    check_pairings(Grid((2, 3), {}, (("stark", "lannister", "tyrell"),)))
    check_pairings(Grid((3, 4), {}, (("stark", "lannister", "tyrell"),)))


def test_cells_cross_the_axes_players_first() -> None:
    grid = Grid((2, 3), {"endless": (False, True), "level": (1,)}, (("stark", "tyrell"),))
    cells = grid.cells()
    assert [(c.players, dict(c.options)) for c in cells] == [
        (2, {"endless": False, "level": 1}),
        (2, {"endless": True, "level": 1}),
        (3, {"endless": False, "level": 1}),
        (3, {"endless": True, "level": 1}),
    ]
    # a pairing names the first seats; the seats beyond it are left to the seed
    assert cells[0].seat_houses == ("stark", "tyrell")
    assert cells[2].seat_houses == ("stark", "tyrell", None)
    assert Cell(3).seat_houses is None


def test_labels_show_the_axes_that_vary_and_the_rest_is_said_once() -> None:
    grid = Grid((2, 3), {"endless": (False, True), "level": (1,)}, (("stark", "tyrell"),))
    assert [grid.label(c) for c in grid.cells()] == [
        "2p endless=false",
        "2p endless=true",
        "3p endless=false",
        "3p endless=true",
    ]
    assert grid.fixed() == ["level=1", "houses stark,tyrell"]
    single = Grid((3,))
    (cell,) = single.cells()
    assert single.label(cell) == "3p"  # nothing varies: the cell says what it is
    assert single.fixed() == ["3 players", "Houses drawn per game"]


def test_every_cell_has_its_own_records_folder() -> None:
    grid = Grid((2, 3), {"crash_on": ("gold-crown", "a b/c")}, (("stark", None), ("tyrell",)))
    slugs = [c.slug for c in grid.cells()]
    assert len(set(slugs)) == len(slugs) == 8
    assert slugs[0] == "2p_crash_on=gold-crown_stark,random"
    assert all("/" not in s and " " not in s for s in slugs)


def test_the_grid_as_json() -> None:
    pairings, all_pairs = parse_pairings(["all-pairs"], HOUSES[:3])
    grid = Grid((2,), {"endless": (True, False)}, pairings, all_pairs)
    assert grid.to_json() == {
        "players": [2],
        "options": {"endless": [True, False]},
        "houses": [["stark", "lannister"], ["stark", "tyrell"], ["lannister", "tyrell"]],
        "all_pairs": True,
        "skipped": [],
    }
